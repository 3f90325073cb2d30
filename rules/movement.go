package rules

import "slices"

// Decision states of the guess-and-check algorithm (DATC section 5).
const (
	unresolved uint8 = iota
	guessing
	resolved
)

// Strengths are counted in half units so that a half-strength border (1900's
// cape route) stays an integer: one unit or one support is 2.
const unit = 2

// movement resolves a movement phase, in the passes of DATC section 5:
// attach each order to its unit, check each on its own, link moves and
// then the supports and convoys that serve them, and compute every
// decision.
func (r *Resolver) movement(pos *Position, orders []Order, res *Resolution) {
	r.resetMovement(pos)
	r.attachOrders(pos, orders, res)
	r.checkPermits(pos, res)
	r.checkOrders(pos, res)
	r.linkMoves()
	r.railSetup(res)
	r.linkSupportsAndConvoys(res)
	for _, p := range r.units {
		r.adjudicate(p)
	}
	r.finishMovement(pos, res)
}

// resetMovement clears the scratch state of the previous phase and lists
// the units of pos. Their orders are cleared to holds (Order{Type: Hold})
// without their fields: checkOrders writes the hold of a unit that is
// given no order, and what runs before it reads only the orders' types.
func (r *Resolver) resetMovement(pos *Position) {
	// Only the provinces the previous phase touched need clearing: the
	// others still hold their defaults. When they are many, clearing
	// every province a slice at a time costs less than one by one.
	if len(r.touched) > len(r.ord)/8 {
		r.clearAll()
	} else {
		for _, p := range r.touched {
			r.clearProvince(p)
		}
	}
	r.convoyers = r.convoyers[:0]
	units := r.units[:0] // a local slice: no store to r for each unit
	for p, u := range pos.Units {
		if u.Type != NoUnit {
			units = append(units, Province(p))
		}
	}
	r.units = units
	r.touched = append(r.touched[:0], units...)
	r.deps = r.deps[:0]
	r.guessBased, r.hits = false, 0
	r.permits = r.permits[:0]
}

// attachOrders gives each order a result and attaches it to its unit; an
// order that no unit can take (no unit, a neutral unit, a second order, a
// wrong unit type, an order of another phase) is illegal. Permits are set
// aside for checkPermits.
func (r *Resolver) attachOrders(pos *Position, orders []Order, res *Resolution) {
	n := len(pos.Units)
	// Every result at once (res.Results is empty): one store of the
	// slice, not one for each order.
	res.Results = slices.Grow(res.Results, len(orders))[:len(orders)]
	results := res.Results
	for i := range orders {
		o := orders[i]
		results[i] = Result{Order: o, Where: NoProvince}
		switch o.Type {
		case Hold, Move, Support, Convoy, Railway:
		case Permit:
			r.permits = append(r.permits, o)
			continue
		default:
			illegal(res, i, WrongPhase)
			continue
		}
		p := o.At.Province
		if int(p) >= n {
			illegal(res, i, NoSuchUnit)
			continue
		}
		u := pos.Units[p]
		if u.Type == NoUnit || u.Power != o.Power {
			illegal(res, i, NoSuchUnit)
			continue
		}
		if r.v.Neutral != NoPower && o.Power == r.v.Neutral {
			illegal(res, i, NeutralUnit)
			continue
		}
		pv := &r.pv[p]
		if pv.resIdx >= 0 {
			illegal(res, i, DuplicateOrder)
			continue
		}
		if o.Unit != NoUnit && o.Unit != u.Type && !r.opt.IgnoreUnitType {
			illegal(res, i, WrongUnitType)
			continue
		}
		// DATC 4.B.5 (and 4.C.2 when so chosen): a wrong coast (or unit
		// type) of the ordered unit is garbage that is ignored.
		o.At = Loc{Province: p, Coast: u.Coast}
		o.Unit = u.Type
		// The result names the unit as it is.
		rs := &results[i]
		rs.Order.At, rs.Order.Unit = o.At, o.Unit
		r.ord[p] = o
		pv.resIdx = int32(i)
	}
}

// checkOrders decides the legality of each order on its own (DATC 4.E.1):
// an illegal order becomes a hold, as does a unit given no order. It
// lists the legal convoys.
func (r *Resolver) checkOrders(pos *Position, res *Resolution) {
	for _, p := range r.units {
		i := r.pv[p].resIdx
		if i < 0 {
			r.ord[p] = HoldOrder(pos.Units[p].Power, pos.Units[p].Type, pos.LocOf(p))
			continue
		}
		if why := r.legal(p); why != NoReason {
			illegal(res, int(i), why)
			r.ord[p] = HoldOrder(pos.Units[p].Power, pos.Units[p].Type, pos.LocOf(p))
		} else if r.ord[p].Type == Convoy {
			r.convoyers = append(r.convoyers, p)
		}
	}
}

