package server

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chancery/chancery/internal/pgtest"
	"github.com/chancery/chancery/internal/sqlitetest"
	"github.com/chancery/chancery/store"
	"github.com/chancery/chancery/variants"
)

// backends are the databases the end-to-end tests run against: SQLite
// always, PostgreSQL when CHANCERY_TEST_POSTGRES holds a URL
// (.ci/postgres.sh prints one).
func backends(t *testing.T) []string {
	out := []string{"sqlite"}
	if pgtest.Available() {
		out = append(out, "postgres")
	}
	return out
}

// each runs a test once per backend, the backends at once.
func each(t *testing.T, fn func(t *testing.T, env *env)) {
	for _, b := range backends(t) {
		t.Run(b, func(t *testing.T) {
			t.Parallel()
			fn(t, newEnv(t, b))
		})
	}
}

// testClock is the servers' clock in the tests: time.Now moved forward
// by a settable offset until it is frozen; from then on it moves only by
// that offset and by a microsecond at each reading, so that readings
// are as distinct and ordered as a real clock's (a message is later than
// the stream that waits for it) while the test's seconds are those it
// advances, not those a slow machine takes. Every env freezes its clock
// at once (newEnvWith).
type testClock struct{ offset, frozen atomic.Int64 }

func (c *testClock) Now() time.Time {
	if c.frozen.Load() != 0 {
		return time.Unix(0, c.frozen.Add(int64(time.Microsecond))).Add(time.Duration(c.offset.Load()))
	}
	return time.Now().Add(time.Duration(c.offset.Load()))
}

func (c *testClock) Advance(d time.Duration) { c.offset.Add(int64(d)) }

// Freeze stops the clock where it is: from then on only Advance (and
// each reading's microsecond) moves it, so that a deadline, a pause or
// a rate's window falls when the test says on a machine however slow.
func (c *testClock) Freeze() {
	c.frozen.CompareAndSwap(0, time.Now().Add(time.Duration(c.offset.Load())).UnixNano())
}

var registry = sync.OnceValue(variants.MustLoad)

// env is a running server on loopback over a real database.
type env struct {
	t       testing.TB
	backend string
	dsn     string
	clock   *testClock
	st      store.Store
	srv     *Server
	hs      *httptest.Server
	URL     string
	// httpc is the client of the tests for URL: it checks every exchange
	// against api/openapi.yaml (openapi_test.go).
	mu      sync.Mutex
	httpc   *http.Client
	httpURL string
	// sent keeps every response body the server wrote, streams
	// included, for tests that look for what must never be sent.
	sent bodyLog
	// tune, when not nil, changes the server's configuration.
	tune func(*Config)
}

// http returns the tests' client for the API at e.URL.
func (e *env) http() *http.Client {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.httpc == nil || e.httpURL != e.URL {
		e.httpc, e.httpURL = specClient(e.t, e.URL), e.URL
	}
	return e.httpc
}

func newEnv(t testing.TB, backend string) *env {
	t.Helper()
	return newEnvWith(t, backend, nil)
}

// newEnvWith is newEnv with tune, when not nil, changing the server's
// configuration.
func newEnvWith(t testing.TB, backend string, tune func(*Config)) *env {
	t.Helper()
	e := &env{t: t, backend: backend, clock: &testClock{}, tune: tune}
	ctx := context.Background()
	switch backend {
	case "sqlite":
		e.dsn = filepath.Join(t.TempDir(), "chancery.db")
		if err := sqlitetest.Copy(e.dsn); err != nil {
			t.Fatal(err)
		}
	case "postgres":
		e.dsn = pgtest.Recycled(t)
	}
	st, err := store.Open(ctx, e.dsn)
	if err != nil {
		t.Fatal(err)
	}
	e.st = st
	// Time moves only as the test says (and the real binary's tests
	// only, crash_test.go, read the real clock).
	e.clock.Freeze()
	e.start()
	t.Cleanup(e.stop)
	return e
}

