package rules

// OrderType is the type of an order: hold, move, support and the others.
// The JSON forms call it the order's "kind" (codec.OrderParts); in Go a
// Kind is a kind of game (table.Kind).
type OrderType uint8

// The order types. Hold, Move, Support and Convoy are movement orders;
// Retreat and Disband are retreat orders; Build, Remove and Waive are
// adjustment orders. Permit is Colonial's canal permission, and Railway a
// move along a variant's railway: the core resolves both from what the map
// declares (a gated border kind, a railway line).
const (
	Hold OrderType = iota
	Move
	Support
	Convoy
	Retreat
	Disband
	Build
	Remove
	Waive
	Permit
	Railway
)

var typeNames = [...]string{"hold", "move", "support", "convoy", "retreat", "disband", "build", "remove", "waive", "permit", "railway"}

// String returns the type's lower-case name.
func (k OrderType) String() string {
	if int(k) < len(typeNames) {
		return typeNames[k]
	}
	return "?"
}

// Order is one order, as typed values.
//
// The fields mean:
//   - Hold, Disband, Remove: Unit at At.
//   - Move, Retreat, Railway: Unit at At moves to Target.
//   - Support: Unit at At supports the TargetUnit at Target to hold
//     (Dest.Province == NoProvince) or to move to Dest.
//   - Convoy: fleet at At convoys the army at Target to Dest.
//   - Build: a Unit is built at At.
//   - Waive: Power gives up one build.
//   - Permit: Power's unit at At (the canal's gate) lets the fleet at Target
//     move to Dest.
type Order struct {
	Power      Power
	Type       OrderType
	Unit       UnitType // as written; NoUnit when the order left it out
	At         Loc
	Target     Loc
	TargetUnit UnitType
	Dest       Loc
	// ViaConvoy is set when a move says "via convoy" (DATC 4.A.3).
	ViaConvoy bool
}

// HoldOrder returns the hold order of the unit at l.
func HoldOrder(power Power, t UnitType, l Loc) Order {
	return Order{Power: power, Type: Hold, Unit: t, At: l, Target: noLoc, Dest: noLoc}
}

var noLoc = Loc{Province: NoProvince}
