package rules_test

import (
	"math/rand/v2"

	"github.com/chancery/chancery/rules"
)

// randomPosition places n random units of random powers on a map, and gives
// random owners to its centres.
func randomPosition(v *rules.Variant, rnd *rand.Rand, n int, ph rules.Phase) *rules.Position {
	m := v.Map
	pos := rules.NewPosition(m, ph)
	np := m.NumProvinces()
	for i := 0; i < n*4 && n > 0; i++ {
		p := rules.Province(rnd.IntN(np))
		if pos.Units[p].Type != rules.NoUnit {
			continue
		}
		t := rules.Army
		if rnd.IntN(2) == 0 {
			t = rules.Fleet
		}
		l := rules.Loc{Province: p}
		if cs := m.Provinces[p].Coasts; len(cs) > 0 && t == rules.Fleet {
			l.Coast = cs[rnd.IntN(len(cs))]
		}
		if !m.CanOccupy(t, l) {
			continue
		}
		pos.Place(rules.Power(1+rnd.IntN(m.NumPowers())), t, l)
		n--
	}
	for p := range m.Provinces {
		if m.Provinces[p].SupplyCenter && rnd.IntN(3) > 0 {
			pos.Owner[p] = rules.Power(1 + rnd.IntN(m.NumPowers()))
		}
	}
	return pos
}

// randomOrders gives every unit (or dislodged unit, or power due to adjust)
// a random order of the phase: mostly legal ones, as players write them,
// with some nonsense mixed in.
func randomOrders(v *rules.Variant, pos *rules.Position, rnd *rand.Rand) []rules.Order {
	m := v.Map
	var out []rules.Order
	none := rules.Loc{Province: rules.NoProvince}
	switch pos.Phase.Type {
	case rules.MovementPhase:
		for p, u := range pos.Units {
			if u.Type == rules.NoUnit || u.Power == v.Neutral {
				continue
			}
			at := pos.LocOf(rules.Province(p))
			nb := m.Neighbours(u.Type, at)
			o := rules.Order{Power: u.Power, Unit: u.Type, At: at, Target: none, Dest: none}
			if w := railwayAt(m, u, rules.Province(p)); w != nil && rnd.IntN(3) == 0 {
				// A railway move to another station.
				o.Type = rules.Railway
				o.Target = rules.At(w.Line[rnd.IntN(len(w.Line))])
				out = append(out, o)
				continue
			}
			if gateKindAt(m, rules.Province(p)) && rnd.IntN(2) == 0 {
				// A canal permission for a random fleet and direction,
				// besides the unit's own order.
				for q, fu := range pos.Units {
					if fu.Type == rules.Fleet && rnd.IntN(4) == 0 {
						fl := pos.LocOf(rules.Province(q))
						if fnb := m.Neighbours(rules.Fleet, fl); len(fnb) > 0 {
							out = append(out, rules.Order{Power: u.Power, Type: rules.Permit, At: at, Target: fl,
								TargetUnit: rules.Fleet, Dest: fnb[rnd.IntN(len(fnb))].To})
							break
						}
					}
				}
			}
			switch k := rnd.IntN(10); {
			case k < 2 || len(nb) == 0:
				o.Type = rules.Hold
			case k < 6:
				o.Type = rules.Move
				o.Target = nb[rnd.IntN(len(nb))].To
				if u.Type == rules.Army && rnd.IntN(8) == 0 {
					// A far move, by convoy if the fleets allow it.
					o.Target = rules.At(rules.Province(rnd.IntN(m.NumProvinces())))
					o.ViaConvoy = rnd.IntN(2) == 0
				}
			case k < 9:
				// Support a neighbour's hold, or its move into a province
				// this unit borders.
				o.Type = rules.Support
				t := nb[rnd.IntN(len(nb))].To.Province
				if pos.Units[t].Type == rules.NoUnit {
					o.Type = rules.Hold
					break
				}
				o.Target = pos.LocOf(t)
				o.TargetUnit = pos.Units[t].Type
				if rnd.IntN(2) == 0 {
					o.Dest = nb[rnd.IntN(len(nb))].To
					o.Dest.Coast = rules.NoCoast
				}
			default:
				o.Type = rules.Convoy
				a := rules.Province(rnd.IntN(m.NumProvinces()))
				o.Target = rules.At(a)
				o.TargetUnit = rules.Army
				o.Dest = rules.At(rules.Province(rnd.IntN(m.NumProvinces())))
			}
			out = append(out, o)
		}
	case rules.RetreatPhase:
		for _, d := range pos.Dislodged {
			o := rules.Order{Power: d.Power, Unit: d.Type, At: d.Loc(), Type: rules.Disband, Target: none, Dest: none}
			if len(d.Retreats) > 0 && rnd.IntN(4) > 0 {
				o.Type = rules.Retreat
				o.Target = d.Retreats[rnd.IntN(len(d.Retreats))]
			}
			out = append(out, o)
		}
	case rules.AdjustmentPhase:
		for p := range m.Provinces {
			pr := rules.Province(p)
			u := pos.Units[p]
			switch {
			case u.Type != rules.NoUnit && rnd.IntN(4) == 0:
				out = append(out, rules.Order{Power: u.Power, Type: rules.Remove, Unit: u.Type, At: pos.LocOf(pr), Target: none, Dest: none})
			case u.Type == rules.NoUnit && m.Provinces[p].SupplyCenter && pos.Owner[p] != rules.NoPower:
				l := rules.Loc{Province: pr}
				t := rules.Army
				if m.Provinces[p].Terrain == rules.Coastal && rnd.IntN(2) == 0 {
					t = rules.Fleet
					if cs := m.Provinces[p].Coasts; len(cs) > 0 {
						l.Coast = cs[rnd.IntN(len(cs))]
					}
				}
				out = append(out, rules.Order{Power: pos.Owner[p], Type: rules.Build, Unit: t, At: l, Target: none, Dest: none})
			}
		}
	}
	rnd.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// railwayAt returns the railway the unit at p may use, or nil.
func railwayAt(m *rules.Map, u rules.Unit, p rules.Province) *rules.RailwayLine {
	if u.Type != rules.Army {
		return nil
	}
	for i, w := range m.Railways() {
		if w.Power == u.Power && w.Station(p) >= 0 {
			return &m.Railways()[i]
		}
	}
	return nil
}

// gateKindAt reports whether p is the gate of some border kind.
func gateKindAt(m *rules.Map, p rules.Province) bool {
	for k := range m.BorderKinds {
		if m.BorderKinds[k].Gate == p {
			return true
		}
	}
	return false
}
