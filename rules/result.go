package rules

import "fmt"

// Outcome is what became of an order.
type Outcome uint8

// The outcomes.
const (
	Succeeded Outcome = iota
	Failed
	Illegal
)

// String returns "succeeded", "failed" or "illegal".
func (o Outcome) String() string {
	switch o {
	case Succeeded:
		return "succeeded"
	case Failed:
		return "failed"
	}
	return "illegal"
}

// ParseOutcome reads an outcome's word, as String writes it.
func ParseOutcome(s string) (Outcome, bool) {
	for _, o := range [...]Outcome{Succeeded, Failed, Illegal} {
		if o.String() == s {
			return o, true
		}
	}
	return Succeeded, false
}

// Reason says why an order failed or was illegal.
type Reason uint8

// The reasons. Each has a short machine word (String) and, with the
// provinces of the Result, a sentence for people (Result.Message).
const (
	NoReason       Reason = iota
	Bounced               // the move was bounced (at Result.Where)
	Cut                   // the support was cut (by the unit from Result.Where)
	WasDislodged          // the unit was dislodged (by the unit from Result.Where)
	NoConvoy              // no convoy route carried the army
	Void                  // a support or convoy that the supported unit's order does not match
	ParadoxBroken         // the convoy was broken by the paradox rule
	NoSuchUnit            // no unit of the ordering power at the location
	WrongPhase            // the order does not belong to this phase
	NotAdjacent           // the destination cannot be reached
	BadCoast              // the coast is missing, unknown or unreachable
	CannotSupport         // the supporter cannot reach the province it supports into
	CannotConvoy          // the fleet cannot convoy (not at sea, not on a route, not an army)
	DuplicateOrder        // the unit already has an order
	NotRetreatable        // the retreat destination is not allowed
	RetreatClash          // several units retreated to the same province
	NoBuildSite           // not a build site of the power
	SiteOccupied          // the build site is occupied
	NoBuildsLeft          // more builds (or removals) than the power is due
	WrongTerrain          // the unit type cannot stand there
	NoPermission          // a move through a gate without the gatekeeper's permission
	NotGatekeeper         // a permission from a power with no unit at the gate
	NeutralUnit           // neutral units take no orders
	RuleViolation         // a variant's rule forbids the order (see the message)
	WrongUnitType         // the order names an army where a fleet stands, or a fleet where an army stands
	numReasons
)

var reasonWords = [numReasons]string{
	"", "bounced", "cut", "dislodged", "no_convoy", "void", "paradox", "no_unit",
	"wrong_phase", "not_adjacent", "bad_coast", "cannot_support", "cannot_convoy",
	"duplicate", "bad_retreat", "retreat_clash", "no_build_site", "occupied",
	"no_adjustments_left", "wrong_terrain", "no_permission", "not_gatekeeper",
	"neutral", "not_allowed", "wrong_unit_type",
}

// String returns the reason's machine word ("bounced", "cut", ...).
func (r Reason) String() string {
	if r < numReasons {
		return reasonWords[r]
	}
	return "?"
}

// ParseReason reads a reason's machine word, as String writes it ("" is
// NoReason).
func ParseReason(s string) (Reason, bool) {
	for r, w := range reasonWords {
		if w == s {
			return Reason(r), true
		}
	}
	return NoReason, false
}

// Result is the outcome of one order.
type Result struct {
	Order   Order
	Outcome Outcome
	Reason  Reason
	// Where is the province the reason refers to (where the move bounced,
	// where the cutting or dislodging unit came from), or NoProvince.
	Where Province
	// Note, when set, is a variant's own explanation.
	Note string
}

// Message returns a sentence that explains the result to a player, or ""
// for a plain success.
func (r *Result) Message(m *Map) string {
	text, where := r.MessageParts(m)
	if where == "" {
		return text
	}
	return text + where
}

// MessageParts returns Message in two parts, a text and the name of the
// province it ends with ("bounced in ", "Burgundy"; where is often ""),
// so that a writer appends the message without building its string.
func (r *Result) MessageParts(m *Map) (text, where string) {
	if r.Note != "" {
		return r.Note, ""
	}
	if r.Where != NoProvince && int(r.Where) < m.NumProvinces() {
		where = m.Provinces[r.Where].Name
	}
	switch r.Reason {
	case Bounced:
		if where != "" {
			return "bounced in ", where
		}
		return "bounced", ""
	case Cut:
		return "support cut by the unit from ", where
	case WasDislodged:
		return "dislodged by the unit from ", where
	case NoConvoy:
		return "no convoy route carried the army", ""
	case Void:
		return "the supported or convoyed unit was not ordered to match", ""
	case ParadoxBroken:
		return "convoy paradox: the convoy does not take place", ""
	case NoSuchUnit:
		return "no unit of this power there", ""
	case WrongUnitType:
		if r.Order.Unit == Fleet {
			return "the unit there is an army, not a fleet", ""
		}
		return "the unit there is a fleet, not an army", ""
	case WrongPhase:
		return "this order does not belong to this phase", ""
	case NotAdjacent:
		return "the destination cannot be reached from there", ""
	case BadCoast:
		return "the coast is missing, unknown or cannot be reached", ""
	case CannotSupport:
		return "the supporting unit cannot reach the province it supports into", ""
	case CannotConvoy:
		return "this fleet cannot convoy that army there", ""
	case DuplicateOrder:
		return "the unit already has an order", ""
	case NotRetreatable:
		return "the unit may not retreat there", ""
	case RetreatClash:
		if where != "" {
			return "several units retreated to ", where
		}
		return "several units retreated to the same province", ""
	case NoBuildSite:
		return "not a build site of this power", ""
	case SiteOccupied:
		return "the build site is occupied", ""
	case NoBuildsLeft:
		return "more adjustments than this power is due", ""
	case WrongTerrain:
		return "that unit type cannot stand there", ""
	case NoPermission:
		return "no canal permission", ""
	case NotGatekeeper:
		return "only the power whose unit stood at the gate at the start of the turn may give permission", ""
	case NeutralUnit:
		return "neutral units only hold", ""
	case RuleViolation:
		return "the variant's rules forbid this order", ""
	}
	return "", ""
}

func (r Result) String() string {
	return fmt.Sprintf("%v %v %v", r.Order.Type, r.Outcome, r.Reason)
}

// Resolution is the outcome of one phase.
type Resolution struct {
	// Results has one result per order given, in the order given.
	Results []Result
	// Next is the position at the next phase that needs orders.
	Next *Position
	// Winner is the power that has won, or NoPower.
	Winner Power
	// Disbanded lists the units dislodged in a movement phase that were
	// disbanded at once: they had nowhere to retreat, or were neutral.
	Disbanded []Dislodged
}
