package server

import (
	"context"
	"fmt"
	"net/http"
	"sync/atomic"
	"testing"
	"time"
)

// watchLobby opens the lobby stream on the API at base with token, the
// exchange checked against api/openapi.yaml, and returns its events in a
// channel closed when the stream ends.
func watchLobby(t *testing.T, base, token string) <-chan sseEvent {
	t.Helper()
	ctx, cancel := context.WithDeadline(context.Background(), patience(t))
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"/events", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := specClient(t, base).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		body, _ := readAll(resp)
		t.Fatalf("GET /events: status %d: %s", resp.StatusCode, body)
	}
	return readEvents(resp.Body)
}

// lobbyNext waits (until patience runs out) for the next event of a lobby stream,
// which must be its nth games event and say nothing but n.
func lobbyNext(t *testing.T, events <-chan sseEvent, n int) {
	t.Helper()
	select {
	case ev, ok := <-events:
		if !ok {
			t.Fatalf("the lobby stream ended waiting for event %d", n)
		}
		if want := fmt.Sprintf(`{"n":%d}`, n); ev.name != "games" || ev.data != want {
			t.Fatalf("event %s %s, want games %s", ev.name, ev.data, want)
		}
	case <-giveUp(t):
		t.Fatalf("no games event %d", n)
	}
}

// endsQuiet waits (until patience runs out) for a stream to end, and fails if it
// carries any event on the way.
func endsQuiet(t *testing.T, events <-chan sseEvent) {
	t.Helper()
	select {
	case ev, ok := <-events:
		if ok {
			t.Fatalf("the stream carried %s %s after its session ended", ev.name, ev.data)
		}
	case <-giveUp(t):
		t.Fatal("the stream is still open long after its session ended")
	}
}

// TestTheLobbyStreamAnnouncesWhatALobbyLists: a user's lobby stream says
// when another creates a game, takes a seat in it, starts it, and when a
// game of the user's own starts, takes orders, plays a phase and ends.
// Each step waits for its event before the next, so that no two changes
// are announced together.
func TestTheLobbyStreamAnnouncesWhatALobbyLists(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a, b, c := e.user(), e.user(), e.user()
		events := watchLobby(t, e.URL, a.token)
		lobbyNext(t, events, 1) // the first, at once

		id := b.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 3600, "bots": true, "power": "France"})
		lobbyNext(t, events, 2)
		c.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "Italy"})
		lobbyNext(t, events, 3)
		b.must(200, "POST", "/games/"+id+"/start", nil)
		lobbyNext(t, events, 4)

		mine := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 600, "bots": true, "bot_level": "easy", "power": "Austria"})
		lobbyNext(t, events, 5)
		a.must(200, "POST", "/games/"+mine+"/start", nil)
		lobbyNext(t, events, 6)
		a.must(200, "PUT", "/games/"+mine+"/orders", map[string]any{"orders": []string{}, "ready": false})
		lobbyNext(t, events, 7)
		// The deadline passes: the scheduler plays the phase.
		e.clock.Advance(601 * time.Second)
		e.srv.poke()
		lobbyNext(t, events, 8)
		if g := a.game(mine); g.Seq != 1 {
			t.Fatalf("announced at seq %d, want 1", g.Seq)
		}
		a.must(200, "PUT", "/games/"+mine+"/votes", map[string]any{"draw": true})
		lobbyNext(t, events, 9)
		if g := a.game(mine); g.Status != "finished" {
			t.Fatalf("the game is %s after the only person's draw vote", g.Status)
		}
	})
}

// TestTheLobbyStreamEndsWithItsSession: a lobby stream carries nothing
// once its session is revoked, through its server or another, or has
// expired, and it ends.
func TestTheLobbyStreamEndsWithItsSession(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		revoked := func(t *testing.T, base string) {
			a, b := e.user(), e.user()
			events := watchLobby(t, base, a.token)
			lobbyNext(t, events, 1)
			b.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 600})
			lobbyNext(t, events, 2)
			a.must(204, "DELETE", "/sessions/current", nil)
			b.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 600})
			endsQuiet(t, events)
		}
		t.Run("revoked", func(t *testing.T) { revoked(t, e.URL) })
		t.Run("revoked through another server", func(t *testing.T) {
			revoked(t, otherServer(t, e, 20*time.Millisecond))
		})
		t.Run("expired", func(t *testing.T) {
			a, b := e.user(), e.user()
			events := watchLobby(t, e.URL, a.token)
			lobbyNext(t, events, 1)
			// a's token expires; b signs in again in time.
			e.clock.Advance(29 * 24 * time.Hour)
			b.signIn()
			e.clock.Advance(2 * 24 * time.Hour)
			a.must(401, "GET", "/me", nil)
			b.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 600})
			endsQuiet(t, events)
		})
	})
}