// linkMoves links every move into its destination's list, and decides
// whether each army takes a convoy route (DATC 4.A.3, 2000/2023 rules: by
// convoy when ordered "via convoy", when the move needs it, or when a
// fleet of the army's own power is ordered to convoy it; with no
// fall-back to the land route), which takes it off the border whose kind
// legal noted.
func (r *Resolver) linkMoves() {
	for _, p := range r.units {
		o := &r.ord[p]
		if o.Type != Move {
			continue
		}
		d := o.Target.Province
		r.touched = append(r.touched, d)
		pv := &r.pv[p] // r.pv is never resized
		pv.moving = true
		pv.dest = d
		pv.intoNext = r.pv[d].intoHead
		r.pv[d].intoHead = int32(p)
		// legal set convoyed (an army not adjacent), half and noCut (the
		// border's kind, of a move over one).
		if o.Unit == Fleet {
			pv.destLoc = o.Target
			continue
		}
		pv.destLoc = At(d)
		if !pv.convoyed && (len(r.convoyers) > 0 || o.ViaConvoy) {
			own, any := r.convoysOf(p)
			// DATC 4.A.3: no fall-back to the land route (3.1), unless
			// the game chose the DATC version 2 reading.
			if own || (o.ViaConvoy && (any || !r.opt.ConvoyFallback)) {
				pv.convoyed, pv.half, pv.noCut = true, false, false
			}
		}
	}
}

// linkSupportsAndConvoys links each support and convoy to the order it
// serves; one that matches no order is void and holds (it may still be
// supported to hold).
func (r *Resolver) linkSupportsAndConvoys(res *Resolution) {
	m := r.m
	for _, p := range r.units {
		o := &r.ord[p]
		switch o.Type {
		case Support:
			t := o.Target.Province
			ok := false
			if o.Dest.Province == NoProvince {
				ok = !r.pv[t].moving
			} else {
				ok = r.pv[t].moving && r.pv[t].dest == o.Dest.Province &&
					(o.Dest.Coast == NoCoast || !m.HasCoasts(o.Dest.Province) || r.pv[t].destLoc.Coast == o.Dest.Coast)
			}
			if ok {
				r.pv[p].supNext = r.pv[t].supHead
				r.pv[t].supHead = int32(p)
			} else {
				res.Results[r.pv[p].resIdx].Outcome = Failed
				res.Results[r.pv[p].resIdx].Reason = Void
				o.Type = Hold // a void support holds, and may be supported to hold
				o.Target, o.Dest = noLoc, noLoc
			}
		case Convoy:
			a := o.Target.Province
			if r.pv[a].moving && r.pv[a].convoyed && r.pv[a].dest == o.Dest.Province {
				r.pv[p].convNext = r.pv[a].convHead
				r.pv[a].convHead = int32(p)
			} else {
				res.Results[r.pv[p].resIdx].Outcome = Failed
				res.Results[r.pv[p].resIdx].Reason = Void
				o.Type = Hold
			}
		}
	}
}

// clearProvince puts the scratch state of province p back to its defaults.
func (r *Resolver) clearProvince(p Province) {
	r.pv[p] = clearState
	r.ord[p] = Order{Type: Hold}
}

// clearAll is clearProvince of every province.
func (r *Resolver) clearAll() {
	copy(r.pv, r.clean)
	clear(r.ord) // Order{Type: Hold}, which is zero
	var _ [1]struct{} = [1 - Hold]struct{}{}
}

// convoysOf reports whether a fleet of the army's own power (own), and
// whether any fleet (any), is legally ordered to convoy the army at a to
// its destination.
func (r *Resolver) convoysOf(a Province) (own, any bool) {
	power := r.pos.Units[a].Power
	d := r.ord[a].Target.Province
	for _, f := range r.convoyers {
		o := &r.ord[f]
		if o.Type == Convoy && o.Target.Province == a && o.Dest.Province == d && r.pos.Units[f].Type == Fleet {
			any = true
			own = own || r.pos.Units[f].Power == power
		}
	}
	return own, any
}

