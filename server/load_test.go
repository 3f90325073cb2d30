package server

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"
)

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

// TestLoad is a bounded load test on loopback: CHANCERY_LOAD_GAMES active
// games (default 1000), each with one person and six bots, and
// CHANCERY_LOAD_CLIENTS concurrent players (default 50) that for
// CHANCERY_LOAD_SECONDS (default 20) read one of their games and submit
// hold orders for their units, one submission in ten marked ready (which
// adjudicates the phase at once). CHANCERY_LOAD_RATE paces them to that
// many read-and-submit rounds per second in all (open loop); unset, they
// go as fast as they can. It reports the latency of the order submissions
// and reads. Set CHANCERY_LOAD=1 to run it:
//
//	CHANCERY_LOAD=1 go test -run TestLoad -v ./server
//	CHANCERY_LOAD=1 CHANCERY_LOAD_RATE=500 go test -run TestLoad -v ./server
func TestLoad(t *testing.T) {
	t.Parallel()
	if os.Getenv("CHANCERY_LOAD") == "" {
		t.Skip("set CHANCERY_LOAD=1 to run the load test")
	}
	games := envInt("CHANCERY_LOAD_GAMES", 1000)
	clients := envInt("CHANCERY_LOAD_CLIENTS", 50)
	seconds := envInt("CHANCERY_LOAD_SECONDS", 20)
	// rate, when set, paces the clients to that many iterations (a read
	// and a submission) per second in all; otherwise they go flat out.
	rate := envInt("CHANCERY_LOAD_RATE", 0)
	each(t, func(t *testing.T, e *env) {
		users := make([]*client, 100)
		var wg sync.WaitGroup
		for i := range users {
			wg.Add(1)
			go func() { defer wg.Done(); users[i] = e.user() }()
		}
		wg.Wait()
		type seat struct {
			c  *client
			id string
		}
		seats := make([]seat, games)
		sem := make(chan struct{}, 16)
		powers := []string{"Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"}
		for i := range games {
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer wg.Done()
				defer func() { <-sem }()
				c := users[i%len(users)]
				id := c.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 86400, "bots": true, "power": powers[i%7]})
				c.must(200, "POST", "/games/"+id+"/start", nil)
				seats[i] = seat{c, id}
			}()
		}
		wg.Wait()
		t.Logf("%s: %d active games, %d users, %d concurrent clients, %ds, rate %d/s (0: flat out)", e.backend, games, len(users), clients, seconds, rate)

		var mu sync.Mutex
		var puts, gets []time.Duration
		var errs, resolved int
		end := time.Now().Add(time.Duration(seconds) * time.Second)
		for w := range clients {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rnd := rand.New(rand.NewPCG(uint64(w), 9))
				var myPuts, myGets []time.Duration
				myErrs, myResolved := 0, 0
				next := time.Now()
				for time.Now().Before(end) {
					if rate > 0 {
						// Open loop: a fixed schedule, whatever the latency.
						next = next.Add(time.Duration(float64(time.Second) * float64(clients) / float64(rate) * (0.5 + rnd.Float64())))
						time.Sleep(time.Until(next))
					}
					s := seats[rnd.IntN(len(seats))]
					t0 := time.Now()
					r := s.c.do("GET", "/games/"+s.id, nil)
					myGets = append(myGets, time.Since(t0))
					if r.Status != 200 {
						myErrs++
						continue
					}
					var g gameView
					_ = json.Unmarshal(r.Body, &g)
					if g.Status != "active" {
						continue
					}
					orders := []string{}
					if g.Phase.Type == "movement" {
						for _, u := range g.Units {
							if u.Power == g.MyPower {
								orders = append(orders, fmt.Sprintf("%s %s H", u.Type[:1], u.Province))
							}
						}
					}
					ready := rnd.IntN(10) == 0
					t0 = time.Now()
					r = s.c.do("PUT", "/games/"+s.id+"/orders", map[string]any{"orders": orders, "ready": ready, "phase": g.Phase})
					myPuts = append(myPuts, time.Since(t0))
					switch {
					case r.Status == 200 && ready:
						myResolved++
					case r.Status == 409: // the phase moved on between the read and the write
					case r.Status != 200:
						myErrs++
						if myErrs < 3 {
							t.Logf("PUT: %d %s", r.Status, r.Body)
						}
					}
				}
				mu.Lock()
				puts = append(puts, myPuts...)
				gets = append(gets, myGets...)
				errs += myErrs
				resolved += myResolved
				mu.Unlock()
			}()
		}
		wg.Wait()
		report := func(name string, d []time.Duration) {
			slices.Sort(d)
			if len(d) == 0 {
				return
			}
			p := func(q float64) time.Duration { return d[min(len(d)-1, int(q*float64(len(d))))] }
			t.Logf("%s %-4s n=%d  %.0f/s  p50=%v p95=%v p99=%v max=%v", e.backend, name, len(d), float64(len(d))/float64(seconds),
				p(0.50).Round(10*time.Microsecond), p(0.95).Round(10*time.Microsecond), p(0.99).Round(10*time.Microsecond), d[len(d)-1].Round(10*time.Microsecond))
		}
		report("PUT", puts)
		report("GET", gets)
		t.Logf("%s: %d phases made due by ready players, %d errors", e.backend, resolved, errs)
		if errs > 0 {
			t.Errorf("%d requests failed", errs)
		}
	})
}

// BenchmarkSubmitOrders measures one order submission (validation and
// storage, in one transaction) through the HTTP API on loopback, over
// SQLite, with 100 active games, all created by one user: more than a
// user may have unfinished by default, so the limit is raised here.
func BenchmarkSubmitOrders(b *testing.B) {
	const games = 100
	e := newEnvWith(b, "sqlite", func(c *Config) { c.MaxGamesPerUser = games })
	c := e.user()
	var ids []string
	for range games {
		id := c.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 86400, "bots": true, "power": "France"})
		c.must(200, "POST", "/games/"+id+"/start", nil)
		ids = append(ids, id)
	}
	body := map[string]any{"orders": []string{"A par - bur", "A mar S A par - bur", "F bre - mao"}, "ready": false}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if r := c.do("PUT", "/games/"+ids[i%len(ids)]+"/orders", body); r.Status != http.StatusOK {
			b.Fatalf("%d %s", r.Status, r.Body)
		}
	}
}
