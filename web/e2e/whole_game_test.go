package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestWholeGameInTheBrowser: two people play a standard game with bots
// from the lobby to its end, in the browser only: every phase of two game
// years, or of as many as CHANCERY_E2E_YEARS says (.ci/run plays ten),
// (movements, retreats, adjustments, whichever the bots' play brings) is
// played by getting ready, then both vote for a draw, which ends the
// game; both pages say so, and the lobby lists it as finished.
func TestWholeGameInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	alice, bob := s.twoPeople()
	id := alice.newGame("standard", "#new-power=England", "#new-length=7200", "#new-level=easy")
	bob.do(chromedp.Navigate(s.URL + "/games/" + id))
	bob.click("#join")
	alice.wait("bob in the seats", `document.querySelector(".forming .seats").textContent.includes("bob")`)
	alice.click("#start")
	for _, p := range []*person{alice, bob} {
		p.wait("the board", `document.body.dataset.ready === "1" && !!document.querySelector(".board svg .units .unit")`)
	}
	// Page weight: bob's first load of the game page (a fresh browser),
	// and what alice's page fetches of the history over the years played.
	first := bob.weight()
	t.Logf("page weight, first load of a game: %s", first)
	eval[bool](alice, `(performance.setResourceTimingBufferSize(100000), true)`)

	// Play until the last year by getting ready in every phase; units
	// without orders hold, retreats left out disband, builds left out are
	// waived.
	years := 2
	if n, err := strconv.Atoi(os.Getenv("CHANCERY_E2E_YEARS")); err == nil && n > 0 {
		years = n
	}
	last := strconv.Itoa(1901 + years)
	start, phases := time.Now(), 0
	for {
		label := alice.text("#phase")
		if strings.Contains(label, last) {
			break
		}
		if phases > 10*years {
			alice.fail("still at %q after %d phases", label, phases)
		}
		for _, p := range []*person{alice, bob} {
			// Only those who owe orders: a phase in which no person
			// does is played without waiting.
			if eval[bool](p, `!!document.querySelector("#ready") && !document.querySelector("#ready").checked && !document.querySelector("#nothing-owed")`) {
				p.click("#ready")
			}
		}
		for _, p := range []*person{alice, bob} {
			p.wait("the phase after "+label, fmt.Sprintf(`document.querySelector("#phase").textContent !== %q && document.body.dataset.ready === "1"`, label))
		}
		// A phase in which only bots owe orders (their retreats, say) is
		// played at once: one page may show it for a moment while the
		// other is already past it. Go on when both show the same phase.
		for deadline := patience(t); alice.text("#phase") != bob.text("#phase"); {
			if time.Now().After(deadline) {
				alice.fail("alice sees %q and bob %q", alice.text("#phase"), bob.text("#phase"))
			}
			time.Sleep(100 * time.Millisecond)
		}
		phases++
	}
	t.Logf("%d phases played in the browser in %v", phases, time.Since(start).Round(time.Millisecond))
	t.Logf("history fetched by a page over %d years: %s", years, alice.weight().history)
	bob.do(chromedp.Reload())
	bob.wait("the board again", `document.body.dataset.ready === "1" && !!document.querySelector(".board svg .units .unit")`)
	t.Logf("page weight, reloading the game after %d years: %s", years, bob.weight())
	if n := eval[int](alice, `document.querySelectorAll(".board svg .units .unit").length`); n < 10 {
		alice.fail("%d units on the board in %s", n, last)
	}

	// Both vote for a draw (those still in: a power that is out no
	// longer votes); the bots go along, and the game ends.
	for _, p := range []*person{alice, bob} {
		if eval[bool](p, `!!document.querySelector("#tab-powers") && getComputedStyle(document.querySelector("#tab-powers")).display !== "none"`) {
			p.click("#tab-powers")
		}
	}
	voters := 0
	for _, p := range []*person{alice, bob} {
		if eval[bool](p, `!!document.querySelector("#out")`) {
			if eval[bool](p, `!!document.querySelector("#vote-draw") || !!document.querySelector("#ready")`) {
				p.fail("a power that is out is offered orders or votes")
			}
			continue
		}
		// Each vote reaches the server before the next is cast (the
		// second may end the game).
		p.click("#vote-draw")
		p.waitGame(id, p.name+"'s vote for a draw", `g.status === "finished" || g.my_votes?.draw === true`)
		voters++
	}
	if voters == 0 {
		t.Fatal("both people are out: nobody can end the game by a vote")
	}
	for _, p := range []*person{alice, bob} {
		p.wait("the end of the game", `!!document.querySelector(".end") && document.querySelector("#phase").textContent.includes("·")`)
		if end := p.text(".end"); !strings.HasPrefix(end, "Draw between ") {
			p.fail("the end reads %q, want a draw", end)
		}
		if eval[bool](p, `!!document.querySelector("#ready") || !!document.querySelector("#vote-draw")`) {
			p.fail("a finished game still takes orders or votes")
		}
	}
	alice.do(chromedp.Navigate(s.URL + "/"))
	alice.wait("the game among alice's games, finished", fmt.Sprintf(`!!document.querySelector('[data-game=%q]') && document.querySelector('[data-game=%q]').textContent.length > 0`, id, id))
}

// weight is what a page has fetched since it was loaded: every request's
// bytes on the wire (compressed, headers included) and decoded, and of
// those the game's history.
type weight struct {
	Requests, Wire, Decoded int
	history                 historyWeight
}

type historyWeight struct{ Requests, Wire, Decoded int }

func (w weight) String() string {
	return fmt.Sprintf("%d requests, %d KB on the wire, %d KB decoded (history: %s)", w.Requests, w.Wire/1024, w.Decoded/1024, w.history)
}

func (h historyWeight) String() string {
	return fmt.Sprintf("%d requests, %d KB on the wire, %d KB decoded", h.Requests, h.Wire/1024, h.Decoded/1024)
}

func (p *person) weight() weight {
	p.t.Helper()
	raw := eval[string](p, `JSON.stringify([...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")].map(e => [e.name, e.transferSize, e.decodedBodySize]))`)
	var list [][3]any
	if err := json.Unmarshal([]byte(raw), &list); err != nil {
		p.fail("reading the page's resource timings: %v", err)
	}
	var w weight
	for _, e := range list {
		name, _ := e[0].(string)
		wire, _ := e[1].(float64)
		dec, _ := e[2].(float64)
		w.Requests++
		w.Wire += int(wire)
		w.Decoded += int(dec)
		if strings.Contains(name, "/history") {
			w.history.Requests++
			w.history.Wire += int(wire)
			w.history.Decoded += int(dec)
		}
	}
	return w
}
