package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/chancery/chancery/store"
)

// sqliteTemplate is an empty SQLite database of the current schema,
// migrated once for the package's tests; each site's database starts as
// a copy of it, which store.Open finds migrated (as the server's tests
// do: helpers_test.go there). Migrating a new file takes a core about
// fifteen milliseconds and a tenth of a second of waiting for the disk,
// and the tests open a site each, some several; the migrations themselves
// are store's tests.
var sqliteTemplate = sync.OnceValues(func() ([]byte, error) {
	dir, err := os.MkdirTemp("", "chancery-e2e-template-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "chancery.db")
	st, err := store.Open(context.Background(), path)
	if err != nil {
		return nil, err
	}
	if err := st.Close(); err != nil {
		return nil, err
	}
	// The last connection to close writes the log into the file and
	// removes it: the file is the whole database.
	if fi, err := os.Stat(path + "-wal"); err == nil && fi.Size() > 0 {
		return nil, fmt.Errorf("sqlite template: %s-wal is left with %d bytes", path, fi.Size())
	}
	return os.ReadFile(path)
})

// emptyDB returns the path of a new database with the current schema and
// no rows, in a directory of t's.
func emptyDB(t *testing.T) string {
	t.Helper()
	data, err := sqliteTemplate()
	if err != nil {
		t.Fatalf("sqlite template: %v", err)
	}
	path := filepath.Join(t.TempDir(), "chancery.db")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}
