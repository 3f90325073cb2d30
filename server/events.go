package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/chancery/chancery/store"
)

// events streams a game's changes as server-sent events:
//
//	event: game     data: {"version": 7, "seq": 3, "status": "active"}   the game changed (GET it again)
//	event: phase    data: {"seq": 3}                                     a phase was adjudicated
//	event: message  data: <a message, as GET /messages lists them>      press sent to or by the user
//
// The first event is always a game event with the current version. A
// comment line is sent every 15 seconds to keep proxies from closing the
// stream.
//
// A stream lives no longer than its session: it ends at once when the
// session is revoked through this process, and the session is checked in
// the store before anything is sent, so a stream whose session was
// revoked through another process, or has expired, ends instead of
// carrying anything more.
func (s *Server) events(w http.ResponseWriter, r *http.Request) error {
	out, err := newSSE(w, r)
	if err != nil {
		return err
	}
	st := &stream{sse: out, id: r.PathValue("id"), user: user(r).ID, version: -1, seq: -1}
	var after int64
	if v := r.Header.Get("Last-Event-ID"); v != "" {
		_, _ = fmt.Sscan(v, &after)
	}
	if err := s.streamFrom(r.Context(), st, invitation(r), after); err != nil {
		return err
	}
	wake := s.hub.subscribe(st.id)
	defer s.hub.unsubscribe(st.id, wake)
	return s.serveStream(r, out, wake, func(gone chan struct{}) (more, ok bool) {
		return s.streamChanges(r.Context(), st, gone)
	})
}

// sse is the response of a live-update stream, and the session it lives
// by. Its methods may be called from several goroutines (a stream of
// several games writes each game's events from its own).
type sse struct {
	mu      sync.Mutex // held while an event is written
	w       http.ResponseWriter
	flusher http.Flusher
	session string // the token hash of the stream's session
}

func newSSE(w http.ResponseWriter, r *http.Request) (*sse, error) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		return nil, errorf(http.StatusInternalServerError, "streaming unsupported")
	}
	return &sse{w: w, flusher: flusher, session: requestSession(r)}, nil
}

// serveStream serves a live-update stream of the request's user, counted
// against the user's limit: it sends what changed (changes), waits until
// something may have (wake, or a poll), and so on until the stream must
// end. changes reports whether more may wait at once, and false in ok
// when the stream must end.
func (s *Server) serveStream(r *http.Request, out *sse, wake chan struct{}, changes func(gone chan struct{}) (more, ok bool)) error {
	gone, err := s.openStream(r, out)
	if err != nil {
		return err
	}
	defer s.hub.close(user(r).ID, out.session, gone)
	poll := time.NewTicker(s.cfg.Poll)
	defer poll.Stop()
	keep := time.NewTicker(15 * time.Second)
	defer keep.Stop()
	for {
		more, ok := changes(gone)
		if !ok {
			return nil // the stream ends; the client reconnects (or is refused)
		}
		if more {
			continue // more may wait (a reconnection after long): read on
		}
		if !s.streamWait(r.Context(), out, gone, wake, poll, keep.C) {
			return nil
		}
	}
}

// openStream counts a stream against its user's limit and starts its
// response; the caller closes it in the hub (s.hub.close) when it ends.
func (s *Server) openStream(r *http.Request, out *sse) (gone chan struct{}, err error) {
	u := user(r)
	gone, ok := s.hub.open(u.ID, out.session, s.cfg.MaxStreamsPerUser)
	if !ok {
		return nil, errorf(http.StatusTooManyRequests, "you have %s open, the most this server allows per user; close one before opening another",
			plural(s.cfg.MaxStreamsPerUser, "live-update stream"))
	}
	out.w.Header().Set("Content-Type", "text/event-stream")
	out.w.Header().Set("Cache-Control", "no-store")
	out.w.Header().Set("X-Accel-Buffering", "no")
	out.w.WriteHeader(http.StatusOK)
	return gone, nil
}

