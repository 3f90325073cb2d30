package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/url"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/chancery/chancery/internal/username"
)

//go:embed migrations/*.sql
var migrations embed.FS

// db is the database/sql implementation of Store for both dialects.
type db struct {
	dialect string
	dsn     string  // PostgreSQL: for the connection that listens
	w       *sql.DB // writes (SQLite: one connection, BEGIN IMMEDIATE)
	r       *sql.DB // reads (SQLite: a pool of read-only connections)

	// Prepared statements by query text, per pool: preparing costs more
	// than running most of these queries.
	mu    sync.Mutex
	stmts map[*sql.DB]map[string]*sql.Stmt
}

// Open opens (creating it if needed) the database at dsn and migrates its
// schema: a postgres:// or postgresql:// URL for PostgreSQL, otherwise a
// SQLite file path (or a file: URI).
func Open(ctx context.Context, dsn string) (Store, error) {
	var d *db
	var err error
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		d, err = openPostgres(dsn)
	} else {
		d, err = openSQLite(dsn)
	}
	if err != nil {
		return nil, err
	}
	if err := d.migrate(ctx); err != nil {
		d.Close()
		return nil, err
	}
	return d, nil
}

func openPostgres(dsn string) (*db, error) {
	p, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	p.SetMaxOpenConns(32)
	p.SetMaxIdleConns(32)
	p.SetConnMaxIdleTime(5 * time.Minute)
	return &db{dialect: "postgres", dsn: dsn, w: p, r: p}, nil
}

func openSQLite(path string) (*db, error) {
	file := strings.TrimPrefix(path, "file:")
	if i := strings.IndexByte(file, '?'); i >= 0 {
		file = file[:i]
	}
	if file == "" {
		return nil, errors.New("sqlite: empty path")
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return nil, err
	}
	base := "file:" + (&url.URL{Path: abs}).EscapedPath()
	pragmas := "?_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)"
	w, err := sql.Open("sqlite", base+pragmas+"&_txlock=immediate")
	if err != nil {
		return nil, fmt.Errorf("sqlite: %w", err)
	}
	// One writer: SQLite serialises writes anyway, and queueing them in Go
	// is far cheaper than SQLite's busy-wait.
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	w.SetConnMaxIdleTime(0)
	if err := w.Ping(); err != nil {
		w.Close()
		return nil, fmt.Errorf("sqlite %s: %w", abs, err)
	}
	r, err := sql.Open("sqlite", base+pragmas+"&_pragma=query_only(1)")
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("sqlite: %w", err)
	}
	r.SetMaxOpenConns(8)
	r.SetMaxIdleConns(8)
	r.SetConnMaxIdleTime(0)
	r.SetConnMaxLifetime(0)
	return &db{dialect: "sqlite", w: w, r: r}, nil
}

func (d *db) Dialect() string { return d.dialect }

func (d *db) Close() error {
	d.mu.Lock()
	for _, m := range d.stmts {
		for _, st := range m {
			st.Close()
		}
	}
	d.stmts = nil
	d.mu.Unlock()
	err := d.w.Close()
	if d.r != d.w {
		if e := d.r.Close(); err == nil {
			err = e
		}
	}
	return err
}

// q returns the query for the dialect: "?" placeholders become "$1", "$2",
// ... for PostgreSQL. Queries are constants with no "?" in literals.
func (d *db) q(query string) string {
	if d.dialect != "postgres" {
		return query
	}
	return rebind(query)
}

func rebind(query string) string {
	var b strings.Builder
	n := 0
	for i := 0; i < len(query); i++ {
		if query[i] == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteByte(query[i])
	}
	return b.String()
}

