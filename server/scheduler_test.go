package server

import (
	"context"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chancery/chancery/bot"
	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/store"
	"github.com/chancery/chancery/table"
	"github.com/chancery/chancery/table/diceplomacy"
	"github.com/chancery/chancery/table/diplomacy"
)

// heldBots are Diplomacy's bots with decisions a test holds: each decision
// announces itself on began, then waits until release is closed.
type heldBots struct {
	began   chan struct{}
	release chan struct{}
	once    sync.Once
	calls   atomic.Int32
}

func newHeldBots(t *testing.T) *heldBots {
	return &heldBots{began: make(chan struct{}), release: make(chan struct{})}
}

// let releases every decision, held or to come.
func (h *heldBots) let() { h.once.Do(func() { close(h.release) }) }

func (h *heldBots) decide(g *bot.Graph, pos *rules.Position, seats []bot.Seat, budget time.Duration, rnd *rand.Rand) map[rules.Power][]rules.Order {
	h.calls.Add(1)
	select {
	case h.began <- struct{}{}:
	case <-h.release:
	}
	<-h.release
	return bot.PhaseOrders(g, pos, seats, budget, rnd)
}

// waitBegan waits for a decision to begin.
func (h *heldBots) waitBegan(t *testing.T) {
	t.Helper()
	select {
	case <-h.began:
	case <-giveUp(t):
		t.Fatal("the bots were never asked to decide")
	}
}

// heldEnv is an environment whose Diplomacy bots are h.
func heldEnv(t *testing.T, backend string, h *heldBots) *env {
	e := newEnvWith(t, backend, func(c *Config) {
		k := diplomacy.New(registry())
		k.Bots = h.decide
		c.Kinds = []table.Kind{k, diceplomacy.Kind{}}
	})
	t.Cleanup(h.let) // before the server closes, which waits for its bots
	return e
}

// within sends c's request in the background and fails the test unless
// it is answered 200 while the bots are held: a request not answered by
// the test's patience waits for something it must not wait for (the
// bots, which are held until the test releases them).
func within(t *testing.T, c *client, method, path string, body any) {
	t.Helper()
	done := make(chan response, 1)
	go func() { done <- c.do(method, path, body) }()
	select {
	case r := <-done:
		if r.Status != 200 {
			t.Fatalf("%s %s: status %d: %s", method, path, r.Status, r.Body)
		}
	case <-giveUp(t):
		t.Fatalf("%s %s waited for bots that were thinking", method, path)
	}
}

// startWithBots creates and starts a game of c's with easy bots and
// c at power.
func startWithBots(c *client, power string, others ...*client) string {
	id := c.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 3600, "bots": true, "bot_level": "easy", "power": power})
	for i, o := range others {
		o.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": []string{"England", "Germany"}[i]})
	}
	c.must(200, "POST", "/games/"+id+"/start", nil)
	return id
}

// TestAnotherGameIsWrittenWhileBotsThink holds the bots' decision in one
// game whose players are all ready, and checks that orders for another
// game are taken meanwhile: the bots think outside the write transaction
// (on SQLite, a single writer for every game).
func TestAnotherGameIsWrittenWhileBotsThink(t *testing.T) {
	t.Parallel()
	for _, backend := range backends(t) {
		t.Run(backend, func(t *testing.T) {
			h := newHeldBots(t)
			e := heldEnv(t, backend, h)
			a, b := e.user(), e.user()
			mine, theirs := startWithBots(a, "France"), startWithBots(b, "England")
			a.must(200, "PUT", "/games/"+mine+"/orders", map[string]any{"orders": []string{}, "ready": true})
			h.waitBegan(t)
			within(t, b, "PUT", "/games/"+theirs+"/orders", map[string]any{"orders": []string{"F Lon H"}})
			h.let()
			if g := a.waitSeq(mine, 1); g.Seq != 1 {
				t.Fatalf("the phase whose bots were held: seq %d", g.Seq)
			}
			if g := b.game(theirs); g.MyOrders == nil || len(g.MyOrders.Orders) != 1 || g.Seq != 0 {
				t.Fatalf("the other game: seq %d, orders %+v", g.Seq, g.MyOrders)
			}
		})
	}
}

// TestAGameChangedWhileItsBotsThinkIsPlayedAsItNowIs changes a game (a
// vote) while its bots think on the phase: the phase must not be saved
// over the change, and it is played with the bots' orders already
// decided, once.
func TestAGameChangedWhileItsBotsThinkIsPlayedAsItNowIs(t *testing.T) {
	t.Parallel()
	for _, backend := range backends(t) {
		t.Run(backend, func(t *testing.T) {
			h := newHeldBots(t)
			e := heldEnv(t, backend, h)
			a, b := e.user(), e.user()
			id := startWithBots(a, "France", b)
			b.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}, "ready": true})
			a.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}, "ready": true})
			h.waitBegan(t)
			version := a.game(id).Version
			within(t, a, "PUT", "/games/"+id+"/votes", map[string]any{"draw": true})
			if g := a.game(id); g.Version == version || g.Seq != 0 {
				t.Fatalf("the vote did not change the game: version %d then %d, seq %d", version, g.Version, g.Seq)
			}
			h.let()
			a.waitSeq(id, 1)
			var g struct {
				Seq     int
				Status  string
				MyVotes struct{ Draw bool } `json:"my_votes"`
			}
			a.must(200, "GET", "/games/"+id, nil).json(t, &g)
			if !g.MyVotes.Draw || g.Status != "active" {
				t.Fatalf("the phase was saved over the vote: %+v", g)
			}
			var hist struct{ Phases []struct{ Seq int } }
			a.must(200, "GET", "/games/"+id+"/history", nil).json(t, &hist)
			if g.Seq != 1 || len(hist.Phases) != 1 {
				t.Fatalf("seq %d, %d phases in the history", g.Seq, len(hist.Phases))
			}
			// Thinking again took the orders the bots had decided.
			if n := h.calls.Load(); n != 1 {
				t.Fatalf("the bots decided the phase %d times", n)
			}
		})
	}
}

