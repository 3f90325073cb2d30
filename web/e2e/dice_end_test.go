package e2e

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/chancery/chancery/store"
	"github.com/chromedp/chromedp"
)

// TestDiceplomacyEndInTheBrowser: a Diceplomacy table cut short (its
// turn limit set in the store to the turn after the one being played)
// ends; the header then says the game is over, not whose turn it is
// (it said "Turn 7: alice acts" after the game was won).
func TestDiceplomacyEndInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	p := s.signedIn("alice", "correct horse")
	id := p.newGame("diceplomacy", "#new-players=4")
	p.click("#start")
	p.wait("the table", `!!document.querySelector(".seats-grid .seat.mine")`)
	err := s.store.Update(context.Background(), func(tx store.Tx) error {
		row, err := tx.Game(id, true)
		if err != nil {
			return err
		}
		var g map[string]any
		if err := json.Unmarshal(row.Data, &g); err != nil {
			return err
		}
		// The game ends after the turn after the one being played
		// (the log holds the turns begun).
		turns := 0
		for _, e := range g["log"].([]any) {
			if e.(map[string]any)["kind"] == "turn" {
				turns++
			}
		}
		g["config"].(map[string]any)["max_turns"] = turns + 1
		if row.Data, err = json.Marshal(g); err != nil {
			return err
		}
		return tx.SaveGame(row)
	})
	if err != nil {
		t.Fatal(err)
	}
	p.do(chromedp.Reload())
	p.wait("the table again", `!!document.querySelector(".seats-grid .seat.mine")`)
	// Alice plays her moves (the bots play theirs) until the end shows:
	// one is picked and clicked at once, in the page (a button read
	// first and clicked after could be gone by then, the page having
	// answered a move or a live update), and again 200 ms later if the
	// page still shows it (it ignores a click while it sends a move);
	// the test gives up at its patience, not after a count of looks
	// that a slow machine would exhaust.
	deadline := patience(t)
	for !eval[bool](p, `!!document.querySelector("#dice-table .end")`) {
		if time.Now().After(deadline) {
			p.fail("the game has no result after its last turn: %q", p.text(".phase-line"))
		}
		eval[string](p, `(() => {
			const ms = [...document.querySelectorAll("#dice-actions [data-move]")];
			const b = ms.findLast((b) => ["reorganise", "stop_inviting"].includes(b.dataset.move) || b.dataset.move.endsWith(":no")) ?? ms[0];
			b?.click();
			return b?.dataset.move ?? "";
		})()`)
		time.Sleep(200 * time.Millisecond)
	}
	if h := p.text(".phase-line"); !strings.HasPrefix(h, "Turn ") || !strings.Contains(h, ": the game is over") || strings.Contains(h, "acts") {
		p.fail("the finished game's header reads %q", h)
	}
}
