package daide

import (
	"fmt"

	"github.com/chancery/chancery/rules"
)

// Turn is a phase as DAIDE writes it: (season year), with DAIDE's five
// seasons (SPR and FAL for movement, SUM and AUT for retreats, WIN).
func Turn(ph rules.Phase) Message {
	s := WIN
	switch {
	case ph.Season == rules.Spring && ph.Type == rules.MovementPhase:
		s = SPR
	case ph.Season == rules.Spring:
		s = SUM
	case ph.Season == rules.Fall && ph.Type == rules.MovementPhase:
		s = FAL
	case ph.Season == rules.Fall:
		s = AUT
	}
	return Group(s, Int(ph.Year))
}

// ParseTurn reads the contents of a turn group: season and year.
func ParseTurn(g Message) (rules.Phase, bool) {
	if len(g) != 2 || !g[1].IsInt() {
		return rules.Phase{}, false
	}
	ph := rules.Phase{Year: g[1].Int()}
	switch g[0] {
	case SPR:
		ph.Season, ph.Type = rules.Spring, rules.MovementPhase
	case SUM:
		ph.Season, ph.Type = rules.Spring, rules.RetreatPhase
	case FAL:
		ph.Season, ph.Type = rules.Fall, rules.MovementPhase
	case AUT:
		ph.Season, ph.Type = rules.Fall, rules.RetreatPhase
	case WIN:
		ph.Season, ph.Type = rules.Winter, rules.AdjustmentPhase
	default:
		return rules.Phase{}, false
	}
	return ph, true
}

// Unit is a unit as DAIDE writes it, without its brackets: power, type,
// location.
func (r *Representation) Unit(pw rules.Power, t rules.UnitType, l rules.Loc) Message {
	ut := AMY
	if t == rules.Fleet {
		ut = FLT
	}
	return append(Message{r.powerTok[pw], ut}, r.loc(l)...)
}

// ReadUnit reads a unit's contents (power type location).
func (r *Representation) ReadUnit(g Message) (rules.Power, rules.UnitType, rules.Loc, Token) {
	it := g.Items()
	if len(it) != 3 || it[0].IsGroup() || it[1].IsGroup() {
		return 0, 0, rules.Loc{}, NSU
	}
	pw, ok := r.PowerOf(it[0].Tok)
	if !ok {
		return 0, 0, rules.Loc{}, NSU
	}
	var t rules.UnitType
	switch it[1].Tok {
	case AMY:
		t = rules.Army
	case FLT:
		t = rules.Fleet
	default:
		return 0, 0, rules.Loc{}, NSU
	}
	l, note := r.readLoc(it[2])
	return pw, t, l, note
}

// readLoc reads a location item: a province, or (province coast).
func (r *Representation) readLoc(it Item) (rules.Loc, Token) {
	if !it.IsGroup() {
		p, ok := r.ProvinceOf(it.Tok)
		if !ok {
			return rules.Loc{}, NSP
		}
		return rules.At(p), 0
	}
	if len(it.Group) != 2 {
		return rules.Loc{}, NSP
	}
	p, ok := r.ProvinceOf(it.Group[0])
	if !ok {
		return rules.Loc{}, NSP
	}
	c, ok := coastOf(it.Group[1])
	if !ok {
		return rules.Loc{}, CST
	}
	return rules.Loc{Province: p, Coast: c}, 0
}

// Now is the NOW message of a position: the turn, every unit, and before
// a retreat turn each dislodged unit with MRT and where it may retreat
// (retreats, by province, from the rules' legal orders).
func (r *Representation) Now(pos *rules.Position, retreats map[rules.Province][]rules.Loc) Message {
	out := Msg(NOW, Turn(pos.Phase))
	for pw := range r.powerTok {
		if r.powerTok[pw] == 0 {
			continue
		}
		for p, u := range pos.Units {
			if u.Type != rules.NoUnit && u.Power == rules.Power(pw) && r.provTok[p] != 0 {
				out = append(out, Group(r.Unit(u.Power, u.Type, rules.Loc{Province: rules.Province(p), Coast: u.Coast})...)...)
			}
		}
		for _, d := range pos.Dislodged {
			if d.Power != rules.Power(pw) {
				continue
			}
			var list Message
			for _, l := range retreats[d.Province] {
				list = append(list, r.loc(l)...)
			}
			u := append(r.Unit(d.Power, d.Type, d.Loc()), MRT)
			out = append(out, Group(append(u, Group(list...)...)...)...)
		}
	}
	return out
}

// SupplyCentres is the SCO message of a position: each power's centres,
// then UNO's.
func (r *Representation) SupplyCentres(pos *rules.Position) Message {
	out := Message{SCO}
	byPower := map[rules.Power]Message{}
	for _, p := range r.provOf {
		if r.Variant.Map.Provinces[p].SupplyCenter {
			owner := pos.Owner[p]
			if !r.Variant.Plays(owner) {
				owner = rules.NoPower
			}
			byPower[owner] = append(byPower[owner], r.provTok[p])
		}
	}
	for _, pw := range r.powerOf {
		if len(byPower[pw]) > 0 {
			out = append(out, Group(append(Message{r.powerTok[pw]}, byPower[pw]...)...)...)
		}
	}
	if len(byPower[rules.NoPower]) > 0 {
		out = append(out, Group(append(Message{UNO}, byPower[rules.NoPower]...)...)...)
	}
	return out
}

// ReadPosition reads a NOW message and the latest SCO message into a
// position of r's variant: what a client knows of the game.
func (r *Representation) ReadPosition(now, sco Message) (*rules.Position, error) {
	items := now.Items()
	if len(items) < 2 || items[0].Tok != NOW || !items[1].IsGroup() {
		return nil, fmt.Errorf("daide: not a NOW message: %s", now.Format(r))
	}
	ph, ok := ParseTurn(items[1].Group)
	if !ok {
		return nil, fmt.Errorf("daide: bad turn in %s", now.Format(r))
	}
	pos := rules.NewPosition(r.Variant.Map, ph)
	for _, it := range items[2:] {
		g := it.Group
		var mrt Message
		for i, t := range g {
			if t == MRT {
				g, mrt = g[:i], g[i+1:]
				break
			}
		}
		pw, t, l, note := r.ReadUnit(g)
		if note != 0 {
			return nil, fmt.Errorf("daide: bad unit %s", Group(it.Group...).Format(r))
		}
		if mrt == nil {
			pos.Place(pw, t, l)
			continue
		}
		d := rules.Dislodged{Unit: rules.Unit{Type: t, Power: pw, Coast: l.Coast}, Province: l.Province,
			AttackerFrom: rules.NoProvince, Retreats: []rules.Loc{}}
		if its := mrt.Items(); len(its) == 1 && its[0].IsGroup() {
			for _, li := range its[0].Group.Items() {
				if rl, note := r.readLoc(li); note == 0 {
					d.Retreats = append(d.Retreats, rl)
				}
			}
		}
		pos.Dislodged = append(pos.Dislodged, d)
	}
	for _, it := range sco.Items()[1:] {
		if !it.IsGroup() || len(it.Group) == 0 {
			continue
		}
		pw, ok := r.PowerOf(it.Group[0])
		if !ok {
			pw = rules.NoPower
		}
		for _, t := range it.Group[1:] {
			if p, ok := r.ProvinceOf(t); ok {
				pos.Owner[p] = pw
			}
		}
	}
	return pos, nil
}