// checkPermits validates the canal permissions given this turn.
func (r *Resolver) checkPermits(pos *Position, res *Resolution) {
	if len(r.permits) == 0 {
		return
	}
	for i := range res.Results {
		o := &res.Results[i].Order
		if o.Type != Permit || res.Results[i].Outcome == Illegal {
			continue
		}
		g := o.At.Province
		if int(g) >= len(pos.Units) || pos.Units[g].Type == NoUnit || pos.Units[g].Power != o.Power {
			illegal(res, i, NotGatekeeper)
		} else if why, note := r.permitCheck(o, i, res); why != NoReason {
			illegal(res, i, why)
			res.Results[i].Note = note
		}
	}
	kept := r.permits[:0]
	for i := range res.Results {
		if res.Results[i].Order.Type == Permit && res.Results[i].Outcome != Illegal {
			kept = append(kept, res.Results[i].Order)
		}
	}
	r.permits = kept
}

// permitCheck checks a permission given by the gatekeeper: it must name a
// fleet's move across a border that the gate keeps, and a gate lets one
// fleet through a turn (Colonial's Suez canal: one fleet, one direction).
func (r *Resolver) permitCheck(o *Order, i int, res *Resolution) (Reason, string) {
	m := r.m
	f, d := o.Target.Province, o.Dest
	if int(f) >= m.NumProvinces() || int(d.Province) >= m.NumProvinces() || r.pos.Units[f].Type != Fleet {
		return NoSuchUnit, "a permission names a fleet standing beside the gate"
	}
	l, ok := m.FleetDest(r.pos.LocOf(f), d.Province, d.Coast)
	if _, kind := m.Edge(Fleet, r.pos.LocOf(f), l); !ok || m.BorderKinds[kind].Gate != o.At.Province {
		return RuleViolation, "the permitted move must go through the passage that " + m.Provinces[o.At.Province].Name + " keeps"
	}
	for j := 0; j < i; j++ {
		if q := &res.Results[j]; q.Order.Type == Permit && q.Outcome != Illegal && q.Order.At.Province == o.At.Province {
			return DuplicateOrder, "one permission a turn: one fleet, one direction"
		}
	}
	return NoReason, ""
}

// permitted reports whether a move from one location to another through
// the gate g was permitted this turn.
func (r *Resolver) permitted(g Province, from, to Loc) bool {
	for _, o := range r.permits {
		if o.At.Province == g && o.Target.Province == from.Province && o.Dest.Province == to.Province {
			return true
		}
	}
	return false
}

// legal checks an order on its own, knowing no other order, and returns
// why it is illegal, or NoReason. It normalises move destinations.
func (r *Resolver) legal(p Province) Reason {
	m := r.m
	o := &r.ord[p]
	switch o.Type {
	case Move:
		d := o.Target.Province
		if int(d) >= m.NumProvinces() || d == p {
			return NotAdjacent
		}
		if o.Unit == Fleet {
			l, ok := m.FleetDest(o.At, d, o.Target.Coast)
			if !ok {
				if m.CanSupportInto(Fleet, o.At, d) || m.HasCoasts(d) && r.anyFleetEdge(o.At, d) {
					return BadCoast
				}
				return NotAdjacent
			}
			o.Target = l
			_, kind := m.Edge(Fleet, o.At, l)
			ki := &m.BorderKinds[kind]
			// What the border's kind changes, for linkMoves (which reads
			// it only of a legal move).
			pv := &r.pv[p]
			pv.convoyed, pv.half, pv.noCut = false, ki.HalfStrength, ki.NoCut
			if ki.Gate != NoProvince && !r.permitted(ki.Gate, o.At, l) {
				return NoPermission
			}
			return NoReason
		}
		o.Target = At(d)
		pv := &r.pv[p]
		if ok, kind := m.Edge(Army, o.At, o.Target); ok {
			ki := &m.BorderKinds[kind]
			pv.convoyed, pv.half, pv.noCut = false, ki.HalfStrength, ki.NoCut
			return NoReason
		}
		// Not adjacent: by convoy, over no border.
		pv.convoyed, pv.half, pv.noCut = true, false, false
		if !r.seaRoute(p, d, NoProvince, NoProvince) {
			return NotAdjacent
		}
		return NoReason
	case Railway:
		return r.railLegal(p)
	case Support:
		t := o.Target.Province
		if int(t) >= m.NumProvinces() || r.pos.Units[t].Type == NoUnit || t == p {
			return NoSuchUnit
		}
		tu := r.pos.Units[t]
		o.Target = r.pos.LocOf(t)
		o.TargetUnit = tu.Type
		if o.Dest.Province == NoProvince {
			if !m.CanSupportInto(o.Unit, o.At, t) {
				return CannotSupport
			}
			return NoReason
		}
		d := o.Dest.Province
		if int(d) >= m.NumProvinces() || d == t || !m.CanSupportInto(o.Unit, o.At, d) {
			return CannotSupport
		}
		// The supported move must be possible (DATC 6.D.31).
		if tu.Type == Fleet {
			if !r.anyFleetEdge(o.Target, d) {
				return CannotSupport
			}
		} else if ok, _ := m.Edge(Army, o.Target, At(d)); !ok && !r.seaRoute(t, d, NoProvince, p) && !r.railPossible(t, d) {
			return CannotSupport
		}
		return NoReason
	case Convoy:
		a := o.Target.Province
		d := o.Dest.Province
		if !m.Provinces[p].Convoys || o.Unit != Fleet {
			return CannotConvoy
		}
		if int(a) >= m.NumProvinces() || int(d) >= m.NumProvinces() || r.pos.Units[a].Type != Army || a == d {
			return CannotConvoy
		}
		o.Target = At(a)
		o.TargetUnit = Army
		// The fleet must be necessary to some possible route (DATC 4.E.1,
		// 6.G.19).
		if !r.necessary(a, d, p) {
			return CannotConvoy
		}
		return NoReason
	}
	return NoReason
}

