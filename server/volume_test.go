package server

import (
	"strings"
	"testing"
	"time"
)

// wantLimit checks that r is a 429 with the code and a Retry-After.
func wantLimit(t *testing.T, r response, code string) {
	t.Helper()
	wantCode(t, r, 429, code)
	if r.Header.Get("Retry-After") == "" {
		t.Errorf("429 %s without Retry-After", code)
	}
}

// pressGame starts a game of a (England) and b (France) with press.
func pressGame(t *testing.T, e *env) (a, b *client, id string) {
	a, b = e.user(), e.user()
	id = a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 600, "bots": true, "power": "England"})
	b.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "France"})
	a.must(200, "POST", "/games/"+id+"/start", nil)
	return a, b, id
}

// TestPressIsRateLimited: a user's press goes in bursts of the per-user
// rate and then at its pace; a game's press, all players together, at
// the per-game rate; each refusal is a 429 with Retry-After and a code.
func TestPressIsRateLimited(t *testing.T) {
	t.Parallel()
	for _, backend := range backends(t) {
		t.Run(backend, func(t *testing.T) {
			e := newEnvWith(t, backend, func(c *Config) {
				c.PressPerUser, c.PressPerGame = Rate{N: 5, Per: time.Minute}, Rate{N: 8, Per: time.Minute}
			})
			// A token comes back every 12 s: time moves only as the
			// test says (newEnvWith froze it), however long its
			// requests take.
			a, b, id := pressGame(t, e)
			msg := map[string]any{"body": "hello"}
			for range 5 {
				a.must(201, "POST", "/games/"+id+"/messages", msg)
			}
			wantLimit(t, a.do("POST", "/games/"+id+"/messages", msg), "press_rate")
			// France has her own five, but the game holds three more.
			for range 3 {
				b.must(201, "POST", "/games/"+id+"/messages", msg)
			}
			wantLimit(t, b.do("POST", "/games/"+id+"/messages", msg), "game_press_rate")
			e.clock.Advance(12 * time.Second) // one message more each
			a.must(201, "POST", "/games/"+id+"/messages", msg)
			wantLimit(t, a.do("POST", "/games/"+id+"/messages", msg), "press_rate")
			// Someone who does not play the game cannot spend its rate.
			outsider := e.user()
			for range 5 { // (their own rate's worth)
				outsider.must(403, "POST", "/games/"+id+"/messages", msg)
			}
			e.clock.Advance(12 * time.Second)
			b.must(201, "POST", "/games/"+id+"/messages", msg)
			// Another game of France's is not held back.
			c, _, other := pressGame(t, e)
			c.must(201, "POST", "/games/"+other+"/messages", msg)
		})
	}
}

// TestAGamesPressIsBounded: past the most characters a game keeps, press
// is refused with press_full; a shorter message that fits still goes.
func TestAGamesPressIsBounded(t *testing.T) {
	t.Parallel()
	for _, backend := range backends(t) {
		t.Run(backend, func(t *testing.T) {
			e := newEnvWith(t, backend, func(c *Config) { c.MaxPressPerGame = 10000 })
			a, _, id := pressGame(t, e)
			long := map[string]any{"body": strings.Repeat("é", 4000)}
			a.must(201, "POST", "/games/"+id+"/messages", long)
			a.must(201, "POST", "/games/"+id+"/messages", long)
			wantCode(t, a.do("POST", "/games/"+id+"/messages", long), 409, "press_full")
			a.must(201, "POST", "/games/"+id+"/messages", map[string]any{"body": strings.Repeat("x", 2000)})
			wantCode(t, a.do("POST", "/games/"+id+"/messages", map[string]any{"body": "x"}), 409, "press_full")
		})
	}
}

// TestSignUpsAreLimitedPerAddress: past the per-address rate, a sign-up
// is refused with signup_rate and Retry-After; another address is not.
func TestSignUpsAreLimitedPerAddress(t *testing.T) {
	t.Parallel()
	e := newEnvWith(t, "sqlite", func(c *Config) { c.SignUpsPerAddress = Rate{N: 3, Per: time.Hour} })
	anon := &client{e: e}
	for _, n := range []string{"ann", "bob", "cid"} {
		anon.must(201, "POST", "/users", map[string]string{"name": n, "password": "long enough"})
	}
	wantLimit(t, anon.do("POST", "/users", map[string]string{"name": "dan", "password": "long enough"}), "signup_rate")
	status, _ := signUpFrom(t, e, "198.51.100.7:4000", "dan")
	if status != 201 {
		t.Errorf("a sign-up from another address: %d", status)
	}
	e.clock.Advance(20 * time.Minute) // one more
	anon.must(201, "POST", "/users", map[string]string{"name": "eve", "password": "long enough"})
	wantLimit(t, anon.do("POST", "/users", map[string]string{"name": "fay", "password": "long enough"}), "signup_rate")
}
