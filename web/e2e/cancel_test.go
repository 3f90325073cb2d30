package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestCancelledGameInTheBrowser: bob, seated in alice's forming game,
// leaves his seat (asked first) and takes it again; alice then cancels
// the game, thinking better of it once, and bob's page, open on the game
// all along, shows it cancelled as it happens, with nothing left to
// press.
func TestCancelledGameInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	alice, bob := s.twoPeople()
	id := alice.newGame("standard", "#new-power=England", "#new-length=7200")

	bob.do(chromedp.Navigate(s.URL + "/games/" + id))
	bob.wait("the forming game", `!!document.querySelector(".forming #join")`)
	bob.click("#join")
	bob.wait("bob's seat", `document.querySelector(".forming").textContent.includes("You play")`)
	bob.click("#leave")
	bob.wait("the question", `document.querySelector(".forming [role=alert]")?.textContent.includes("Give up your seat") === true`)
	bob.click("#leave-yes")
	bob.wait("the join button again", `!!document.querySelector(".forming #join")`)
	alice.wait("bob gone from the seats", `!document.querySelector(".forming .seats").textContent.includes("bob")`)
	bob.click("#join")
	alice.wait("bob in the seats", `document.querySelector(".forming .seats").textContent.includes("bob")`)
	eval[bool](bob, `window.stillHere = true`)

	alice.click("#cancel-game")
	alice.wait("the question", `document.querySelector(".forming [role=alert]")?.textContent.includes("Cancel this game for everyone") === true`)
	alice.click("#cancel-game-no")
	alice.wait("the cancel button again", `!!document.querySelector(".forming #cancel-game") && !document.querySelector("#cancel-game-yes")`)
	if got := bob.text("#cancelled"); got != "" {
		bob.fail("the game shows %q before alice cancelled it", got)
	}
	alice.click("#cancel-game")
	alice.click("#cancel-game-yes")

	const cancelled = `document.querySelector("#cancelled")?.textContent.includes("cancelled by its creator") === true`
	for _, p := range []*person{alice, bob} {
		p.wait("the game cancelled", cancelled)
		if eval[bool](p, `!!document.querySelector("#join, #leave, #start, #cancel-game")`) {
			p.fail("a cancelled game still offers to join, leave, start or cancel")
		}
	}
	if !eval[bool](bob, `window.stillHere === true`) {
		bob.fail("bob's page was loaded again: the news did not come live")
	}
	// The lobby lists it among bob's games, cancelled, and nowhere else.
	bob.do(chromedp.Navigate(s.URL + "/"))
	bob.wait("the lobby's lists", `!!document.querySelector("#create-form") && ![...document.querySelectorAll(".lobby .card")].some(c => c.textContent.includes("Loading"))`)
	if got := eval[[]string](bob, fmt.Sprintf(`[...document.querySelectorAll('[data-game=%q]')].map(e => e.closest("ul").id + ": " + e.textContent)`, id)); len(got) != 1 || !strings.HasPrefix(got[0], "my-games: ") || !strings.Contains(got[0], "cancelled") {
		bob.fail("the lobby lists the cancelled game as %q, want once among bob's games, cancelled", got)
	}
}