// anyFleetEdge reports whether a fleet at from borders some location of p.
func (r *Resolver) anyFleetEdge(from Loc, p Province) bool {
	if !r.m.HasCoasts(p) {
		ok, _ := r.m.Edge(Fleet, from, At(p))
		return ok
	}
	for _, c := range r.m.Provinces[p].Coasts {
		if ok, _ := r.m.Edge(Fleet, from, Loc{Province: p, Coast: c}); ok {
			return true
		}
	}
	return false
}

// seaRoute reports whether fleets in convoying spaces could carry an army
// from a to d, whatever their orders (DATC 4.E.1: a move or support that no
// fleet on the board could make possible is illegal, 6.D.31, 6.D.32).
// When via is set the route must pass through via; the fleet at avoid
// (a supporter, which cannot also convoy) is left out.
func (r *Resolver) seaRoute(a, d, via, avoid Province) bool {
	m := r.m
	if m.Provinces[a].Terrain != Coastal || m.Provinces[d].Terrain != Coastal {
		return false
	}
	usable := func(s Province) bool { return r.convoyer(s, avoid) }
	if via != NoProvince {
		at := func(s Province) bool { return s == via }
		return r.fleetSearch(a, usable, at) && r.fleetSearch(d, usable, at)
	}
	return r.fleetSearch(a, usable, func(s Province) bool { return m.seaAdj[s].has(d) })
}

// necessary reports whether the fleet at f is necessary to some route of
// fleets that could convoy an army from a to d: a route reaches f from a
// through fleets none of which borders d already, and goes on from f to d
// through fleets none of which borders a (else f could be skipped).
func (r *Resolver) necessary(a, d, f Province) bool {
	m := r.m
	if m.Provinces[a].Terrain != Coastal || m.Provinces[d].Terrain != Coastal || !r.convoyer(f, NoProvince) {
		return false
	}
	at := func(s Province) bool { return s == f }
	avoiding := func(x Province) func(Province) bool {
		return func(s Province) bool { return r.convoyer(s, NoProvince) && (s == f || !m.seaAdj[s].has(x)) }
	}
	return r.fleetSearch(a, avoiding(d), at) && r.fleetSearch(d, avoiding(a), at)
}

// convoyer reports whether the fleet at s could take part in a convoy.
func (r *Resolver) convoyer(s, avoid Province) bool {
	return s != avoid && r.m.Provinces[s].Convoys && r.pos.Units[s].Type == Fleet
}

// fleetSearch walks from coastal province a through the convoying spaces
// that usable accepts and reports whether it reaches one that goal accepts.
// It serves the legality checks only (the resolution's own route search,
// convoyRoute, follows the convoy orders).
func (r *Resolver) fleetSearch(a Province, usable, goal func(Province) bool) bool {
	m := r.m
	r.seenGen++
	q := r.queue[:0]
	defer func() { r.queue = q }()
	for _, s := range m.seaList[a] {
		if usable(s) {
			r.seen[s] = r.seenGen
			q = append(q, s)
		}
	}
	for i := 0; i < len(q); i++ {
		c := q[i]
		if goal(c) {
			return true
		}
		for _, s := range m.seaList[c] {
			if r.seen[s] != r.seenGen && usable(s) {
				r.seen[s] = r.seenGen
				q = append(q, s)
			}
		}
	}
	return false
}

