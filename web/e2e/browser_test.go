// Package e2e drives the web client in Debian's Chromium against the real
// server, by clicks and keys as a player would.
package e2e

import (
	"cmp"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/chancery/chancery/codec"
	"github.com/chancery/chancery/engine"
	"github.com/chancery/chancery/game"
	"github.com/chancery/chancery/server"
	"github.com/chancery/chancery/store"
	"github.com/chancery/chancery/variants"
)

// fullChromium is Debian's Chromium (apt-get install chromium), the
// whole browser run headless: what the tests that need more than a page
// run in (the push service's API and the notifications of
// TestPushInTheBrowser, the back-forward cache of a player's browser).
const fullChromium = "/usr/bin/chromium"

// headlessShell is Debian's chromium-headless-shell (apt-get install
// chromium-headless-shell): the same Blink, V8 and network stack without
// the browser's own user interface, which the full Chromium runs for
// every tab even headless (its browser process spent two and a half
// times the shell's CPU on the same tests). The other tests run in it
// when it is installed, and in the full Chromium when not.
const headlessShell = "/usr/lib/chromium/chromium-headless-shell"

// pagesBrowser is the Chromium the tests of pages run in: the headless
// shell if installed, else the full Chromium; "" if neither is.
var pagesBrowser = sync.OnceValue(func() string {
	for _, path := range []string{headlessShell, fullChromium} {
		if exists(path) {
			return path
		}
	}
	return ""
})

// needChromium skips the test unless path is installed (and in -short).
func needChromium(t *testing.T, path string) {
	t.Helper()
	if path == "" || !exists(path) {
		t.Skipf("no Chromium at %s (apt-get install chromium chromium-headless-shell): the browser tests need it", cmp.Or(path, fullChromium))
	}
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// site is a real server on loopback over a fresh SQLite database, and the
// package's Chromium, whose browser contexts (each with its own cookies,
// storage and connections) are the people using it.
type site struct {
	t    *testing.T
	URL  string
	root context.Context
	// store is the server's database: setPosition writes to it.
	store store.Store
	// conns counts the TCP connections open to the server, and streams
	// the live-update streams among them.
	conns, streams *atomic.Int64
}

// chrome is the package's one Chromium, started by the first test that
// needs it and shared by all (each person has a browser context of their
// own, as separate as separate browsers); TestMain closes it.
type chrome struct {
	once   sync.Once
	root   context.Context
	err    error
	cancel func()
}

var theChrome chrome

// disabledFeatures are the features of Chromium the tests turn off:
// chromedp's choice, and the browser's own omnibox popup, which a
// headless window would otherwise preload in two renderers of its own
// per person (a third of the renderers' work).
const disabledFeatures = "site-per-process,Translate,BlinkGenPropertyTrees,WebUIOmniboxPopup,WebUIOmniboxAimPopup"

// noBackForwardCache turns the back-forward cache off: a page left for
// another would keep its event stream open in the cache, and six such
// take every connection Chromium allows to one host.
var noBackForwardCache = chromedp.Flag("disable-features", disabledFeatures+",BackForwardCache")

// chromeOptions are the flags every Chromium of the tests starts with,
// the program at path: headless, and nothing that reaches beyond the
// machine.
func chromeOptions(path string) []chromedp.ExecAllocatorOption {
	return append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.Flag("disable-features", disabledFeatures),
		chromedp.ExecPath(path),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("no-first-run", true),
		chromedp.WindowSize(1400, 1000),
	)
}

// browser returns the root context of the package's Chromium (the
// headless shell if installed: pagesBrowser), starting it on the first
// call.
func browser() (context.Context, error) {
	c := &theChrome
	c.once.Do(func() {
		opts := append(chromeOptions(pagesBrowser()), noBackForwardCache)
		alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		root, cancelRoot := chromedp.NewContext(alloc)
		c.root, c.cancel = root, func() { cancelRoot(); cancelAlloc() }
		if err := chromedp.Do(root); err != nil {
			c.err = fmt.Errorf("starting Chromium: %w", err)
		}
	})
	return c.root, c.err
}

// TestMain runs more of the tests at once than go test's default of one
// per CPU, unless -parallel says how many (they mostly wait for pages,
// bots and deadlines), and closes the package's Chromium after them.
func TestMain(m *testing.M) {
	flag.Parse()
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.parallel" })
	if !set {
		_ = flag.Set("test.parallel", strconv.Itoa(2*runtime.GOMAXPROCS(0)))
	}
	code := m.Run()
	if theChrome.cancel != nil {
		theChrome.cancel()
	}
	os.Exit(code)
}

// stepPatience bounds how long one step of a test waits for the page or
// the server. A step takes well under a second on a quiet machine and a
// few seconds on one shared by dozens of processes; three minutes is far
// beyond any slowness, so that a step that waits for what never comes
// fails in minutes, not at go test's timeout, and with its own message
// and screenshot.
const stepPatience = 3 * time.Minute

// patience is the deadline of a step of a test that waits for the page or
// the server: stepPatience from now, or shortly before the test binary's
// own timeout (go test -timeout) if that comes sooner.
func patience(t *testing.T) time.Time {
	end := time.Now().Add(stepPatience)
	if last, ok := t.Deadline(); ok {
		if soon := last.Add(-time.Until(last) / 10); soon.Before(end) {
			end = soon
		}
	}
	return end
}

func newSite(t *testing.T) *site { return newSiteWith(t, nil) }

// newSiteInFullChromium is newSite with a Chromium of the test's own, the
// whole browser (fullChromium), for a test of what only it has.
func newSiteInFullChromium(t *testing.T) *site {
	t.Helper()
	needChromium(t, fullChromium)
	return newSiteIn(t, nil, nil, func() context.Context { return ownBrowser(t, false) })
}

func newSiteWith(t *testing.T, wrap func(http.Handler) http.Handler) *site {
	t.Helper()
	return newSiteCaching(t, wrap, false)
}

// newSiteCaching is newSiteWith, with Chromium's back-forward cache on if
// bfcache is set (as in a player's browser): a page left for another may
// then stay alive in it.
func newSiteCaching(t *testing.T, wrap func(http.Handler) http.Handler, bfcache bool) *site {
	t.Helper()
	return newSiteTuned(t, wrap, bfcache, nil)
}

// newSiteTuned is newSiteCaching with tune, when not nil, changing the
// server's configuration.
func newSiteTuned(t *testing.T, wrap func(http.Handler) http.Handler, bfcache bool, tune func(*server.Config)) *site {
	t.Helper()
	if bfcache {
		// A browser of its own, whose pages may stay alive when left.
		needChromium(t, fullChromium)
		return newSiteIn(t, wrap, tune, func() context.Context { return ownBrowser(t, true) })
	}
	needChromium(t, pagesBrowser())
	return newSiteIn(t, wrap, tune, func() context.Context {
		root, err := browser()
		if err != nil {
			t.Fatal(err)
		}
		return root
	})
}

// newSiteIn is newSiteTuned with the browser that root starts or
// returns.
func newSiteIn(t *testing.T, wrap func(http.Handler) http.Handler, tune func(*server.Config), root func() context.Context) *site {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, emptyDB(t))
	if err != nil {
		t.Fatal(err)
	}
	// The proof of work asked of a locked name's sign-in is a
	// thousandth of the default's (a second's hashing in a player's
	// browser, a core's tens of seconds on a loaded machine): the page
	// still does it. Every live-update stream reads the database once a
	// Poll (SQLite announces no change made outside the server, such as
	// setPosition's): a fifth of a second is soon enough for those, and
	// with dozens of pages open at once a shorter one costs the server
	// seconds of CPU for nothing.
	cfg := server.Config{Store: st, Variants: variants.MustLoad(), Poll: 200 * time.Millisecond,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), MinPhase: time.Second, InsecurePasswordHashing: true,
		LoginWorkBits: 10}
	if tune != nil {
		tune(&cfg)
	}
	srv, err := server.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	h := srv.Handler()
	if wrap != nil {
		h = wrap(h)
	}
	streams := new(atomic.Int64)
	h = countStreams(h, streams)
	hs := httptest.NewUnstartedServer(h)
	conns := new(atomic.Int64)
	hs.Config.ConnState = func(_ net.Conn, state http.ConnState) {
		switch state {
		case http.StateNew:
			conns.Add(1)
		case http.StateClosed, http.StateHijacked:
			conns.Add(-1)
		}
	}
	hs.Start()
	t.Cleanup(func() {
		hs.Close()
		srv.Close()
		_ = st.Close()
	})
	return &site{t: t, URL: hs.URL, root: root(), store: st, conns: conns, streams: streams}
}

