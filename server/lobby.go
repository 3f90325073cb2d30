package server

import (
	"context"
	"net/http"

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
// and reads the mark, one cheap statement).
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
	return s.serveStream(r, out, wake, func(gone chan struct{}) (more, ok bool) {
		return false, s.lobbyChanges(r.Context(), ls, gone)
	})
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
	ls.flusher.Flush()
	return true
}
