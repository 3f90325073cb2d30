package bot

import (
	"cmp"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/chancery/chancery/rules"
)

// The hard level searches on top of normal. In a movement phase it draws
// profiles of what every other power may do: half from the normal level
// as it plays, positional plan and tactical layer, half from the plain
// model of the published DumbBot algorithm (plain.go); and candidate
// order sets for its own power: normal's own orders first, then
// randomised versions of the positional policy (several temperatures,
// and attacking and defensive weightings), of the plain model, and,
// within soloGap centres of a solo, all-out attacks. It resolves each candidate against each profile
// with the real resolver, scores the outcome with normal's evaluation
// (centres, units, where the units stand, the centres left open, the
// others' units dislodged, the variant's victory), takes the candidate with the best mean and improves
// it with the tactical layer's unit and supported-pair changes against
// the same profiles, with more passes and resolutions than normal allows
// itself: a best response to normal play. In the spring it then plays
// that best and the next best candidates on through the fall against
// each profile (lookahead) and takes the one whose falls end best: what
// a spring move is worth is the centres it takes or saves in the fall,
// which the spring's outcome alone cannot count. It stops at fixed counts
// (candidates, samples, and resolutions per sample), so that one random
// source gives one answer on any machine; a positive Budget adds a clock
// deadline, which it never overruns, for a server whose phase must not
// wait, at the price of play that no longer repeats when the machine is
// too slow for the counts. Builds are chosen by the year they open
// (hard_builds.go); retreats and removals are normal's.

// HardPlayer is the hard level. The zero value is not ready: use NewHard.
type HardPlayer struct {
	// Budget, when positive, is the most wall time one decision may
	// take: the search stops in time to answer within it, even short of
	// its counts. Zero or less: no clock, the search stops at its counts
	// alone and the same random source gives the same orders on any
	// machine, however loaded.
	Budget time.Duration
	// Candidates is the number of distinct order sets tried for the
	// player's own power.
	Candidates int
	// Samples is the number of profiles of the other powers' orders each
	// candidate meets (each is a normal decision of every other power).
	Samples int
	// Finalists is the number of candidates a spring decision plays on
	// through the fall before it chooses (the improved best among them);
	// one or fewer: it chooses by the spring's outcome alone, and builds
	// as normal does instead of playing its build sets on through the
	// year (hard_builds.go).
	Finalists int
	// NormalTactics sizes the tactical layer of the normal play the
	// search starts from and samples half the others' replies from; the
	// zero value is the normal level's own setting. (The search's own
	// improvement of its best candidate is sized by Samples.)
	NormalTactics Tactics
	// Graph is the graph of the variant the player plays, kept across
	// decisions (see Graph); nil makes one per decision.
	Graph *Graph

	// now is the clock Budget is read from; nil is time.Now (tests give
	// a clock of their own, so that what a budget cuts short does not
	// depend on the machine's speed).
	now func() time.Time
}

// Default settings of the hard level: on a shared 2-core machine a
// decision takes about a quarter of a second, far inside PhaseBudget.
const (
	defaultCandidates = 48
	defaultSamples    = 24
	defaultFinalists  = 8
)

// NewHard returns a hard player with the default settings, PhaseBudget
// among them (set Budget to zero for play that repeats on any machine).
func NewHard() *HardPlayer {
	return &HardPlayer{Budget: PhaseBudget, Candidates: defaultCandidates, Samples: defaultSamples, Finalists: defaultFinalists}
}

