package server

import (
	"net"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chancery/chancery/internal/smtptest"
	"github.com/chancery/chancery/mail"
)

// mailEnv is a server over backend whose mail goes to an SMTP server
// started in the test.
func mailEnv(t *testing.T, backend string, tune func(*Config)) (*env, *smtptest.Server) {
	t.Helper()
	sink := smtptest.Start(t)
	c, err := mail.ParseURL(sink.URL(), "Chancery <games@chancery.test>")
	if err != nil {
		t.Fatal(err)
	}
	c.Timeout = 10 * time.Second
	e := newEnvWith(t, backend, func(cfg *Config) {
		cfg.Mail = mail.NewSMTP(c)
		cfg.PublicURL = "https://chancery.test"
		cfg.MailRetry = 100 * time.Millisecond
		if tune != nil {
			tune(cfg)
		}
	})
	return e, sink
}

// mailWait is how long a test waits for a mail: the patience of the
// test, which a slow machine makes long.
func mailWait(t *testing.T) time.Duration { return time.Until(patience(t)) }

// mailsTo returns the mails received for address, in order.
func mailsTo(sink *smtptest.Server, address string) []*smtptest.Message {
	var out []*smtptest.Message
	for _, m := range sink.Messages() {
		for _, to := range m.To {
			if to == address {
				out = append(out, m)
			}
		}
	}
	return out
}

// waitMail waits for the n'th mail to address whose subject holds
// subject, and returns it.
func waitMail(t *testing.T, sink *smtptest.Server, address, subject string) *smtptest.Message {
	t.Helper()
	var found *smtptest.Message
	if !eventually(t, func() bool {
		for _, m := range mailsTo(sink, address) {
			if strings.Contains(m.Subject, subject) {
				found = m
				return true
			}
		}
		return false
	}) {
		var subjects []string
		for _, m := range mailsTo(sink, address) {
			subjects = append(subjects, m.Subject)
		}
		t.Fatalf("no mail to %s about %q; received: %q", address, subject, subjects)
	}
	return found
}

var linkToken = regexp.MustCompile(`https://chancery\.test/(verify|reset)/([A-Za-z0-9_-]+)`)

// tokenOf returns the token of a mail's link of kind (verify, reset).
func tokenOf(t *testing.T, m *smtptest.Message, kind string) string {
	t.Helper()
	for _, found := range linkToken.FindAllStringSubmatch(m.Text, -1) {
		if found[1] == kind {
			return found[2]
		}
	}
	t.Fatalf("no %s link in %q", kind, m.Text)
	return ""
}

// verify gives c the address and follows the link of its verification
// mail.
func verify(t *testing.T, c *client, sink *smtptest.Server, address string) {
	t.Helper()
	me := c.must(200, "PUT", "/me", map[string]any{"email": address}).m(t)
	if me["email"] != address || me["verified"] != false {
		t.Fatalf("PUT /me: %v", me)
	}
	m := waitMail(t, sink, address, "")
	c.must(200, "POST", "/email-verifications/"+tokenOf(t, m, "verify"), nil)
	if me := c.must(200, "GET", "/me", nil).m(t); me["verified"] != true {
		t.Fatalf("after verification: %v", me)
	}
}

// checkNotification checks what every notification has: both parts, the
// language, the one-click unsubscription and the link to the settings.
func checkNotification(t *testing.T, m *smtptest.Message, lang string) {
	t.Helper()
	if m.ContentType != "multipart/alternative" || m.Text == "" || !strings.Contains(m.HTML, "<html") {
		t.Errorf("%q: not a text and HTML mail: %s, text %d bytes, html %q", m.Subject, m.ContentType, len(m.Text), m.HTML)
	}
	if got := m.Header.Get("Content-Language"); got != lang {
		t.Errorf("%q: Content-Language %q, want %q", m.Subject, got, lang)
	}
	if u := m.Header.Get("List-Unsubscribe"); !strings.HasPrefix(u, "<https://chancery.test/api/v1/unsubscribe/") {
		t.Errorf("%q: List-Unsubscribe %q", m.Subject, u)
	}
	if p := m.Header.Get("List-Unsubscribe-Post"); p != "List-Unsubscribe=One-Click" {
		t.Errorf("%q: List-Unsubscribe-Post %q", m.Subject, p)
	}
	if !strings.Contains(m.Text, "https://chancery.test/settings") || !strings.Contains(m.HTML, `href="https://chancery.test/settings"`) {
		t.Errorf("%q: no link to the settings", m.Subject)
	}
}

