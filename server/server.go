// Package server is Chancery's HTTP server: a JSON API under /api/v1
// (documented in api/openapi.yaml), live updates as server-sent events,
// accounts and sessions, and the deadline scheduler that adjudicates
// phases.
//
// The server keeps no game in memory between requests: every request
// reads and writes the store in one transaction, so several processes can
// serve one PostgreSQL database, and a process killed at any moment leaves
// either the state before a change or the state after it. The scheduler
// claims due games one at a time (on PostgreSQL with FOR UPDATE SKIP
// LOCKED) and adjudicates each in the transaction that records the phase,
// so a phase is never resolved twice and a phase that fell due while no
// server ran is resolved when one starts.
package server

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"path"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/chancery/chancery/mail"
	"github.com/chancery/chancery/store"
	"github.com/chancery/chancery/table"
	"github.com/chancery/chancery/table/diceplomacy"
	"github.com/chancery/chancery/table/diplomacy"
	"github.com/chancery/chancery/variants"
	"github.com/chancery/chancery/web"
)

// Config configures a Server. Store is required; the rest has defaults.
type Config struct {
	Store store.Store
	// Variants defaults to variants.Load().
	Variants *variants.Registry
	// Kinds are the kinds of game the server plays, in the order GET
	// /variants lists them. Default: Diplomacy in Variants, then
	// Diceplomacy.
	Kinds  []table.Kind
	Logger *slog.Logger
	// Now is the clock (tests move it); defaults to time.Now.
	Now func() time.Time
	// Poll is how often the scheduler looks for due games when it knows
	// of none sooner (other processes may set deadlines), and how often a
	// live-update stream checks for changes made by other processes when
	// the database cannot announce them (SQLite; on PostgreSQL they come
	// by LISTEN/NOTIFY and streams check only every 30 polls, in case).
	// Default 1s.
	Poll time.Duration
	// TokenTTL is how long a session token lives. Default 30 days.
	TokenTTL time.Duration
	// NoScheduler turns off deadline processing in this process.
	NoScheduler bool

	// Per-user limits: a request beyond one is refused with 429 and a
	// message that says which.

	// MaxGamesPerUser bounds the games a user has created that have not
	// finished (forming or active). Default 20; negative: no bound.
	MaxGamesPerUser int
	// MinPhase is the shortest phase (Diceplomacy: decision) a new game
	// may have; it is rounded up to whole seconds. Default a minute.
	//
	// Together they pace the phases of the games a user created: at
	// most MaxGamesPerUser phases in any MinPhase, what as many games of
	// the shortest phases would play, however soon their players are
	// ready.
	MinPhase time.Duration
	// MaxStreamsPerUser bounds the live-update streams one user has open
	// on this process. Default 8; negative: no bound.
	MaxStreamsPerUser int

	// LoginWorkBits is the proof of work asked of an anonymous sign-in
	// while many wrong passwords were tried for its name (work.go): the
	// leading zero bits of a SHA-256, each bit doubling the work. Default
	// 20 (about a million hashes, a second or so in a browser).
	LoginWorkBits int

	// Limits on volume, each a token bucket (Rate): a request beyond one
	// is refused with 429, a Retry-After header and a code.

	// PressPerUser bounds the press one user sends, in all games.
	// Default 30/1m: 30 at once, then one every 2 seconds.
	PressPerUser Rate
	// PressPerGame bounds the press sent in one game, by all its
	// players. Default 120/1m.
	PressPerGame Rate
	// SignUpsPerAddress bounds the accounts made from one client address
	// (behind a reverse proxy, from all clients together). Default 20/1h.
	SignUpsPerAddress Rate
	// MaxPressPerGame bounds the characters of all the press of one
	// game; past it, press is refused (409). Default 2,000,000;
	// negative: no bound.
	MaxPressPerGame int64

	// InsecurePasswordHashing, for tests only, hashes new passwords with
	// Argon2id's cheapest parameters (one pass over 8 KiB) instead of
	// production's 19 MiB and two passes, which cost a core tens of
	// milliseconds per registration and sign-in. Never set it in a server
	// that stores real passwords: they could be guessed. The command
	// line has no flag for it.
	InsecurePasswordHashing bool

	// Mail sends the server's e-mail (verifications, password resets,
	// notifications); nil: no mail is sent, which the server logs once
	// at start.
	Mail mail.Sender
	// PublicURL is where people reach the server ("https://example.org"),
	// for the links in mails and the calendar feed. Default
	// "http://localhost:8080".
	PublicURL string
	// MailLease is how long a process that claimed a mail has to send
	// it before another may (it died). Default 5 minutes.
	MailLease time.Duration
	// MailRetry is the pause before a mail not sent is tried again; it
	// doubles with each attempt, up to 6 hours. Default 30 s.
	MailRetry time.Duration
	// PushClient posts Web Push messages to browsers' push services; nil:
	// a client that reaches only public addresses (tests give one that
	// trusts their own push service). Pushes share the outbox, and
	// MailLease and MailRetry, with mail.
	PushClient *http.Client
	// VerifiesPerUser bounds the addresses one user may give (each is
	// sent a verification mail). Default 5/1h.
	VerifiesPerUser Rate
	// ResetsPerClient bounds the password resets asked or tried from one
	// client address; ResetsPerAddress the reset mails sent to one
	// e-mail address. Defaults 10/1h and 3/1h.
	ResetsPerClient, ResetsPerAddress Rate
}

