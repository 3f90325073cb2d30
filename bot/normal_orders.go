package bot

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/chancery/chancery/rules"
)

// orders chooses the analysed power's orders for the position's phase;
// noise is the temperature of the random choices (0: always the best).
func (a *analysis) orders(rnd *rand.Rand, noise float64) []rules.Order {
	switch a.pos.Phase.Type {
	case rules.MovementPhase:
		return a.movement(rnd, noise)
	case rules.RetreatPhase:
		return a.retreats(rnd, noise)
	case rules.AdjustmentPhase:
		return a.adjustments(rnd, noise)
	}
	return nil
}

// gumbel returns a Gumbel-distributed perturbation of temperature noise:
// sorting values plus gumbel draws is sampling from their softmax.
func gumbel(rnd *rand.Rand, noise float64) float64 {
	if noise <= 0 {
		return 0
	}
	u := rnd.Float64()
	for u == 0 {
		u = rnd.Float64()
	}
	return -noise * math.Log(-math.Log(u))
}

// option is one thing a unit may do in a movement phase.
type option struct {
	to    rules.Loc
	hold  bool
	kind  rules.BorderKind
	gate  rules.Province // the gate of the border, or NoProvince
	rail  int            // the railway used, or -1
	score float64        // value plus noise
}

// plan is one movement phase's orders in the making.
type plan struct {
	*analysis
	rnd   *rand.Rand
	noise float64
	units []rules.Province // ours, in the order they choose
	ord   []rules.Order    // per province: our unit's order
	state []uint8          // per province: 0 undecided, 1 deciding, 2 decided
	// claimed: one of our units will be there (staying or moving in);
	// mover: the province of our unit moving in, or NoProvince.
	claimed []bool
	mover   []rules.Province
	// supports[p]: supports given to the order of our unit in p.
	supports []int
	railUsed []bool
	permits  []rules.Order
}

const (
	undecided uint8 = iota
	deciding
	decided
)

func (a *analysis) movement(rnd *rand.Rand, noise float64) []rules.Order {
	n := a.m.NumProvinces()
	pl := &plan{analysis: a, rnd: rnd, noise: noise,
		ord: make([]rules.Order, n), state: make([]uint8, n), claimed: make([]bool, n),
		mover: make([]rules.Province, n), supports: make([]int, n), railUsed: make([]bool, len(a.m.Railways()))}
	for p := range pl.mover {
		pl.mover[p] = rules.NoProvince
	}
	for p, u := range a.pos.Units {
		if u.Type != rules.NoUnit && u.Power == a.me {
			pl.units = append(pl.units, rules.Province(p))
		}
	}
	rnd.Shuffle(len(pl.units), func(i, j int) { pl.units[i], pl.units[j] = pl.units[j], pl.units[i] })
	if !a.w.plain {
		pl.convoys()
	}
	for _, p := range pl.units {
		pl.decide(p)
	}
	pl.supportFromHolds()
	out := make([]rules.Order, 0, len(pl.units)+len(pl.permits))
	for _, p := range pl.units {
		out = append(out, pl.ord[p])
	}
	return append(out, pl.permits...)
}

// options lists what the unit in p may do, best first after noise.
func (pl *plan) options(p rules.Province) []option {
	a := pl.analysis
	u := a.pos.Units[p]
	at := a.pos.LocOf(p)
	val := a.value[u.Type]
	if a.w.plain {
		return pl.plainOptions(p)
	}
	opts := []option{{to: at, hold: true, rail: -1, gate: rules.NoProvince, score: val[p] + pl.centreBonus(p, true)}}
	for _, br := range a.m.Neighbours(u.Type, at) {
		t := br.To.Province
		k := &a.m.BorderKinds[br.Kind]
		if k.Gate != rules.NoProvince {
			g := a.pos.Units[k.Gate]
			if g.Type == rules.NoUnit || g.Power != a.me || pl.gateUsed(k.Gate) {
				continue
			}
		}
		s := val[t] + pl.centreBonus(t, false)
		if o := a.pos.Units[t]; o.Type != rules.NoUnit && o.Power != a.me {
			// A unit there usually holds its ground, with the support of
			// its neighbours.
			s -= 0.05 + 0.1*float64(a.reach[t][o.Power])
		}
		if k.HalfStrength && (a.threat[t] > 0 || a.pos.Units[t].Type != rules.NoUnit) {
			s -= 0.25 // half strength loses every contest
		}
		opts = append(opts, option{to: br.To, kind: br.Kind, gate: k.Gate, rail: -1, score: s})
	}
	if u.Type == rules.Army {
		for i := range a.m.Railways() {
			w := &a.m.Railways()[i]
			if w.Power != a.me || pl.railUsed[i] || w.Station(p) < 0 {
				continue
			}
			for _, t := range w.Line {
				if t == p || slices.ContainsFunc(opts, func(o option) bool { return o.to.Province == t }) {
					continue
				}
				opts = append(opts, option{to: rules.At(t), rail: i, gate: rules.NoProvince, score: val[t] - 0.02})
			}
		}
	}
	for i := range opts {
		opts[i].score += gumbel(pl.rnd, pl.noise)
	}
	slices.SortStableFunc(opts, func(x, y option) int { return cmp.Compare(y.score, x.score) })
	return opts
}

