package e2e

import (
	"path/filepath"
	"testing"

	"github.com/chancery/chancery/internal/sqlitetest"
)

// emptyDB returns the path of a new database with the current schema and
// no rows, in a directory of t's: a copy of one migrated once for the
// package's tests (sqlitetest), as the server's tests do.
func emptyDB(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "chancery.db")
	if err := sqlitetest.Copy(path); err != nil {
		t.Fatal(err)
	}
	return path
}
