package bot

import (
	"math/rand/v2"
	"slices"

	"github.com/chancery/chancery/rules"
)

// The normal level is a positional player of the DumbBot family, built
// from the published description of that algorithm:
//
//  1. Every supply centre gets a value: a centre of ours is worth the size
//     of the strongest enemy power with a unit next to it (defence); a
//     centre of another power, or nobody's, is worth the size of its
//     owner (attack). A power's size grows with the square of its
//     centres, so big powers are both feared and attacked.
//  2. The values spread over ten rounds of proximity, separately for
//     armies and fleets: a province's value in round n is the mean of its
//     own and its neighbours' values in round n-1. The rounds are summed
//     with weights that depend on the season (in the fall what counts is
//     where a unit ends; in the spring where it can strike from).
//  3. Each province's value is raised by the strength of our units that
//     can reach it and lowered by the strongest enemy's.
//  4. Units, in random order, take their best destination with a little
//     noise, never two into one province and never swapping; a unit whose
//     goal is already taken supports the unit going there when that move
//     is contested. Units left holding support the moves that need it
//     most and the threatened centres. Armies cross the sea on chains of
//     our fleets when that is worth the fleets' own moves.
//
//  5. A tactical layer (tactics.go) checks the plan with the resolver
//     against sampled replies of the others and improves it.
//
// Retreats take the best free place; builds take the best sites and the
// unit type whose value there is higher; removals drop the units standing
// where they are worth least. Railways (a whole line in one move, one
// army a turn) and gates (our unit at the gate permits our fleet) are
// ordinary moves to this player; a half-strength border (1900's cape
// route) is taken where nobody contests the destination.

// NormalPlayer is the normal level.
type NormalPlayer struct {
	// Graph is the graph of the variant the player plays, kept across
	// decisions (see Graph); nil makes one per decision.
	Graph *Graph
	// Tactics sizes the tactical layer; the zero value is the normal
	// level's own setting.
	Tactics Tactics
}

// Orders returns the normal bot's orders for power in pos.
func (p NormalPlayer) Orders(v *rules.Variant, pos *rules.Position, power rules.Power, rnd *rand.Rand) []rules.Order {
	if !v.Plays(power) {
		return nil
	}
	d := newDecision(p.Graph.of(v), pos)
	d.tactics = p.Tactics
	a := d.view(power)
	return a.refine(a.orders(rnd, normalNoise), rnd)
}

// normalNoise is the temperature of the normal level's choices, in the
// units of the normalised province values.
const normalNoise = 0.02

// rounds is the number of proximity rounds.
const rounds = 10

// weights are one season's weights: per proximity round, of attack and
// defence, and of our strength and the enemy's around a province.
type weights struct {
	prox              [rounds]float64
	attack, defence   float64
	strength, rivalry float64
	// plain marks the published algorithm as written, without normal's
	// additions (plain.go): hard's model of DumbBot-like opponents.
	plain bool
}

var (
	springWeights = weights{
		prox:   [rounds]float64{100, 1000, 30, 10, 6, 5, 4, 3, 2, 1},
		attack: 900, defence: 100, strength: 0.01, rivalry: 0.03,
	}
	fallWeights = weights{
		prox:   [rounds]float64{1000, 100, 30, 10, 6, 5, 4, 3, 2, 1},
		attack: 900, defence: 100, strength: 0.01, rivalry: 0.03,
	}
	// Builds and retreats look at where a unit will be useful next year.
	buildWeights = weights{
		prox:   [rounds]float64{1000, 100, 30, 10, 6, 5, 4, 3, 2, 1},
		attack: 400, defence: 600, strength: 0.02, rivalry: 0.04,
	}
)

// analysis is one power's view of a position: the value of every
// province for each unit type, and the strength of the powers around it.
type analysis struct {
	*Graph
	d      *decision // the decision it serves
	pos    *rules.Position
	me     rules.Power
	counts []int     // centres per power
	size   []float64 // per power: how much it matters
	// value[t][p]: how much a unit of type t wants to be in p (season
	// weights), normalised so that the best province is near 1.
	value [3][]float64
	// reach[p]: per power, how many of its units may move to (or stay
	// in) p.
	reach [][]int8
	// threat[p]: the most units one other power can bring to p;
	// strength[p]: how many of ours can.
	threat, strength []int
	w                weights
	// push multiplies the attack values near victory (victoryPush).
	push float64
	// near[p]: the size of the strongest other power with a unit two
	// moves from p (nearThreats).
	near []float64
}

// nearThreats fills near: which other power could strike each province
// after one more move.
func (a *analysis) nearThreats() {
	n := a.m.NumProvinces()
	a.near = make([]float64, n)
	neutral := a.v.Neutral
	for p, u := range a.pos.Units {
		if u.Type == rules.NoUnit || u.Power == a.me || (neutral != rules.NoPower && u.Power == neutral) {
			continue
		}
		s := a.size[u.Power]
		adj := a.adj[u.Type]
		for _, q := range adj[p] {
			for _, r := range adj[q] {
				a.near[r] = max(a.near[r], s)
			}
		}
	}
}

// powerSize is how much a power with c centres matters: it grows with
// the square of the centres, so that the leader draws the others' fire.
func powerSize(c int) float64 { return float64(c*c + 4*c + 16) }