// centreBonus is what ending the turn in d is worth beyond d's value in
// the fall, when centres change hands: a centre not ours that nobody
// else can reach is as good as taken, and a centre of ours that an enemy
// can reach is kept by standing in it.
func (pl *plan) centreBonus(d rules.Province, stay bool) float64 {
	a := pl.analysis
	if a.pos.Phase.Season != rules.Fall || !a.m.Provinces[d].SupplyCenter {
		return 0
	}
	occ := a.pos.Units[d]
	foreign := occ.Type != rules.NoUnit && occ.Power != a.me
	switch {
	case a.pos.Owner[d] != a.me && (stay || (!foreign && a.threat[d] == 0)):
		return 0.4
	case a.pos.Owner[d] != a.me && !foreign:
		return 0.15
	case a.pos.Owner[d] == a.me && a.threat[d] > 0 && (stay || !foreign):
		return 0.3
	}
	return 0
}

func (pl *plan) gateUsed(g rules.Province) bool {
	return slices.ContainsFunc(pl.permits, func(o rules.Order) bool { return o.At.Province == g })
}

// contested reports whether a move into d must expect a fight, and so
// whether a support into d may matter: a unit of another power stands
// there or can move there.
func (a *analysis) contested(d rules.Province) bool {
	o := a.pos.Units[d]
	return a.threat[d] > 0 || (o.Type != rules.NoUnit && o.Power != a.me)
}

// decide gives the unit in p its order, deciding first the unit of ours
// standing where it wants to go.
func (pl *plan) decide(p rules.Province) {
	if pl.state[p] != undecided {
		return
	}
	pl.state[p] = deciding
	a := pl.analysis
	u := a.pos.Units[p]
	at := a.pos.LocOf(p)
	for _, o := range pl.options(p) {
		if o.hold {
			pl.ord[p] = rules.HoldOrder(a.me, u.Type, at)
			pl.claimed[p] = true
			break
		}
		if (o.rail >= 0 && pl.railUsed[o.rail]) || (o.gate != rules.NoProvince && pl.gateUsed(o.gate)) {
			continue // a unit decided meanwhile took the railway or the gate
		}
		d := o.to.Province
		if q := a.pos.Units[d]; q.Type != rules.NoUnit && q.Power == a.me && !pl.claimed[d] {
			if pl.state[d] == deciding {
				continue // we would swap places: both would bounce
			}
			pl.decide(d)
		}
		if pl.claimed[d] {
			if o.rail < 0 && pl.supportInstead(p, d) {
				break
			}
			continue
		}
		if (o.rail >= 0 && pl.railUsed[o.rail]) || (o.gate != rules.NoProvince && pl.gateUsed(o.gate)) {
			continue
		}
		pl.claimed[d] = true
		pl.mover[d] = p
		if o.rail >= 0 {
			pl.railUsed[o.rail] = true
			pl.ord[p] = rules.Order{Power: a.me, Type: rules.Railway, Unit: u.Type, At: at, Target: o.to, Dest: noLoc}
			break
		}
		pl.ord[p] = rules.Order{Power: a.me, Type: rules.Move, Unit: u.Type, At: at, Target: o.to, Dest: noLoc}
		if o.gate != rules.NoProvince {
			pl.permits = append(pl.permits, rules.Order{Power: a.me, Type: rules.Permit, At: a.pos.LocOf(o.gate),
				Target: at, TargetUnit: u.Type, Dest: o.to})
		}
		break
	}
	pl.state[p] = decided
}