// oneClick posts a one-click unsubscription as a mail reader does (RFC
// 8058) and returns the status.
func oneClick(t *testing.T, e *env, token string) int {
	t.Helper()
	req, err := http.NewRequest("POST", e.URL+"/unsubscribe/"+token, strings.NewReader("List-Unsubscribe=One-Click"))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := e.http().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// TestMailGame plays a game of one-minute phases, the clock moved by the
// test, in which a player with a verified address, who reads French,
// receives the game's start with the orders due, the reminder, the phase
// played with the results for England, one digest of the press sent to
// England, a call to vote on the draw France proposes, and the game's
// end: and nothing of France's orders or of
// press England did not receive.
func TestMailGame(t *testing.T) {
	t.Parallel()
	for _, backend := range backends(t) {
		t.Run(backend, func(t *testing.T) {
			e, sink := mailEnv(t, backend, nil)
			a, b := e.user(), e.user()
			a.must(200, "PUT", "/me/notifications", map[string]any{"language": "fr", "press_minutes": 1})
			verify(t, a, sink, "alice@example.org")
			id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 60, "bots": true, "power": "England"})
			b.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "France"})
			a.must(200, "POST", "/games/"+id+"/start", nil)

			start := waitMail(t, sink, "alice@example.org", "a commencé")
			checkNotification(t, start, "fr")
			if !strings.Contains(start.Text, "Vos ordres (ou votre réponse) sont attendus avant") ||
				!strings.Contains(start.Text, "https://chancery.test/games/"+id) {
				t.Errorf("the start says nothing of the orders due, or links no game:\n%s", start.Text)
			}

			// England orders its moves, not ready; France orders and writes,
			// and England is told nothing of it.
			a.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{"F Lon - Nth", "A Lvp - Yor", "F Edi - Nwg"}})
			// France orders; England is told nothing of it.
			b.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{"A Par - Bur", "A Mar S A Par - Bur", "F Bre - Mao"}})
			// A message England reads on the site is not mailed; one it
			// does not read is.
			b.must(201, "POST", "/games/"+id+"/messages", map[string]any{"to": []string{"England"}, "body": "Read on the site already"})
			if got := a.must(200, "GET", "/games/"+id+"/messages", nil).Body; !strings.Contains(string(got), "Read on the site already") {
				t.Fatalf("England's press: %s", got)
			}
			b.must(201, "POST", "/games/"+id+"/messages", map[string]any{"to": []string{"England"}, "body": "Shall we share the Channel?"})
			b.must(201, "POST", "/games/"+id+"/messages", map[string]any{"to": []string{"Germany"}, "body": "Secret for Berlin only"})

			// Halfway through the phase, the reminder: England is not ready.
			e.clock.Advance(31 * time.Second)
			rem := waitMail(t, sink, "alice@example.org", "ordres attendus bientôt")
			checkNotification(t, rem, "fr")

			// The phase is played at its deadline.
			e.clock.Advance(30 * time.Second)
			a.waitSeq(id, 1)
			played := waitMail(t, sink, "alice@example.org", "phase Printemps 1901 (mouvements) jouée")
			checkNotification(t, played, "fr")
			if !strings.Contains(played.Text, "England tient 3 centres.") || !strings.Contains(played.Text, "Mouvements réussis\u202f:") ||
				!strings.Contains(strings.ToLower(played.Text), "lvp - yor") || !strings.Contains(strings.ToLower(played.HTML), "lvp - yor") {
				t.Errorf("the phase played gives no results for England:\n%s", played.Text)
			}

			// The press digest, a minute after the message.
			e.clock.Advance(31 * time.Second)
			digest := waitMail(t, sink, "alice@example.org", "nouveaux messages")
			checkNotification(t, digest, "fr")
			if !strings.Contains(digest.Text, "France: Shall we share the Channel?") {
				t.Errorf("the digest lacks France's message:\n%s", digest.Text)
			}

			// France proposes a draw: England is asked for its vote, once;
			// England's vote ends the game.
			b.must(200, "PUT", "/games/"+id+"/votes", map[string]any{"draw": true})
			b.must(200, "PUT", "/games/"+id+"/votes", map[string]any{"draw": true})
			checkNotification(t, waitMail(t, sink, "alice@example.org", "un match nul est proposé"), "fr")
			a.must(200, "PUT", "/games/"+id+"/votes", map[string]any{"draw": true})
			over := waitMail(t, sink, "alice@example.org", "est terminée")
			checkNotification(t, over, "fr")

			digests, votes := 0, 0
			for _, m := range mailsTo(sink, "alice@example.org") {
				if strings.Contains(m.Subject, "nouveaux messages") {
					digests++
				}
				if strings.Contains(m.Subject, "match nul") {
					votes++
				}
				for _, secret := range []string{"Secret for Berlin", "Read on the site", "Par - Bur", "PAR - BUR", "Bre - Mao", "BRE - MAO"} {
					if strings.Contains(string(m.Raw), secret) || strings.Contains(m.Text+m.HTML, secret) {
						t.Errorf("%q tells England %q", m.Subject, secret)
					}
				}
			}
			if digests != 1 || votes != 1 {
				t.Errorf("%d press digests and %d calls to vote, want 1 of each", digests, votes)
			}
			// France gave no address: nothing went to anyone else.
			for _, m := range sink.Messages() {
				if len(m.To) != 1 || m.To[0] != "alice@example.org" {
					t.Errorf("a mail to %v: %q", m.To, m.Subject)
				}
			}

			// The one-click unsubscription turns every notification off;
			// a forged one is refused.
			u, err := url.Parse(strings.Trim(over.Header.Get("List-Unsubscribe"), "<>"))
			if err != nil {
				t.Fatal(err)
			}
			token := strings.TrimPrefix(u.Path, "/api/v1/unsubscribe/")
			forged := token[:len(token)-1] + map[bool]string{true: "A", false: "B"}[!strings.HasSuffix(token, "A")]
			if got := oneClick(t, e, forged); got != 404 {
				t.Errorf("a forged unsubscription: %d, want 404", got)
			}
			if got := oneClick(t, e, token); got != 200 {
				t.Errorf("the unsubscription: %d, want 200", got)
			}
			n := a.must(200, "GET", "/me/notifications", nil).m(t)
			for _, k := range []string{"orders_due", "reminder", "phase_played", "press", "game_events"} {
				if n[k] != false {
					t.Errorf("after unsubscribing, %s is %v", k, n[k])
				}
			}
		})
	}
}

