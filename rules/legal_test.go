package rules_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/chancery/chancery/rules"
)

// legalPhases plays seeded random games of every variant and calls visit
// with each phase reached (movement, retreat and adjustment phases alike).
func legalPhases(t *testing.T, games, steps int, visit func(v *rules.Variant, pos *rules.Position)) {
	t.Helper()
	for _, name := range registry.Names() {
		v, _ := registry.Get(name)
		r := rules.NewResolver(v, rules.Options{})
		for seed := uint64(0); seed < uint64(games); seed++ {
			rnd := rand.New(rand.NewPCG(seed, 7))
			pos := randomPosition(v, rnd, 12+rnd.IntN(30), rules.Phase{Season: rules.Spring, Year: 1901, Type: rules.MovementPhase})
			for step := 0; step < steps; step++ {
				visit(v, pos)
				if rp := retreatPhase(v, pos); rp != nil {
					visit(v, rp)
				}
				res, err := r.Adjudicate(pos, randomOrders(v, pos, rnd))
				if err != nil {
					t.Fatalf("%s seed %d step %d: %v", name, seed, step, err)
				}
				pos = res.Next
			}
		}
	}
}

// retreatPhase makes a retreat phase out of a movement position, for
// random games seldom dislodge anything: the first unit with a neighbour
// of another power is dislodged by it (its retreats left to the rules).
func retreatPhase(v *rules.Variant, pos *rules.Position) *rules.Position {
	if pos.Phase.Type != rules.MovementPhase {
		return nil
	}
	m := v.Map
	for p, u := range pos.Units {
		if u.Type == rules.NoUnit || u.Power == v.Neutral {
			continue
		}
		for _, b := range m.Neighbours(u.Type, pos.LocOf(rules.Province(p))) {
			q := b.To.Province
			a := pos.Units[q]
			if a.Type == rules.NoUnit || a.Power == u.Power {
				continue
			}
			if ok, _ := m.Edge(a.Type, pos.LocOf(q), rules.At(rules.Province(p))); !ok || m.HasCoasts(rules.Province(p)) {
				continue
			}
			rp := pos.Clone()
			rp.Phase.Type = rules.RetreatPhase
			rp.Units[p], rp.Units[q] = rules.Unit{Type: a.Type, Power: a.Power}, rules.Unit{}
			rp.Dislodged = []rules.Dislodged{{Unit: u, Province: rules.Province(p), AttackerFrom: q}}
			return rp
		}
	}
	return nil
}

// loner adjudicates one order at a time with no other order given,
// reusing its resolution and order list: the completeness test
// adjudicates tens of thousands of single orders.
type loner struct {
	r      *rules.Resolver
	res    rules.Resolution
	orders []rules.Order
}

func newLoner(v *rules.Variant) *loner {
	return &loner{r: rules.NewResolver(v, rules.Options{}), orders: make([]rules.Order, 1)}
}

// alone adjudicates o alone (AdjudicateInto checks the position, as
// Adjudicate does).
func (l *loner) alone(t *testing.T, pos *rules.Position, o rules.Order) rules.Result {
	l.orders[0] = o
	if err := l.r.AdjudicateInto(pos, l.orders, &l.res); err != nil {
		t.Helper() // only when failing: it costs a stack walk per call
		t.Fatal(err)
	}
	return l.res.Results[0]
}

// TestLegalOrdersAreLegal: every order LegalOrders lists is accepted by
// the resolver when given on its own, and comes back unchanged in its
// result. A move across a canal is listed although it also needs the gate
// holder's permission; alone, it is refused for that reason only.
func TestLegalOrdersAreLegal(t *testing.T) {
	t.Parallel()
	// Not fewer games under -short: the seeded games reach a permit only
	// from the tenth, and the whole run takes a fraction of a second.
	const games, steps = 12, 8
	kinds := map[rules.OrderType]int{}
	legalPhases(t, games, steps, func(v *rules.Variant, pos *rules.Position) {
		r := rules.NewResolver(v, rules.Options{})
		check := newLoner(v)
		var list []rules.Order
		for pw := rules.Power(1); int(pw) <= v.Map.NumPowers(); pw++ {
			var err error
			list, err = r.LegalOrders(pos, pw, list[:0])
			if err != nil {
				t.Fatal(err)
			}
			for _, o := range list {
				kinds[o.Type]++
				got := check.alone(t, pos, o)
				if got.Outcome == rules.Illegal && !(o.Type == rules.Move && got.Reason == rules.NoPermission) {
					t.Fatalf("%s %s: listed order %+v is illegal alone: %v", v.Name, pos.Phase, o, got.Reason)
				}
				if got.Order != o {
					t.Fatalf("%s %s: listed order %+v comes back as %+v", v.Name, pos.Phase, o, got.Order)
				}
			}
		}
	})
	for _, k := range []rules.OrderType{rules.Hold, rules.Move, rules.Support, rules.Convoy, rules.Railway, rules.Permit,
		rules.Retreat, rules.Disband, rules.Build, rules.Remove, rules.Waive} {
		if kinds[k] == 0 {
			t.Errorf("no %s order was ever listed: the games reach too little", k)
		}
	}
}

