package server

import (
	"net/http"

	"github.com/chancery/chancery/judge"
	"github.com/chancery/chancery/store"
	"github.com/chancery/chancery/table"
)

// What a seat may send beyond joining and starting: orders, votes, moves.
// A game takes those its kind's rules have (table.OrderTaker, table.Voter,
// table.Mover); the others are refused.

type ordersRequest struct {
	Orders []string `json:"orders"`
	Ready  bool     `json:"ready"`
	// Phase, when given, must be the game's current phase: orders
	// written for a phase that has just been adjudicated are refused
	// (409) rather than applied to the next one.
	Phase *judge.Phase `json:"phase"`
}

func (s *Server) putOrders(w http.ResponseWriter, r *http.Request) error {
	var req ordersRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	if req.Orders == nil {
		return errorf(http.StatusBadRequest, "orders: a list of orders is required (it may be empty)")
	}
	if len(req.Orders) > 200 {
		return errorf(http.StatusUnprocessableEntity, "orders: at most 200 orders")
	}
	for i, o := range req.Orders {
		if len(o) > 200 {
			return errorf(http.StatusUnprocessableEntity, "orders[%d]: at most 200 characters", i)
		}
	}
	u := user(r)
	id := r.PathValue("id")
	var taken *table.Taken
	err := s.st.Update(r.Context(), func(tx store.Tx) error {
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
		taken, err = ot.TakeOrders(tableRow(tx, row), u.ID, table.Orders{Orders: req.Orders, Ready: req.Ready, Phase: req.Phase}, now)
		if err != nil || !taken.Due {
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
	return writeJSON(w, http.StatusOK, taken)
}

type votesRequest struct {
	Draw    bool `json:"draw"`
	Concede bool `json:"concede"`
}

func (s *Server) putVotes(w http.ResponseWriter, r *http.Request) error {
	var req votesRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	u := user(r)
	id := r.PathValue("id")
	var status table.Status
	err := s.changeGame(r.Context(), id, func(tx store.Tx, row *store.Game, g table.Game) error {
		v, ok := g.(table.Voter)
		if !ok {
			return errorf(http.StatusConflict, "game %s is a %s game: it has no votes", id, row.Kind)
		}
		now := s.now()
		if err := v.Vote(tableRow(tx, row), u.ID, req.Draw, req.Concede, now); err != nil {
			return err
		}
		status = g.Table().Status
		return save(tx, row, g, now)
	})
	if err != nil {
		return err
	}
	s.changed(id)
	return writeJSON(w, http.StatusOK, map[string]any{"draw": req.Draw, "concede": req.Concede, "status": status})
}

// moveRequest is a move of a game played by moves (Diceplomacy): its
// kind, the seat it targets (0-based, as in the view) and the answer to a
// question.
type moveRequest struct {
	Kind   string `json:"kind"`
	Target *int   `json:"target"`
	Yes    bool   `json:"yes"`
}

func (s *Server) postMove(w http.ResponseWriter, r *http.Request) error {
	var req moveRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	u := user(r)
	id := r.PathValue("id")
	var out any
	err := s.changeGame(r.Context(), id, func(tx store.Tx, row *store.Game, g table.Game) error {
		m, ok := g.(table.Mover)
		if !ok {
			return errorf(http.StatusConflict, "game %s is a %s game: it takes no moves", id, row.Kind)
		}
		now := s.now()
		if err := m.Move(tableRow(tx, row), u.ID, table.Move{Kind: req.Kind, Target: req.Target, Yes: req.Yes}, now); err != nil {
			return err
		}
		if err := save(tx, row, g, now); err != nil {
			return err
		}
		var err error
		out, err = g.View(tableRow(tx, row), u.ID)
		return err
	})
	if err != nil {
		return err
	}
	s.changed(id)
	return writeJSON(w, http.StatusOK, out)
}