// supportInstead makes the unit in p support the order of our unit going
// to, or staying in, d when that is contested, and reports whether it did.
func (pl *plan) supportInstead(p, d rules.Province) bool {
	a := pl.analysis
	u := a.pos.Units[p]
	at := a.pos.LocOf(p)
	if !pl.contested(d) || !a.m.CanSupportInto(u.Type, at, d) {
		return false
	}
	if m := pl.mover[d]; m != rules.NoProvince {
		mo := pl.ord[m]
		if mo.Type != rules.Move {
			return false
		}
		pl.ord[p] = rules.Order{Power: a.me, Type: rules.Support, Unit: u.Type, At: at,
			Target: mo.At, TargetUnit: mo.Unit, Dest: mo.Target}
		pl.supports[m]++
		pl.claimed[p] = true
		return true
	}
	if k := pl.ord[d].Type; a.pos.Units[d].Power == a.me && (k == rules.Hold || k == rules.Support || k == rules.Convoy) {
		pl.ord[p] = rules.Order{Power: a.me, Type: rules.Support, Unit: u.Type, At: at,
			Target: a.pos.LocOf(d), TargetUnit: a.pos.Units[d].Type, Dest: noLoc}
		pl.supports[d]++
		pl.claimed[p] = true
		return true
	}
	return false
}

// attack is the strength of our move from m as planned so far.
func (pl *plan) attack(m rules.Province) float64 {
	o := pl.ord[m]
	s := 1.0
	if ok, k := pl.m.Edge(o.Unit, o.At, o.Target); ok && pl.m.BorderKinds[k].HalfStrength {
		s = 0.5
	}
	return s + float64(pl.supports[m])
}

// supportFromHolds turns holding units into supporters: first of the
// moves that need strength most, then of our threatened units that stay.
func (pl *plan) supportFromHolds() {
	a := pl.analysis
	for _, h := range pl.units {
		if pl.ord[h].Type != rules.Hold {
			continue
		}
		u := a.pos.Units[h]
		at := a.pos.LocOf(h)
		best, bestScore := rules.NoProvince, 0.0
		for _, q := range pl.units {
			if q == h {
				continue
			}
			o := pl.ord[q]
			var d rules.Province
			switch o.Type {
			case rules.Move:
				if o.ViaConvoy {
					continue
				}
				d = o.Target.Province
			case rules.Hold, rules.Support, rules.Convoy:
				d = q
			default:
				continue
			}
			if !a.m.CanSupportInto(u.Type, at, d) {
				continue
			}
			var s float64
			if o.Type == rules.Move {
				need := float64(a.threat[d]) + 1 - pl.attack(q)
				if !pl.contested(d) {
					need = 0
				}
				s = 0.2 + a.value[o.Unit][d]
				if need > 0 {
					s += 1 + 0.3*need
				}
			} else {
				if a.threat[d] == 0 {
					continue
				}
				need := float64(a.threat[d]) - 1 - float64(pl.supports[q])
				s = 0.1 + a.value[a.pos.Units[q].Type][d]
				if need >= 0 {
					s += 0.8 + 0.3*need
				}
			}
			if s > bestScore {
				best, bestScore = q, s
			}
		}
		if best == rules.NoProvince {
			continue
		}
		o := pl.ord[best]
		if o.Type == rules.Move {
			pl.ord[h] = rules.Order{Power: a.me, Type: rules.Support, Unit: u.Type, At: at,
				Target: o.At, TargetUnit: o.Unit, Dest: o.Target}
		} else {
			pl.ord[h] = rules.Order{Power: a.me, Type: rules.Support, Unit: u.Type, At: at,
				Target: a.pos.LocOf(best), TargetUnit: a.pos.Units[best].Type, Dest: noLoc}
		}
		pl.supports[best]++
	}
}

