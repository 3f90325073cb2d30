package server

import (
	"context"
	"time"

	"github.com/chancery/chancery/store"
	"github.com/chancery/chancery/table"
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
//
// It looks first, in a read, when the next deadline is, and claims (a
// write) only when one has passed: an idle server writes nothing, and
// does not queue every Poll for the database's writer.
func (s *Server) schedule() {
	defer close(s.done)
	failures := map[string]int{} // game id: adjudications failed in a row
	for {
		wait := s.cfg.Poll
		if d, ok := s.untilNextDeadline(); ok && d <= 0 {
			// After a failure, try again a poll later, not as soon as
			// the (past) deadline says: the database may be away for a
			// while.
			if !s.runDue(failures) {
				if d, ok := s.untilNextDeadline(); ok {
					wait = min(wait, max(d, 5*time.Millisecond))
				}
			}
		} else if ok {
			wait = min(wait, d)
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

// untilNextDeadline returns how long from now the earliest deadline in
// the store is (not positive when it has passed), and whether there is
// one; a failed read says there is none (a poll later, it looks again).
func (s *Server) untilNextDeadline() (time.Duration, bool) {
	var next time.Time
	var ok bool
	err := s.st.View(context.Background(), func(tx store.Tx) error {
		var err error
		next, ok, err = tx.NextDeadline()
		return err
	})
	if err != nil || !ok {
		return 0, false
	}
	return next.Sub(s.now()), true
}

// maxFailures is how many adjudications of one game may fail in a row
// (a poll apart, or a hold apart when they fail after the claim) before
// the game is taken out of the deadline queue: a passing database error
// is retried, a broken game does not block the others for long.
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

// holdFor is how long a game claimed for adjudication is held
// (store.Tx.Hold): other claims, in this process or in another sharing
// the database, skip it while its bots think outside any transaction. It
// is far longer than the bots' budget (bot.PhaseBudget), and it is how
// late a phase is played when its server dies while its bots think.
const holdFor = time.Minute

// maxThinks bounds how often one adjudication thinks again because its
// game changed while its bots thought (Think then takes what still holds,
// usually everything); past it the game is left to a later claim, once
// its hold ends or it is saved again.
const maxThinks = 3

// advanceOne claims one due game and does what its deadline says (plays
// the phase, applies the defaults of the decisions waited for).
//
// A game that thinks before it plays (table.Thinker: the bots of
// Diplomacy and Diceplomacy) is claimed and held in a short transaction,
// thinks on that snapshot outside any transaction, so that no write to
// any game waits for its bots, and is played in a second transaction only
// if it has not changed since (its version is the same); if it has, and
// is still due, the game as it now is thinks again. Another game is played in the transaction
// that claims it. Either way a crash before the commit leaves the game
// due (once its hold ends), and the next claim plays the phase again from
// the same state.
func (s *Server) advanceOne() (id string, ok bool, err error) {
	var snap *store.GameRow // the game as claimed, when it thinks first
	var g table.Game
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
		if g, err = s.decode(row); err != nil {
			return err
		}
		until, err := s.pace(tx, row, now)
		if err != nil {
			return err
		}
		if !until.IsZero() {
			g.Table().Deadline = until
			return save(tx, row, g, now)
		}
		if _, thinks := g.(table.Thinker); !thinks {
			return s.advance(tx, row, g, now)
		}
		snap = row
		return tx.Hold(id, now.Add(holdFor))
	})
	if err != nil || snap == nil {
		return id, ok, err
	}
	var earlier table.Game
	for range maxThinks {
		if err := g.(table.Thinker).Think(thinkRow(snap), earlier); err != nil {
			return id, true, err
		}
		earlier = g
		if snap, g, err = s.commit(snap, g); err != nil || snap == nil {
			return id, true, err
		}
	}
	s.log.Warn("the game kept changing while its bots thought; it is left for a later claim", "game", id)
	return id, true, nil
}

// commit plays the phase of g, decoded from snap and thought on, if the
// stored game is still snap. If it has changed and is still due, commit
// holds it again and returns it, decoded afresh, to think on; if it is no
// longer due (another server played it, a vote ended it), it returns nil.
func (s *Server) commit(snap *store.GameRow, g table.Game) (next *store.GameRow, nextGame table.Game, err error) {
	err = s.st.Update(context.Background(), func(tx store.Tx) error {
		now := s.now()
		row, err := tx.Game(snap.ID, true)
		if err != nil {
			return err
		}
		if row.Version == snap.Version {
			return s.advance(tx, row, g, now)
		}
		// Held games are skipped: another server may have claimed it
		// since its hold ended.
		if row.Status != string(table.Active) || row.Deadline.IsZero() || row.Deadline.After(now) {
			return nil
		}
		if nextGame, err = s.decode(row); err != nil {
			return err
		}
		next = row
		return tx.Hold(row.ID, now.Add(holdFor))
	})
	if err != nil {
		return nil, nil, err
	}
	return next, nextGame, nil
}

// advance does what g's deadline says and saves it, having recorded who
// owed orders in the phase and whether they gave them (account).
func (s *Server) advance(tx store.Tx, row *store.GameRow, g table.Game, now time.Time) error {
	if err := account(tx, row, g, now); err != nil {
		return err
	}
	if err := g.Advance(tableRow(tx, row), now); err != nil {
		return err
	}
	return save(tx, row, g, now)
}

// thinkRow is row as its kind sees it to think, outside any transaction:
// without records.
func thinkRow(row *store.GameRow) *table.Row {
	return &table.Row{ID: row.ID, Kind: row.Kind, Variant: row.Variant, Name: row.Name, Version: row.Version,
		Secret: row.Secret, Settings: settingsOf(row)}
}

// pace returns when the phase of the game stored at row, due now, may be
// played, if not now: the games its creator created play at most
// MaxGamesPerUser phases in any MinPhase, what as many games of phases of
// the shortest length would play, however soon their players are ready.
// A phase beyond that waits until the oldest of those phases is MinPhase
// old: at most MinPhase. The scheduler, which plays every phase, asks
// when it claims one, so that phases made due at once (every person
// ready) count when they are played, not when they are asked for.
//
// Two processes claiming games of one creator at once may both pass: the
// share is a bound on load, not an exact count.
func (s *Server) pace(tx store.Tx, row *store.GameRow, now time.Time) (time.Time, error) {
	n := s.cfg.MaxGamesPerUser
	if n <= 0 || row.Creator == "" {
		return time.Time{}, nil
	}
	played, err := tx.RecentPhases(row.Creator, now.Add(-s.cfg.MinPhase), n)
	if err != nil || len(played) < n {
		return time.Time{}, err
	}
	return played[n-1].Add(s.cfg.MinPhase), nil
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

// account records, for the players' reliability, who owed orders in the
// phase of g about to be played and whether they gave them, for a kind
// that tells (table.Accountant). A sandbox counts for nobody.
func account(tx store.Tx, row *store.GameRow, g table.Game, now time.Time) error {
	a, ok := g.(table.Accountant)
	t := g.Table()
	if !ok || t.Sandbox || t.Status != table.Active {
		return nil
	}
	owed, err := a.Owed(tableRow(tx, row))
	if err != nil || len(owed) == 0 {
		return err
	}
	dues := make([]store.Due, 0, len(owed))
	for _, o := range owed {
		for _, seat := range t.Seats {
			if seat.Power == o.Power && seat.User != "" {
				dues = append(dues, store.Due{Power: o.Power, UserID: seat.User, Given: o.Given, At: now})
			}
		}
	}
	return tx.AddDues(row.ID, g.Seq(), dues)
}
