package server

import (
	"context"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chancery/chancery/mail"
	"github.com/chancery/chancery/store"
)

// TestPasswordReset resets a password by mail from end to end: the
// answer never tells whether an address has an account, the link works
// once and within the hour, and every session of the account is signed
// out.
func TestPasswordReset(t *testing.T) {
	t.Parallel()
	e, sink := mailEnv(t, "sqlite", nil)
	a := e.user()
	verify(t, a, sink, "alice@example.org")
	anon := &client{e: e}

	// Unknown, known: the same answer; a mail for the known one only.
	unknown := anon.must(202, "POST", "/password-resets", map[string]any{"email": "nobody@example.org"})
	known := anon.must(202, "POST", "/password-resets", map[string]any{"email": "alice@example.org"})
	if string(unknown.Body) != string(known.Body) {
		t.Errorf("the answers differ: %s and %s", unknown.Body, known.Body)
	}
	m := waitMail(t, sink, "alice@example.org", "Reset your password")
	if m.ContentType != "multipart/alternative" || m.Header.Get("Content-Language") != "en" || m.Header.Get("List-Unsubscribe") != "" {
		t.Errorf("the reset mail: %s, language %q, List-Unsubscribe %q", m.ContentType, m.Header.Get("Content-Language"), m.Header.Get("List-Unsubscribe"))
	}
	token := tokenOf(t, m, "reset")
	wantCode(t, anon.do("POST", "/password-resets", map[string]any{"email": "not an address"}), 422, "email_invalid")
	wantCode(t, anon.do("POST", "/password-resets/"+token, map[string]any{"password": "short"}), 422, "password_invalid")
	wantCode(t, anon.do("POST", "/password-resets/"+token+"x", map[string]any{"password": "a new password"}), 404, "token_invalid")
	if got := anon.must(200, "POST", "/password-resets/"+token, map[string]any{"password": "a new password"}).m(t); got["name"] != a.name {
		t.Errorf("the reset names %v, want %s", got["name"], a.name)
	}
	wantCode(t, anon.do("POST", "/password-resets/"+token, map[string]any{"password": "another password"}), 404, "token_invalid")
	// The old session is gone; the new password signs in, the old does not.
	if r := a.do("GET", "/me", nil); r.Status != 401 {
		t.Errorf("the session from before the reset: %d, want 401", r.Status)
	}
	wantCode(t, anon.do("POST", "/sessions", map[string]any{"name": a.name, "password": "secret password"}), 401, "wrong_password")
	anon.must(201, "POST", "/sessions", map[string]any{"name": a.name, "password": "a new password"})

	// A link expires after an hour.
	anon.must(202, "POST", "/password-resets", map[string]any{"email": "alice@example.org"})
	if _, err := sink.Wait(3, mailWait(t)); err != nil {
		t.Fatal(err)
	}
	late := tokenOf(t, sink.Messages()[2], "reset")
	e.clock.Advance(61 * time.Minute)
	wantCode(t, anon.do("POST", "/password-resets/"+late, map[string]any{"password": "a late password"}), 404, "token_invalid")

	// Too many for one address: still 202, and no more mail.
	for range 5 {
		anon.must(202, "POST", "/password-resets", map[string]any{"email": "alice@example.org"})
	}
	// An address not verified gets no reset.
	b := e.user()
	b.must(200, "PUT", "/me", map[string]any{"email": "bob@example.org"})
	waitMail(t, sink, "bob@example.org", "Confirm")
	anon.must(202, "POST", "/password-resets", map[string]any{"email": "bob@example.org"})
	b.must(200, "PUT", "/me", map[string]any{"email": "bob2@example.org"})
	waitMail(t, sink, "bob2@example.org", "Confirm")
	resets := 0
	for _, m := range sink.Messages() {
		if strings.Contains(m.Subject, "Reset") {
			resets++
			if m.To[0] != "alice@example.org" {
				t.Errorf("a reset to %v, which is not verified", m.To)
			}
		}
	}
	// Five for alice: the first and the late one, then, the hour having
	// refilled the address's bucket of three, three of the five.
	if resets != 5 {
		t.Errorf("%d reset mails, want 5", resets)
	}
}

