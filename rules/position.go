package rules

import "fmt"

// Season is the season of a phase.
type Season uint8

// The seasons.
const (
	Spring Season = iota
	Fall
	Winter
)

// String returns "spring", "fall" or "winter".
func (s Season) String() string {
	switch s {
	case Spring:
		return "spring"
	case Fall:
		return "fall"
	case Winter:
		return "winter"
	}
	return "?"
}

// PhaseType is the kind of orders a phase takes.
type PhaseType uint8

// The phase types.
const (
	MovementPhase PhaseType = iota
	RetreatPhase
	AdjustmentPhase
)

// String returns "movement", "retreat" or "adjustment".
func (t PhaseType) String() string {
	switch t {
	case MovementPhase:
		return "movement"
	case RetreatPhase:
		return "retreat"
	case AdjustmentPhase:
		return "adjustment"
	}
	return "?"
}

// Phase is one step of a game: Spring 1901 movement, Fall 1901 retreat,
// Winter 1901 adjustment, ...
type Phase struct {
	Season Season
	Year   int
	Type   PhaseType
}

// String returns the phase as "spring 1901 movement".
func (p Phase) String() string { return fmt.Sprintf("%s %d %s", p.Season, p.Year, p.Type) }

// Short returns the phase in the judges' short form, "S1901M".
func (p Phase) Short() string {
	return fmt.Sprintf("%c%d%c", "SFW"[p.Season], p.Year, "MRA"[p.Type])
}

// Valid reports whether the season and type go together (adjustments are
// in winter, movement and retreats in spring and fall).
func (p Phase) Valid() bool {
	if p.Season > Winter || p.Type > AdjustmentPhase {
		return false
	}
	return (p.Season == Winter) == (p.Type == AdjustmentPhase)
}

// Unit is a unit standing in a province. The zero Unit (Type NoUnit) is
// an empty province.
type Unit struct {
	Type  UnitType
	Power Power
	Coast Coast // the coast of a fleet in a multi-coast province
}

// Dislodged is a unit dislodged in the movement phase, waiting to retreat.
type Dislodged struct {
	Unit
	Province Province
	// AttackerFrom is the province the dislodging unit came from; the unit
	// may not retreat there, unless ByConvoy (DATC 4.A.5, 2023 rules).
	AttackerFrom Province
	ByConvoy     bool
	// Retreats are the locations the unit may retreat to, fixed when it is
	// dislodged (they depend on the standoffs of that movement phase). A
	// nil slice means "not known": the retreat phase then allows every
	// empty neighbour but the attacker's origin.
	Retreats []Loc
}

// Loc returns the location of the dislodged unit.
func (d *Dislodged) Loc() Loc { return Loc{Province: d.Province, Coast: d.Coast} }

// Position is the whole state of a game between two phases: the phase to
// be played, the units, the dislodged units (in a retreat phase) and who
// owns each supply centre. Units and Owner are indexed by Province.
type Position struct {
	Phase     Phase
	Units     []Unit
	Dislodged []Dislodged
	Owner     []Power
}

// NewPosition returns an empty position for map m.
func NewPosition(m *Map, ph Phase) *Position {
	n := m.NumProvinces()
	return &Position{Phase: ph, Units: make([]Unit, n), Owner: make([]Power, n)}
}

// Clone returns a deep copy of the position.
func (p *Position) Clone() *Position {
	q := &Position{Phase: p.Phase}
	q.Units = append([]Unit(nil), p.Units...)
	q.Dislodged = append([]Dislodged(nil), p.Dislodged...)
	for i := range q.Dislodged {
		if r := q.Dislodged[i].Retreats; r != nil {
			q.Dislodged[i].Retreats = append([]Loc{}, r...)
		}
	}
	q.Owner = append([]Power(nil), p.Owner...)
	return q
}

// CopyFrom makes p a deep copy of q, reusing p's storage: its slices,
// including the Retreats of its dislodged units, which p must not share
// with another position.
func (p *Position) CopyFrom(q *Position) {
	p.Phase = q.Phase
	p.Units = append(p.Units[:0], q.Units...)
	p.Owner = append(p.Owner[:0], q.Owner...)
	n := len(q.Dislodged)
	if c := cap(p.Dislodged); c < n {
		// Grow over the whole capacity, so that the Retreats storage of
		// the slots beyond the length is kept too.
		grown := make([]Dislodged, n)
		copy(grown, p.Dislodged[:c])
		p.Dislodged = grown
	}
	p.Dislodged = p.Dislodged[:n]
	for i := range p.Dislodged {
		own := p.Dislodged[i].Retreats
		p.Dislodged[i] = q.Dislodged[i]
		if r := q.Dislodged[i].Retreats; r != nil {
			// nil ("not known") and empty differ: keep an empty list non-nil.
			p.Dislodged[i].Retreats = append(own[:0], r...)
			if p.Dislodged[i].Retreats == nil {
				p.Dislodged[i].Retreats = []Loc{}
			}
		}
	}
}

// Place puts a unit of power at l, replacing whatever stood there.
func (p *Position) Place(power Power, t UnitType, l Loc) {
	p.Units[l.Province] = Unit{Type: t, Power: power, Coast: l.Coast}
}

// LocOf returns the location of the unit in province pr.
func (p *Position) LocOf(pr Province) Loc { return Loc{Province: pr, Coast: p.Units[pr].Coast} }

// CentreCount returns how many supply centres each power owns, indexed by
// Power.
func (p *Position) CentreCount(m *Map) []int { return countCentres(m, p, nil) }

// countCentres is CentreCount into n, resized to one entry per power, so
// that the resolver counts into its scratch space.
func countCentres(m *Map, p *Position, n []int) []int {
	n = resize(n, len(m.Powers))
	for pr, o := range p.Owner {
		if o != NoPower && m.Provinces[pr].SupplyCenter {
			n[o]++
		}
	}
	return n
}

// UnitCount returns how many units each power has, indexed by Power.
func (p *Position) UnitCount(m *Map) []int {
	n := make([]int, len(m.Powers))
	for _, u := range p.Units {
		if u.Type != NoUnit {
			n[u.Power]++
		}
	}
	return n
}
