package rules

// LegalOrders appends to out every order that power pw may give in pos, in
// the phase pos is in, and returns the extended slice: the orders the
// resolver accepts on their own (DATC 4.E.1), written in the form the
// resolver gives them back in its results (the unit's real type and coast,
// a fleet move's coast). A client offers exactly these and guesses
// nothing; a bot picks among them.
//
//   - Movement: each unit's hold; its moves to every neighbour (each coast
//     of a multi-coast destination), by convoy to every coast a chain of
//     fleets on the board could reach, and along the power's railways; its
//     supports of every unit it could help, to hold or into every province
//     that unit could reach; a fleet's convoys of every army it could be
//     needed for; and, for a power holding a canal's gate, its permissions
//     for every fleet beside the canal. A move across a gate is listed: it
//     succeeds only with the gate holder's permission, given the same turn.
//   - Retreat: each dislodged unit's retreats and its disband.
//   - Adjustment: with builds due, a build of every possible type at every
//     vacant build site (each coast of a multi-coast one) and a waive; with
//     removals due, the removal of each unit.
//
// The neutral power and a power with nothing to order get none. The order
// of the list is fixed: by province, then kind, then target.
func (r *Resolver) LegalOrders(pos *Position, pw Power, out []Order) ([]Order, error) {
	if err := r.check(pos); err != nil {
		return out, err
	}
	if !r.v.Plays(pw) {
		return out, nil
	}
	r.pos = pos
	defer func() { r.pos = nil }()
	switch pos.Phase.Type {
	case MovementPhase:
		out = r.legalMovement(pos, pw, out)
	case RetreatPhase:
		out = r.legalRetreats(pos, pw, out)
	case AdjustmentPhase:
		out = r.legalAdjustments(pos, pw, out)
	}
	return out, nil
}

// legalMovement lists a power's movement orders. Each candidate goes
// through the resolver's own legality check, so the list and the
// adjudication cannot disagree.
func (r *Resolver) legalMovement(pos *Position, pw Power, out []Order) []Order {
	m := r.m
	n := m.NumProvinces()
	// Every other unit holds while one order is checked: legal() reads
	// only the position and the order at hand.
	// The next adjudication clears this scratch state (resetMovement
	// marks the units' provinces touched); the railway's notes on
	// refused candidates are dropped here.
	r.resetMovement(pos)
	defer func() { r.rail.notes = r.rail.notes[:0] }()
	try := func(o Order) {
		p := o.At.Province
		keep := r.ord[p]
		r.ord[p] = o
		why := r.legal(p)
		if why == NoReason || why == NoPermission {
			out = append(out, r.ord[p])
		}
		r.ord[p] = keep
	}
	for p := Province(0); int(p) < n; p++ {
		u := pos.Units[p]
		if u.Type == NoUnit || u.Power != pw {
			continue
		}
		at := pos.LocOf(p)
		out = append(out, HoldOrder(pw, u.Type, at))
		for d := Province(0); int(d) < n; d++ {
			if d == p {
				continue
			}
			if u.Type == Fleet && m.HasCoasts(d) {
				for _, c := range m.Provinces[d].Coasts {
					try(Order{Power: pw, Type: Move, Unit: Fleet, At: at, Target: Loc{Province: d, Coast: c}, Dest: noLoc})
				}
			} else {
				try(Order{Power: pw, Type: Move, Unit: u.Type, At: at, Target: At(d), Dest: noLoc})
			}
			if u.Type == Army && m.RailwayFor(pw, p, d) >= 0 {
				try(Order{Power: pw, Type: Railway, Unit: Army, At: at, Target: At(d), Dest: noLoc})
			}
		}
		for _, t := range r.units {
			if t == p {
				continue
			}
			tu := pos.Units[t]
			try(Order{Power: pw, Type: Support, Unit: u.Type, At: at, Target: pos.LocOf(t), TargetUnit: tu.Type, Dest: noLoc})
			for d := Province(0); int(d) < n; d++ {
				if d != t && m.CanSupportInto(u.Type, at, d) {
					try(Order{Power: pw, Type: Support, Unit: u.Type, At: at, Target: pos.LocOf(t), TargetUnit: tu.Type, Dest: At(d)})
				}
			}
		}
		if u.Type == Fleet && m.Provinces[p].Convoys {
			for _, a := range r.units {
				if pos.Units[a].Type != Army {
					continue
				}
				for d := Province(0); int(d) < n; d++ {
					if d != a && m.Provinces[d].Terrain == Coastal {
						try(Order{Power: pw, Type: Convoy, Unit: Fleet, At: at, Target: At(a), TargetUnit: Army, Dest: At(d)})
					}
				}
			}
		}
	}
	return r.legalPermits(pos, pw, out)
}