// TestMailAddress checks what a user's address goes through: refused
// when malformed, verified once by its link, the old address told of a
// change.
func TestMailAddress(t *testing.T) {
	t.Parallel()
	e, sink := mailEnv(t, "sqlite", nil)
	a := e.user()
	for _, bad := range []string{"alice", "alice@", "Alice <alice@example.org>", "a@b@example.org", strings.Repeat("a", 250) + "@example.org"} {
		wantCode(t, a.do("PUT", "/me", map[string]any{"email": bad}), 422, "email_invalid")
	}
	verify(t, a, sink, "alice@example.org")
	verification := sink.Messages()[0]
	wantCode(t, a.do("POST", "/email-verifications/"+tokenOf(t, verification, "verify"), nil), 404, "token_invalid")
	// A new address is not verified, and the old one is told.
	me := a.must(200, "PUT", "/me", map[string]any{"email": "alice@example.net"}).m(t)
	if me["verified"] != false {
		t.Errorf("a new address is verified at once: %v", me)
	}
	told := waitMail(t, sink, "alice@example.org", "was changed")
	if !strings.Contains(told.Text, "alice@example.net") {
		t.Errorf("the old address is not told the new one:\n%s", told.Text)
	}
	second := waitMail(t, sink, "alice@example.net", "Confirm")
	// The first address's link no longer verifies anything.
	a.must(200, "POST", "/email-verifications/"+tokenOf(t, second, "verify"), nil)
	if me := a.must(200, "GET", "/me", nil).m(t); me["email"] != "alice@example.net" || me["verified"] != true {
		t.Errorf("GET /me: %v", me)
	}
}

// TestMailRelayFails sends through a relay that refuses a recipient for
// good (the mail is given up, logged, and the request that queued it
// answered as usual) and through one that is down (the mail waits, is
// tried again, and goes once the relay is back). The clock stands still
// but when the test moves it past the pause before the next attempt:
// each move is one attempt more, however slow the machine.
func TestMailRelayFails(t *testing.T) {
	t.Parallel()
	sink := smtptestStart(t)
	sink.Refuse(func(to string) bool { return to == "bounce@example.org" })
	down := mail.Config{Host: "127.0.0.1", Port: closedPort(t), TLS: "none", From: "games@chancery.test", Timeout: 5 * time.Second}
	up, err := mail.ParseURL(sink.URL(), "games@chancery.test")
	if err != nil {
		t.Fatal(err)
	}
	relay := &switchable{to: mail.NewSMTP(down)}
	e := newEnvWith(t, "sqlite", func(cfg *Config) {
		cfg.Mail, cfg.PublicURL, cfg.MailRetry = relay, "https://chancery.test", time.Minute
	})
	// givenBack waits until the mail has been tried more than before
	// times and given back to wait for its pause (or settled), and
	// checks that it was tried once more and waits.
	givenBack := func(before int, why string) *store.OutboxItem {
		t.Helper()
		var it *store.OutboxItem
		if !eventually(t, func() bool {
			it = outboxItem(t, e, "alice@example.org")
			now := e.clock.Now()
			return it.Attempts > before && (it.State != store.OutboxPending || !it.LeaseUntil.After(now) && it.Due.After(now))
		}) {
			t.Fatalf("no attempt %d %s: %+v", before+1, why, it)
		}
		if it.Attempts != before+1 || it.State != store.OutboxPending {
			t.Fatalf("%s: %d attempts after %d, want one more; the mail is %s", why, it.Attempts, before, it.State)
		}
		return it
	}
	// again moves the clock past the pause after the last attempt (at
	// most an hour before the seventh) and waits for the next attempt.
	again := func(why string) {
		t.Helper()
		before := outboxAttempts(t, e, "alice@example.org")
		e.clock.Advance(time.Hour)
		e.srv.mail.poke()
		givenBack(before, why)
	}
	a, b := e.user(), e.user()
	a.must(200, "PUT", "/me", map[string]any{"email": "alice@example.org"})
	// Tried, and tried again only once its pause is over, while the
	// relay is down.
	givenBack(0, "while the relay is down")
	again("while the relay is down")
	again("while the relay is down")
	// A relay that takes the connection and says nothing: the exchange
	// times out, and the mail is tried again.
	silent := silentRelay(t)
	relay.set(mail.NewSMTP(mail.Config{Host: "127.0.0.1", Port: silent, TLS: "none", From: "games@chancery.test", Timeout: 200 * time.Millisecond}))
	again("after a timeout")
	again("after a timeout")
	relay.set(mail.NewSMTP(up))
	e.clock.Advance(time.Hour)
	e.srv.mail.poke()
	waitMail(t, sink, "alice@example.org", "Confirm")
	// Refused for good: settled failed, not tried again.
	b.must(200, "PUT", "/me", map[string]any{"email": "bounce@example.org"})
	if !eventually(t, func() bool { return outboxState(t, e, "bounce@example.org") == store.OutboxFailed }) {
		t.Fatal("the refused mail is not settled failed")
	}
	if got := outboxAttempts(t, e, "bounce@example.org"); got != 1 {
		t.Errorf("the refused mail was tried %d times", got)
	}
}

