// The easy level is the first bot Chancery had, kept as the gentlest
// opponent. It is greedy and simple: in a movement phase each unit moves
// towards the nearest supply centre its power does not own (taking it when
// adjacent), never into a province another of its units is going to, and
// units with nothing better to do support a neighbour's attack or hold.
// An army that cannot march to a centre worth taking (on an island) is
// convoyed by one of its power's fleets in a neighbouring sea.
// Its armies ride their power's railway (one a turn) when a station of the
// line is a better goal than any neighbour, and it lets its own fleets
// through a passage whose gate it holds, giving the permission with the
// move (Colonial's Trans-Siberian Railroad and Suez Canal). It
// retreats towards centres, builds in its free home centres and removes
// the units farthest from its centres. Every choice is legal on its own;
// ties are broken by the explicit random source, so the same source gives
// the same orders.

package bot

import (
	"math"
	"math/rand/v2"
	"slices"

	"github.com/chancery/chancery/rules"
)

// Orders returns power's orders for pos at the easy level. rnd breaks
// ties.
func Orders(v *rules.Variant, pos *rules.Position, power rules.Power, rnd *rand.Rand) []rules.Order {
	return (&planner{v: v, m: v.Map, pos: pos, power: power, rnd: rnd}).orders()
}

// easyOrders is Orders within decision d, which reads the map's graph
// and each power's distances once for all its easy orders.
func easyOrders(d *decision, power rules.Power, rnd *rand.Rand) []rules.Order {
	b := &planner{v: d.g.v, m: d.g.m, pos: d.pos, power: power, rnd: rnd, g: d.g}
	if d.easy == nil {
		d.easy = make([]*easyDistances, len(d.views))
	}
	if d.easy[power] == nil {
		b.distances(true)
		d.easy[power] = &easyDistances{b.dist, b.landDist}
	}
	b.dist, b.landDist = d.easy[power].dist, d.easy[power].land
	return b.orders()
}

// easyDistances is one power's distances for the easy level's moves in a
// position (planner.distances).
type easyDistances struct{ dist, land []int }

// orders is the easy level's orders for the planner's power.
func (b *planner) orders() []rules.Order {
	switch b.pos.Phase.Type {
	case rules.MovementPhase:
		return b.movement()
	case rules.RetreatPhase:
		return b.retreats()
	case rules.AdjustmentPhase:
		return b.adjustments()
	}
	return nil
}

type planner struct {
	v     *rules.Variant
	m     *rules.Map
	pos   *rules.Position
	power rules.Power
	rnd   *rand.Rand
	dist  []int // per province: steps to the nearest centre worth taking
	// landDist is dist for armies marching: over army borders only
	// (computed for movement alone).
	landDist []int
	// g is the map's graph, made on first use when nil.
	g *Graph
}

var noLoc = rules.Loc{Province: rules.NoProvince}

// wanted reports whether the bot wants centre p: a supply centre it does
// not own.
func (b *planner) wanted(p rules.Province) bool {
	return b.m.Provinces[p].SupplyCenter && b.pos.Owner[p] != b.power
}

// distances computes each province's distance to the nearest wanted
// centre over every border (dist); with land set, also over army borders
// only (landDist), which only movement needs. Distances already there
// (easyOrders) are kept: they depend on the position and power alone.
func (b *planner) distances(land bool) {
	if b.dist != nil && (!land || b.landDist != nil) {
		return
	}
	if b.g == nil {
		b.g = NewGraph(b.v)
	}
	b.dist = b.distancesOver(b.g.any)
	if land {
		b.landDist = b.distancesOver(b.g.adj[rules.Army])
	}
}

