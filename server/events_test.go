package server

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chancery/chancery/store"
)

// sseEvent is one server-sent event.
type sseEvent struct{ name, data string }

// watch opens the live-update stream of game id on the API at base with
// token and returns its events, in a channel closed when the stream ends.
func watch(t *testing.T, base, token, id string) <-chan sseEvent {
	t.Helper()
	ctx, cancel := context.WithDeadline(context.Background(), patience(t))
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"/games/"+id+"/events", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET /games/%s/events: status %d", id, resp.StatusCode)
	}
	return readEvents(resp.Body)
}

// readEvents reads server-sent events from body (closing it at the end)
// into a channel closed when the stream ends.
func readEvents(body io.ReadCloser) <-chan sseEvent {
	out := make(chan sseEvent, 100)
	go func() {
		defer close(out)
		defer body.Close()
		sc := bufio.NewScanner(body)
		var ev sseEvent
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				ev.name = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				ev.data = strings.TrimPrefix(line, "data: ")
			case line == "" && ev.name != "":
				out <- ev
				ev = sseEvent{}
			}
		}
	}()
	return out
}

// next waits (until patience runs out) for the next event named name,
// skipping others.
func next(t *testing.T, events <-chan sseEvent, name string) sseEvent {
	t.Helper()
	timeout := giveUp(t)
	for {
		select {
		case ev, ok := <-events:
			if !ok {
				t.Fatalf("the stream ended waiting for %q", name)
			}
			if ev.name == name {
				return ev
			}
		case <-timeout:
			t.Fatalf("no %q event", name)
		}
	}
}

// endsBlind waits (until patience runs out) for a stream to end, and
// fails if it carries an event that holds secret on the way.
func endsBlind(t *testing.T, events <-chan sseEvent, secret string) {
	t.Helper()
	timeout := giveUp(t)
	for {
		select {
		case ev, ok := <-events:
			if !ok {
				return
			}
			if strings.Contains(ev.data, secret) {
				t.Fatalf("the stream carried %s %s after its session ended", ev.name, ev.data)
			}
		case <-timeout:
			t.Fatal("the stream is still open long after its session ended")
		}
	}
}

// TestAStreamEndsWithItsSession: a live-update stream carries nothing
// once its session is revoked (DELETE /sessions/current with the same
// token), through its server or another, or has expired, and it ends.
func TestAStreamEndsWithItsSession(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		t.Run("revoked", func(t *testing.T) { checkRevokedStream(t, e, e.URL) })
		t.Run("revoked through another server", func(t *testing.T) {
			checkRevokedStream(t, e, otherServer(t, e, 20*time.Millisecond))
		})
		t.Run("expired", func(t *testing.T) {
			a, b := e.user(), e.user()
			id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 600, "bots": true, "power": "Austria"})
			b.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "Turkey"})
			a.must(200, "POST", "/games/"+id+"/start", nil)
			events := watch(t, e.URL, a.token, id)
			next(t, events, "game")
			// Austria's token expires; Turkey signs in again in time.
			e.clock.Advance(29 * 24 * time.Hour)
			b.signIn()
			e.clock.Advance(2 * 24 * time.Hour)
			a.must(401, "GET", "/me", nil)
			b.must(201, "POST", "/games/"+id+"/messages", map[string]any{"to": []string{"Austria"}, "body": "after the expiry"})
			endsBlind(t, events, "after the expiry")
		})
	})
}

// checkRevokedStream watches a game on the API at base, revokes the
// watcher's session through e's server and sends press to the watcher:
// the stream must end without carrying it.
func checkRevokedStream(t *testing.T, e *env, base string) {
	t.Helper()
	a, b := e.user(), e.user()
	id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 600, "bots": true, "power": "Austria"})
	b.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "Turkey"})
	a.must(200, "POST", "/games/"+id+"/start", nil)
	events := watch(t, base, a.token, id)
	next(t, events, "game")
	b.must(201, "POST", "/games/"+id+"/messages", map[string]any{"to": []string{"Austria"}, "body": "before"})
	if ev := next(t, events, "message"); !strings.Contains(ev.data, "before") {
		t.Fatalf("message %s", ev.data)
	}
	a.must(204, "DELETE", "/sessions/current", nil)
	b.must(201, "POST", "/games/"+id+"/messages", map[string]any{"to": []string{"Austria"}, "body": "after the revocation"})
	endsBlind(t, events, "after the revocation")
}

// TestAReconnectingStreamCatchesUpAtOnce: a client that reconnects with
// Last-Event-ID after missing more press than one read of the store
// holds gets all of it at once, not a batch per poll.
func TestAReconnectingStreamCatchesUpAtOnce(t *testing.T) {
	t.Parallel()
	// Polls an hour apart: only a stream that reads on gets everything.
	e := newEnvWith(t, "sqlite", func(c *Config) { c.Poll = time.Hour })
	a, b := e.user(), e.user()
	id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 600, "bots": true, "power": "Austria"})
	b.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "Turkey"})
	a.must(200, "POST", "/games/"+id+"/start", nil)
	const n = 250
	from, to := b.id(), a.id()
	if err := e.st.Update(context.Background(), func(tx store.Tx) error {
		for i := range n {
			m := &store.Message{ID: "m" + strconv.Itoa(i), GameID: id, From: "Turkey", To: []string{"Austria"}, Body: "hi", Created: 1000,
				Sender: from, Readers: []string{to}}
			if err := tx.AddMessage(m); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithDeadline(context.Background(), patience(t))
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", e.URL+"/games/"+id+"/events", nil)
	req.Header.Set("Authorization", "Bearer "+a.token)
	req.Header.Set("Last-Event-ID", "1")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	got := 0
	sc := bufio.NewScanner(resp.Body)
	for got < n && sc.Scan() {
		if sc.Text() == "event: message" {
			got++
		}
	}
	if got != n {
		t.Fatalf("%d of the %d missed messages came", got, n)
	}
}
