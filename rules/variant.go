package rules

// Variant is a complete game of the Diplomacy family: a map, a starting
// position, and the rules that differ from the standard game. The variants
// package builds the project's variants from their map files.
type Variant struct {
	Name  string // the name used on the command line and in the contract
	Title string
	Map   *Map
	Start *Position

	// BuildAnywhere lets a power build in any vacant supply centre it owns,
	// not only in its home centres (Sengoku).
	BuildAnywhere bool
	// Neutral is the power of neutral units (Sengoku's neutral armies), or
	// NoPower. Neutral units only hold, are destroyed when dislodged, never
	// own centres and are rebuilt in the adjustment phase in every neutral
	// home centre that is still unowned and empty.
	Neutral Power
	// VictoryCentres is the number of supply centres a power must own after
	// a Fall to win.
	VictoryCentres int
	// VictoryStrict requires the winner to own strictly more centres than
	// every other power as well (1900); a tie at the top plays on.
	VictoryStrict bool
	// Victory describes the victory condition for people.
	Victory string
	// NoDraws marks a variant in which draws are refused (Sengoku).
	NoDraws bool
	// Description is what players should know about the variant, such as
	// the decisions this project made where the sources are vague.
	Description string
}

// Plays reports whether p is a playing power: one of the map's powers,
// and not the neutral one.
func (v *Variant) Plays(p Power) bool {
	return p > NoPower && int(p) < len(v.Map.Powers) && p != v.Neutral
}

// Powers returns the playing powers, in the map's order: every power but
// the neutral one.
func (v *Variant) Powers() []Power {
	out := make([]Power, 0, v.Map.NumPowers())
	for p := Power(1); int(p) < len(v.Map.Powers); p++ {
		if v.Plays(p) {
			out = append(out, p)
		}
	}
	return out
}

// Options are game options that change how the rules are read. The zero
// value is the DATC's preferred reading.
type Options struct {
	// Paradox is the rule that breaks convoy paradoxes (DATC 4.A.2).
	Paradox ParadoxRule
	// ConvoyFallback: an army ordered "via convoy" to an adjacent
	// province that no fleet is ordered to convoy moves by land (the
	// DATC version 2 preference for 4.A.3). The default is the DATC 3.1
	// preference: no fall-back, the army stays (6.G.8).
	ConvoyFallback bool
	// Railway is the reading of the rules of railway moves (Colonial's
	// Trans-Siberian Railroad); the default is vDiplomacy's revision 2.2.
	Railway RailwayReading
	// IgnoreUnitType: an order that names the wrong type for its unit
	// (F PAR - BUR for an army) is carried out as if it named the right
	// one (DATC 4.C.2, the DATC's preference). The default, as the
	// project's rules decide (rules/standard.md: wrong unit types never
	// silently turn into something else), makes it illegal: the unit
	// holds, and may receive hold support (DATC 4.C.2 choice a).
	IgnoreUnitType bool
}

// ParadoxRule is a way to break a convoy paradox.
type ParadoxRule uint8

// The paradox rules of DATC 4.A.2.
const (
	// Szykman: the convoys in the paradox fail, the convoyed armies stay
	// where they are and have no effect (the DATC's preference).
	Szykman ParadoxRule = iota
	// AllHold: every unit in the paradox holds.
	AllHold
)

// String returns the rule's name.
func (r ParadoxRule) String() string {
	if r == AllHold {
		return "all-hold"
	}
	return "szykman"
}

// ownerAfterFall applies the ownership rule for supply centre p after a
// Fall: an occupier takes the centre and an empty centre keeps its owner,
// except that a neutral unit takes nothing and a power the centre bars
// (ProvinceInfo.Barred) leaves it nobody's.
func (v *Variant) ownerAfterFall(p Province, u Unit, prev Power) Power {
	switch {
	case u.Type == NoUnit || (v.Neutral != NoPower && u.Power == v.Neutral):
		return prev
	case u.Power == v.Map.Provinces[p].Barred:
		return NoPower
	}
	return u.Power
}

// MayOwn reports whether power pw can own supply centre p under the
// variant's ownership rule: it is false for the neutral power everywhere,
// and for a power the centre bars (Colonial Diplomacy's China in Hong
// Kong). Positions given from
// outside are checked with it.
func (v *Variant) MayOwn(p Province, pw Power) bool {
	if pw == NoPower {
		return true
	}
	return v.ownerAfterFall(p, Unit{Type: Army, Power: pw}, NoPower) == pw
}