// distancesOver is a breadth-first search from the wanted centres over
// the adjacency adj; provinces it cannot reach get the number of
// provinces.
func (b *planner) distancesOver(adj [][]rules.Province) []int {
	n := b.m.NumProvinces()
	dist := make([]int, n)
	var q []rules.Province
	for p := range dist {
		dist[p] = -1
		if b.wanted(rules.Province(p)) {
			dist[p] = 0
			q = append(q, rules.Province(p))
		}
	}
	for i := 0; i < len(q); i++ {
		c := q[i]
		for _, t := range adj[c] {
			if dist[t] < 0 {
				dist[t] = dist[c] + 1
				q = append(q, t)
			}
		}
	}
	for p := range dist {
		if dist[p] < 0 {
			dist[p] = n
		}
	}
	return dist
}

// score rates a destination for a unit: lower is better.
func (b *planner) score(to rules.Province) int {
	s := b.dist[to] * 10
	if b.wanted(to) {
		s -= 15
		if b.pos.Owner[to] == rules.NoPower {
			s -= 5
		}
	}
	if u := b.pos.Units[to]; u.Type != rules.NoUnit && u.Power != b.power {
		s += 4 // attacking a unit usually bounces
	}
	return s + b.rnd.IntN(6)
}

func (b *planner) movement() []rules.Order {
	b.distances(true)
	var units []rules.Province
	for p, u := range b.pos.Units {
		if u.Type != rules.NoUnit && u.Power == b.power {
			units = append(units, rules.Province(p))
		}
	}
	b.rnd.Shuffle(len(units), func(i, j int) { units[i], units[j] = units[j], units[i] })
	t := &turn{
		claimed:  map[rules.Province]bool{},
		orders:   map[rules.Province]rules.Order{},
		railUsed: map[int]bool{},
		permits:  map[rules.Province]rules.Order{},
	}
	b.convoys(units, t.claimed, t.orders)
	for _, p := range units {
		if _, planned := t.orders[p]; planned {
			continue // a convoy, or an army convoyed
		}
		b.move(p, t)
	}
	b.supportAttacks(units, t.orders)
	out := make([]rules.Order, 0, len(units)+len(t.permits))
	for _, p := range units {
		out = append(out, t.orders[p])
	}
	for _, p := range units { // in a deterministic order
		if o, ok := t.permits[p]; ok {
			out = append(out, o)
		}
	}
	return out
}

// turn is what the easy bot has decided so far in a movement phase.
type turn struct {
	claimed  map[rules.Province]bool        // destinations taken by our moves
	orders   map[rules.Province]rules.Order // by the unit's province
	railUsed map[int]bool                   // one railway move per railway and turn
	permits  map[rules.Province]rules.Order // per gate: the one permission it gives
}

// move chooses the order of our unit at p: the free neighbour (or, for an
// army on our railway, the station) nearest a centre we want, or a hold.
func (b *planner) move(p rules.Province, t *turn) {
	m := b.m
	u := b.pos.Units[p]
	at := b.pos.LocOf(p)
	// A unit standing on a centre it does not own yet, in the fall,
	// stays to take it.
	stay := b.pos.Phase.Season == rules.Fall && b.wanted(p)
	best, bestScore := noLoc, b.score(p)+3
	if stay {
		bestScore -= 100
	}
	gate := rules.NoProvince // the gate of the chosen border, if any
	for _, br := range m.Neighbours(u.Type, at) {
		d := br.To.Province
		g := m.BorderKinds[br.Kind].Gate
		if t.claimed[d] || !b.free(d) || (g != rules.NoProvince && !b.canPermit(g, t.permits)) {
			continue
		}
		if s := b.score(d); s < bestScore {
			best, bestScore, gate = br.To, s, g
		}
	}
	// A railway move, when one of ours goes farther than any border.
	rail := -1
	if u.Type == rules.Army {
		for i := range m.Railways() {
			w := &m.Railways()[i]
			if w.Power != b.power || t.railUsed[i] || w.Station(p) < 0 {
				continue
			}
			for _, d := range w.Line {
				if d == p || t.claimed[d] || !b.free(d) {
					continue
				}
				if s := b.score(d); s < bestScore {
					best, bestScore, gate, rail = rules.At(d), s, rules.NoProvince, i
				}
			}
		}
	}
	switch {
	case best.Province == rules.NoProvince:
		t.claimed[p] = true
		t.orders[p] = rules.HoldOrder(b.power, u.Type, at)
	case rail >= 0:
		t.railUsed[rail] = true
		t.claimed[best.Province] = true
		t.orders[p] = rules.Order{Power: b.power, Type: rules.Railway, Unit: u.Type, At: at, Target: best, Dest: noLoc}
	default:
		t.claimed[best.Province] = true
		t.orders[p] = rules.Order{Power: b.power, Type: rules.Move, Unit: u.Type, At: at, Target: best, Dest: noLoc}
		if gate != rules.NoProvince {
			// Our unit keeps the gate: let our own fleet through.
			t.permits[gate] = rules.Order{Power: b.power, Type: rules.Permit, At: b.pos.LocOf(gate),
				Target: at, TargetUnit: u.Type, Dest: best}
		}
	}
}

