package bot

import (
	"math/rand/v2"
	"time"

	"github.com/chancery/chancery/rules"
)

// The normal level's tactical layer. The positional plan (normal.go)
// knows where each unit wants to be but not whether it will get there:
// watched against the greedy walker, it walked into provinces its own
// units were leaving by moves that bounced, attacked units that could
// hold their ground with the same strength, and left its centres empty
// for the first enemy passing by. The tactical layer checks the plan
// with the real resolver against a handful of sampled replies of the
// other powers (half from the greedy walker's policy, a plausible
// opponent that grabs empty centres, half from the positional policy)
// and improves it one unit at a time: each unit tries holding, each of
// its moves and each support of a friendly order, and keeps what raises
// the mean outcome (evaluate). A futile attack becomes a support of a
// friendly attack, a home centre left open is covered, a move that
// would bounce off our own unit is dropped.

// Settings of the tactical layer, sized so that a decision in the largest
// variant stays far inside normal's 20 ms on a loaded 2-core machine.
const (
	// tacticProfiles is the number of sampled replies of the others.
	tacticProfiles = 6
	// tacticSweeps is the number of passes over our units.
	tacticSweeps = 2
	// tacticResolutions caps the resolver calls of one decision.
	tacticResolutions = 1500
	// tacticBudget is the wall time from the start of a decision after
	// which the layer stops improving (only a machine far slower or
	// busier than expected reaches it).
	tacticBudget = 10 * time.Millisecond
)

// tactics is one movement phase's tactical check in the making.
type tactics struct {
	a        *analysis
	r        *rules.Resolver
	res      rules.Resolution
	profiles [][]rules.Order
	joint    []rules.Order
	calls    int
	deadline time.Time
	// maxCalls caps the resolver calls; sweeps is the most passes over
	// our units.
	maxCalls, sweeps int
}

// newTactics returns a tactical check of a's orders that stops at
// deadline, with normal's settings.
func newTactics(a *analysis, deadline time.Time) *tactics {
	return &tactics{a: a, r: rules.NewResolver(a.v, rules.Options{}), deadline: deadline,
		maxCalls: tacticResolutions, sweeps: tacticSweeps}
}

// refine returns plan improved by the tactical layer; rnd draws the
// others' replies, and the layer stops improving tacticBudget after start.
func (a *analysis) refine(plan []rules.Order, rnd *rand.Rand, start time.Time) []rules.Order {
	if a.pos.Phase.Type != rules.MovementPhase || len(plan) == 0 {
		return plan
	}
	t := newTactics(a, start.Add(tacticBudget))
	t.sampleProfiles(rnd)
	if len(t.profiles) == 0 {
		return plan
	}
	return t.improve(plan, rnd)
}

// sampleProfiles draws the other powers' replies: even profiles from the
// greedy walker, odd ones from the positional player.
func (t *tactics) sampleProfiles(rnd *rand.Rand) {
	a := t.a
	v := a.v
	var others []rules.Power
	for p := 1; p < len(v.Map.Powers); p++ {
		q := rules.Power(p)
		if q != a.me && q != v.Neutral && hasUnits(a.pos, q) {
			others = append(others, q)
		}
	}
	if len(others) == 0 {
		return
	}
	views := make([]*analysis, len(others))
	for i, q := range others {
		views[i] = analyse(a.graph, a.pos, q)
	}
	var easy easyAdjacency
	easy.all, easy.army = (&planner{m: v.Map}).provinceAdjacency()
	for k := range tacticProfiles {
		if k > 0 && !time.Now().Before(t.deadline) {
			break
		}
		var prof []rules.Order
		for i, q := range others {
			if k%2 == 0 {
				prof = append(prof, easyOrders(v, &easy, a.pos, q, rnd)...)
			} else {
				prof = append(prof, views[i].orders(rnd, normalNoise)...)
			}
		}
		t.profiles = append(t.profiles, prof)
	}
}