// candidates writes, for one unit, every order of the movement phase in
// the canonical form the resolver gives back (the unit's real type and
// coast, the target's unit type, a coast only on a fleet's destination),
// legal or not: every move, railway move, support and convoy to every
// location of the map.
func candidates(m *rules.Map, pos *rules.Position, p rules.Province) []rules.Order {
	u := pos.Units[p]
	at := pos.LocOf(p)
	none := rules.Loc{Province: rules.NoProvince}
	base := rules.Order{Power: u.Power, Unit: u.Type, At: at, Target: none, Dest: none}
	out := []rules.Order{}
	for d := rules.Province(0); int(d) < m.NumProvinces(); d++ {
		locs := []rules.Loc{rules.At(d)}
		if u.Type == rules.Fleet && m.HasCoasts(d) {
			locs = locs[:0]
			for _, c := range m.Provinces[d].Coasts {
				locs = append(locs, rules.Loc{Province: d, Coast: c})
			}
		}
		for _, l := range locs {
			o := base
			o.Type, o.Target = rules.Move, l
			out = append(out, o)
		}
		o := base
		o.Type, o.Target = rules.Railway, rules.At(d)
		out = append(out, o)
	}
	for t := rules.Province(0); int(t) < m.NumProvinces(); t++ {
		tu := pos.Units[t]
		if tu.Type == rules.NoUnit {
			continue
		}
		o := base
		o.Type, o.Target, o.TargetUnit = rules.Support, pos.LocOf(t), tu.Type
		out = append(out, o)
		for d := rules.Province(0); int(d) < m.NumProvinces(); d++ {
			o.Dest = rules.At(d)
			out = append(out, o)
			if tu.Type == rules.Army {
				c := o
				c.Type = rules.Convoy
				out = append(out, c)
			}
		}
	}
	return out
}

