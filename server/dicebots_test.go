package server

import (
	"testing"
	"time"

	"github.com/chancery/chancery/dice"
	dicebot "github.com/chancery/chancery/dice/bot"
	"github.com/chancery/chancery/table"
	"github.com/chancery/chancery/table/diceplomacy"
	"github.com/chancery/chancery/table/diplomacy"
)

// decideDice is a Diceplomacy bot's decision that h holds, as decide
// holds Diplomacy's.
func (h *heldBots) decideDice(b dicebot.Bot, v *dice.View) dice.Move {
	h.calls.Add(1)
	select {
	case h.began <- struct{}{}:
	case <-h.release:
	}
	<-h.release
	return b.Decide(v)
}

// diceMoveBody is m as POST /games/{id}/moves takes it.
func diceMoveBody(m dice.Move) map[string]any {
	body := map[string]any{"kind": m.Kind.String(), "yes": m.Yes}
	if m.Target >= 0 {
		body["target"] = int(m.Target)
	}
	return body
}

// TestAnotherGameIsWrittenWhileDiceBotsThink plays a Diceplomacy game
// against bots until a bot is asked to decide, holds that decision, and
// checks that another game is written meanwhile: Diceplomacy's bots too
// decide outside every write transaction (on SQLite, a single writer for
// every game), in the scheduler, and not in the request that hands them
// the turn.
func TestAnotherGameIsWrittenWhileDiceBotsThink(t *testing.T) {
	for _, backend := range backends(t) {
		t.Run(backend, func(t *testing.T) {
			h := newHeldBots(t)
			e := newEnvWith(t, backend, func(c *Config) {
				c.Kinds = []table.Kind{diplomacy.New(registry()), diceplomacy.Kind{Decide: h.decideDice}}
			})
			t.Cleanup(h.let) // before the server closes, which waits for its bots
			a, b, c := e.user(), e.user(), e.user()
			theirs := b.newGame(map[string]any{"variant": "diceplomacy", "players": 4, "power": "Seat 0"})
			mine := a.newGame(map[string]any{"variant": "diceplomacy", "players": 4, "phase_deadline_seconds": 3600, "bots": true, "power": "Seat 0"})

			// send sends a's request and returns once it is answered, or
			// once a bot's decision begins (the request may wait for it).
			send := func(method, path string, body any) (held bool) {
				done := make(chan response, 1)
				go func() { done <- a.do(method, path, body) }()
				select {
				case <-h.began:
					return true
				case r := <-done:
					if r.Status != 200 {
						t.Fatalf("%s %s: status %d: %s", method, path, r.Status, r.Body)
					}
					return false
				}
			}
			held := send("POST", "/games/"+mine+"/start", nil)
			seq := 0
			// a moves until a bot is asked (a bot's turn comes after a
			// few of a's moves at most).
			for step := 0; !held && step < 50; step++ {
				var g diceJSON
				a.must(200, "GET", "/games/"+mine, nil).json(t, &g)
				seq = g.Seq
				if g.Status != "active" {
					t.Fatalf("the game is %s before any bot was asked", g.Status)
				}
				if g.View.Request.Kind.String() == "none" { // a bot is asked
					h.waitBegan(t)
					held = true
					break
				}
				legal := g.View.Legal
				held = send("POST", "/games/"+mine+"/moves", diceMoveBody(legal[len(legal)-1]))
			}
			if !held {
				t.Fatal("no bot was ever asked to decide")
			}
			within(t, c, "POST", "/games/"+theirs+"/join", map[string]any{"power": "Seat 1"})
			h.let()
			if g := a.waitSeq(mine, seq+1); g.Seq <= seq {
				t.Fatalf("the game whose bot was held is still at move %d", g.Seq)
			}
		})
	}
}

// TestDiceBotsAnswerAtOnce plays a Diceplomacy game against bots with a
// scheduler that would look for due games only once an hour: the bots'
// moves, which the scheduler plays, must follow a person's move at once
// (the move wakes the scheduler), not at its next look.
func TestDiceBotsAnswerAtOnce(t *testing.T) {
	for _, backend := range backends(t) {
		t.Run(backend, func(t *testing.T) {
			e := newEnvWith(t, backend, func(c *Config) { c.Poll = time.Hour })
			a := e.user()
			id := a.newGame(map[string]any{"variant": "diceplomacy", "players": 4, "phase_deadline_seconds": 3600, "bots": true, "power": "Seat 0"})
			a.must(200, "POST", "/games/"+id+"/start", nil)
			mine := 0
			for step := 0; step < 30; step++ {
				var g diceJSON
				if !eventually(t, func() bool {
					a.must(200, "GET", "/games/"+id, nil).json(t, &g)
					return g.Status != "active" || g.View.Request.Kind.String() != "none"
				}) {
					t.Fatalf("after %d moves of mine (game at move %d) the bots never answered", mine, g.Seq)
				}
				if g.Status != "active" {
					break
				}
				legal := g.View.Legal
				a.must(200, "POST", "/games/"+id+"/moves", diceMoveBody(legal[len(legal)-1]))
				mine++
			}
			var g diceJSON
			a.must(200, "GET", "/games/"+id, nil).json(t, &g)
			if g.Seq <= mine {
				t.Fatalf("%d moves of mine and the game is at move %d: the bots never moved", mine, g.Seq)
			}
		})
	}
}
