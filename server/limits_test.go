package server

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// productionDefaults configures a test server as `chancery serve` is by
// default: the test's store, clock, logger and cheap password hashes,
// nothing else changed.
func productionDefaults(c *Config) {
	*c = Config{Store: c.Store, Variants: c.Variants, Now: c.Now, Poll: c.Poll, Logger: c.Logger,
		InsecurePasswordHashing: c.InsecurePasswordHashing}
}

// refused checks that r is a 429 in the documented error format whose
// message says what the limit is about.
func refused(t *testing.T, r response, about string) {
	t.Helper()
	if r.Status != http.StatusTooManyRequests {
		t.Fatalf("status %d, want 429: %s", r.Status, r.Body)
	}
	m := r.m(t)
	msg, _ := m["error"].(string)
	if m["status"] != float64(429) || !strings.Contains(msg, about) {
		t.Fatalf("refusal %s: want the error format with a message about %q", r.Body, about)
	}
}

// openStream opens a live-update stream and returns its response; the
// stream is closed when the test ends or by calling the returned close.
func openStream(t *testing.T, c *client, id string) (*http.Response, func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", c.e.URL+"/games/"+id+"/events", nil)
	req.Header.Set("Authorization", "Bearer "+c.token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	stop := func() { cancel(); resp.Body.Close() }
	t.Cleanup(stop)
	return resp, stop
}

// TestPerUserLimitsByDefault: with the default configuration a user can
// neither create games without end, nor ask for phases of a second, nor
// open streams without end; each refusal is a 429 that says why, and one
// user's limits do not touch another.
func TestPerUserLimitsByDefault(t *testing.T) {
	t.Parallel()
	for _, backend := range backends(t) {
		t.Run(backend, func(t *testing.T) {
			e := newEnvWith(t, backend, productionDefaults)
			a, b := e.user(), e.user()

			refused(t, a.do("POST", "/games", map[string]any{"variant": "standard", "phase_deadline_seconds": 1, "bots": true}), "phase")
			refused(t, a.do("POST", "/games", map[string]any{"variant": "diceplomacy", "phase_deadline_seconds": 59, "bots": true}), "phase")
			a.must(201, "POST", "/games", map[string]any{"variant": "standard", "phase_deadline_seconds": 60, "bots": true})

			var id string
			for i := 1; i < 20; i++ {
				id = a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 3600, "bots": true, "power": "England"})
				a.must(200, "POST", "/games/"+id+"/start", nil)
			}
			refused(t, a.do("POST", "/games", map[string]any{"variant": "standard", "bots": true}), "games")
			refused(t, a.do("POST", "/games", map[string]any{"variant": "diceplomacy", "bots": true}), "games")
			b.newGame(map[string]any{"variant": "standard", "bots": true})

			for range 8 {
				if resp, _ := openStream(t, a, id); resp.StatusCode != 200 {
					t.Fatalf("stream: status %d", resp.StatusCode)
				}
			}
			resp, _ := openStream(t, a, id)
			body, _ := readAll(resp)
			refused(t, response{Status: resp.StatusCode, Body: body}, "streams")
			if resp, _ := openStream(t, b, id); resp.StatusCode != 200 {
				t.Fatalf("another user's stream: status %d", resp.StatusCode)
			}
		})
	}
}

// TestPerUserLimitsAreConfigurable: the limits are the configuration's,
// and a user under them again (a game finished, a stream closed) may
// create and open again.
func TestPerUserLimitsAreConfigurable(t *testing.T) {
	t.Parallel()
	for _, backend := range backends(t) {
		t.Run(backend, func(t *testing.T) {
			e := newEnvWith(t, backend, func(c *Config) {
				c.MaxGamesPerUser, c.MinPhase, c.MaxStreamsPerUser = 2, 10*time.Minute, 1
			})
			a := e.user()
			r := a.do("POST", "/games", map[string]any{"variant": "standard", "phase_deadline_seconds": 599})
			refused(t, r, "10m0s")
			wantCode(t, r, 429, "phase_too_short")
			// Games without the creator in them count too.
			first := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 600, "bots": true, "power": "France"})
			a.newGame(map[string]any{"variant": "diceplomacy", "phase_deadline_seconds": 600})
			r = a.do("POST", "/games", map[string]any{"variant": "standard", "phase_deadline_seconds": 600})
			refused(t, r, "2 games")
			wantCode(t, r, 429, "too_many_games")
			// A finished game no longer counts.
			a.must(200, "POST", "/games/"+first+"/start", nil)
			a.must(200, "PUT", "/games/"+first+"/votes", map[string]any{"draw": true})
			if g := a.game(first); g.Status != "finished" {
				t.Fatalf("the game is %s after a draw vote", g.Status)
			}
			id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 600})

			_, stop := openStream(t, a, id)
			resp, _ := openStream(t, a, id)
			body, _ := readAll(resp)
			refused(t, response{Status: resp.StatusCode, Body: body}, "1 live-update stream open")
			stop()
			// The server sees the closed stream go, soon.
			status := 0
			if !eventually(t, func() bool {
				resp, _ := openStream(t, a, id)
				status = resp.StatusCode
				return status == 200
			}) {
				t.Fatalf("a closed stream still counts: status %d", status)
			}
		})
	}
}

// TestTheGameLimitHoldsUnderConcurrentCreation: creations sent at once
// by one user cannot pass the bound together.
func TestTheGameLimitHoldsUnderConcurrentCreation(t *testing.T) {
	t.Parallel()
	for _, backend := range backends(t) {
		t.Run(backend, func(t *testing.T) {
			e := newEnvWith(t, backend, func(c *Config) { c.MaxGamesPerUser = 3 })
			a := e.user()
			var wg sync.WaitGroup
			var created, refusals atomic.Int32
			for range 12 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					switch r := a.do("POST", "/games", map[string]any{"variant": "standard"}); r.Status {
					case 201:
						created.Add(1)
					case 429:
						refusals.Add(1)
					default:
						t.Errorf("status %d: %s", r.Status, r.Body)
					}
				}()
			}
			wg.Wait()
			if created.Load() != 3 || refusals.Load() != 9 {
				t.Fatalf("%d games created and %d refused, want 3 and 9", created.Load(), refusals.Load())
			}
		})
	}
}
