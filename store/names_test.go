package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chancery/chancery/internal/pgtest"
)

// TestNamesStoredUnderOlderRulesAreRekeyed: name keys were once the name
// in lower case. Opening the store brings them to the rule of
// username.Fold, so that a name registered then is found by every form of
// it now, and where a look-alike was registered beside a name, the older
// account keeps the name, whichever of the two held it before; the later
// one is found by no name.
func TestNamesStoredUnderOlderRulesAreRekeyed(t *testing.T) {
	dsns := map[string]string{"sqlite": filepath.Join(t.TempDir(), "legacy.db")}
	if pgtest.Available() {
		dsns["postgres"] = pgtest.Database(t)
	}
	ctx := context.Background()
	for backend, dsn := range dsns {
		t.Run(backend, func(t *testing.T) {
			s, err := Open(ctx, dsn)
			if err != nil {
				t.Fatal(err)
			}
			d := s.(*db)
			for i, u := range []struct{ id, name string }{
				{"u-carol", "carol"},
				{"u-carol2", "ｃａｒｏｌ"}, // a fullwidth look-alike, registered later
				{"u-bob", "Ｂｏｂ"},
				{"u-alice", "\u0430lice"}, // Cyrillic а: its key is unchanged
				{"u-dave", "ｄａｖｅ"},        // fullwidth first...
				{"u-dave2", "dave"},       // ...then the same name in ASCII
			} {
				// As CreateUser stored them before: the key is strings.ToLower.
				if _, err := d.w.ExecContext(ctx, d.q("INSERT INTO users (id, name, name_key, pass_hash, created) VALUES (?, ?, ?, ?, ?)"),
					u.id, u.name, strings.ToLower(u.name), "x", int64(1000+i)); err != nil {
					t.Fatal(err)
				}
			}
			s.Close()
			if s, err = Open(ctx, dsn); err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			for typed, want := range map[string]string{
				"carol": "u-carol", "ＣＡＲＯＬ": "u-carol", "ｃａｒｏｌ": "u-carol",
				"bob": "u-bob", "Ｂｏｂ": "u-bob", "BOB": "u-bob",
				"\u0430lice": "u-alice", "\u0430LICE": "u-alice",
				"dave": "u-dave", "ｄａｖｅ": "u-dave", "DAVE": "u-dave",
				"renamed:u-dave2": "", "RENAMED:u-dave2": "",
			} {
				var got string
				err := s.View(ctx, func(tx Tx) error {
					u, err := tx.UserByName(typed)
					if err == nil {
						got = u.ID
					}
					return err
				})
				if want == "" && errors.Is(err, ErrNotFound) {
					continue
				}
				if err != nil || got != want {
					t.Errorf("UserByName(%q) = %q, %v; want %q", typed, got, err, want)
				}
			}
			if err := s.View(ctx, func(tx Tx) error { _, err := tx.UserByName("alice"); return err }); err != ErrNotFound {
				t.Errorf(`"alice" finds the Cyrillic "аlice": %v`, err)
			}
		})
	}
}