// The defaults of the per-user limits.
const (
	DefaultMaxGamesPerUser   = 20
	DefaultMinPhase          = time.Minute
	DefaultMaxStreamsPerUser = 8
	DefaultLoginWorkBits     = 20
	DefaultMaxPressPerGame   = 2_000_000
)

// The default rates of the limits on volume.
var (
	DefaultPressPerUser      = Rate{N: 30, Per: time.Minute}
	DefaultPressPerGame      = Rate{N: 120, Per: time.Minute}
	DefaultSignUpsPerAddress = Rate{N: 20, Per: time.Hour}
	DefaultVerifiesPerUser   = Rate{N: 5, Per: time.Hour}
	DefaultResetsPerClient   = Rate{N: 10, Per: time.Hour}
	DefaultResetsPerAddress  = Rate{N: 3, Per: time.Hour}
)

// Server serves the API. Create it with New, serve Handler (or use
// ListenAndServe), and Close it to stop the scheduler and live streams.
type Server struct {
	cfg     Config
	st      store.Store
	kinds   *table.Registry
	log     *slog.Logger
	now     func() time.Time
	hub     *hub
	cache   gameCache
	mux     *http.ServeMux
	hashing chan struct{} // bounds concurrent password hashing
	// argon is the cost of new password hashes, and dummyHash is checked
	// against for unknown names, at that cost.
	argon     argonCost
	dummyHash string
	logins    *loginGuard
	work      *workGuard
	// The limits on volume (Config).
	userPress, gamePress, signUps *limiter
	// The limits on mail (Config).
	verifies, resetsByClient, resetsByAddress *limiter
	// mail and push are the outbox's channels.
	mail, push *outboxChannel
	// vapid is the server's VAPID key pair; pushClient posts pushes.
	vapid      vapidKeys
	pushClient *http.Client
	devices    *deviceSigner
	wake       chan struct{} // pokes the scheduler
	stop       chan struct{}
	done       chan struct{}
	once       sync.Once

	// boardFiles are the variants' boards as GET board.svg serves them,
	// each read and compressed once.
	boardFiles boardFiles
	// zippers are gzip writers kept for the next JSON answer.
	zippers sync.Pool

	// gameID makes the id of a new game: newID, unless a test wants two
	// games alike in everything a player can see.
	gameID func() string

	// lobbyTimer and lobbyRead, when set (by a test), are the timer of a
	// lobby stream's quiet interval (time.After otherwise) and a call
	// before each read of a lobby mark: a test holds the streams quiet
	// and counts their reads.
	lobbyTimer func(time.Duration) <-chan time.Time
	lobbyRead  func()

	// passwordChecked, when set (by a test), is called before each
	// password hash is checked: a test counts the checks.
	passwordChecked func()

	// listening is set while changes made by other processes arrive as
	// notifications (PostgreSQL), so streams need not poll.
	listening    atomic.Bool
	stopListen   context.CancelFunc
	listenClosed chan struct{}
}

