package rules

import "fmt"

// A RailwayLine is a line of provinces along which the armies of one power may
// travel any distance in one move (Colonial's Trans-Siberian Railroad). A
// railway move is an Order of kind Railway from one station of the line to
// another. The army travels the line station by station towards its
// destination: stations the power's own units hold are passed, a station
// that blocks the line stops the army before it, and the destination is
// fought for as by an ordinary move, except that the railway army never
// dislodges a unit that stays there.
//
// Revision 2.2 of vDiplomacy's Colonial rules (the default reading) decides
// what blocks a station q between the army and its destination:
//
//   - a foreign unit stands in q and is not ordered off the line: it holds,
//     supports, convoys or moves along the line, whether or not the move
//     succeeds, and even if it is dislodged;
//   - a foreign unit ordered into q would get there if the railway army
//     were not there, counting every unit ordered out of q as gone: so a
//     unit kept out only by the railway army (which contests each station
//     of its way with the strength of one unit) or by a unit that failed to
//     leave blocks, while units that bounce off each other, or off a unit
//     that holds, do not;
//   - q is a supply centre owned by a foreign power: the army may end its
//     move in q but not pass it.
//
// The army stops in the nearest station before the obstacle (going back
// towards its start) that is empty at the end of the turn and saw no
// standoff; with none, it stays where it started and holds with the
// strength of one unit. A foreign unit moving from the destination into
// the army's start meets it head to head: the army cannot swap with it,
// neither dislodges it nor keeps a third unit out of the destination, and
// stays, holding with the strength of one unit. RailwayAH1996 reads the
// rules as Avalon Hill's 1996 clarifications do (see RailwayReading).
type RailwayLine struct {
	Name  string     // the railway's name in orders and messages ("tsr")
	Power Power      // the only power whose armies may use it
	Line  []Province // the stations, in order along the line
}

// Station returns the index of p on the line, or -1.
func (w *RailwayLine) Station(p Province) int {
	for i, q := range w.Line {
		if q == p {
			return i
		}
	}
	return -1
}

// RailwayReading is a way to read the rules of railway moves.
type RailwayReading uint8

// The readings of the railway rules.
const (
	// Railway22 is revision 2.2 of vDiplomacy's Colonial rules: a foreign
	// unit ordered along the line still blocks its station, and the
	// railway power's units never hinder the railway army.
	Railway22 RailwayReading = iota
	// RailwayAH1996 is Avalon Hill's reading (The General, vol. 30 no. 4,
	// and the errata of 6 March 1996): any unit ordered to leave a station,
	// even along the line, frees it, and units of the railway's own power
	// that move onto the way fight the railway army like foreign ones (a
	// standoff with one of them stops it).
	RailwayAH1996
)

// String returns the reading's name: "2.2" or "ah1996".
func (r RailwayReading) String() string {
	if r == RailwayAH1996 {
		return "ah1996"
	}
	return "2.2"
}

// Railways returns the map's railways.
func (m *Map) Railways() []RailwayLine { return m.railways }

// RailwayFor returns the index of the railway that the armies of power may
// use to travel from one province to another, or -1.
func (m *Map) RailwayFor(power Power, from, to Province) int {
	for i := range m.railways {
		w := &m.railways[i]
		if w.Power == power && from != to && w.Station(from) >= 0 && w.Station(to) >= 0 {
			return i
		}
	}
	return -1
}

// AddRailway declares a railway for the armies of power along line.
func (b *MapBuilder) AddRailway(name string, power Power, line []Province) {
	b.m.railways = append(b.m.railways, RailwayLine{Name: name, Power: power, Line: append([]Province(nil), line...)})
}

// checkRailways verifies that each railway runs along army borders
// between distinct provinces.
func (b *MapBuilder) checkRailways() error {
	m := &b.m
	for _, w := range m.railways {
		if len(w.Line) < 2 {
			return fmt.Errorf("railway %s: a line needs two stations", w.Name)
		}
		if int(w.Power) >= len(m.Powers) || w.Power == NoPower {
			return fmt.Errorf("railway %s: unknown power", w.Name)
		}
		for i, p := range w.Line {
			if int(p) >= len(m.Provinces) || m.Provinces[p].Terrain == Sea {
				return fmt.Errorf("railway %s: station %d is not a land province", w.Name, i+1)
			}
			if w.Station(p) != i {
				return fmt.Errorf("railway %s: %s is on the line twice", w.Name, m.Provinces[p].Abbr)
			}
			if i > 0 {
				if ok, _ := m.Edge(Army, At(w.Line[i-1]), At(p)); !ok {
					return fmt.Errorf("railway %s: no army border between %s and %s", w.Name, m.Provinces[w.Line[i-1]].Abbr, m.Provinces[p].Abbr)
				}
			}
		}
	}
	return nil
}

