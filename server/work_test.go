package server

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"
)

// signInWith posts a sign-in body as a client at addr would, and returns
// the status and the answer.
func signInWith(t *testing.T, e *env, addr string, body map[string]string) (int, map[string]any) {
	t.Helper()
	b, _ := json.Marshal(body)
	req := httptest.NewRequest("POST", "/api/v1/sessions", strings.NewReader(string(b)))
	req.RemoteAddr = addr
	rec := httptest.NewRecorder()
	e.srv.Handler().ServeHTTP(rec, req)
	var out map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
		t.Fatalf("answer %d: %s", rec.Code, rec.Body)
	}
	if rec.Code == 429 && rec.Header().Get("Retry-After") == "" {
		t.Errorf("429 without Retry-After: %s", rec.Body)
	}
	return rec.Code, out
}

// challengeOf returns the proof of work an answer asks for.
func challengeOf(t *testing.T, answer map[string]any) workChallenge {
	t.Helper()
	c, _ := answer["challenge"].(map[string]any)
	seed, _ := c["seed"].(string)
	bits, _ := c["bits"].(float64)
	if answer["code"] != "work_required" || seed == "" || bits < 1 {
		t.Fatalf("want a challenge (code work_required), got %v", answer)
	}
	return workChallenge{Seed: seed, Bits: int(bits)}
}

// TestTheOwnerGetsInDuringAGuessingAttack: 110 wrong passwords from 11
// addresses lock the name for anonymous clients; the owner, from a new
// address with no device cookie, proves work once and gets in while the
// guessing goes on, and each of the guesser's tries costs a proof of work
// that grows with the attack and is good for one try of one name.
func TestTheOwnerGetsInDuringAGuessingAttack(t *testing.T) {
	t.Parallel()
	e := newEnvWith(t, "sqlite", func(c *Config) { c.LoginWorkBits = 6 })
	anon := &client{e: e}
	anon.must(201, "POST", "/users", map[string]string{"name": "carol", "password": "long enough"})
	anon.must(201, "POST", "/users", map[string]string{"name": "dave", "password": "long enough"})
	wrong := map[string]string{"name": "carol", "password": "a wrong guess"}
	right := map[string]string{"name": "carol", "password": "long enough"}
	guesser := 0
	guess := func(extra map[string]string) (int, map[string]any) {
		guesser++
		body := map[string]string{}
		for k, v := range wrong {
			body[k] = v
		}
		for k, v := range extra {
			body[k] = v
		}
		return signInWith(t, e, fmt.Sprintf("192.0.2.%d:80", guesser/10), body)
	}
	for range 110 {
		guess(nil)
	}
	// The owner, from a new address and without a device cookie.
	status, answer := signInWith(t, e, "198.51.100.7:4000", right)
	if status != 429 {
		t.Fatalf("the owner during the attack: %d, want 429 asking for work", status)
	}
	owners := challengeOf(t, answer)
	// The guessing goes on meanwhile, paying for each try.
	for range 20 {
		status, answer := guess(nil)
		if status != 429 {
			t.Fatalf("a guess without work: %d", status)
		}
		c := challengeOf(t, answer)
		if status, _ := guess(map[string]string{"challenge": c.Seed, "solution": solveWork(c)}); status != 401 {
			t.Fatalf("a guess with work: %d, want 401", status)
		}
	}
	// A proof is good for one name, once, and must do its work.
	if status, _ := signInWith(t, e, "198.51.100.8:4000", map[string]string{"name": "dave", "password": "long enough",
		"challenge": owners.Seed, "solution": solveWork(owners)}); status != 201 {
		t.Errorf("dave is not locked: %d", status) // (the proof is ignored: dave is not asked for one)
	}
	for _, tc := range []struct {
		what string
		body map[string]string
	}{
		{"no solution", map[string]string{"challenge": owners.Seed, "solution": notWork(owners)}},
		{"a forged seed", map[string]string{"challenge": strings.Replace(owners.Seed, "."+fmt.Sprint(owners.Bits)+".", ".1.", 1), "solution": "0"}},
	} {
		body := map[string]string{"name": "carol", "password": "long enough"}
		for k, v := range tc.body {
			body[k] = v
		}
		if status, _ := signInWith(t, e, "198.51.100.7:4000", body); status != 429 {
			t.Errorf("the owner with %s: %d, want 429", tc.what, status)
		}
	}
	proof := map[string]string{"name": "carol", "password": "long enough", "challenge": owners.Seed, "solution": solveWork(owners)}
	if status, answer := signInWith(t, e, "198.51.100.7:4000", proof); status != 201 {
		t.Fatalf("the owner with her proof of work: %d %v, want 201", status, answer)
	}
	if status, _ := signInWith(t, e, "198.51.100.9:4000", proof); status != 429 {
		t.Errorf("a proof spent twice: %d, want 429", status)
	}
	// The work asked grows as the failures double past the limit.
	for range 200 {
		_, answer := guess(nil)
		c := challengeOf(t, answer)
		guess(map[string]string{"challenge": c.Seed, "solution": solveWork(c)})
	}
	if _, answer := guess(nil); challengeOf(t, answer).Bits <= owners.Bits {
		t.Errorf("after 300 more failures the work asked is still %d bits", challengeOf(t, answer).Bits)
	}
	// After the window, no work is asked.
	e.clock.Advance(16 * time.Minute)
	if status, _ := signInWith(t, e, "198.51.100.7:4000", right); status != 201 {
		t.Errorf("after the window: %d", status)
	}
}

// signUpFrom signs up name as a client at addr would.
func signUpFrom(t *testing.T, e *env, addr, name string) (int, string) {
	t.Helper()
	req := httptest.NewRequest("POST", "/api/v1/users", strings.NewReader(`{"name": "`+name+`", "password": "long enough"}`))
	req.RemoteAddr = addr
	rec := httptest.NewRecorder()
	e.srv.Handler().ServeHTTP(rec, req)
	return rec.Code, rec.Body.String()
}

// notWork returns a string that does not solve c (a fixed one, say "x",
// would solve one challenge in 2^bits, and fail the test that needs a
// wrong solution).
func notWork(c workChallenge) string {
	for i := 0; ; i++ {
		if s := "x" + strconv.Itoa(i); !worked(c.Seed, s, c.Bits) {
			return s
		}
	}
}