// supportAttacks turns each of our holds into a support of one of our
// attacks it can reach, where the support is likely to matter.
func (b *planner) supportAttacks(units []rules.Province, orders map[rules.Province]rules.Order) {
	m := b.m
	for _, p := range units {
		o := orders[p]
		if o.Type != rules.Hold {
			continue
		}
		u := b.pos.Units[p]
		for _, q := range units {
			mv := orders[q]
			if q == p || mv.Type != rules.Move || mv.ViaConvoy {
				continue
			}
			d := mv.Target.Province
			if !m.CanSupportInto(u.Type, o.At, d) {
				continue
			}
			if t := b.pos.Units[d]; t.Type == rules.NoUnit && !m.Provinces[d].SupplyCenter {
				continue // support where it is likely to matter
			}
			orders[p] = rules.Order{Power: b.power, Type: rules.Support, Unit: u.Type, At: o.At,
				Target: mv.At, TargetUnit: mv.Unit, Dest: mv.Target}
			break
		}
	}
}

// convoys plans one-fleet convoys before the other moves: an army that
// marching cannot bring near a wanted centre (an army on an island, or
// one the sea would take much farther) is carried by one of our fleets in
// a neighbouring sea to the best coast of that sea. The fleet's and the
// army's orders go into orders, the landing into claimed.
func (b *planner) convoys(units []rules.Province, claimed map[rules.Province]bool, orders map[rules.Province]rules.Order) {
	m := b.m
	for _, a := range units {
		u := b.pos.Units[a]
		if u.Type != rules.Army || b.landDist[a] <= b.dist[a]+1 {
			continue
		}
		if b.pos.Phase.Season == rules.Fall && b.wanted(a) {
			continue // it stays to take the centre it stands on
		}
		best, bestScore, fleet := noLoc, b.score(a)+3, rules.NoProvince
		for sp := range m.Provinces {
			s := rules.Province(sp)
			f := b.pos.Units[s]
			if f.Type != rules.Fleet || f.Power != b.power || m.Provinces[s].Terrain != rules.Sea || !m.SeaNeighbours(a, s) {
				continue
			}
			if _, busy := orders[s]; busy {
				continue
			}
			for dp := range m.Provinces {
				d := rules.Province(dp)
				if d == a || !m.SeaNeighbours(s, d) || claimed[d] || !b.free(d) || !m.CanOccupy(rules.Army, rules.At(d)) {
					continue
				}
				if sc := b.score(d) - 3*(b.landDist[a]-b.landDist[d]); sc < bestScore {
					best, bestScore, fleet = rules.At(d), sc, s
				}
			}
		}
		if fleet == rules.NoProvince {
			continue
		}
		claimed[best.Province] = true
		claimed[fleet] = true // the fleet stays where it is
		orders[a] = rules.Order{Power: b.power, Type: rules.Move, Unit: rules.Army, At: rules.At(a), Target: best,
			Dest: noLoc, ViaConvoy: true}
		orders[fleet] = rules.Order{Power: b.power, Type: rules.Convoy, Unit: rules.Fleet, At: b.pos.LocOf(fleet),
			Target: rules.At(a), TargetUnit: rules.Army, Dest: best}
	}
}