// switchable is a relay that a test changes.
type switchable struct {
	mu sync.Mutex
	to mail.Sender
}

func (s *switchable) set(to mail.Sender) {
	s.mu.Lock()
	s.to = to
	s.mu.Unlock()
}

func (s *switchable) Send(ctx context.Context, m *mail.Message) error {
	s.mu.Lock()
	to := s.to
	s.mu.Unlock()
	return to.Send(ctx, m)
}

// outboxItem returns the mail queued to address.
func outboxItem(t *testing.T, e *env, address string) *store.OutboxItem {
	t.Helper()
	var found *store.OutboxItem
	if err := e.st.View(context.Background(), func(tx store.Tx) error {
		items, err := tx.OutboxItems(channelEmail, 1000)
		for _, it := range items {
			if it.Recipient == address {
				found = it
			}
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if found == nil {
		t.Fatalf("no mail to %s in the outbox", address)
	}
	return found
}

func outboxAttempts(t *testing.T, e *env, address string) int {
	return outboxItem(t, e, address).Attempts
}
func outboxState(t *testing.T, e *env, address string) string { return outboxItem(t, e, address).State }

// silentRelay listens on a loopback port, takes every connection and
// never answers, until the test ends.
func silentRelay(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var conns []net.Conn
	var mu sync.Mutex
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		mu.Lock()
		for _, c := range conns {
			c.Close()
		}
		mu.Unlock()
	})
	return ln.Addr().(*net.TCPAddr).Port
}

// TestNoMail: a server without a relay keeps an address unverified,
// queues nothing, and answers a password reset as any server does.
func TestNoMail(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	a := e.user()
	me := a.must(200, "PUT", "/me", map[string]any{"email": "alice@example.org"}).m(t)
	if me["mail"] != false || me["verified"] != false || me["email"] != "alice@example.org" {
		t.Errorf("PUT /me: %v", me)
	}
	(&client{e: e}).must(202, "POST", "/password-resets", map[string]any{"email": "alice@example.org"})
	id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 3600, "bots": true, "power": "England"})
	a.must(200, "POST", "/games/"+id+"/start", nil)
	if err := e.st.View(context.Background(), func(tx store.Tx) error {
		items, err := tx.OutboxItems(channelEmail, 10)
		if len(items) != 0 {
			t.Errorf("%d mails queued without a relay", len(items))
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
}
