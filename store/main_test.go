package store

import (
	"fmt"
	"os"
	"testing"

	"github.com/chancery/chancery/internal/pgtest"
)

// TestMain drops the PostgreSQL databases the tests recycled
// (pgtest.Recycled) after them.
func TestMain(m *testing.M) {
	code := m.Run()
	if err := pgtest.Close(); err != nil {
		fmt.Fprintln(os.Stderr, err)
	}
	os.Exit(code)
}