// smtptestStart starts a test SMTP server.
func smtptestStart(t *testing.T) *smtptest.Server { return smtptest.Start(t) }

// closedPort returns a loopback port on which nothing listens.
func closedPort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	return port
}

// TestMailDiceplomacy: a Diceplomacy player is told the game started and
// that a decision is theirs, and nothing else: the mail holds the
// game's name, the deadline and links, never a die.
func TestMailDiceplomacy(t *testing.T) {
	t.Parallel()
	e, sink := mailEnv(t, "sqlite", nil)
	a := e.user()
	verify(t, a, sink, "dice@example.org")
	id := a.newGame(map[string]any{"variant": "diceplomacy", "name": "Dice night", "players": 4, "phase_deadline_seconds": 60, "bots": true, "power": "Seat 0"})
	a.must(200, "POST", "/games/"+id+"/start", nil)
	m := waitMail(t, sink, "dice@example.org", "Dice night has started")
	checkNotification(t, m, "en")
	var g struct {
		Deadline time.Time `json:"deadline"`
	}
	a.must(200, "GET", "/games/"+id, nil).json(t, &g)
	want := "The game Dice night has started.\n\n"
	if strings.Contains(m.Text, "due by") {
		want += "Your orders (or your answer) are due by " + mailTime(g.Deadline) + ".\n\n"
	}
	want += "Open the game: https://chancery.test/games/" + id + "\n\n"
	if got, _, _ := strings.Cut(strings.ReplaceAll(m.Text, "\r\n", "\n"), "-- \n"); got != want {
		t.Errorf("the mail says more than the game's start:\n%q\nwant\n%q", got, want)
	}
}
