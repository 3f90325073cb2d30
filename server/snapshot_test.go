package server

import (
	"context"
	"encoding/json"
	"sync/atomic"
	"testing"

	"github.com/chancery/chancery/store"
)

// pausingStore is a store whose read transactions run a function, once,
// right after they have read a game's row: what another request does
// between a handler's reads.
type pausingStore struct {
	store.Store
	afterGame atomic.Pointer[func()]
}

func (s *pausingStore) View(ctx context.Context, fn func(store.Tx) error) error {
	return s.Store.View(ctx, func(tx store.Tx) error { return fn(pausingTx{Tx: tx, s: s}) })
}

type pausingTx struct {
	store.Tx
	s *pausingStore
}

func (tx pausingTx) Game(id string, lock bool) (*store.GameRow, error) {
	g, err := tx.Tx.Game(id, lock)
	if f := tx.s.afterGame.Swap(nil); f != nil {
		(*f)()
	}
	return g, err
}

// TestAHandlerReadsTheGameAtOneMoment: a handler reads a game's row,
// decides from it who may see the game, and then reads the game's
// records. What was committed in between must not show: here an outsider
// of a game without spectators, admitted while it forms, would be handed
// the orders of its first phase, played in between, after the game had
// shut the outsider out. (On PostgreSQL, where each statement of a READ
// COMMITTED transaction sees the latest commit, it was.)
func TestAHandlerReadsTheGameAtOneMoment(t *testing.T) {
	t.Parallel()
	for _, b := range backends(t) {
		t.Run(b, func(t *testing.T) {
			var pausing *pausingStore
			e := newEnvWith(t, b, func(c *Config) {
				pausing = &pausingStore{Store: c.Store}
				c.Store = pausing
			})
			a, c := e.user(), e.user()
			id := a.newGame(map[string]any{"variant": "standard", "power": "England", "bots": true, "spectators": false,
				"phase_deadline_seconds": 3600})
			type history struct{ Phases []json.RawMessage }
			var h history
			c.must(200, "GET", "/games/"+id+"/history", nil).json(t, &h)

			// Between the outsider's reads, the game starts and its first
			// phase is played.
			between := func() {
				a.must(200, "POST", "/games/"+id+"/start", nil)
				a.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}, "ready": true})
				a.waitSeq(id, 1)
			}
			pausing.afterGame.Store(&between)
			c.must(200, "GET", "/games/"+id+"/history", nil).json(t, &h)
			if pausing.afterGame.Load() != nil {
				t.Fatal("the history was read without reading the game's row")
			}
			if len(h.Phases) != 0 {
				t.Errorf("an outsider admitted to a forming game was handed %d phases played after it started without spectators: %.200s",
					len(h.Phases), h.Phases[0])
			}
			c.must(403, "GET", "/games/"+id+"/history", nil)
			if a.must(200, "GET", "/games/"+id+"/history", nil).json(t, &h); len(h.Phases) != 1 {
				t.Errorf("the game's player sees %d phases, want 1", len(h.Phases))
			}
		})
	}
}
