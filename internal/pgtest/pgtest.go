// Package pgtest gives each test its own empty PostgreSQL database.
//
// Tests of several packages run at the same time under "go test ./...";
// if they shared one database, one package emptying its tables would pull
// rows from under another. So every test that wants PostgreSQL gets a
// database of its own, created on the server named by the environment
// variable CHANCERY_TEST_POSTGRES (which .ci/postgres.sh prints) and
// dropped when the test ends (Database), or emptied and kept for the next
// test of the same process (Recycled), which is much cheaper.
package pgtest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver
)

// EnvVar names the environment variable holding the URL of a database on
// the PostgreSQL server the tests may use.
const EnvVar = "CHANCERY_TEST_POSTGRES"

// Available reports whether PostgreSQL tests can run.
func Available() bool { return os.Getenv(EnvVar) != "" }

// Database creates a new, empty database for t and returns its URL. The
// database is dropped (closing any connection left open) when t ends. It
// skips t when no server is configured.
func Database(t testing.TB) string {
	t.Helper()
	base := baseURL(t)
	name, err := create(base)
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	t.Cleanup(func() {
		if err := drop(base, name); err != nil {
			// Not fatal for the test: the cluster is thrown away after CI.
			t.Logf("pgtest: %v", err)
		}
	})
	return withName(base, name)
}

// recycled holds the databases Recycled made in this process: free are
// those no test holds now.
var recycled struct {
	sync.Mutex
	free []string
	all  map[string]bool
}

// Recycled returns the URL of a database for t that holds no row, but
// may hold the tables, indexes and migrations an earlier test of this
// process left in it: for a test that opens the store (which applies the
// migrations a database lacks) and needs it empty, not new. Creating a
// database copies a template, a quarter of a second of the server's CPU
// each, for a hundred tests; emptying one costs a few milliseconds. When
// t ends, every connection still open to the database is closed and
// every table but the migrations' emptied, and the database is kept for
// the next test (or dropped, if that fails). Close drops them all. It
// skips t when no server is configured.
func Recycled(t testing.TB) string {
	t.Helper()
	base := baseURL(t)
	recycled.Lock()
	var name string
	if n := len(recycled.free); n > 0 {
		name, recycled.free = recycled.free[n-1], recycled.free[:n-1]
	}
	recycled.Unlock()
	if name == "" {
		var err error
		if name, err = create(base); err != nil {
			t.Fatalf("pgtest: %v", err)
		}
		recycled.Lock()
		if recycled.all == nil {
			recycled.all = map[string]bool{}
		}
		recycled.all[name] = true
		recycled.Unlock()
	}
	t.Cleanup(func() {
		if err := empty(base, name); err != nil {
			t.Logf("pgtest: emptying %s for the next test: %v", name, err)
			if err := drop(base, name); err != nil {
				t.Logf("pgtest: %v", err)
			}
			recycled.Lock()
			delete(recycled.all, name)
			recycled.Unlock()
			return
		}
		recycled.Lock()
		recycled.free = append(recycled.free, name)
		recycled.Unlock()
	})
	return withName(base, name)
}

// Close drops the databases Recycled made; a TestMain calls it after the
// tests, when none holds one.
func Close() error {
	recycled.Lock()
	defer recycled.Unlock()
	base := os.Getenv(EnvVar)
	var first error
	for name := range recycled.all {
		if err := drop(base, name); err != nil && first == nil {
			first = err
		}
	}
	recycled.all, recycled.free = nil, nil
	return first
}

// baseURL is the URL of CHANCERY_TEST_POSTGRES's database; t is skipped
// when it is not set.
func baseURL(t testing.TB) string {
	t.Helper()
	base := os.Getenv(EnvVar)
	if base == "" {
		t.Skipf("%s is not set", EnvVar)
	}
	if _, err := url.Parse(base); err != nil {
		t.Fatalf("%s: %v", EnvVar, err)
	}
	return base
}

// withName is base's URL naming database name instead.
func withName(base, name string) string {
	u, _ := url.Parse(base) // parsed by baseURL
	u.Path = "/" + name
	return u.String()
}

// admin runs fn on a connection to the database at url.
func admin(url string, fn func(ctx context.Context, db *sql.DB) error) error {
	db, err := sql.Open("pgx", url)
	if err != nil {
		return err
	}
	defer db.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return fn(ctx, db)
}

// create creates a database of a new name and returns the name.
func create(base string) (string, error) {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	name := "chancery_test_" + hex.EncodeToString(b[:])
	// A database name cannot be a query parameter; this one is made of
	// letters, digits and underscores only.
	err := admin(base, func(ctx context.Context, db *sql.DB) error {
		_, err := db.ExecContext(ctx, "CREATE DATABASE "+name)
		return err
	})
	if err != nil {
		return "", fmt.Errorf("create database: %w", err)
	}
	return name, nil
}

// drop drops database name, closing the connections open to it.
func drop(base, name string) error {
	err := admin(base, func(ctx context.Context, db *sql.DB) error {
		_, err := db.ExecContext(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
		return err
	})
	if err != nil {
		return fmt.Errorf("drop database %s: %w", name, err)
	}
	return nil
}

// empty closes every other connection to database name and empties its
// tables, but for the migrations applied.
func empty(base, name string) error {
	return admin(withName(base, name), func(ctx context.Context, db *sql.DB) error {
		if _, err := db.ExecContext(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
			WHERE datname = current_database() AND pid <> pg_backend_pid()`); err != nil {
			return err
		}
		rows, err := db.QueryContext(ctx, `SELECT quote_ident(schemaname) || '.' || quote_ident(tablename) FROM pg_tables
			WHERE schemaname NOT IN ('pg_catalog', 'information_schema') AND tablename <> 'schema_migrations'`)
		if err != nil {
			return err
		}
		var tables []string
		for rows.Next() {
			var t string
			if err := rows.Scan(&t); err != nil {
				rows.Close()
				return err
			}
			tables = append(tables, t)
		}
		rows.Close()
		if err := rows.Err(); err != nil || len(tables) == 0 {
			return err
		}
		_, err = db.ExecContext(ctx, "TRUNCATE "+strings.Join(tables, ", ")+" RESTART IDENTITY CASCADE")
		return err
	})
}