// readLive runs read in a read transaction and then checks the stream's
// session. It reports false when the stream must end: its session
// revoked or expired, or the store failing.
func (s *Server) readLive(ctx context.Context, out *sse, gone chan struct{}, read func(store.Tx) error) bool {
	err := s.st.View(ctx, func(tx store.Tx) error {
		if err := read(tx); err != nil {
			return err
		}
		// The session is checked in the transaction of the reads: a
		// View reads one snapshot (store.Store.View), so a session live
		// in it was live when every message read was sent. (It is
		// checked last too, which was what kept that true on PostgreSQL
		// while a View there saw a newer commit at each statement.)
		_, err := tx.SessionUser(out.session, s.now())
		return err // revoked or expired: the stream ends
	})
	if err != nil {
		return false
	}
	select {
	case <-gone: // revoked while we read
		return false
	default:
		return true
	}
}

// stream is one live-update stream of a game: where it is in the game's
// changes and its press.
type stream struct {
	*sse
	id   string
	user string // the id of the stream's user
	// power is the user's power in the game ("": the stream has no
	// press); after the cursor of the last message sent.
	power string
	after int64
	// outsider: the user neither plays nor created nor masters the game,
	// and may follow it only while admit says so (a game without
	// spectators while it forms, or while a seat waits for a substitute),
	// holding invitation (a private game's code).
	outsider   bool
	invitation string
	// version and seq are the game's as last sent (-1: nothing sent).
	version int64
	seq     int
	// tagged: the stream is one game of a stream of several (see
	// liveEvents), whose events name their game and carry no id.
	tagged bool
	// refused is why the stream ended when the user may no longer follow
	// the game (nil: it has not, or ended for another reason).
	refused error
}

// streamBatch is the most messages a stream reads from the store at a
// time.
const streamBatch = 100

// streamFrom checks that the stream's user may follow the game, holding
// the invitation code invitation, and finds the user's power and where
// the stream's press starts: after the cursor after (a reconnecting
// client's last message), or after the game's last message (from now
// on) when after is 0.
func (s *Server) streamFrom(ctx context.Context, st *stream, invitation string, after int64) error {
	return s.st.View(ctx, func(tx store.Tx) error {
		row, err := loadRow(tx, st.id, false)
		if err != nil {
			return err
		}
		_, mine, g, err := s.seats(row, st.user)
		if err != nil {
			return err
		}
		if err := admit(row, g.Table(), st.user, invitation); err != nil {
			return err
		}
		st.power = mine // none: the stream has no press
		st.outsider = !insider(g.Table(), st.user)
		st.invitation = invitation
		if st.after = after; after <= 0 {
			// From now: after the game's last message as the store
			// numbers them, not this process's clock, which may be
			// ahead of the clock of another server on the same
			// database that stamps the next message. A game without
			// press starts after 1, before any message: 0, sent as the
			// game event's after, would ask a resuming client's stream
			// for now again, and lose what was sent in between.
			last, err := tx.LastMessage(st.id)
			if err != nil {
				return err
			}
			st.after = max(last, 1)
		}
		return nil
	})
}