// TestLegalOrdersAreComplete: every order the resolver accepts on its own
// is listed. The candidates are every order of every kind to every
// location, written independently of LegalOrders's own search.
func TestLegalOrdersAreComplete(t *testing.T) {
	t.Parallel()
	games, steps := 2, 4
	if testing.Short() {
		games, steps = 1, 2
	}
	accepted := 0
	legalPhases(t, games, steps, func(v *rules.Variant, pos *rules.Position) {
		if pos.Phase.Type != rules.MovementPhase {
			return
		}
		r := rules.NewResolver(v, rules.Options{})
		check := newLoner(v)
		checked := 0
		for p, u := range pos.Units {
			if u.Type == rules.NoUnit || u.Power == v.Neutral {
				continue
			}
			// A sample of units, for every candidate is a phase to
			// adjudicate: the map's full cross product for each.
			if checked++; checked%3 != 0 {
				continue
			}
			list, err := r.LegalOrders(pos, u.Power, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, o := range candidates(v.Map, pos, rules.Province(p)) {
				if got := check.alone(t, pos, o); got.Outcome == rules.Illegal {
					continue
				}
				accepted++
				if !slices.Contains(list, o) {
					t.Fatalf("%s %s: %+v is legal but not listed", v.Name, pos.Phase, o)
				}
			}
		}
	})
	if accepted == 0 {
		t.Fatal("no candidate was ever legal: the test checks nothing")
	}
}

// TestLegalOrdersRetreatsAndAdjustments: in retreat and adjustment phases
// the list is exactly what the resolver accepts among every retreat,
// disband, build (each type, each coast), removal and waive.
func TestLegalOrdersRetreatsAndAdjustments(t *testing.T) {
	t.Parallel()
	none := rules.Loc{Province: rules.NoProvince}
	seen := 0
	legalPhases(t, 6, 8, func(v *rules.Variant, pos *rules.Position) {
		if pos.Phase.Type == rules.MovementPhase {
			return
		}
		m := v.Map
		r := rules.NewResolver(v, rules.Options{})
		check := newLoner(v)
		for pw := rules.Power(1); int(pw) <= m.NumPowers(); pw++ {
			list, err := r.LegalOrders(pos, pw, nil)
			if err != nil {
				t.Fatal(err)
			}
			var cands []rules.Order
			add := func(kind rules.OrderType, ut rules.UnitType, at, target rules.Loc) {
				cands = append(cands, rules.Order{Power: pw, Type: kind, Unit: ut, At: at, Target: target, Dest: none})
			}
			if pos.Phase.Type == rules.RetreatPhase {
				for _, d := range pos.Dislodged {
					if d.Power != pw {
						continue
					}
					add(rules.Disband, d.Type, d.Loc(), none)
					for q := rules.Province(0); int(q) < m.NumProvinces(); q++ {
						add(rules.Retreat, d.Type, d.Loc(), rules.At(q))
						for _, c := range m.Provinces[q].Coasts {
							add(rules.Retreat, d.Type, d.Loc(), rules.Loc{Province: q, Coast: c})
						}
					}
				}
			} else {
				add(rules.Waive, rules.NoUnit, none, none)
				for q := rules.Province(0); int(q) < m.NumProvinces(); q++ {
					for _, ut := range []rules.UnitType{rules.Army, rules.Fleet} {
						add(rules.Build, ut, rules.At(q), none)
						for _, c := range m.Provinces[q].Coasts {
							add(rules.Build, ut, rules.Loc{Province: q, Coast: c}, none)
						}
					}
					if u := pos.Units[q]; u.Type != rules.NoUnit && u.Power == pw {
						add(rules.Remove, u.Type, pos.LocOf(q), none)
					}
				}
			}
			var want []rules.Order
			for _, o := range cands {
				if got := check.alone(t, pos, o); got.Outcome != rules.Illegal {
					want = append(want, got.Order)
				}
			}
			key := func(o rules.Order) string { return fmt.Sprintf("%v %v %v %v", o.Type, o.Unit, o.At, o.Target) }
			wk, lk := map[string]bool{}, map[string]bool{}
			for _, o := range want {
				wk[key(o)] = true
			}
			for _, o := range list {
				lk[key(o)] = true
				seen++
			}
			for k := range wk {
				if !lk[k] {
					t.Errorf("%s %s %s: %s is accepted but not listed", v.Name, pos.Phase, m.PowerName(pw), k)
				}
			}
			for k := range lk {
				if !wk[k] {
					t.Errorf("%s %s %s: %s is listed but refused", v.Name, pos.Phase, m.PowerName(pw), k)
				}
			}
		}
	})
	if seen == 0 {
		t.Fatal("no retreat or adjustment order was ever listed")
	}
}

// BenchmarkLegalOrders lists every legal order of every power at the start
// of each variant: what an options request of a whole board costs.
func BenchmarkLegalOrders(b *testing.B) {
	for _, name := range registry.Names() {
		v, _ := registry.Get(name)
		b.Run(name, func(b *testing.B) {
			r := rules.NewResolver(v, rules.Options{})
			var list []rules.Order
			total := 0
			b.ReportAllocs()
			for b.Loop() {
				total = 0
				for pw := rules.Power(1); int(pw) <= v.Map.NumPowers(); pw++ {
					list, _ = r.LegalOrders(v.Start, pw, list[:0])
					total += len(list)
				}
			}
			b.ReportMetric(float64(total), "orders/board")
		})
	}
}

// TestTheCoreNeverChangesAMap: a map's exported slices are shared by every
// user of it; adjudicating many phases of every variant and listing their
// legal orders leaves them exactly as they were built.
func TestTheCoreNeverChangesAMap(t *testing.T) {
	snapshot := func(m *rules.Map) string {
		return fmt.Sprintf("%#v|%#v|%#v|%#v", m.Provinces, m.Powers, m.PowerAliases, m.BorderKinds)
	}
	before := map[string]string{}
	for _, name := range registry.Names() {
		v, _ := registry.Get(name)
		before[name] = snapshot(v.Map)
	}
	legalPhases(t, 3, 6, func(v *rules.Variant, pos *rules.Position) {
		r := rules.NewResolver(v, rules.Options{})
		for pw := rules.Power(1); int(pw) <= v.Map.NumPowers(); pw++ {
			if _, err := r.LegalOrders(pos, pw, nil); err != nil {
				t.Fatal(err)
			}
		}
	})
	for _, name := range registry.Names() {
		v, _ := registry.Get(name)
		if snapshot(v.Map) != before[name] {
			t.Errorf("%s: the map changed", name)
		}
	}
}