// ownBrowser starts a full Chromium for one test, closed when the test
// ends, with the back-forward cache on (as in a player's browser) if
// bfcache is set.
func ownBrowser(t *testing.T, bfcache bool) context.Context {
	t.Helper()
	opts := chromeOptions(fullChromium)
	if !bfcache {
		opts = append(opts, noBackForwardCache)
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	root, cancelRoot := chromedp.NewContext(alloc)
	if err := chromedp.Do(root); err != nil {
		cancelRoot()
		cancelAlloc()
		t.Fatalf("starting Chromium: %v", err)
	}
	t.Cleanup(func() {
		cancelRoot()
		cancelAlloc()
	})
	return root
}

// countStreams counts in n the live-update streams that next serves.
func countStreams(next http.Handler, n *atomic.Int64) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/events") {
			n.Add(1)
			defer n.Add(-1)
		}
		next.ServeHTTP(w, r)
	})
}

// setPosition rewrites the position of game id's current phase, as edit
// changes it (in the adjudication contract's form, by name). The bots play
// from each game's secret, so no test can count on a retreat or an
// adjustment arising by play: a test that needs one sets it up so, as a
// judge would be given a position, and then plays it in the browser like
// any other phase. The server reads the game afresh on its next request;
// its live updates announce the change to the pages following the game.
func (s *site) setPosition(id string, edit func(p *codec.Position)) {
	s.t.Helper()
	err := s.store.Update(context.Background(), func(tx store.Tx) error {
		row, err := tx.Game(id, true)
		if err != nil {
			return err
		}
		g, e, err := game.Decode(engine.NewEngines(variants.MustLoad()), row.Data)
		if err != nil {
			return err
		}
		p := e.Codec.EncodePosition(g.Position)
		edit(&p)
		if g.Position, err = e.Codec.DecodePosition(&p); err != nil {
			return err
		}
		if row.Data, err = json.Marshal(g); err != nil {
			return err
		}
		return tx.SaveGame(row)
	})
	if err != nil {
		s.t.Fatalf("setting the position of game %s: %v", id, err)
	}
}

// moveUnit moves power's unit at from to to in a position being set up.
func moveUnit(t *testing.T, p *codec.Position, power, from, to string) {
	t.Helper()
	for i, u := range p.Units {
		if u.Power == power && u.Province == from {
			p.Units[i].Province = to
			return
		}
	}
	t.Fatalf("no unit of %s in %s to move to %s", power, from, to)
}

// person is someone at the site in a browser context of their own (their
// own cookies), who notes every API answer that is an error.
type person struct {
	t    *testing.T
	s    *site
	name string
	ctx  context.Context
	// token is a member's bearer token, for api.
	token  string
	mu     sync.Mutex
	errors []string
	// expect lists the error answers the flow expects ("401 /api/v1/me").
	expect map[string]bool
}

func (s *site) person(name string) *person {
	p := s.open(s.root, name, chromedp.WithNewBrowserContext())
	p.do(chromedp.Navigate(s.URL + "/"))
	return p
}

// tab opens another tab in p's browser context (with p's cookies), blank;
// name names it in failures.
func (p *person) tab(name string) *person {
	p.t.Helper()
	return p.s.open(p.ctx, name)
}

// open opens a tab in a browser context (a new one with
// chromedp.WithNewBrowserContext, else parent's).
func (s *site) open(parent context.Context, name string, opts ...chromedp.ContextOption) *person {
	s.t.Helper()
	// GET /me says nobody is signed in on the first visit.
	p := &person{t: s.t, s: s, name: name, expect: map[string]bool{"401 /api/v1/me": true}}
	ctx, cancel := chromedp.NewContext(parent, append(opts, chromedp.WithListener(func(ev any) {
		if r, ok := ev.(*network.EventResponseReceived); ok && r.Response.Status >= 400 && strings.Contains(r.Response.URL, "/api/") {
			path := strings.TrimPrefix(r.Response.URL, s.URL)
			if i := strings.IndexByte(path, '?'); i >= 0 {
				path = path[:i]
			}
			p.mu.Lock()
			p.errors = append(p.errors, fmt.Sprintf("%d %s", r.Response.Status, path))
			p.mu.Unlock()
		}
	}))...)
	s.t.Cleanup(cancel)
	p.ctx = ctx
	// The first run starts the tab, which lives as long as that run's
	// context: it must have no timeout.
	if err := chromedp.Do(ctx); err != nil {
		s.t.Fatalf("opening a tab for %s: %v", name, err)
	}
	// The page's uncaught errors, kept for fail to report.
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
		Source: `window.pageErrors = []; addEventListener("error", (e) => pageErrors.push(e.message)); addEventListener("unhandledrejection", (e) => pageErrors.push(String(e.reason)));`,
	}); err != nil {
		s.t.Fatalf("watching %s's page for errors: %v", name, err)
	}
	s.t.Cleanup(p.checkErrors)
	return p
}

func (p *person) checkErrors() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, e := range p.errors {
		if !p.expect[e] && !p.expectPrefix(e) {
			p.t.Errorf("%s: the server answered %s, which the flow did not expect", p.name, e)
		}
	}
}

func (p *person) expectPrefix(e string) bool {
	for k := range p.expect {
		if strings.HasSuffix(k, "*") && strings.HasPrefix(e, strings.TrimSuffix(k, "*")) {
			return true
		}
	}
	return false
}

// fail saves a screenshot of the page and stops the test.
func (p *person) fail(format string, args ...any) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
	defer cancel()
	if dir, err := shotDir(); err != nil {
		p.t.Logf("no directory for a screenshot: %v", err)
	} else if png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)); err == nil {
		file := filepath.Join(dir, strings.NewReplacer("/", "_", " ", "_").Replace(p.t.Name())+"-"+p.name+".png")
		if os.WriteFile(file, png, 0o644) == nil {
			p.t.Logf("screenshot of %s's page: %s", p.name, file)
		}
	}
	if errs, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`window.pageErrors ?? []`)); err == nil && len(errs) > 0 {
		p.t.Logf("errors in %s's page: %q", p.name, errs)
	}
	p.t.Fatalf("%s: "+format, append([]any{p.name}, args...)...)
}

// shotDir is the directory of this run's failure screenshots, made on
// the first failure: one of its own, so that runs at once (several
// engineers' on one machine) never overwrite each other's.
var shotDir = sync.OnceValues(func() (string, error) { return os.MkdirTemp("", "chancery-e2e-") })

func (p *person) do(steps ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithDeadline(p.ctx, patience(p.t))
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		p.fail("%v", err)
	}
}

func eval[T any](p *person, js string) T {
	p.t.Helper()
	ctx, cancel := context.WithDeadline(p.ctx, patience(p.t))
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		p.fail("evaluating %s: %v", js, err)
	}
	return v
}

// wait waits until the expression is true.
func (p *person) wait(what, js string) {
	p.t.Helper()
	ctx, cancel := context.WithDeadline(p.ctx, patience(p.t))
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(0))); err != nil {
		p.fail("waiting for %s (%s): %v", what, js, err)
	}
}

// click clicks an element with the mouse. A live update may redraw the
// element between finding and clicking it: then it is found again.
func (p *person) click(sel string) {
	p.t.Helper()
	var err error
	for try := 0; try < 5; try++ {
		ctx, cancel := context.WithDeadline(p.ctx, patience(p.t))
		err = chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(sel)), chromedp.Click(chromedp.CSS(sel)))
		cancel()
		if err == nil || !strings.Contains(err.Error(), "node") {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil {
		p.fail("clicking %s: %v", sel, err)
	}
}

func (p *person) text(sel string) string {
	p.t.Helper()
	return eval[string](p, fmt.Sprintf(`(document.querySelector(%q)?.textContent ?? "")`, sel))
}

// clickProvince clicks a province on the board where its unit stands.
func (p *person) clickProvince(id string) {
	p.t.Helper()
	xy := eval[[]float64](p, fmt.Sprintf(`(() => {
		const el = document.querySelector('.board [data-province=%q]');
		const svg = el.ownerSVGElement;
		const [x, y] = el.getAttribute("data-unit").split(" ").map(Number);
		const q = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM());
		return [q.x, q.y];
	})()`, id))
	p.do(chromedp.MouseClickXY(xy[0], xy[1]))
}

