package store

import (
	"context"
	"testing"
	"time"
)

// TestTheLobbyMarkChangesWithWhatALobbyShows: a user's lobby mark changes
// with every change a lobby lists (a game created, a seat taken, a game
// started, finished or cancelled, a seat given back, a phase or the
// orders of a game the user plays)
// and with nothing else (another's game going on, another's orders).
func TestTheLobbyMarkChangesWithWhatALobbyShows(t *testing.T) {
	for name, s := range stores(t) {
		t.Run(name, func(t *testing.T) { testLobbyMark(t, s) })
	}
}

func testLobbyMark(t *testing.T, s Store) {
	ctx := context.Background()
	up := func(fn func(Tx) error) {
		t.Helper()
		if err := s.Update(ctx, fn); err != nil {
			t.Fatal(err)
		}
	}
	mark := func() LobbyMark {
		t.Helper()
		var m LobbyMark
		if err := s.View(ctx, func(tx Tx) error {
			var err error
			m, err = tx.Lobby("u1")
			return err
		}); err != nil {
			t.Fatal(err)
		}
		return m
	}
	// change reads game id, lets fn change it and saves it.
	change := func(id string, fn func(g *GameRow)) func(Tx) error {
		return func(tx Tx) error {
			g, err := tx.Game(id, true)
			if err != nil {
				return err
			}
			fn(g)
			return tx.SaveGame(g)
		}
	}
	game := func(id, creator string) *GameRow {
		return &GameRow{ID: id, Kind: "diplomacy", Variant: "standard", Name: id, Status: "forming", Press: "full", Spectators: true, Data: []byte("{}"),
			Created: now, Updated: now, Creator: creator}
	}
	for _, id := range []string{"u1", "u2", "u3"} {
		up(func(tx Tx) error {
			return tx.CreateUser(&User{ID: id, Name: "lobby " + id, PassHash: "h", Created: now})
		})
	}
	// Two games under way before the steps: one u1 plays, one it does not.
	up(func(tx Tx) error {
		for _, g := range []*GameRow{game("mine", "u1"), game("theirs", "u2")} {
			g.Status = "active"
			if err := tx.CreateGame(g); err != nil {
				return err
			}
			if err := tx.AddPlayer(g.ID, g.Creator, "England"); err != nil {
				return err
			}
		}
		return nil
	})

	steps := []struct {
		name    string
		fn      func(Tx) error
		changes bool
	}{
		{"another creates a game", func(tx Tx) error { return tx.CreateGame(game("new", "u2")) }, true},
		{"another takes a seat in it", func(tx Tx) error {
			if err := change("new", func(g *GameRow) {})(tx); err != nil {
				return err
			}
			return tx.AddPlayer("new", "u3", "France")
		}, true},
		{"its creator starts it", change("new", func(g *GameRow) { g.Status = "active"; g.Deadline = now.Add(time.Hour) }), true},
		{"a game u1 does not play goes on", change("new", func(g *GameRow) { g.Seq++; g.Deadline = now.Add(2 * time.Hour) }), false},
		{"another's orders", func(tx Tx) error {
			return tx.PutOrders(&Orders{GameID: "theirs", Power: "England", Orders: []byte("[]"), Ready: true, Updated: now})
		}, false},
		{"a phase of u1's game is played", change("mine", func(g *GameRow) { g.Seq++; g.Deadline = now.Add(time.Hour) }), true},
		{"u1 gives orders", func(tx Tx) error {
			return tx.PutOrders(&Orders{GameID: "mine", Power: "England", Seq: 1, Orders: []byte("[]"), Updated: now})
		}, true},
		{"u1 says they are ready", func(tx Tx) error {
			return tx.PutOrders(&Orders{GameID: "mine", Power: "England", Seq: 1, Orders: []byte("[]"), Ready: true, Updated: now})
		}, true},
		{"a game u1 does not play finishes", change("theirs", func(g *GameRow) { g.Status = "finished"; g.Deadline = time.Time{} }), true},
		{"nothing", func(tx Tx) error { return nil }, false},
		{"u1's game finishes", change("mine", func(g *GameRow) { g.Status = "finished"; g.Deadline = time.Time{} }), true},
		{"a finished game is saved again", change("mine", func(g *GameRow) {}), false},
		{"another creates a game u1 joins", func(tx Tx) error {
			if err := tx.CreateGame(game("forming", "u2")); err != nil {
				return err
			}
			return tx.AddPlayer("forming", "u1", "Italy")
		}, true},
		{"u1 leaves its seat", func(tx Tx) error {
			if err := change("forming", func(g *GameRow) {})(tx); err != nil {
				return err
			}
			return tx.RemovePlayer("forming", "u1")
		}, true},
		{"its creator cancels it", change("forming", func(g *GameRow) { g.Status = "finished" }), true},
	}
	before := mark()
	for _, step := range steps {
		up(step.fn)
		after := mark()
		if changed := after != before; changed != step.changes {
			t.Errorf("%s: the mark changed %v, want %v (%+v, then %+v)", step.name, changed, step.changes, before, after)
		}
		before = after
	}
}
