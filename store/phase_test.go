package store

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"
)

// TestPhaseReadsOneRecord: Phase finds the record of one phase of one
// game, by its number, and says ErrNotFound for a phase not played and a
// game it does not know.
func TestPhaseReadsOneRecord(t *testing.T) {
	ctx := context.Background()
	for name, s := range stores(t) {
		t.Run(name, func(t *testing.T) {
			if err := s.Update(ctx, func(tx Tx) error {
				for _, id := range []string{"g1", "g2"} {
					if err := tx.CreateGame(&GameRow{ID: id, Kind: "diplomacy", Variant: "standard", Status: "active", Data: []byte("{}"), Press: "full"}); err != nil {
						return err
					}
					for seq := range 3 {
						p := &Phase{GameID: id, Seq: seq, Name: fmt.Sprintf("%s phase %d", id, seq),
							Data: fmt.Appendf(nil, `{"game": %q, "seq": %d}`, id, seq), Created: now.Add(time.Duration(seq) * time.Hour)}
						if err := tx.AddPhase(p); err != nil {
							return err
						}
					}
				}
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			if err := s.View(ctx, func(tx Tx) error {
				for _, id := range []string{"g1", "g2"} {
					for seq := range 3 {
						p, err := tx.Phase(id, seq)
						if err != nil {
							return err
						}
						if want := fmt.Sprintf(`{"game": %q, "seq": %d}`, id, seq); p.GameID != id || p.Seq != seq ||
							p.Name != fmt.Sprintf("%s phase %d", id, seq) || string(p.Data) != want || !p.Created.Equal(now.Add(time.Duration(seq)*time.Hour)) {
							t.Errorf("Phase(%s, %d) = %+v (data %s)", id, seq, p, p.Data)
						}
					}
				}
				for _, c := range []struct {
					id  string
					seq int
				}{{"g1", 3}, {"g1", -1}, {"nope", 0}} {
					if p, err := tx.Phase(c.id, c.seq); !errors.Is(err, ErrNotFound) {
						t.Errorf("Phase(%s, %d) = %+v, %v; want ErrNotFound", c.id, c.seq, p, err)
					}
				}
				return nil
			}); err != nil {
				t.Fatal(err)
			}
		})
	}
}