func (e *env) start() {
	e.t.Helper()
	if e.st == nil {
		st, err := store.Open(context.Background(), e.dsn)
		if err != nil {
			e.t.Fatal(err)
		}
		e.st = st
	}
	cfg := Config{Store: e.st, Variants: registry(), Now: e.clock.Now, Poll: 50 * time.Millisecond,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), MinPhase: time.Second, InsecurePasswordHashing: true,
		// Tests make accounts and send press faster than people do; the
		// limits on volume have their own tests (limits_test.go).
		PressPerUser: Rate{N: -1}, PressPerGame: Rate{N: -1}, SignUpsPerAddress: Rate{N: -1}}
	if e.tune != nil {
		e.tune(&cfg)
	}
	srv, err := New(cfg)
	if err != nil {
		e.t.Fatal(err)
	}
	e.srv = srv
	e.hs = httptest.NewServer(e.sent.record(srv.Handler()))
	e.URL = e.hs.URL + "/api/v1"
}

// bodyLog records response bodies.
type bodyLog struct {
	mu     sync.Mutex
	bodies []*bytes.Buffer
}

// record returns h with every response body it writes copied to the log.
func (l *bodyLog) record(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rw := &recorder{ResponseWriter: w, l: l, buf: new(bytes.Buffer)}
		l.mu.Lock()
		l.bodies = append(l.bodies, rw.buf)
		l.mu.Unlock()
		h.ServeHTTP(rw, r)
	})
}

// each calls fn with each body recorded so far.
func (l *bodyLog) each(fn func(body []byte)) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, b := range l.bodies {
		body := b.Bytes()
		// A gzipped answer is read as its client reads it.
		if zr, err := gzip.NewReader(bytes.NewReader(body)); err == nil {
			if plain, err := io.ReadAll(zr); err == nil {
				body = plain
			}
		}
		fn(body)
	}
}

// recorder is a ResponseWriter that copies the body to a buffer of its
// log; it flushes, for event streams.
type recorder struct {
	http.ResponseWriter
	l   *bodyLog
	buf *bytes.Buffer
}

func (w *recorder) Write(b []byte) (int, error) {
	w.l.mu.Lock()
	w.buf.Write(b)
	w.l.mu.Unlock()
	return w.ResponseWriter.Write(b)
}

func (w *recorder) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (w *recorder) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// stop closes the server and its database, as a shutdown does.
func (e *env) stop() {
	if e.hs == nil {
		return
	}
	e.hs.CloseClientConnections()
	e.srv.Close()
	e.hs.Close()
	e.st.Close()
	e.hs, e.st = nil, nil
}

// restart stops the server and starts a new one on the same database.
func (e *env) restart() {
	e.stop()
	e.start()
}

// client is a user of the API.
type client struct {
	e     *env
	name  string
	token string
}

type response struct {
	Status int
	Body   []byte
	Header http.Header
}

func (r response) json(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("decoding %s: %v", r.Body, err)
	}
}

func (r response) m(t testing.TB) map[string]any {
	t.Helper()
	var v map[string]any
	r.json(t, &v)
	return v
}