// New returns a server and starts its scheduler.
func New(cfg Config) (*Server, error) {
	if cfg.Store == nil {
		return nil, errors.New("server: no store")
	}
	if cfg.Variants == nil {
		reg, err := variants.Load()
		if err != nil {
			return nil, err
		}
		cfg.Variants = reg
	}
	if cfg.Kinds == nil {
		cfg.Kinds = []table.Kind{diplomacy.New(cfg.Variants), diceplomacy.Kind{}}
	}
	kinds, err := table.NewRegistry(cfg.Kinds...)
	if err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Poll <= 0 {
		cfg.Poll = time.Second
	}
	if cfg.TokenTTL <= 0 {
		cfg.TokenTTL = 30 * 24 * time.Hour
	}
	if cfg.MaxGamesPerUser == 0 {
		cfg.MaxGamesPerUser = DefaultMaxGamesPerUser
	}
	if cfg.MinPhase <= 0 {
		cfg.MinPhase = DefaultMinPhase
	}
	if cfg.MaxStreamsPerUser == 0 {
		cfg.MaxStreamsPerUser = DefaultMaxStreamsPerUser
	}
	if cfg.LoginWorkBits <= 0 {
		cfg.LoginWorkBits = DefaultLoginWorkBits
	}
	// The web client solves up to 32 bits; the work grows by up to 6.
	cfg.LoginWorkBits = min(cfg.LoginWorkBits, 32-maxExtraWorkBits)
	cfg.PressPerUser = cfg.PressPerUser.orDefault(DefaultPressPerUser)
	cfg.PressPerGame = cfg.PressPerGame.orDefault(DefaultPressPerGame)
	cfg.SignUpsPerAddress = cfg.SignUpsPerAddress.orDefault(DefaultSignUpsPerAddress)
	if cfg.MaxPressPerGame == 0 {
		cfg.MaxPressPerGame = DefaultMaxPressPerGame
	}
	cfg.VerifiesPerUser = cfg.VerifiesPerUser.orDefault(DefaultVerifiesPerUser)
	cfg.ResetsPerClient = cfg.ResetsPerClient.orDefault(DefaultResetsPerClient)
	cfg.ResetsPerAddress = cfg.ResetsPerAddress.orDefault(DefaultResetsPerAddress)
	if cfg.PublicURL == "" {
		cfg.PublicURL = "http://localhost:8080"
	}
	if cfg.MailLease <= 0 {
		cfg.MailLease = 5 * time.Minute
	}
	if cfg.MailRetry <= 0 {
		cfg.MailRetry = 30 * time.Second
	}
	s := &Server{cfg: cfg, st: cfg.Store, kinds: kinds, log: cfg.Logger, now: cfg.Now,
		hub: newHub(), hashing: make(chan struct{}, max(1, runtime.NumCPU())),
		logins: newLoginGuard(10, 15*time.Minute), wake: make(chan struct{}, 1), gameID: newID,
		stop: make(chan struct{}), done: make(chan struct{})}
	kctx, kcancel := context.WithTimeout(context.Background(), 30*time.Second)
	devices, err := loadDeviceSigner(kctx, cfg.Store)
	kcancel()
	if err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	s.devices = devices
	kctx, kcancel = context.WithTimeout(context.Background(), 30*time.Second)
	s.vapid, err = loadVAPID(kctx, cfg.Store)
	kcancel()
	if err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	s.pushClient = cfg.PushClient
	if s.pushClient == nil {
		s.pushClient = publicPushClient()
	}
	s.push = newChannel(channelPush, s.sendPush)
	s.userPress, s.gamePress = newLimiter(cfg.PressPerUser), newLimiter(cfg.PressPerGame)
	s.signUps = newLimiter(cfg.SignUpsPerAddress)
	s.verifies, s.resetsByClient = newLimiter(cfg.VerifiesPerUser), newLimiter(cfg.ResetsPerClient)
	s.resetsByAddress = newLimiter(cfg.ResetsPerAddress)
	s.mail = newChannel(channelEmail, s.sendMail)
	s.work = newWorkGuard(devices.key, cfg.LoginWorkBits)
	s.argon = productionArgon
	if cfg.InsecurePasswordHashing {
		s.argon = insecureArgon
	}
	s.dummyHash = dummyHash(s.argon)
	// Every server may push (its VAPID key is made above): the games'
	// changes queue notifications whether or not mail is sent.
	s.st = mailStore{Store: cfg.Store, s: s}
	s.routes()
	ctx, cancel := context.WithCancel(context.Background())
	s.stopListen, s.listenClosed = cancel, make(chan struct{})
	go s.listen(ctx)
	if cfg.NoScheduler {
		close(s.done)
	} else {
		go s.schedule()
	}
	if cfg.Mail == nil {
		s.log.Info("no mail relay is configured: no mail is sent (no address verification, password reset or notification by mail)")
		close(s.mail.done)
	} else {
		go s.runOutbox(s.mail)
	}
	go s.runOutbox(s.push)
	return s, nil
}

// Handler returns the server's HTTP handler.
func (s *Server) Handler() http.Handler { return http.HandlerFunc(s.serveHTTP) }

