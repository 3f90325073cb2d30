package server

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/chancery/chancery/dice"
	dicebot "github.com/chancery/chancery/dice/bot"
	"github.com/chancery/chancery/store"
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
	body := map[string]any{"kind": m.Type.String(), "yes": m.Yes}
	if m.Target >= 0 {
		body["target"] = int(m.Target)
	}
	return body
}

// dice reads Diceplomacy game id as c sees it.
func (c *client) dice(id string) diceJSON {
	c.e.t.Helper()
	var g diceJSON
	c.must(200, "GET", "/games/"+id, nil).json(c.e.t, &g)
	return g
}

// diceAnswered waits until no bot of Diceplomacy game id is to answer
// (the view's bots_to_answer is empty: the scheduler has played their
// moves) and returns the game as c then sees it: what it asks of c is
// what the game asks, until c or a deadline answers it.
func (c *client) diceAnswered(id string) diceJSON {
	c.e.t.Helper()
	var g diceJSON
	if !eventually(c.e.t, func() bool {
		g = c.dice(id)
		return len(g.BotsToAnswer) == 0
	}) {
		c.e.t.Fatalf("game %s at move %d: the bots of seats %v never answered", id, g.Seq, g.BotsToAnswer)
	}
	return g
}

// untilDiceBotsAsked starts c's Diceplomacy game id, of which c is the
// one person, and plays c's moves until a bot is asked to decide, a
// decision the test holds; it returns the game as c then sees it.
// Neither the start nor a move may wait for the bots (within).
func untilDiceBotsAsked(t *testing.T, c *client, id string) diceJSON {
	t.Helper()
	within(t, c, "POST", "/games/"+id+"/start", nil)
	// Every answer of c's hands the turn on, and a bot's turn comes after
	// a few at most. The decision is held, so the view stays as it is.
	for step := 0; step < 50; step++ {
		g := c.dice(id)
		if g.Status != "active" {
			t.Fatalf("the game is %s before any bot was asked", g.Status)
		}
		if len(g.BotsToAnswer) > 0 {
			return g
		}
		legal := g.View.Legal
		if len(legal) == 0 {
			t.Fatalf("move %d: no bot to answer, and nothing asked of the game's one person (waiting for %v)", g.Seq, g.View.Waiting)
		}
		within(t, c, "POST", "/games/"+id+"/moves", diceMoveBody(legal[len(legal)-1]))
	}
	t.Fatal("no bot was ever asked to decide")
	return diceJSON{}
}

// heldDiceEnv is an environment whose Diceplomacy bots are h.
func heldDiceEnv(t *testing.T, backend string, h *heldBots) *env {
	e := newEnvWith(t, backend, func(c *Config) {
		c.Kinds = []table.Kind{diplomacy.New(registry()), diceplomacy.Kind{Decide: h.decideDice}}
	})
	t.Cleanup(h.let) // before the server closes, which waits for its bots
	return e
}

// TestAnotherGameIsWrittenWhileDiceBotsThink plays a Diceplomacy game
// against bots until a bot is asked to decide, holds that decision, and
// checks that another game is written meanwhile and that the game's
// view says whom it waits for: Diceplomacy's bots decide outside every
// write transaction (on SQLite, a single writer for every game), in the
// scheduler, and not in the request that hands them the turn.
func TestAnotherGameIsWrittenWhileDiceBotsThink(t *testing.T) {
	t.Parallel()
	for _, backend := range backends(t) {
		t.Run(backend, func(t *testing.T) {
			h := newHeldBots(t)
			e := heldDiceEnv(t, backend, h)
			a, b, c := e.user(), e.user(), e.user()
			theirs := b.newGame(map[string]any{"variant": "diceplomacy", "players": 4, "power": "Seat 0"})
			mine := a.newGame(map[string]any{"variant": "diceplomacy", "players": 4, "phase_deadline_seconds": 3600, "bots": true, "power": "Seat 0"})
			g := untilDiceBotsAsked(t, a, mine)
			h.waitBegan(t)
			for _, s := range g.BotsToAnswer {
				if !g.Seats[s].Bot || !slices.Contains(g.View.Waiting, dice.Seat(s)) {
					t.Fatalf("bots_to_answer %v: seat %d is not a bot the game waits for (waiting %v)", g.BotsToAnswer, s, g.View.Waiting)
				}
			}
			if g.View.Request.Type != dice.RequestNone || len(g.View.Legal) != 0 {
				t.Fatalf("the bots are to answer and a is asked %v", g.View.Request.Type)
			}
			r := a.do("POST", "/games/"+mine+"/moves", map[string]any{"kind": "reorganise"})
			if r.Status != 422 {
				t.Fatalf("a move while the bots are to answer: status %d: %s", r.Status, r.Body)
			}
			within(t, c, "POST", "/games/"+theirs+"/join", map[string]any{"power": "Seat 1"})
			h.let()
			if after := a.diceAnswered(mine); after.Seq <= g.Seq {
				t.Fatalf("the bots answered and the game is still at move %d", after.Seq)
			}
		})
	}
}

