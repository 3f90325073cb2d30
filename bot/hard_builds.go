package bot

import (
	"cmp"
	"math/rand/v2"
	"slices"

	"github.com/chancery/chancery/rules"
)

// The hard level's builds. Normal builds on each free site the unit type
// whose value there is higher, one site at a time: watched against
// DumbBot in 1900, Britain at 14 to 17 centres built only fleets, which
// ringed its coasts in mutual supports while the land centres it needed
// for a solo stayed out of reach. What a build is worth is what it does
// in the year it opens, so the hard level searches: it draws a few build
// sets (normal's first, then each site's other unit type, all armies,
// all fleets, and normal's choice at higher temperatures), plays each on
// through the next spring and fall against sampled builds and moves of
// the others (our moves by normal's positional policy, theirs by the
// plain model, each sample with a random stream of its own, the same for
// every build set), and takes the one whose falls end best by normal's
// evaluation. It compares at most Finalists build sets over Samples
// years each: about as many resolutions and analyses as a spring's
// lookahead.

// builds returns the analysed power's builds for the adjustment phase of
// me.pos, at least as good by the year ahead as plain, normal's.
func (h *HardPlayer) builds(me *analysis, plain []rules.Order, rnd *rand.Rand, dl deadline) []rules.Order {
	cands := me.buildSets(plain, h.Finalists, rnd)
	if len(cands) < 2 {
		return plain
	}
	d := me.d
	v, pos := me.v, me.pos
	// The others' winter orders, one set per sample: they do not depend
	// on ours.
	seeds := make([]uint64, max(1, h.Samples))
	others := make([][]rules.Order, max(1, h.Samples))
	for j := range seeds {
		seeds[j] = rnd.Uint64()
		r := rand.New(rand.NewPCG(seeds[j], 0))
		for _, q := range v.Powers() {
			if q != me.me && v.AdjustmentDue(pos, q) != 0 {
				others[j] = append(others[j], d.view(q).orders(r, normalNoise)...)
			}
		}
	}
	y := yearAhead{g: me.Graph, r: d.resolver(), me: me.me}
	bi, bs := 0, 0.0
	for i, c := range cands {
		if dl.passed() {
			break
		}
		sum, n := 0.0, 0
		for j := range seeds {
			s, ok := y.play(pos, c, others[j], seeds[j])
			if ok {
				sum += s
				n++
			}
		}
		if n == 0 {
			continue
		}
		if s := sum / float64(n); i == 0 || s > bs {
			bi, bs = i, s
		}
	}
	return cands[bi]
}

// buildSets draws up to n distinct build sets for the analysed power,
// plain first (see builds).
func (a *analysis) buildSets(plain []rules.Order, n int, rnd *rand.Rand) [][]rules.Order {
	cands := [][]rules.Order{plain}
	seen := map[uint64]bool{buildKey(plain): true}
	add := func(c []rules.Order) {
		if len(cands) >= n || len(c) != len(plain) {
			return
		}
		if k := buildKey(c); !seen[k] {
			seen[k] = true
			cands = append(cands, c)
		}
	}
	for i := range plain {
		add(a.rebuilt(plain, func(j int) bool { return j == i }))
	}
	add(a.rebuilt(plain, func(j int) bool { return plain[j].Unit == rules.Fleet }))
	add(a.rebuilt(plain, func(j int) bool { return plain[j].Unit == rules.Army }))
	for try := 0; try < 3*n && len(cands) < n; try++ {
		add(a.adjustments(rnd, 0.05+0.1*float64(try%4)))
	}
	return cands
}

// rebuilt returns plain with the unit type of the builds flip picks
// changed where the site allows the other type (a fleet on the coast
// where it is worth most).
func (a *analysis) rebuilt(plain []rules.Order, flip func(int) bool) []rules.Order {
	out := slices.Clone(plain)
	for i, o := range out {
		if o.Type != rules.Build || !flip(i) {
			continue
		}
		p := o.At.Province
		switch o.Unit {
		case rules.Fleet:
			if a.m.CanOccupy(rules.Army, rules.At(p)) {
				out[i].Unit, out[i].At = rules.Army, rules.At(p)
			}
		case rules.Army:
			best, found := 0.0, false
			locs := []rules.Loc{rules.At(p)}
			for _, c := range a.m.Provinces[p].Coasts {
				locs = append(locs, rules.Loc{Province: p, Coast: c})
			}
			for _, l := range locs {
				if !a.m.CanOccupy(rules.Fleet, l) {
					continue
				}
				if s := a.fleetValueAt(l); !found || s > best {
					best, found = s, true
					out[i].Unit, out[i].At = rules.Fleet, l
				}
			}
		}
	}
	return out
}

// buildKey identifies a set of builds whatever their order.
func buildKey(orders []rules.Order) uint64 {
	s := slices.Clone(orders)
	slices.SortFunc(s, func(x, y rules.Order) int {
		return cmp.Or(cmp.Compare(x.At.Province, y.At.Province), cmp.Compare(x.At.Coast, y.At.Coast), cmp.Compare(x.Unit, y.Unit))
	})
	return orderKey(s)
}

// yearAhead plays an adjustment phase on through the next spring and
// fall.
type yearAhead struct {
	g                       *Graph
	r                       *rules.Resolver
	me                      rules.Power
	winter, spring, retreat rules.Resolution
	fall                    rules.Resolution
	joint                   []rules.Order
}

// play adjudicates ours and theirs in the adjustment phase pos, plays
// the spring and the fall after it with a random stream drawn from seed,
// and returns our evaluation of the fall's outcome; false when a phase
// could not be adjudicated or the year did not follow.
func (y *yearAhead) play(pos *rules.Position, ours, theirs []rules.Order, seed uint64) (float64, bool) {
	y.joint = append(append(y.joint[:0], ours...), theirs...)
	if err := y.r.AdjudicateInto(pos, y.joint, &y.winter); err != nil {
		return 0, false
	}
	next := y.winter.Next
	if next.Phase.Type != rules.MovementPhase || next.Phase.Season != rules.Spring {
		return 0, false
	}
	rnd := rand.New(rand.NewPCG(seed, 1))
	if _, ok := y.season(next, &y.spring, rnd); !ok {
		return 0, false
	}
	next, ok := toFall(y.r, y.spring.Next, &y.retreat)
	if !ok {
		return 0, false
	}
	return y.season(next, &y.fall, rnd)
}

// season plays the movement phase pos into res, ours by normal's
// positional policy and the others' by the plain model, and returns our
// evaluation of its outcome.
func (y *yearAhead) season(pos *rules.Position, res *rules.Resolution, rnd *rand.Rand) (float64, bool) {
	d := newDecision(y.g, pos)
	d.r = y.r
	me := d.view(y.me)
	y.joint = append(y.joint[:0], me.orders(rnd, normalNoise)...)
	for _, q := range y.g.v.Powers() {
		if q != y.me && hasUnits(pos, q) {
			y.joint = append(y.joint, d.plainView(q).orders(rnd, normalNoise)...)
		}
	}
	if err := y.r.AdjudicateInto(pos, y.joint, res); err != nil {
		return 0, false
	}
	return me.evaluate(pos, res), true
}
