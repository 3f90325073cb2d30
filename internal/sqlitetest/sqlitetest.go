// Package sqlitetest gives tests SQLite databases of the current schema
// without migrating each one. Migrating a new file takes a core ten to
// fifteen milliseconds and a tenth of a second of waiting for the disk,
// and the server's and the browser's tests open well over a hundred: the
// first copy migrates a database once for the test binary, and each
// later one copies its file, which store.Open finds migrated. The
// migrations themselves are the store's tests (and the real binary's,
// which starts from an empty file).
package sqlitetest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/chancery/chancery/store"
)

// template is the migrated empty database's file, made once per process.
var template = sync.OnceValues(func() ([]byte, error) {
	dir, err := os.MkdirTemp("", "chancery-template-")
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
		return nil, fmt.Errorf("%s-wal is left with %d bytes", path, fi.Size())
	}
	return os.ReadFile(path)
})

// Copy writes an empty database of the current schema to path.
func Copy(path string) error {
	data, err := template()
	if err != nil {
		return fmt.Errorf("sqlite template: %w", err)
	}
	return os.WriteFile(path, data, 0o600)
}