// maxHeaderBytes bounds a request's line and headers. The http.Server
// reads up to a mebibyte (answering anything longer itself, in plain
// text), so that serveHTTP can refuse what is over this limit with the
// API's JSON error.
const maxHeaderBytes = 16 << 10

// serveHTTP answers, with the API's JSON error body, the requests that
// http.ServeMux would answer in text or HTML of its own: headers over
// the limit, and paths that are not clean (an empty, "." or ".." segment,
// which the mux redirects to the cleaned path). Every other request goes
// to the mux.
func (s *Server) serveHTTP(w http.ResponseWriter, r *http.Request) {
	if n := headerSize(r); n > maxHeaderBytes {
		w.Header().Set("Connection", "close")
		s.writeError(w, r, errorf(http.StatusRequestHeaderFieldsTooLarge,
			"the request line and headers take %d bytes, more than the %d allowed", n, maxHeaderBytes))
		return
	}
	if p := r.URL.Path; !strings.HasPrefix(p, "/") || strings.TrimSuffix(p, "/") != strings.TrimSuffix(path.Clean(p), "/") {
		s.writeError(w, r, errorf(http.StatusNotFound,
			"no such endpoint: %s %s (a path has no empty, '.' or '..' segment)", r.Method, r.URL.Path))
		return
	}
	s.mux.ServeHTTP(w, r)
}

// headerSize is about what the request's line and headers took on the
// wire, as http.Server's MaxHeaderBytes counts them.
func headerSize(r *http.Request) int {
	n := len(r.Method) + len(r.RequestURI) + len(r.Proto) + 4 + len("Host: \r\n") + len(r.Host)
	for k, vs := range r.Header {
		for _, v := range vs {
			n += len(k) + len(v) + 4
		}
	}
	return n
}

// Close stops the scheduler (waiting for an adjudication under way, its
// bots' thinking included, to commit) and ends the live-update streams.
func (s *Server) Close() {
	s.once.Do(func() {
		close(s.stop)
		s.stopListen()
		s.hub.closeAll()
	})
	<-s.done
	<-s.mail.done
	<-s.push.done
	<-s.listenClosed
}

// listen wakes this process's streams when another process changes a
// game, for as long as the database can tell (PostgreSQL).
func (s *Server) listen(ctx context.Context) {
	defer close(s.listenClosed)
	err := s.st.Listen(ctx, func(id string) {
		if id == "" { // (re)connected: anything may have changed meanwhile
			s.listening.Store(true)
			s.hub.notifyAll()
			return
		}
		s.hub.notify(id)
	}, func(err error) {
		s.listening.Store(false)
		s.log.Warn("lost the database's change notifications; streams poll until they are back", "err", err)
	})
	s.listening.Store(false)
	if err != nil && !errors.Is(err, store.ErrNoListen) && ctx.Err() == nil {
		s.log.Error("listening for changes", "err", err)
	}
}

// changed tells the live-update streams of this process, and through the
// database those of other processes, that game id has changed. It is
// called after the change has been committed.
func (s *Server) changed(id string) {
	s.hub.notify(id)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := s.st.Notify(ctx, id); err != nil {
		// Other processes' streams still find the change when they poll.
		s.log.Warn("announcing a change", "game", id, "err", err)
	}
}

// ListenAndServe serves on addr until ctx is cancelled, then shuts down
// gracefully: no new connections, requests under way finish (within
// grace), the scheduler stops after the phase it is adjudicating.
func (s *Server) ListenAndServe(ctx context.Context, ln net.Listener, grace time.Duration) error {
	hs := s.HTTPServer()
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(jsonErrorListener{ln}) }()
	select {
	case err := <-errc:
		s.Close()
		return err
	case <-ctx.Done():
	}
	s.log.Info("shutting down")
	// Streams never finish by themselves: end them first.
	s.hub.closeAll()
	sctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	err := hs.Shutdown(sctx)
	s.Close()
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	return err
}

// HTTPServer returns an http.Server for the handler with the limits the
// API relies on. ListenAndServe serves it with the few errors net/http
// answers by itself in plain text rewritten as the API's JSON errors
// (wire.go); a caller that serves it otherwise gets those in plain text.
func (s *Server) HTTPServer() *http.Server {
	return &http.Server{
		Handler:           s.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    http.DefaultMaxHeaderBytes, // serveHTTP applies maxHeaderBytes
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
}

// newID returns a random id: 16 characters of base32, 80 bits.
func newID() string {
	var b [10]byte
	_, _ = rand.Read(b[:])
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:]))
}

