package server

import (
	"context"
	"net/http"
	"time"

	"github.com/chancery/chancery/store"
)

// lobbyEvents streams what a user's lobby lists, as server-sent events:
//
//	event: games    data: {"n": 1}    the lists may have changed (GET them again)
//
// One is sent first, and then one whenever the user's lobby mark changes
// (store.LobbyMark): a game was created, a forming game changed, a game
// started or finished, or a game the user plays changed or took the
// user's orders. n counts the stream's events from 1. The events name no
// game and carry nothing read from one, so that none a user may not see
// can be learnt of through them: the page reads what changed from the
// lists the user may see. A game the user does not play going on from
// phase to phase sends nothing, so that every phase of every game does
// not send every lobby to read its lists again (the stream itself wakes
// and reads the mark, one cheap statement). Even so, one statement per
// lobby per change anywhere grows as lobbies times changes; so a stream
// reads its mark at most once a Poll: a change in the quiet after a read
// is read at its end, with every other change that came meanwhile.
//
// The stream is counted, paced and ended with its session as the game
// streams are (see events).
func (s *Server) lobbyEvents(w http.ResponseWriter, r *http.Request) error {
	out, err := newSSE(w, r)
	if err != nil {
		return err
	}
	ls := &lobbyStream{sse: out, user: user(r).ID}
	wake := s.hub.subscribeLobby()
	defer s.hub.unsubscribeLobby(wake)
	var last time.Time // when the stream last read its mark
	return s.serveStream(r, out, wake, func(gone chan struct{}) (more, ok bool) {
		if !last.IsZero() && !s.lobbyQuiet(r.Context(), gone, time.Until(last.Add(s.cfg.Poll))) {
			return false, false
		}
		// The read to come sees every change announced so far: a wake
		// left from them would only read the same mark again.
		select {
		case <-wake:
		default:
		}
		last = time.Now()
		return false, s.lobbyChanges(r.Context(), ls, gone)
	})
}

// lobbyQuiet waits out the rest d of a lobby stream's quiet interval. It
// reports false when the stream must end meanwhile. (It sends no
// keep-alive: a Poll is much shorter than the 15 s between them.)
func (s *Server) lobbyQuiet(ctx context.Context, gone chan struct{}, d time.Duration) bool {
	if d <= 0 {
		return true
	}
	after := time.After
	if s.lobbyTimer != nil {
		after = s.lobbyTimer
	}
	select {
	case <-ctx.Done():
		return false
	case <-s.hub.closed:
		return false
	case <-gone:
		return false
	case <-after(d):
		return true
	}
}

// lobbyStream is one lobby stream: the mark of the user's lobby as last
// announced.
type lobbyStream struct {
	*sse
	user string
	mark store.LobbyMark
	sent int // the games events sent
}

// lobbyChanges sends a games event when the user's lobby mark changed
// since the last one sent (or none was). It reports false when the
// stream must end.
func (s *Server) lobbyChanges(ctx context.Context, ls *lobbyStream, gone chan struct{}) bool {
	if s.lobbyRead != nil {
		s.lobbyRead()
	}
	var mark store.LobbyMark
	if !s.readLive(ctx, ls.sse, gone, func(tx store.Tx) error {
		var err error
		mark, err = tx.Lobby(ls.user)
		return err
	}) {
		return false
	}
	if ls.sent > 0 && mark == ls.mark {
		return true
	}
	ls.sent++
	if ls.send("games", "", map[string]any{"n": ls.sent}) != nil {
		return false
	}
	ls.mark = mark
	ls.flush()
	return true
}