func (p *person) signUp(password string) {
	p.t.Helper()
	p.do(
		chromedp.WaitVisible(chromedp.CSS("#auth-name")),
		chromedp.SendKeys(chromedp.CSS("#auth-name"), p.name),
		chromedp.SendKeys(chromedp.CSS("#auth-password"), password),
		chromedp.Click(chromedp.CSS("#sign-up")),
		chromedp.WaitVisible(chromedp.CSS("#create-form")),
	)
}

// member is a person with an account made through the API, not the
// sign-up form (which the tests of signing up use): POST /users with a
// session, whose cookies are set in the person's browser context before
// the tab loads anything. The tab is blank; the person's token is kept
// for api. A page costs the browser half a second of CPU, the form
// another.
func (s *site) member(name, password string) *person {
	s.t.Helper()
	body, err := json.Marshal(map[string]any{"name": name, "password": password, "session": true})
	if err != nil {
		s.t.Fatal(err)
	}
	res, err := http.Post(s.URL+"/api/v1/users", "application/json", strings.NewReader(string(body)))
	if err != nil {
		s.t.Fatalf("signing %s up: %v", name, err)
	}
	defer res.Body.Close()
	var out struct {
		Token string `json:"token"`
	}
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil || res.StatusCode != http.StatusCreated || out.Token == "" {
		s.t.Fatalf("signing %s up: %s, %v", name, res.Status, err)
	}
	p := s.open(s.root, name, chromedp.WithNewBrowserContext())
	p.token = out.Token
	for _, c := range res.Cookies() {
		set := network.SetCookieParams{Name: c.Name, Value: c.Value, URL: s.URL + "/", Path: c.Path,
			HTTPOnly: &c.HttpOnly, Secure: &c.Secure}
		switch c.SameSite {
		case http.SameSiteStrictMode:
			set.SameSite = network.CookieSameSiteStrict
		case http.SameSiteLaxMode:
			set.SameSite = network.CookieSameSiteLax
		}
		if !c.Expires.IsZero() {
			set.Expires = cdp.TimeSinceEpoch(c.Expires.Unix())
		}
		if _, err := chromedp.Call(p.ctx, network.SetCookie, set); err != nil {
			s.t.Fatalf("giving %s the cookie %s: %v", name, c.Name, err)
		}
	}
	return p
}

// api sends a request as p (by p's bearer token, which a member has) and
// decodes the answer into out unless out is nil; any answer but a 2xx
// fails the test.
func (p *person) api(method, path string, in, out any) {
	p.t.Helper()
	if p.token == "" {
		p.t.Fatalf("%s has no token for the API: a member (site.member) has one, a person signed up by the form not", p.name)
	}
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			p.t.Fatal(err)
		}
		body = strings.NewReader(string(b))
	}
	req, err := http.NewRequest(method, p.s.URL+path, body)
	if err != nil {
		p.t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+p.token)
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		p.t.Fatalf("%s: %s %s: %v", p.name, method, path, err)
	}
	defer res.Body.Close()
	if res.StatusCode/100 != 2 {
		b, _ := io.ReadAll(res.Body)
		p.t.Fatalf("%s: %s %s: %s %s", p.name, method, path, res.Status, b)
	}
	if out != nil {
		if err := json.NewDecoder(res.Body).Decode(out); err != nil {
			p.t.Fatalf("%s: %s %s: %v", p.name, method, path, err)
		}
	}
}

// startSolo creates and starts through the API the game soloGame makes
// with the lobby's form (the form's defaults: bots of the normal level in
// every other seat), for the tests of what the game's page does, not of
// the form (which soloGame tests); openGame then opens its page.
func (p *person) startSolo(variant, power string) string {
	p.t.Helper()
	var g struct {
		ID string `json:"id"`
	}
	p.api("POST", "/api/v1/games", map[string]any{"variant": variant, "power": power, "bots": true, "bot_level": "normal",
		"press": "full", "spectators": true, "phase_deadline_seconds": 86400,
		"missed_orders": map[string]any{"policy": "bot", "after": 2, "level": "normal"}}, &g)
	p.api("POST", "/api/v1/games/"+g.ID+"/start", nil, nil)
	return g.ID
}

// openGame loads the game's page and waits until it is drawn.
func (p *person) openGame(id string) {
	p.t.Helper()
	p.do(chromedp.Navigate(p.s.URL + "/games/" + id))
	p.wait("the game", `document.body.dataset.ready === "1"`)
}

// openSolo is startSolo, then openGame.
func (p *person) openSolo(variant, power string) string {
	p.t.Helper()
	id := p.startSolo(variant, power)
	p.openGame(id)
	return id
}

// twoPeople gives alice and bob an account each, each in a browser of
// their own, and opens the lobby for both, as after signing up. The
// accounts are made through the API (member), not the sign-up form,
// which the tests of signing up fill in: the form costs the browser as
// much CPU as a page.
func (s *site) twoPeople() (alice, bob *person) {
	return s.signedIn("alice", "correct horse"), s.signedIn("bob", "battery staple")
}

// signedIn is a member (an account made through the API) on the lobby,
// as after signing up by the form, which the tests of signing up fill in.
func (s *site) signedIn(name, password string) *person {
	s.t.Helper()
	p := s.member(name, password)
	p.do(chromedp.Navigate(s.URL+"/"), chromedp.WaitVisible(chromedp.CSS("#create-form")))
	return p
}

// newGame fills the lobby's form for a game of the variant and creates
// it; the page then shows the game forming, and newGame returns its id.
// Each setting is "#field=value" for a field to set or "#box" for a box
// to tick, in the form's order (the variant first: the form follows it).
func (p *person) newGame(variant string, settings ...string) string {
	p.t.Helper()
	if !eval[bool](p, `!!document.querySelector("#create-form")`) {
		p.do(chromedp.Navigate(p.s.URL+"/"), chromedp.WaitVisible(chromedp.CSS("#create-form")))
	}
	p.do(chromedp.SetValue(chromedp.CSS("#new-variant"), variant))
	eval[bool](p, `document.querySelector("#new-variant").dispatchEvent(new Event("change"))`)
	for _, set := range settings {
		if field, value, ok := strings.Cut(set, "="); ok {
			p.do(chromedp.SetValue(chromedp.CSS(field), value))
		} else {
			p.click(set)
		}
	}
	p.click("#create-game")
	p.wait("the forming game", `!!document.querySelector(".forming")`)
	return eval[string](p, `location.pathname.split("/").pop()`)
}

func (p *person) drafts() string {
	return eval[string](p, `[...document.querySelectorAll("#drafts .order-text")].map(e => e.textContent).join("; ")`)
}

// order clicks a unit, a kind of order, then provinces (or the buttons
// of the chooser for the names that are not provinces).
func (p *person) order(unit, kind string, then ...string) {
	p.t.Helper()
	p.clickProvince(unit)
	if kind != "" {
		p.click(fmt.Sprintf(`#chooser .choice[data-choice=%q]`, kind))
	}
	for _, x := range then {
		if strings.HasPrefix(x, "button:") {
			p.click(fmt.Sprintf(`#chooser .choice[data-choice=%q]`, strings.TrimPrefix(x, "button:")))
			continue
		}
		p.clickProvince(x)
	}
}

