package e2e

import (
	"fmt"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/chancery/chancery/dice"
	dicebot "github.com/chancery/chancery/dice/bot"
	"github.com/chancery/chancery/server"
	"github.com/chancery/chancery/table"
	"github.com/chancery/chancery/table/diceplomacy"
	"github.com/chancery/chancery/table/diplomacy"
	"github.com/chancery/chancery/variants"
)

// TestDiceBotsDecidingInTheBrowser holds the bots' decisions of a
// Diceplomacy table: while they decide, the player's page says so, by
// their names, and offers no move and no deadline; once they are let go,
// their answers come to the same page live, without a reload.
func TestDiceBotsDecidingInTheBrowser(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	var once sync.Once
	let := func() { once.Do(func() { close(release) }) }
	var held atomic.Int32
	s := newSiteTuned(t, nil, false, func(c *server.Config) {
		c.Kinds = []table.Kind{diplomacy.New(variants.MustLoad()), diceplomacy.Kind{Decide: func(b dicebot.Bot, v *dice.View) dice.Move {
			held.Add(1)
			<-release
			return b.Decide(v)
		}}}
	})
	t.Cleanup(let) // before the server closes, which waits for its bots
	p := s.signedIn("alice", "correct horse")
	p.newGame("diceplomacy", "#new-players=4")
	p.click("#start")
	p.wait("the table", `!!document.querySelector(".seats-grid .seat.mine")`)
	// alice, the one person, answers until the bots are asked: what she
	// is asked hands the turn on, and a bot's turn comes after a few
	// moves at most. A bot's decision is held, so the page stays as it is.
	const pane = `!!document.querySelector("#dice-actions [data-move], #dice-wait")`
	for step := 0; ; step++ {
		if step == 30 {
			p.fail("no bot was asked in %d moves", step)
		}
		p.wait("the moves pane", pane)
		if eval[bool](p, `!!document.querySelector("#dice-wait[data-bots]")`) {
			break
		}
		ms := p.moves()
		if len(ms) == 0 {
			p.fail("no bot deciding, and nothing asked of the table's one person: %q", p.text("#dice-actions"))
		}
		pick := ms[0]
		for _, m := range ms {
			if m == "reorganise" || strings.HasSuffix(m, ":no") || m == "stop_inviting" {
				pick = m
			}
		}
		p.play(fmt.Sprintf(`#dice-actions [data-move=%q]`, pick))
	}
	if held.Load() == 0 {
		p.fail("the page says the bots are deciding, and none is")
	}
	text := p.text("#dice-wait")
	for _, seat := range strings.Fields(eval[string](p, `document.querySelector("#dice-wait").dataset.bots`)) {
		if !strings.Contains(text, "Bot "+seat) {
			p.fail("the bots deciding are seats %s, and the page says %q", seat, text)
		}
	}
	if !strings.Contains(text, "The bots are deciding") || len(p.moves()) != 0 || eval[bool](p, `!!document.querySelector("#countdown")`) {
		p.fail("while the bots decide the pane says %q, with %d moves, countdown %v", text, len(p.moves()), eval[bool](p, `!!document.querySelector("#countdown")`))
	}
	if dir := os.Getenv("CHANCERY_SHOTS"); dir != "" {
		p.shot(dir, "dice-bots-deciding")
	}
	eval[bool](p, `(window.samePage = true)`)
	let()
	p.wait("the bots' answers", `!document.querySelector("#dice-wait[data-bots]") && (!!document.querySelector("#dice-actions [data-move]") || !!document.querySelector("#dice-table .end"))`)
	if !eval[bool](p, `window.samePage === true`) {
		p.fail("the bots' answers came with a reload of the page, not live")
	}
}