// schemaBefore makes the schema of the migrations numbered below v in the
// database at dsn, as a server of that time left it.
func schemaBefore(t *testing.T, driver, dsn string, v int) {
	t.Helper()
	ctx := context.Background()
	db, err := sql.Open(driver, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	stmts := []string{"CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied BIGINT NOT NULL)"}
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(names)
	for i, name := range names[:v-1] {
		text, err := migrations.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		stmts = append(stmts, splitSQL(string(text))...)
		stmts = append(stmts, fmt.Sprintf("INSERT INTO schema_migrations (version, name, applied) VALUES (%d, '%s', 0)", i+1, path.Base(name)))
	}
	for _, s := range stmts {
		if _, err := db.ExecContext(ctx, s); err != nil {
			t.Fatalf("%v\n%s", err, s)
		}
	}
}

// TestSkeletonsOfStoredNamesAreFilled: users stored before migration 0004
// get the skeleton of their name when the store opens, so that a new name
// that looks like theirs is refused. Where two of them already look
// alike, the older keeps the skeleton and the later none (it is logged),
// as with keys; both still sign in.
func TestSkeletonsOfStoredNamesAreFilled(t *testing.T) {
	dsns := map[string]string{"sqlite": filepath.Join(t.TempDir(), "v3.db")}
	if pgtest.Available() {
		dsns["postgres"] = pgtest.Database(t)
	}
	ctx := context.Background()
	for backend, dsn := range dsns {
		t.Run(backend, func(t *testing.T) {
			driver := map[string]string{"sqlite": "sqlite", "postgres": "pgx"}[backend]
			schemaBefore(t, driver, dsn, 4)
			raw, err := sql.Open(driver, dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer raw.Close()
			users := []struct{ id, name string }{
				{"u-paypal", "paypal"},
				{"u-paypal2", "\u0440\u0430\u0443\u0440\u0430\u04cf"}, // раураӏ, registered later
				{"u-alice", "\u0430\u04cf\u0456\u0441\u0435"},         // аӏісе, all Cyrillic
				{"u-tom", "Tom"},
			}
			for i, u := range users {
				if _, err := raw.ExecContext(ctx, rebindFor(driver, "INSERT INTO users (id, name, name_key, pass_hash, created) VALUES (?, ?, ?, ?, ?)"),
					u.id, u.name, nameKey(u.name), "x", int64(1000+i)); err != nil {
					t.Fatal(err)
				}
			}
			for range 2 { // the second opening finds nothing to do
				s, err := Open(ctx, dsn)
				if err != nil {
					t.Fatal(err)
				}
				s.Close()
			}
			want := map[string]sql.NullString{
				"u-paypal":  {String: "paypal", Valid: true},
				"u-paypal2": {},
				"u-alice":   {String: "alice", Valid: true},
				"u-tom":     {String: "torn", Valid: true},
			}
			for id, w := range want {
				var got sql.NullString
				if err := raw.QueryRowContext(ctx, rebindFor(driver, "SELECT name_skeleton FROM users WHERE id = ?"), id).Scan(&got); err != nil {
					t.Fatal(err)
				}
				if got != w {
					t.Errorf("user %s: skeleton %v, want %v", id, got, w)
				}
			}
			s, err := Open(ctx, dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			for _, u := range users {
				if err := s.View(ctx, func(tx Tx) error { _, err := tx.UserByName(u.name); return err }); err != nil {
					t.Errorf("UserByName(%q): %v", u.name, err)
				}
			}
			for name, want := range map[string]error{
				"alice": ErrConfusable, "torn": ErrConfusable, "PayPal": ErrConflict,
				"\u0440\u0430\u0443\u0440\u0430\u04cf": ErrConflict, "bob": nil,
			} {
				err := s.Update(ctx, func(tx Tx) error {
					return tx.CreateUser(&User{ID: "new-" + name, Name: name, PassHash: "x", Created: time.Now()})
				})
				if !errors.Is(err, want) {
					t.Errorf("CreateUser(%q) = %v, want %v", name, err, want)
				}
			}
		})
	}
}

func rebindFor(driver, query string) string {
	if driver == "pgx" {
		return rebind(query)
	}
	return query
}

// TestSignUpsThatRaceGetTheRightRefusal: two sign-ups of one name, or of
// look-alike names, at once: the first in stores the name; the second,
// whose insert waits on PostgreSQL for the first to commit, is refused as
// a name taken (ErrConflict) or as a look-alike (ErrConfusable), as it
// would have been had it come later.
func TestSignUpsThatRaceGetTheRightRefusal(t *testing.T) {
	ctx := context.Background()
	for backend, s := range stores(t) {
		t.Run(backend, func(t *testing.T) {
			for i, c := range []struct {
				first, second string
				want          error
			}{
				{"carol", "CAROL", ErrConflict},
				{"dave", "ｄａｖｅ", ErrConflict},
				{"erin", "\u0435rin", ErrConfusable}, // Cyrillic е
				{"tom", "torn", ErrConfusable},
			} {
				second := make(chan error, 1)
				if err := s.Update(ctx, func(tx Tx) error {
					if err := tx.CreateUser(&User{ID: fmt.Sprintf("first%d", i), Name: c.first, PassHash: "x", Created: now}); err != nil {
						return err
					}
					go func() {
						second <- s.Update(ctx, func(tx Tx) error {
							return tx.CreateUser(&User{ID: fmt.Sprintf("second%d", i), Name: c.second, PassHash: "x", Created: now})
						})
					}()
					// On PostgreSQL, commit once the second insert waits
					// on the first's row; SQLite's one writer runs the
					// second transaction after this one in any case.
					if backend == "postgres" {
						waitForLockedInsert(t, s)
					}
					return nil
				}); err != nil {
					t.Fatal(err)
				}
				if err := <-second; !errors.Is(err, c.want) {
					t.Errorf("%q, then %q at once: %v, want %v", c.first, c.second, err, c.want)
				}
			}
		})
	}
}

// waitForLockedInsert waits until a transaction of s (PostgreSQL) waits
// for a lock to insert a user.
func waitForLockedInsert(t *testing.T, s Store) {
	t.Helper()
	for range 1000 {
		var n int
		if err := s.(*db).r.QueryRow(`SELECT COUNT(*) FROM pg_stat_activity
			WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'INSERT INTO users%'`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n > 0 {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("the second sign-up never waited for the first")
}
