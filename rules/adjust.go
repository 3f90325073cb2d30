package rules

// adjustmentDue returns, per power, how many units it must build (positive)
// or remove (negative), in the resolver's scratch space.
func (r *Resolver) adjustmentDue(pos *Position) []int {
	r.due = r.v.dueFrom(pos, r.countCentres(pos, r.due))
	return r.due
}

// adjustmentNeeded reports whether some power must build or remove.
func (r *Resolver) adjustmentNeeded(pos *Position) bool {
	for p, d := range r.adjustmentDue(pos) {
		if d < 0 || (d > 0 && r.canBuildSomewhere(pos, Power(p))) {
			return true
		}
	}
	return false
}

// canBuildSomewhere reports whether power has a vacant build site.
func (r *Resolver) canBuildSomewhere(pos *Position, power Power) bool {
	for _, p := range r.scs { // a build site is a supply centre
		if r.v.BuildSite(pos, power, p) {
			return true
		}
	}
	return false
}

// adjustment resolves an adjustment phase: builds, removals and waives up
// to what each power is due, civil disorder for missing removals (2023
// rules, DATC 6.J), and the rebuilding of neutral units.
func (r *Resolver) adjustment(pos *Position, orders []Order, res *Resolution) {
	next := res.Next
	next.Phase = Phase{Season: Spring, Year: pos.Phase.Year + 1, Type: MovementPhase}
	next.Units = append(next.Units[:0], pos.Units...)
	next.Owner = append(next.Owner[:0], pos.Owner...)
	next.Dislodged = next.Dislodged[:0]
	due := r.adjustmentDue(pos)

	for i := range orders {
		o := orders[i]
		res.Results = append(res.Results, Result{Order: o, Where: NoProvince})
		if int(o.Power) >= len(due) || o.Power == NoPower {
			illegal(res, i, NoSuchUnit)
			continue
		}
		switch o.Type {
		case Build:
			if due[o.Power] <= 0 {
				illegal(res, i, NoBuildsLeft)
				continue
			}
			l, t, why := r.checkBuild(pos, next, o)
			if why != NoReason {
				illegal(res, i, why)
				continue
			}
			res.Results[i].Order.At = l
			res.Results[i].Order.Unit = t
			next.Units[l.Province] = Unit{Type: t, Power: o.Power, Coast: l.Coast}
			due[o.Power]--
		case Waive:
			if due[o.Power] <= 0 {
				illegal(res, i, NoBuildsLeft)
				continue
			}
			due[o.Power]--
		case Remove, Disband:
			p := o.At.Province
			if int(p) >= len(pos.Units) || pos.Units[p].Type == NoUnit || pos.Units[p].Power != o.Power {
				illegal(res, i, NoSuchUnit)
				continue
			}
			if o.Unit != NoUnit && o.Unit != pos.Units[p].Type && !r.opt.IgnoreUnitType {
				illegal(res, i, WrongUnitType)
				continue
			}
			if next.Units[p].Type == NoUnit {
				illegal(res, i, DuplicateOrder)
				continue
			}
			if due[o.Power] >= 0 {
				illegal(res, i, NoBuildsLeft)
				continue
			}
			res.Results[i].Order.At = pos.LocOf(p)
			res.Results[i].Order.Unit = pos.Units[p].Type
			next.Units[p] = Unit{}
			due[o.Power]++
		default:
			illegal(res, i, WrongPhase)
		}
	}
	for p := range due {
		if due[p] < 0 {
			r.civilDisorder(next, Power(p), -due[p])
		}
	}
	r.neutralRebuild(next)
}

