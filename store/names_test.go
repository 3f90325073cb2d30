package store

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chancery/chancery/internal/pgtest"
)

// TestNamesStoredUnderOlderRulesAreRekeyed: name keys were once the name
// in lower case. Opening the store brings them to the rule of
// username.Fold, so that a name registered then is found by every form of
// it now, and where a look-alike was registered beside a name, the older
// account keeps the name.
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
			} {
				var got string
				err := s.View(ctx, func(tx Tx) error {
					u, err := tx.UserByName(typed)
					if err == nil {
						got = u.ID
					}
					return err
				})
				if err != nil || got != want {
					t.Errorf("UserByName(%q) = %q, %v; want %s", typed, got, err, want)
				}
			}
			if err := s.View(ctx, func(tx Tx) error { _, err := tx.UserByName("alice"); return err }); err != ErrNotFound {
				t.Errorf(`"alice" finds the Cyrillic "аlice": %v`, err)
			}
		})
	}
}