// adjudicate returns the decision of the order of the unit at p: a move
// succeeds, a support is given, a convoying fleet is not dislodged. This is
// the guess algorithm of DATC section 5.F in its final form (with the
// guess-based flag and the count of recursion hits, so that an order whose
// value rests on a guess is never taken as resolved, and only the ancestor
// of a whole cycle tries the second guess).
func (r *Resolver) adjudicate(p Province) bool {
	pv := &r.pv[p] // r.pv is never resized
	if pv.state == resolved {
		return pv.res
	}
	if pv.inCycle {
		r.guessBased = true
		return pv.res
	}
	if pv.state == guessing {
		// A cyclic dependency: p is visited higher up in the recursion.
		r.addCycle(p)
		r.guessBased = true
		r.hits++
		return pv.res
	}
	pv.state = guessing
	old, oldGuess, oldHits := len(r.deps), r.guessBased, r.hits
	r.guessBased = false
	pv.res = false
	first := r.resolve(p)
	if !r.guessBased {
		r.guessBased = oldGuess
		pv.res, pv.state = first, resolved
		return first
	}
	// p is the ancestor of the whole cycle when the recursion hit p itself
	// and no order above it. An order that only read guesses of a cycle
	// owned higher up joins that cycle instead of being resolved on them
	// (Pandin's paradox, DATC 5.D and 6.F.16).
	ancestor := false
	if pv.inCycle {
		r.hits--
		ancestor = r.hits == oldHits
	}
	if ancestor {
		// p is the ancestor of the whole cycle: try the other guess.
		r.truncCycle(old)
		pv.res = true
		second := r.resolve(p)
		r.hits = oldHits
		if first == second {
			r.truncCycle(old)
			r.guessBased = oldGuess
			pv.res, pv.state = first, resolved
			return first
		}
		// No resolution or two: the backup rule decides.
		r.backup(old)
		r.truncCycle(old)
		r.guessBased = oldGuess
		if pv.state != resolved {
			pv.state = unresolved
		}
		return r.adjudicate(p)
	}
	// A cycle was hit below, but p is not its ancestor: keep the guess
	// for the ancestor to decide.
	r.addCycle(p)
	pv.res = first
	pv.state = unresolved
	return first
}

func (r *Resolver) addCycle(p Province) {
	if !r.pv[p].inCycle {
		r.pv[p].inCycle = true
		r.deps = append(r.deps, p)
	}
}

func (r *Resolver) truncCycle(n int) {
	for _, p := range r.deps[n:] {
		r.pv[p].inCycle = false
	}
	r.deps = r.deps[:n]
}

// backup applies the backup rule to the cycle recorded from deps[old]:
// circular movement succeeds; a convoy paradox is broken by the paradox
// rule in the options. Orders it does not resolve are left to be resolved
// again.
func (r *Resolver) backup(old int) {
	cyc := r.deps[old:]
	allMoves := true
	for _, p := range cyc {
		if !r.pv[p].moving {
			allMoves = false
			break
		}
	}
	if allMoves {
		for _, p := range cyc {
			r.pv[p].res, r.pv[p].state = true, resolved
		}
		return
	}
	broke := false
	for _, p := range cyc {
		if r.ord[p].Type == Convoy {
			r.pv[r.ord[p].Target.Province].noPath = true
			broke = true
		}
	}
	if !broke {
		for _, p := range cyc {
			if r.pv[p].moving && r.pv[p].convoyed {
				r.pv[p].noPath = true
				broke = true
			}
		}
	}
	for _, p := range cyc {
		r.pv[p].state = unresolved
		if !broke || (r.opt.Paradox == AllHold && r.pv[p].moving) {
			r.pv[p].res, r.pv[p].state = false, resolved
		}
	}
}

// resolve computes the decision of p from the decisions it depends on.
func (r *Resolver) resolve(p Province) bool {
	switch {
	case r.pv[p].moving:
		return r.resolveMove(p)
	case r.ord[p].Type == Support:
		return r.resolveSupport(p)
	case r.ord[p].Type == Convoy:
		for q := r.pv[p].intoHead; q >= 0; q = r.pv[q].intoNext {
			if r.adjudicate(Province(q)) {
				return false
			}
		}
		return true
	}
	return true
}

