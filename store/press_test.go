package store

import (
	"context"
	"database/sql"
	"path/filepath"
	"slices"
	"testing"

	"github.com/chancery/chancery/internal/pgtest"
)

// ids returns the ids of messages.
func ids(ms []*Message) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.ID)
	}
	return out
}

// TestPressIsReadByItsTenure: a power's press is read by the user who
// held the power when it was sent or received, not by the next holder;
// PassPress gives it to a successor.
func TestPressIsReadByItsTenure(t *testing.T) {
	for name, s := range stores(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			msgs := []*Message{
				{ID: "m1", From: "England", To: []string{"France"}, Sender: "first", Readers: []string{"fr"}},
				{ID: "m2", From: "France", To: []string{"England", "Italy"}, Sender: "fr", Readers: []string{"first", ""}},
				{ID: "m3", From: "France", To: []string{"England"}, Sender: "fr", Readers: []string{"second"}},
			}
			err := s.Update(ctx, func(tx Tx) error {
				if err := tx.CreateGame(&GameRow{ID: "pg", Kind: "diplomacy", Variant: "standard", Name: "pg", Status: "forming", Press: "full",
					Data: []byte("{}"), Created: now, Updated: now}); err != nil {
					return err
				}
				for i, m := range msgs {
					m.GameID, m.Body, m.Created = "pg", "hi", int64(i+1)
					if err := tx.AddMessage(m); err != nil {
						return err
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			read := func(power, user string) []string {
				t.Helper()
				var ms []*Message
				if err := s.View(ctx, func(tx Tx) (err error) { ms, err = tx.Messages("pg", power, user, 0, 10); return }); err != nil {
					t.Fatal(err)
				}
				return ids(ms)
			}
			for _, tc := range []struct {
				power, user string
				want        []string
			}{
				{"England", "first", []string{"m1", "m2"}},
				{"England", "second", []string{"m3"}},
				{"England", "third", nil},
				{"France", "fr", []string{"m1", "m2", "m3"}},
				{"France", "first", nil}, // her England press is not France's
				{"Italy", "", []string{"m2"}},
			} {
				if got := read(tc.power, tc.user); !slices.Equal(got, tc.want) {
					t.Errorf("%s read by %q: %v, want %v", tc.power, tc.user, got, tc.want)
				}
			}
			if err := s.Update(ctx, func(tx Tx) error { return tx.PassPress("pg", "England", "first", "third") }); err != nil {
				t.Fatal(err)
			}
			if got := read("England", "third"); !slices.Equal(got, []string{"m1", "m2"}) {
				t.Errorf("the successor reads %v, want m1 and m2", got)
			}
			if got := read("England", "first"); got != nil {
				t.Errorf("the player who passed her press still reads %v", got)
			}
		})
	}
}

// TestMigrationGivesStoredPressToThePlayersSeated: messages stored before
// migration 0007 are read by the players who hold the powers now.
func TestMigrationGivesStoredPressToThePlayersSeated(t *testing.T) {
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
			db, err := sql.Open(driver, dsn)
			if err != nil {
				t.Fatal(err)
			}
			for _, q := range []string{
				`INSERT INTO users (id, name, name_key, pass_hash, created) VALUES ('u1', 'Ann', 'ann', 'h', 0)`,
				`INSERT INTO users (id, name, name_key, pass_hash, created) VALUES ('u2', 'Bob', 'bob', 'h', 0)`,
				`INSERT INTO game_players (game_id, user_id, power) VALUES ('old1', 'u1', 'England')`,
				`INSERT INTO game_players (game_id, user_id, power) VALUES ('old1', 'u2', 'France')`,
				`INSERT INTO messages (id, game_id, sender, recipients, body, created) VALUES ('a', 'old1', 'England', '["France"]', 'hi', 1)`,
				`INSERT INTO message_recipients (message_id, game_id, power) VALUES ('a', 'old1', 'France')`,
				`INSERT INTO messages (id, game_id, sender, recipients, body, created) VALUES ('b', 'old1', 'Italy', '["England"]', 'hi', 2)`,
				`INSERT INTO message_recipients (message_id, game_id, power) VALUES ('b', 'old1', 'England')`,
			} {
				if _, err := db.Exec(q); err != nil {
					t.Fatalf("%v\n%s", err, q)
				}
			}
			db.Close()
			s, err := Open(context.Background(), dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			for _, tc := range []struct {
				power, user string
				want        []string
			}{
				{"England", "u1", []string{"a", "b"}},
				{"France", "u2", []string{"a"}},
				{"France", "u1", nil},
			} {
				var ms []*Message
				if err := s.View(context.Background(), func(tx Tx) (err error) { ms, err = tx.Messages("old1", tc.power, tc.user, 0, 10); return }); err != nil {
					t.Fatal(err)
				}
				if got := ids(ms); !slices.Equal(got, tc.want) {
					t.Errorf("%s read by %s after the migration: %v, want %v", tc.power, tc.user, got, tc.want)
				}
			}
		})
	}
}
