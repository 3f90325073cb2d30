// Package store keeps Chancery's accounts, games, orders, history and
// press. One interface, [Store], has two back ends behind database/sql: an
// embedded SQLite file (pure Go, modernc.org/sqlite: the default, nothing
// to install) and PostgreSQL (github.com/jackc/pgx/v5), which several
// server processes may share.
//
// Work happens in transactions: [Store.View] for reads, [Store.Update]
// for writes. A game that is about to change is read with [Tx.Game] and
// lock set, which on PostgreSQL takes the row lock (SELECT ... FOR UPDATE)
// so that two processes never change one game at once; [Tx.ClaimDue]
// takes the next game whose deadline has passed with FOR UPDATE SKIP
// LOCKED, so processes share the deadline work without waiting for each
// other. SQLite serialises every write transaction (BEGIN IMMEDIATE on one
// connection), which gives the same guarantees inside one process; a SQLite
// file must not be shared by several processes.
//
// Every query is a constant string with placeholders; nothing from a
// request is ever spliced into SQL. The schema is migrated on Open from
// the embedded migrations/*.sql files.
package store

import (
	"context"
	"errors"
	"time"
)

// The errors of the store.
var (
	// ErrNotFound: no such row.
	ErrNotFound = errors.New("not found")
	// ErrConflict: a row with that key (a user's name) already exists.
	ErrConflict = errors.New("already exists")
	// ErrConfusable: a user's name looks like the name of another (their
	// keys differ, they share a skeleton: username.Skeletons).
	ErrConfusable = errors.New("looks like an existing name")
	// ErrNoListen: the database cannot tell other processes of changes
	// (SQLite); they must poll.
	ErrNoListen = errors.New("this database does not announce changes")
)

// Store is a Chancery database.
type Store interface {
	// View runs fn in a read-only transaction, whose reads all see the
	// database at one moment (a snapshot), on both databases: what one
	// read finds, another read of the same View never contradicts.
	View(ctx context.Context, fn func(Tx) error) error
	// Update runs fn in a read-write transaction, committed if fn returns
	// nil and rolled back otherwise.
	Update(ctx context.Context, fn func(Tx) error) error
	// Dialect is "sqlite" or "postgres".
	Dialect() string

	// Notify announces to every process listening on the database that
	// game id has changed. On SQLite it does nothing.
	Notify(ctx context.Context, id string) error
	// Listen calls changed with the id of each game announced by Notify,
	// in any process, until ctx ends; it then returns ctx's error. After
	// each (re)connection it calls changed with "" (anything may have
	// changed while it was not listening), so a caller can catch up.
	// A lost connection is reported to lost (when not nil) and made
	// again. On SQLite it returns ErrNoListen at once.
	Listen(ctx context.Context, changed func(id string), lost func(error)) error

	Close() error
}