// decision is one decision's reusable work: a resolver, and each power's
// analysis of the position with the season's weights and its distances
// for the easy level, made on first use. The tactical checks of every
// power a decision plays (hard plays the others' normal decisions, each
// with its tactical layer) share them instead of making their own. All of it follows from the variant and
// the position, never from the random source, so sharing it changes no
// choice. It is not safe for concurrent use.
type decision struct {
	g     *Graph
	pos   *rules.Position
	r     *rules.Resolver
	views []*analysis      // per power
	plain []*analysis      // per power: plainView
	easy  []*easyDistances // per power, for easyOrders
	// tactics sizes the normal tactical layer of the decision's
	// analyses (refine); zero: normal's.
	tactics Tactics
}

func newDecision(g *Graph, pos *rules.Position) *decision {
	return &decision{g: g, pos: pos, views: make([]*analysis, len(g.m.Powers)), plain: make([]*analysis, len(g.m.Powers))}
}

// view returns power me's analysis of the position, with the weights of
// its season.
func (d *decision) view(me rules.Power) *analysis {
	if d.views[me] == nil {
		w := springWeights
		switch {
		case d.pos.Phase.Type == rules.AdjustmentPhase:
			w = buildWeights
		case d.pos.Phase.Season == rules.Fall:
			w = fallWeights
		}
		d.views[me] = d.analyse(me, w)
	}
	return d.views[me]
}

// resolver returns the decision's resolver.
func (d *decision) resolver() *rules.Resolver {
	if d.r == nil {
		d.r = rules.NewResolver(d.g.v, rules.Options{})
	}
	return d.r
}

// analyse values every province for power me with the weights w.
func (d *decision) analyse(me rules.Power, w weights) *analysis {
	g, pos := d.g, d.pos
	m := g.m
	n := m.NumProvinces()
	np := len(m.Powers)
	a := &analysis{Graph: g, d: d, pos: pos, me: me, w: w}
	a.counts = pos.CentreCount(m)
	a.size = make([]float64, np)
	for p := range a.size {
		a.size[p] = powerSize(a.counts[p])
	}
	// Who can reach each province.
	a.reach = make([][]int8, n)
	flat := make([]int8, n*np)
	for p := range a.reach {
		a.reach[p] = flat[p*np : (p+1)*np]
	}
	neutral := g.v.Neutral
	for p, u := range pos.Units {
		if u.Type == rules.NoUnit {
			continue
		}
		a.reach[p][u.Power]++
		if neutral != rules.NoPower && u.Power == neutral {
			continue // neutral units only hold
		}
		for _, br := range m.Neighbours(u.Type, pos.LocOf(rules.Province(p))) {
			a.reach[br.To.Province][u.Power]++
		}
	}
	a.threat = make([]int, n)
	a.strength = make([]int, n)
	for p := range a.reach {
		for q, c := range a.reach[p] {
			switch {
			case rules.Power(q) == me:
				a.strength[p] = int(c)
			case q != 0 && int(c) > a.threat[p]:
				a.threat[p] = int(c)
			}
		}
	}
	a.victoryPush()
	a.nearThreats()
	if w.plain {
		a.push = 1
		clear(a.near)
	}

	// Round 0: attack and defence values of the centres.
	base := make([]float64, n)
	for p := range base {
		pi := &m.Provinces[p]
		if !pi.SupplyCenter {
			continue
		}
		owner := pos.Owner[p]
		if owner == me {
			// Defend against the strongest power that can reach it, and
			// at half weight against one that can reach it next turn.
			best := 0.0
			for q, c := range a.reach[p] {
				if c > 0 && rules.Power(q) != me && q != 0 && rules.Power(q) != neutral {
					best = max(best, a.size[q])
				}
			}
			base[p] = w.defence * max(best, 0.5*a.near[p])
			continue
		}
		s := a.size[owner]
		if owner == rules.NoPower {
			s = powerSize(3) // a neutral centre is as good as a middling power's
			if w.plain {
				s = powerSize(a.unowned()) // the published algorithm's reading
			}
		}
		base[p] = w.attack * s * a.push
	}
	for t := rules.Army; t <= rules.Fleet; t++ {
		a.value[t] = a.spread(base, t)
	}
	return a
}

// victoryPush sets push: the attack weight's multiplier when a power is
// close to the variant's victory, which then goes for the centres it
// lacks rather than guarding the ones it has.
func (a *analysis) victoryPush() {
	a.push = 1
	vc := a.v.VictoryCentres
	if vc <= 0 {
		return
	}
	if c := a.counts[a.me]; c >= vc-4 {
		a.push = 1.6
	}
}

// spread sums the proximity rounds of base over the borders of unit type
// t, weights them, adds strength and rivalry, and normalises.
func (a *analysis) spread(base []float64, t rules.UnitType) []float64 {
	n := len(base)
	cur := slices.Clone(base)
	next := make([]float64, n)
	total := make([]float64, n)
	adj := a.adj[t]
	for r := range rounds {
		for p := range cur {
			total[p] += a.w.prox[r] * cur[p]
		}
		if r == rounds-1 {
			break
		}
		for p := range cur {
			s := cur[p]
			for _, q := range adj[p] {
				s += cur[q]
			}
			next[p] = s / 5
		}
		cur, next = next, cur
	}
	hi := 0.0
	for _, x := range total {
		hi = max(hi, x)
	}
	if hi == 0 {
		hi = 1
	}
	for p := range total {
		total[p] = total[p]/hi + a.w.strength*float64(a.strength[p]) - a.w.rivalry*float64(a.threat[p])
	}
	return total
}