// TestStandardGameInTheBrowser: two people sign up, one creates a
// standard game with bots and the other joins; both order by clicking
// (moves, supports, a convoy), see their arrows, get ready and see the
// results drawn; press between them stays private from a third person;
// history steps back with the keys.
func TestStandardGameInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	alice, bob := s.twoPeople()

	// Alice creates a game as England with bots.
	id := alice.newGame("standard", "#new-power=England", "#new-length=7200", "#new-level=easy")

	// Bob, in the lobby since he signed up, sees it among the open games
	// (the lobby is live) and joins.
	bob.wait("the open game", fmt.Sprintf(`!!document.querySelector('#open-games [data-game=%q]')`, id))
	bob.click(fmt.Sprintf(`#open-games [data-game=%q] .join-game`, id))
	bob.click(fmt.Sprintf(`#open-games [data-game=%q] .join-go`, id))
	bob.wait("bob's seat", `location.pathname.endsWith(`+fmt.Sprintf("%q", id)+`) && !!document.querySelector(".forming")`)
	bobPower := eval[string](bob, `document.querySelector(".forming #my-seat")?.textContent ?? ""`)
	if !strings.Contains(bobPower, "Austria") {
		t.Fatalf("bob plays %q, want the first free power, Austria", bobPower)
	}
	alice.wait("bob in the seats", `document.querySelector(".forming .seats").textContent.includes("bob")`)
	alice.click("#start")
	start := time.Now()
	for _, p := range []*person{alice, bob} {
		p.wait("the board", `document.body.dataset.ready === "1" && !!document.querySelector(".board svg .units .unit")`)
	}
	t.Logf("start to both boards: %v", time.Since(start))

	// Alice: a move and a support by clicking the board; a move by keys.
	alice.order("lon", "move", "nth")
	alice.order("edi", "support", "lon", "nth")
	alice.do(chromedp.Focus(chromedp.CSS(`#chooser .unit-choice[data-choice="lvp"]`)), chromedp.KeyEvent(kb.Enter))
	alice.do(chromedp.Focus(chromedp.CSS(`#chooser .choice[data-choice="move"]`)), chromedp.KeyEvent(kb.Enter))
	alice.click(`#chooser .choice[data-choice="yor"]`)
	if got, want := alice.drafts(), "F LON - NTH; F EDI S F LON - NTH; A LVP - YOR"; got != want {
		alice.fail("drafts %q, want %q", got, want)
	}
	if n := eval[int](alice, `document.querySelectorAll(".board .orders .order.draft").length`); n != 3 {
		alice.fail("%d arrows drawn, want 3", n)
	}
	if st := alice.text("#save-state"); !strings.Contains(st, "Not saved") {
		alice.fail("save state %q before saving", st)
	}
	alice.click("#save")
	alice.wait("saved", `document.querySelector("#save-state").classList.contains("s-saved")`)

	// Bob: a move and a support.
	bob.order("vie", "move", "gal")
	bob.order("bud", "support", "vie", "gal")
	if got, want := bob.drafts(), "A VIE - GAL; A BUD S A VIE - GAL"; got != want {
		bob.fail("drafts %q, want %q", got, want)
	}

	// Press: alice writes to Austria in private.
	alice.openPress()
	alice.click(`.channel[data-channel="Austria"]`)
	alice.do(chromedp.SendKeys(chromedp.CSS("#press-body"), "Secret: I go north."), chromedp.Click(chromedp.CSS("#press-send")))
	bob.wait("the unread count", `document.querySelector("#tab-press .count")?.textContent === "1"`)
	bob.openPress()
	bob.click(`.channel[data-channel="England"]`)
	bob.wait("alice's message", `document.querySelector(".messages").textContent.includes("Secret: I go north.")`)
	bob.wait("no more unread", `!document.querySelector("#tab-press .count")`)

	// A group: England, Austria and Germany.
	alice.click(".press details.group summary")
	alice.click(`.group-power[value="Austria"]`)
	alice.click(`.group-power[value="Germany"]`)
	alice.click(".press details.group button")
	alice.do(chromedp.SendKeys(chromedp.CSS("#press-body"), "Three of us."), chromedp.Click(chromedp.CSS("#press-send")))
	bob.wait("the group's unread count", `document.querySelector('.channel[data-channel="England,Germany"] .count')?.textContent === "1"`)
	bob.click(`.channel[data-channel="England,Germany"]`)
	bob.wait("the group's message", `document.querySelector(".messages").textContent.includes("Three of us.")`)
	bob.wait("every message read", `!document.querySelector("#tab-press .count") && !document.querySelector(".channel .count")`)
	bob.click("#tab-orders")

	// A third person follows the game and never sees the press.
	carol := s.member("carol", "hunter2 hunter2")
	carol.expect["403 /api/v1/games/"+id+"/options"] = true
	carol.do(chromedp.Navigate(s.URL + "/games/" + id))
	carol.wait("the board", `document.body.dataset.ready === "1"`)
	if eval[bool](carol, `!!document.querySelector("#tab-press") || document.body.textContent.includes("Secret") || document.body.textContent.includes("Three of us")`) {
		carol.fail("a spectator sees the press")
	}

	// Both ready: the phase is played at once (the bots are always ready).
	alice.click("#tab-orders")
	alice.click("#ready")
	bob.click("#ready")
	for _, p := range []*person{alice, bob, carol} {
		p.wait("autumn 1901", `document.querySelector("#phase").textContent.includes("Autumn 1901")`)
		p.wait("the results", `document.querySelectorAll("#results .res").length > 0`)
	}
	drawn := eval[float64](alice, `performance.getEntriesByName("chancery-phase-drawn").at(-1)?.duration ?? -1`)
	t.Logf("a phase change drawn %.0f ms after the event stream announced it", drawn)
	if !strings.Contains(alice.text("#results"), "F LON - NTH") {
		alice.fail("results %q lack alice's move", alice.text("#results"))
	}

	// Autumn: alice convoys her army to Norway.
	alice.order("nth", "convoy", "yor", "nwy")
	if got := alice.drafts(); got != "F NTH C A YOR - NWY" {
		alice.fail("drafts %q, want the convoy", got)
	}
	alice.clickProvince("yor")
	alice.click(`#chooser .choice[data-choice="move"]`)
	alice.clickProvince("nwy")
	if eval[bool](alice, `!!document.querySelector('#chooser .choice[data-choice="A YOR - NWY VIA CONVOY"]')`) {
		alice.click(`#chooser .choice[data-choice="A YOR - NWY VIA CONVOY"]`)
	}
	if got := alice.drafts(); !strings.Contains(got, "F NTH C A YOR - NWY") || !strings.Contains(got, "A YOR - NWY") {
		alice.fail("drafts %q lack the convoy", got)
	}
	// The next phase may be the autumn's retreats, if the bots dislodged
	// one of bob's units (he owes its retreat, so the game waits there):
	// whichever comes, it is another phase than the moves.
	autumn := alice.text("#phase")
	alice.click("#ready")
	bob.click("#ready")
	for _, p := range []*person{alice, bob} {
		p.wait("the next phase", fmt.Sprintf(`document.querySelector("#phase").textContent !== %q`, autumn))
	}

	// History: back with the left arrow key, to the autumn's results drawn.
	// A winter phase may lie between (the bots build when they gain
	// centres, and their play comes from the game's secret): step back
	// over it.
	alice.do(chromedp.Click(chromedp.CSS("body")), chromedp.KeyEvent(kb.ArrowLeft))
	alice.wait("a phase of the history", `document.querySelector(".hist-label").textContent.includes("1901")`)
	if eval[bool](alice, `document.querySelector(".hist-label").textContent.includes("Winter 1901")`) {
		alice.do(chromedp.KeyEvent(kb.ArrowLeft))
	}
	alice.wait("autumn 1901 in the history", `document.querySelector(".hist-label").textContent.includes("Autumn 1901")`)
	alice.wait("the convoy drawn with its result", `!!document.querySelector('.board .orders .order.r-succeeded[data-order="F NTH C A YOR - NWY"]')`)
	alice.do(chromedp.KeyEvent(kb.ArrowLeft))
	alice.wait("spring 1901", `document.querySelector(".hist-label").textContent.includes("Spring 1901")`)
	if n := eval[int](alice, `document.querySelectorAll(".board .orders .order[class*=r-]").length`); n < 20 {
		alice.fail("%d orders drawn with results in spring 1901, want every power's", n)
	}
	alice.click("#hist-next")
	alice.wait("autumn again", `document.querySelector(".hist-label").textContent.includes("Autumn 1901")`)

	// The figures: navigation to an interactive board, and the weight of
	// the first load (with an empty cache).
	if _, err := chromedp.Call(alice.ctx, network.ClearBrowserCache, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	alice.do(chromedp.Navigate(s.URL + "/games/" + id))
	alice.wait("the board", `document.body.dataset.ready === "1"`)
	ms := eval[float64](alice, `performance.getEntriesByName("chancery-board-ready")[0].startTime`)
	bytes := eval[float64](alice, `performance.getEntriesByType("resource").concat(performance.getEntriesByType("navigation")).filter(e => !e.name.includes("board.svg")).reduce((n, e) => n + (e.transferSize || 0), 0)`)
	// Figures, not assertions: a loaded machine is slower, and speed is
	// measured, never asserted, in this project.
	t.Logf("navigation to interactive board: %.0f ms; first load (boards excluded): %.1f KB transferred", ms, bytes/1024)
	if ms <= 0 || bytes <= 0 {
		t.Errorf("the page's performance entries are missing (board ready at %.0f ms, %.0f bytes)", ms, bytes)
	}
}

