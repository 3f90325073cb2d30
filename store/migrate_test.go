package store

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	"github.com/chancery/chancery/internal/pgtest"
)

// schemaV1 makes the schema of migration 0001 alone in the database at
// dsn, with three games of one creator in it, as a server before games
// had secrets and creators left it.
func schemaV1(t *testing.T, driver, dsn string) {
	t.Helper()
	ctx := context.Background()
	db, err := sql.Open(driver, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	text, err := migrations.ReadFile("migrations/0001_init.sql")
	if err != nil {
		t.Fatal(err)
	}
	stmts := append(splitSQL(string(text)),
		"CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied BIGINT NOT NULL)",
		"INSERT INTO schema_migrations (version, name, applied) VALUES (1, '0001_init.sql', 0)",
		`INSERT INTO games (id, kind, variant, name, status, seq, deadline, version, data, created, updated)
			VALUES ('old1', 'diplomacy', 'standard', 'old', 'active', 0, 0, 1, '{"creator": "u1"}', 0, 0)`,
		`INSERT INTO games (id, kind, variant, name, status, seq, deadline, version, data, created, updated)
			VALUES ('old2', 'diplomacy', 'standard', 'old', 'forming', 0, 0, 1, '{"creator": "u1"}', 0, 0)`,
		`INSERT INTO games (id, kind, variant, name, status, seq, deadline, version, data, created, updated)
			VALUES ('old3', 'diplomacy', 'standard', 'old', 'finished', 0, 0, 1, '{"creator": "u1"}', 0, 0)`)
	for _, s := range stmts {
		if _, err := db.ExecContext(ctx, s); err != nil {
			t.Fatalf("%v\n%s", err, s)
		}
	}
}

// TestMigrationGivesStoredGamesSecretsAndCreators: games stored before
// migration 0002 get a secret each (different) and their creator's
// column, which counts them as the creator's unfinished games; and from
// migration 0005 the settings every game had before there were any.
func TestMigrationGivesStoredGamesSecretsAndCreators(t *testing.T) {
	dsns := map[string]string{"sqlite": filepath.Join(t.TempDir(), "old.db")}
	if pgtest.Available() {
		dsns["postgres"] = pgtest.Database(t)
	}
	for name, dsn := range dsns {
		t.Run(name, func(t *testing.T) {
			driver := "sqlite"
			if name == "postgres" {
				driver = "pgx"
			}
			schemaV1(t, driver, dsn)
			s, err := Open(context.Background(), dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			secrets := map[string]bool{}
			if err := s.View(context.Background(), func(tx Tx) error {
				for _, id := range []string{"old1", "old2"} {
					g, err := tx.Game(id, false)
					if err != nil {
						return err
					}
					if len(g.Secret) != secretSize {
						t.Errorf("game %s: a secret of %d bytes after the migration", id, len(g.Secret))
					}
					secrets[string(g.Secret)] = true
					if g.Creator != "u1" {
						t.Errorf("game %s: creator %q after the migration", id, g.Creator)
					}
					// Migration 0005: what every game had before settings.
					if g.Press != "full" || g.Private || !g.Spectators {
						t.Errorf("game %s: press %q, private %v, spectators %v after the migration; want full press, listed, spectators",
							id, g.Press, g.Private, g.Spectators)
					}
				}
				if n, err := tx.UnfinishedGames("u1"); err != nil || n != 2 {
					t.Errorf("u1 has %d unfinished games (%v), want 2", n, err)
				}
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			if len(secrets) != 2 {
				t.Errorf("two games share a secret")
			}
		})
	}
}
