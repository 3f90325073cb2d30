package server

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/hex"
	"reflect"
	"strings"
	"testing"

	"github.com/chancery/chancery/store"
)

// signUp registers name on e's server and signs in.
func signUp(t *testing.T, e *env, name string) *client {
	t.Helper()
	c := &client{e: e, name: name}
	c.must(201, "POST", "/users", map[string]string{"name": name, "password": "secret password"})
	var s struct{ Token string }
	c.must(201, "POST", "/sessions", map[string]string{"name": name, "password": "secret password"}).json(t, &s)
	c.token = s.Token
	return c
}

// TestBotOrdersCannotBeForetoldFromWhatPlayersSee plays the first phases
// of two games that are alike in everything a player can see (the same
// id, variant, settings, players' names and orders), on two servers: the
// bots must not give the same orders in both, or anyone who reads the
// public game and the bot's code knows the bots' orders before the
// deadline.
func TestBotOrdersCannotBeForetoldFromWhatPlayersSee(t *testing.T) {
	t.Parallel()
	for _, backend := range backends(t) {
		t.Run(backend, func(t *testing.T) {
			const phases = 3
			var orders [2][]map[string][]string
			for i := range orders {
				e := newEnv(t, backend)
				e.srv.gameID = func() string { return "twingame00000001" }
				a := signUp(t, e, "Alice")
				id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 3600, "bots": true, "power": "England"})
				if id != "twingame00000001" {
					t.Fatalf("game id %q", id)
				}
				a.must(200, "POST", "/games/"+id+"/start", nil)
				// Phases in which nobody owes orders are played at once.
				for g := a.game(id); g.Seq < phases; {
					a.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}, "ready": true})
					g = a.waitSeq(id, g.Seq+1)
				}
				var h struct {
					Phases []struct{ Orders map[string][]string }
				}
				a.must(200, "GET", "/games/"+id+"/history", nil).json(t, &h)
				if len(h.Phases) < phases {
					t.Fatalf("%d phases in the history, want %d", len(h.Phases), phases)
				}
				for _, p := range h.Phases[:phases] {
					delete(p.Orders, "England")
					orders[i] = append(orders[i], p.Orders)
				}
			}
			if reflect.DeepEqual(orders[0], orders[1]) {
				t.Fatalf("two games alike in all a player sees got the same bot orders in %d phases: the bots' seed is public\n%v", phases, orders[0])
			}
		})
	}
}

// TestNoResponseHoldsAGameSecret plays Diplomacy and Diceplomacy games
// through every route, with a live stream open, and looks for the games'
// secrets, in every form the server could write them, in every response
// body the server wrote.
func TestNoResponseHoldsAGameSecret(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a, b := e.user(), e.user()
		anon := &client{e: e}
		anon.must(200, "GET", "/health", nil)
		anon.must(200, "GET", "/variants", nil)
		a.must(200, "GET", "/me", nil)

		id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 600, "bots": true, "power": "England"})
		b.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "France"})
		a.must(200, "POST", "/games/"+id+"/start", nil)
		expect := openEvents(t, e.URL, a.token, id)
		expect("game")
		for g := a.game(id); g.Seq < 3; {
			b.must(201, "POST", "/games/"+id+"/messages", map[string]any{"to": []string{"England"}, "body": "phase " + itoa(int64(g.Seq))})
			expect("message")
			a.must(201, "POST", "/games/"+id+"/messages", map[string]any{"body": "to all"})
			a.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}, "ready": true})
			b.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}, "ready": true})
			g = a.waitSeq(id, g.Seq+1)
			expect("phase")
			b.game(id)
		}
		a.must(200, "GET", "/games/"+id+"/history", nil)
		a.must(200, "GET", "/games/"+id+"/messages", nil)
		b.must(200, "GET", "/games/"+id+"/messages?after=1", nil)
		a.must(200, "GET", "/games", nil)
		b.must(200, "GET", "/games?mine=true&status=active", nil)
		a.must(200, "PUT", "/games/"+id+"/votes", map[string]any{"draw": true})
		b.must(200, "PUT", "/games/"+id+"/votes", map[string]any{"draw": true})
		a.must(200, "GET", "/games/"+id, nil)

		dice := a.newGame(map[string]any{"variant": "diceplomacy", "players": 4, "phase_deadline_seconds": 60, "bots": true, "power": "Seat 1"})
		a.must(200, "POST", "/games/"+dice+"/start", nil)
		a.must(201, "POST", "/games/"+dice+"/messages", map[string]any{"body": "hello"})
		for range 20 {
			g := a.diceAnswered(dice)
			if g.Status == "finished" || g.View == nil || len(g.View.Legal) == 0 {
				break
			}
			m := g.View.Legal[0]
			body := map[string]any{"kind": m.Type.String(), "yes": m.Yes}
			if m.Target >= 0 {
				body["target"] = int(m.Target)
			}
			a.must(200, "POST", "/games/"+dice+"/moves", body)
		}
		a.must(200, "GET", "/games/"+dice+"/history", nil)
		a.must(200, "GET", "/games/"+dice+"/messages", nil)
		b.must(200, "GET", "/games/"+dice, nil)

		var rows []*store.GameRow
		if err := e.st.View(context.Background(), func(tx store.Tx) error {
			var err error
			rows, err = tx.ListGames(store.GameFilter{Limit: 500})
			return err
		}); err != nil {
			t.Fatal(err)
		}
		if len(rows) != 2 {
			t.Fatalf("%d games stored, want 2", len(rows))
		}
		n := 0
		e.sent.each(func(body []byte) {
			n++
			for _, g := range rows {
				if len(g.Secret) < 16 {
					t.Fatalf("game %s has a secret of %d bytes", g.ID, len(g.Secret))
				}
				for _, form := range [][]byte{g.Secret,
					[]byte(hex.EncodeToString(g.Secret)), []byte(strings.ToUpper(hex.EncodeToString(g.Secret))),
					[]byte(base64.StdEncoding.EncodeToString(g.Secret)), []byte(base64.RawStdEncoding.EncodeToString(g.Secret)),
					[]byte(base64.URLEncoding.EncodeToString(g.Secret)), []byte(base64.RawURLEncoding.EncodeToString(g.Secret)),
				} {
					if bytes.Contains(body, form) {
						t.Fatalf("game %s's secret was sent: %s", g.ID, body)
					}
				}
			}
		})
		t.Logf("%d response bodies hold no secret", n)
	})
}
