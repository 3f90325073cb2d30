package server

import (
	"net/http"

	"github.com/chancery/chancery/game"
	"github.com/chancery/chancery/judge"
	"github.com/chancery/chancery/notation"
	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/store"
)

// optionsJSON is GET /games/{id}/options: every order the requesting
// player's power may give in the current phase, as the rules core lists
// them, so that a client offers exactly these and hard-codes no rule.
type optionsJSON struct {
	Phase judge.Phase `json:"phase"`
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
	Kind string `json:"kind"`
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
	return optionJSON{Text: n.FormatOrder(o), Kind: o.Kind.String(), Unit: o.Unit.Letter(), At: loc(o.At),
		Target: loc(o.Target), TargetUnit: o.TargetUnit.Letter(), Dest: loc(o.Dest), ViaConvoy: o.ViaConvoy}
}

// options serves GET /api/v1/games/{id}/options.
func (s *Server) options(w http.ResponseWriter, r *http.Request) error {
	u := user(r)
	id := r.PathValue("id")
	var d *decoded
	var power string
	err := s.st.View(r.Context(), func(tx store.Tx) error {
		row, err := loadRow(tx, id, false)
		if err != nil {
			return err
		}
		if row.Kind != kindDiplomacy {
			return errorf(http.StatusConflict, "game %s is a %s game: it has no orders; its legal moves are in the game's view (GET /api/v1/games/%s, view.legal)",
				id, row.Kind, id)
		}
		if d, err = s.readOnly(row); err != nil {
			return err
		}
		if power = d.g.PowerOf(u.ID); power == "" {
			return errorf(http.StatusForbidden, "you do not play in game %s: only a player has orders", id)
		}
		if d.g.Status != game.Active {
			return errorf(http.StatusConflict, "the game is %s: no orders are taken", d.g.Status)
		}
		return nil
	})
	if err != nil {
		return err
	}
	// d is shared with the cache and read only: LegalOrders does not
	// change the position.
	out, err := legalOptions(d.e, d.pos, power)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, out)
}

// legalOptions lists power's legal orders in pos for the client.
func legalOptions(e *game.Engine, pos *rules.Position, power string) (*optionsJSON, error) {
	legal, err := e.LegalOrders(pos, power)
	if err != nil {
		return nil, err
	}
	out := &optionsJSON{Phase: judge.FormatPhase(pos.Phase), Power: power, Orders: make([]optionJSON, len(legal))}
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
