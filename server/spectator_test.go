package server

import (
	"bufio"
	"context"
	"net/http"
	"strings"
	"testing"
)

// TestWhatANonPlayerSees: any signed-in user may follow a game that
// admits spectators, as games do unless made otherwise (its public state,
// its history, its live updates), but never what the rules keep hidden:
// a power's orders before the phase is played, its votes, press it did
// not send or receive, another seat's unrevealed dice. Without a token
// nothing at all. (Games closed to spectators, and private games, are
// settings_test.go's.)
func TestWhatANonPlayerSees(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a, b, c := e.user(), e.user(), e.user()
		anon := &client{e: e}
		id := a.newGame(map[string]any{"variant": "standard", "power": "England", "phase_deadline_seconds": 600, "bots": true})
		b.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "France"})
		a.must(200, "POST", "/games/"+id+"/start", nil)
		secretOrder := a.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{"F lon - eng"}}).m(t)["orders"].([]any)[0].(string)
		a.must(200, "PUT", "/games/"+id+"/votes", map[string]any{"draw": true})

		// c follows the game's stream from before the press is sent.
		stream := streamEvents(t, e.URL, c.token, id)
		a.must(201, "POST", "/games/"+id+"/messages", map[string]any{"to": []string{"France"}, "body": "a private word for France"})

		r := c.must(200, "GET", "/games/"+id, nil)
		g := r.m(t)
		for _, k := range []string{"my_power", "my_orders", "my_votes"} {
			if _, ok := g[k]; ok {
				t.Errorf("a non-player's view has %s", k)
			}
		}
		if strings.Contains(string(r.Body), secretOrder) || strings.Contains(string(r.Body), "private word") {
			t.Errorf("a non-player's view shows England's orders or press: %s", r.Body)
		}
		if h := c.must(200, "GET", "/games/"+id+"/history", nil); strings.Contains(string(h.Body), secretOrder) {
			t.Errorf("the history shows orders of the phase being played: %s", h.Body)
		}
		c.must(403, "GET", "/games/"+id+"/messages", nil)
		c.must(403, "POST", "/games/"+id+"/messages", map[string]any{"body": "hello"})
		c.must(403, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}})
		c.must(403, "PUT", "/games/"+id+"/votes", map[string]any{"draw": true})
		c.must(409, "POST", "/games/"+id+"/join", nil) // too late to take a seat
		for _, path := range []string{"", "/history", "/messages", "/events"} {
			anon.must(401, "GET", "/games/"+id+path, nil)
		}

		// The phase is played: its orders are public now, and c's stream
		// carried the game's changes but not the press.
		a.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{"F lon - eng"}, "ready": true})
		b.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}, "ready": true})
		seen := stream("phase")
		if seen["message"] {
			t.Error("a non-player's stream carried press")
		}
		if h := c.must(200, "GET", "/games/"+id+"/history", nil); !strings.Contains(string(h.Body), secretOrder) {
			t.Errorf("the history of a played phase should show its orders: %s", h.Body)
		}
	})
}

// TestANonPlayerSeesNoHiddenDice: in Diceplomacy a non-player knows no
// die that is not revealed, in the view or in the history.
func TestANonPlayerSeesNoHiddenDice(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	a, c := e.user(), e.user()
	id := a.newGame(map[string]any{"variant": "diceplomacy", "players": 4, "phase_deadline_seconds": 60, "bots": true, "power": "Seat 1"})
	a.must(200, "POST", "/games/"+id+"/start", nil)
	var g diceJSON
	c.must(200, "GET", "/games/"+id, nil).json(t, &g)
	if g.MySeat != nil || g.View == nil {
		t.Fatalf("a non-player's view: seat %v, view %v", g.MySeat, g.View)
	}
	for _, p := range g.View.Players {
		if p.Die != 0 && !p.Revealed {
			t.Errorf("seat %d's hidden die shows to a non-player", p.Seat)
		}
	}
	var h struct {
		Events []struct {
			Kind  string
			Value int
		}
	}
	c.must(200, "GET", "/games/"+id+"/history", nil).json(t, &h)
	for _, ev := range h.Events {
		if ev.Kind == "roll" && ev.Value != 0 {
			t.Errorf("the history shows a roll to a non-player: %+v", ev)
		}
	}
	c.must(403, "POST", "/games/"+id+"/moves", map[string]any{"kind": "reorganise"})
}

// streamEvents opens game id's live-update stream as the holder of token
// and returns a function that waits (until patience runs out) for an
// event named want and returns the names of all the events seen until
// then.
func streamEvents(t *testing.T, base, token, id string) func(want string) map[string]bool {
	t.Helper()
	ctx, cancel := context.WithDeadline(context.Background(), patience(t))
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"/games/"+id+"/events", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := specClient(t, base).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	if resp.StatusCode != 200 {
		t.Fatalf("events: status %d", resp.StatusCode)
	}
	events := make(chan string, 100)
	go func() {
		defer close(events)
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if ev, ok := strings.CutPrefix(sc.Text(), "event: "); ok {
				events <- ev
			}
		}
	}()
	return func(want string) map[string]bool {
		t.Helper()
		seen := map[string]bool{}
		for {
			select {
			case ev, ok := <-events:
				if !ok {
					t.Fatalf("stream ended waiting for %q", want)
				}
				seen[ev] = true
				if ev == want {
					return seen
				}
			case <-ctx.Done():
				t.Fatalf("no %q event", want)
			}
		}
	}
}