// TestTheLobbyStreamHearsOtherServers: a game created, joined and
// started through one server is announced on the lobby stream of
// another on the same database. On PostgreSQL the second server, which
// hears of changes, polls only every 30 Polls of a second, later than
// lobbyNext waits, so the news can only come by LISTEN/NOTIFY (a Poll
// longer would hold a lobby stream quiet as long after each read: it
// reads at most once a Poll); on SQLite it polls often.
func TestTheLobbyStreamHearsOtherServers(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		poll := 20 * time.Millisecond
		if e.backend == "postgres" {
			poll = time.Second
		}
		a, b, c := e.user(), e.user(), e.user()
		events := watchLobby(t, otherServer(t, e, poll), a.token)
		lobbyNext(t, events, 1)
		id := b.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 600, "bots": true, "power": "England"})
		lobbyNext(t, events, 2)
		c.must(200, "POST", "/games/"+id+"/join", nil)
		lobbyNext(t, events, 3)
		b.must(200, "POST", "/games/"+id+"/start", nil)
		lobbyNext(t, events, 4)
	})
}

// TestTheLobbyStreamCountsAgainstTheStreamLimit: a lobby stream is one
// of the user's live-update streams.
func TestTheLobbyStreamCountsAgainstTheStreamLimit(t *testing.T) {
	t.Parallel()
	e := newEnvWith(t, "sqlite", func(c *Config) { c.MaxStreamsPerUser = 1 })
	a := e.user()
	id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 600})
	_, stop := openStream(t, a, id)
	defer stop()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", e.URL+"/events", nil)
	req.Header.Set("Authorization", "Bearer "+a.token)
	resp, err := specClient(t, e.URL).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := readAll(resp)
	refused(t, response{Status: resp.StatusCode, Body: body}, "1 live-update stream open")
}

// TestALobbyStreamReadsAtMostOncePerPoll: a burst of changes wakes a
// lobby stream many times, and it reads its mark once at the end of its
// quiet interval, which sees them all. The test holds the quiet intervals
// (an hour's Poll) and counts the reads.
func TestALobbyStreamReadsAtMostOncePerPoll(t *testing.T) {
	t.Parallel()
	for _, backend := range backends(t) {
		t.Run(backend, func(t *testing.T) {
			e := newEnvWith(t, backend, func(c *Config) { c.Poll = time.Hour })
			var reads atomic.Int64
			quiet := make(chan time.Duration, 100) // a stream's quiet interval begins, for so long
			end := make(chan time.Time)            // ends it
			e.srv.lobbyRead = func() { reads.Add(1) }
			e.srv.lobbyTimer = func(d time.Duration) <-chan time.Time { quiet <- d; return end }
			// quietBegins waits until the stream waits out a quiet interval.
			quietBegins := func() {
				t.Helper()
				select {
				case d := <-quiet:
					if d <= 0 || d > time.Hour {
						t.Errorf("a quiet interval of %v after a Poll of an hour", d)
					}
				case <-giveUp(t):
					t.Fatal("the stream never began a quiet interval")
				}
			}
			wantReads := func(want int64) {
				t.Helper()
				if n := reads.Load(); n != want {
					t.Fatalf("%d reads of the lobby mark, want %d", n, want)
				}
			}

			a, b := e.user(), e.user()
			events := watchLobby(t, e.URL, a.token)
			lobbyNext(t, events, 1) // the first read, at once
			wantReads(1)
			for range 10 {
				b.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 600, "power": "France"})
			}
			quietBegins()
			wantReads(1) // ten changes, and no read yet
			end <- time.Now()
			lobbyNext(t, events, 2) // one read sees the ten
			wantReads(2)

			// The next change is read at the end of the next quiet interval.
			b.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 600, "power": "France"})
			quietBegins()
			wantReads(2)
			end <- time.Now()
			lobbyNext(t, events, 3)
			wantReads(3)
		})
	}
}
