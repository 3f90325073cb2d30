package daide

import "github.com/chancery/chancery/rules"

// Order writes an order as DAIDE does, without its outer brackets:
// (unit) HLD, (unit) MTO province, (unit) SUP (unit) MTO province, ...
// pos is the position the order is given in (it tells the types of the
// units an order names); via lists the seas of a convoyed army's route,
// in order, or nil for a move that is not convoyed.
func (r *Representation) Order(o rules.Order, pos *rules.Position, via []rules.Province) Message {
	unitAt := func(pw rules.Power, t rules.UnitType, l rules.Loc) Message {
		if u := pos.Units[l.Province]; u.Type != rules.NoUnit {
			if pw == rules.NoPower {
				pw = u.Power
			}
			if t == rules.NoUnit {
				t = u.Type
			}
			if l.Coast == rules.NoCoast {
				l.Coast = u.Coast
			}
		}
		return Group(r.Unit(pw, t, l)...)
	}
	self := func() Message { return unitAt(o.Power, o.Unit, o.At) }
	switch o.Type {
	case rules.Hold:
		return Msg(self(), HLD)
	case rules.Move:
		if via != nil {
			seas := Message{}
			for _, p := range via {
				seas = append(seas, r.provTok[p])
			}
			return Msg(self(), CTO, r.provTok[o.Target.Province], VIA, Group(seas...))
		}
		return Msg(self(), MTO, r.loc(o.Target))
	case rules.Support:
		m := Msg(self(), SUP, unitAt(rules.NoPower, o.TargetUnit, o.Target))
		if o.Dest.Province != rules.NoProvince {
			m = append(m, MTO, r.provTok[o.Dest.Province])
		}
		return m
	case rules.Convoy:
		return Msg(self(), CVY, unitAt(rules.NoPower, rules.Army, o.Target), CTO, r.provTok[o.Dest.Province])
	case rules.Retreat:
		return Msg(self(), RTO, r.loc(o.Target))
	case rules.Disband:
		return Msg(self(), DSB)
	case rules.Build:
		return Msg(Group(r.Unit(o.Power, o.Unit, o.At)...), BLD)
	case rules.Remove:
		return Msg(self(), REM)
	case rules.Waive:
		return Msg(r.powerTok[o.Power], WVE)
	}
	return nil
}

// ReadOrder reads the contents of one order of a SUB message, given by
// power, into the core's order, or returns the note that refuses it
// before the rules see it: NSP for a province the map does not have, NSU
// for a unit that is not where the order says, NYU for another power's
// unit, NRS for an order of another season, CST for a bad coast.
func (r *Representation) ReadOrder(g Message, power rules.Power, pos *rules.Position) (rules.Order, Token) {
	it := g.Items()
	none := rules.Order{}
	if len(it) == 2 && !it[0].IsGroup() && it[1].Tok == WVE {
		pw, ok := r.PowerOf(it[0].Tok)
		switch {
		case !ok:
			return none, NSU
		case pw != power:
			return none, NYU
		case pos.Phase.Type != rules.AdjustmentPhase:
			return none, NRS
		}
		return rules.Order{Power: power, Type: rules.Waive, At: noLoc, Target: noLoc, Dest: noLoc}, 0
	}
	if len(it) < 2 || !it[0].IsGroup() || it[1].IsGroup() {
		return none, NSU
	}
	pw, t, at, note := r.ReadUnit(it[0].Group)
	if note != 0 {
		return none, note
	}
	o := rules.Order{Power: power, Unit: t, At: at, Target: noLoc, Dest: noLoc}
	verb := it[1].Tok
	if phaseOf(verb) != pos.Phase.Type {
		return none, NRS
	}
	if pw != power {
		return none, NYU
	}
	if verb == BLD {
		if len(it) != 2 {
			return none, NSU
		}
		o.Type = rules.Build
		return o, 0
	}
	if n := r.checkUnit(pos, pw, t, at, verb == RTO || verb == DSB); n != 0 {
		return none, n
	}
	args := it[2:]
	switch verb {
	case HLD, DSB, REM:
		if len(args) != 0 {
			return none, NSU
		}
		o.Type = map[Token]rules.OrderType{HLD: rules.Hold, DSB: rules.Disband, REM: rules.Remove}[verb]
	case MTO, RTO:
		if len(args) != 1 {
			return none, NSP
		}
		l, note := r.readLoc(args[0])
		if note != 0 {
			return none, note
		}
		o.Type, o.Target = rules.Move, l
		if verb == RTO {
			o.Type = rules.Retreat
		}
	case CTO:
		if len(args) != 3 || args[1].Tok != VIA || !args[2].IsGroup() {
			return none, NSP
		}
		l, note := r.readLoc(args[0])
		if note != 0 {
			return none, note
		}
		for _, s := range args[2].Group {
			if _, ok := r.ProvinceOf(s); !ok {
				return none, NSP
			}
		}
		o.Type, o.Target, o.ViaConvoy = rules.Move, l, true
	case SUP:
		if (len(args) != 1 && len(args) != 3) || !args[0].IsGroup() {
			return none, NSU
		}
		spw, st, sl, note := r.ReadUnit(args[0].Group)
		if note != 0 {
			return none, note
		}
		if n := r.checkUnit(pos, spw, st, sl, false); n != 0 {
			return none, n
		}
		o.Type, o.Target, o.TargetUnit = rules.Support, sl, st
		if len(args) == 3 {
			if args[1].Tok != MTO || args[2].IsGroup() {
				return none, NSP
			}
			d, ok := r.ProvinceOf(args[2].Tok)
			if !ok {
				return none, NSP
			}
			o.Dest = rules.At(d)
		}
	case CVY:
		if len(args) != 3 || !args[0].IsGroup() || args[1].Tok != CTO || args[2].IsGroup() {
			return none, NSU
		}
		if t != rules.Fleet {
			return none, NSF
		}
		apw, at2, al, note := r.ReadUnit(args[0].Group)
		if note != 0 {
			return none, note
		}
		if at2 != rules.Army {
			return none, NSA
		}
		if n := r.checkUnit(pos, apw, at2, al, false); n != 0 {
			return none, NSA
		}
		d, ok := r.ProvinceOf(args[2].Tok)
		if !ok {
			return none, NSP
		}
		o.Type, o.Target, o.TargetUnit, o.Dest = rules.Convoy, al, rules.Army, rules.At(d)
	default:
		return none, NSU
	}
	return o, 0
}