// Tx is the work that can be done in one transaction.
type Tx interface {
	// CreateUser stores a new user: ErrConflict if a user has the same
	// name (username.Fold), ErrConfusable if one has a name that looks
	// like it (username.Skeletons).
	CreateUser(u *User) error
	UserByName(name string) (*User, error)
	// Setting returns the value of a server-wide setting, ErrNotFound if
	// it has none.
	Setting(name string) (string, error)
	// InitSetting gives a setting its value unless it has one already, so
	// that processes starting together keep the first value written.
	InitSetting(name, value string) error
	CreateSession(s *Session) error
	// SessionUser returns the user of a live session: not expired at now,
	// not revoked.
	SessionUser(tokenHash string, now time.Time) (*User, error)
	RevokeSession(tokenHash string) error

	// CreateGame stores a new game, giving it a secret (see GameRow) unless
	// it has one.
	CreateGame(g *GameRow) error
	// Game reads a game; lock takes its row lock until the end of the
	// transaction (in Update only).
	Game(id string, lock bool) (*GameRow, error)
	// SaveGame writes a game's changes and bumps its version.
	SaveGame(g *GameRow) error
	// GameVersion returns a game's version, phase counter and status,
	// without reading its data: what a live-update stream watches.
	GameVersion(id string) (version int64, seq int, status string, err error)
	ListGames(f GameFilter) ([]*GameRow, error)
	// Lobby returns the mark of what userID's lobby shows (see
	// LobbyMark), read at one moment: what a lobby's live-update stream
	// watches.
	Lobby(userID string) (LobbyMark, error)
	// UnfinishedGames counts the games userID created that have not
	// finished (forming or active). In Update it first locks the user's
	// row (on PostgreSQL), so that two creations by one user, counted
	// before they create, take turns.
	UnfinishedGames(userID string) (int, error)
	AddPlayer(gameID, userID, power string) error
	// RemovePlayer gives back userID's seat in a game: ErrNotFound if the
	// user has none.
	RemovePlayer(gameID, userID string) error
	// ClaimDue returns the id of an active game whose deadline is at or
	// before now, locked for this transaction and skipped by the others'
	// claims; ok is false when there is none.
	ClaimDue(now time.Time) (id string, ok bool, err error)
	// Hold moves an active game's place in the deadline queue to until,
	// changing neither the game nor its version: claims (in any process)
	// skip it until then, or until the game is next saved, SaveGame
	// putting it back at the deadline the game states. A scheduler holds
	// a game it has claimed while it works on it outside any transaction.
	Hold(id string, until time.Time) error
	// NextDeadline returns the earliest deadline of an active game.
	NextDeadline() (time.Time, bool, error)

	PutOrders(o *Orders) error
	// Orders returns the orders given for phase seq of a game.
	Orders(gameID string, seq int) ([]*Orders, error)

	AddPhase(p *Phase) error
	// Phases returns the records of a game's phases, in order.
	Phases(gameID string) ([]*Phase, error)
	// RecentPhases returns when the latest phases of the active games
	// creator created were played, newest first: at most n, none at or
	// before since.
	RecentPhases(creator string, since time.Time, n int) ([]time.Time, error)
	// Phase returns the record of phase seq of a game, ErrNotFound when
	// it has none (the phase has not been played).
	Phase(gameID string, seq int) (*Phase, error)

	// AddMessage stores a message. Its Created time is raised, if need
	// be, past the game's last message, so that times are unique and
	// grow in the order messages are stored; a reader that has seen a
	// time then never misses a later message, provided the caller holds
	// the game's row lock (Game with lock) so that sends to one game
	// commit one at a time.
	AddMessage(m *Message) error
	// Messages returns the messages of a game that power sent or
	// received while userID held it (Message's Sender and Readers),
	// created after the given time (Unix microseconds), oldest first, at
	// most limit (and at most 10,000).
	Messages(gameID, power, userID string, after int64, limit int) ([]*Message, error)
	// LastMessage returns the Created time (Unix microseconds) of a
	// game's last message, 0 when it has none: the cursor from which a
	// reader that wants only what comes next reads (Messages), since a
	// message stored later gets a later time whatever the clock of the
	// process that stores it (AddMessage).
	LastMessage(gameID string) (int64, error)
	// PassPress gives the press of a game's power sent or received while
	// user from held it to user to, who holds the power now: what a
	// substitute inherits (server/press.go says when).
	PassPress(gameID, power, from, to string) error
	// PressSize returns the characters of all a game's messages' bodies.
	PressSize(gameID string) (int64, error)

	// AddDues records who owed orders in phase seq of a game and whether
	// they gave any; a phase's dues recorded already are kept as they
	// were.
	AddDues(gameID string, seq int, dues []Due) error
	// Reliability counts the phases userID owed orders in and gave them,
	// overall and since since.
	Reliability(userID string, since time.Time) (Reliability, error)
	// AddDeparture records that userID left a game (how: Left or
	// Replaced); a departure recorded already is kept as it was.
	AddDeparture(gameID, userID, how string, at time.Time) error
	MailTx
	PushTx
}

// Due is one person's obligation in a phase played: the power they
// played, and whether they gave orders.
type Due struct {
	Power  string
	UserID string
	Given  bool
	At     time.Time
}

// Reliability is a user's record of giving orders: the phases they owed
// orders in and those they gave them in, overall and recently.
type Reliability struct {
	Due, Given             int
	DueRecent, GivenRecent int
	// Left and Replaced count the games they left and those they were
	// replaced in (AddDeparture).
	Left, Replaced int
}

// The ways a person departs from a game (Tx.AddDeparture).
const (
	// Left: the game ended with their seat played by a bot that took it
	// over for their missed orders.
	Left = "left"
	// Replaced: the game master opened their seat for a substitute.
	Replaced = "replaced"
)

// MailTx is the work of accounts' e-mail, password resets and the outbox
// of notifications (store/mail.go).
type MailTx interface {
	UserByID(id string) (*User, error)
	// UsersByEmail returns the users who gave address email (verified or
	// not), oldest first, at most 20.
	UsersByEmail(email string) ([]*User, error)
	// UserByCalendarKey returns the user whose calendar feed has key.
	UserByCalendarKey(key string) (*User, error)
	SetEmail(userID, email string, verified bool) error
	SetUserPrefs(userID, language, notify string) error
	SetCalendarKey(userID, key string) error
	SetPassword(userID, hash string) error
	// RevokeSessions revokes every session of a user.
	RevokeSessions(userID string) error

	CreateToken(t *Token) error
	// UseToken spends a token of kind: ErrNotFound when there is none
	// with that hash, or it was spent, or it expired at now.
	UseToken(hash, kind string, now time.Time) (*Token, error)
	// DropTokens spends every unspent token of kind of a user.
	DropTokens(userID, kind string) error

	// Enqueue queues an item, unless one with the same Dedup is queued.
	Enqueue(o *OutboxItem) error
	// ClaimOutbox takes up to n pending items of channel due at now
	// whose lease has ended, gives each a lease until now+lease and
	// counts the attempt. On PostgreSQL other claims skip the rows until
	// the transaction ends (FOR UPDATE SKIP LOCKED), and the lease
	// keeps them off after: one sender sends each item, in any number of
	// processes.
	ClaimOutbox(channel string, now time.Time, lease time.Duration, n int) ([]*OutboxItem, error)
	// SettleOutbox ends a pending item: sent, dropped or failed.
	SettleOutbox(id, state, lastError string, now time.Time) error
	// RetryOutbox gives a pending item back, to be tried again at due.
	RetryOutbox(id string, due time.Time, lastError string) error
	// OutboxItems lists the items of a channel, oldest first.
	OutboxItems(channel string, limit int) ([]*OutboxItem, error)
	// NextOutboxDue is when the next pending item of channel may be
	// claimed.
	NextOutboxDue(channel string) (time.Time, bool, error)

	// PressMarks returns the time (Unix microseconds) of the latest
	// message of a game that the user has seen on the site, and of the
	// latest sent by mail.
	PressMarks(userID, gameID string) (seen, mailed int64, err error)
	// MarkPress raises the marks (a mark never goes back).
	MarkPress(userID, gameID string, seen, mailed int64) error
}

