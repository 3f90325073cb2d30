package store

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"
)

// TestOutbox checks the outbox's claims: a claimed item is not claimed
// again while its lease lasts, on PostgreSQL two claims at once take
// different items, a settled item is never claimed, and a queued item's
// Dedup keeps a second alike out.
func TestOutbox(t *testing.T) {
	ctx := context.Background()
	for name, s := range stores(t) {
		t.Run(name, func(t *testing.T) {
			if err := s.Update(ctx, func(tx Tx) error {
				if err := tx.CreateUser(&User{ID: "u1", Name: "mailer", PassHash: "x", Created: now}); err != nil {
					return err
				}
				for i := range 3 {
					for range 2 { // the second is a duplicate
						if err := tx.Enqueue(&OutboxItem{ID: fmt.Sprintf("i%d-%d", i, time.Now().UnixNano()), Channel: "email", Kind: "game",
							Dedup: fmt.Sprintf("d%d", i), UserID: "u1", Recipient: "a@example.org", Payload: []byte("{}"), Due: now, Created: now}); err != nil {
							return err
						}
					}
				}
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			claim := func(at time.Time, n int) []*OutboxItem {
				var got []*OutboxItem
				if err := s.Update(ctx, func(tx Tx) error {
					var err error
					got, err = tx.ClaimOutbox("email", at, time.Minute, n)
					return err
				}); err != nil {
					t.Fatal(err)
				}
				return got
			}
			if name == "postgres" {
				// Two claims at once: the second skips the rows the first
				// holds, without waiting for it.
				hold := errors.New("held")
				var first, second []*OutboxItem
				err := s.Update(ctx, func(tx Tx) error {
					var err error
					if first, err = tx.ClaimOutbox("email", now, time.Minute, 2); err != nil {
						return err
					}
					second = claim(now, 3)
					return hold // rolled back: the first claim's rows are free again
				})
				if !errors.Is(err, hold) {
					t.Fatal(err)
				}
				if len(first) != 2 || len(second) != 1 || second[0].ID == first[0].ID || second[0].ID == first[1].ID {
					t.Fatalf("claims at once took %d and %d items, overlapping", len(first), len(second))
				}
				// The second committed: its item is leased.
				if got := claim(now, 3); len(got) != 2 {
					t.Fatalf("after the held claim rolled back, %d items, want 2", len(got))
				}
			} else if got := claim(now, 3); len(got) != 3 {
				t.Fatalf("%d items claimed, want 3 (one per dedup key)", len(got))
			}
			if got := claim(now.Add(30*time.Second), 3); len(got) != 0 {
				t.Fatalf("%d items claimed again within their lease", len(got))
			}
			got := claim(now.Add(2*time.Minute), 3)
			if len(got) != 3 || got[0].Attempts != 2 {
				t.Fatalf("after the lease: %d items, attempts %d", len(got), got[0].Attempts)
			}
			if err := s.Update(ctx, func(tx Tx) error {
				if err := tx.SettleOutbox(got[0].ID, OutboxSent, "", now); err != nil {
					return err
				}
				if err := tx.SettleOutbox(got[0].ID, OutboxSent, "", now); !errors.Is(err, ErrNotFound) {
					return fmt.Errorf("settled twice: %v", err)
				}
				return tx.RetryOutbox(got[1].ID, now.Add(time.Hour), "relay away")
			}); err != nil {
				t.Fatal(err)
			}
			if got := claim(now.Add(10*time.Minute), 3); len(got) != 1 {
				t.Fatalf("%d items claimed: want the one neither settled nor put off", len(got))
			}
		})
	}
}

// TestMailTokens checks that a token works once, of its kind, before it
// expires.
func TestMailTokens(t *testing.T) {
	ctx := context.Background()
	for name, s := range stores(t) {
		t.Run(name, func(t *testing.T) {
			err := s.Update(ctx, func(tx Tx) error {
				if err := tx.CreateUser(&User{ID: "u1", Name: "tokens", PassHash: "x", Created: now}); err != nil {
					return err
				}
				for _, h := range []string{"h1", "h2", "h3"} {
					if err := tx.CreateToken(&Token{Hash: h, Kind: "reset", UserID: "u1", Created: now, Expires: now.Add(time.Hour)}); err != nil {
						return err
					}
				}
				if _, err := tx.UseToken("h1", "verify", now); !errors.Is(err, ErrNotFound) {
					return fmt.Errorf("a reset token verified: %v", err)
				}
				if tok, err := tx.UseToken("h1", "reset", now); err != nil || tok.UserID != "u1" {
					return fmt.Errorf("first use: %v", err)
				}
				if _, err := tx.UseToken("h1", "reset", now); !errors.Is(err, ErrNotFound) {
					return fmt.Errorf("second use: %v", err)
				}
				if _, err := tx.UseToken("h2", "reset", now.Add(time.Hour)); !errors.Is(err, ErrNotFound) {
					return fmt.Errorf("expired use: %v", err)
				}
				if err := tx.DropTokens("u1", "reset"); err != nil {
					return err
				}
				if _, err := tx.UseToken("h3", "reset", now); !errors.Is(err, ErrNotFound) {
					return fmt.Errorf("dropped use: %v", err)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}
