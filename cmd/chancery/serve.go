//go:build !noserve

package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/chancery/chancery/mail"
	"github.com/chancery/chancery/server"
	"github.com/chancery/chancery/store"
)

// runServe is "chancery serve": the game server and its HTTP API.
func runServe(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	db := fs.String("db", "chancery.db", "database: a SQLite file (created if missing) or a postgres:// URL")
	grace := fs.Duration("grace", 10*time.Second, "how long a shutdown waits for requests under way")
	quiet := fs.Bool("quiet", false, "log only warnings and errors")
	maxGames := fs.Int("max-games-per-user", server.DefaultMaxGamesPerUser, "games a user may have created and not finished (negative: no limit)")
	minPhase := fs.Duration("min-phase", server.DefaultMinPhase, "the shortest phase (Diceplomacy: decision) a new game may have")
	maxStreams := fs.Int("max-streams-per-user", server.DefaultMaxStreamsPerUser, "live-update streams a user may have open (negative: no limit)")
	pressPerUser, pressPerGame, signUps := server.DefaultPressPerUser, server.DefaultPressPerGame, server.DefaultSignUpsPerAddress
	fs.Var(&pressPerUser, "press-per-user", "press messages a user may send: N at once, refilled at N per duration (\"off\": no limit)")
	fs.Var(&pressPerGame, "press-per-game", "press messages one game's players may send together, as N/duration (\"off\": no limit)")
	fs.Var(&signUps, "sign-ups-per-address", "accounts that may be made from one client address, as N/duration (\"off\": no limit)")
	maxPress := fs.Int64("max-press-per-game", server.DefaultMaxPressPerGame, "characters of press one game keeps at most (negative: no limit)")
	workBits := fs.Int("login-work-bits", server.DefaultLoginWorkBits, "the proof of work asked of sign-ins to a name under a guessing attack, in bits (each doubles it)")
	smtpURL := fs.String("smtp", os.Getenv("CHANCERY_SMTP"), "the mail relay, smtp://[user:password@]host:port (STARTTLS) or smtps://... (TLS); none: no mail is sent (default $CHANCERY_SMTP)")
	mailFrom := fs.String("mail-from", os.Getenv("CHANCERY_MAIL_FROM"), "the sender of the server's mails, \"Chancery <games@example.org>\" (default $CHANCERY_MAIL_FROM)")
	publicURL := fs.String("public-url", os.Getenv("CHANCERY_PUBLIC_URL"), "where people reach the server, for the links in mails (default $CHANCERY_PUBLIC_URL, else http://ADDR)")
	mailLease := fs.Duration("mail-lease", 5*time.Minute, "how long a mail claimed by a process that died waits before another sends it")
	fs.Usage = func() {
		fmt.Fprint(stderr, `usage: chancery serve [--addr HOST:PORT] [--db PATH_OR_URL]

Serves Diplomacy and Diceplomacy games over HTTP: the JSON API under /api/v1
(api/openapi.yaml, docs/server.md). With no flags it listens on
127.0.0.1:8080 and keeps its data in the SQLite file chancery.db in the
working directory; --db postgres://user@host/db uses PostgreSQL, which
several server processes may share. The schema is migrated on start.
Interrupt (Ctrl-C) or SIGTERM shuts it down gracefully.

Each user may have at most --max-games-per-user games they created that
have not finished, ask for phases no shorter than --min-phase, and keep at
most --max-streams-per-user live-update streams open; a request beyond a
limit is refused (429) with a message that says which. So is press sent
faster than --press-per-user or --press-per-game, and a sign-up beyond
--sign-ups-per-address; a game's press stops at --max-press-per-game
characters (409). The games a user created play at most
--max-games-per-user phases in any --min-phase: a phase that falls due
sooner waits for its turn.

Mail (address verification, password resets, notifications) goes through
the relay of --smtp, from --mail-from; links in mails start with
--public-url. Without --smtp no mail is sent, and "chancery user
reset-password NAME" makes a reset link for a user who lost a password.

`)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "chancery serve: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if *maxGames == 0 || *maxStreams == 0 || *maxPress == 0 || *minPhase < time.Second || *workBits < 1 || *workBits > 26 {
		fmt.Fprintln(stderr, "chancery serve: --max-games-per-user, --max-streams-per-user and --max-press-per-game must not be 0 (negative: no limit), --min-phase at least 1s, --login-work-bits from 1 to 26")
		return 2
	}
	var sender *mail.SMTP
	if *smtpURL != "" {
		if *mailFrom == "" {
			fmt.Fprintln(stderr, "chancery serve: --smtp needs --mail-from (or CHANCERY_MAIL_FROM): the sender of the mails")
			return 2
		}
		c, err := mail.ParseURL(*smtpURL, *mailFrom)
		if err != nil {
			fmt.Fprintf(stderr, "chancery serve: %v\n", err)
			return 2
		}
		sender = mail.NewSMTP(c)
	}
	if *mailLease < time.Second {
		fmt.Fprintln(stderr, "chancery serve: --mail-lease must be at least 1s")
		return 2
	}
	level := slog.LevelInfo
	if *quiet {
		level = slog.LevelWarn
	}
	logger := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	st, err := store.Open(ctx, *db)
	if err != nil {
		fmt.Fprintf(stderr, "chancery serve: database: %v\n", err)
		return 1
	}
	defer st.Close()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "chancery serve: %v\n", err)
		return 1
	}
	if *publicURL == "" {
		*publicURL = "http://" + ln.Addr().String()
	}
	cfg := server.Config{Store: st, Logger: logger,
		MaxGamesPerUser: *maxGames, MinPhase: *minPhase, MaxStreamsPerUser: *maxStreams,
		PressPerUser: pressPerUser, PressPerGame: pressPerGame, SignUpsPerAddress: signUps,
		MaxPressPerGame: *maxPress, LoginWorkBits: *workBits, PublicURL: *publicURL, MailLease: *mailLease}
	if sender != nil {
		cfg.Mail = sender
		logger.Info("mail goes through the relay", "relay", sender.String())
	}
	srv, err := server.New(cfg)
	if err != nil {
		ln.Close()
		fmt.Fprintf(stderr, "chancery serve: %v\n", err)
		return 1
	}
	where := *db
	if strings.Contains(where, "://") {
		where = redact(where)
	} else if abs, err := filepath.Abs(where); err == nil {
		where = abs
	}
	// The first line names the API's root (scripts and tests read its
	// third field); the second tells a person where to point a browser.
	fmt.Fprintf(stdout, "chancery: serving http://%s/api/v1 (%s: %s)\n", ln.Addr(), st.Dialect(), where)
	fmt.Fprintf(stdout, "chancery: open http://%s/ in a browser to play\n", ln.Addr())
	if err := srv.ListenAndServe(ctx, ln, *grace); err != nil {
		fmt.Fprintf(stderr, "chancery serve: %v\n", err)
		return 1
	}
	return 0
}

// redact hides a database URL's password.
func redact(u string) string {
	scheme, rest, ok := strings.Cut(u, "://")
	if !ok {
		return u
	}
	at := strings.LastIndex(rest, "@")
	if at < 0 {
		return u
	}
	cred := rest[:at]
	if name, _, hasPass := strings.Cut(cred, ":"); hasPass {
		cred = name + ":***"
	}
	return scheme + "://" + cred + rest[at:]
}
