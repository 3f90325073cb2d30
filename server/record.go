package server

import (
	"net/http"

	"github.com/chancery/chancery/store"
	"github.com/chancery/chancery/table"
)

// record serves GET /api/v1/games/{id}/record: the record of what the
// user may see of a game that has been played, as its kind writes it
// (table.Recorder; Diplomacy: what `chancery replay --check` reads, or
// with ?format=cases each phase as an adjudication case). Anyone who may
// see the game may have it; a finished game that is not private is a
// public record (admit).
func (s *Server) record(w http.ResponseWriter, r *http.Request) error {
	u := user(r)
	id := r.PathValue("id")
	var out any
	err := s.readGame(r, id, func(tx store.Tx, row *store.GameRow, g table.Game) error {
		rec, ok := g.(table.Recorder)
		if !ok {
			return errorf(http.StatusConflict, "game %s is a %s game: its record is its history (GET /api/v1/games/%s/history)", id, row.Kind, id)
		}
		var err error
		out, err = rec.Record(tableRow(tx, row), u.ID, r.URL.Query().Get("format"))
		return err
	})
	if err != nil {
		return err
	}
	w.Header().Set("Content-Disposition", `inline; filename="chancery-`+id+`.json"`)
	return writeJSON(w, http.StatusOK, out)
}
