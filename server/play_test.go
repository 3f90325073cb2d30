package server

import (
	"slices"
	"strings"
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

// TestOrdersByTheirPartsThroughTheAPI: a client may give an order by the
// parts GET /options listed it with, beside orders by their text; the
// answer and the game's view give each saved order by its text and its
// parts. Parts that do not make an order of their kind are refused as an
// order that cannot be read is; an object or a value that is no order at
// all, as malformed (issue 25).
func TestOrdersByTheirPartsThroughTheAPI(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a := e.user()
		id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 3600, "bots": true, "power": "England"})
		a.must(200, "POST", "/games/"+id+"/start", nil)
		var opts struct{ Orders []map[string]any }
		a.must(200, "GET", "/games/"+id+"/options", nil).json(t, &opts)
		var support map[string]any
		for _, o := range opts.Orders {
			if o["text"] == "F EDI S F LON - NTH" {
				support = o
			}
		}
		if support == nil {
			t.Fatalf("no support of London's move among the options: %v", opts.Orders)
		}
		delete(support, "text")
		var taken struct {
			Orders []string
			Parts  []map[string]any
		}
		a.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []any{
			map[string]any{"kind": "move", "unit": "F", "at": "lon", "target": "nth"}, "a lvp - yor", support,
		}}).json(t, &taken)
		if want := []string{"F LON - NTH", "A LVP - YOR", "F EDI S F LON - NTH"}; !slices.Equal(taken.Orders, want) {
			t.Fatalf("saved %q, want %q", taken.Orders, want)
		}
		var view struct {
			MyOrders struct{ Parts []map[string]any } `json:"my_orders"`
		}
		a.must(200, "GET", "/games/"+id, nil).json(t, &view)
		for _, parts := range [][]map[string]any{taken.Parts, view.MyOrders.Parts} {
			if len(parts) != 3 || parts[1]["order"] != "A LVP - YOR" || parts[1]["kind"] != "move" || parts[1]["at"] != "lvp" || parts[1]["target"] != "yor" ||
				parts[2]["kind"] != "support" || parts[2]["target"] != "lon" || parts[2]["dest"] != "nth" {
				t.Errorf("saved orders by their parts: %v", parts)
			}
		}

		r := a.must(422, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []any{
			"F lon - nth", map[string]any{"kind": "move", "unit": "F", "at": "edi"}, map[string]any{"kind": "hold", "at": "lvp", "target": "yor"},
		}})
		errs, _ := r.m(t)["orders"].([]any)
		if len(errs) != 2 {
			t.Fatalf("two orders of shapes no text gives: %s", r.Body)
		}
		for i, x := range errs {
			if o := x.(map[string]any); o["index"] != float64(i+1) || o["reason"] != "syntax" {
				t.Errorf("refusal %d: %v", i, o)
			}
		}
		for _, bad := range []any{map[string]any{"kind": "move", "to": "nth"}, 7, map[string]any{"kind": "move", "at": 3}} {
			if r := a.do("PUT", "/games/"+id+"/orders", map[string]any{"orders": []any{bad}}); r.Status != 400 || !strings.Contains(string(r.Body), "orders[0]") {
				t.Errorf("%v: %d %s, want 400 naming orders[0]", bad, r.Status, r.Body)
			}
		}
		if g := a.game(id); len(g.MyOrders.Orders) != 3 {
			t.Errorf("a refused batch changed the saved orders: %+v", g.MyOrders)
		}
	})
}