// moves lists the moves a Diceplomacy player's page offers now.
// play clicks the move button sel and waits until the page shows the
// server's answer: the move in the battle log (drawn with the moves that
// follow it; the log shows at most 200 entries, past which the button's
// going is the sign), or an error. So the next look at the moves never
// finds the ones just played, however slow the machine. The button is
// found and clicked at once, in the page: a live update may have taken
// it away since the caller looked (another's move changing what is
// asked), and then play clicks nothing and reports false.
func (p *person) play(sel string) bool {
	p.t.Helper()
	const entries = `document.querySelectorAll("#dice-log li").length`
	before := eval[int](p, entries)
	if !eval[bool](p, fmt.Sprintf(`(window.playedMove = document.querySelector(%q), window.playedMove?.click(), !!window.playedMove)`, sel)) {
		return false
	}
	p.wait("the page's answer to "+sel, fmt.Sprintf(`%s > %d || (%[1]s >= 200 && !document.contains(window.playedMove)) || !!document.querySelector("#toast .toast.error")`, entries, before))
	return true
}

func (p *person) moves() []string {
	return eval[[]string](p, `[...document.querySelectorAll("#dice-actions [data-move]")].map(b => b.dataset.move)`)
}

// TestDiceplomacyInTheBrowser: two people at a Diceplomacy table with
// bots; one declares war on the other, who answers; both see the war in
// the log, and each sees only their own die.
func TestDiceplomacyInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	alice, bob := s.twoPeople()
	id := alice.newGame("diceplomacy", "#new-players=4")
	bob.do(chromedp.Navigate(s.URL + "/games/" + id))
	bob.click("#join")
	bob.wait("bob's seat", `document.querySelector(".forming .seats").textContent.includes("bob")`)
	alice.wait("bob seated", `document.querySelector(".forming .seats").textContent.includes("bob")`)
	alice.click("#start")
	for _, p := range []*person{alice, bob} {
		p.wait("the table", `!!document.querySelector(".seats-grid .seat.mine")`)
	}
	bobSeat := eval[string](bob, `document.querySelector(".seat.mine").dataset.seat`)

	// Each sees their own die and no other unrevealed one.
	for _, p := range []*person{alice, bob} {
		if !eval[bool](p, `!document.querySelector(".seat.mine .die").classList.contains("hidden-die")`) {
			p.fail("the player's own die is hidden")
		}
		if n := eval[int](p, `[...document.querySelectorAll(".seat:not(.mine):not(.revealed) .die")].filter(d => !d.classList.contains("hidden-die")).length`); n != 0 {
			p.fail("%d other dice shown that no battle revealed", n)
		}
	}

	// Play until alice has declared war on bob and bob has answered.
	declared, answered := false, false
	deadline := patience(t)
	for !answered && time.Now().Before(deadline) {
		if eval[bool](alice, `!!document.querySelector("#dice-log .ev-game_over")`) {
			alice.fail("the game ended before bob answered a war (declared %v)", declared)
		}
		acted := false
		for _, p := range []*person{alice, bob} {
			ms := p.moves()
			if len(ms) == 0 {
				continue
			}
			pick, declares, answers := "", false, false
			has := func(m string) bool {
				for _, x := range ms {
					if x == m {
						return true
					}
				}
				return false
			}
			switch {
			case p == alice && !declared && has("declare_war:"+bobSeat):
				pick, declares = "declare_war:"+bobSeat, true
			case p == bob && declared && !answered && (has("stop_inviting") || has("answer_surrender:no") || has("answer_join:no")):
				// While the war waits for bob, alice's panel says so (it
				// once named alice, whose turn it is).
				if len(alice.moves()) == 0 {
					alice.wait("alice's panel waiting for bob", fmt.Sprintf(`(document.querySelector("#dice-wait")?.textContent ?? "").includes(%q)`, bob.name))
				}
				for _, m := range []string{"stop_inviting", "answer_surrender:no", "answer_join:no"} {
					if has(m) {
						pick = m
						break
					}
				}
				answers = true
			case has("reorganise"):
				pick = "reorganise"
			case has("answer_alliance:no"):
				pick = "answer_alliance:no"
			case has("stop_inviting"):
				pick = "stop_inviting"
			case has("answer_join:no"):
				pick = "answer_join:no"
			case has("answer_surrender:no"):
				pick = "answer_surrender:no"
			default:
				pick = ms[0]
			}
			if p.play(fmt.Sprintf(`#dice-actions [data-move=%q]`, pick)) {
				// (else the move went before it was clicked: look again)
				declared, answered = declared || declares, answered || answers
			}
			acted = true
		}
		if !acted {
			time.Sleep(200 * time.Millisecond)
		}
	}
	if !declared || !answered {
		alice.fail("no war declared by alice and answered by bob (declared %v, answered %v)", declared, answered)
	}
	for _, p := range []*person{alice, bob} {
		p.wait("the war in the log", `!!document.querySelector("#dice-log .ev-war")`)
	}
}

// soloGame starts a game of the variant as power from the lobby's form,
// with bots in every other seat, and waits for its page. The lobby is
// loaded unless p is there already (as after signing up): a page costs
// the browser half a second of CPU.
func (p *person) soloGame(variant, power string) string {
	p.t.Helper()
	if eval[string](p, `location.pathname`) != "/" {
		p.do(chromedp.Navigate(p.s.URL + "/"))
	}
	p.do(chromedp.WaitVisible(chromedp.CSS("#create-form")))
	id := p.newGame(variant, "#new-power="+power)
	p.click("#start")
	p.wait("the game", `document.body.dataset.ready === "1"`)
	return id
}

// button clicks a choice of the order chooser.
func (p *person) button(choice string) {
	p.t.Helper()
	p.click(fmt.Sprintf(`#chooser .choice[data-choice=%q]`, choice))
}

func (p *person) readyAndWait(phase string) {
	p.t.Helper()
	p.click("#ready")
	p.wait(phase, fmt.Sprintf(`document.querySelector("#phase").textContent.includes(%q)`, phase))
}

// TestColonialRailwayInTheBrowser: Russia sends an army along the
// Trans-Siberian Railway by clicking the board.
func TestColonialRailwayInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	p := s.member("sasha", "correct horse")
	p.openSolo("colonial", "Russia")
	p.order("vla", "railway", "mos")
	if got := p.drafts(); got != "A VLA - TSR - MOS" {
		p.fail("drafts %q, want the railway move", got)
	}
	p.wait("the railway arrow", `!!document.querySelector(".board .orders .order.k-railway")`)
	// The arrow follows the track through the stations between, and the
	// track is a line, not a filled shape.
	if n := eval[int](p, `document.querySelector(".board .orders .order.k-railway polyline")?.points.numberOfItems ?? 0`); n < 4 {
		p.fail("the railway arrow has %d points, want it along the track (Moscow, Perm, Omsk, Krasnoyarsk, Irkutsk, Vladivostok)", n)
	}
	if fill := eval[string](p, `getComputedStyle(document.querySelector(".board polyline[data-railway]")).fill`); fill != "none" {
		p.fail("the railway is filled with %s", fill)
	}
	p.readyAndWait("Autumn 1870")
	p.wait("the railway move's result", `document.querySelector("#results").textContent.includes("A VLA - TSR - MOS")`)

}

// TestCapeRouteInTheBrowser: Britain's fleet in Egypt sails round Africa
// to the Mid-Atlantic; its arrow follows the board's Cape route, not a
// straight line across the Sahara. The page is in Japanese: the lane is
// named in the reader's language.
func TestCapeRouteInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	p := s.member("cecil", "correct horse")
	p.openSolo("1900", "Britain")
	eval[bool](p, `(localStorage.setItem("chancery.lang", "ja"), true)`)
	p.do(chromedp.Reload()) // the page in that language
	p.wait("the game in Japanese", `document.body.dataset.ready === "1"`)
	p.order("egy", "move", "mao")
	if got := p.drafts(); got != "F EGY - MAO" {
		p.fail("drafts %q, want the move round the Cape", got)
	}
	p.wait("the move's arrow", `!!document.querySelector(".board .orders .order.k-move")`)
	// The lane runs down to the board's south edge, along it and up again:
	// the arrow has its corners, and it passes below the Sahara.
	n := eval[int](p, `document.querySelector(".board .orders .order.k-move polyline")?.points.numberOfItems ?? 0`)
	low := eval[bool](p, `(() => {
		const l = document.querySelector(".board .orders .order.k-move polyline"), lane = document.querySelector(".board polyline[data-lane]");
		if (!l || !lane) return false;
		const bottom = Math.max(...Array.from(lane.points, (q) => q.y));
		return Array.from(l.points).some((q) => q.y >= bottom - 1);
	})()`)
	if n < 4 || !low {
		p.fail("the move round the Cape is drawn with %d points (along the lane's bottom: %v), want it along the Cape route", n, low)
	}
	// The lane's name is the reader's language's.
	if got := eval[string](p, `document.querySelector(".board text[data-lane-label]")?.textContent ?? ""`); got != "喜望峰航路" {
		p.fail("on a Japanese page the lane's label reads %q, want %q", got, "喜望峰航路")
	}
}

