package server

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// MaxStreamGames is the most games one live-update stream follows
// (GET /events?game=...).
const MaxStreamGames = 50

// liveEvents serves GET /events: the lobby's stream (lobbyEvents), or
// with game parameters one stream that carries the events of several
// games and, unless lobby=0, the lobby's:
//
//	event: game     data: {"game": ID, "version": 7, "seq": 3, "status": "active", "after": 1732...}
//	event: phase    data: {"game": ID, "seq": 3}
//	event: message  data: {"game": ID, <a message, as GET /messages lists them>}
//	event: refused  data: {"game": ID, "status": 403, "code": "...", "error": "..."}
//	event: games    data: {"n": 1}
//
// so that a browser needs one connection for all its pages (a browser
// allows six to a host over HTTP/1.1). Each game's events are those of
// its own stream (events), tagged with the game; a game the user may not
// follow (a private game without its invitation, one that has started
// and admits no spectators, one that does not exist; or no longer: its
// admission is checked again at each of its changes) gets a refused
// event, once, and the stream goes on with the others. A game parameter
// is the game's id, optionally followed by what a resuming client had of
// it, ID:VERSION:SEQ:AFTER[:INVITATION] (empty fields for unknown): the
// game event is then sent only when the game changed since, and the
// press from after the cursor AFTER (a game event's after, or the last
// message's cursor), so a client changing the games it follows, by
// opening a new stream, misses nothing and reads nothing again.
//
// The stream counts as one against the user's limit, and ends with its
// session as the others do.
func (s *Server) liveEvents(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	if !q.Has("game") && !q.Has("lobby") {
		return s.lobbyEvents(w, r)
	}
	follows, err := parseFollows(q["game"])
	if err != nil {
		return err
	}
	var lobby bool
	switch q.Get("lobby") {
	case "", "1":
		lobby = true
	case "0":
	default:
		return errorf(http.StatusBadRequest, "lobby must be 0 or 1, not %q", q.Get("lobby"))
	}
	out, err := newSSE(w, r)
	if err != nil {
		return err
	}
	uid := user(r).ID
	gone, err := s.openStream(r, out)
	if err != nil {
		return err
	}
	defer s.hub.close(uid, out.session, gone)

	ctx, cancel := context.WithCancel(r.Context())
	var wg sync.WaitGroup
	defer func() {
		cancel()
		wg.Wait()
	}()
	run := func(loop func()) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			loop()
		}()
	}
	for _, f := range follows {
		st := &stream{sse: out, id: f.id, user: uid, version: f.version, seq: f.seq, tagged: true}
		if err := s.streamFrom(ctx, st, f.invitation, f.after); err != nil {
			if !s.refuse(out, f.id, err) {
				return nil
			}
			continue
		}
		run(func() {
			if !s.followGame(ctx, st, gone) {
				cancel()
			}
		})
	}
	out.flush()
	if lobby {
		run(func() {
			s.followLobby(ctx, &lobbyStream{sse: out, user: uid}, gone)
			cancel()
		})
	}
	keep := time.NewTicker(15 * time.Second)
	defer keep.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-s.hub.closed:
			return nil
		case <-gone:
			return nil
		case <-keep.C:
			if !s.sessionLive(ctx, out.session) || out.keepAlive() != nil {
				return nil
			}
		}
	}
}

// refuse sends a refused event for game id, which the user may not
// follow for err. It reports false when the stream must end (the store
// failing, or the client gone).
func (s *Server) refuse(out *sse, id string, err error) bool {
	var ae *apiError
	if !errors.As(err, &ae) {
		return false
	}
	ev := map[string]any{"game": id, "status": ae.Status, "error": ae.Message}
	if ae.Code != "" {
		ev["code"] = ae.Code
	}
	if out.send("refused", "", ev) != nil {
		return false
	}
	out.flush()
	return true
}

// followGame sends one game's changes in a stream of several until the
// game's part ends. It reports false when the whole stream must end (its
// session revoked or expired, the store or the client gone), and true
// when only the game's part did (the user may no longer follow it).
func (s *Server) followGame(ctx context.Context, st *stream, gone chan struct{}) bool {
	wake := s.hub.subscribe(st.id)
	defer s.hub.unsubscribe(st.id, wake)
	poll := time.NewTicker(s.cfg.Poll)
	defer poll.Stop()
	for {
		more, ok := s.streamChanges(ctx, st, gone)
		if !ok {
			return st.refused != nil && s.refuse(st.sse, st.id, st.refused)
		}
		if more {
			continue
		}
		if !s.streamWait(ctx, st.sse, gone, wake, poll, nil) {
			return false
		}
	}
}

// followLobby sends the lobby's events in a stream (see lobbyEvents)
// until it must end.
func (s *Server) followLobby(ctx context.Context, ls *lobbyStream, gone chan struct{}) {
	wake := s.hub.subscribeLobby()
	defer s.hub.unsubscribeLobby(wake)
	poll := time.NewTicker(s.cfg.Poll)
	defer poll.Stop()
	var last time.Time // when the stream last read its mark
	for {
		if !last.IsZero() && !s.lobbyQuiet(ctx, gone, time.Until(last.Add(s.cfg.Poll))) {
			return
		}
		select {
		case <-wake:
		default:
		}
		last = time.Now()
		if !s.lobbyChanges(ctx, ls, gone) || !s.streamWait(ctx, ls.sse, gone, wake, poll, nil) {
			return
		}
	}
}

// gameFollow is one game parameter of GET /events.
type gameFollow struct {
	id         string
	version    int64 // -1: unknown
	seq        int   // -1: unknown
	after      int64 // 0: now
	invitation string
}

// parseFollows reads the game parameters of GET /events.
func parseFollows(params []string) ([]gameFollow, error) {
	if len(params) > MaxStreamGames {
		return nil, errorf(http.StatusBadRequest, "a stream follows at most %d games, not %d", MaxStreamGames, len(params))
	}
	var out []gameFollow
	seen := map[string]bool{}
	for _, p := range params {
		parts := strings.Split(p, ":")
		f := gameFollow{id: parts[0], version: -1, seq: -1}
		bad := func(what string) error {
			return errorf(http.StatusBadRequest, "game %q: %s; want ID or ID:VERSION:SEQ:AFTER[:INVITATION]", p, what)
		}
		if f.id == "" || len(parts) > 5 || (len(parts) > 1 && len(parts) < 4) {
			return nil, bad("not a game to follow")
		}
		if seen[f.id] {
			return nil, bad("given twice")
		}
		seen[f.id] = true
		if len(parts) >= 4 {
			var err error
			if parts[1] != "" || parts[2] != "" {
				var seq int64
				if f.version, err = strconv.ParseInt(parts[1], 10, 64); err != nil || f.version < 0 {
					return nil, bad("the version is not a count")
				}
				if seq, err = strconv.ParseInt(parts[2], 10, 32); err != nil || seq < 0 {
					return nil, bad("the phase is not a count")
				}
				f.seq = int(seq)
			}
			if parts[3] != "" {
				if f.after, err = strconv.ParseInt(parts[3], 10, 64); err != nil || f.after < 0 {
					return nil, bad("the cursor is not a count")
				}
			}
		}
		if len(parts) == 5 {
			f.invitation = parts[4]
		}
		out = append(out, f)
	}
	return out, nil
}