// Orders returns the hard bot's orders for power in pos.
func (h *HardPlayer) Orders(v *rules.Variant, pos *rules.Position, power rules.Power, rnd *rand.Rand) []rules.Order {
	if !v.Plays(power) {
		return nil
	}
	// Answer by the deadline with a margin for the last steps and for
	// the garbage collector.
	var dl deadline
	if h.Budget > 0 {
		dl.now = h.now
		if dl.now == nil {
			dl.now = time.Now
		}
		dl.at = dl.now().Add(h.Budget - h.Budget/5)
	}
	d := newDecision(h.Graph.of(v), pos)
	d.tactics = h.NormalTactics
	me := d.view(power)
	plain := me.orders(rnd, normalNoise)
	if pos.Phase.Type == rules.AdjustmentPhase && h.Finalists > 1 && len(plain) > 0 && plain[0].Type == rules.Build {
		return h.builds(me, plain, rnd, dl)
	}
	if pos.Phase.Type != rules.MovementPhase || len(plain) == 0 {
		return plain
	}
	// What normal would play, tactical layer included: the first
	// candidate and the fallback.
	plain = me.refineBy(plain, rnd, dl)
	cands := h.candidates(me, plain, rnd, dl)
	var others, plains []*analysis
	for _, q := range v.Powers() {
		if q == power || !hasUnits(pos, q) {
			continue
		}
		others = append(others, d.view(q))
		plains = append(plains, d.plainView(q))
	}
	// The others' replies: every other profile drawn from the normal
	// level as it plays, tactical layer included, and the rest from the
	// plain model, DumbBot's play as published, which checks nothing with
	// a resolver. Either alone is a best response to one kind of
	// opponent: measured, profiles of normal's positional policy alone
	// beat DumbBot as well as these but made hard no better than normal.
	t := newTactics(me, dl)
	t.maxCalls = max(1, h.Samples) * hardWork / max(1, v.Map.NumProvinces())
	t.sweeps = hardSweeps
	for len(t.profiles) < h.Samples && !t.late() {
		var rest []rules.Order
		for i, o := range others {
			if t.late() {
				break // a profile cut short does not count
			}
			if len(t.profiles)%2 == 0 {
				rest = append(rest, o.refineBy(o.orders(rnd, normalNoise), rnd, dl)...)
			} else {
				rest = append(rest, plains[i].orders(rnd, normalNoise)...)
			}
		}
		if t.late() {
			break
		}
		t.profiles = append(t.profiles, rest)
	}
	if len(t.profiles) == 0 {
		return plain
	}
	// The best candidate against them, then improved unit by unit and by
	// supported pairs.
	bi, bs := -1, 0.0
	scores := make([]float64, 0, len(cands))
	for i, c := range cands {
		s, ok := t.score(c)
		if !ok {
			break
		}
		scores = append(scores, s)
		if bi < 0 || s > bs {
			bi, bs = i, s
		}
	}
	if bi < 0 {
		return plain
	}
	best := t.improve(cands[bi], rnd)
	if pos.Phase.Season != rules.Spring || h.Finalists <= 1 {
		return best
	}
	// In the spring, what counts is the fall: the improved best and the
	// next best candidates are played on through the fall against each
	// profile, and the one whose falls end best is taken.
	finalists := [][]rules.Order{best}
	order := make([]int, len(scores))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(x, y int) int { return cmp.Compare(scores[y], scores[x]) })
	for _, i := range order {
		if len(finalists) >= h.Finalists {
			break
		}
		if i != bi {
			finalists = append(finalists, cands[i])
		}
	}
	la := newLookahead(t, rnd)
	fi, fs := 0, 0.0
	for i, f := range finalists {
		s, ok := la.score(f)
		if !ok {
			break
		}
		if i == 0 || s > fs {
			fi, fs = i, s
		}
	}
	return finalists[fi]
}

// lookahead plays a spring's candidate orders on through the fall: each
// sampled profile of the others' spring orders, then a fall in which
// every power plays its positional plan (ours normal's, the others' the
// plain model's), each profile with a random stream of its own, the
// same for every candidate, so that candidates differ by their orders
// and not by their luck.
type lookahead struct {
	t               *tactics
	seeds           []uint64
	spring, retreat rules.Resolution
	fall            rules.Resolution
	joint           []rules.Order
}

func newLookahead(t *tactics, rnd *rand.Rand) *lookahead {
	la := &lookahead{t: t, seeds: make([]uint64, len(t.profiles))}
	for i := range la.seeds {
		la.seeds[i] = rnd.Uint64()
	}
	return la
}

