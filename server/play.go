package server

import (
	"net/http"

	"github.com/chancery/chancery/store"
	"github.com/chancery/chancery/table"
)

// What a seat may send beyond joining and starting: orders, votes, moves.
// A game takes those its kind's rules have (table.OrderTaker, table.Voter,
// table.Mover); the others are refused. The server reads none of them:
// each is a JSON object that the game's kind reads.

// putOrders hands a seat's orders to its game, whose kind reads them.
func (s *Server) putOrders(w http.ResponseWriter, r *http.Request) error {
	body, err := payload(w, r)
	if err != nil {
		return err
	}
	u := user(r)
	id := r.PathValue("id")
	var taken table.Taken
	err = s.st.Update(r.Context(), func(tx store.Tx) error {
		row, err := loadRow(tx, id, true)
		if err != nil {
			return err
		}
		// Orders do not change the game (table.OrderTaker): a decoded
		// game in the cache takes them as it is. Only when every power is
		// ready does the game change (its deadline), and the shared game
		// must not: the row is then decoded afresh, once. A game not in
		// the cache is decoded once here, kept private until it is known
		// not to change, and then shared.
		g, shared := s.cached(row)
		if !shared {
			if g, err = s.decode(row); err != nil {
				return err
			}
		}
		ot, ok := g.(table.OrderTaker)
		if !ok {
			return errorf(http.StatusConflict, "game %s is a %s game: it takes no orders", id, row.Kind)
		}
		now := s.now()
		taken, err = ot.TakeOrders(tableRow(tx, row), actor(r, g, u.ID), body, now)
		if err != nil || !taken.Due || g.Table().Paused {
			// A paused game's deadline stays frozen, whoever is ready.
			if !shared {
				s.keep(row, g) // unchanged, refused or not
			}
			return err
		}
		// Everyone is ready: the phase is due now (the scheduler may put
		// it off: pace). A phase already due is left as it is, unless
		// a scheduler holds it (its row's deadline is later than the
		// game's): saving it puts it back in the queue, so that a
		// scheduler that died while its bots thought does not delay it;
		// one still alive thinks again, at no cost (table.Thinker).
		if d := g.Table().Deadline; !d.IsZero() && !d.After(now) && !row.Deadline.After(now) {
			if !shared {
				s.keep(row, g)
			}
			return nil
		}
		due := g
		if shared {
			if due, err = s.decode(row); err != nil {
				return err
			}
		}
		if d := due.Table().Deadline; d.IsZero() || d.After(now) {
			due.Table().Deadline = now
		}
		return save(tx, row, due, now)
	})
	if err != nil {
		return err
	}
	if taken.Due {
		s.poke()
	}
	// The game's version is the same (its streams send nothing), but the
	// user's lobbies mark where orders are due.
	s.changed(id)
	return writeJSON(w, http.StatusOK, taken.Reply)
}

// putVotes hands a seat's votes to its game, whose kind reads them.
func (s *Server) putVotes(w http.ResponseWriter, r *http.Request) error {
	body, err := payload(w, r)
	if err != nil {
		return err
	}
	u := user(r)
	id := r.PathValue("id")
	var out any
	err = s.changeGame(r.Context(), id, func(tx store.Tx, row *store.GameRow, g table.Game) error {
		v, ok := g.(table.Voter)
		if !ok {
			return errorf(http.StatusConflict, "game %s is a %s game: it has no votes", id, row.Kind)
		}
		now := s.now()
		var err error
		if out, err = v.Vote(tableRow(tx, row), actor(r, g, u.ID), body, now); err != nil {
			return err
		}
		return save(tx, row, g, now)
	})
	if err != nil {
		return err
	}
	s.changed(id)
	return writeJSON(w, http.StatusOK, out)
}

// postMove hands a seat's move to its game, whose kind reads it, and
// answers the game's view after it.
func (s *Server) postMove(w http.ResponseWriter, r *http.Request) error {
	body, err := payload(w, r)
	if err != nil {
		return err
	}
	u := user(r)
	id := r.PathValue("id")
	var out any
	var due bool
	err = s.changeGame(r.Context(), id, func(tx store.Tx, row *store.GameRow, g table.Game) error {
		m, ok := g.(table.Mover)
		if !ok {
			return errorf(http.StatusConflict, "game %s is a %s game: it takes no moves", id, row.Kind)
		}
		if g.Table().Paused {
			return table.Codedf(table.ErrState, table.CodePaused, "the game is paused: moves wait until it resumes")
		}
		now := s.now()
		if err := m.Move(tableRow(tx, row), actor(r, g, u.ID), body, now); err != nil {
			return err
		}
		if err := save(tx, row, g, now); err != nil {
			return err
		}
		// A move that hands the turn to bots makes the game due now: the
		// scheduler plays their moves outside any transaction, and the
		// view says whom the game waits for meanwhile.
		d := g.Table().Deadline
		due = !d.IsZero() && !d.After(now)
		var err error
		out, err = g.View(tableRow(tx, row), actor(r, g, u.ID))
		return err
	})
	if err != nil {
		return err
	}
	if due {
		s.poke()
	}
	s.changed(id)
	return writeJSON(w, http.StatusOK, out)
}
