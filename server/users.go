package server

import (
	"errors"
	"net/http"
	"time"

	"github.com/chancery/chancery/store"
	"github.com/chancery/chancery/table"
)

// reliabilityWindow is the recent part of a user's reliability.
const reliabilityWindow = 90 * 24 * time.Hour

// reliabilityJSON is a user's reliability as the API writes it: the
// phases they owed orders in and gave them in, overall and over the
// last 90 days, and the games they left or were replaced in. A sandbox
// never counts.
type reliabilityJSON struct {
	Due      int `json:"due"`
	Given    int `json:"given"`
	Due90d   int `json:"due_90d"`
	Given90d int `json:"given_90d"`
	// Left and Replaced are the games they left (the game ended with a
	// bot playing their seat for their missed orders) and those the
	// game master replaced or removed them in.
	Left     int `json:"left"`
	Replaced int `json:"replaced"`
}

// reliability reads userID's reliability at now.
func reliability(tx store.Tx, userID string, now time.Time) (reliabilityJSON, error) {
	r, err := tx.Reliability(userID, now.Add(-reliabilityWindow))
	return reliabilityJSON{Due: r.Due, Given: r.Given, Due90d: r.DueRecent, Given90d: r.GivenRecent, Left: r.Left, Replaced: r.Replaced}, err
}

// percent is the share of the phases owed in which orders were given, in
// whole percent, rounded down; a user who never owed any has 100: nothing
// is held against them.
func (r reliabilityJSON) percent() int {
	if r.Due == 0 {
		return 100
	}
	return r.Given * 100 / r.Due
}

// profileGame is one of a user's games on their profile.
type profileGame struct {
	ID        string     `json:"id"`
	Name      string     `json:"name"`
	Kind      string     `json:"kind"`
	Variant   string     `json:"variant"`
	Status    string     `json:"status"`
	Power     string     `json:"power"`
	Deadline  *time.Time `json:"deadline"`
	Result    string     `json:"result,omitempty"`
	Cancelled bool       `json:"cancelled,omitempty"`
}

// profile serves GET /api/v1/users/{name}: a user's reliability and the
// games they play or played that the requesting user may see (sandboxes
// are nobody's business but their own).
func (s *Server) profile(w http.ResponseWriter, r *http.Request) error {
	viewer := user(r)
	name := r.PathValue("name")
	out := struct {
		Name        string          `json:"name"`
		Reliability reliabilityJSON `json:"reliability"`
		Games       []profileGame   `json:"games"`
	}{Games: []profileGame{}}
	err := s.st.View(r.Context(), func(tx store.Tx) error {
		u, err := tx.UserByName(name)
		if errors.Is(err, store.ErrNotFound) {
			return errorf(http.StatusNotFound, "no user %q", name)
		}
		if err != nil {
			return err
		}
		out.Name = u.Name
		if out.Reliability, err = reliability(tx, u.ID, s.now()); err != nil {
			return err
		}
		rows, err := tx.ListGames(store.GameFilter{UserID: u.ID, Limit: 100})
		if err != nil {
			return err
		}
		for _, row := range rows {
			g, err := s.readOnly(row)
			if err != nil {
				return err
			}
			t := g.Table()
			if t.Sandbox || admit(row, t, viewer.ID, "") != nil {
				continue
			}
			pg := profileGame{ID: row.ID, Name: row.Name, Kind: row.Kind, Variant: row.Variant, Status: string(t.Status),
				Power: t.PowerOf(u.ID), Deadline: table.Deadline(t.Deadline), Cancelled: t.Cancelled}
			if res, ok := g.(table.Resulter); ok && t.Status == table.Finished {
				pg.Result = res.Result(pg.Power)
			}
			out.Games = append(out.Games, pg)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, out)
}

// checkReliability refuses userID a seat in a game that asks for more
// reliability than theirs.
func checkReliability(tx store.Tx, t *table.Table, userID string, now time.Time) error {
	if t.MinReliability <= 0 {
		return nil
	}
	rel, err := reliability(tx, userID, now)
	if err != nil {
		return err
	}
	if p := rel.percent(); p < t.MinReliability {
		return codedf(http.StatusForbidden, table.CodeUnreliable,
			"this game asks for players who gave orders in at least %d%% of the phases they owed; you gave them in %d%% (%d of %d)",
			t.MinReliability, p, rel.Given, rel.Due)
	}
	return nil
}