// score is the mean evaluation, at the end of the fall, of our spring
// orders ours; false when the deadline came first or the resolver could
// not be asked.
func (la *lookahead) score(ours []rules.Order) (float64, bool) {
	t := la.t
	a := t.a
	sum := 0.0
	for j, prof := range t.profiles {
		if t.late() {
			return 0, false
		}
		la.joint = append(append(la.joint[:0], ours...), prof...)
		if err := t.r.AdjudicateInto(a.pos, la.joint, &la.spring); err != nil {
			return 0, false
		}
		next, ok := toFall(t.r, la.spring.Next, &la.retreat)
		if !ok {
			return 0, false
		}
		rnd := rand.New(rand.NewPCG(la.seeds[j], 1))
		d := newDecision(a.Graph, next)
		me := d.view(a.me)
		la.joint = append(la.joint[:0], me.orders(rnd, normalNoise)...)
		for _, q := range a.v.Powers() {
			if q != a.me && hasUnits(next, q) {
				la.joint = append(la.joint, d.plainView(q).orders(rnd, normalNoise)...)
			}
		}
		if err := t.r.AdjudicateInto(next, la.joint, &la.fall); err != nil {
			return 0, false
		}
		sum += me.evaluate(next, &la.fall)
	}
	return sum / float64(len(t.profiles)), true
}

// Limits of the hard level's tactical search: more passes than normal's,
// and per sampled profile of the others about 1500 resolutions on the
// standard map (counted as resolutions times provinces, like tacticWork).
const (
	hardWork   = 1500 * 80
	hardSweeps = 4
)

// candidates draws up to h.Candidates distinct order sets for the
// analysed power, plain first, from the normal policy at rising
// temperatures and under attacking and defensive weights, and from the
// plain model; near a solo, all-out attacks too.
func (h *HardPlayer) candidates(me *analysis, plain []rules.Order, rnd *rand.Rand, dl deadline) [][]rules.Order {
	base := me.w
	bold, wary := base, base
	bold.attack, bold.defence = base.attack*1.5, base.defence*0.5
	wary.attack, wary.defence = base.attack*0.6, base.defence*3+300
	// The plain model's choices too: DumbBot's hunger for neutral
	// centres in the opening years, and its walk down the destinations.
	views := []*analysis{me, me.d.analyse(me.me, bold), me.d.analyse(me.me, wary), me.d.plainView(me.me)}
	if vc := me.v.VictoryCentres; vc > 0 && me.counts[me.me]+soloGap >= vc {
		// Near a solo: all-out attack too.
		all := base
		all.attack, all.defence = base.attack*2.5, base.defence*0.3
		views = append(views, me.d.analyse(me.me, all))
	}
	cands := [][]rules.Order{plain}
	seen := map[uint64]bool{orderKey(plain): true}
	for try := 0; len(cands) < h.Candidates && try < 4*h.Candidates; try++ {
		if dl.passed() {
			break
		}
		noise := 0.03 + 0.3*float64(try%6)/5
		c := views[try%len(views)].orders(rnd, noise)
		if k := orderKey(c); !seen[k] {
			seen[k] = true
			cands = append(cands, c)
		}
	}
	return cands
}

// soloGap is how many centres short of the variant's victory the hard
// level adds all-out attacks to its candidates.
const soloGap = 6

// orderKey hashes a set of orders given in a fixed unit order.
func orderKey(orders []rules.Order) uint64 {
	f := fnv.New64a()
	var b [12]byte
	for _, o := range orders {
		b[0], b[1] = byte(o.Type), byte(o.Unit)
		b[2], b[3], b[4] = byte(o.At.Province), byte(o.At.Province>>8), byte(o.At.Coast)
		b[5], b[6], b[7] = byte(o.Target.Province), byte(o.Target.Province>>8), byte(o.Target.Coast)
		b[8], b[9], b[10] = byte(o.Dest.Province), byte(o.Dest.Province>>8), byte(o.Dest.Coast)
		if o.ViaConvoy {
			b[11] = 1
		} else {
			b[11] = 0
		}
		f.Write(b[:])
	}
	return f.Sum64()
}

func hasUnits(pos *rules.Position, p rules.Power) bool {
	for _, u := range pos.Units {
		if u.Type != rules.NoUnit && u.Power == p {
			return true
		}
	}
	return false
}