// bestRaw is the best value the unit in p could reach by a move of its
// own, ignoring the other units.
func (pl *plan) bestRaw(p rules.Province) float64 {
	a := pl.analysis
	u := a.pos.Units[p]
	val := a.value[u.Type]
	best := val[p]
	for _, br := range a.m.Neighbours(u.Type, a.pos.LocOf(p)) {
		best = max(best, val[br.To.Province])
	}
	return best
}

// convoys plans convoys before the other moves: an army crosses the sea
// on a chain of our fleets (at most four) when the coast it lands on is
// worth more than its best march by more than the fleets give up by
// staying to convoy.
func (pl *plan) convoys() {
	a := pl.analysis
	m := a.m
	n := m.NumProvinces()
	parent := make([]rules.Province, n)
	depth := make([]int, n)
	for _, p := range pl.units {
		u := a.pos.Units[p]
		if u.Type != rules.Army || m.Provinces[p].Terrain != rules.Coastal || pl.state[p] != undecided {
			continue
		}
		// Chains of our free fleets from the army's coast.
		var reached []rules.Province
		for i := range parent {
			parent[i] = rules.NoProvince
			depth[i] = 0
		}
		for _, f := range pl.units {
			if pl.fleetCanConvoy(f) && m.SeaNeighbours(p, f) {
				parent[f] = p
				depth[f] = 1
				reached = append(reached, f)
			}
		}
		for i := 0; i < len(reached); i++ {
			f := reached[i]
			if depth[f] >= 4 {
				continue
			}
			for _, g := range pl.units {
				if parent[g] == rules.NoProvince && g != p && pl.fleetCanConvoy(g) && m.SeaNeighbours(f, g) {
					parent[g] = f
					depth[g] = depth[f] + 1
					reached = append(reached, g)
				}
			}
		}
		if len(reached) == 0 {
			continue
		}
		march := pl.bestRaw(p)
		best, bestGain, via := rules.NoProvince, 0.05, rules.NoProvince
		for _, f := range reached {
			cost := 0.0
			for g := f; g != p; g = parent[g] {
				cost += pl.bestRaw(g) - a.value[rules.Fleet][g]
			}
			for _, d := range a.adj[rules.Fleet][f] {
				if d == p || !m.SeaNeighbours(f, d) || m.Provinces[d].Terrain != rules.Coastal || pl.claimed[d] {
					continue
				}
				if pl.skippable(p, parent[f], d, parent) {
					continue // a shorter chain lands there: every fleet must be needed
				}
				if ok, _ := m.Edge(rules.Army, rules.At(p), rules.At(d)); ok {
					continue // it can march there
				}
				if q := a.pos.Units[d]; q.Type != rules.NoUnit && q.Power == a.me {
					continue
				}
				if gain := a.value[rules.Army][d] - march - cost + gumbel(pl.rnd, pl.noise); gain > bestGain {
					best, bestGain, via = d, gain, f
				}
			}
		}
		if best == rules.NoProvince {
			continue
		}
		pl.ord[p] = rules.Order{Power: a.me, Type: rules.Move, Unit: rules.Army, At: rules.At(p), Target: rules.At(best),
			Dest: noLoc, ViaConvoy: true}
		pl.state[p] = decided
		pl.claimed[best] = true
		pl.mover[best] = p
		for g := via; g != p; g = parent[g] {
			pl.ord[g] = rules.Order{Power: a.me, Type: rules.Convoy, Unit: rules.Fleet, At: a.pos.LocOf(g),
				Target: rules.At(p), TargetUnit: rules.Army, Dest: rules.At(best)}
			pl.state[g] = decided
			pl.claimed[g] = true
		}
	}
}

// skippable reports whether a fleet of the chain from g back to the army
// in a borders d: the fleets after it would not be needed, and the rules
// make an unneeded fleet's convoy order illegal.
func (pl *plan) skippable(a, g, d rules.Province, parent []rules.Province) bool {
	for ; g != a; g = parent[g] {
		if pl.m.SeaNeighbours(g, d) {
			return true
		}
	}
	return false
}

// fleetCanConvoy reports whether our unit in f is a free fleet on a space
// that convoys.
func (pl *plan) fleetCanConvoy(f rules.Province) bool {
	u := pl.pos.Units[f]
	return u.Type == rules.Fleet && pl.m.Provinces[f].Convoys && pl.state[f] == undecided
}

