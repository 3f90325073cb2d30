package server

import (
	"sync/atomic"
	"testing"
	"time"

	"github.com/chancery/chancery/store"
	"github.com/chancery/chancery/table"
	"github.com/chancery/chancery/table/diceplomacy"
	"github.com/chancery/chancery/table/diplomacy"
)

// countingKind is a kind that counts the games it decodes.
type countingKind struct {
	table.Kind
	decodes atomic.Int64
}

func (k *countingKind) Decode(data []byte) (table.Game, error) {
	k.decodes.Add(1)
	return k.Kind.Decode(data)
}

// TestOrdersDecodeTheGameAtMostOnce: orders are the most frequent
// request. A game not in the cache is decoded once, whether the orders
// leave the phase waiting (the game is then shared with its readers) or
// make it due (the game's deadline becomes now); a game in the cache is
// not decoded to take orders, and only once to change, so that the
// shared game keeps its deadline.
func TestOrdersDecodeTheGameAtMostOnce(t *testing.T) {
	t.Parallel()
	for _, b := range backends(t) {
		t.Run(b, func(t *testing.T) {
			kind := &countingKind{Kind: diplomacy.New(registry())}
			e := newEnvWith(t, b, func(c *Config) {
				c.Kinds = []table.Kind{kind, diceplomacy.Kind{}}
				c.NoScheduler = true // the phase stays due, unplayed
			})
			a := e.user()
			// Two games of one player and six bots each.
			ids := []string{
				a.newGame(map[string]any{"variant": "standard", "power": "England", "bots": true}),
				a.newGame(map[string]any{"variant": "standard", "power": "England", "bots": true}),
			}
			for _, id := range ids {
				a.must(200, "POST", "/games/"+id+"/start", nil)
			}
			coldCache := func() {
				e.srv.cache.mu.Lock()
				e.srv.cache.m = nil
				e.srv.cache.mu.Unlock()
			}
			put := func(id string, ready bool) (decodes int64) {
				t.Helper()
				before := kind.decodes.Load()
				a.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{"F lon - nth"}, "ready": ready})
				return kind.decodes.Load() - before
			}
			deadline := func(id string) time.Time {
				t.Helper()
				var v struct{ Deadline time.Time }
				a.must(200, "GET", "/games/"+id, nil).json(t, &v)
				return v.Deadline
			}

			// Not in the cache, not ready: one decode, and the game is
			// then shared with its readers.
			coldCache()
			if n := put(ids[0], false); n != 1 {
				t.Errorf("orders not ready, game not in the cache: %d decodes, want 1", n)
			}
			before := kind.decodes.Load()
			first := deadline(ids[0])
			if n := kind.decodes.Load() - before; n != 0 {
				t.Errorf("reading the game the orders decoded: %d decodes, want 0 (it was not shared)", n)
			}
			// In the cache: none.
			if n := put(ids[0], false); n != 0 {
				t.Errorf("orders not ready, game in the cache: %d decodes, want 0", n)
			}
			// In the cache, ready: one, to change the game; the shared
			// game keeps its deadline.
			if n := put(ids[0], true); n != 1 {
				t.Errorf("orders ready, game in the cache: %d decodes, want 1", n)
			}
			var row *store.GameRow
			if err := e.st.View(t.Context(), func(tx store.Tx) error {
				var err error
				row, err = tx.Game(ids[0], false)
				return err
			}); err != nil {
				t.Fatal(err)
			}
			if d := deadline(ids[0]); !d.Before(first) || !row.Deadline.Before(first) {
				t.Errorf("every power ready: deadline %v (stored %v), was %v; want it now", d, row.Deadline, first)
			}
			row.Version-- // the version the orders read
			if shared, ok := e.srv.cached(row); !ok {
				t.Errorf("the game of the version before is no longer in the cache")
			} else if d := shared.Table().Deadline; !d.Equal(first) {
				t.Errorf("the shared game of the version before has deadline %v; want %v, unchanged", d, first)
			}

			// Not in the cache, ready: one decode.
			coldCache()
			first = deadline(ids[1])
			coldCache()
			if n := put(ids[1], true); n != 1 {
				t.Errorf("orders ready, game not in the cache: %d decodes, want 1", n)
			}
			if d := deadline(ids[1]); !d.Before(first) {
				t.Errorf("every power ready: deadline %v, was %v; want it now", d, first)
			}
		})
	}
}