// TestSengokuBuildInTheBrowser: Oda, having taken Ise and Totomi, builds
// in the winter with the chooser's buttons alone (as a keyboard or a
// variant without a board would); its votes say that Sengoku has no draws.
func TestSengokuBuildInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	p := s.member("nobunaga", "correct horse")
	id := p.openSolo("sengoku", "Oda")
	p.click("#tab-powers")
	if !eval[bool](p, `document.querySelector("#vote-draw").disabled && document.querySelector(".votes").textContent.includes("no draws")`) {
		p.fail("the votes do not say that Sengoku has no draws")
	}
	p.click("#tab-orders")

	// The winter after Oda took both neutral centres: its home centres
	// are free, and it may build two units.
	s.setPosition(id, func(pos *codec.Position) {
		pos.Phase = codec.Phase{Season: "winter", Year: 1570, Type: "adjustment"}
		moveUnit(t, pos, "Oda", "owa", "ise")
		moveUnit(t, pos, "Oda", "mik", "tot")
		pos.SupplyCenters["ise"], pos.SupplyCenters["tot"] = "Oda", "Oda"
	})
	p.do(chromedp.Reload())
	p.wait("the winter", `document.body.dataset.ready === "1" && document.querySelector("#phase").textContent.includes("Winter 1570")`)
	p.wait("the builds due", `document.querySelector("#orders-pane, body").textContent.includes("You may build 2 units.")`)
	p.click("#chooser .unit-choice")
	for i := 0; i < 3 && eval[bool](p, `!!document.querySelector("#chooser .choices .choice:not(.unit-choice)")`); i++ {
		p.click("#chooser .choices .choice:not(.unit-choice)")
	}
	if got := p.drafts(); !strings.HasPrefix(got, "BUILD ") || strings.Contains(got, ";") {
		p.fail("drafts %q, want one build", got)
	}
	built := p.drafts()
	p.readyAndWait("Spring 1571")
	p.wait("the build's result", fmt.Sprintf(`[...document.querySelectorAll("#results .res.r-succeeded")].some(e => e.dataset.order === %q)`, built))
}

// TestRetreatRemovalAndWaiveInTheBrowser: France, by clicks alone,
// retreats one dislodged unit and disbands another; removes units it has
// no centres for; builds one unit and waives another build. Each phase is
// set up on the server (setPosition), then ordered, saved and played.
func TestRetreatRemovalAndWaiveInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	p := s.member("marianne", "correct horse")
	// results returns the orders of a power shown in the results with
	// their result, "ORDER result; ...".
	results := func(power string) string {
		return eval[string](p, fmt.Sprintf(`[...document.querySelectorAll("#results .res")].filter(e => e.querySelector("b").textContent === %q).map(e => e.dataset.order + " " + e.className.match(/r-(\w+)/)[1]).join("; ")`, power))
	}

	// Retreats: Germany's army from Munich and England's fleet from the
	// Channel have dislodged France's army in Burgundy and fleet in Brest
	// (where each may retreat is set as the movement phase would have
	// found it).
	id := p.startSolo("standard", "France")
	s.setPosition(id, func(pos *codec.Position) {
		pos.Phase = codec.Phase{Season: "fall", Year: 1901, Type: "retreat"}
		moveUnit(t, pos, "Germany", "mun", "bur")
		moveUnit(t, pos, "England", "lon", "bre")
		moveUnit(t, pos, "France", "bre", "mao")
		pos.Dislodged = []codec.Dislodged{
			{Power: "France", Type: "army", Province: "bur", AttackerFrom: "mun", Retreats: []string{"bel", "gas", "pic", "ruh"}},
			{Power: "France", Type: "fleet", Province: "bre", AttackerFrom: "eng", Retreats: []string{"gas", "pic"}},
		}
	})
	p.do(chromedp.Navigate(s.URL + "/games/" + id))
	p.wait("the retreats", `document.body.dataset.ready === "1" && document.querySelector("#phase").textContent.includes("Autumn 1901 (retreats)")`)
	if n := eval[int](p, `document.querySelectorAll(".board .units .unit.dislodged").length`); n != 2 {
		p.fail("%d dislodged units drawn, want 2", n)
	}
	p.order("bur", "retreat", "gas")
	p.order("bre", "disband")
	if got, want := p.drafts(), "A BUR R GAS; F BRE D"; got != want {
		p.fail("drafts %q, want %q", got, want)
	}
	p.click("#save")
	p.wait("saved", `document.querySelector("#save-state").classList.contains("s-saved")`)
	p.click("#ready")
	p.wait("the retreats played", `!document.querySelector("#phase").textContent.includes("retreats")`)
	if got, want := results("France"), "A BUR R GAS succeeded; F BRE D succeeded"; got != want {
		p.fail("results %q, want %q", got, want)
	}

	// Removals: five French units and three centres.
	id = p.startSolo("standard", "France")
	s.setPosition(id, func(pos *codec.Position) {
		pos.Phase = codec.Phase{Season: "winter", Year: 1901, Type: "adjustment"}
		pos.Units = append(pos.Units, codec.Unit{Power: "France", Type: "army", Province: "bur"}, codec.Unit{Power: "France", Type: "army", Province: "pic"})
	})
	p.do(chromedp.Navigate(s.URL + "/games/" + id))
	p.wait("the removals", `document.body.dataset.ready === "1" && document.querySelector("#phase").textContent.includes("Winter 1901")`)
	p.wait("the removals due", `document.body.textContent.includes("You must remove 2 units.")`)
	p.clickProvince("bur")
	p.clickProvince("pic")
	if got, want := p.drafts(), "REMOVE A BUR; REMOVE A PIC"; got != want {
		p.fail("drafts %q, want %q", got, want)
	}
	p.wait("every removal given", `document.querySelector("#prompt").textContent.includes("All 2")`)
	p.readyAndWait("Spring 1902")
	if got, want := results("France"), "REMOVE A BUR succeeded; REMOVE A PIC succeeded"; got != want {
		p.fail("results %q, want %q", got, want)
	}

	// A build and a waive: five French centres, three units, two free
	// home centres.
	id = p.startSolo("standard", "France")
	s.setPosition(id, func(pos *codec.Position) {
		pos.Phase = codec.Phase{Season: "winter", Year: 1901, Type: "adjustment"}
		moveUnit(t, pos, "France", "par", "bur")
		moveUnit(t, pos, "France", "bre", "mao")
		pos.SupplyCenters["spa"], pos.SupplyCenters["por"] = "France", "France"
	})
	p.do(chromedp.Navigate(s.URL + "/games/" + id))
	p.wait("the builds due", `document.body.dataset.ready === "1" && document.body.textContent.includes("You may build 2 units.")`)
	p.clickProvince("par")
	p.click("#waive")
	if got, want := p.drafts(), "BUILD A PAR; WAIVE"; got != want {
		p.fail("drafts %q, want %q", got, want)
	}
	p.readyAndWait("Spring 1902")
	if got, want := results("France"), "BUILD A PAR succeeded; WAIVE succeeded"; got != want {
		p.fail("results %q, want %q", got, want)
	}
}

// TestPhoneInTheBrowser: a 360 px wide touch screen: the panels are tabs,
// and an order is given by tapping the board.
func TestPhoneInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	p := s.member("pat", "correct horse")
	p.do(chromedp.EmulateViewport(360, 740, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateScale(2)))
	p.openSolo("standard", "France")
	if w := eval[float64](p, `document.documentElement.scrollWidth`); w > 360 {
		p.fail("the page is %v px wide on a 360 px screen", w)
	}
	p.click("#tab-board")
	tap := func(id string) {
		xy := eval[[]float64](p, fmt.Sprintf(`(() => {
			const el = document.querySelector('.board [data-province=%q]');
			const [x, y] = el.getAttribute("data-unit").split(" ").map(Number);
			const q = new DOMPoint(x, y).matrixTransform(el.ownerSVGElement.getScreenCTM());
			return [q.x, q.y];
		})()`, id))
		p.do(chromedp.TapXY(xy[0], xy[1]))
	}
	p.click(".zoom-in")
	p.click(".zoom-reset")
	tap("par")
	p.click(`#board-chooser .choice[data-choice="move"]`)
	tap("bur")
	p.wait("the arrow", `!!document.querySelector(".board .orders .order.draft")`)
	p.click("#tab-orders")
	if got := p.drafts(); got != "A PAR - BUR" {
		p.fail("drafts %q, want A PAR - BUR", got)
	}
}

