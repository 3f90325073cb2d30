package store

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chancery/chancery/internal/pgtest"
	"github.com/chancery/chancery/internal/username"
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

// legacyDatabases runs fn once per database the tests can use (SQLite,
// and PostgreSQL when available), each holding the schema as it was
// before migration before, with a connection of its own (raw) to store
// what a server of that time stored.
func legacyDatabases(t *testing.T, before int, fn func(t *testing.T, driver, dsn string, raw *sql.DB)) {
	dsns := map[string]string{"sqlite": filepath.Join(t.TempDir(), fmt.Sprintf("before-%d.db", before))}
	if pgtest.Available() {
		dsns["postgres"] = pgtest.Database(t)
	}
	for backend, dsn := range dsns {
		t.Run(backend, func(t *testing.T) {
			driver := map[string]string{"sqlite": "sqlite", "postgres": "pgx"}[backend]
			schemaBefore(t, driver, dsn, before)
			raw, err := sql.Open(driver, dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer raw.Close()
			fn(t, driver, dsn, raw)
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
	ctx := context.Background()
	legacyDatabases(t, 4, func(t *testing.T, driver, dsn string, raw *sql.DB) {
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
		// The later of paypal and раураӏ lacks the skeletons they
		// share, and keeps that of "РАУРАӀ", its upper case.
		want := map[string][]string{
			"u-paypal":  {"PAYPAL", "paypal"},
			"u-paypal2": {"PAYPAl"},
			"u-alice":   {"AllCE", "alice"},
			"u-tom":     {"TOM", "Torn", "torn"},
		}
		for id, w := range want {
			if got := storedSkeletons(t, raw, driver, id); !slices.Equal(got, w) {
				t.Errorf("user %s: skeletons %q, want %q", id, got, w)
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

// storedSkeletons returns the skeletons that name_skeletons holds for
// user id, sorted.
func storedSkeletons(t *testing.T, raw *sql.DB, driver, id string) []string {
	t.Helper()
	rows, err := raw.Query(rebindFor(driver, "SELECT skeleton FROM name_skeletons WHERE user_id = ? ORDER BY skeleton"), id)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	slices.Sort(out) // in code points, whatever the database's collation
	return out
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
// for a lock to insert a user or one of its name's skeletons.
func waitForLockedInsert(t *testing.T, s Store) {
	t.Helper()
	// Until shortly before the test binary's timeout: a slow machine
	// makes the test slower, never failing it.
	end := time.Now().Add(10 * time.Minute)
	if d, ok := t.Deadline(); ok {
		end = d.Add(-time.Until(d) / 10)
	}
	for time.Now().Before(end) {
		var n int
		if err := s.(*db).r.QueryRow(`SELECT COUNT(*) FROM pg_stat_activity
			WHERE datname = current_database() AND wait_event_type = 'Lock'
			AND (query LIKE 'INSERT INTO users%' OR query LIKE 'INSERT INTO name_skeletons%')`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n > 0 {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("the second sign-up never waited for the first")
}

// TestLookAlikeCapitalsAreRefused: a name is refused as a look-alike when
// the form it is shown in (case preserved, or in capitals) looks like
// another's, not only its lower-case key: Greek or Cyrillic capitals that
// look Latin. The same name in other cases is still the same name, and
// names that merely differ are still accepted.
func TestLookAlikeCapitalsAreRefused(t *testing.T) {
	ctx := context.Background()
	for backend, s := range stores(t) {
		t.Run(backend, func(t *testing.T) {
			for i, c := range []struct {
				name string
				want error
			}{
				{"ABE", nil},
				{"\u0391\u0392\u0395", ErrConfusable}, // ΑΒΕ, Greek capitals, shown as ABE
				{"abe", ErrConflict},
				{"Abe", ErrConflict},
				{"ida", nil},
				{"\u0399\u0394\u0391", nil}, // ΙΔΑ: Δ is not D
				{"bop", nil},
				{"\u0392\u039f\u03a1", ErrConfusable},                 // ΒΟΡ, Greek capitals, shown as the upper case of bop
				{"\u0412\u041e\u0420", ErrConfusable},                 // ВОР, Cyrillic capitals, likewise
				{"\u0420\u0410\u0423\u0420\u0410\u04c0", nil},         // РАУРАӀ, all Cyrillic, first
				{"PAYPAL", ErrConfusable},                             // its Latin look-alike, later
				{"paypal", ErrConfusable},                             // the same name in lower case
				{"\u0440\u0430\u0443\u0440\u0430\u04cf", ErrConflict}, // раураӏ: the first's lower case
				{"Tu", nil},
				{"\u03a4\u03c5", ErrConfusable}, // Τυ: only its shown form looks like Tu
				{"lll", nil},
				{"III", ErrConfusable}, // capital I looks like l
				{"Alice", nil},
				{"alice", ErrConflict},
				{"ALICE", ErrConflict},
				{"山田たろう", nil},
				{"山田はなこ", nil},
				{"ヤマダ タロウ", nil},
				{"Иван", nil},
				{"ИВАНА", nil},
			} {
				err := s.Update(ctx, func(tx Tx) error {
					return tx.CreateUser(&User{ID: fmt.Sprintf("u%d", i), Name: c.name, PassHash: "x", Created: now})
				})
				if !errors.Is(err, c.want) || (c.want == nil) != (err == nil) {
					t.Errorf("CreateUser(%q) = %v, want %v", c.name, err, c.want)
				}
				if err == nil {
					continue
				}
				// A refused name leaves nothing behind.
				if err := s.View(ctx, func(tx Tx) error {
					if u, err := tx.UserByName(c.name); err == nil && u.ID == fmt.Sprintf("u%d", i) {
						t.Errorf("refused %q, but it is stored", c.name)
					}
					return nil
				}); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// TestShownSkeletonsOfStoredNamesAreFilled: accounts registered under
// migration 0004, when only keys' skeletons were compared, get the
// skeletons of their shown and upper-case names when the store opens.
// Where two of them look alike only in capitals, the older keeps the
// skeleton they share, and the later goes without it and is logged.
func TestShownSkeletonsOfStoredNamesAreFilled(t *testing.T) {
	ctx := context.Background()
	legacyDatabases(t, 6, func(t *testing.T, driver, dsn string, raw *sql.DB) {
		users := []struct{ id, name string }{
			{"u-abe", "ABE"},
			{"u-abe2", "\u0391\u0392\u0395"}, // ΑΒΕ in Greek capitals, registered later
			{"u-bop", "bop"},
			{"u-bop2", "\u0412\u041e\u0420"}, // ВОР in Cyrillic capitals, later
			{"u-yamada", "山田たろう"},
		}
		for i, u := range users {
			// As CreateUser stored them under 0004: the key's skeleton.
			key := nameKey(u.name)
			if _, err := raw.ExecContext(ctx, rebindFor(driver, "INSERT INTO users (id, name, name_key, name_skeleton, pass_hash, created) VALUES (?, ?, ?, ?, ?, ?)"),
				u.id, u.name, key, username.Skeleton(key), "x", int64(1000+i)); err != nil {
				t.Fatal(err)
			}
		}
		var log bytes.Buffer
		defer slog.SetDefault(slog.Default())
		slog.SetDefault(slog.New(slog.NewTextHandler(&log, nil)))
		for range 2 { // the second opening finds nothing to change
			s, err := Open(ctx, dsn)
			if err != nil {
				t.Fatal(err)
			}
			s.Close()
		}
		for id, w := range map[string][]string{
			"u-abe":    {"ABE", "abe"},
			"u-abe2":   {"aßꞓ"}, // not "ABE", u-abe's
			"u-bop":    {"BOP", "bop"},
			"u-bop2":   {"ʙop"}, // not "BOP", u-bop's
			"u-yamada": {"山田たろう"},
		} {
			if got := storedSkeletons(t, raw, driver, id); !slices.Equal(got, w) {
				t.Errorf("user %s: skeletons %q, want %q", id, got, w)
			}
		}
		for _, later := range []string{"user=u-abe2 older_user=u-abe", "user=u-bop2 older_user=u-bop"} {
			if n := strings.Count(log.String(), later); n != 2 {
				t.Errorf("%q logged %d times in two openings, want 2:\n%s", later, n, log.String())
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
			"\u0391\u0392\u0395": ErrConflict, "abe": ErrConflict,
			"\u03b1\u03b2\u03b5": ErrConflict,   // αβε: u-abe2's name in lower case
			"\u0392\u039f\u03a1": ErrConfusable, // ΒΟΡ in Greek capitals
			"\u0432\u043e\u0440": ErrConflict,   // вор: u-bop2's name
			"山田はなこ":              nil,
		} {
			err := s.Update(ctx, func(tx Tx) error {
				return tx.CreateUser(&User{ID: "new-" + name, Name: name, PassHash: "x", Created: time.Now()})
			})
			if !errors.Is(err, want) || (want == nil) != (err == nil) {
				t.Errorf("CreateUser(%q) = %v, want %v", name, err, want)
			}
		}
	})
}
