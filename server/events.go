package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/chancery/chancery/store"
)

// hub wakes the live-update streams of a game when it changes: at once
// when this process changes it, and through the database's notifications
// (PostgreSQL) when another process does. Streams also poll the store,
// every Poll when there are no notifications (SQLite, or the listening
// connection lost) and rarely otherwise, so no change is ever missed.
// It also knows each stream's session, to end it when the session is
// revoked, and counts each user's streams, to bound them.
type hub struct {
	mu     sync.Mutex
	subs   map[string]map[chan struct{}]struct{}
	closed chan struct{}
	once   sync.Once

	// sessions holds, by session (token hash), a channel per open stream
	// that revoke closes: a stream ends with its session.
	sessions map[string]map[chan struct{}]struct{}
	// users counts the open streams of each user.
	users map[string]int
}

func newHub() *hub {
	return &hub{subs: map[string]map[chan struct{}]struct{}{}, sessions: map[string]map[chan struct{}]struct{}{},
		users: map[string]int{}, closed: make(chan struct{})}
}

// open registers a stream of user's session with token hash session,
// unless the user has limit streams open already (limit <= 0: no limit);
// the channel it returns is closed when the session is revoked in this
// process.
func (h *hub) open(user, session string, limit int) (gone chan struct{}, ok bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if limit > 0 && h.users[user] >= limit {
		return nil, false
	}
	h.users[user]++
	gone = make(chan struct{})
	if h.sessions[session] == nil {
		h.sessions[session] = map[chan struct{}]struct{}{}
	}
	h.sessions[session][gone] = struct{}{}
	return gone, true
}

// close forgets a stream that open registered.
func (h *hub) close(user, session string, gone chan struct{}) {
	h.mu.Lock()
	if h.users[user]--; h.users[user] <= 0 {
		delete(h.users, user)
	}
	delete(h.sessions[session], gone)
	if len(h.sessions[session]) == 0 {
		delete(h.sessions, session)
	}
	h.mu.Unlock()
}

// revoke ends the streams of a session at once.
func (h *hub) revoke(session string) {
	h.mu.Lock()
	for gone := range h.sessions[session] {
		close(gone)
	}
	delete(h.sessions, session)
	h.mu.Unlock()
}

func (h *hub) subscribe(id string) chan struct{} {
	c := make(chan struct{}, 1)
	h.mu.Lock()
	if h.subs[id] == nil {
		h.subs[id] = map[chan struct{}]struct{}{}
	}
	h.subs[id][c] = struct{}{}
	h.mu.Unlock()
	return c
}

func (h *hub) unsubscribe(id string, c chan struct{}) {
	h.mu.Lock()
	delete(h.subs[id], c)
	if len(h.subs[id]) == 0 {
		delete(h.subs, id)
	}
	h.mu.Unlock()
}

func (h *hub) notify(id string) {
	h.mu.Lock()
	for c := range h.subs[id] {
		select {
		case c <- struct{}{}:
		default:
		}
	}
	h.mu.Unlock()
}

// notifyAll wakes every stream.
func (h *hub) notifyAll() {
	h.mu.Lock()
	for _, subs := range h.subs {
		for c := range subs {
			select {
			case c <- struct{}{}:
			default:
			}
		}
	}
	h.mu.Unlock()
}

func (h *hub) closeAll() { h.once.Do(func() { close(h.closed) }) }

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
	u := user(r)
	id := r.PathValue("id")
	session := requestSession(r)
	flusher, ok := w.(http.Flusher)
	if !ok {
		return errorf(http.StatusInternalServerError, "streaming unsupported")
	}
	var power string
	var after int64
	err := s.st.View(r.Context(), func(tx store.Tx) error {
		row, err := loadRow(tx, id, false)
		if err != nil {
			return err
		}
		_, power, _, _ = s.seats(row, u.ID) // none: the stream has no press
		after = s.now().UnixMicro()
		if v := r.Header.Get("Last-Event-ID"); v != "" {
			// A reconnecting client gets the messages it missed.
			var t int64
			if _, err := fmt.Sscan(v, &t); err == nil && t > 0 {
				after = t
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	gone, ok := s.hub.open(u.ID, session, s.cfg.MaxStreamsPerUser)
	if !ok {
		return errorf(http.StatusTooManyRequests, "you have %s open, the most this server allows per user; close one before opening another",
			plural(s.cfg.MaxStreamsPerUser, "live-update stream"))
	}
	defer s.hub.close(u.ID, session, gone)
	wake := s.hub.subscribe(id)
	defer s.hub.unsubscribe(id, wake)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	send := func(event, eventID string, v any) error {
		data, err := json.Marshal(v)
		if err != nil {
			return err
		}
		if eventID != "" {
			fmt.Fprintf(w, "id: %s\n", eventID)
		}
		_, err = fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, data)
		return err
	}
	version, seq := int64(-1), -1
	poll := time.NewTicker(s.cfg.Poll)
	defer poll.Stop()
	keep := time.NewTicker(15 * time.Second)
	defer keep.Stop()
	for {
		var msgs []*store.Message
		var status string
		v, q := version, seq
		err := s.st.View(r.Context(), func(tx store.Tx) error {
			if _, err := tx.SessionUser(session, s.now()); err != nil {
				return err // revoked or expired: the stream ends
			}
			var err error
			if v, q, status, err = tx.GameVersion(id); err != nil {
				return err
			}
			if power != "" {
				msgs, err = tx.Messages(id, power, after, streamBatch)
			}
			return err
		})
		if err != nil {
			return nil // the stream ends; the client reconnects (or is refused)
		}
		select {
		case <-gone: // revoked while we read
			return nil
		default:
		}
		if q != seq && seq >= 0 {
			if send("phase", "", map[string]any{"seq": q}) != nil {
				return nil
			}
		}
		if v != version {
			if send("game", "", map[string]any{"version": v, "seq": q, "status": status}) != nil {
				return nil
			}
		}
		version, seq = v, q
		for _, m := range msgs {
			if send("message", fmt.Sprint(m.Created), messageOut(m)) != nil {
				return nil
			}
			after = m.Created
		}
		flusher.Flush()
		if len(msgs) == streamBatch {
			continue // more may wait (a reconnection after long): read on
		}
		checked := time.Now()
	wait:
		for {
			select {
			case <-r.Context().Done():
				return nil
			case <-s.hub.closed:
				return nil
			case <-gone:
				return nil
			case <-wake:
				break wait
			case <-poll.C:
				if !s.listening.Load() || time.Since(checked) >= 30*s.cfg.Poll {
					break wait
				}
			case <-keep.C:
				if !s.sessionLive(r.Context(), session) {
					return nil
				}
				if _, err := fmt.Fprint(w, ": keep-alive\n\n"); err != nil {
					return nil
				}
				flusher.Flush()
			}
		}
	}
}

// streamBatch is the most messages a stream reads from the store at a
// time.
const streamBatch = 100

// sessionLive reports whether the session with token hash session is
// neither revoked nor expired (false too when the store cannot tell).
func (s *Server) sessionLive(ctx context.Context, session string) bool {
	err := s.st.View(ctx, func(tx store.Tx) error {
		_, err := tx.SessionUser(session, s.now())
		return err
	})
	return err == nil
}
