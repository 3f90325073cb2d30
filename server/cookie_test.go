package server

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"testing"
	"time"
)

// browser is a user of the API the way a web page is: cookies kept in a
// jar, no Authorization header, the CSRF value read from its cookie.
type browser struct {
	e   *env
	jar *cookiejar.Jar
	hc  *http.Client
	// csrf, when not nil, overrides the X-CSRF-Token sent: "" sends none.
	csrf *string
}

func (e *env) browser() *browser {
	e.t.Helper()
	jar, err := cookiejar.New(nil)
	if err != nil {
		e.t.Fatal(err)
	}
	// The tests' client checks every exchange against the document.
	return &browser{e: e, jar: jar, hc: &http.Client{Transport: e.http().Transport, Jar: jar}}
}

// cookie returns the value of the jar's cookie name for the API, or "".
func (b *browser) cookie(name string) string {
	u, _ := url.Parse(b.e.URL)
	for _, c := range b.jar.Cookies(u) {
		if c.Name == name {
			return c.Value
		}
	}
	return ""
}

// send makes a request as a page's script does: the CSRF cookie's value
// in X-CSRF-Token on every request (unless b.csrf says otherwise).
func (b *browser) send(method, path string, body any, header http.Header) (response, http.Header) {
	b.e.t.Helper()
	var rd io.Reader
	if body != nil {
		data, _ := json.Marshal(body)
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, b.e.URL+path, rd)
	if err != nil {
		b.e.t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	csrf := b.cookie(csrfCookieName)
	if b.csrf != nil {
		csrf = *b.csrf
	}
	if csrf != "" {
		req.Header.Set(csrfHeader, csrf)
	}
	for k, v := range header {
		req.Header[k] = v
	}
	resp, err := b.hc.Do(req)
	if err != nil {
		b.e.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return response{Status: resp.StatusCode, Body: data}, resp.Header
}

func (b *browser) must(want int, method, path string, body any) response {
	b.e.t.Helper()
	r, _ := b.send(method, path, body, nil)
	if r.Status != want {
		b.e.t.Fatalf("%s %s: status %d, want %d: %s", method, path, r.Status, want, r.Body)
	}
	return r
}

// setCookies returns the response's Set-Cookie lines by cookie name.
func setCookies(h http.Header) map[string]*http.Cookie {
	out := map[string]*http.Cookie{}
	for _, c := range (&http.Response{Header: h}).Cookies() {
		out[c.Name] = c
	}
	return out
}

func ptr[T any](v T) *T { return &v }

// TestBrowserSessionsByCookie: a page signs up and in by cookie, and every
// request that changes something needs the CSRF header; bearer clients
// go on as before.
func TestBrowserSessionsByCookie(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		b := e.browser()
		b.must(401, "GET", "/me", nil) // nobody signed in yet
		r, h := b.send("POST", "/users", map[string]any{"name": "Colette", "password": "long enough", "session": true}, nil)
		if r.Status != 201 {
			t.Fatalf("sign up: %d %s", r.Status, r.Body)
		}
		var signed struct{ ID, Token, CSRF string }
		r.json(t, &signed)
		cs := setCookies(h)
		sc, cc := cs[sessionCookieName], cs[csrfCookieName]
		if sc == nil || cc == nil {
			t.Fatalf("sign up with session set %v", h["Set-Cookie"])
		}
		if sc.Value != signed.Token || !sc.HttpOnly || sc.SameSite != http.SameSiteLaxMode || sc.Path != "/" ||
			sc.MaxAge != int((30*24*time.Hour).Seconds()) || sc.Secure {
			t.Errorf("session cookie: %s", sc)
		}
		if cc.Value != signed.CSRF || cc.HttpOnly || cc.SameSite != http.SameSiteStrictMode || cc.Path != "/" || cc.MaxAge != sc.MaxAge {
			t.Errorf("csrf cookie: %s", cc)
		}
		me := b.must(200, "GET", "/me", nil).m(t)
		if me["name"] != "Colette" || me["csrf"] != signed.CSRF {
			t.Fatalf("me by cookie: %v", me)
		}

		// Without the header, or with a wrong one: 403, nothing changes.
		game := map[string]any{"variant": "standard", "phase_deadline_seconds": 600, "bots": true, "power": "France"}
		for _, csrf := range []string{"", "wrong", signed.CSRF + "x", strings.Repeat("A", len(signed.CSRF))} {
			b.csrf = ptr(csrf)
			r := b.must(403, "POST", "/games", game)
			if !strings.Contains(string(r.Body), csrfHeader) {
				t.Errorf("the refusal does not say why: %s", r.Body)
			}
			b.must(403, "DELETE", "/sessions/current", nil)
		}
		b.csrf = nil
		if list := b.must(200, "GET", "/games?mine=true", nil); string(bytes.TrimSpace(list.Body)) != "[]" {
			t.Fatalf("a refused request created a game: %s", list.Body)
		}
		b.must(200, "GET", "/me", nil) // and signed nobody out

		// With it: the request goes through.
		var created struct{ ID string }
		b.must(201, "POST", "/games", game).json(t, &created)
		b.must(200, "POST", "/games/"+created.ID+"/start", nil)

		// A bearer client needs no CSRF header, and an Authorization
		// header is judged alone, whatever cookie comes with it.
		bearer := &client{e: e, token: signed.Token}
		bearer.must(200, "PUT", "/games/"+created.ID+"/orders", map[string]any{"orders": []string{"A PAR H"}})
		if me := bearer.must(200, "GET", "/me", nil).m(t); me["csrf"] != nil {
			t.Errorf("a bearer request got the CSRF value: %v", me)
		}
		r, _ = b.send("GET", "/me", nil, http.Header{"Authorization": {"Bearer not-a-token-but-long-enough"}})
		if r.Status != 401 {
			t.Errorf("a bad bearer token with a good cookie: %d", r.Status)
		}

		// Another session of the same user has another CSRF value.
		other := e.browser()
		var again struct{ CSRF string }
		other.must(201, "POST", "/sessions", map[string]string{"name": "colette", "password": "long enough"}).json(t, &again)
		if again.CSRF == "" || again.CSRF == signed.CSRF {
			t.Fatalf("two sessions, CSRF values %q and %q", signed.CSRF, again.CSRF)
		}
		other.csrf = ptr(signed.CSRF)
		other.must(403, "PUT", "/games/"+created.ID+"/orders", map[string]any{"orders": []string{}})
		other.csrf = nil
		other.must(200, "PUT", "/games/"+created.ID+"/orders", map[string]any{"orders": []string{}})

		// Sign-out clears both cookies, and the cookie stops working.
		stale := b.cookie(sessionCookieName)
		r, h = b.send("DELETE", "/sessions/current", nil, nil)
		if r.Status != 204 {
			t.Fatalf("sign out: %d %s", r.Status, r.Body)
		}
		cs = setCookies(h)
		if cs[sessionCookieName] == nil || cs[sessionCookieName].MaxAge >= 0 || cs[csrfCookieName] == nil || cs[csrfCookieName].MaxAge >= 0 {
			t.Errorf("sign out did not clear the cookies: %v", h["Set-Cookie"])
		}
		if b.cookie(sessionCookieName) != "" || b.cookie(csrfCookieName) != "" {
			t.Error("the browser still holds a session cookie")
		}
		b.must(401, "GET", "/me", nil)
		// A page that kept the old cookie is refused, and told to forget it.
		r, h = b.send("GET", "/me", nil, http.Header{"Cookie": {sessionCookieName + "=" + stale}})
		if r.Status != 401 || setCookies(h)[sessionCookieName] == nil {
			t.Errorf("a revoked cookie: %d, Set-Cookie %v", r.Status, h["Set-Cookie"])
		}
		bearer.must(401, "GET", "/me", nil) // the same session
		other.must(200, "GET", "/me", nil)  // another one lives on
	})
}

