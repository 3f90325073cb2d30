package codec

import "strconv"

// Phase is a phase in the contract: {"season": "spring", "year": 1901, "type": "movement"}.
type Phase struct {
	Season string `json:"season"`
	Year   int    `json:"year"`
	Type   string `json:"type"`
}

// Unit is a unit in the contract.
type Unit struct {
	Power    string `json:"power"`
	Type     string `json:"type"`
	Province string `json:"province"`
}

// Dislodged is a dislodged unit in the contract.
type Dislodged struct {
	Power        string `json:"power"`
	Type         string `json:"type"`
	Province     string `json:"province"`
	AttackerFrom string `json:"attacker_from"`
	// ByConvoy is set when the attacker came by convoy: the unit may then
	// retreat to the attacker's origin (DATC 4.A.5).
	ByConvoy bool `json:"by_convoy,omitempty"`
	// Retreats lists where the unit may retreat. In the output it is
	// always present; in the input it may be left out, and then every
	// empty neighbour but the attacker's origin is allowed (standoffs of
	// the movement phase are not known).
	Retreats []string `json:"retreats"`
}

// Position is the whole position of a game at a phase.
type Position struct {
	Variant       string            `json:"variant,omitempty"`
	Phase         Phase             `json:"phase"`
	Units         []Unit            `json:"units"`
	Dislodged     []Dislodged       `json:"dislodged"`
	SupplyCenters map[string]string `json:"supply_centers"`
}

// Result is the outcome of one order. Reason is a machine word and
// Where the province it refers to, so that a client can write the
// explanation in its reader's language; Message is that explanation in
// English (or a variant's own, more precise one).
type Result struct {
	Power string `json:"power"`
	Order string `json:"order"`
	// OrderParts is the order as the rules read it, part by part, so that
	// a reader draws it without reading Order's text again. An order that
	// could not be read (reason "syntax") has none.
	OrderParts
	Result string `json:"result"`
	Reason string `json:"reason,omitempty"`
	// Where is the province the reason refers to, by its abbreviation:
	// where a move bounced, where the cutting or dislodging unit came
	// from, where retreats clashed.
	Where   string `json:"where,omitempty"`
	Message string `json:"message,omitempty"`
}

// OrderParts is an order by its parts, in the vocabulary of the API's
// legal orders: locations are province abbreviations in lower case, with
// the coast ("spa/nc") where the unit's coast matters; a part the order's
// type has not is left out.
type OrderParts struct {
	// Type is the order's type (rules.OrderType), written "kind" as the
	// API always has: hold, move, support, convoy, retreat, disband,
	// build, remove, waive, permit or railway.
	Type string `json:"kind,omitempty"`
	// Unit is the ordered unit's type as written, "A" or "F" (a build's
	// new unit, a permission's gate unit).
	Unit string `json:"unit,omitempty"`
	// At is where the unit stands (a build's site, a permission's gate).
	At string `json:"at,omitempty"`
	// Target is a move's, retreat's or railway move's destination, or the
	// supported, convoyed or permitted unit's location.
	Target     string `json:"target,omitempty"`
	TargetUnit string `json:"target_unit,omitempty"`
	// Dest is where a supported unit moves (none for a support to hold),
	// where a convoyed army goes, or where a permitted fleet goes.
	Dest string `json:"dest,omitempty"`
	// ViaConvoy marks a move that insists on a convoy.
	ViaConvoy bool `json:"via_convoy,omitempty"`
}

// String is the phase as people write it: "spring 1901 movement".
func (p Phase) String() string { return p.Season + " " + strconv.Itoa(p.Year) + " " + p.Type }
