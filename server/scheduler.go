package server

import (
	"context"
	"time"

	"github.com/chancery/chancery/store"
)

// poke wakes the scheduler: a deadline was just set to now.
func (s *Server) poke() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// schedule adjudicates due games until the server closes. Between rounds
// it sleeps until the earliest deadline it knows of, at most Poll (another
// process may set an earlier one), or until poked.
func (s *Server) schedule() {
	defer close(s.done)
	failures := map[string]int{} // game id: adjudications failed in a row
	for {
		wait := s.cfg.Poll
		// After a failure, try again a poll later, not as soon as the
		// (past) deadline says: the database may be away for a while.
		if !s.runDue(failures) {
			wait = s.untilNextDeadline(wait)
		}
		t := time.NewTimer(wait)
		select {
		case <-s.stop:
			t.Stop()
			return
		case <-s.wake:
		case <-t.C:
		}
		t.Stop()
	}
}

// untilNextDeadline returns how long to sleep until the earliest deadline
// in the store, at most limit.
func (s *Server) untilNextDeadline(limit time.Duration) time.Duration {
	wait := limit
	_ = s.st.View(context.Background(), func(tx store.Tx) error {
		next, ok, err := tx.NextDeadline()
		if err == nil && ok {
			if d := next.Sub(s.now()); d < wait {
				wait = max(d, 5*time.Millisecond)
			}
		}
		return err
	})
	return wait
}

// maxFailures is how many adjudications of one game may fail in a row
// (a poll apart) before the game is taken out of the deadline queue: a
// passing database error is retried, a broken game does not block the
// others for long.
const maxFailures = 5

// runDue adjudicates every game that is due, one transaction per game,
// and reports whether one failed. failures counts, per game, the
// adjudications that failed in a row.
func (s *Server) runDue(failures map[string]int) (failed bool) {
	for range 1000 {
		select {
		case <-s.stop:
			return false
		default:
		}
		id, ok, err := s.advanceOne()
		if err != nil {
			s.log.Error("adjudication failed", "game", id, "err", err)
			if id != "" {
				if failures[id]++; failures[id] >= maxFailures {
					delete(failures, id)
					s.quarantine(id, err)
				}
			}
			return true
		}
		if !ok {
			return false
		}
		delete(failures, id)
		s.changed(id)
	}
	return false
}

// advanceOne claims one due game and does what its deadline says (plays
// the phase, applies the defaults of the decisions waited for), all in
// one transaction: a crash before the commit leaves the game due, and the
// next claim plays the phase again from the same state.
func (s *Server) advanceOne() (id string, ok bool, err error) {
	err = s.st.Update(context.Background(), func(tx store.Tx) error {
		now := s.now()
		var err error
		id, ok, err = tx.ClaimDue(now)
		if err != nil || !ok {
			return err
		}
		row, err := tx.Game(id, true)
		if err != nil {
			return err
		}
		g, err := s.decode(row)
		if err != nil {
			return err
		}
		if err := g.Advance(tableRow(tx, row), now); err != nil {
			return err
		}
		return save(tx, row, g, now)
	})
	return id, ok, err
}

// quarantine takes a game whose adjudication fails out of the deadline
// queue, so that one broken game cannot stop the others; it stays active
// for an operator to look at.
func (s *Server) quarantine(id string, cause error) {
	err := s.st.Update(context.Background(), func(tx store.Tx) error {
		row, err := tx.Game(id, true)
		if err != nil {
			return err
		}
		row.Deadline = time.Time{}
		row.Updated = s.now()
		return tx.SaveGame(row)
	})
	s.log.Error("game taken out of the deadline queue", "game", id, "cause", cause, "err", err)
}