// TestCoastAndExplanationInTheBrowser: a fleet's move to Spain asks which
// coast; a played order's arrow, clicked, explains its result; signing out
// leaves the game's page for the sign-in form.
func TestCoastAndExplanationInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	p := s.member("marianne", "correct horse")
	p.openSolo("standard", "France")
	p.order("bre", "move", "mao")
	p.order("par", "move", "bur")
	p.readyAndWait("Autumn 1901")
	if p.drafts() != "" {
		p.fail("drafts %q in a new phase", p.drafts())
	}
	p.order("mao", "move", "spa")
	p.wait("the coasts", `document.querySelector("#prompt").textContent.includes("coast")`)
	p.button("F MAO - SPA/SC")
	if got := p.drafts(); got != "F MAO - SPA/SC" {
		p.fail("drafts %q, want the south coast", got)
	}
	p.do(chromedp.Click(chromedp.CSS("body")), chromedp.KeyEvent(kb.ArrowLeft))
	p.wait("spring's orders drawn", `!!document.querySelector('.board .orders .order[data-order="A PAR - BUR"]')`)
	xy := eval[[]float64](p, `(() => {
		const l = document.querySelector('.board .orders .order[data-order="A PAR - BUR"] line');
		const m = l.getScreenCTM();
		const a = new DOMPoint((l.x1.baseVal.value + l.x2.baseVal.value) / 2, (l.y1.baseVal.value + l.y2.baseVal.value) / 2).matrixTransform(m);
		return [a.x, a.y];
	})()`)
	p.do(chromedp.MouseClickXY(xy[0], xy[1]))
	p.wait("the explanation", `document.querySelector("#explain")?.textContent.includes("A PAR - BUR")`)
	p.click("#sign-out")
	p.wait("the sign-in form", `!!document.querySelector("#auth-name") && !document.querySelector("#who")`)
}

// TestPrivateGameInTheBrowser: alice creates a private standard game
// with public press only by filling the form; bob does not find it in the
// lobby, opens the invitation link alice gives him and joins; once the
// game starts, bob's press panel offers the public channel alone.
func TestPrivateGameInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	alice, bob := s.twoPeople()

	id := alice.newGame("standard", "#new-power=England", "#new-press=public", "#new-private")
	alice.wait("the invitation link", `!!document.querySelector(".forming #invite-link")`)
	link := eval[string](alice, `document.querySelector("#invite-link").value`)
	if !strings.HasPrefix(link, s.URL+"/games/"+id+"?invitation=") {
		alice.fail("invitation link %q", link)
	}
	if got := alice.text("#settings-line"); !strings.Contains(got, "Press: public only") || !strings.Contains(got, "Private game") {
		alice.fail("settings %q", got)
	}

	// The lobby's lists, loaded, do not show bob the game.
	bob.do(chromedp.Reload())
	bob.wait("the lobby's lists", `!!document.querySelector("#create-form") && ![...document.querySelectorAll(".lobby .card")].some(c => c.textContent.includes("Loading"))`)
	if eval[bool](bob, fmt.Sprintf(`!!document.querySelector('[data-game=%q]')`, id)) {
		bob.fail("the lobby lists alice's private game")
	}

	// The link shows bob the seats; he joins, and may now invite too.
	bob.do(chromedp.Navigate(link))
	bob.wait("the forming game", `!!document.querySelector(".forming #join")`)
	if eval[bool](bob, `!!document.querySelector("#invite-link")`) {
		bob.fail("the invitation link is offered to someone who does not play")
	}
	bob.click("#join")
	bob.wait("bob's seat and the link", `document.querySelector(".forming").textContent.includes("You play") && !!document.querySelector("#invite-link")`)
	alice.wait("bob in the seats", `document.querySelector(".forming .seats").textContent.includes("bob")`)
	alice.click("#start")
	for _, p := range []*person{alice, bob} {
		p.wait("the board", `document.body.dataset.ready === "1"`)
	}

	bob.openPress()
	bob.wait("the press panel", `!!document.querySelector("#press-public-only")`)
	if chans := eval[[]string](bob, `[...document.querySelectorAll(".channel")].map(c => c.dataset.channel)`); len(chans) != 1 || chans[0] != "*" {
		bob.fail("channels %v, want the public one alone", chans)
	}
	if eval[bool](bob, `!!document.querySelector(".press details.group")`) {
		bob.fail("a public-press game offers groups")
	}
	bob.do(chromedp.SendKeys(chromedp.CSS("#press-body"), "Hello, everyone."), chromedp.Click(chromedp.CSS("#press-send")))
	alice.openPress()
	alice.wait("bob's message", `document.querySelector(".messages").textContent.includes("Hello, everyone.")`)
}

// TestLiveLobbyInTheBrowser: alice sits in the lobby while bob, in a
// browser of his own, creates a game and starts it from his lobby (where
// he, not alice, may start it). Alice's page shows
// the game open to join, then under way, as each happens: no reload (a
// mark set on her page stays) and no poll (her page's slow timers are
// stopped).
func TestLiveLobbyInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	alice, bob := s.twoPeople()
	// On alice's page no timer of ten seconds or more ever fires: only
	// the stream, not a poll, can bring her the news.
	if _, err := chromedp.Call(alice.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: `
		for (const name of ["setTimeout", "setInterval"]) {
			const real = window[name];
			window[name] = (fn, ms, ...args) => (ms >= 10000 ? 0 : real.call(window, fn, ms, ...args));
		}`}); err != nil {
		t.Fatal(err)
	}
	alice.do(chromedp.Navigate(s.URL + "/"))
	alice.wait("alice's lists", `document.querySelector('[aria-labelledby="my-games-h"]')?.textContent.includes("You play no game yet") === true`)
	eval[bool](alice, `window.stillHere = true`)

	id := bob.newGame("standard", "#new-power=England", "#new-length=7200", "#new-level=easy")

	alice.wait("bob's game open to join", fmt.Sprintf(`!!document.querySelector('#open-games [data-game=%q] .join-game')`, id))
	if eval[bool](alice, `!!document.querySelector("#open-games .start-game")`) {
		alice.fail("alice may start bob's game")
	}
	// Bob, who created it, starts it from his lobby's list.
	bob.do(chromedp.Navigate(s.URL + "/"))
	bob.click(fmt.Sprintf(`#my-games [data-game=%q] .start-game`, id))
	bob.wait("the board", `document.body.dataset.ready === "1"`)
	alice.wait("bob's game under way", fmt.Sprintf(`!!document.querySelector('#watch-games [data-game=%q] .deadline') && !document.querySelector('#open-games [data-game=%q]')`, id, id))
	if !eval[bool](alice, `window.stillHere === true`) {
		alice.fail("the lobby was loaded again")
	}
}