// migrate applies the embedded migrations not yet applied, in order, each
// in its own transaction. On PostgreSQL an advisory lock makes processes
// that start together take turns.
func (d *db) migrate(ctx context.Context) error {
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	tx, err := d.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	defer tx.Rollback()
	if d.dialect == "postgres" {
		// 0x636861 is "cha": any constant shared by every process.
		if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock(6514785)"); err != nil {
			return fmt.Errorf("migrate: lock: %w", err)
		}
	}
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied BIGINT NOT NULL)`); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	applied := map[int]bool{}
	rows, err := tx.QueryContext(ctx, "SELECT version FROM schema_migrations")
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	for rows.Next() {
		var v int
		if err := rows.Scan(&v); err != nil {
			rows.Close()
			return err
		}
		applied[v] = true
	}
	rows.Close()
	for _, name := range names {
		base := filepath.Base(name)
		v, err := strconv.Atoi(strings.SplitN(base, "_", 2)[0])
		if err != nil {
			return fmt.Errorf("migrate: %s: the name must start with a number", base)
		}
		if applied[v] {
			continue
		}
		text, err := migrations.ReadFile(name)
		if err != nil {
			return err
		}
		for _, stmt := range splitSQL(string(text)) {
			if _, err := tx.ExecContext(ctx, stmt); err != nil {
				return fmt.Errorf("migrate %s: %w\n%s", base, err, stmt)
			}
		}
		if step := migrationSteps[v]; step != nil {
			if err := step(ctx, d, tx); err != nil {
				return fmt.Errorf("migrate %s: %w", base, err)
			}
		}
		if _, err := tx.ExecContext(ctx, d.q("INSERT INTO schema_migrations (version, name, applied) VALUES (?, ?, ?)"),
			v, base, time.Now().UnixMilli()); err != nil {
			return fmt.Errorf("migrate %s: %w", base, err)
		}
	}
	if err := d.rekeyUsers(ctx, tx); err != nil {
		return fmt.Errorf("migrate: names: %w", err)
	}
	if err := d.skeletonUsers(ctx, tx); err != nil {
		return fmt.Errorf("migrate: name skeletons: %w", err)
	}
	return tx.Commit()
}

// rekeyUsers brings the users' name keys up to the rule of nameKey: keys
// were once the name in lower case, which let look-alikes such as
// fullwidth "ａｌｉｃｅ" register beside "alice". Where two accounts now have
// the same key, the older keeps it, whichever of the two held it before;
// the later one gets an unreachable key (see unreachableKey), so that no
// name typed at sign-in finds it any more, and is logged for an operator
// to rename: a look-alike registered beside a name is the attack these
// keys stop, and the look-alike is the later of the two.
func (d *db) rekeyUsers(ctx context.Context, tx *sql.Tx) error {
	users, err := usersByAge(ctx, tx)
	if err != nil {
		return err
	}
	// Decide every key first, oldest account first.
	type change struct{ id, want string }
	holder := map[string]string{} // key: user id
	var changed []change
	for _, u := range users {
		want := nameKey(u.name)
		if other, ok := holder[want]; ok {
			if u.key != unreachableKey(u.id) {
				slog.Warn("two accounts' names are now the same name: the later cannot sign in until an operator renames it",
					"name", u.name, "user", u.id, "older_user", other)
			}
			want = unreachableKey(u.id)
		} else {
			holder[want] = u.id
		}
		if want != u.key {
			changed = append(changed, change{u.id, want})
		}
	}
	// Then move the keys that change out of the way before writing the
	// new ones: the unique index must hold after each UPDATE, and a key
	// may move from one account to another.
	for _, u := range changed {
		if _, err := tx.ExecContext(ctx, d.q("UPDATE users SET name_key = ? WHERE id = ?"), "MOVING:"+u.id, u.id); err != nil {
			return err
		}
	}
	for _, u := range changed {
		if _, err := tx.ExecContext(ctx, d.q("UPDATE users SET name_key = ? WHERE id = ?"), u.want, u.id); err != nil {
			return err
		}
	}
	return nil
}

// storedUser is a user as the name steps of migrate read it: its name,
// and its name key as stored.
type storedUser struct{ id, name, key string }

// usersByAge reads every user, oldest account first: the order in which
// rekeyUsers and skeletonUsers let the first of two look-alikes keep
// what they share.
func usersByAge(ctx context.Context, tx *sql.Tx) ([]storedUser, error) {
	rows, err := tx.QueryContext(ctx, "SELECT id, name, name_key FROM users ORDER BY created, id")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var users []storedUser
	for rows.Next() {
		var u storedUser
		if err := rows.Scan(&u.id, &u.name, &u.key); err != nil {
			return nil, err
		}
		users = append(users, u)
	}
	return users, rows.Err()
}

// unreachableKey is the name key of an account whose name another, older
// account now has: it holds capital letters, which nameKey never returns,
// so no name typed at sign-in reaches it.
func unreachableKey(id string) string { return "RENAMED:" + id }

// skeletonUsers gives every user the skeletons of its name
// (username.Skeletons) in name_skeletons: the users stored before
// migration 0006, and all of them again should Unicode's confusables
// table change with the library. The older of two accounts that look
// alike keeps each skeleton they share; the later goes without it and is
// logged for an operator to rename: it still signs in, and no new name
// can look like either.
func (d *db) skeletonUsers(ctx context.Context, tx *sql.Tx) error {
	users, err := usersByAge(ctx, tx)
	if err != nil {
		return err
	}
	have := map[string]string{} // skeleton: user id, as stored
	rows, err := tx.QueryContext(ctx, "SELECT skeleton, user_id FROM name_skeletons")
	if err != nil {
		return err
	}
	for rows.Next() {
		var skeleton, id string
		if err := rows.Scan(&skeleton, &id); err != nil {
			rows.Close()
			return err
		}
		have[skeleton] = id
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	// Decide every skeleton first, oldest account first; then delete the
	// rows that change before inserting the new ones, since a skeleton
	// may move from one account to another.
	want := map[string]string{} // skeleton: user id
	for _, u := range users {
		for _, s := range username.Skeletons(u.name) {
			if other, ok := want[s]; ok {
				if u.key == unreachableKey(u.id) {
					continue // has the name of another: logged by rekeyUsers
				}
				slog.Warn("two accounts' names look alike: the later lacks a skeleton of its name, and should be renamed",
					"name", u.name, "user", u.id, "older_user", other, "skeleton", s)
				continue
			}
			want[s] = u.id
		}
	}
	for s, id := range have {
		if want[s] != id {
			if _, err := tx.ExecContext(ctx, d.q("DELETE FROM name_skeletons WHERE skeleton = ?"), s); err != nil {
				return fmt.Errorf("skeleton %q of user %s: %w", s, id, err)
			}
		}
	}
	for s, id := range want {
		if have[s] != id {
			if _, err := tx.ExecContext(ctx, d.q("INSERT INTO name_skeletons (skeleton, user_id) VALUES (?, ?)"), s, id); err != nil {
				return fmt.Errorf("skeleton %q of user %s: %w", s, id, err)
			}
		}
	}
	return nil
}

// migrationSteps are the parts of migrations that SQL cannot say
// portably, by migration number: each runs in the migration's transaction,
// after its SQL.
var migrationSteps = map[int]func(ctx context.Context, d *db, tx *sql.Tx) error{
	2: fillSecretsAndCreators,
}

// fillSecretsAndCreators gives each game stored before migration 0002 a
// secret of its own and its creator's column, read from its JSON.
func fillSecretsAndCreators(ctx context.Context, d *db, tx *sql.Tx) error {
	rows, err := tx.QueryContext(ctx, "SELECT id, data FROM games WHERE secret = ''")
	if err != nil {
		return fmt.Errorf("games without a secret: %w", err)
	}
	type game struct{ id, creator string }
	var games []game
	for rows.Next() {
		var g game
		var data string
		if err := rows.Scan(&g.id, &data); err != nil {
			rows.Close()
			return err
		}
		var head struct {
			Creator string `json:"creator"`
		}
		// A game whose JSON cannot be read keeps no creator: it is
		// not counted against anyone.
		_ = json.Unmarshal([]byte(data), &head)
		g.creator = head.Creator
		games = append(games, g)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, g := range games {
		if _, err := tx.ExecContext(ctx, d.q("UPDATE games SET secret = ?, creator = ? WHERE id = ?"),
			hex.EncodeToString(newSecret()), g.creator, g.id); err != nil {
			return fmt.Errorf("game %s: %w", g.id, err)
		}
	}
	return nil
}

// Settings.

func (t *sqlTx) Setting(name string) (string, error) {
	var v string
	if err := t.row("SELECT value FROM settings WHERE name = ?", name).Scan(&v); err != nil {
		return "", notFound(err)
	}
	return v, nil
}

func (t *sqlTx) InitSetting(name, value string) error {
	_, err := t.exec("INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING", name, value)
	return err
}

// splitSQL splits a migration into statements at semicolons that end a
// line, dropping comment lines.
func splitSQL(text string) []string {
	var out []string
	var cur strings.Builder
	for _, line := range strings.Split(text, "\n") {
		if t := strings.TrimSpace(line); t == "" || strings.HasPrefix(t, "--") {
			continue
		}
		if i := strings.Index(line, "--"); i >= 0 {
			line = line[:i]
		}
		cur.WriteString(line)
		cur.WriteByte('\n')
		if strings.HasSuffix(strings.TrimSpace(line), ";") {
			out = append(out, strings.TrimSpace(cur.String()))
			cur.Reset()
		}
	}
	if s := strings.TrimSpace(cur.String()); s != "" {
		out = append(out, s)
	}
	return out
}

// viewOptions are the options of a View's transaction: on PostgreSQL a
// read-only REPEATABLE READ transaction, so that all its statements see
// one snapshot, taken at its first (READ COMMITTED, the default, takes one
// per statement). SQLite's deferred transaction on a WAL file reads one
// snapshot, taken at its first read, already. A read-only transaction
// never fails to serialize, so the snapshot costs no retries.
func (d *db) viewOptions() *sql.TxOptions {
	if d.dialect == "postgres" {
		return &sql.TxOptions{ReadOnly: true, Isolation: sql.LevelRepeatableRead}
	}
	return nil
}

func (d *db) View(ctx context.Context, fn func(Tx) error) error {
	tx, err := d.r.BeginTx(ctx, d.viewOptions())
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	t := &sqlTx{d: d, tx: tx, pool: d.r, ctx: ctx}
	err = fn(t)
	if err == nil {
		err = tx.Commit()
	} else {
		tx.Rollback()
	}
	if len(t.missed) > 0 {
		d.prepare(ctx, d.r, t.missed)
	}
	return err
}

func (d *db) Update(ctx context.Context, fn func(Tx) error) error {
	tx, err := d.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	t := &sqlTx{d: d, tx: tx, pool: d.w, ctx: ctx, write: true}
	err = fn(t)
	if err == nil {
		if err = tx.Commit(); err != nil {
			err = fmt.Errorf("store: commit: %w", err)
		}
	} else {
		tx.Rollback()
	}
	if len(t.missed) > 0 {
		d.prepare(ctx, d.w, t.missed)
	}
	return err
}

type sqlTx struct {
	d      *db
	tx     *sql.Tx
	pool   *sql.DB
	ctx    context.Context
	write  bool
	missed []string // queries run unprepared
}

// stmt returns the transaction's form of the prepared statement of a
// query, or nil when the query is not prepared yet: it is then run
// unprepared and prepared once the transaction has ended. (Preparing
// inside the transaction could wait for a connection that the pool does
// not have: SQLite's writer has exactly one.)
func (t *sqlTx) stmt(query string) *sql.Stmt {
	t.d.mu.Lock()
	st, ok := t.d.stmts[t.pool][query]
	t.d.mu.Unlock()
	if !ok {
		t.missed = append(t.missed, query)
		return nil
	}
	return t.tx.StmtContext(t.ctx, st)
}

// prepare prepares the queries a transaction ran unprepared.
func (d *db) prepare(ctx context.Context, pool *sql.DB, queries []string) {
	for _, q := range queries {
		d.mu.Lock()
		_, ok := d.stmts[pool][q]
		d.mu.Unlock()
		if ok {
			continue
		}
		st, err := pool.PrepareContext(ctx, d.q(q))
		if err != nil {
			continue // it runs unprepared
		}
		d.mu.Lock()
		if d.stmts == nil {
			d.stmts = map[*sql.DB]map[string]*sql.Stmt{}
		}
		if d.stmts[pool] == nil {
			d.stmts[pool] = map[string]*sql.Stmt{}
		}
		if _, raced := d.stmts[pool][q]; raced {
			st.Close()
		} else {
			d.stmts[pool][q] = st
		}
		d.mu.Unlock()
	}
}

func (t *sqlTx) exec(query string, args ...any) (sql.Result, error) {
	if st := t.stmt(query); st != nil {
		return st.ExecContext(t.ctx, args...)
	}
	return t.tx.ExecContext(t.ctx, t.d.q(query), args...)
}

func (t *sqlTx) query(query string, args ...any) (*sql.Rows, error) {
	if st := t.stmt(query); st != nil {
		return st.QueryContext(t.ctx, args...)
	}
	return t.tx.QueryContext(t.ctx, t.d.q(query), args...)
}

func (t *sqlTx) row(query string, args ...any) scanner {
	if st := t.stmt(query); st != nil {
		return st.QueryRowContext(t.ctx, args...)
	}
	return t.tx.QueryRowContext(t.ctx, t.d.q(query), args...)
}

type scanner interface{ Scan(...any) error }

// isUnique reports whether err is a unique-key violation.
func isUnique(err error) bool {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pe.Code == "23505"
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		return se.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE || se.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
	}
	return false
}

func notFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	return err
}

func ms(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

func fromMS(v int64) time.Time {
	if v == 0 {
		return time.Time{}
	}
	return time.UnixMilli(v).UTC()
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Users and sessions.

func (t *sqlTx) CreateUser(u *User) error {
	key := nameKey(u.Name)
	// The unique index on the key and the primary key of name_skeletons
	// decide, also between two sign-ups that race (on PostgreSQL the
	// later insert waits for the earlier to commit): an insert they
	// refuse does nothing. The user comes first, so that the same name is
	// a conflict before it is a look-alike (the same key has the same
	// skeleton); the skeletons go in sorted, so that two sign-ups that
	// share two of them cannot each wait for the other.
	res, err := t.exec("INSERT INTO users (id, name, name_key, pass_hash, created) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
		u.ID, u.Name, key, u.PassHash, ms(u.Created))
	if err != nil {
		return fmt.Errorf("store: user %q: %w", u.Name, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("store: user %q: %w", u.Name, err)
	} else if n == 0 {
		var id string
		switch err := t.row("SELECT id FROM users WHERE name_key = ?", key).Scan(&id); {
		case err == nil:
			return fmt.Errorf("store: user name %q: %w", u.Name, ErrConflict)
		case errors.Is(err, sql.ErrNoRows):
			return fmt.Errorf("store: user id %s is taken", u.ID)
		default:
			return fmt.Errorf("store: user name %q: %w", u.Name, err)
		}
	}
	for _, s := range username.Skeletons(u.Name) {
		res, err := t.exec("INSERT INTO name_skeletons (skeleton, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING", s, u.ID)
		if err != nil {
			return fmt.Errorf("store: user %q: skeleton %q: %w", u.Name, s, err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return fmt.Errorf("store: user %q: skeleton %q: %w", u.Name, s, err)
		} else if n == 0 {
			// Another's: take back what was stored of this user, so that
			// the transaction holds none of it should it commit.
			if _, err := t.exec("DELETE FROM name_skeletons WHERE user_id = ?", u.ID); err != nil {
				return fmt.Errorf("store: user %q: %w", u.Name, err)
			}
			if _, err := t.exec("DELETE FROM users WHERE id = ?", u.ID); err != nil {
				return fmt.Errorf("store: user %q: %w", u.Name, err)
			}
			return fmt.Errorf("store: user name %q: %w", u.Name, ErrConfusable)
		}
	}
	return nil
}

func (t *sqlTx) scanUser(r scanner) (*User, error) {
	var u User
	var created int64
	var verified int
	if err := r.Scan(&u.ID, &u.Name, &u.PassHash, &created, &u.Email, &verified, &u.Language, &u.Notify, &u.CalendarKey); err != nil {
		return nil, notFound(err)
	}
	u.Created, u.EmailVerified = fromMS(created), verified != 0
	return &u, nil
}

// userCols are the columns scanUser reads.
const userCols = "id, name, pass_hash, created, email, email_verified, language, notify, calendar_key"

func (t *sqlTx) UserByName(name string) (*User, error) {
	return t.scanUser(t.row("SELECT "+userCols+" FROM users WHERE name_key = ?", nameKey(name)))
}

// nameKey is the form in which users' names are compared (the name_key
// column).
func nameKey(name string) string { return username.Fold(name) }

func (t *sqlTx) CreateSession(s *Session) error {
	_, err := t.exec("INSERT INTO sessions (token_hash, user_id, created, expires, revoked) VALUES (?, ?, ?, ?, 0)",
		s.TokenHash, s.UserID, ms(s.Created), ms(s.Expires))
	return err
}

func (t *sqlTx) SessionUser(hash string, now time.Time) (*User, error) {
	return t.scanUser(t.row(`SELECT `+prefixed("u.", userCols)+` FROM sessions s JOIN users u ON u.id = s.user_id
		WHERE s.token_hash = ? AND s.revoked = 0 AND s.expires > ?`, hash, ms(now)))
}

func (t *sqlTx) RevokeSession(hash string) error {
	_, err := t.exec("UPDATE sessions SET revoked = 1 WHERE token_hash = ?", hash)
	return err
}

// Games.

const gameCols = "id, kind, variant, name, status, seq, deadline, version, data, created, updated, secret, creator, press, private, spectators, wanted"

func scanGame(sc scanner) (*GameRow, error) {
	var g GameRow
	var deadline, created, updated int64
	var data, secret string
	var private, spectators int
	if err := sc.Scan(&g.ID, &g.Kind, &g.Variant, &g.Name, &g.Status, &g.Seq, &deadline, &g.Version, &data, &created, &updated, &secret, &g.Creator,
		&g.Press, &private, &spectators, &g.Wanted); err != nil {
		return nil, notFound(err)
	}
	g.Data, g.Private, g.Spectators = []byte(data), private != 0, spectators != 0
	g.Deadline, g.Created, g.Updated = fromMS(deadline), fromMS(created), fromMS(updated)
	var err error
	if g.Secret, err = hex.DecodeString(secret); err != nil {
		return nil, fmt.Errorf("store: game %s: malformed secret: %w", g.ID, err)
	}
	return &g, nil
}

// secretSize is the length of a game's secret in bytes.
const secretSize = 32

// newSecret returns a game's secret: random bytes from the system's
// cryptographic source.
func newSecret() []byte {
	b := make([]byte, secretSize)
	_, _ = rand.Read(b) // never fails (crypto/rand crashes the program first)
	return b
}

func (t *sqlTx) CreateGame(g *GameRow) error {
	switch g.Press {
	case "full", "public", "none":
	default:
		return fmt.Errorf("store: game %s: press %q is not full, public or none", g.ID, g.Press)
	}
	if len(g.Secret) == 0 {
		g.Secret = newSecret()
	}
	_, err := t.exec("INSERT INTO games ("+gameCols+") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
		g.ID, g.Kind, g.Variant, g.Name, g.Status, g.Seq, ms(g.Deadline), g.Version, string(g.Data), ms(g.Created), ms(g.Updated),
		hex.EncodeToString(g.Secret), g.Creator, g.Press, b2i(g.Private), b2i(g.Spectators), g.Wanted)
	if isUnique(err) {
		return ErrConflict
	}
	return err
}

func (t *sqlTx) Game(id string, lock bool) (*GameRow, error) {
	q := "SELECT " + gameCols + " FROM games WHERE id = ?"
	if lock && t.write && t.d.dialect == "postgres" {
		q += " FOR UPDATE"
	}
	return scanGame(t.row(q, id))
}

func (t *sqlTx) SaveGame(g *GameRow) error {
	g.Version++
	res, err := t.exec("UPDATE games SET status = ?, seq = ?, deadline = ?, version = ?, data = ?, updated = ?, name = ?, wanted = ? WHERE id = ? AND version = ?",
		g.Status, g.Seq, ms(g.Deadline), g.Version, string(g.Data), ms(g.Updated), g.Name, g.Wanted, g.ID, g.Version-1)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return fmt.Errorf("store: game %s changed under us (version %d)", g.ID, g.Version-1)
	}
	return nil
}

func (t *sqlTx) GameVersion(id string) (version int64, seq int, status string, err error) {
	err = t.row("SELECT version, seq, status FROM games WHERE id = ?", id).Scan(&version, &seq, &status)
	return version, seq, status, notFound(err)
}

func (t *sqlTx) ListGames(f GameFilter) ([]*GameRow, error) {
	if f.Limit <= 0 || f.Limit > 500 {
		f.Limit = 100
	}
	var rows *sql.Rows
	var err error
	// Seven constant queries rather than one assembled from pieces. A
	// user's own games are never closed to the user: Viewer matters only
	// without UserID.
	switch {
	case f.Wanted:
		rows, err = t.query("SELECT "+prefixed("g.", gameCols)+" FROM games g WHERE g.wanted > 0 AND g.status = 'active' AND "+openTo+" ORDER BY g.created DESC, g.id DESC LIMIT ?",
			f.Viewer, f.Viewer, f.Limit)
	case f.UserID != "" && f.Status != "":
		rows, err = t.query("SELECT "+prefixed("g.", gameCols)+" FROM games g JOIN game_players p ON p.game_id = g.id WHERE p.user_id = ? AND g.status = ? ORDER BY g.created DESC, g.id DESC LIMIT ?", f.UserID, f.Status, f.Limit)
	case f.UserID != "":
		rows, err = t.query("SELECT "+prefixed("g.", gameCols)+" FROM games g JOIN game_players p ON p.game_id = g.id WHERE p.user_id = ? ORDER BY g.created DESC, g.id DESC LIMIT ?", f.UserID, f.Limit)
	case f.Viewer != "" && f.Status != "":
		rows, err = t.query("SELECT "+prefixed("g.", gameCols)+" FROM games g WHERE g.status = ? AND "+openTo+" ORDER BY g.created DESC, g.id DESC LIMIT ?",
			f.Status, f.Viewer, f.Viewer, f.Limit)
	case f.Viewer != "":
		rows, err = t.query("SELECT "+prefixed("g.", gameCols)+" FROM games g WHERE "+openTo+" ORDER BY g.created DESC, g.id DESC LIMIT ?",
			f.Viewer, f.Viewer, f.Limit)
	case f.Status != "":
		rows, err = t.query("SELECT "+gameCols+" FROM games WHERE status = ? ORDER BY created DESC, id DESC LIMIT ?", f.Status, f.Limit)
	default:
		rows, err = t.query("SELECT "+gameCols+" FROM games ORDER BY created DESC, id DESC LIMIT ?", f.Limit)
	}
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*GameRow
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

// openTo is the condition that game g is open to the user of its two
// placeholders: a listed game, not under way without spectators unless
// a seat waits for a substitute, or one the user created or plays.
const openTo = `(g.private = 0 AND (g.spectators = 1 OR g.status = 'forming' OR g.wanted > 0)
	OR g.creator = ?
	OR EXISTS (SELECT 1 FROM game_players p WHERE p.game_id = g.id AND p.user_id = ?))`

// lobbyQuery reads a LobbyMark in one statement (so at one moment on
// PostgreSQL too). Each part is answered from an index: games_due for the
// counts and the forming games, game_players_user for the user's seats
// and the orders' primary key for their orders.
const lobbyQuery = `SELECT f.n, a.n, z.n, f.v, m.v, o.n, o.r, o.u, w.n, w.v FROM
	(SELECT COUNT(*) AS n, CAST(COALESCE(SUM(version), 0) AS BIGINT) AS v FROM games WHERE status = 'forming') f,
	(SELECT COUNT(*) AS n, CAST(COALESCE(SUM(version), 0) AS BIGINT) AS v FROM games WHERE wanted > 0 AND status = 'active') w,
	(SELECT COUNT(*) AS n FROM games WHERE status = 'active') a,
	(SELECT COUNT(*) AS n FROM games WHERE status = 'finished') z,
	(SELECT CAST(COALESCE(SUM(g.version), 0) AS BIGINT) AS v FROM game_players p JOIN games g ON g.id = p.game_id
		WHERE p.user_id = ? AND g.status <> 'finished') m,
	(SELECT COUNT(*) AS n, CAST(COALESCE(SUM(o.ready), 0) AS BIGINT) AS r, CAST(COALESCE(MAX(o.updated), 0) AS BIGINT) AS u
		FROM game_players p JOIN orders o ON o.game_id = p.game_id AND o.power = p.power WHERE p.user_id = ?) o`

func (t *sqlTx) Lobby(userID string) (LobbyMark, error) {
	var m LobbyMark
	err := t.row(lobbyQuery, userID, userID).Scan(&m.Forming, &m.Active, &m.Finished, &m.FormingVersions, &m.MineVersions,
		&m.Orders, &m.OrdersReady, &m.OrdersUpdated, &m.Wanted, &m.WantedVersions)
	if err != nil {
		return LobbyMark{}, fmt.Errorf("store: reading the lobby of %s: %w", userID, err)
	}
	return m, nil
}

func (t *sqlTx) UnfinishedGames(userID string) (int, error) {
	if t.write && t.d.dialect == "postgres" {
		var id string
		if err := t.row("SELECT id FROM users WHERE id = ? FOR UPDATE", userID).Scan(&id); err != nil {
			return 0, fmt.Errorf("store: locking user %s: %w", userID, notFound(err))
		}
	}
	var n int
	err := t.row("SELECT COUNT(*) FROM games WHERE creator = ? AND status <> 'finished'", userID).Scan(&n)
	return n, err
}

// prefixed qualifies a constant column list with a table alias.
func prefixed(alias, cols string) string {
	parts := strings.Split(cols, ", ")
	for i := range parts {
		parts[i] = alias + parts[i]
	}
	return strings.Join(parts, ", ")
}

func (t *sqlTx) AddPlayer(gameID, userID, power string) error {
	_, err := t.exec("INSERT INTO game_players (game_id, user_id, power) VALUES (?, ?, ?)", gameID, userID, power)
	if isUnique(err) {
		return ErrConflict
	}
	return err
}

func (t *sqlTx) RemovePlayer(gameID, userID string) error {
	res, err := t.exec("DELETE FROM game_players WHERE game_id = ? AND user_id = ?", gameID, userID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return fmt.Errorf("store: user %s has no seat in game %s: %w", userID, gameID, ErrNotFound)
	}
	return nil
}

func (t *sqlTx) ClaimDue(now time.Time) (string, bool, error) {
	q := "SELECT id FROM games WHERE status = 'active' AND deadline > 0 AND deadline <= ? ORDER BY deadline LIMIT 1"
	if t.d.dialect == "postgres" {
		q += " FOR UPDATE SKIP LOCKED"
	}
	var id string
	err := t.row(q, ms(now)).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	return id, true, nil
}

func (t *sqlTx) Hold(id string, until time.Time) error {
	_, err := t.exec("UPDATE games SET deadline = ? WHERE id = ? AND status = 'active'", ms(until), id)
	return err
}

func (t *sqlTx) NextDeadline() (time.Time, bool, error) {
	var v sql.NullInt64
	err := t.row("SELECT MIN(deadline) FROM games WHERE status = 'active' AND deadline > 0").Scan(&v)
	if err != nil || !v.Valid {
		return time.Time{}, false, err
	}
	return fromMS(v.Int64), true, nil
}

// Orders.

func (t *sqlTx) PutOrders(o *Orders) error {
	_, err := t.exec(`INSERT INTO orders (game_id, power, seq, orders, ready, updated) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (game_id, power) DO UPDATE SET seq = excluded.seq, orders = excluded.orders, ready = excluded.ready, updated = excluded.updated`,
		o.GameID, o.Power, o.Seq, string(o.Orders), b2i(o.Ready), ms(o.Updated))
	return err
}

func (t *sqlTx) Orders(gameID string, seq int) ([]*Orders, error) {
	rows, err := t.query("SELECT power, orders, ready, updated FROM orders WHERE game_id = ? AND seq = ?", gameID, seq)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*Orders
	for rows.Next() {
		o := &Orders{GameID: gameID, Seq: seq}
		var data string
		var ready int
		var updated int64
		if err := rows.Scan(&o.Power, &data, &ready, &updated); err != nil {
			return nil, err
		}
		o.Orders, o.Ready, o.Updated = []byte(data), ready != 0, fromMS(updated)
		out = append(out, o)
	}
	return out, rows.Err()
}

// History.

func (t *sqlTx) AddPhase(p *Phase) error {
	_, err := t.exec("INSERT INTO phases (game_id, seq, name, data, created) VALUES (?, ?, ?, ?, ?)",
		p.GameID, p.Seq, p.Name, string(p.Data), ms(p.Created))
	if isUnique(err) {
		return fmt.Errorf("store: phase %d of game %s is already recorded: %w", p.Seq, p.GameID, ErrConflict)
	}
	return err
}

func (t *sqlTx) RecentPhases(creator string, since time.Time, n int) ([]time.Time, error) {
	// games_creator finds the creator's active games (at most what the
	// per-user limit allows), the phases' key their phases.
	rows, err := t.query(`SELECT p.created FROM phases p JOIN games g ON g.id = p.game_id
		WHERE g.creator = ? AND g.status = 'active' AND p.created > ? ORDER BY p.created DESC LIMIT ?`, creator, ms(since), n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []time.Time
	for rows.Next() {
		var created int64
		if err := rows.Scan(&created); err != nil {
			return nil, err
		}
		out = append(out, fromMS(created))
	}
	return out, rows.Err()
}

func (t *sqlTx) Phase(gameID string, seq int) (*Phase, error) {
	p := &Phase{GameID: gameID, Seq: seq}
	var data string
	var created int64
	if err := t.row("SELECT name, data, created FROM phases WHERE game_id = ? AND seq = ?", gameID, seq).Scan(&p.Name, &data, &created); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, ErrNotFound
		}
		return nil, fmt.Errorf("store: phase %d of game %s: %w", seq, gameID, err)
	}
	p.Data, p.Created = []byte(data), fromMS(created)
	return p, nil
}

func (t *sqlTx) Phases(gameID string) ([]*Phase, error) {
	rows, err := t.query("SELECT seq, name, data, created FROM phases WHERE game_id = ? ORDER BY seq", gameID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*Phase
	for rows.Next() {
		p := &Phase{GameID: gameID}
		var data string
		var created int64
		if err := rows.Scan(&p.Seq, &p.Name, &data, &created); err != nil {
			return nil, err
		}
		p.Data, p.Created = []byte(data), fromMS(created)
		out = append(out, p)
	}
	return out, rows.Err()
}

// Press.

func (t *sqlTx) AddMessage(m *Message) error {
	to, err := json.Marshal(m.To)
	if err != nil {
		return err
	}
	last, err := t.LastMessage(m.GameID)
	if err != nil {
		return err
	}
	m.Created = max(m.Created, last+1)
	if len(m.Readers) != 0 && len(m.Readers) != len(m.To) {
		return fmt.Errorf("message %s: %d readers for %d recipients", m.ID, len(m.Readers), len(m.To))
	}
	if _, err := t.exec("INSERT INTO messages (id, game_id, sender, sender_user, recipients, body, created) VALUES (?, ?, ?, ?, ?, ?, ?)",
		m.ID, m.GameID, m.From, m.Sender, string(to), m.Body, m.Created); err != nil {
		return err
	}
	for i, p := range m.To {
		reader := ""
		if len(m.Readers) > 0 {
			reader = m.Readers[i]
		}
		if _, err := t.exec("INSERT INTO message_recipients (message_id, game_id, power, user_id) VALUES (?, ?, ?, ?)", m.ID, m.GameID, p, reader); err != nil {
			return err
		}
	}
	return nil
}

func (t *sqlTx) PassPress(gameID, power, from, to string) error {
	if _, err := t.exec("UPDATE messages SET sender_user = ? WHERE game_id = ? AND sender = ? AND sender_user = ?", to, gameID, power, from); err != nil {
		return err
	}
	_, err := t.exec("UPDATE message_recipients SET user_id = ? WHERE game_id = ? AND power = ? AND user_id = ?", to, gameID, power, from)
	return err
}

func (t *sqlTx) PressSize(gameID string) (int64, error) {
	var n int64
	err := t.row("SELECT COALESCE(SUM(LENGTH(body)), 0) FROM messages WHERE game_id = ?", gameID).Scan(&n)
	return n, err
}

func (t *sqlTx) AddDues(gameID string, seq int, dues []Due) error {
	for _, d := range dues {
		if _, err := t.exec("INSERT INTO phase_dues (game_id, seq, power, user_id, given, due) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
			gameID, seq, d.Power, d.UserID, b2i(d.Given), ms(d.At)); err != nil {
			return err
		}
	}
	return nil
}

func (t *sqlTx) Reliability(userID string, since time.Time) (Reliability, error) {
	var r Reliability
	err := t.row(`SELECT COUNT(*), COALESCE(SUM(given), 0),
		COALESCE(SUM(CASE WHEN due > ? THEN 1 ELSE 0 END), 0), COALESCE(SUM(CASE WHEN due > ? THEN given ELSE 0 END), 0)
		FROM phase_dues WHERE user_id = ?`, ms(since), ms(since), userID).Scan(&r.Due, &r.Given, &r.DueRecent, &r.GivenRecent)
	if err != nil {
		return r, err
	}
	err = t.row(`SELECT COALESCE(SUM(CASE WHEN how = ? THEN 1 ELSE 0 END), 0), COALESCE(SUM(CASE WHEN how = ? THEN 1 ELSE 0 END), 0)
		FROM departures WHERE user_id = ?`, Left, Replaced, userID).Scan(&r.Left, &r.Replaced)
	return r, err
}

func (t *sqlTx) AddDeparture(gameID, userID, how string, at time.Time) error {
	_, err := t.exec("INSERT INTO departures (game_id, user_id, how, at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
		gameID, userID, how, ms(at))
	return err
}

func (t *sqlTx) LastMessage(gameID string) (int64, error) {
	var last int64
	if err := t.row("SELECT COALESCE(MAX(created), 0) FROM messages WHERE game_id = ?", gameID).Scan(&last); err != nil {
		return 0, fmt.Errorf("the last message of game %s: %w", gameID, err)
	}
	return last, nil
}

// maxMessages bounds one call of Messages.
const maxMessages = 10000

func (t *sqlTx) Messages(gameID, power, userID string, after int64, limit int) ([]*Message, error) {
	if limit <= 0 || limit > maxMessages {
		limit = maxMessages
	}
	rows, err := t.query(`SELECT id, sender, sender_user, recipients, body, created FROM messages m
		WHERE m.game_id = ? AND m.created > ? AND ((m.sender = ? AND m.sender_user = ?) OR m.id IN
			(SELECT message_id FROM message_recipients WHERE game_id = ? AND power = ? AND user_id = ?))
		ORDER BY m.created, m.id LIMIT ?`, gameID, after, power, userID, gameID, power, userID, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*Message
	for rows.Next() {
		m := &Message{GameID: gameID}
		var to string
		if err := rows.Scan(&m.ID, &m.From, &m.Sender, &to, &m.Body, &m.Created); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(to), &m.To); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}
