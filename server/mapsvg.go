package server

import (
	"bytes"
	"net/http"
	"strconv"

	"github.com/chancery/chancery/store"
	"github.com/chancery/chancery/table"
)

// phaseMap serves GET /api/v1/games/{id}/phases/{n}/map.svg: phase n of a
// game on its board, for a kind of game that has one (table.Boarder).
func (s *Server) phaseMap(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil || n < 0 {
		return errorf(http.StatusBadRequest, "phase %q is not a phase number", r.PathValue("n"))
	}
	var buf bytes.Buffer
	err = s.readGame(r, id, func(tx store.Tx, row *store.GameRow, g table.Game) error {
		b, ok := g.(table.Boarder)
		if !ok {
			return errorf(http.StatusNotFound, "game %s is a %s game: it has no board", id, row.Kind)
		}
		return b.Board(&buf, tableRow(tx, row), n)
	})
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Content-Security-Policy", svgCSP)
	w.Header().Set("Cache-Control", "private, max-age=60")
	_, err = w.Write(buf.Bytes())
	return err
}