// retreats sends each dislodged unit to the best free place it may go
// to, or disbands it.
func (a *analysis) retreats(rnd *rand.Rand, noise float64) []rules.Order {
	return retreatOrders(a.pos, a.me, func(d rules.Dislodged, to rules.Province) float64 {
		return a.value[d.Type][to] + gumbel(rnd, noise)
	})
}

// adjustments builds on the best sites the unit type that is worth more
// there, or removes the units standing where they are worth least.
func (a *analysis) adjustments(rnd *rand.Rand, noise float64) []rules.Order {
	m := a.m
	due := a.v.AdjustmentDue(a.pos, a.me)
	var out []rules.Order
	type choice struct {
		at    rules.Loc
		t     rules.UnitType
		score float64
	}
	var cs []choice
	switch {
	case due > 0:
		for p := range m.Provinces {
			pr := rules.Province(p)
			if !a.v.BuildSite(a.pos, a.me, pr) {
				continue
			}
			if m.CanOccupy(rules.Army, rules.At(pr)) {
				s := a.value[rules.Army][pr]
				if !a.armyCanGrow(pr) {
					// Watched: England built armies that marched round
					// its island for years.
					s -= 1
				}
				cs = append(cs, choice{rules.At(pr), rules.Army, s + gumbel(rnd, noise)})
			}
			locs := []rules.Loc{rules.At(pr)}
			for _, c := range m.Provinces[p].Coasts {
				locs = append(locs, rules.Loc{Province: pr, Coast: c})
			}
			for _, l := range locs {
				if m.CanOccupy(rules.Fleet, l) {
					cs = append(cs, choice{l, rules.Fleet, a.fleetValueAt(l) + gumbel(rnd, noise)})
				}
			}
		}
		slices.SortStableFunc(cs, func(x, y choice) int { return cmp.Compare(y.score, x.score) })
		used := map[rules.Province]bool{}
		for _, c := range cs {
			if due == 0 {
				break
			}
			if used[c.at.Province] {
				continue
			}
			used[c.at.Province] = true
			out = append(out, rules.Order{Power: a.me, Type: rules.Build, Unit: c.t, At: c.at, Target: noLoc, Dest: noLoc})
			due--
		}
	case due < 0:
		for p, u := range a.pos.Units {
			if u.Type != rules.NoUnit && u.Power == a.me {
				l := a.pos.LocOf(rules.Province(p))
				cs = append(cs, choice{l, u.Type, a.value[u.Type][p] + gumbel(rnd, noise)})
			}
		}
		slices.SortStableFunc(cs, func(x, y choice) int { return cmp.Compare(x.score, y.score) })
		for _, c := range cs[:min(-due, len(cs))] {
			out = append(out, rules.Order{Power: a.me, Type: rules.Remove, Unit: c.t, At: c.at, Target: noLoc, Dest: noLoc})
		}
	}
	return out
}

// armyCanGrow reports whether an army in p could march to a centre that
// is not ours within a few moves; on an island of our own centres it
// cannot, and its values only echo the defence of home.
func (a *analysis) armyCanGrow(p rules.Province) bool {
	const far = 4
	n := a.m.NumProvinces()
	dist := make([]int8, n)
	for i := range dist {
		dist[i] = -1
	}
	dist[p] = 0
	q := []rules.Province{p}
	for i := 0; i < len(q); i++ {
		c := q[i]
		if a.m.Provinces[c].SupplyCenter && a.pos.Owner[c] != a.me {
			return true
		}
		if dist[c] == far {
			continue
		}
		for _, t := range a.adj[rules.Army][c] {
			if dist[t] < 0 {
				dist[t] = dist[c] + 1
				q = append(q, t)
			}
		}
	}
	return false
}

// fleetValueAt is the value of a fleet built at l: the province's fleet
// value, lowered when the coast reaches few places (a fleet on the wrong
// coast of a two-coast province is worth less).
func (a *analysis) fleetValueAt(l rules.Loc) float64 {
	v := a.value[rules.Fleet][l.Province]
	nb := a.m.Neighbours(rules.Fleet, l)
	if len(nb) == 0 {
		return math.Inf(-1)
	}
	best := math.Inf(-1)
	for _, br := range nb {
		best = max(best, a.value[rules.Fleet][br.To.Province])
	}
	return 0.5*v + 0.5*best
}