// TestAPhasePlayedElsewhereWhileBotsThinkIsNotPlayedAgain holds one
// server's bots on a phase until its hold ends, lets a second server on
// the same database play the phase meanwhile, then lets the first go on:
// it must not play the phase a second time.
func TestAPhasePlayedElsewhereWhileBotsThinkIsNotPlayedAgain(t *testing.T) {
	t.Parallel()
	for _, backend := range backends(t) {
		t.Run(backend, func(t *testing.T) {
			h := newHeldBots(t)
			e := heldEnv(t, backend, h)
			a := e.user()
			id := startWithBots(a, "France")
			a.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}, "ready": true})
			h.waitBegan(t)

			st := e.st
			if backend == "postgres" {
				var err error
				if st, err = store.Open(context.Background(), e.dsn); err != nil {
					t.Fatal(err)
				}
				defer st.Close()
			}
			other, err := New(Config{Store: st, Variants: registry(), Now: e.clock.Now, Poll: 5 * time.Millisecond, MinPhase: time.Second,
				Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
			if err != nil {
				t.Fatal(err)
			}
			hs := httptest.NewServer(other.Handler())
			defer hs.Close()
			defer other.Close()
			e.clock.Advance(holdFor + time.Second)
			other.poke()
			a.waitSeq(id, 1)

			h.let()
			e.srv.Close() // its scheduler has finished with the phase
			var hist struct{ Phases []struct{ Seq int } }
			a.must(200, "GET", "/games/"+id+"/history", nil).json(t, &hist)
			if g := a.game(id); g.Seq != 1 || len(hist.Phases) != 1 {
				t.Fatalf("seq %d, %d phases in the history", g.Seq, len(hist.Phases))
			}
		})
	}
}

// TestPhasesPlayedEarlyArePacedPerCreator plays a game whose only person
// is ready at once, with the share of one phase an hour per creator: the
// first phase is played at once, the next waits until the first is an
// hour old, whatever the speed of the machine (the clock is the test's).
func TestPhasesPlayedEarlyArePacedPerCreator(t *testing.T) {
	t.Parallel()
	for _, backend := range backends(t) {
		t.Run(backend, func(t *testing.T) {
			e := newEnvWith(t, backend, func(c *Config) { c.MaxGamesPerUser, c.MinPhase = 1, time.Hour })
			a := e.user()
			id := startWithBots(a, "France")
			a.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}, "ready": true})
			a.waitSeq(id, 1)
			var hist struct {
				Phases []struct{ Resolved time.Time }
			}
			a.must(200, "GET", "/games/"+id+"/history", nil).json(t, &hist)
			first := hist.Phases[0].Resolved

			// Ready again (or nobody has anything to decide): the phase
			// is due, and the scheduler puts it off until the creator's
			// share allows it.
			a.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}, "ready": true})
			var g struct {
				Seq      int
				Deadline time.Time
			}
			for end := patience(t); ; time.Sleep(20 * time.Millisecond) {
				a.must(200, "GET", "/games/"+id, nil).json(t, &g)
				if g.Seq != 1 || g.Deadline.After(e.clock.Now()) || time.Now().After(end) {
					break
				}
			}
			if want := first.Add(time.Hour); g.Seq != 1 || g.Deadline.Sub(want).Abs() > time.Millisecond {
				t.Fatalf("seq %d, deadline %v: want seq 1 until %v", g.Seq, g.Deadline, want)
			}
			e.clock.Advance(time.Hour)
			a.waitSeq(id, 2)
		})
	}
}

// countingStore counts the transactions run on a store, by kind.
type countingStore struct {
	store.Store
	views, updates atomic.Int64
}

func (c *countingStore) View(ctx context.Context, fn func(store.Tx) error) error {
	c.views.Add(1)
	return c.Store.View(ctx, fn)
}

func (c *countingStore) Update(ctx context.Context, fn func(store.Tx) error) error {
	c.updates.Add(1)
	return c.Store.Update(ctx, fn)
}

// TestAnIdleServerWritesNothing: with a game running whose deadline is a
// day away, the server's loops (scheduler, outbox) look at the database
// poll after poll and never write: a write is SQLite's one writer, which
// every player's request waits for.
func TestAnIdleServerWritesNothing(t *testing.T) {
	t.Parallel()
	for _, backend := range backends(t) {
		t.Run(backend, func(t *testing.T) {
			var counted *countingStore
			// The loops poll five times as often as in the other tests:
			// what is counted is reads, not time.
			e := newEnvWith(t, backend, func(c *Config) {
				counted = &countingStore{Store: c.Store}
				c.Store, c.Poll = counted, 10*time.Millisecond
			})
			c := e.user()
			startWithBots(c, "France")
			// Ten reads for the start's work to settle, then forty reads
			// of the loops without a write.
			views := counted.views.Load()
			if !eventually(t, func() bool { return counted.views.Load() >= views+10 }) {
				t.Fatal("the server's loops never looked at the database")
			}
			writes, views := counted.updates.Load(), counted.views.Load()
			if !eventually(t, func() bool { return counted.views.Load() >= views+40 }) {
				t.Fatal("the server's loops stopped looking at the database")
			}
			if n := counted.updates.Load() - writes; n != 0 {
				t.Errorf("an idle server wrote %d times in %d reads", n, counted.views.Load()-views)
			}
		})
	}
}