// TestJapaneseResultsInTheBrowser: a reader of Japanese sees why an order
// failed, and why a typed order was refused, in Japanese. France's two
// armies both move to Burgundy, which no other unit can reach (set up):
// they bounce there, whatever the bots order.
func TestJapaneseResultsInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	p := s.signedIn("marianne", "correct horse")
	eval[bool](p, `(localStorage.setItem("chancery.lang", "ja"), true)`)
	p.do(chromedp.Reload()) // the page in that language
	id := p.soloGame("standard", "France")
	s.setPosition(id, func(pos *codec.Position) { moveUnit(t, pos, "Germany", "mun", "pru") })
	p.do(chromedp.Reload())
	p.wait("the game in Japanese", `document.body.dataset.ready === "1" && document.querySelector("#phase").textContent.includes("1901年 春")`)
	p.do(chromedp.Click(chromedp.CSS(".typed summary")), chromedp.SendKeys(chromedp.CSS("#typed"), "F BRE - MOS"))
	p.click("#add-typed")
	p.expectRefusal(id)
	p.click("#save")
	p.wait("the refusal in Japanese", `document.querySelector("#drafts .bad .error")?.textContent.includes("そこから目的地には行けない")`)
	p.click("#drafts .bad .remove")
	// The board's labels: the Japanese name where it is no wider than the
	// English name the board placed, else the abbreviation.
	labels := `["pie", "boh", "bur", "par"].map((id) => document.querySelector('.board text[data-label-for="' + id + '"]')?.textContent).join(", ")`
	if got := eval[string](p, labels); got != "PIE, ボヘミア, BUR, パリ" {
		p.fail("the board's labels read %q, want %q", got, "PIE, ボヘミア, BUR, パリ")
	}
	p.order("par", "move", "bur")
	p.order("mar", "move", "bur")
	p.click("#ready")
	p.wait("the results", `document.querySelectorAll("#results .res").length > 0`)
	for _, o := range []string{"A PAR - BUR", "A MAR - BUR"} {
		got := eval[string](p, fmt.Sprintf(`document.querySelector('#results .res[data-order=%q]')?.textContent ?? ""`, o))
		if !strings.Contains(got, "ブルゴーニュで押し返された") {
			p.fail("the result of %s reads %q, want it bounced in Burgundy (ブルゴーニュ), in Japanese", o, got)
		}
		// The power is named in Japanese; the order keeps the game's notation.
		if !strings.HasPrefix(strings.TrimSpace(strings.TrimLeft(got, "✓✕!")), "フランス "+o) {
			p.fail("the result line reads %q, want it to name フランス before %s", got, o)
		}
	}
	// The create form proposed the game's name in Japanese, and it is the
	// name stored: the page shows the server's.
	if got := p.text(".game-title"); !strings.HasPrefix(got, "スタンダードの対局") {
		p.fail("the game is named %q, want the name the form proposed in Japanese", got)
	}
	// Every power is named in Japanese wherever the page shows it as words:
	// the orders' header, the centre bar, the powers table and press.
	if got := p.text("#pane-orders h2"); !strings.Contains(got, "フランス") {
		p.fail("the orders' header reads %q, want フランス", got)
	}
	want := []string{"オーストリア", "イギリス", "フランス", "ドイツ", "イタリア", "ロシア", "トルコ"}
	bar := p.text("#centre-bar")
	p.click("#tab-powers")
	table := p.text("#pane-powers table")
	p.openPress()
	channels := p.text("#pane-press .channels")
	for _, name := range want {
		for where, got := range map[string]string{"the centre bar": bar, "the powers table": table} {
			if !strings.Contains(got, name) {
				p.fail("%s reads %q, want %s in it", where, got, name)
			}
		}
		if name != "フランス" && !strings.Contains(channels, name) {
			p.fail("the press channels read %q, want %s in them", channels, name)
		}
	}
	for _, english := range []string{"Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"} {
		if strings.Contains(bar+table+channels, english) {
			p.fail("%q is shown in English on a Japanese page: %q %q %q", english, bar, table, channels)
		}
	}
	// The channel is still the server's name: a message sent there reaches England.
	if got := eval[string](p, `document.querySelector('#pane-press .channel[data-channel="England"]')?.textContent ?? ""`); !strings.HasPrefix(got, "イギリス") {
		p.fail("England's channel reads %q, want イギリス", got)
	}
}

// TestFrenchResultsInTheBrowser: a reader of French sees a province
// named as a French sentence says it after its preposition ("rebond en
// Bourgogne", not "rebond sur Bourgogne"), and the variants' victory
// condition and description in French. France's two armies both move to
// Burgundy, which no other unit can reach (set up).
func TestFrenchResultsInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	p := s.member("marianne", "correct horse")
	id := p.openSolo("standard", "France")
	eval[bool](p, `(localStorage.setItem("chancery.lang", "fr"), true)`) // for the reload
	s.setPosition(id, func(pos *codec.Position) { moveUnit(t, pos, "Germany", "mun", "pru") })
	p.do(chromedp.Reload())
	p.wait("the game in French", `document.body.dataset.ready === "1" && document.querySelector("#phase").textContent.includes("Printemps 1901")`)
	// The board's labels: the French name where it is no wider than the
	// English name the board placed, else the abbreviation.
	labels := `["pie", "boh", "bur", "par"].map((id) => document.querySelector('.board text[data-label-for="' + id + '"]')?.textContent).join(", ")`
	if got := eval[string](p, labels); got != "Piémont, Bohême, BUR, Paris" {
		p.fail("the board's labels read %q, want %q", got, "Piémont, Bohême, BUR, Paris")
	}
	p.order("par", "move", "bur")
	p.order("mar", "move", "bur")
	p.click("#ready")
	p.wait("the results", `document.querySelectorAll("#results .res").length > 0`)
	for _, o := range []string{"A PAR - BUR", "A MAR - BUR"} {
		if got := eval[string](p, fmt.Sprintf(`document.querySelector('#results .res[data-order=%q]')?.textContent ?? ""`, o)); !strings.Contains(got, "rebond en Bourgogne") {
			p.fail("the result of %s reads %q, want it bounced « en Bourgogne »", o, got)
		}
	}
	p.click("#tab-powers")
	if got := p.text("#pane-powers"); !strings.Contains(got, "18 centres de ravitaillement (la majorité des 34)") || strings.Contains(got, "supply centres") {
		p.fail("the powers pane reads %q, want the victory condition in French", got)
	}
	p.do(chromedp.Navigate(s.URL+"/"), chromedp.WaitVisible(chromedp.CSS("#create-form")))
	eval[bool](p, `(() => { const v = document.querySelector("#new-variant"); v.value = "colonial"; v.dispatchEvent(new Event("change")); return true })()`)
	if got := p.text("#new-describe"); !strings.HasPrefix(got, "L’Asie en 1870") || strings.Contains(got, "Asia") {
		p.fail("Colonial's description reads %.80q, want it in French", got)
	}
}

// TestSengokuInJapaneseInTheBrowser: on a Japanese page, Sengoku's
// provinces are named in kanji, the old provinces' names: in the board's
// tooltips, the chooser's buttons and the results' explanations; the
// orders keep the game's notation (OWA, ISE).
func TestSengokuInJapaneseInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	p := s.member("nobunaga", "correct horse")
	id := p.openSolo("sengoku", "Oda")
	eval[bool](p, `(localStorage.setItem("chancery.lang", "ja"), true)`) // for the reload
	// Oda's fleet has crossed to Shima, beside Ise.
	s.setPosition(id, func(pos *codec.Position) { moveUnit(t, pos, "Oda", "mik", "shm") })
	p.do(chromedp.Reload())
	p.wait("the game in Japanese", `document.body.dataset.ready === "1"`)
	p.wait("the board's names", `document.querySelector('[data-province="owa"] > title')?.textContent === "尾張"`)
	for prov, want := range map[string]string{"mik": "三河", "shm": "志摩", "yas": "山城", "ins": "瀬戸内海", "tts": "遠州灘"} {
		if got := eval[string](p, fmt.Sprintf(`document.querySelector('[data-province=%q] > title')?.textContent ?? ""`, prov)); got != want {
			p.fail("%s's tooltip reads %q, want %s", prov, got, want)
		}
	}
	if got := eval[string](p, `document.querySelector('.unit[data-unit="owa"] title')?.textContent ?? ""`); !strings.Contains(got, "織田") || !strings.Contains(got, "OWA · 尾張") {
		p.fail("Owari's unit's tooltip reads %q, want 織田 and OWA · 尾張", got)
	}
	// Oda's army and fleet meet in Ise and bounce there: the result says so in kanji.
	p.clickProvince("owa")
	p.click(`#chooser .choice[data-choice="move"]`)
	if got := eval[string](p, `document.querySelector('#chooser .choice[data-choice="ise"]')?.textContent ?? ""`); got != "ISE · 伊勢" {
		p.fail("the chooser's button for Ise reads %q, want ISE · 伊勢", got)
	}
	p.clickProvince("ise")
	p.order("shm", "move", "ise")
	p.click("#ready")
	p.wait("the results", `document.querySelectorAll("#results .res").length > 0`)
	got := eval[string](p, `document.querySelector('#results .res[data-order="A OWA - ISE"]')?.textContent ?? ""`)
	if !strings.Contains(got, "伊勢で押し返された") {
		p.fail("the result of A OWA - ISE reads %q, want it bounced in 伊勢", got)
	}
}

// expectRefusal says that the flow expects the server to refuse a batch of orders.
func (p *person) expectRefusal(id string) { p.expect["422 /api/v1/games/"+id+"/orders"] = true }

// openPress brings press into view: its tab where the screen has tabs for
// it, while a wide screen shows press beside the orders.
func (p *person) openPress() {
	p.t.Helper()
	if eval[bool](p, `getComputedStyle(document.querySelector("#tab-press")).display !== "none"`) {
		p.click("#tab-press")
	}
	p.wait("the press pane", `document.querySelector("#pane-press")?.offsetParent != null`)
}
