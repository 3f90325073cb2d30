package e2e

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

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
	p := s.person("alice")
	p.signUp("correct horse")
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
	// Alice plays her moves (the bots play theirs) until the end shows,
	// waiting for either between them: at most a hundred moves of hers.
	const end = `!!document.querySelector("#dice-table .end")`
	for moves := 0; ; moves++ {
		p.wait("a move to play or the end", end+` || document.querySelectorAll("#dice-actions [data-move]").length > 0`)
		if eval[bool](p, end) {
			break
		}
		if moves > 100 {
			p.fail("the game has no result after its last turn: %q", p.text(".phase-line"))
		}
		ms := p.moves()
		if len(ms) == 0 {
			continue // the end came meanwhile, or her moves went
		}
		pick := ms[0]
		for _, m := range ms {
			if m == "reorganise" || strings.HasSuffix(m, ":no") || m == "stop_inviting" {
				pick = m
			}
		}
		p.play(`#dice-actions [data-move="` + pick + `"]`)
	}
	if h := p.text(".phase-line"); !strings.HasPrefix(h, "Turn ") || !strings.Contains(h, ": the game is over") || strings.Contains(h, "acts") {
		p.fail("the finished game's header reads %q", h)
	}
}