// TestDiceBotsAnswerAtOnce plays a Diceplomacy game against bots with a
// scheduler that would look for due games only once an hour: the bots'
// moves, which the scheduler plays, must follow a person's move at once
// (the move wakes the scheduler), not at its next look.
func TestDiceBotsAnswerAtOnce(t *testing.T) {
	t.Parallel()
	for _, backend := range backends(t) {
		t.Run(backend, func(t *testing.T) {
			e := newEnvWith(t, backend, func(c *Config) { c.Poll = time.Hour })
			a := e.user()
			id := a.newGame(map[string]any{"variant": "diceplomacy", "players": 4, "phase_deadline_seconds": 3600, "bots": true, "power": "Seat 0"})
			a.must(200, "POST", "/games/"+id+"/start", nil)
			mine := 0
			for step := 0; step < 30; step++ {
				g := a.diceAnswered(id)
				if g.Status != "active" {
					break
				}
				legal := g.View.Legal
				if len(legal) == 0 {
					t.Fatalf("move %d: the bots answered, and nothing is asked of the game's one person (waiting for %v)", g.Seq, g.View.Waiting)
				}
				a.must(200, "POST", "/games/"+id+"/moves", diceMoveBody(legal[len(legal)-1]))
				mine++
			}
			if g := a.dice(id); g.Seq <= mine {
				t.Fatalf("%d moves of mine and the game is at move %d: the bots never moved", mine, g.Seq)
			}
		})
	}
}

// TestAServerClosingWhileDiceBotsThinkCommitsTheirMoves closes the server
// while a Diceplomacy bot's decision is held: Close returns once the
// decision is let go and its moves are committed, so a restart neither
// loses them nor leaves the game held (claimed, skipped by every
// scheduler) until its hold ends.
func TestAServerClosingWhileDiceBotsThinkCommitsTheirMoves(t *testing.T) {
	t.Parallel()
	for _, backend := range backends(t) {
		t.Run(backend, func(t *testing.T) {
			h := newHeldBots(t)
			e := heldDiceEnv(t, backend, h)
			a := e.user()
			id := a.newGame(map[string]any{"variant": "diceplomacy", "players": 4, "phase_deadline_seconds": 3600, "bots": true, "power": "Seat 0"})
			g := untilDiceBotsAsked(t, a, id)
			h.waitBegan(t)
			closed := make(chan struct{})
			go func() {
				e.srv.Close()
				close(closed)
			}()
			h.let()
			select {
			case <-closed:
			case <-giveUp(t):
				t.Fatal("the server never closed")
			}
			var row *store.GameRow
			if err := e.st.View(context.Background(), func(tx store.Tx) error {
				var err error
				row, err = tx.Game(id, false)
				return err
			}); err != nil {
				t.Fatal(err)
			}
			now := e.clock.Now()
			if row.Seq <= g.Seq || row.Status == "active" && !row.Deadline.After(now.Add(holdFor)) {
				t.Fatalf("after the close the game is at move %d (was %d), due %v: the bots' moves were not committed", row.Seq, g.Seq, row.Deadline)
			}
			e.restart()
			if after := a.diceAnswered(id); after.Seq != row.Seq || len(after.BotsToAnswer) != 0 {
				t.Fatalf("after the restart: move %d (committed %d), bots to answer %v", after.Seq, row.Seq, after.BotsToAnswer)
			}
		})
	}
}
