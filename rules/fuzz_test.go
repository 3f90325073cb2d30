package rules_test

import (
	"math/rand/v2"
	"testing"

	"github.com/chancery/chancery/rules"
)

// checkInvariants verifies what every resolution must keep: no unit lost or
// invented, units only where they may stand, dislodged units only where a
// move into their province succeeded, ownership unchanged in spring, and
// one result per order.
func checkInvariants(t *testing.T, v *rules.Variant, pos *rules.Position, orders []rules.Order, res *rules.Resolution) {
	t.Helper()
	m := v.Map
	if len(res.Results) != len(orders) {
		t.Fatalf("%d results for %d orders", len(res.Results), len(orders))
	}
	before := 0
	for _, u := range pos.Units {
		if u.Type != rules.NoUnit {
			before++
		}
	}
	after := 0
	for p, u := range res.Next.Units {
		if u.Type == rules.NoUnit {
			continue
		}
		after++
		if !m.CanOccupy(u.Type, rules.Loc{Province: rules.Province(p), Coast: u.Coast}) {
			t.Fatalf("%s stands where it cannot: %s", u.Type, m.Provinces[p].Abbr)
		}
	}
	if pos.Phase.Type != rules.MovementPhase {
		return
	}
	if got := after + len(res.Next.Dislodged) + len(res.Disbanded); got != before {
		t.Fatalf("%d units before, %d after (%d on the board, %d dislodged, %d disbanded)",
			before, got, after, len(res.Next.Dislodged), len(res.Disbanded))
	}
	if pos.Phase.Season == rules.Spring {
		for p := range pos.Owner {
			if pos.Owner[p] != res.Next.Owner[p] {
				t.Fatalf("ownership of %s changed in spring", m.Provinces[p].Abbr)
			}
		}
	}
	moved := map[rules.Province]rules.Province{} // destination -> origin of a successful move
	for _, r := range res.Results {
		if r.Order.Type == rules.Move && r.Outcome == rules.Succeeded {
			moved[r.Order.Target.Province] = r.Order.At.Province
		}
	}
	for _, d := range append(append([]rules.Dislodged(nil), res.Next.Dislodged...), res.Disbanded...) {
		from, ok := moved[d.Province]
		if !ok || from != d.AttackerFrom {
			t.Fatalf("%s dislodged in %s without a successful move from %s", d.Type, m.Provinces[d.Province].Abbr, m.Provinces[d.AttackerFrom].Abbr)
		}
	}
}

// FuzzResolve plays random orders, mostly legal, on random positions of
// every variant and checks that the resolver always answers and keeps the
// invariants, phase after phase.
func FuzzResolve(f *testing.F) {
	for i := uint64(0); i < 8; i++ {
		f.Add(i, uint8(20+i*3))
	}
	names := registry.Names()
	f.Fuzz(func(t *testing.T, seed uint64, n uint8) {
		rnd := rand.New(rand.NewPCG(seed, seed>>7|1))
		v, _ := registry.Get(names[int(seed%uint64(len(names)))])
		pos := randomPosition(v, rnd, int(n%60), rules.Phase{Season: rules.Season(rnd.IntN(2)), Year: 1901, Type: rules.MovementPhase})
		r := rules.NewResolver(v, rules.Options{Paradox: rules.ParadoxRule(rnd.IntN(2)), ConvoyFallback: rnd.IntN(2) == 0})
		for step := 0; step < 6; step++ {
			orders := randomOrders(v, pos, rnd)
			res, err := r.Adjudicate(pos, orders)
			if err != nil {
				t.Fatalf("step %d: %v", step, err)
			}
			checkInvariants(t, v, pos, orders, res)
			pos = res.Next
		}
	})
}

// TestRandomGames is FuzzResolve's seed corpus grown to a few thousand
// games, so that every test run covers it.
func TestRandomGames(t *testing.T) {
	t.Parallel()
	n := 3000
	if testing.Short() {
		n = 300
	}
	names := registry.Names()
	for seed := uint64(0); seed < uint64(n); seed++ {
		rnd := rand.New(rand.NewPCG(seed, 99))
		v, _ := registry.Get(names[int(seed%uint64(len(names)))])
		pos := randomPosition(v, rnd, 10+rnd.IntN(40), rules.Phase{Season: rules.Spring, Year: 1901, Type: rules.MovementPhase})
		r := rules.NewResolver(v, rules.Options{})
		for step := 0; step < 5; step++ {
			orders := randomOrders(v, pos, rnd)
			res, err := r.Adjudicate(pos, orders)
			if err != nil {
				t.Fatalf("seed %d step %d: %v", seed, step, err)
			}
			checkInvariants(t, v, pos, orders, res)
			pos = res.Next
		}
	}
}
