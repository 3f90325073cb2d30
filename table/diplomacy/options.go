package diplomacy

import (
	"github.com/chancery/chancery/codec"
	"github.com/chancery/chancery/engine"
	"github.com/chancery/chancery/notation"
	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/table"
)

// optionsJSON is GET /games/{id}/options: every order the requesting
// player's power may give in the current phase, as the rules core lists
// them, so that a client offers exactly these and hard-codes no rule.
type optionsJSON struct {
	Phase codec.Phase `json:"phase"`
	Power string      `json:"power"`
	// Adjustment is, in an adjustment phase, the builds due (> 0) or the
	// removals due (< 0) as the rules count them; 0 otherwise.
	Adjustment int          `json:"adjustment"`
	Orders     []optionJSON `json:"orders"`
}

// optionJSON is one legal order: its canonical text, as the server
// writes orders (PUT /orders takes it as it is), and its parts, for a
// client that draws it. Locations are province ids, with the coast
// ("spa/nc") where the unit's coast matters; a part the kind has not is
// "".
type optionJSON struct {
	Text string `json:"text"`
	Type string `json:"kind"`
	// Unit is the ordered unit's type (a build's new unit; a permission's
	// gate unit): "A" or "F".
	Unit string `json:"unit"`
	// At is where the unit stands (a build's site; a permission's gate).
	At string `json:"at"`
	// Target is a move's, retreat's or railway move's destination, or the
	// supported, convoyed or permitted unit's location.
	Target     string `json:"target"`
	TargetUnit string `json:"target_unit"`
	// Dest is where a supported unit moves ("" for a support to hold),
	// where a convoyed army goes, or where a permitted fleet goes.
	Dest string `json:"dest"`
	// ViaConvoy marks a move that insists on a convoy.
	ViaConvoy bool `json:"via_convoy"`
}

// encodeOption writes one legal order for the client.
func encodeOption(n *notation.Names, o rules.Order) optionJSON {
	loc := func(l rules.Loc) string {
		if l.Province == rules.NoProvince {
			return ""
		}
		return n.LocString(l)
	}
	return optionJSON{Text: n.FormatOrder(o), Type: o.Type.String(), Unit: o.Unit.Letter(), At: loc(o.At),
		Target: loc(o.Target), TargetUnit: o.TargetUnit.Letter(), Dest: loc(o.Dest), ViaConvoy: o.ViaConvoy}
}

// Options lists the legal orders of user's power in the phase being
// played (GET /games/{id}/options).
func (d *tableGame) Options(user string) (any, error) {
	power := d.g.PowerOf(user)
	if power == "" {
		return nil, table.Codedf(table.ErrForbidden, table.CodeNotPlayer, "you do not play in this game: only a player has orders")
	}
	if d.g.Status != table.Active {
		return nil, table.Codedf(table.ErrState, table.CodeNotInPlay, "the game is %s: no orders are taken", d.g.Status)
	}
	// The game may be shared with other readers: LegalOrders does not
	// change the position.
	return legalOptions(d.e, d.g.Position, power)
}

// legalOptions lists power's legal orders in pos for the client.
func legalOptions(e *engine.Engine, pos *rules.Position, power string) (*optionsJSON, error) {
	legal, err := e.LegalOrders(pos, power)
	if err != nil {
		return nil, err
	}
	out := &optionsJSON{Phase: codec.FormatPhase(pos.Phase), Power: power, Orders: make([]optionJSON, len(legal))}
	if pos.Phase.Type == rules.AdjustmentPhase {
		if pw, ok := e.Names.Power(power); ok {
			out.Adjustment = e.V.AdjustmentDue(pos, pw)
		}
	}
	for i, o := range legal {
		out.Orders[i] = encodeOption(e.Names, o)
	}
	return out, nil
}