// TestSessionCookiesAreSecureBehindTLS: cookies say Secure when the
// request came over TLS, here through a proxy that says so.
func TestSessionCookiesAreSecureBehindTLS(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	(&client{e: e}).must(201, "POST", "/users", map[string]string{"name": "Dora", "password": "long enough"})
	b := e.browser()
	r, h := b.send("POST", "/sessions", map[string]string{"name": "Dora", "password": "long enough"},
		http.Header{"X-Forwarded-Proto": {"https"}})
	if r.Status != 201 {
		t.Fatalf("sign in: %d %s", r.Status, r.Body)
	}
	for name, c := range setCookies(h) {
		if !c.Secure {
			t.Errorf("cookie %s is not Secure: %s", name, c)
		}
	}
}

// TestEventStreamByCookie: EventSource sends cookies, not headers: the
// stream works by the session cookie and ends on sign-out.
func TestEventStreamByCookie(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		b := e.browser()
		b.must(201, "POST", "/users", map[string]any{"name": "Eve", "password": "long enough", "session": true})
		var g struct{ ID string }
		b.must(201, "POST", "/games", map[string]any{"variant": "standard", "phase_deadline_seconds": 600, "bots": true, "power": "Italy"}).json(t, &g)
		ctx, cancel := context.WithDeadline(context.Background(), patience(t))
		defer cancel()
		req, _ := http.NewRequestWithContext(ctx, "GET", e.URL+"/games/"+g.ID+"/events", nil)
		resp, err := b.hc.Do(req) // the cookie only, as EventSource sends it
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != 200 {
			resp.Body.Close()
			t.Fatalf("events by cookie: %d", resp.StatusCode)
		}
		events := readEvents(resp.Body)
		next(t, events, "game")
		b.must(200, "POST", "/games/"+g.ID+"/start", nil)
		next(t, events, "game")
		b.must(204, "DELETE", "/sessions/current", nil)
		endsBlind(t, events, "never sent")
		b.must(401, "GET", "/games/"+g.ID+"/events", nil)
	})
}

// TestSignInFromAnotherSiteIsRefused: a page on another site cannot sign
// a browser in (login CSRF), though programs and the site's own page can.
func TestSignInFromAnotherSiteIsRefused(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	creds := map[string]any{"name": "Flora", "password": "long enough", "session": true}
	b := e.browser()
	for _, h := range []http.Header{
		{"Sec-Fetch-Site": {"cross-site"}},
		{"Origin": {"https://evil.example"}},
	} {
		if r, hdr := b.send("POST", "/users", creds, h); r.Status != 403 || len(hdr["Set-Cookie"]) > 0 {
			t.Errorf("sign up with %v: %d, Set-Cookie %v", h, r.Status, hdr["Set-Cookie"])
		}
	}
	u, _ := url.Parse(e.URL)
	if r, _ := b.send("POST", "/users", creds, http.Header{"Sec-Fetch-Site": {"same-origin"}, "Origin": {"http://" + u.Host}}); r.Status != 201 {
		t.Fatalf("sign up from the site's own page: %d %s", r.Status, r.Body)
	}
	creds = map[string]any{"name": "Flora", "password": "long enough"}
	if r, _ := b.send("POST", "/sessions", creds, http.Header{"Sec-Fetch-Site": {"cross-site"}}); r.Status != 403 {
		t.Errorf("sign in from another site: %d", r.Status)
	}
	(&client{e: e}).must(201, "POST", "/sessions", creds) // a program
}
