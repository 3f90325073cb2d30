// Package pgtest gives each test its own empty PostgreSQL database.
//
// Tests of several packages run at the same time under "go test ./...";
// if they shared one database, one package emptying its tables would pull
// rows from under another. So every test that wants PostgreSQL gets a
// database of its own, created on the server named by the environment
// variable CHANCERY_TEST_POSTGRES (which .ci/postgres.sh prints) and
// dropped when the test ends.
package pgtest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
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
	base := os.Getenv(EnvVar)
	if base == "" {
		t.Skipf("%s is not set", EnvVar)
	}
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("%s: %v", EnvVar, err)
	}
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		t.Fatal(err)
	}
	name := "chancery_test_" + hex.EncodeToString(b[:])

	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	defer admin.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	// A database name cannot be a query parameter; this one is made of
	// letters, digits and underscores only.
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("pgtest: create database: %v", err)
	}
	t.Cleanup(func() { drop(t, base, name) })

	u.Path = "/" + name
	return u.String()
}

func drop(t testing.TB, base, name string) {
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Errorf("pgtest: %v", err)
		return
	}
	defer admin.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := admin.ExecContext(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
		// Not fatal for the test: the cluster is thrown away after CI.
		t.Logf("pgtest: drop database %s: %v", name, err)
	}
}
