package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"

	"github.com/chancery/chancery/board"
	"github.com/chancery/chancery/judge"
	"github.com/chancery/chancery/store"
)

// phaseMap serves GET /api/v1/games/{id}/phases/{n}/map.svg: phase n of a
// Diplomacy game on its board. A resolved phase shows its position with
// every order and result, as the history does to every player; the phase
// being played shows its position only, since its orders are secret until
// it resolves.
func (s *Server) phaseMap(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil || n < 0 {
		return errorf(http.StatusBadRequest, "phase %q is not a phase number", r.PathValue("n"))
	}
	var (
		variant string
		in      *judge.Input   // a resolved phase, with its orders
		pic     *board.Picture // the phase being played
	)
	err = s.st.View(r.Context(), func(tx store.Tx) error {
		row, err := loadRow(tx, id, false)
		if err != nil {
			return err
		}
		if row.Kind != kindDiplomacy {
			return errorf(http.StatusNotFound, "game %s is a %s game: it has no board", id, row.Kind)
		}
		variant = row.Variant
		phases, err := tx.Phases(id)
		if err != nil {
			return err
		}
		for _, p := range phases {
			if p.Seq != n {
				continue
			}
			var rec phaseRecord
			if err := json.Unmarshal(p.Data, &rec); err != nil {
				return fmt.Errorf("game %s, phase %d: %w", id, n, err)
			}
			in = &judge.Input{Variant: row.Variant, Phase: rec.Phase, Units: rec.Position.Units,
				Dislodged: rec.Position.Dislodged, SupplyCenters: rec.Position.SupplyCenters, Orders: rec.Orders}
			return nil
		}
		d, err := s.readOnly(row)
		if err != nil {
			return err
		}
		if d.g.Seq != n {
			return errorf(http.StatusNotFound, "game %s has no phase %d", id, n)
		}
		v := d.e.V
		pic = &board.Picture{Variant: v, Position: d.g.Position.Clone(), Title: board.PhaseTitle(v, d.g.Position.Phase)}
		return nil
	})
	if err != nil {
		return err
	}
	if _, err := s.boards.Board(variant); err != nil {
		return errorf(http.StatusNotFound, "%v", err)
	}
	var buf bytes.Buffer
	if pic != nil {
		err = s.boards.Draw(&buf, pic)
	} else {
		err = s.boards.DrawInput(&buf, s.cfg.Variants, in)
	}
	if err != nil {
		return fmt.Errorf("drawing game %s, phase %d: %w", id, n, err)
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "private, max-age=60")
	_, err = w.Write(buf.Bytes())
	return err
}
