package server

import (
	"fmt"
	"strings"
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
// spread over many addresses stops everyone at ten times the limit.
func TestAGuesserCannotLockAPlayerOut(t *testing.T) {
	t.Parallel()
	g := newLoginGuard(10, 15*time.Minute)
	now := time.Unix(1000, 0)
	for range 10 {
		g.failed("carol", "203.0.113.9:4711", "", now)
	}
	if g.wait("Carol", "203.0.113.9:5000", "", now) == 0 {
		t.Error("the guesser's address (any port) may go on guessing")
	}
	if w := g.wait("carol", "198.51.100.7:1234", "", now); w != 0 {
		t.Errorf("the player at another address waits %v", w)
	}
	for i := range 90 {
		g.failed("carol", fmt.Sprintf("192.0.2.%d:80", i), "", now)
	}
	if g.wait("carol", "198.51.100.7:1234", "", now) == 0 {
		t.Error("a hundred wrong passwords from many addresses should stop everyone")
	}
	if g.wait("dave", "203.0.113.9:4711", "", now) != 0 {
		t.Error("another name is not affected")
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