// Winner returns the power that has won in pos, or NoPower.
func (v *Variant) Winner(pos *Position) Power {
	if v.VictoryCentres <= 0 {
		return NoPower
	}
	return v.winner(pos.CentreCount(v.Map))
}

// winner is Winner given the supply centres each power owns (countCentres)
// in a variant with a victory condition.
func (v *Variant) winner(counts []int) Power {
	best, second := NoPower, 0
	for p := 1; p < len(counts); p++ {
		if !v.Plays(Power(p)) {
			continue
		}
		c := counts[p]
		if best == NoPower || c > counts[best] {
			if best != NoPower {
				second = max(second, counts[best])
			}
			best = Power(p)
		} else {
			second = max(second, c)
		}
	}
	if best == NoPower || counts[best] < v.VictoryCentres {
		return NoPower
	}
	if counts[best] == second && (v.VictoryStrict || second >= v.VictoryCentres) {
		return NoPower
	}
	return best
}

// BuildSite reports whether power pw may build in province p of pos now:
// p is a vacant supply centre that pw owns and that is one of pw's home
// centres, or any such centre when the variant builds anywhere.
func (v *Variant) BuildSite(pos *Position, pw Power, p Province) bool {
	return v.buildSite(pos, pw, p) && pos.Units[p].Type == NoUnit
}

// buildSite is BuildSite ignoring occupation (an adjustment checks it
// against the builds made so far).
func (v *Variant) buildSite(pos *Position, pw Power, p Province) bool {
	pi := &v.Map.Provinces[p]
	if !pi.SupplyCenter || pos.Owner[p] != pw {
		return false
	}
	return v.BuildAnywhere || pi.Home == pw
}

// Owes reports whether power pw has anything to decide in pos: units to
// order in a movement phase, dislodged units in a retreat phase, and in
// an adjustment phase removals it must make or builds it can make. Builds
// due with no free site to build on are nothing to decide: they are
// waived whatever the power says.
func (v *Variant) Owes(pos *Position, pw Power) bool {
	switch pos.Phase.Type {
	case MovementPhase:
		for _, u := range pos.Units {
			if u.Type != NoUnit && u.Power == pw {
				return true
			}
		}
	case RetreatPhase:
		for _, d := range pos.Dislodged {
			if d.Power == pw {
				return true
			}
		}
	case AdjustmentPhase:
		due := v.AdjustmentDue(pos, pw)
		if due < 0 {
			return true
		}
		if due > 0 {
			for p := range v.Map.Provinces {
				if v.BuildSite(pos, pw, Province(p)) {
					return true
				}
			}
		}
	}
	return false
}

// Alive reports whether power pw still plays in pos: it owns a supply
// centre or has a unit, on the board or dislodged.
func (v *Variant) Alive(pos *Position, pw Power) bool {
	if pw == NoPower {
		return false
	}
	for p, owner := range pos.Owner {
		if owner == pw && v.Map.Provinces[p].SupplyCenter {
			return true
		}
	}
	for _, u := range pos.Units {
		if u.Type != NoUnit && u.Power == pw {
			return true
		}
	}
	for _, d := range pos.Dislodged {
		if d.Power == pw {
			return true
		}
	}
	return false
}

// AdjustmentDue returns how many units power pw must build (positive) or
// remove (negative) in pos: the supply centres it owns minus its units.
// It is 0 for NoPower and for the neutral power, which never adjusts.
func (v *Variant) AdjustmentDue(pos *Position, pw Power) int {
	var buf [16]int
	return v.adjustmentDue(pos, buf[:0])[pw]
}

// adjustmentDue is AdjustmentDue for every power, into due (resized to one
// entry per power).
func (v *Variant) adjustmentDue(pos *Position, due []int) []int {
	return v.dueFrom(pos, countCentres(v.Map, pos, due))
}

// dueFrom is adjustmentDue given the supply centres each power owns in
// due (countCentres).
func (v *Variant) dueFrom(pos *Position, due []int) []int {
	for _, u := range pos.Units {
		if u.Type != NoUnit {
			due[u.Power]--
		}
	}
	due[NoPower] = 0
	if v.Neutral != NoPower {
		due[v.Neutral] = 0
	}
	return due
}
