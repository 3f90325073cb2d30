package dice

import "fmt"

// script is a Source that first plays back the values recorded in a log,
// then draws from a fallback source.
type script struct {
	vals     []int
	next     int
	fallback Source
}

func (s *script) IntN(n int) int {
	if s.next < len(s.vals) {
		v := s.vals[s.next]
		s.next++
		if v < 0 || v >= n {
			// A log that does not fit its own game: Replay's comparison
			// reports where.
			return 0
		}
		return v
	}
	if s.fallback == nil {
		return 0
	}
	return s.fallback.IntN(n)
}

// ReplayError says where a log stops matching the game it claims to record.
type ReplayError struct {
	// Index is the position of the first event that does not match.
	Index  int
	Reason string
}

// Error describes the mismatch.
func (e *ReplayError) Error() string {
	return fmt.Sprintf("dice: replay: event %d: %s", e.Index, e.Reason)
}

// Replay rebuilds a game from its configuration and its full log (as
// [Game.Log] returns it): the start player and every die come from the
// log, the moves are played again, and the rebuilt log must equal the
// given one event for event. Rolls after the end of the log come from
// fallback (which may be nil for a finished game), so a server can restore
// a game and go on playing it.
func Replay(cfg Config, log []Event, fallback Source) (*Game, error) {
	sc := &script{fallback: fallback}
	for _, e := range log {
		switch {
		case e.Type == EventStart && e.Yes:
			sc.vals = append(sc.vals, int(e.Seat))
		case e.Type == EventRoll:
			sc.vals = append(sc.vals, e.Value-1)
		}
	}
	g, err := New(cfg, sc)
	if err != nil {
		return nil, err
	}
	for i, e := range log {
		if e.Type != EventMove {
			continue
		}
		if len(g.log) > i {
			return nil, &ReplayError{i, fmt.Sprintf("the game recorded %v here, the log has a move", g.log[i].Type)}
		}
		if e.Default {
			err = g.Timeout(e.Seat)
		} else {
			err = g.Apply(e.MoveOf())
		}
		if err != nil {
			return nil, &ReplayError{i, err.Error()}
		}
	}
	if len(g.log) < len(log) {
		return nil, &ReplayError{len(g.log), "the log goes on after the game stops"}
	}
	for i := range log {
		if g.log[i] != log[i] {
			return nil, &ReplayError{i, fmt.Sprintf("recorded %+v, replayed %+v", log[i], g.log[i])}
		}
	}
	if len(g.log) != len(log) {
		return nil, &ReplayError{len(log), "the game goes on after the log ends"}
	}
	sc.vals, sc.next = nil, 0
	return g, nil
}