// User is an account.
type User struct {
	ID       string
	Name     string
	PassHash string
	Created  time.Time
	// Email is the user's address ("" for none), EmailVerified set once
	// the link sent to it was followed: nothing but that link is sent to
	// an address not verified.
	Email         string
	EmailVerified bool
	// Language is the language of the mails sent to the user ("en",
	// "fr", "ja").
	Language string
	// Notify is the user's notification settings as JSON, "" for the
	// defaults (the server reads it).
	Notify string
	// CalendarKey is the secret of the user's calendar feed, "" until
	// one is made.
	CalendarKey string
}

// Session is a bearer token's record; the token itself is never stored.
type Session struct {
	TokenHash string
	UserID    string
	Created   time.Time
	Expires   time.Time
}

// GameRow is a game's row: a few columns the store queries, and the game's
// state as a JSON document.
type GameRow struct {
	ID       string
	Kind     string
	Variant  string
	Name     string
	Status   string
	Seq      int
	Deadline time.Time // zero: none
	Version  int64
	Data     []byte
	Created  time.Time
	Updated  time.Time
	// Secret is random, made by CreateGame (when empty) and never
	// changed: it seeds the game's bots. It must never leave the server.
	Secret []byte
	// Creator is the id of the user who created the game.
	Creator string
	// Press ("full", "public" or "none"), Private and Spectators are the
	// creator's settings (table.Settings), fixed when the game is made.
	// CreateGame takes them as they are (a GameRow left zero admits no
	// spectators) and refuses any other Press.
	Press      string
	Private    bool
	Spectators bool
	// Wanted counts the seats that wait for a substitute (the game's
	// table says which): the lobby lists such games.
	Wanted int
}

// GameFilter selects games for ListGames.
type GameFilter struct {
	Status string // "" for any
	UserID string // only games this user plays, unless ""
	// Viewer, unless "", leaves out the games closed to this user, who
	// neither created nor plays them: private games, and games that
	// have started and admit no spectators.
	Viewer string
	// Wanted selects the active games with a seat that waits for a
	// substitute, open to Viewer.
	Wanted bool
	Limit  int
}

// LobbyMark sums up, in a few numbers, what a user's lobby lists: two
// marks differ when, between their readings, a game was created, a
// forming game changed (a seat was taken), a game started or finished, a
// game the user plays and has not finished changed (a phase played, a
// deadline moved), or the user's orders in one did (ready or not). A game
// the user does not play going on from phase to phase leaves it alone.
//
// It holds counts and sums only: nothing of any game in particular. It
// relies on what the store guarantees: games are never deleted (a
// cancelled game is finished, not deleted), their status only moves on
// (forming, active, finished), SaveGame bumps the version, and a seat is
// only ever taken or given back with the game created or saved in the
// same transaction.
type LobbyMark struct {
	// Forming, Active and Finished count the games of each status: equal
	// counts mean no game was created and none changed status.
	Forming, Active, Finished int64
	// FormingVersions sums the versions of the forming games: with the
	// counts equal, the same forming games, so it grows with any change
	// to one of them.
	FormingVersions int64
	// MineVersions sums the versions of the unfinished games the user
	// plays.
	MineVersions int64
	// Orders, OrdersReady and OrdersUpdated are the count of the user's
	// orders rows, how many say ready, and when the latest was given
	// (Unix milliseconds).
	Orders, OrdersReady, OrdersUpdated int64
	// Wanted counts the games under way with a seat waiting for a
	// substitute, and WantedVersions sums their versions.
	Wanted, WantedVersions int64
}

// Orders are one power's orders for one phase.
type Orders struct {
	GameID  string
	Power   string
	Seq     int
	Orders  []byte // JSON list of orders
	Ready   bool
	Updated time.Time
}

// Phase is one entry of a game's history.
type Phase struct {
	GameID  string
	Seq     int
	Name    string
	Data    []byte // JSON
	Created time.Time
}

// Message is one press message.
type Message struct {
	ID      string
	GameID  string
	From    string
	To      []string
	Body    string
	Created int64 // Unix microseconds
	// Sender is the id of the user who sent it, and Readers[i] that of
	// the user who held the power To[i] when it was sent ("" for no one):
	// only they read it, as the powers' players.
	Sender  string
	Readers []string
}