// free reports whether a unit of ours may head for t: not into a province
// where another of our units may stay.
func (b *planner) free(t rules.Province) bool {
	o := b.pos.Units[t]
	return o.Type == rules.NoUnit || o.Power != b.power
}

// canPermit reports whether the bot may send a unit through the passage
// that gate g keeps: one of its own units stands in g, and g has not let
// another unit through this turn.
func (b *planner) canPermit(g rules.Province, permits map[rules.Province]rules.Order) bool {
	_, used := permits[g]
	u := b.pos.Units[g]
	return !used && u.Type != rules.NoUnit && u.Power == b.power
}

func (b *planner) retreats() []rules.Order {
	b.distances(false)
	return retreatOrders(b.pos, b.power, func(_ rules.Dislodged, to rules.Province) float64 {
		return -float64(b.score(to)) // a low score is near what the planner wants
	})
}

// retreatOrders sends each dislodged unit of power, in turn, to the free
// place it may retreat to that value rates highest (the first on a tie),
// or disbands it when every such place is taken by an earlier retreat.
func retreatOrders(pos *rules.Position, power rules.Power, value func(d rules.Dislodged, to rules.Province) float64) []rules.Order {
	var out []rules.Order
	taken := map[rules.Province]bool{}
	for _, d := range pos.Dislodged {
		if d.Power != power {
			continue
		}
		best, bestValue := noLoc, math.Inf(-1)
		for _, l := range d.Retreats {
			if taken[l.Province] {
				continue
			}
			if v := value(d, l.Province); v > bestValue {
				best, bestValue = l, v
			}
		}
		if best.Province == rules.NoProvince {
			out = append(out, rules.Order{Power: power, Type: rules.Disband, Unit: d.Type, At: d.Loc(), Target: noLoc, Dest: noLoc})
			continue
		}
		taken[best.Province] = true
		out = append(out, rules.Order{Power: power, Type: rules.Retreat, Unit: d.Type, At: d.Loc(), Target: best, Dest: noLoc})
	}
	return out
}

func (b *planner) adjustments() []rules.Order {
	m := b.m
	due := b.v.AdjustmentDue(b.pos, b.power)
	var out []rules.Order
	switch {
	case due > 0:
		var sites []rules.Province
		for p := range m.Provinces {
			if b.v.BuildSite(b.pos, b.power, rules.Province(p)) {
				sites = append(sites, rules.Province(p))
			}
		}
		b.rnd.Shuffle(len(sites), func(i, j int) { sites[i], sites[j] = sites[j], sites[i] })
		for _, p := range sites {
			if due == 0 {
				break
			}
			pi := &m.Provinces[p]
			at := rules.At(p)
			t := rules.Army
			if pi.Terrain == rules.Sea || (pi.Terrain == rules.Coastal && b.rnd.IntN(3) == 0) {
				t = rules.Fleet
				if len(pi.Coasts) > 0 {
					at.Coast = pi.Coasts[b.rnd.IntN(len(pi.Coasts))]
				}
			}
			if !m.CanOccupy(t, at) {
				t, at = rules.Army, rules.At(p)
			}
			out = append(out, rules.Order{Power: b.power, Type: rules.Build, Unit: t, At: at, Target: noLoc, Dest: noLoc})
			due--
		}
	case due < 0:
		// Remove the units farthest from the front: those with the
		// longest way to a wanted centre.
		b.distances(false)
		var units []rules.Province
		for p, u := range b.pos.Units {
			if u.Type != rules.NoUnit && u.Power == b.power {
				units = append(units, rules.Province(p))
			}
		}
		slices.SortStableFunc(units, func(x, y rules.Province) int { return b.dist[y] - b.dist[x] })
		for _, p := range units[:min(-due, len(units))] {
			u := b.pos.Units[p]
			out = append(out, rules.Order{Power: b.power, Type: rules.Remove, Unit: u.Type, At: b.pos.LocOf(p), Target: noLoc, Dest: noLoc})
		}
	}
	return out
}