// checkBuild checks a build order against the position after the builds
// made so far and returns where the unit goes and its type. An order that
// names no type builds an army on land and a fleet on a named coast (DATC
// 4.C.3); anything else is refused.
func (r *Resolver) checkBuild(pos, next *Position, o Order) (Loc, UnitType, Reason) {
	m := r.m
	p := o.At.Province
	if int(p) >= m.NumProvinces() || !r.v.buildSite(pos, o.Power, p) {
		return o.At, NoUnit, NoBuildSite
	}
	if next.Units[p].Type != NoUnit {
		return o.At, NoUnit, SiteOccupied
	}
	pi := &m.Provinces[p]
	switch o.Unit {
	case Army:
		if pi.Terrain == Sea {
			return o.At, NoUnit, WrongTerrain
		}
		return At(p), Army, NoReason
	case Fleet:
		if pi.Terrain == Land {
			return o.At, NoUnit, WrongTerrain
		}
		if len(pi.Coasts) > 0 {
			if o.At.Coast == NoCoast || !m.ValidLoc(o.At) {
				return o.At, NoUnit, BadCoast // DATC 4.B.7
			}
			return o.At, Fleet, NoReason
		}
		return At(p), Fleet, NoReason
	}
	switch {
	case pi.Terrain == Land:
		return At(p), Army, NoReason
	case len(pi.Coasts) > 0 && o.At.Coast != NoCoast && m.ValidLoc(o.At):
		return o.At, Fleet, NoReason
	}
	return o.At, NoUnit, WrongTerrain
}

// civilDisorder removes n units of power by the 2023 rules: units not on a
// supply centre first, then the farthest from an owned supply centre
// (counting every border, whatever the unit type), fleets before armies,
// then alphabetical order of the province's name.
func (r *Resolver) civilDisorder(next *Position, power Power, n int) {
	m := r.m
	dist := r.distances(next, power)
	// first reports whether the unit at a is removed before the one at b.
	first := func(a, b Province) bool {
		if sa, sb := m.Provinces[a].SupplyCenter, m.Provinces[b].SupplyCenter; sa != sb {
			return !sa
		}
		if dist[a] != dist[b] {
			return dist[a] > dist[b]
		}
		if fa, fb := next.Units[a].Type == Fleet, next.Units[b].Type == Fleet; fa != fb {
			return fa
		}
		return m.Provinces[a].Name < m.Provinces[b].Name
	}
	for ; n > 0; n-- {
		pick := NoProvince
		for p, u := range next.Units {
			if u.Type != NoUnit && u.Power == power && (pick == NoProvince || first(Province(p), pick)) {
				pick = Province(p)
			}
		}
		if pick == NoProvince {
			return
		}
		next.Units[pick] = Unit{}
	}
}

// distances returns each province's distance to the nearest supply centre
// owned by power, counting every border whatever the unit type.
func (r *Resolver) distances(pos *Position, power Power) []int {
	m := r.m
	n := m.NumProvinces()
	dist := resize(r.dist, n)
	r.dist = dist
	q := r.queue[:0]
	for p := range dist {
		dist[p] = -1
		if m.Provinces[p].SupplyCenter && pos.Owner[p] == power {
			dist[p] = 0
			q = append(q, Province(p))
		}
	}
	for i := 0; i < len(q); i++ {
		c := q[i]
		for _, t := range m.provinceNeighbours(c) {
			if dist[t] < 0 {
				dist[t] = dist[c] + 1
				q = append(q, t)
			}
		}
	}
	r.queue = q
	for p := range dist {
		if dist[p] < 0 {
			dist[p] = n // unreachable: farthest of all
		}
	}
	return dist
}

// neutralRebuild puts a neutral unit back in every neutral home centre
// that nobody owns and nobody occupies.
func (r *Resolver) neutralRebuild(next *Position) {
	if r.v.Neutral == NoPower {
		return
	}
	for p := range r.m.Provinces {
		pi := &r.m.Provinces[p]
		if pi.SupplyCenter && pi.Home == r.v.Neutral && next.Owner[p] == NoPower && next.Units[p].Type == NoUnit {
			next.Units[p] = Unit{Type: Army, Power: r.v.Neutral}
		}
	}
}
