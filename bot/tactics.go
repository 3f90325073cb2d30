package bot

import (
	"math/rand/v2"
	"slices"
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
// its moves (through a gate we keep, with the permission) and each
// support of a friendly order, and each contested move together with a
// support of it by another unit, and keeps what raises the mean outcome
// (evaluate). A futile attack becomes a support of a friendly attack or
// a supported attack, a home centre left open is covered, a move that
// would bounce off our own unit is dropped.

// Settings of the tactical layer, sized so that a decision in the largest
// variant stays far inside normal's 20 ms on a loaded 2-core machine.
const (
	// tacticProfiles is the number of sampled replies of the others.
	tacticProfiles = 6
	// tacticSweeps is the number of passes over our units.
	tacticSweeps = 2
	// tacticWork caps the resolver's work in one decision, counted in
	// resolutions times the map's provinces (a resolution's cost grows
	// with the map): about 600 resolutions on the standard map. A
	// count, not a clock, so that the same random source gives the same
	// orders however busy the machine is.
	tacticWork = 600 * 80
)

// Tactics sizes the normal level's tactical layer: a test that checks
// what the bots' orders are (legal, repeatable) rather than how good
// they are may make it small. The zero value, and a zero field, is the
// normal level's own setting, which every level plays with unless told
// otherwise.
type Tactics struct {
	// Profiles is the number of sampled replies of the others (normal's:
	// 6).
	Profiles int
	// Sweeps is the most passes over our units (normal's: 2).
	Sweeps int
	// Work caps the resolver's work in one decision, counted in
	// resolutions times the map's provinces (normal's: 600 resolutions
	// on the standard map's 80 provinces).
	Work int
}

// orDefault returns tc with each zero field set to normal's setting.
func (tc Tactics) orDefault() Tactics {
	if tc.Profiles <= 0 {
		tc.Profiles = tacticProfiles
	}
	if tc.Sweeps <= 0 {
		tc.Sweeps = tacticSweeps
	}
	if tc.Work <= 0 {
		tc.Work = tacticWork
	}
	return tc
}

// tactics is one movement phase's tactical check in the making.
type tactics struct {
	a        *analysis
	r        *rules.Resolver
	res      rules.Resolution
	profiles [][]rules.Order
	joint    []rules.Order
	trial    []rules.Order
	calls    int
	deadline deadline
	// maxCalls caps the resolver calls; sweeps is the most passes over
	// our units; nprofiles is the number of replies sampleProfiles draws.
	maxCalls, sweeps, nprofiles int
}

// newTactics returns a tactical check of a's orders with the settings of
// a's decision (normal's unless the player says otherwise), that stops
// at its counts or at dl, whichever comes first.
func newTactics(a *analysis, dl deadline) *tactics {
	tc := a.d.tactics.orDefault()
	return &tactics{a: a, r: a.d.resolver(), deadline: dl, nprofiles: tc.Profiles,
		maxCalls: tc.Work / max(1, a.m.NumProvinces()), sweeps: tc.Sweeps}
}

// refine returns plan improved by the tactical layer; rnd draws the
// others' replies.
func (a *analysis) refine(plan []rules.Order, rnd *rand.Rand) []rules.Order {
	return a.refineBy(plan, rnd, deadline{})
}

// refineBy is refine stopping at dl if it comes before the counts: for
// the hard level, whose budget may be a clock.
func (a *analysis) refineBy(plan []rules.Order, rnd *rand.Rand, dl deadline) []rules.Order {
	if a.pos.Phase.Type != rules.MovementPhase || len(plan) == 0 {
		return plan
	}
	t := newTactics(a, dl)
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
	for _, q := range v.Powers() {
		if q != a.me && hasUnits(a.pos, q) {
			others = append(others, q)
		}
	}
	if len(others) == 0 {
		return
	}
	views := make([]*analysis, len(others))
	for i, q := range others {
		views[i] = a.d.view(q)
	}
	for k := range t.nprofiles {
		if k > 0 && t.late() {
			break
		}
		var prof []rules.Order
		for i, q := range others {
			if k%2 == 0 {
				prof = append(prof, easyOrders(a.d, q, rnd)...)
			} else {
				prof = append(prof, views[i].orders(rnd, normalNoise)...)
			}
		}
		t.profiles = append(t.profiles, prof)
	}
}

// late reports whether t has a deadline and it has passed.
func (t *tactics) late() bool {
	return t.deadline.passed()
}

// deadline is when a search must answer by, read from a clock; the zero
// value is no deadline, so that the search stops at its counts alone and
// one random source gives one answer on any machine.
type deadline struct {
	at  time.Time
	now func() time.Time // nil: no deadline
}

// passed reports whether d is set and its time has come.
func (d deadline) passed() bool {
	return d.now != nil && !d.now().Before(d.at)
}

// score is the mean outcome of our orders against the sampled profiles,
// and false when the resolver could not be asked (calls or time spent,
// or a position the map does not fit).
func (t *tactics) score(ours []rules.Order) (float64, bool) {
	if t.calls+len(t.profiles) > t.maxCalls || t.late() {
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
	// The units the layer may change: those with a hold, a support or a
	// move over a border (not a convoy, a convoyed army or a railway
	// move).
	var free []int
	for i := range cur {
		if t.adjustable(cur[i]) {
			free = append(free, i)
		}
	}
	var alts []rules.Order
	for range t.sweeps {
		rnd.Shuffle(len(free), func(i, j int) { free[i], free[j] = free[j], free[i] })
		changed := false
		for _, i := range free {
			alts = t.alternatives(cur, i, alts[:0])
			bi, bs := -1, best
			for j, o := range alts {
				if o == cur[i] {
					continue
				}
				s, ok := t.score(t.with(cur, i, o, -1, o))
				if !ok {
					return a.tidy(cur)
				}
				if s > bs+1e-9 {
					bi, bs = j, s
				}
			}
			// A supported attack: the move alone bounces and the support
			// alone has nothing to support, so neither is found one
			// unit at a time.
			pi, ps, sup, ok := t.bestPair(cur, i, free, alts, bs)
			if !ok {
				return a.tidy(cur)
			}
			switch {
			case pi >= 0:
				cur = t.set(cur, i, alts[pi])
				cur = t.set(cur, sup.j, sup.o)
				best = ps
				changed = true
			case bi >= 0:
				cur = t.set(cur, i, alts[bi])
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

// with returns a copy of our orders cur (in a buffer of t's, valid until
// the next call) with unit i's order o and, when j is not negative, unit
// j's order oj.
func (t *tactics) with(cur []rules.Order, i int, o rules.Order, j int, oj rules.Order) []rules.Order {
	tr := t.set(append(t.trial[:0], cur...), i, o)
	if j >= 0 {
		tr = t.set(tr, j, oj)
	}
	t.trial = tr
	return tr
}

// set gives unit i of ours the order o, with the gatekeeper's permission
// that a move through a gate needs, dropping the permission its old
// order had. Permissions stay after every unit's order, so that the
// units' indices hold.
func (t *tactics) set(ours []rules.Order, i int, o rules.Order) []rules.Order {
	at := ours[i].At.Province
	for k := len(ours) - 1; k > i; k-- {
		if ours[k].Type == rules.Permit && ours[k].Target.Province == at {
			ours = slices.Delete(ours, k, k+1)
		}
	}
	ours[i] = o
	if g := t.gate(o); g != rules.NoProvince {
		ours = append(ours, rules.Order{Power: t.a.me, Type: rules.Permit, At: t.a.pos.LocOf(g),
			Target: o.At, TargetUnit: o.Unit, Dest: o.Target})
	}
	return ours
}

// gate is the gate of the border a move crosses, or NoProvince.
func (t *tactics) gate(o rules.Order) rules.Province {
	if o.Type != rules.Move || o.ViaConvoy {
		return rules.NoProvince
	}
	ok, k := t.a.m.Edge(o.Unit, o.At, o.Target)
	if !ok {
		return rules.NoProvince
	}
	return t.a.m.BorderKinds[k].Gate
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
	for k, o := range alts {
		if o.Type != rules.Move || !t.a.contested(o.Target.Province) {
			continue
		}
		d := o.Target.Province
		for _, j := range free {
			f := cur[j]
			if j == i || f.At.Province == d || !m.CanSupportInto(f.Unit, f.At, d) {
				continue
			}
			s := rules.Order{Power: t.a.me, Type: rules.Support, Unit: f.Unit, At: f.At, Target: o.At, TargetUnit: o.Unit, Dest: o.Target}
			sc, good := t.score(t.with(cur, i, o, j, s))
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

// adjustable reports whether the tactical layer may change the order o
// of ours: a hold, a support or a move over a border without a gate. A
// passage through a gate that the plan chose is kept: it pays off moves
// later (a fleet through Colonial's canal), beyond the layer's one-phase
// view.
func (t *tactics) adjustable(o rules.Order) bool {
	switch o.Type {
	case rules.Hold, rules.Support:
		return true
	case rules.Move:
		return !o.ViaConvoy && t.gate(o) == rules.NoProvince
	}
	return false
}

// alternatives appends to out what the unit of order i may do instead:
// hold, move over any border (through a gate that one of our units keeps
// and that lets no other unit through), or support the order of another
// of our units that it can reach.
func (t *tactics) alternatives(ours []rules.Order, i int, out []rules.Order) []rules.Order {
	a := t.a
	m := a.m
	o := ours[i]
	at := o.At
	out = append(out, rules.HoldOrder(a.me, o.Unit, at))
	for _, br := range m.Neighbours(o.Unit, at) {
		if g := m.BorderKinds[br.Kind].Gate; g != rules.NoProvince && !t.gateFree(ours, i, g) {
			continue
		}
		if t.ourGoal(ours, i, br.To.Province) {
			continue
		}
		out = append(out, rules.Order{Power: a.me, Type: rules.Move, Unit: o.Unit, At: at, Target: br.To, Dest: noLoc})
	}
	for j, f := range ours {
		if j == i || f.Type == rules.Permit {
			continue
		}
		switch {
		case f.Type == rules.Move && !f.ViaConvoy:
			d := f.Target.Province
			if d != at.Province && a.contested(d) && m.CanSupportInto(o.Unit, at, d) {
				out = append(out, rules.Order{Power: a.me, Type: rules.Support, Unit: o.Unit, At: at,
					Target: f.At, TargetUnit: f.Unit, Dest: f.Target})
			}
		case f.Type == rules.Hold || f.Type == rules.Support || f.Type == rules.Convoy:
			if a.contested(f.At.Province) && m.CanSupportInto(o.Unit, at, f.At.Province) {
				out = append(out, rules.Order{Power: a.me, Type: rules.Support, Unit: o.Unit, At: at,
					Target: f.At, TargetUnit: f.Unit, Dest: noLoc})
			}
		}
	}
	return out
}

// gateFree reports whether our unit of order i may pass gate g: one of
// our units stands in g, and g lets no other unit of ours through.
func (t *tactics) gateFree(ours []rules.Order, i int, g rules.Province) bool {
	u := t.a.pos.Units[g]
	if u.Type == rules.NoUnit || u.Power != t.a.me {
		return false
	}
	at := ours[i].At.Province
	for _, o := range ours {
		if o.Type == rules.Permit && o.At.Province == g && o.Target.Province != at {
			return false
		}
	}
	return true
}

// ourGoal reports whether another of our orders than i ends in d: a
// move there, or a unit there that stays. A second move there would only
// bounce.
func (t *tactics) ourGoal(ours []rules.Order, i int, d rules.Province) bool {
	for j, f := range ours {
		if j == i || f.Type == rules.Permit {
			continue
		}
		if (f.Type == rules.Move || f.Type == rules.Railway) && f.Target.Province == d {
			return true
		}
		if f.Type != rules.Move && f.Type != rules.Railway && f.At.Province == d {
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
		if o.Type != rules.Support {
			continue
		}
		match := false
		for _, f := range ours {
			if f.At.Province != o.Target.Province || f.Type == rules.Permit {
				continue
			}
			if o.Dest.Province == rules.NoProvince {
				match = f.Type != rules.Move && f.Type != rules.Railway
			} else {
				match = (f.Type == rules.Move) && f.Target.Province == o.Dest.Province
			}
		}
		if !match {
			ours[i] = rules.HoldOrder(a.me, o.Unit, o.At)
		}
	}
	return ours
}
