package diplomacy

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/chancery/chancery/bot"
	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/table"
	"github.com/chancery/chancery/variants"
)

// memRecords keeps a game's records in memory.
type memRecords struct {
	orders []table.SeatOrders
	phases []table.Phase
}

func (m *memRecords) Orders(seq int) ([]table.SeatOrders, error) {
	var out []table.SeatOrders
	for _, o := range m.orders {
		if o.Seq == seq {
			out = append(out, o)
		}
	}
	return out, nil
}
func (m *memRecords) PutOrders(o table.SeatOrders) error { m.orders = append(m.orders, o); return nil }
func (m *memRecords) Phases() ([]table.Phase, error)     { return m.phases, nil }
func (m *memRecords) AddPhase(p table.Phase) error       { m.phases = append(m.phases, p); return nil }
func (m *memRecords) Phase(seq int) (table.Phase, bool, error) {
	for _, p := range m.phases {
		if p.Seq == seq {
			return p, true, nil
		}
	}
	return table.Phase{}, false, nil
}

// TestThinkTakesWhatStillHolds checks when the bots decide: Think decides
// once for a phase, a game decoded again takes what an earlier one of the
// same phase decided, Advance uses it, and a thought of another phase is
// never taken; Advance without Think leaves the phase unplayed (no bot
// decides inside the transaction Advance runs in).
func TestThinkTakesWhatStillHolds(t *testing.T) {
	k := New(variants.MustLoad())
	calls := 0
	k.Bots = func(g *bot.Graph, pos *rules.Position, seats []bot.Seat, budget time.Duration, rnd *rand.Rand) map[rules.Power][]rules.Order {
		calls++
		return bot.PhaseOrders(g, pos, seats, budget, rnd)
	}
	now := time.Unix(1_800_000_000, 0)
	g0, err := k.New("standard", table.Player{ID: "u1", Name: "Alice"}, table.Options{PhaseSeconds: 3600, Bots: true, Power: "France"}, json.RawMessage(`{"bot_level": "easy"}`))
	if err != nil {
		t.Fatal(err)
	}
	if err := g0.Start("u1", now); err != nil {
		t.Fatal(err)
	}
	r := &table.Row{ID: "g1", Kind: Name, Variant: "standard", Secret: make([]byte, 32), Records: &memRecords{}}
	again := func(g table.Game) *tableGame {
		t.Helper()
		data, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		d, err := k.Decode(data)
		if err != nil {
			t.Fatal(err)
		}
		return d.(*tableGame)
	}
	step := func(what string, fn func() error, want int) {
		t.Helper()
		if err := fn(); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if calls != want {
			t.Fatalf("%s: the bots decided %d times, want %d", what, calls, want)
		}
	}
	first := again(g0)
	step("think", func() error { return first.Think(r, nil) }, 1)
	same := again(g0)
	step("think again on the same phase", func() error { return same.Think(r, first) }, 1)
	step("advance", func() error { return same.Advance(r, now) }, 1)
	if same.Seq() != 1 {
		t.Fatalf("seq %d after advancing", same.Seq())
	}
	next := again(same)
	step("think on the next phase, from a thought of the first", func() error { return next.Think(r, first) }, 2)
	unthought := again(same)
	step("advance without thinking", func() error { return unthought.Advance(r, now) }, 2)
	if unthought.Seq() != same.Seq() {
		t.Fatalf("a game advanced without its bots' Think: seq %d, want %d", unthought.Seq(), same.Seq())
	}
}

// thinkAndAdvance plays d's phase as a server does: its bots think, then
// Advance plays what they decided.
func thinkAndAdvance(d *tableGame, r *table.Row, now time.Time) error {
	if err := d.Think(r, nil); err != nil {
		return err
	}
	return d.Advance(r, now)
}