// evaluate scores for the analysed power the outcome res of a movement
// phase played from pos: its centres once the season's ownership is
// counted (a unit on a centre in the spring counts most of one), its
// units, the value of where they stand, less its centres left empty
// beside an enemy, the other powers' units it dislodges (unitBlow), in
// the fall the builds it leaves room for (buildValue), and a victory by
// the variant's condition above all.
func (a *analysis) evaluate(pos *rules.Position, res *rules.Resolution) float64 {
	m := a.m
	next := res.Next
	fall := pos.Phase.Season == rules.Fall
	neutral := a.v.Neutral
	score := 0.0
	var mine, top int // projected centres: ours, and the most of another power
	var sites int     // in the fall: our free build sites, once the season's ownership is counted
	var counts [32]int
	for p := range next.Owner {
		if !m.Provinces[p].SupplyCenter {
			continue
		}
		owner := next.Owner[p]
		u := next.Units[p]
		occupied := u.Type != rules.NoUnit && u.Power != neutral
		switch {
		case fall && occupied && a.v.MayOwn(rules.Province(p), u.Power):
			owner = u.Power
		case !fall && occupied && u.Power == a.me && owner != a.me:
			score += 0.6
		case !fall && occupied && u.Power != a.me && owner == a.me:
			score -= 0.6
		}
		if owner == a.me {
			mine++
			switch {
			case u.Type != rules.NoUnit:
			case fall && (a.v.BuildAnywhere || m.Provinces[p].Home == a.me):
				sites++ // a build may fill it
			case a.reachedBy(next, rules.Province(p)):
				score -= 0.3
			}
		} else if owner != rules.NoPower && int(owner) < len(counts) {
			counts[owner]++
			top = max(top, counts[owner])
		}
	}
	score += float64(mine)
	units := 0
	for p, u := range next.Units {
		if u.Type != rules.NoUnit && u.Power == a.me {
			units++
			score += 0.2 + 0.3*a.value[u.Type][p]
		}
	}
	if fall && mine > units {
		// The builds the winter will allow: a centre without a unit to
		// show for it for a whole year is a centre half used.
		score += buildValue * float64(min(mine-units, sites))
	}
	for _, d := range next.Dislodged {
		switch {
		case d.Power == a.me:
			score += 0.1
		case d.Power != neutral:
			score += unitBlow
		}
	}
	for _, d := range res.Disbanded {
		if d.Power != a.me && d.Power != neutral {
			score += 2 * unitBlow
		}
	}
	if vc := a.v.VictoryCentres; vc > 0 && mine >= vc && (mine > top || (!a.v.VictoryStrict && top < vc)) {
		score += 100
	}
	return score
}

// buildValue is what a build the fall leaves room for is worth: a free
// home centre where the winter's build can stand. Watched against DumbBot,
// hard at 15 to 17 centres kept its units on its home centres, built one
// unit a year or none, and played with five fewer units than centres.
const buildValue = 0.5

// unitBlow is what dislodging another power's unit is worth, twice that
// when the unit has nowhere to retreat and is disbanded: a unit lost is
// one attacker fewer against our centres next year and one that must be
// rebuilt. Measured against DumbBot (1v6, standard, 28 games a seed),
// with 0.5 hard soloed in 21 of 112 games (seeds 3-6) against 6 of 84
// without it (seeds 3-5); its mean centre share rose less surely, from
// 0.27 to 0.29, within the spread between seeds. 0.15, 0.3 and 1
// measured no better.
const unitBlow = 0.5

// reachedBy reports whether a unit of another power (not neutral) in
// next could move into p.
func (a *analysis) reachedBy(next *rules.Position, p rules.Province) bool {
	for _, t := range [...]rules.UnitType{rules.Army, rules.Fleet} {
		for _, q := range a.adj[t][p] {
			u := next.Units[q]
			if u.Type == t && u.Power != a.me && u.Power != a.v.Neutral {
				return true
			}
		}
	}
	return false
}

// toFall returns the fall's movement phase that follows a spring's
// position next, its retreats played with no orders into retreat
// (dislodged units are lost: the retreats hardly change the fall's
// centres), or false when no fall's movement phase comes next.
func toFall(r *rules.Resolver, next *rules.Position, retreat *rules.Resolution) (*rules.Position, bool) {
	if next.Phase.Type == rules.RetreatPhase {
		if err := r.AdjudicateInto(next, nil, retreat); err != nil {
			return nil, false
		}
		next = retreat.Next
	}
	return next, next.Phase.Type == rules.MovementPhase && next.Phase.Season == rules.Fall
}