func (s *Server) routes() {
	m := http.NewServeMux()
	h := func(pattern string, fn handlerFunc) { m.Handle(pattern, s.wrap(fn, false)) }
	auth := func(pattern string, fn handlerFunc) { m.Handle(pattern, s.wrap(fn, true)) }
	h("GET /api/v1/health", s.health)
	h("POST /api/v1/users", signInGuard(s.createUser))
	h("POST /api/v1/sessions", signInGuard(s.createSession))
	auth("DELETE /api/v1/sessions/current", s.deleteSession)
	auth("GET /api/v1/me", s.me)
	auth("PUT /api/v1/me", s.putMe)
	auth("GET /api/v1/me/notifications", s.getNotifications)
	auth("PUT /api/v1/me/notifications", s.putNotifications)
	auth("GET /api/v1/me/push-subscriptions", s.getPushSubscriptions)
	auth("POST /api/v1/me/push-subscriptions", s.postPushSubscription)
	auth("DELETE /api/v1/me/push-subscriptions/{id}", s.deletePushSubscription)
	h("GET /api/v1/me/calendar.ics", s.calendar)
	h("POST /api/v1/email-verifications/{token}", signInGuard(s.verifyEmail))
	h("POST /api/v1/password-resets", signInGuard(s.createPasswordReset))
	h("POST /api/v1/password-resets/{token}", signInGuard(s.resetPassword))
	h("POST /api/v1/unsubscribe/{token}", s.unsubscribe)
	h("GET /api/v1/variants", s.listVariants)
	h("GET /api/v1/variants/{name}", s.variant)
	h("GET /api/v1/variants/{name}/board.svg", s.boardSVG)
	auth("GET /api/v1/users/{name}", s.profile)
	auth("GET /api/v1/games", s.listGames)
	auth("POST /api/v1/games", s.createGame)
	auth("GET /api/v1/games/{id}", s.getGame)
	auth("POST /api/v1/games/{id}/join", s.joinGame)
	auth("POST /api/v1/games/{id}/start", s.startGame)
	auth("POST /api/v1/games/{id}/leave", s.leaveGame)
	auth("POST /api/v1/games/{id}/cancel", s.cancelGame)
	auth("POST /api/v1/games/{id}/pause", s.pauseGame)
	auth("POST /api/v1/games/{id}/resume", s.resumeGame)
	auth("POST /api/v1/games/{id}/extend", s.extendGame)
	auth("POST /api/v1/games/{id}/replace", s.replacePlayer)
	auth("POST /api/v1/games/{id}/remove", s.removePlayer)
	auth("POST /api/v1/games/{id}/master", s.appointMaster)
	auth("POST /api/v1/games/{id}/lengths", s.changeLengths)
	auth("GET /api/v1/games/{id}/log", s.gameLog)
	auth("PUT /api/v1/games/{id}/orders", s.putOrders)
	auth("PUT /api/v1/games/{id}/votes", s.putVotes)
	auth("POST /api/v1/games/{id}/moves", s.postMove)
	auth("GET /api/v1/games/{id}/history", s.history)
	auth("GET /api/v1/games/{id}/record", s.record)
	auth("GET /api/v1/games/{id}/options", s.options)
	auth("GET /api/v1/games/{id}/phases/{n}/map.svg", s.phaseMap)
	auth("POST /api/v1/games/{id}/messages", s.postMessage)
	auth("GET /api/v1/games/{id}/messages", s.getMessages)
	auth("GET /api/v1/games/{id}/events", s.events)
	auth("GET /api/v1/events", s.liveEvents)
	noEndpoint := s.wrap(func(w http.ResponseWriter, r *http.Request) error {
		return errorf(http.StatusNotFound, "no such endpoint: %s %s", r.Method, r.URL.Path)
	}, false)
	m.Handle("/api/", noEndpoint)
	m.Handle("/api", noEndpoint)
	// Everything else is the web client, which only has pages to GET.
	client := web.Handler()
	m.Handle("/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			s.writeError(w, r, errorf(http.StatusMethodNotAllowed, "method %s not allowed: %s is a page of the web client (GET); the API is under /api/v1", r.Method, r.URL.Path))
			return
		}
		client.ServeHTTP(w, r)
	}))
	s.mux = m
}

func (s *Server) health(w http.ResponseWriter, r *http.Request) error {
	return writeJSON(w, http.StatusOK, map[string]any{"ok": true, "store": s.st.Dialect()})
}