var noLoc = rules.Loc{Province: rules.NoProvince}

// phaseOf returns the phase an order token belongs in: its high bits say.
func phaseOf(verb Token) rules.PhaseType {
	switch verb & 0xFFF0 {
	case 0x4340:
		return rules.RetreatPhase
	case 0x4380:
		return rules.AdjustmentPhase
	}
	return rules.MovementPhase
}

// checkUnit returns NSU unless pw's unit of type t stands at l (dislodged
// there when dislodged is set; NRN when a retreat names a unit that was
// not dislodged).
func (r *Representation) checkUnit(pos *rules.Position, pw rules.Power, t rules.UnitType, l rules.Loc, dislodged bool) Token {
	if dislodged {
		for _, d := range pos.Dislodged {
			if d.Province == l.Province && d.Power == pw && d.Type == t && d.Coast == l.Coast {
				return 0
			}
		}
		if u := pos.Units[l.Province]; u.Type == t && u.Power == pw {
			return NRN
		}
		return NSU
	}
	u := pos.Units[l.Province]
	if u.Type != t || u.Power != pw || u.Coast != l.Coast {
		return NSU
	}
	return 0
}

// Note returns the THX note of an order the rules refused for reason.
func Note(o rules.Order, reason rules.Reason) Token {
	switch reason {
	case rules.NoSuchUnit, rules.WrongUnitType, rules.NeutralUnit:
		return NSU
	case rules.WrongPhase:
		return NRS
	case rules.NotAdjacent, rules.CannotSupport, rules.NoConvoy:
		return FAR
	case rules.BadCoast:
		if o.Type == rules.Build {
			return CST
		}
		return FAR
	case rules.CannotConvoy:
		return NAS
	case rules.NotRetreatable:
		return NVR
	case rules.NoBuildSite:
		return HSC
	case rules.SiteOccupied:
		return ESC
	case rules.NoBuildsLeft:
		if o.Type == rules.Remove {
			return NMR
		}
		return NMB
	case rules.WrongTerrain:
		return CST
	}
	return FAR
}

// Result writes the result of an order for the ORD message: SUC, BNC,
// CUT, DSR or NSO, with RET when the unit was dislodged (or RET alone for
// a unit that held or convoyed and was dislodged).
func Result(rs *rules.Result, dislodged bool) Message {
	var res Token = SUC
	if rs.Outcome != rules.Succeeded {
		switch rs.Reason {
		case rules.Cut:
			res = CUT
		case rules.Void:
			res = NSO
		case rules.NoConvoy, rules.ParadoxBroken:
			res = DSR
		case rules.WasDislodged:
			res = 0
		default:
			res = BNC
			if rs.Order.Type == rules.Support || rs.Order.Type == rules.Convoy || rs.Order.Type == rules.Hold {
				res = NSO
			}
		}
	}
	switch {
	case !dislodged && res == 0:
		return Message{RET}
	case !dislodged:
		return Message{res}
	case res == 0 || (res == SUC && rs.Order.Type != rules.Move):
		return Message{RET}
	}
	return Message{res, RET}
}