// headToHead reports whether the move from p meets the unit at its
// destination moving the other way across the same border.
func (r *Resolver) headToHead(p Province) bool {
	d := r.pv[p].dest
	return r.pv[d].moving && r.pv[d].dest == p && !r.pv[p].convoyed && !r.pv[d].convoyed && !r.onRail(p) && !r.onRail(d)
}

func (r *Resolver) resolveMove(p Province) bool {
	if r.onRail(p) {
		return r.resolveRail(p)
	}
	if r.pv[p].convoyed && !r.path(p) {
		return false
	}
	d := r.pv[p].dest
	att := r.attackStrength(p)
	if r.headToHead(p) {
		if att <= r.defendStrength(d) {
			return false
		}
	} else if att <= r.holdStrength(d) {
		return false
	}
	for q := r.pv[d].intoHead; q >= 0; q = r.pv[q].intoNext {
		if Province(q) != p && att <= r.preventStrength(Province(q)) {
			return false
		}
	}
	return len(r.rail.moves) == 0 || att > r.railPrevent(p, d)
}

// base is the strength of the moving unit itself.
func (r *Resolver) base(p Province) int {
	if r.pv[p].half || (r.pv[p].convoyed && r.pv[p].pathHalf) {
		return unit / 2
	}
	return unit
}

// supports counts the given supports of p's order, leaving out those of
// power skip (NoPower: count all).
func (r *Resolver) supports(p Province, skip Power) int {
	n := 0
	for s := r.pv[p].supHead; s >= 0; s = r.pv[s].supNext {
		if skip != NoPower && r.pos.Units[s].Power == skip {
			continue
		}
		if r.adjudicate(Province(s)) {
			n += unit
		}
	}
	return n
}

func (r *Resolver) holdStrength(d Province) int {
	u := r.pos.Units[d]
	if u.Type == NoUnit {
		return 0
	}
	if r.pv[d].moving {
		if r.adjudicate(d) {
			return 0
		}
		return unit
	}
	return unit + r.supports(d, NoPower)
}

func (r *Resolver) attackStrength(p Province) int {
	d := r.pv[p].dest
	du := r.pos.Units[d]
	if du.Type == NoUnit || (r.pv[d].moving && !r.headToHead(p) && r.adjudicate(d)) {
		return r.base(p) + r.supports(p, NoPower)
	}
	if du.Power == r.pos.Units[p].Power {
		return 0 // a power cannot dislodge its own unit
	}
	return r.base(p) + r.supports(p, du.Power)
}

func (r *Resolver) defendStrength(p Province) int {
	return r.base(p) + r.supports(p, NoPower)
}

func (r *Resolver) preventStrength(p Province) int {
	if r.pv[p].convoyed && !r.path(p) {
		return 0
	}
	// A unit that loses a head-to-head battle has no effect on the
	// province its attacker came from (DATC 4.A.7: only head-to-head).
	if r.headToHead(p) && r.adjudicate(r.pv[p].dest) {
		return 0
	}
	return r.base(p) + r.supports(p, NoPower)
}

// resolveSupport decides whether the support of the unit at s is given:
// it is cut by an attack from any province but the one it supports into,
// by a unit of another power that can get there; and it fails when the
// supporting unit is dislodged.
func (r *Resolver) resolveSupport(s Province) bool {
	power := r.pos.Units[s].Power
	into := r.ord[s].Dest.Province // NoProvince for a hold support: cut from anywhere
	for q := r.pv[s].intoHead; q >= 0; q = r.pv[q].intoNext {
		qp := Province(q)
		if r.pos.Units[q].Power == power || qp == into || r.pv[q].noCut {
			continue
		}
		if r.pv[q].convoyed && !r.path(qp) {
			continue
		}
		return false
	}
	for q := r.pv[s].intoHead; q >= 0; q = r.pv[q].intoNext {
		qp := Province(q)
		if r.pos.Units[q].Power == power || (qp != into && !r.pv[q].noCut) {
			continue
		}
		if r.adjudicate(qp) {
			return false
		}
	}
	return true
}

// path decides whether the convoying fleets that are not dislodged still
// carry the army at a to its destination, and notes whether the route's
// last step has half strength (the full-strength route is preferred).
func (r *Resolver) path(a Province) bool {
	if r.pv[a].noPath {
		return false
	}
	found, full := r.convoyRoute(a, r.pv[a].dest)
	r.pv[a].pathHalf = found && !full
	return found
}
