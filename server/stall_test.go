package server

import (
	"bufio"
	"cmp"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestStall is the loop that found one account stalling every write:
// CHANCERY_STALL_GAMES (default 20) games of one account with hard bots,
// whose only person is ready in every phase as soon as it begins, while
// another user saves orders in a game of their own every 20 ms for
// CHANCERY_STALL_SECONDS (default 30). It reports the other user's
// latencies and the phases played, on SQLite with the default per-user
// limits; CHANCERY_STALL_GAMES=0 measures the other user alone, and
// CHANCERY_STALL_PACE=0 lifts the limits (no pace of early phases), to
// see what the bots alone cost. CHANCERY_STALL_BINARY=1 runs the server
// as "chancery serve" with its default flags, a process of its own, rather
// than in the test's. Set CHANCERY_STALL=1 to run it:
//
//	CHANCERY_STALL=1 go test -run TestStall -v ./server
//	CHANCERY_STALL=1 CHANCERY_STALL_BINARY=1 go test -run TestStall -v ./server
func TestStall(t *testing.T) {
	if os.Getenv("CHANCERY_STALL") == "" {
		t.Skip("set CHANCERY_STALL=1 to run the stall loop")
	}
	games := 20
	if v, err := strconv.Atoi(os.Getenv("CHANCERY_STALL_GAMES")); err == nil && v >= 0 {
		games = v // 0: the other user alone, for the machine's own latency
	}
	seconds := envInt("CHANCERY_STALL_SECONDS", 30)
	pace := os.Getenv("CHANCERY_STALL_PACE") != "0"
	level := cmp.Or(os.Getenv("CHANCERY_STALL_LEVEL"), "hard")
	var e *env
	if os.Getenv("CHANCERY_STALL_BINARY") != "" {
		e = stallBinary(t, pace)
	} else {
		e = newEnvWith(t, "sqlite", func(c *Config) {
			c.MinPhase = DefaultMinPhase
			if !pace {
				c.MaxGamesPerUser = -1
			}
		})
	}
	a, b := e.user(), e.user()
	var ids []string
	for range games {
		id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 3600, "bots": true, "bot_level": level, "power": "France"})
		a.must(200, "POST", "/games/"+id+"/start", nil)
		ids = append(ids, id)
	}
	theirs := b.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 3600, "bots": true, "bot_level": "easy", "power": "England"})
	b.must(200, "POST", "/games/"+theirs+"/start", nil)

	// The loop's requests go through a plain client: the tests' client,
	// which checks each exchange against the API's document, would cost
	// more than the server.
	hc := &http.Client{}
	plain := func(c *client, method, path, body string) (int, []byte) {
		req, err := http.NewRequest(method, e.URL+path, strings.NewReader(body))
		if err != nil {
			return 0, nil
		}
		req.Header.Set("Authorization", "Bearer "+c.token)
		req.Header.Set("Content-Type", "application/json")
		resp, err := hc.Do(req)
		if err != nil {
			return 0, nil
		}
		defer resp.Body.Close()
		data, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, data
	}
	end := time.Now().Add(time.Duration(seconds) * time.Second)
	var wg sync.WaitGroup
	var readies atomic.Int64
	for _, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			seq := -1
			for time.Now().Before(end) {
				var g gameView
				if status, body := plain(a, "GET", "/games/"+id, ""); status != 200 || json.Unmarshal(body, &g) != nil || g.Status != "active" {
					return
				}
				if g.Seq != seq {
					seq = g.Seq
					if status, _ := plain(a, "PUT", "/games/"+id+"/orders", `{"orders": [], "ready": true}`); status == 200 {
						readies.Add(1)
					}
				}
				time.Sleep(500 * time.Millisecond)
			}
		}()
	}
	var puts []time.Duration
	errs := 0
	for time.Now().Before(end) {
		t0 := time.Now()
		status, _ := plain(b, "PUT", "/games/"+theirs+"/orders", `{"orders": ["F Lon H", "F Edi H", "A Lvp H"]}`)
		puts = append(puts, time.Since(t0))
		if status != 200 {
			errs++
		}
		time.Sleep(20 * time.Millisecond)
	}
	wg.Wait()
	phases := 0
	for _, id := range ids {
		phases += a.game(id).Seq
	}
	slices.Sort(puts)
	p := func(q float64) time.Duration {
		return puts[min(len(puts)-1, int(q*float64(len(puts))))].Round(100 * time.Microsecond)
	}
	t.Logf("pace %v: %d %s-bot games of one account, %d readies, %d phases in %d s (%.0f a minute)",
		pace, games, level, readies.Load(), phases, seconds, float64(phases)*60/float64(seconds))
	t.Logf("the other user's PUT /orders: n=%d p50=%v p90=%v p99=%v max=%v, %d errors",
		len(puts), p(0.5), p(0.9), p(0.99), puts[len(puts)-1].Round(100*time.Microsecond), errs)
}

// stallBinary builds and runs "chancery serve" on a free loopback port
// over a new SQLite file, with the default limits unless pace is false,
// and returns an environment whose clients use it.
func stallBinary(t *testing.T, pace bool) *env {
	dir := t.TempDir()
	bin := chanceryBinary(t)
	args := []string{"serve", "--addr", "127.0.0.1:0", "--db", filepath.Join(dir, "stall.db"), "--quiet"}
	if !pace {
		args = append(args, "--max-games-per-user", "-1")
	}
	cmd := exec.Command(bin, args...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(os.Interrupt)
		_ = cmd.Wait()
	})
	line, err := bufio.NewReader(out).ReadString('\n')
	f := strings.Fields(line)
	if err != nil || len(f) < 3 {
		t.Fatalf("the server printed no address: %q %v", line, err)
	}
	return &env{t: t, URL: f[2]}
}
