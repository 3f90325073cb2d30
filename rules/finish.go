package rules

// finishMovement turns the decisions into results and the next position.
func (r *Resolver) finishMovement(pos *Position, res *Resolution) {
	next := res.Next
	next.Phase = pos.Phase
	next.Units = resize(next.Units, r.m.NumProvinces())
	next.Owner = append(next.Owner[:0], pos.Owner...)
	next.Dislodged = next.Dislodged[:0]
	if len(r.rail.moves) > 0 {
		r.railFinish(res)
	}
	r.placeUnits(pos, res)
	r.explainFailures(res)
	r.fixRetreats(res)
	r.advance(next, res)
}

// placeUnits puts every unit where the phase leaves it in res.Next:
// units that stay, units that moved, and dislodged units (neutral units
// are destroyed instead). It marks the provinces a standoff leaves
// contested.
func (r *Resolver) placeUnits(pos *Position, res *Resolution) {
	next := res.Next
	for _, p := range r.units {
		u := pos.Units[p]
		if pv := &r.pv[p]; pv.moving && pv.res {
			continue
		}
		if by := r.dislodger(p); by != NoProvince {
			d := Dislodged{Unit: u, Province: p, AttackerFrom: by, ByConvoy: r.pv[by].convoyed}
			if r.v.Neutral != NoPower && u.Power == r.v.Neutral {
				// Neutral units are destroyed, not dislodged.
				res.Disbanded = append(res.Disbanded, d)
				continue
			}
			next.Dislodged = appendDislodged(next.Dislodged, d)
			continue
		}
		next.Units[p] = u
	}
	for _, p := range r.units {
		pv := &r.pv[p]
		if pv.moving && pv.res {
			u := pos.Units[p]
			u.Coast = pv.destLoc.Coast
			next.Units[pv.dest] = u
		} else if pv.moving && (!pv.convoyed || r.path(p)) &&
			!(r.headToHead(p) && r.pv[pv.dest].res) {
			// A standoff leaves the province contested; a unit that lost
			// a head-to-head battle has no effect there (DATC 6.H.9).
			r.pv[pv.dest].contested = true
		}
	}
}

// explainFailures gives each given order that failed its reason and the
// province the reason refers to.
func (r *Resolver) explainFailures(res *Resolution) {
	for _, p := range r.units {
		pv := &r.pv[p] // r.pv is never resized
		i := pv.resIdx
		if i < 0 || res.Results[i].Outcome != Succeeded {
			continue
		}
		rs := &res.Results[i]
		by := r.dislodger(p)
		switch {
		case pv.moving:
			if pv.res {
				break
			}
			rs.Outcome = Failed
			switch {
			case pv.noPath:
				rs.Reason = ParadoxBroken
			case pv.convoyed && !r.path(p):
				rs.Reason = NoConvoy
			default:
				rs.Reason, rs.Where = Bounced, pv.dest
			}
		case r.ord[p].Type == Support && !pv.res:
			rs.Outcome = Failed
			if by != NoProvince {
				rs.Reason, rs.Where = WasDislodged, by
			} else {
				rs.Reason, rs.Where = Cut, r.cutter(p)
			}
		case r.ord[p].Type == Convoy && r.pv[r.ord[p].Target.Province].noPath:
			rs.Outcome, rs.Reason = Failed, ParadoxBroken
		case by != NoProvince:
			rs.Outcome, rs.Reason, rs.Where = Failed, WasDislodged, by
		}
	}
}

// fixRetreats fixes the retreat options of the dislodged units now, while
// the standoffs are known. A unit with nowhere to go is disbanded at once,
// as judges do, so that nobody waits for a retreat phase with nothing to
// decide. The lists go into the storage each slot kept from earlier
// phases; the kept units are swapped forward, not copied over, so that no
// two slots share storage.
func (r *Resolver) fixRetreats(res *Resolution) {
	next := res.Next
	kept := 0
	for i := range next.Dislodged {
		d := &next.Dislodged[i]
		d.Retreats = r.retreatOptions(next, d, d.Retreats[:0])
		if len(d.Retreats) == 0 {
			gone := *d
			gone.Retreats = []Loc{}
			res.Disbanded = append(res.Disbanded, gone)
			continue
		}
		next.Dislodged[kept], next.Dislodged[i] = next.Dislodged[i], next.Dislodged[kept]
		kept++
	}
	next.Dislodged = next.Dislodged[:kept]
}

// appendDislodged appends d to s. When s has room, d takes over the
// Retreats storage (emptied) of the slot it fills, for retreatOptions to
// reuse.
func appendDislodged(s []Dislodged, d Dislodged) []Dislodged {
	if n := len(s); n < cap(s) {
		s = s[:n+1]
		d.Retreats = s[n].Retreats[:0]
		s[n] = d
		return s
	}
	return append(s, d)
}

// dislodger returns the province of the unit whose move into p succeeded,
// or NoProvince.
func (r *Resolver) dislodger(p Province) Province {
	for q := r.pv[p].intoHead; q >= 0; q = r.pv[q].intoNext {
		if r.pv[q].res {
			return Province(q)
		}
	}
	return NoProvince
}

// cutter returns the province of a unit that cut the support at s.
func (r *Resolver) cutter(s Province) Province {
	power := r.pos.Units[s].Power
	for q := r.pv[s].intoHead; q >= 0; q = r.pv[q].intoNext {
		if r.pos.Units[q].Power != power && Province(q) != r.ord[s].Dest.Province {
			return Province(q)
		}
	}
	return NoProvince
}

// retreatOptions lists where a dislodged unit may retreat: a neighbouring
// location that is empty after the movement, was not the scene of a
// standoff, is not where the attacker came from (unless it came by convoy,
// DATC 4.A.5), across a border that allows retreats.
func (r *Resolver) retreatOptions(next *Position, d *Dislodged, out []Loc) []Loc {
	m := r.m
	r.nbuf = m.AppendNeighbours(r.nbuf[:0], d.Type, d.Loc())
	for _, b := range r.nbuf {
		if !r.pv[b.To.Province].contested && mayRetreat(m, next, d, b.To.Province, b.Kind) {
			out = append(out, b.To)
		}
	}
	if out == nil {
		out = []Loc{}
	}
	return out
}

// mayRetreat holds the rules of every retreat that the position alone
// decides: dislodged unit d may retreat into t across a border of kind k
// when t is empty in pos, the border allows retreats and t is not where
// the attacker came from, unless it came by convoy (DATC 4.A.5). The
// standoffs of the movement phase narrow this further.
func mayRetreat(m *Map, pos *Position, d *Dislodged, t Province, k BorderKind) bool {
	return pos.Units[t].Type == NoUnit && !m.BorderKinds[k].NoRetreat &&
		(t != d.AttackerFrom || d.ByConvoy)
}

func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}