// score is the mean outcome of our orders against the sampled profiles,
// and false when the resolver could not be asked (budget spent, or a
// position the map does not fit).
func (t *tactics) score(ours []rules.Order) (float64, bool) {
	if t.calls+len(t.profiles) > t.maxCalls || !time.Now().Before(t.deadline) {
		return 0, false
	}
	sum := 0.0
	for _, prof := range t.profiles {
		t.joint = append(append(t.joint[:0], ours...), prof...)
		if err := t.r.AdjudicateInto(t.a.pos, t.joint, &t.res); err != nil {
			return 0, false
		}
		t.calls++
		sum += t.a.evaluate(t.a.pos, &t.res)
	}
	return sum / float64(len(t.profiles)), true
}

// improve climbs from plan: unit by unit, in random order, the order
// with the best score replaces the unit's order when it beats it.
func (t *tactics) improve(plan []rules.Order, rnd *rand.Rand) []rules.Order {
	a := t.a
	cur := append([]rules.Order(nil), plan...)
	best, ok := t.score(cur)
	if !ok {
		return plan
	}
	// The units the layer may change: those with a plain order (not a
	// convoy, a convoyed army, a railway move, a move through a gate or
	// a gatekeeper's permission).
	var free []int
	for i := range cur {
		if t.adjustable(cur, i) {
			free = append(free, i)
		}
	}
	var alts []rules.Order
	for range t.sweeps {
		rnd.Shuffle(len(free), func(i, j int) { free[i], free[j] = free[j], free[i] })
		changed := false
		for _, i := range free {
			alts = t.alternatives(cur, i, alts[:0])
			keep := cur[i]
			bi, bs := -1, best
			for j, o := range alts {
				if o == keep {
					continue
				}
				cur[i] = o
				s, ok := t.score(cur)
				if !ok {
					cur[i] = keep
					return a.tidy(cur)
				}
				if s > bs+1e-9 {
					bi, bs = j, s
				}
			}
			cur[i] = keep
			// A supported attack: the move alone bounces and the support
			// alone has nothing to support, so neither is found one
			// unit at a time.
			pi, po, ps, ok := t.bestPair(cur, i, free, alts, bs)
			if !ok {
				return a.tidy(cur)
			}
			switch {
			case pi >= 0:
				cur[i] = alts[pi]
				cur[ps.j] = ps.o
				best = po
				changed = true
			case bi >= 0:
				cur[i] = alts[bi]
				best = bs
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	return a.tidy(cur)
}

// pairSupport is the second half of a pair change: unit j's new order.
type pairSupport struct {
	j int
	o rules.Order
}

// bestPair tries each move among alts of unit i into a province an enemy
// holds or can reach together with a support of it by another free unit,
// and returns the best pair (index into alts, its score and the support)
// when its score beats floor; pi is -1 when none does. ok is false when
// the layer ran out of budget.
func (t *tactics) bestPair(cur []rules.Order, i int, free []int, alts []rules.Order, floor float64) (pi int, ps float64, sup pairSupport, ok bool) {
	m := t.a.m
	pi, ps = -1, floor
	keep := cur[i]
	for k, o := range alts {
		if o.Kind != rules.Move || !t.fought(o.Target.Province) {
			continue
		}
		d := o.Target.Province
		for _, j := range free {
			f := cur[j]
			if j == i || f.At.Province == d || !m.CanSupportInto(f.Unit, f.At, d) {
				continue
			}
			s := rules.Order{Power: t.a.me, Kind: rules.Support, Unit: f.Unit, At: f.At, Target: o.At, TargetUnit: o.Unit, Dest: o.Target}
			cur[i], cur[j] = o, s
			sc, good := t.score(cur)
			cur[i], cur[j] = keep, f
			if !good {
				return -1, 0, sup, false
			}
			if sc > ps+1e-9 {
				pi, ps, sup = k, sc, pairSupport{j, s}
			}
		}
	}
	return pi, ps, sup, true
}

// adjustable reports whether the tactical layer may change order i of
// ours: a hold, support or plain move, and not the gatekeeper of a
// permission we give.
func (t *tactics) adjustable(ours []rules.Order, i int) bool {
	o := ours[i]
	switch o.Kind {
	case rules.Hold, rules.Support:
	case rules.Move:
		if o.ViaConvoy {
			return false
		}
		if ok, k := t.a.m.Edge(o.Unit, o.At, o.Target); !ok || t.a.m.Kinds[k].Gate != rules.NoProvince {
			return false
		}
	default:
		return false
	}
	for _, p := range ours {
		if p.Kind == rules.Permit && p.At.Province == o.At.Province {
			return false
		}
	}
	return true
}

// alternatives appends to out what the unit of order i may do instead:
// hold, move over any border without a gate, or support the order of
// another of our units that it can reach.
func (t *tactics) alternatives(ours []rules.Order, i int, out []rules.Order) []rules.Order {
	a := t.a
	m := a.m
	o := ours[i]
	at := o.At
	out = append(out, rules.HoldOrder(a.me, o.Unit, at))
	for _, br := range m.Neighbours(o.Unit, at) {
		if m.Kinds[br.Kind].Gate != rules.NoProvince || t.ourGoal(ours, i, br.To.Province) {
			continue
		}
		out = append(out, rules.Order{Power: a.me, Kind: rules.Move, Unit: o.Unit, At: at, Target: br.To, Dest: noLoc})
	}
	for j, f := range ours {
		if j == i || f.Kind == rules.Permit {
			continue
		}
		switch {
		case f.Kind == rules.Move && !f.ViaConvoy:
			d := f.Target.Province
			if d != at.Province && t.fought(d) && m.CanSupportInto(o.Unit, at, d) {
				out = append(out, rules.Order{Power: a.me, Kind: rules.Support, Unit: o.Unit, At: at,
					Target: f.At, TargetUnit: f.Unit, Dest: f.Target})
			}
		case f.Kind == rules.Hold || f.Kind == rules.Support || f.Kind == rules.Convoy:
			if t.fought(f.At.Province) && m.CanSupportInto(o.Unit, at, f.At.Province) {
				out = append(out, rules.Order{Power: a.me, Kind: rules.Support, Unit: o.Unit, At: at,
					Target: f.At, TargetUnit: f.Unit, Dest: noLoc})
			}
		}
	}
	return out
}

// fought reports whether a support into d may matter: a unit of another
// power stands there or can move there.
func (t *tactics) fought(d rules.Province) bool {
	u := t.a.pos.Units[d]
	return t.a.threat[d] > 0 || (u.Type != rules.NoUnit && u.Power != t.a.me)
}

// ourGoal reports whether another of our orders than i ends in d: a
// move there, or a unit there that stays. A second move there would only
// bounce.
func (t *tactics) ourGoal(ours []rules.Order, i int, d rules.Province) bool {
	for j, f := range ours {
		if j == i || f.Kind == rules.Permit {
			continue
		}
		if (f.Kind == rules.Move || f.Kind == rules.Railway) && f.Target.Province == d {
			return true
		}
		if f.Kind != rules.Move && f.Kind != rules.Railway && f.At.Province == d {
			return true
		}
	}
	return false
}

// tidy turns supports that no longer match the supported unit's order
// (it changed after the support was chosen) into holds, which are never
// worse: a void support still holds, and a hold can be supported.
func (a *analysis) tidy(ours []rules.Order) []rules.Order {
	for i, o := range ours {
		if o.Kind != rules.Support {
			continue
		}
		match := false
		for _, f := range ours {
			if f.At.Province != o.Target.Province || f.Kind == rules.Permit {
				continue
			}
			if o.Dest.Province == rules.NoProvince {
				match = f.Kind != rules.Move && f.Kind != rules.Railway
			} else {
				match = (f.Kind == rules.Move) && f.Target.Province == o.Dest.Province
			}
		}
		if !match {
			ours[i] = rules.HoldOrder(a.me, o.Unit, o.At)
		}
	}
	return ours
}
