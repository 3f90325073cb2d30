package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"

	"github.com/chromedp/chromedp"
)

// call makes a request of the API from p's page, as p, and returns its
// status and answer.
func (p *person) call(method, path string, body any) (int, map[string]any) {
	p.t.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		p.t.Fatal(err)
	}
	type answer struct {
		Status int
		Body   map[string]any
	}
	a := awaited[answer](p, fmt.Sprintf(`fetch("/api/v1"+%q, {method: %q, headers: {"Content-Type": "application/json",
		"X-CSRF-Token": document.cookie.split("; ").find(c => c.startsWith("chancery_csrf="))?.split("=")[1] ?? ""}, body: %q === "null" ? undefined : %q})
		.then(async r => ({status: r.status, body: await r.json().catch(() => null)}))`, path, method, b, b))
	return a.Status, a.Body
}

// TestABotsSeatIsMarkedOnTheBoard: bob misses the first movement phase
// of a game whose policy hands a seat to a bot after one; from the next
// phase a robot stands beside each of France's units on every player's
// board, with a note over the board; bob gives orders, and once that
// phase is played France is hers again and the robots are gone. The
// phases are played by the server as their deadlines pass or everyone
// is ready, nothing edited behind its back.
func TestABotsSeatIsMarkedOnTheBoard(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	alice, bob := s.twoPeople()
	shots := os.Getenv("CHANCERY_SHOTS")

	status, g := alice.call("POST", "/games", map[string]any{"variant": "standard", "power": "England", "bots": true,
		"phase_deadline_seconds": 86400, "missed_orders": map[string]any{"policy": "bot", "after": 1}})
	if status != 201 {
		alice.fail("creating the game: %d %v", status, g)
	}
	id, _ := g["id"].(string)
	must := func(p *person, want int, method, path string, body any) {
		p.t.Helper()
		if status, got := p.call(method, path, body); status != want {
			p.fail("%s %s: %d %v, want %d", method, path, status, got, want)
		}
	}
	must(bob, 200, "POST", "/games/"+id+"/join", map[string]any{"power": "France"})
	must(alice, 200, "POST", "/games/"+id+"/start", nil)
	// England gives orders (not ready: the phase waits for its
	// deadline); the master lets the first phase end in two seconds by
	// pausing and resuming it with a new time; France gives none.
	must(alice, 200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}, "ready": false})
	must(alice, 200, "POST", "/games/"+id+"/pause", nil)
	must(alice, 200, "POST", "/games/"+id+"/resume", map[string]any{"seconds": 2})

	for _, p := range []*person{alice, bob} {
		p.desktop()
		p.do(chromedp.Navigate(s.URL + "/games/" + id))
	}
	robots := `(() => {
		const units = document.querySelectorAll("#pane-board .units [data-unit][data-power=France]").length;
		const bots = document.querySelectorAll("#pane-board .units [data-power=France] [data-bot=France]").length;
		const others = document.querySelectorAll("#pane-board [data-bot]:not([data-bot=France])").length;
		const note = document.querySelector("#board-bots");
		return units > 0 && bots === units && others === 0 && !note.hidden && note.textContent.includes("France");
	})()`
	alice.wait("robots on France's units, on alice's board", robots)
	bob.wait("robots on France's units, on bob's board", robots)
	bob.wait("bob told a bot plays her power", `!!document.querySelector("#seat-notice .away-you")`)
	if shots != "" {
		alice.shot(shots, "board-bot-played")
	}

	// bob orders in the phase the bot plays; England is ready, so the
	// phase is played at once: France is bob's again.
	type view struct {
		Seq   int
		Phase struct{ Type string }
	}
	v := awaited[view](alice, fmt.Sprintf(`fetch("/api/v1/games/%s").then(r => r.json())`, id))
	if v.Seq < 1 || v.Phase.Type != "movement" {
		alice.fail("the game after the first phase: %+v", v)
	}
	must(bob, 200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}, "ready": false})
	must(alice, 200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}, "ready": true})
	none := `document.querySelectorAll("#pane-board [data-bot]").length === 0 && document.querySelector("#board-bots").hidden && !!document.querySelector("#pane-board .units [data-power=France]")`
	bob.wait("no robot on bob's board", none)
	alice.wait("no robot on alice's board", none)
	alice.click("#tab-powers")
	alice.wait("bob back, in the log", `[...document.querySelectorAll("#game-log li[data-action=back]")].some(e => e.textContent.includes("bob") && e.textContent.includes("France"))`)
}