// railMove is a railway move being resolved.
type railMove struct {
	army  Province     // where the army starts
	power Power        // the railway's power
	way   *RailwayLine // the railway
	path  []Province   // the stations from the start to the destination, both included
}

// railState is the resolver's scratch space for railway moves.
type railState struct {
	moves []railMove
	paths []Province // storage for the paths
	notes []railNote // why railway orders were illegal
	used  []int      // railways already used this turn, by index
}

type railNote struct {
	p    Province
	note string
}

// The obstacles that end a railway move before its destination.
type railStop uint8

const (
	railOpen    railStop = iota // nothing on the way: the destination is fought for
	railBlocked                 // a station blocks the line
	railCentre                  // a foreign-owned centre: the army may end there, not pass
)

// railLegal checks a railway order on its own (knowing no other order).
func (r *Resolver) railLegal(p Province) Reason {
	o := &r.ord[p]
	m := r.m
	d := o.Target.Province
	note := ""
	switch {
	case len(m.railways) == 0:
		note = "there is no railway on this map"
	case o.Unit != Army:
		note = "only armies travel by railway"
	case int(d) >= m.NumProvinces() || d == p:
		note = "a railway move needs two stations of one line"
	case m.RailwayFor(o.Power, p, d) < 0:
		note = "no railway of " + m.PowerName(o.Power) + " joins " + m.Provinces[p].Name + " and " + m.Provinces[d].Name
		for i := range m.railways {
			w := &m.railways[i]
			if w.Station(p) >= 0 && w.Station(d) >= 0 {
				note = "only " + m.PowerName(w.Power) + "'s armies may use the " + w.Name
			}
		}
	}
	if note != "" {
		r.rail.notes = append(r.rail.notes, railNote{p, note})
		return RuleViolation
	}
	o.Target = At(d)
	return NoReason
}

// railPossible reports whether the unit at t could move to d by a railway:
// a support of such a move is legal (DATC 6.D.31's rule for moves).
func (r *Resolver) railPossible(t, d Province) bool {
	u := r.pos.Units[t]
	return u.Type == Army && r.m.RailwayFor(u.Power, t, d) >= 0
}

// railSetup explains the illegal railway orders, allows one railway move
// per railway and turn (the first given), and makes each remaining one a
// move to its destination for the supports that match it. It runs after
// the legality pass and before supports are matched.
func (r *Resolver) railSetup(res *Resolution) {
	rs := &r.rail
	rs.moves = rs.moves[:0]
	rs.paths = rs.paths[:0]
	rs.used = rs.used[:0]
	for _, n := range rs.notes {
		if i := r.pv[n.p].resIdx; i >= 0 {
			res.Results[i].Note = n.note
		}
	}
	rs.notes = rs.notes[:0]
	if len(r.m.railways) == 0 {
		return
	}
	for i := range res.Results {
		if res.Results[i].Order.Type != Railway || res.Results[i].Outcome == Illegal {
			continue
		}
		p := res.Results[i].Order.At.Province
		if int(p) >= len(r.ord) || r.pv[p].resIdx != int32(i) || r.ord[p].Type != Railway {
			continue
		}
		o := &r.ord[p]
		w := r.m.RailwayFor(o.Power, p, o.Target.Province)
		taken := false
		for _, u := range rs.used {
			taken = taken || u == w
		}
		way := &r.m.railways[w]
		if taken {
			illegal(res, i, RuleViolation)
			res.Results[i].Note = "only one army a turn may use the " + way.Name
			*o = HoldOrder(o.Power, Army, r.pos.LocOf(p))
			continue
		}
		rs.used = append(rs.used, w)
		from, to := way.Station(p), way.Station(o.Target.Province)
		start := len(rs.paths)
		for j := from; ; {
			rs.paths = append(rs.paths, way.Line[j])
			if j == to {
				break
			}
			if to > from {
				j++
			} else {
				j--
			}
		}
		rs.moves = append(rs.moves, railMove{army: p, power: way.Power, way: way, path: rs.paths[start:len(rs.paths):len(rs.paths)]})
		r.pv[p].moving = true
		r.pv[p].dest = o.Target.Province
		r.pv[p].destLoc = o.Target
	}
}

