package server

import (
	"net/http"

	"github.com/chancery/chancery/store"
	"github.com/chancery/chancery/table"
)

// options serves GET /api/v1/games/{id}/options: what the requesting
// player may send this phase, for a kind of game that lists it
// (table.Optioner).
func (s *Server) options(w http.ResponseWriter, r *http.Request) error {
	u := user(r)
	id := r.PathValue("id")
	var out any
	err := s.readGame(r, id, func(tx store.Tx, row *store.GameRow, g table.Game) error {
		o, ok := g.(table.Optioner)
		if !ok {
			return errorf(http.StatusConflict, "game %s is a %s game: it lists no orders; what a seat may do is in the game's view (GET /api/v1/games/%s)",
				id, row.Kind, id)
		}
		var err error
		out, err = o.Options(actor(r, g, u.ID))
		return err
	})
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, out)
}