// legalPermits lists the canal permissions a power may give: for each
// gate its unit holds, one for every fleet that stands beside the gated
// border, to each location across it.
func (r *Resolver) legalPermits(pos *Position, pw Power, out []Order) []Order {
	m := r.m
	for k := range m.BorderKinds {
		g := m.BorderKinds[k].Gate
		if g == NoProvince || pos.Units[g].Type == NoUnit || pos.Units[g].Power != pw {
			continue
		}
		for _, f := range r.units {
			if pos.Units[f].Type != Fleet {
				continue
			}
			from := pos.LocOf(f)
			r.nbuf = m.AppendNeighbours(r.nbuf[:0], Fleet, from)
			for _, b := range r.nbuf {
				if int(b.Kind) == k {
					out = append(out, Order{Power: pw, Type: Permit, Unit: pos.Units[g].Type, At: pos.LocOf(g), Target: from, TargetUnit: Fleet, Dest: b.To})
				}
			}
		}
	}
	return out
}

// legalRetreats lists each dislodged unit's retreats and its disband.
func (r *Resolver) legalRetreats(pos *Position, pw Power, out []Order) []Order {
	m := r.m
	for i := range pos.Dislodged {
		d := &pos.Dislodged[i]
		if d.Power != pw {
			continue
		}
		at := d.Loc()
		r.nbuf = m.AppendNeighbours(r.nbuf[:0], d.Type, at)
		for _, b := range r.nbuf {
			if to, ok := r.retreatTarget(pos, d, b.To); ok {
				out = append(out, Order{Power: pw, Type: Retreat, Unit: d.Type, At: at, Target: to, Dest: noLoc})
			}
		}
		out = append(out, Order{Power: pw, Type: Disband, Unit: d.Type, At: at, Target: noLoc, Dest: noLoc})
	}
	return out
}

// legalAdjustments lists a power's builds and waive, or its removals.
func (r *Resolver) legalAdjustments(pos *Position, pw Power, out []Order) []Order {
	m := r.m
	due := r.adjustmentDue(pos)[pw]
	switch {
	case due > 0:
		for p := Province(0); int(p) < m.NumProvinces(); p++ {
			if !r.v.BuildSite(pos, pw, p) {
				continue
			}
			pi := &m.Provinces[p]
			if pi.Terrain != Sea {
				out = append(out, Order{Power: pw, Type: Build, Unit: Army, At: At(p), Target: noLoc, Dest: noLoc})
			}
			switch {
			case pi.Terrain == Land:
			case len(pi.Coasts) > 0:
				for _, c := range pi.Coasts {
					out = append(out, Order{Power: pw, Type: Build, Unit: Fleet, At: Loc{Province: p, Coast: c}, Target: noLoc, Dest: noLoc})
				}
			default:
				out = append(out, Order{Power: pw, Type: Build, Unit: Fleet, At: At(p), Target: noLoc, Dest: noLoc})
			}
		}
		out = append(out, Order{Power: pw, Type: Waive, Target: noLoc, Dest: noLoc, At: noLoc})
	case due < 0:
		for p := Province(0); int(p) < m.NumProvinces(); p++ {
			if u := pos.Units[p]; u.Type != NoUnit && u.Power == pw {
				out = append(out, Order{Power: pw, Type: Remove, Unit: u.Type, At: pos.LocOf(p), Target: noLoc, Dest: noLoc})
			}
		}
	}
	return out
}
