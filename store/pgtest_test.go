package store

import (
	"context"
	"database/sql"
	"testing"

	"github.com/chancery/chancery/internal/pgtest"
)

// TestRecycledIsEmptied tests internal/pgtest, which the store's and
// the server's PostgreSQL tests use. It lives here, in a test binary
// that links the PostgreSQL driver anyway, so that "go test ./..." does
// not build and link one more binary for a test that skips without
// PostgreSQL.
//
// A database recycled from an earlier test keeps its tables and the
// migrations applied, but none of the rows of the other tables, and no
// connection the earlier test left open.
func TestRecycledIsEmptied(t *testing.T) {
	if !pgtest.Available() {
		t.Skipf("%s is not set", pgtest.EnvVar)
	}
	// The store's other tests recycle databases too, but none runs beside
	// this one (none is parallel): drop those they left, so the first
	// subtest gets a new database and the second the one it left.
	if err := pgtest.Close(); err != nil {
		t.Fatal(err)
	}
	exec := func(t *testing.T, db *sql.DB, q string) {
		t.Helper()
		if _, err := db.ExecContext(context.Background(), q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	count := func(t *testing.T, db *sql.DB, q string) int {
		t.Helper()
		var n int
		if err := db.QueryRowContext(context.Background(), q).Scan(&n); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		return n
	}
	var first string
	var left *sql.DB // a connection the first test leaves open
	t.Run("first", func(t *testing.T) {
		first = pgtest.Recycled(t)
		db, err := sql.Open("pgx", first)
		if err != nil {
			t.Fatal(err)
		}
		left = db
		exec(t, db, "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY)")
		exec(t, db, "CREATE TABLE things (id SERIAL PRIMARY KEY, name TEXT NOT NULL)")
		exec(t, db, "INSERT INTO schema_migrations VALUES (1), (2)")
		exec(t, db, "INSERT INTO things (name) VALUES ('a'), ('b')")
		db.SetMaxIdleConns(1)
		if n := count(t, db, "SELECT count(*) FROM things"); n != 2 {
			t.Fatalf("%d things, want 2", n)
		}
	})
	defer left.Close()
	t.Run("second", func(t *testing.T) {
		second := pgtest.Recycled(t)
		if second != first {
			t.Fatalf("got %s, want the database the first test left, %s", second, first)
		}
		db, err := sql.Open("pgx", second)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		if n := count(t, db, "SELECT count(*) FROM things"); n != 0 {
			t.Errorf("%d things left by the first test, want none", n)
		}
		if n := count(t, db, "SELECT count(*) FROM schema_migrations"); n != 2 {
			t.Errorf("%d migrations, want the 2 the first test applied", n)
		}
		exec(t, db, "INSERT INTO things (name) VALUES ('c')")
		if n := count(t, db, "SELECT max(id) FROM things"); n != 1 {
			t.Errorf("the sequence gives %d, want it restarted at 1", n)
		}
		if n := count(t, db, "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"); n != 0 {
			t.Errorf("%d other connections to the database, want the first test's closed", n)
		}
	})
	if err := pgtest.Close(); err != nil {
		t.Fatal(err)
	}
}
