package rules

// Province identifies a province of a Map: an index into Map.Provinces.
type Province uint16

// NoProvince is the zero-like value for "no province".
const NoProvince Province = 0xFFFF

// Coast names one coast of a multi-coast province. NoCoast is the province
// as a whole (and the only location of single-coast and land provinces).
type Coast uint8

// The coasts a province may have.
const (
	NoCoast Coast = iota
	NorthCoast
	SouthCoast
	EastCoast
	WestCoast
	numCoasts
)

var coastNames = [numCoasts]string{"", "nc", "sc", "ec", "wc"}

// String returns the coast's abbreviation ("nc", "sc", "ec", "wc"), or ""
// for NoCoast.
func (c Coast) String() string {
	if c < numCoasts {
		return coastNames[c]
	}
	return "?"
}

// ParseCoast reads a coast abbreviation or its English words ("north").
func ParseCoast(s string) (Coast, bool) {
	switch s {
	case "nc", "n", "north", "northcoast", "ncs":
		return NorthCoast, true
	case "sc", "s", "south", "southcoast", "scs":
		return SouthCoast, true
	case "ec", "e", "east", "eastcoast", "ecs":
		return EastCoast, true
	case "wc", "w", "west", "westcoast", "wcs":
		return WestCoast, true
	}
	return NoCoast, false
}

// Loc is a location a unit can occupy: a province, and for a fleet in a
// multi-coast province, the coast.
type Loc struct {
	Province Province
	Coast    Coast
}

// At returns the location of province p without a coast.
func At(p Province) Loc { return Loc{Province: p} }

// Power identifies a power (a player's country, or a neutral power) of a
// Map: an index into Map.Powers. NoPower (zero) means nobody.
type Power uint8

// NoPower is the zero Power: no owner, no unit.
const NoPower Power = 0

// UnitType is the kind of a unit.
type UnitType uint8

// The unit types. NoUnit marks an empty province or an order that does not
// say which type it means.
const (
	NoUnit UnitType = iota
	Army
	Fleet
)

// String returns "army", "fleet" or "".
func (t UnitType) String() string {
	switch t {
	case Army:
		return "army"
	case Fleet:
		return "fleet"
	}
	return ""
}

// Letter returns "A", "F" or "".
func (t UnitType) Letter() string {
	switch t {
	case Army:
		return "A"
	case Fleet:
		return "F"
	}
	return ""
}