// railMoveAt returns the railway move of the army at p, or nil.
func (r *Resolver) railMoveAt(p Province) *railMove {
	for i := range r.rail.moves {
		if r.rail.moves[i].army == p {
			return &r.rail.moves[i]
		}
	}
	return nil
}

// onRail reports whether the unit at p makes a railway move: such a move
// is never a head-to-head battle in the core's sense (railHeadOn is its
// own rule).
func (r *Resolver) onRail(p Province) bool { return r.ord[p].Type == Railway && r.pv[p].moving }

// railHindered reports whether the railway army fights a unit of power on
// the stations between its start and its destination: foreign units
// always, its own power's units only in the Avalon Hill reading.
func (r *Resolver) railHindered(mv *railMove, power Power) bool {
	return power != mv.power || r.opt.Railway == RailwayAH1996
}

// railReach walks the way of mv and returns the index of the last station
// the army reaches, the index of the farthest station it may stop in, and
// what ends the way there.
func (r *Resolver) railReach(mv *railMove) (reach, far int, why railStop) {
	k := len(mv.path) - 1
	for i := 1; i < k; i++ {
		q := mv.path[i]
		if r.railBlocks(mv, q) {
			return i, i - 1, railBlocked
		}
		if o := r.pos.Owner[q]; r.m.Provinces[q].SupplyCenter && o != NoPower && o != mv.power {
			return i, i, railCentre
		}
	}
	return k, k - 1, railOpen
}

// railBlocks reports whether station q blocks the way of mv.
func (r *Resolver) railBlocks(mv *railMove, q Province) bool {
	if u := r.pos.Units[q]; u.Type != NoUnit && u.Power != mv.power {
		if !r.pv[q].moving {
			return true // it holds, supports or convoys, even if dislodged
		}
		if r.opt.Railway == Railway22 && mv.way.Station(r.pv[q].dest) >= 0 {
			return true // it moves along the line, successfully or not
		}
	}
	for x := r.pv[q].intoHead; x >= 0; x = r.pv[x].intoNext {
		if r.railHindered(mv, r.pos.Units[x].Power) && r.wouldEnter(Province(x), q) {
			return true
		}
	}
	return false
}

// wouldEnter reports whether the unit at x would get into q if no railway
// army were on the way, counting the unit in q as gone when it is ordered
// to move.
func (r *Resolver) wouldEnter(x, q Province) bool {
	if r.pv[x].convoyed && !r.path(x) {
		return false
	}
	occ := r.pos.Units[q]
	att, hold := 0, 0
	if occ.Type == NoUnit || r.pv[q].moving {
		att = r.base(x) + r.supports(x, NoPower)
	} else {
		if occ.Power == r.pos.Units[x].Power {
			return false
		}
		att, hold = r.base(x)+r.supports(x, occ.Power), r.holdStrength(q)
	}
	if att <= hold {
		return false
	}
	for y := r.pv[q].intoHead; y >= 0; y = r.pv[y].intoNext {
		if Province(y) != x && att <= r.preventStrength(Province(y)) {
			return false
		}
	}
	return true
}

// railHeadOn reports whether a foreign unit in the destination of mv moves
// into the army's start: a head-to-head battle the railway army can lose
// but never win.
func (r *Resolver) railHeadOn(mv *railMove) bool {
	d := mv.path[len(mv.path)-1]
	u := r.pos.Units[d]
	return u.Type != NoUnit && u.Power != mv.power && r.pv[d].moving && r.pv[d].dest == mv.army && !r.pv[d].convoyed && !r.onRail(d)
}

// railPrevent returns the strength with which railway armies oppose the
// move of the unit at p into d: one unit on a station they reach on their
// way (against units they fight there), their full strength in a
// destination they reach and do not meet head to head.
func (r *Resolver) railPrevent(p, d Province) int {
	best := 0
	for i := range r.rail.moves {
		mv := &r.rail.moves[i]
		if mv.army == p {
			continue
		}
		j := -1
		for s := 1; s < len(mv.path); s++ {
			if mv.path[s] == d {
				j = s
			}
		}
		if j < 0 {
			continue
		}
		reach, _, _ := r.railReach(mv)
		if j > reach {
			continue
		}
		s := 0
		if j < len(mv.path)-1 {
			if r.railHindered(mv, r.pos.Units[p].Power) {
				s = unit
			}
		} else if !r.railHeadOn(mv) {
			s = unit + r.supports(mv.army, NoPower)
		}
		best = max(best, s)
	}
	return best
}

