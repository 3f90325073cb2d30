package store

import (
	"context"
	"testing"
)

// TestAViewReadsOneSnapshot: what a View reads after another transaction
// has committed is what the View's first read saw, on both databases: a
// game's row, its orders and its phases agree with each other, however
// they are read. (On PostgreSQL, READ COMMITTED would show the later
// reads the commit.)
func TestAViewReadsOneSnapshot(t *testing.T) {
	ctx := context.Background()
	for name, s := range stores(t) {
		t.Run(name, func(t *testing.T) {
			if err := s.Update(ctx, func(tx Tx) error {
				return tx.CreateGame(&GameRow{ID: "g", Kind: "diplomacy", Variant: "standard", Status: "active", Data: []byte("{}"), Press: "full"})
			}); err != nil {
				t.Fatal(err)
			}
			// Phase 0 played: its record, the game moved on, orders for
			// phase 1.
			play := func() error {
				return s.Update(ctx, func(tx Tx) error {
					g, err := tx.Game("g", true)
					if err != nil {
						return err
					}
					if err := tx.AddPhase(&Phase{GameID: "g", Seq: 0, Name: "S1901M", Data: []byte("{}"), Created: now}); err != nil {
						return err
					}
					if err := tx.PutOrders(&Orders{GameID: "g", Power: "England", Seq: 1, Orders: []byte("[]"), Ready: true, Updated: now}); err != nil {
						return err
					}
					g.Seq++
					return tx.SaveGame(g)
				})
			}
			if err := s.View(ctx, func(tx Tx) error {
				g, err := tx.Game("g", false)
				if err != nil {
					return err
				}
				if err := play(); err != nil {
					t.Fatalf("playing phase 0 during the View: %v", err)
				}
				if v, seq, _, err := tx.GameVersion("g"); err != nil || v != g.Version || seq != 0 {
					t.Errorf("the game read again: version %d, seq %d (%v); the View's first read saw version %d, seq 0", v, seq, err, g.Version)
				}
				if ps, err := tx.Phases("g"); err != nil || len(ps) != 0 {
					t.Errorf("phases: %d records (%v), want none: the game the View read is at phase 0", len(ps), err)
				}
				if _, err := tx.Phase("g", 0); err != ErrNotFound {
					t.Errorf("phase 0: %v, want ErrNotFound", err)
				}
				if list, err := tx.Orders("g", 1); err != nil || len(list) != 0 {
					t.Errorf("orders for phase 1: %d (%v), want none", len(list), err)
				}
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			// A View begun after sees it all.
			if err := s.View(ctx, func(tx Tx) error {
				if _, seq, _, err := tx.GameVersion("g"); err != nil || seq != 1 {
					t.Errorf("after: seq %d (%v), want 1", seq, err)
				}
				if _, err := tx.Phase("g", 0); err != nil {
					t.Errorf("after: phase 0: %v", err)
				}
				return nil
			}); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// BenchmarkView is the reads of a game's page: a View that reads the
// game's row, the orders of its phase and its history, on each database.
// It measures what the View's snapshot costs (REPEATABLE READ on
// PostgreSQL).
func BenchmarkView(b *testing.B) {
	ctx := context.Background()
	for name, s := range stores(b) {
		b.Run(name, func(b *testing.B) {
			if err := s.Update(ctx, func(tx Tx) error {
				if err := tx.CreateGame(&GameRow{ID: "g", Kind: "diplomacy", Variant: "standard", Status: "active", Seq: 10, Data: []byte("{}"), Press: "full"}); err != nil {
					return err
				}
				for seq := range 10 {
					if err := tx.AddPhase(&Phase{GameID: "g", Seq: seq, Name: "x", Data: []byte(`{"a": 1}`), Created: now}); err != nil {
						return err
					}
				}
				return tx.PutOrders(&Orders{GameID: "g", Power: "England", Seq: 10, Orders: []byte("[]"), Updated: now})
			}); err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for b.Loop() {
				if err := s.View(ctx, func(tx Tx) error {
					g, err := tx.Game("g", false)
					if err != nil {
						return err
					}
					if _, err := tx.Orders("g", g.Seq); err != nil {
						return err
					}
					_, err = tx.Phases("g")
					return err
				}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
