package store

import (
	"context"
	"slices"
	"testing"
	"time"
)

// TestHoldKeepsAClaimUntilTheGameIsSaved holds a due game and checks that
// claims skip it until the hold ends, that the game and its version are
// left as they were, and that saving the game puts it back at the
// deadline it states.
func TestHoldKeepsAClaimUntilTheGameIsSaved(t *testing.T) {
	for name, s := range stores(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			up := func(fn func(Tx) error) {
				t.Helper()
				if err := s.Update(ctx, fn); err != nil {
					t.Fatal(err)
				}
			}
			claim := func(at time.Time) (id string) {
				t.Helper()
				up(func(tx Tx) error {
					var err error
					id, _, err = tx.ClaimDue(at)
					return err
				})
				return id
			}
			g := &GameRow{ID: "g1", Kind: "diplomacy", Variant: "standard", Name: "x", Status: "active", Deadline: now, Data: []byte(`{"a":1}`),
				Created: now, Updated: now, Press: "full"}
			up(func(tx Tx) error { return tx.CreateGame(g) })
			up(func(tx Tx) error {
				id, ok, err := tx.ClaimDue(now)
				if !ok || id != "g1" || err != nil {
					t.Errorf("claim: %q %v %v", id, ok, err)
				}
				return tx.Hold("g1", now.Add(time.Minute))
			})
			if id := claim(now.Add(time.Second)); id != "" {
				t.Fatalf("a held game was claimed again: %s", id)
			}
			var held *GameRow
			up(func(tx Tx) error {
				var err error
				held, err = tx.Game("g1", true)
				return err
			})
			if held.Version != g.Version || string(held.Data) != `{"a":1}` {
				t.Fatalf("holding changed the game: version %d, data %s", held.Version, held.Data)
			}
			if id := claim(now.Add(time.Minute)); id != "g1" {
				t.Fatalf("the game was not claimed when its hold ended: %q", id)
			}
			// Saving the game puts it back at its own deadline.
			up(func(tx Tx) error { return tx.Hold("g1", now.Add(time.Hour)) })
			held.Deadline, held.Updated = now, now
			up(func(tx Tx) error { return tx.SaveGame(held) })
			if id := claim(now); id != "g1" {
				t.Fatalf("a saved game was still held: %q", id)
			}
		})
	}
}

// TestRecentPhasesCountsTheCreatorsActiveGames checks that RecentPhases
// lists the phases of the active games one user created, newest first,
// within the time and number asked, and nothing of others' games or of
// finished ones.
func TestRecentPhasesCountsTheCreatorsActiveGames(t *testing.T) {
	for name, s := range stores(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			err := s.Update(ctx, func(tx Tx) error {
				for _, g := range []*GameRow{
					{ID: "a1", Creator: "alice", Status: "active"},
					{ID: "a2", Creator: "alice", Status: "active"},
					{ID: "a3", Creator: "alice", Status: "finished"},
					{ID: "b1", Creator: "bob", Status: "active"},
				} {
					g.Kind, g.Variant, g.Name, g.Data, g.Press, g.Created, g.Updated = "diplomacy", "standard", g.ID, []byte("{}"), "full", now, now
					if err := tx.CreateGame(g); err != nil {
						return err
					}
				}
				for i, p := range []struct {
					game string
					at   int // seconds after now
				}{{"a1", 1}, {"a1", 2}, {"a2", 3}, {"a3", 4}, {"b1", 5}, {"a2", 6}, {"a1", 7}} {
					if err := tx.AddPhase(&Phase{GameID: p.game, Seq: i, Name: "x", Data: []byte("{}"), Created: now.Add(time.Duration(p.at) * time.Second)}); err != nil {
						return err
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range []struct {
				since, n int
				want     []int
			}{
				{0, 10, []int{7, 6, 3, 2, 1}},
				{0, 2, []int{7, 6}},
				{2, 10, []int{7, 6, 3}},
				{7, 10, nil},
			} {
				var got []time.Time
				err := s.View(ctx, func(tx Tx) error {
					var err error
					got, err = tx.RecentPhases("alice", now.Add(time.Duration(c.since)*time.Second), c.n)
					return err
				})
				if err != nil {
					t.Fatal(err)
				}
				var secs []int
				for _, g := range got {
					secs = append(secs, int(g.Sub(now)/time.Second))
				}
				if !slices.Equal(secs, c.want) {
					t.Errorf("since %d s, at most %d: %v, want %v", c.since, c.n, secs, c.want)
				}
			}
		})
	}
}
