package server

import (
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestPasswordGuessingIsThrottled(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		anon := &client{e: e}
		anon.must(201, "POST", "/users", map[string]string{"name": "Carol", "password": "long enough"})
		wrong := map[string]string{"name": "Carol", "password": "a wrong guess"}
		right := map[string]string{"name": "carol", "password": "long enough"}
		for i := 0; i < 10; i++ {
			anon.must(401, "POST", "/sessions", wrong)
		}
		// Even the right password waits now, with a clear message.
		if r := anon.must(429, "POST", "/sessions", right); !strings.Contains(string(r.Body), "too many wrong passwords") || !strings.Contains(string(r.Body), `"code":"too_many_tries"`) {
			t.Errorf("429 body: %s", r.Body)
		}
		// Other names are not affected.
		anon.must(201, "POST", "/users", map[string]string{"name": "Dave", "password": "long enough"})
		anon.must(201, "POST", "/sessions", map[string]string{"name": "Dave", "password": "long enough"})
		// After the window, Carol may sign in again, and that clears the count.
		e.clock.Advance(16 * time.Minute)
		anon.must(201, "POST", "/sessions", right)
		anon.must(401, "POST", "/sessions", wrong)
		anon.must(201, "POST", "/sessions", right)
	})
}

func TestLoginThrottleForgetsAndStaysBounded(t *testing.T) {
	t.Parallel()
	th := newLoginThrottle(2, time.Minute)
	now := time.Unix(1000, 0)
	th.failed("x", now)
	if th.wait("X", now) != 0 {
		t.Fatal("one failure should not block")
	}
	th.failed("X", now)
	if w := th.wait("x", now.Add(10*time.Second)); w != 50*time.Second {
		t.Fatalf("wait %v, want 50s", w)
	}
	if th.wait("x", now.Add(2*time.Minute)) != 0 {
		t.Fatal("the block should end with the window")
	}
	for i := 0; i < maxTracked+10; i++ {
		th.failed(strings.Repeat("n", 1+i%7)+string(rune('a'+i%26))+time.Duration(i).String(), now)
	}
	if len(th.fails) > maxTracked {
		t.Fatalf("%d names tracked, more than %d", len(th.fails), maxTracked)
	}
}

// TestAGuesserCannotLockAPlayerOut: wrong passwords from one address
// stop that address, not the player signing in from another; guessing
// spread over many addresses stops every anonymous client at ten times
// the limit (unless it proves work: work_test.go).
func TestAGuesserCannotLockAPlayerOut(t *testing.T) {
	t.Parallel()
	g := newLoginGuard(10, 15*time.Minute)
	now := time.Unix(1000, 0)
	for range 10 {
		if _, l, _ := g.reserve("carol", "203.0.113.9:4711", "", false, now); l != unlocked {
			t.Fatalf("locked (%d) before ten tries", l)
		}
	}
	if _, l, _ := g.reserve("carol", "203.0.113.9:5000", "", false, now); l != lockClient {
		t.Errorf("the guesser's address (any port) may go on guessing: %d", l)
	}
	a, l, w := g.reserve("carol", "198.51.100.7:1234", "", false, now)
	if l != unlocked {
		t.Errorf("the player at another address waits %v", w)
	} else {
		a.succeeded() // her right password takes back her try
	}
	for i := range 90 {
		g.reserve("carol", fmt.Sprintf("192.0.2.%d:80", i), "", false, now)
	}
	if _, l, _ := g.reserve("carol", "198.51.100.7:1234", "", false, now); l != lockName {
		t.Errorf("a hundred wrong passwords from many addresses should stop every anonymous client: %d", l)
	}
	if _, l, _ := g.reserve("carol", "198.51.100.7:1234", "", true, now); l != unlocked {
		t.Errorf("a proof of work should pass the per-name lock: %d", l)
	}
	if _, l, _ := g.reserve("dave", "203.0.113.9:4711", "", false, now); l != unlocked {
		t.Error("another name is not affected")
	}
}

// burst sends n sign-ins as name at once, from the address addr(i) for
// the i-th, and returns how many passwords the server checked and the
// answers by status.
func burst(t *testing.T, e *env, n int, name, password string, addr func(i int) string) (checks int64, byStatus map[int]int) {
	t.Helper()
	var checked atomic.Int64
	e.srv.passwordChecked = func() { checked.Add(1) }
	defer func() { e.srv.passwordChecked = nil }()
	h := e.srv.Handler()
	statuses := make([]int, n)
	var start, done sync.WaitGroup
	start.Add(1)
	for i := range n {
		done.Add(1)
		go func() {
			defer done.Done()
			start.Wait()
			statuses[i], _ = signIn(t, h, addr(i), name, password, nil)
		}()
	}
	start.Done()
	done.Wait()
	byStatus = map[int]int{}
	for _, s := range statuses {
		byStatus[s]++
	}
	return checked.Load(), byStatus
}

// TestABurstOfGuessesGetsNoMoreChecksThanTheLimit: 200 wrong passwords
// sent at once get no more password checks than the limits allow, from
// one address (10) and from 200 addresses (100, the per-name limit); the
// rest wait.
func TestABurstOfGuessesGetsNoMoreChecksThanTheLimit(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	anon := &client{e: e}
	anon.must(201, "POST", "/users", map[string]string{"name": "carol", "password": "long enough"})
	anon.must(201, "POST", "/users", map[string]string{"name": "dave", "password": "long enough"})
	for _, tc := range []struct {
		what, name string
		addr       func(int) string
		limit      int
	}{
		{"from one address", "carol", func(int) string { return "203.0.113.9:4711" }, 10},
		{"from 200 addresses", "dave", func(i int) string { return fmt.Sprintf("10.0.%d.%d:80", i/250, i%250) }, 100},
	} {
		checks, by := burst(t, e, 200, tc.name, "a wrong guess", tc.addr)
		if checks > int64(tc.limit) || by[401] > tc.limit || by[401]+by[429] != 200 {
			t.Errorf("200 guesses at once %s: %d passwords checked, answers %v; want at most %d checks, the rest 429",
				tc.what, checks, by, tc.limit)
		}
	}
}

// TestAFullThrottleStillCounts: a guesser who fills the table with fresh
// throwaway names cannot then guess a real name without limit.
func TestAFullThrottleStillCounts(t *testing.T) {
	t.Parallel()
	th := newLoginThrottle(10, 15*time.Minute)
	now := time.Unix(1000, 0)
	for i := range maxTracked {
		th.failed(fmt.Sprintf("throwaway%d", i), now)
	}
	for range 10 {
		th.failed("carol", now.Add(time.Second))
	}
	if th.wait("carol", now.Add(time.Second)) == 0 {
		t.Fatal("ten wrong passwords for carol went uncounted once the table was full")
	}
	if len(th.fails) > maxTracked {
		t.Fatalf("%d names tracked, more than %d", len(th.fails), maxTracked)
	}
}
