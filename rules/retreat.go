package rules

// retreat resolves a retreat phase: each dislodged unit retreats or is
// disbanded; a unit without an order, with an illegal order, or retreating
// to the same province as another unit is disbanded (a border kind with
// LosesRetreatTie decides such clashes in the variant's way).
func (r *Resolver) retreat(pos *Position, orders []Order, res *Resolution) {
	m := r.m
	next := res.Next
	next.Phase = pos.Phase
	next.Units = append(next.Units[:0], pos.Units...)
	next.Owner = append(next.Owner[:0], pos.Owner...)
	next.Dislodged = next.Dislodged[:0]

	// chosen[i] is the index of the result that orders dislodged unit i.
	var chosenBuf [16]int
	chosen := chosenBuf[:0]
	for range pos.Dislodged {
		chosen = append(chosen, -1)
	}
	for i := range orders {
		o := orders[i]
		res.Results = append(res.Results, Result{Order: o, Where: NoProvince})
		if o.Type != Retreat && o.Type != Disband {
			illegal(res, i, WrongPhase)
			continue
		}
		k := -1
		for j := range pos.Dislodged {
			d := &pos.Dislodged[j]
			if d.Province == o.At.Province && d.Power == o.Power {
				k = j
				break
			}
		}
		if k < 0 {
			illegal(res, i, NoSuchUnit)
			continue
		}
		if chosen[k] >= 0 {
			illegal(res, i, DuplicateOrder)
			continue
		}
		d := &pos.Dislodged[k]
		if o.Unit != NoUnit && o.Unit != d.Type && !r.opt.IgnoreUnitType {
			illegal(res, i, WrongUnitType)
			continue
		}
		res.Results[i].Order.At = d.Loc()
		res.Results[i].Order.Unit = d.Type
		if o.Type == Retreat {
			to, ok := r.retreatTarget(pos, d, o.Target)
			if !ok {
				illegal(res, i, NotRetreatable)
				continue
			}
			res.Results[i].Order.Target = to
		}
		chosen[k] = i
	}

	// Clashes: units retreating to one province.
	for k, i := range chosen {
		if i < 0 || res.Results[i].Order.Type != Retreat || res.Results[i].Outcome != Succeeded {
			continue
		}
		t := res.Results[i].Order.Target.Province
		clash, winners, winner := false, 0, -1
		for k2, i2 := range chosen {
			if i2 < 0 || res.Results[i2].Order.Type != Retreat || res.Results[i2].Order.Target.Province != t {
				continue
			}
			if k2 != k {
				clash = true
			}
			d := &pos.Dislodged[k2]
			_, kind := m.Edge(d.Type, d.Loc(), res.Results[i2].Order.Target)
			if !m.BorderKinds[kind].LosesRetreatTie {
				winners++
				winner = k2
			}
		}
		if clash && !(winners == 1 && winner == k) {
			res.Results[i].Outcome, res.Results[i].Reason, res.Results[i].Where = Failed, RetreatClash, t
		}
	}
	for k, i := range chosen {
		if i < 0 || res.Results[i].Order.Type != Retreat || res.Results[i].Outcome != Succeeded {
			continue
		}
		d := &pos.Dislodged[k]
		to := res.Results[i].Order.Target
		next.Units[to.Province] = Unit{Type: d.Type, Power: d.Power, Coast: to.Coast}
	}
	r.advance(next, res)
}

// retreatTarget checks a retreat destination and fills in a fleet's coast.
func (r *Resolver) retreatTarget(pos *Position, d *Dislodged, to Loc) (Loc, bool) {
	m := r.m
	if int(to.Province) >= m.NumProvinces() {
		return to, false
	}
	var kind BorderKind
	if d.Type == Fleet {
		l, ok := m.FleetDest(d.Loc(), to.Province, to.Coast)
		if !ok {
			return to, false
		}
		to = l
		_, kind = m.Edge(Fleet, d.Loc(), to)
	} else {
		to = At(to.Province)
		var ok bool
		if ok, kind = m.Edge(Army, d.Loc(), to); !ok {
			return to, false
		}
	}
	if !mayRetreat(m, pos, d, to.Province, kind) {
		return to, false
	}
	// The movement phase's list (it knows the standoffs) narrows these
	// rules further; it never widens them.
	if d.Retreats != nil {
		for _, l := range d.Retreats {
			if l == to {
				return to, true
			}
		}
		return to, false
	}
	return to, true
}