// do sends a request; body is JSON-encoded unless it is a string or []byte.
func (c *client) do(method, path string, body any) response {
	c.e.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = bytes.NewBufferString(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		data, _ := json.Marshal(b)
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, c.e.URL+path, rd)
	if err != nil {
		c.e.t.Fatal(err)
	}
	if c != nil && c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.e.http().Do(req)
	if err != nil {
		c.e.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return response{Status: resp.StatusCode, Body: data, Header: resp.Header}
}

// must sends a request and fails the test unless the status is want.
func (c *client) must(want int, method, path string, body any) response {
	c.e.t.Helper()
	r := c.do(method, path, body)
	if r.Status != want {
		c.e.t.Fatalf("%s %s: status %d, want %d: %s", method, path, r.Status, want, r.Body)
	}
	return r
}

var userSeq atomic.Int64

// user registers and signs in a new user.
func (e *env) user() *client {
	e.t.Helper()
	name := fmt.Sprintf("player%d", userSeq.Add(1))
	c := &client{e: e, name: name}
	c.must(201, "POST", "/users", map[string]string{"name": name, "password": "secret password"})
	c.signIn()
	return c
}

// signIn opens a new session for c, whose token c uses from now on.
func (c *client) signIn() {
	c.e.t.Helper()
	var s struct{ Token string }
	c.must(201, "POST", "/sessions", map[string]string{"name": c.name, "password": "secret password"}).json(c.e.t, &s)
	c.token = s.Token
}

// gameView is the part of GET /games/{id} the tests read.
type gameView struct {
	ID      string
	Status  string
	Seq     int
	Version int64
	Phase   struct {
		Season, Type string
		Year         int
	}
	Units    []struct{ Power, Type, Province string }
	Centres  map[string]string
	MyPower  string `json:"my_power"`
	MyOrders *struct {
		Orders []string
		Ready  bool
	} `json:"my_orders"`
	Last *struct {
		Results []struct{ Power, Order, Result, Reason string }
	}
	End *struct {
		Reason, Winner string
		Powers         []string
	}
	Powers []struct {
		Power  string
		Player string
		Bot    bool
		Ready  bool
	}
}

func (c *client) game(id string) gameView {
	c.e.t.Helper()
	var g gameView
	c.must(200, "GET", "/games/"+id, nil).json(c.e.t, &g)
	return g
}

// stepPatience bounds how long a test waits for one thing the server
// does in the background. It takes milliseconds on a quiet machine and
// seconds on one shared by dozens of processes; three minutes is far
// beyond any slowness, so that a test waiting for what never comes fails
// in minutes, not at go test's timeout, and with its own message.
const stepPatience = 3 * time.Minute

// patience is when a test gives up waiting for something the server does
// in the background: stepPatience from now, or shortly before the test
// binary's own timeout (go test -timeout) if that comes sooner.
func patience(t testing.TB) time.Time {
	end := time.Now().Add(stepPatience)
	if d, ok := t.(interface{ Deadline() (time.Time, bool) }); ok {
		if last, ok := d.Deadline(); ok {
			if soon := last.Add(-time.Until(last) / 10); soon.Before(end) {
				end = soon
			}
		}
	}
	return end
}

// giveUp is a channel that delivers at patience(t).
func giveUp(t testing.TB) <-chan time.Time {
	return time.After(time.Until(patience(t)))
}

// eventually polls cond until it holds, and reports false if patience
// runs out first.
func eventually(t testing.TB, cond func() bool) bool {
	end := patience(t)
	for !cond() {
		if time.Now().After(end) {
			return false
		}
		time.Sleep(10 * time.Millisecond)
	}
	return true
}

// waitSeq polls until the game has played seq phases.
func (c *client) waitSeq(id string, seq int) gameView {
	c.e.t.Helper()
	var g gameView
	if !eventually(c.e.t, func() bool {
		g = c.game(id)
		return g.Seq >= seq || g.Status == "finished"
	}) {
		c.e.t.Fatalf("game %s: still at seq %d, waiting for %d", id, g.Seq, seq)
	}
	return g
}

// newGame creates a game and returns its id.
func (c *client) newGame(body map[string]any) string {
	c.e.t.Helper()
	var out struct{ ID string }
	c.must(201, "POST", "/games", body).json(c.e.t, &out)
	return out.ID
}

// try sends a request to a full URL and returns the error, if any; for
// loops that expect the server to go away.
func (c *client) try(method, url, body string) error {
	req, err := http.NewRequest(method, url, bytes.NewBufferString(body))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	return resp.Body.Close()
}
