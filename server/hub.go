package server

import "sync"

// hub wakes the live-update streams of a game when it changes, and the
// lobby streams when any game does: at once when this process changes it,
// and through the database's notifications (PostgreSQL) when another
// process does. Streams also poll the store,
// every Poll when there are no notifications (SQLite, or the listening
// connection lost) and rarely otherwise, so no change is ever missed.
// It also knows each stream's session, to end it when the session is
// revoked, and counts each user's streams, to bound them.
type hub struct {
	mu   sync.Mutex
	subs map[string]map[chan struct{}]struct{}
	// lobbies are the lobby streams' channels, woken by every change.
	lobbies map[chan struct{}]struct{}
	closed  chan struct{}
	once    sync.Once

	// sessions holds, by session (token hash), a channel per open stream
	// that revoke closes: a stream ends with its session.
	sessions map[string]map[chan struct{}]struct{}
	// users counts the open streams of each user.
	users map[string]int
}

func newHub() *hub {
	return &hub{subs: map[string]map[chan struct{}]struct{}{}, lobbies: map[chan struct{}]struct{}{},
		sessions: map[string]map[chan struct{}]struct{}{}, users: map[string]int{}, closed: make(chan struct{})}
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

// subscribeLobby returns a channel woken whenever any game changes.
func (h *hub) subscribeLobby() chan struct{} {
	c := make(chan struct{}, 1)
	h.mu.Lock()
	h.lobbies[c] = struct{}{}
	h.mu.Unlock()
	return c
}

func (h *hub) unsubscribeLobby(c chan struct{}) {
	h.mu.Lock()
	delete(h.lobbies, c)
	h.mu.Unlock()
}

// notify wakes the streams of game id and the lobby streams.
func (h *hub) notify(id string) {
	h.mu.Lock()
	wakeAll(h.subs[id])
	wakeAll(h.lobbies)
	h.mu.Unlock()
}

// notifyAll wakes every stream.
func (h *hub) notifyAll() {
	h.mu.Lock()
	for _, subs := range h.subs {
		wakeAll(subs)
	}
	wakeAll(h.lobbies)
	h.mu.Unlock()
}

// wakeAll wakes each channel that is not already awake: one wake stands
// for any number of changes, which the stream reads together.
func wakeAll(chans map[chan struct{}]struct{}) {
	for c := range chans {
		select {
		case c <- struct{}{}:
		default:
		}
	}
}

func (h *hub) closeAll() { h.once.Do(func() { close(h.closed) }) }
