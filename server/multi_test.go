package server

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/chancery/chancery/store"
)

// TestSeveralServersNeverResolveAPhaseTwice runs four servers on one
// database (on PostgreSQL each with its own connection pool, as separate
// processes would have) with many games falling due at once, and checks
// that every game's history holds each phase exactly once.
func TestSeveralServersNeverResolveAPhaseTwice(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a := e.user()
		const games = 12
		var ids []string
		for range games {
			// Easy bots: the test is of servers racing for a phase, and
			// the default level's search is slow under the race detector.
			id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 3600, "bots": true, "bot_level": "easy", "power": "Turkey"})
			a.must(200, "POST", "/games/"+id+"/start", nil)
			ids = append(ids, id)
		}
		var others []*Server
		for range 3 {
			st := e.st
			if e.backend == "postgres" {
				var err error
				if st, err = store.Open(context.Background(), e.dsn); err != nil {
					t.Fatal(err)
				}
				defer st.Close()
			}
			// Servers on one database share its configuration: the
			// first's MinPhase paces the same games' early phases.
			srv, err := New(Config{Store: st, Variants: registry(), Now: e.clock.Now, Poll: 5 * time.Millisecond, MinPhase: time.Second,
				Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), InsecurePasswordHashing: true})
			if err != nil {
				t.Fatal(err)
			}
			others = append(others, srv)
			hs := httptest.NewServer(srv.Handler())
			defer hs.Close()
		}
		// Let five phases of every game fall due, an hour at a time (the
		// real time the test takes never makes one due), each time to all
		// four servers at once, and wait until every game has played it.
		for range 5 {
			seq := map[string]int{}
			for _, id := range ids {
				seq[id] = a.game(id).Seq
			}
			e.clock.Advance(time.Hour + time.Second)
			for _, s := range others {
				s.poke()
			}
			e.srv.poke()
			for _, id := range ids {
				a.waitSeq(id, seq[id]+1)
			}
		}
		for _, s := range others {
			s.Close()
		}
		for _, id := range ids {
			var g gameView
			var h struct {
				Phases []struct {
					Seq   int
					Phase json.RawMessage
				}
			}
			for { // until the game stands still around the history
				g = a.game(id)
				a.must(200, "GET", "/games/"+id+"/history", nil).json(t, &h)
				if a.game(id).Seq == g.Seq {
					break
				}
			}
			if len(h.Phases) != g.Seq || g.Seq < 5 {
				t.Fatalf("game %s: seq %d, %d phases in the history", id, g.Seq, len(h.Phases))
			}
			for i, p := range h.Phases {
				if p.Seq != i {
					t.Fatalf("game %s: history entry %d has seq %d", id, i, p.Seq)
				}
			}
		}
	})
}

// TestLiveUpdatesCrossProcesses: a player watching a game on one server
// hears of press sent and phases resolved through another server on the
// same database. On PostgreSQL the second server polls only once an hour,
// so the news can only come by LISTEN/NOTIFY; on SQLite it polls often.
func TestLiveUpdatesCrossProcesses(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		poll := 20 * time.Millisecond
		if e.backend == "postgres" {
			poll = time.Hour
		}
		checkLiveUpdates(t, e, otherServer(t, e, poll))
	})
}

// TestLiveStreamHearsPressStampedByASlowerClock: a stream opened on a
// server whose clock is ahead of another's on the same database hears a
// message sent through the other, stamped by its clock before the
// stream's "now". (The stream started its press at its own clock's
// now, and skipped the message.)
func TestLiveStreamHearsPressStampedByASlowerClock(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		poll := 20 * time.Millisecond
		if e.backend == "postgres" {
			poll = time.Hour
		}
		const ahead = 10 * time.Minute
		watch := otherServerAt(t, e, poll, func() time.Time { return e.clock.Now().Add(ahead) })
		a, b := e.user(), e.user()
		id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 86400, "bots": true, "power": "Austria"})
		b.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "Turkey"})
		a.must(200, "POST", "/games/"+id+"/start", nil)

		events := watchAll(t, watch, a.token, "lobby=0&game="+id)
		nextOf(t, events, "game", id) // the stream has its cursor
		b.must(201, "POST", "/games/"+id+"/messages", map[string]any{"to": []string{"Austria"}, "body": "behind"})
		// A message stamped after the watching server's now, which
		// the stream hears either way: the first it hears must be the
		// first sent.
		e.clock.Advance(2 * ahead)
		b.must(201, "POST", "/games/"+id+"/messages", map[string]any{"to": []string{"Austria"}, "body": "later"})
		for _, want := range []string{"behind", "later"} {
			if m := nextOf(t, events, "message", id); m["body"] != want {
				t.Fatalf("the stream heard %q, want %q", m["body"], want)
			}
		}
	})
}

// otherServer starts a second server, without a scheduler, on e's
// database (on PostgreSQL with a connection pool of its own, as another
// process would have; it has started listening when otherServer
// returns), polling every poll, and returns the base URL of its API.
func otherServer(t *testing.T, e *env, poll time.Duration) string {
	t.Helper()
	return otherServerAt(t, e, poll, e.clock.Now)
}

// otherServerAt is otherServer with now as the second server's clock.
func otherServerAt(t *testing.T, e *env, poll time.Duration, now func() time.Time) string {
	t.Helper()
	st := e.st
	if e.backend == "postgres" {
		var err error
		if st, err = store.Open(context.Background(), e.dsn); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
	}
	other, err := New(Config{Store: st, Variants: registry(), Now: now, Poll: poll, NoScheduler: true,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), InsecurePasswordHashing: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(other.Close)
	hs := httptest.NewServer(other.Handler())
	t.Cleanup(hs.Close)
	t.Cleanup(hs.CloseClientConnections)
	if e.backend == "postgres" {
		// Before it listens, a notification would find nobody.
		if !eventually(t, other.listening.Load) {
			t.Fatal("the second server never started listening")
		}
	}
	return hs.URL + "/api/v1"
}