// streamChanges sends what changed since the stream last sent: the
// phase, the game's version, the press. It reports whether more press
// may wait, and false in ok when the stream must end (its session revoked
// or expired, the store or the client gone).
func (s *Server) streamChanges(ctx context.Context, st *stream, gone chan struct{}) (more, ok bool) {
	var msgs []*store.Message
	var status string
	v, q := st.version, st.seq
	if !s.readLive(ctx, st.sse, gone, func(tx store.Tx) error {
		var err error
		if v, q, status, err = tx.GameVersion(st.id); err != nil {
			return err
		}
		if v != st.version && (st.version >= 0 || st.outsider) {
			// A user following a game from its page may have taken a
			// seat since (the seat's press comes from now on), or lost
			// it (replaced: its press is the substitute's); an outsider
			// may no longer be admitted (the game started without
			// spectators, its seat wanted taken).
			row, err := loadRow(tx, st.id, false)
			if err != nil {
				return err
			}
			_, mine, g, err := s.seats(row, st.user)
			if err != nil {
				return err
			}
			st.power = mine
			if st.outsider = !insider(g.Table(), st.user); st.outsider {
				if err := admit(row, g.Table(), st.user, st.invitation); err != nil {
					var ae *apiError
					if !errors.As(err, &ae) {
						return err
					}
					st.refused = err
					return nil
				}
			}
		}
		if st.power != "" {
			msgs, err = tx.Messages(st.id, st.power, st.user, st.after, streamBatch)
		}
		return err
	}) {
		return false, false
	}
	if st.refused != nil {
		// The user may no longer follow the game (it started and admits
		// no spectators, say): the client's reconnection is refused too.
		return false, false
	}
	if q != st.seq && st.seq >= 0 {
		if st.send("phase", "", st.tag(map[string]any{"seq": q})) != nil {
			return false, false
		}
	}
	if v != st.version {
		ev := map[string]any{"version": v, "seq": q, "status": status}
		if st.tagged {
			ev["after"] = st.after // where a resumed stream's press starts
		}
		if st.send("game", "", st.tag(ev)) != nil {
			return false, false
		}
	}
	st.version, st.seq = v, q
	for _, m := range msgs {
		var err error
		if st.tagged {
			err = st.send("message", "", taggedMessage{Game: st.id, messageJSON: messageOut(m)})
		} else {
			err = st.send("message", fmt.Sprint(m.Created), messageOut(m))
		}
		if err != nil {
			return false, false
		}
		st.after = m.Created
	}
	st.flush()
	if len(msgs) > 0 {
		s.pressSeen(ctx, st.user, st.id, st.after)
	}
	return len(msgs) == streamBatch, true
}

// tag adds the game's id to an event's data in a stream of several games.
func (st *stream) tag(ev map[string]any) map[string]any {
	if st.tagged {
		ev["game"] = st.id
	}
	return ev
}

// taggedMessage is a message event in a stream of several games.
type taggedMessage struct {
	Game string `json:"game"`
	messageJSON
}

// send writes one event.
func (out *sse) send(event, eventID string, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	out.mu.Lock()
	defer out.mu.Unlock()
	if eventID != "" {
		fmt.Fprintf(out.w, "id: %s\n", eventID)
	}
	_, err = fmt.Fprintf(out.w, "event: %s\ndata: %s\n\n", event, data)
	return err
}

// flush sends what was written.
func (out *sse) flush() {
	out.mu.Lock()
	out.flusher.Flush()
	out.mu.Unlock()
}

// keepAlive writes a comment line, which keeps proxies from closing the
// stream.
func (out *sse) keepAlive() error {
	out.mu.Lock()
	defer out.mu.Unlock()
	if _, err := fmt.Fprint(out.w, ": keep-alive\n\n"); err != nil {
		return err
	}
	out.flusher.Flush()
	return nil
}

// streamWait waits until what a stream follows may have changed: a
// change announced, or a poll when changes are not announced (and every
// 30 polls when they are, in case), keeping the connection alive
// meanwhile (at each tick of keep; nil: another goroutine does). It
// reports false when the stream must end.
func (s *Server) streamWait(ctx context.Context, out *sse, gone, wake chan struct{}, poll *time.Ticker, keep <-chan time.Time) bool {
	checked := time.Now()
	for {
		select {
		case <-ctx.Done():
			return false
		case <-s.hub.closed:
			return false
		case <-gone:
			return false
		case <-wake:
			return true
		case <-poll.C:
			if !s.listening.Load() || time.Since(checked) >= 30*s.cfg.Poll {
				return true
			}
		case <-keep:
			if !s.sessionLive(ctx, out.session) || out.keepAlive() != nil {
				return false
			}
		}
	}
}

// sessionLive reports whether the session with token hash session is
// neither revoked nor expired (false too when the store cannot tell).
func (s *Server) sessionLive(ctx context.Context, session string) bool {
	err := s.st.View(ctx, func(tx store.Tx) error {
		_, err := tx.SessionUser(session, s.now())
		return err
	})
	return err == nil
}