// resolveRail decides whether the railway army at s leaves its start.
func (r *Resolver) resolveRail(s Province) bool {
	mv := r.railMoveAt(s)
	if mv == nil {
		return false
	}
	end, _, _ := r.railEnd(mv)
	return end != s
}

// railEnd returns where the army of mv ends its move, the index of the
// station where its way ended (the obstacle, or the destination), and why.
func (r *Resolver) railEnd(mv *railMove) (end Province, at int, why railStop) {
	reach, far, why := r.railReach(mv)
	if why == railOpen && r.railTakesDest(mv) {
		return mv.path[reach], reach, why
	}
	for i := far; i >= 1; i-- {
		if r.railFree(mv.path[i]) {
			return mv.path[i], reach, why
		}
	}
	return mv.army, reach, why
}

// railTakesDest decides the fight for the destination of mv, which the
// army has reached: it never dislodges a unit that stays there.
func (r *Resolver) railTakesDest(mv *railMove) bool {
	d := mv.path[len(mv.path)-1]
	if r.railHeadOn(mv) {
		return false
	}
	if r.pos.Units[d].Type != NoUnit && !(r.pv[d].moving && r.adjudicate(d)) {
		return false
	}
	att := unit + r.supports(mv.army, NoPower)
	for y := r.pv[d].intoHead; y >= 0; y = r.pv[y].intoNext {
		if att <= r.preventStrength(Province(y)) {
			return false
		}
	}
	return true
}

// railFree reports whether a railway army may stop in q: it is empty at
// the end of the turn and saw no standoff.
func (r *Resolver) railFree(q Province) bool {
	if r.pos.Units[q].Type != NoUnit && !(r.pv[q].moving && r.adjudicate(q)) {
		return false
	}
	for y := r.pv[q].intoHead; y >= 0; y = r.pv[y].intoNext {
		yp := Province(y)
		if r.adjudicate(yp) {
			return false
		}
		if r.pv[yp].convoyed && !r.path(yp) {
			continue // it never arrived: no standoff
		}
		if r.headToHead(yp) && r.adjudicate(r.pv[yp].dest) {
			continue // it lost a head-to-head battle: no effect there
		}
		return false
	}
	return true
}

// railFinish fixes where each railway army ends, for the core to place it,
// and explains every railway move that did not reach its destination. It
// runs when every decision is resolved.
func (r *Resolver) railFinish(res *Resolution) {
	m := r.m
	for i := range r.rail.moves {
		mv := &r.rail.moves[i]
		s := mv.army
		end, at, why := r.railEnd(mv)
		if (end != s) != r.pv[s].res {
			// Only the backup rule of a cycle can part the decision from
			// the way: trust the decision the other units relied on.
			if r.pv[s].res {
				end = mv.path[len(mv.path)-1]
			} else {
				end = s
			}
		}
		r.pv[s].dest, r.pv[s].destLoc = end, At(end)
		k := len(mv.path) - 1
		idx := r.pv[s].resIdx
		if end == mv.path[k] || idx < 0 {
			continue
		}
		rs := &res.Results[idx]
		q := mv.path[at]
		name := m.Provinces[q].Name
		var note string
		switch {
		case why == railBlocked:
			note = "blocked at " + name
		case why == railCentre:
			note = "may not pass " + name + ", a centre of " + m.PowerName(r.pos.Owner[q])
		case r.railHeadOn(mv):
			note = "cannot swap places with the unit in " + name
		case r.pos.Units[q].Type != NoUnit && !(r.pv[q].moving && r.pv[q].res):
			note = "cannot dislodge the unit that stays in " + name
		default:
			note = "bounced in " + name
		}
		rs.Outcome, rs.Reason, rs.Where = Failed, Bounced, q
		switch by := r.dislodger(s); {
		case end != s:
			note += ", stopped in " + m.Provinces[end].Name
		case by != NoProvince:
			rs.Reason, rs.Where = WasDislodged, by
			note += ", stayed in " + m.Provinces[s].Name + " and was dislodged by the unit from " + m.Provinces[by].Name
		default:
			note += ", stayed in " + m.Provinces[s].Name
		}
		rs.Note = note
	}
}
