package store

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chancery/chancery/internal/pgtest"
)

// stores returns the stores to test: a fresh SQLite file, and PostgreSQL
// when CHANCERY_TEST_POSTGRES holds a URL (an empty database of its own).
func stores(t testing.TB) map[string]Store {
	t.Helper()
	ctx := context.Background()
	out := map[string]Store{}
	s, err := Open(ctx, filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	out["sqlite"] = s
	if pgtest.Available() {
		p, err := Open(ctx, pgtest.Recycled(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { p.Close() })
		out["postgres"] = p
	}
	return out
}

var now = time.UnixMilli(1_800_000_000_000).UTC()

func TestStore(t *testing.T) {
	for name, s := range stores(t) {
		t.Run(name, func(t *testing.T) { testStore(t, s) })
	}
}

func testStore(t *testing.T, s Store) {
	ctx := context.Background()
	up := func(fn func(Tx) error) {
		t.Helper()
		if err := s.Update(ctx, fn); err != nil {
			t.Fatal(err)
		}
	}
	view := func(fn func(Tx) error) {
		t.Helper()
		if err := s.View(ctx, fn); err != nil {
			t.Fatal(err)
		}
	}
	up(func(tx Tx) error { return tx.CreateUser(&User{ID: "u1", Name: "Alice", PassHash: "h", Created: now}) })
	if err := s.Update(ctx, func(tx Tx) error { return tx.CreateUser(&User{ID: "u2", Name: "ALICE", PassHash: "h"}) }); !errors.Is(err, ErrConflict) {
		t.Fatalf("a second Alice: %v", err)
	}
	up(func(tx Tx) error {
		return tx.CreateSession(&Session{TokenHash: "t1", UserID: "u1", Created: now, Expires: now.Add(time.Hour)})
	})
	view(func(tx Tx) error {
		if u, err := tx.SessionUser("t1", now); err != nil || u.Name != "Alice" {
			t.Errorf("session: %v %v", u, err)
		}
		if _, err := tx.SessionUser("t1", now.Add(2*time.Hour)); !errors.Is(err, ErrNotFound) {
			t.Errorf("expired session: %v", err)
		}
		return nil
	})
	up(func(tx Tx) error { return tx.RevokeSession("t1") })
	view(func(tx Tx) error {
		if _, err := tx.SessionUser("t1", now); !errors.Is(err, ErrNotFound) {
			t.Errorf("revoked session: %v", err)
		}
		return nil
	})

	g := &GameRow{ID: "g1", Kind: "diplomacy", Variant: "standard", Name: "x", Status: "active", Deadline: now, Data: []byte("{}"), Created: now, Updated: now,
		Press: "full", Spectators: true}
	up(func(tx Tx) error {
		if err := tx.CreateGame(g); err != nil {
			return err
		}
		return tx.AddPlayer("g1", "u1", "England")
	})
	up(func(tx Tx) error {
		id, ok, err := tx.ClaimDue(now.Add(-time.Second))
		if ok || err != nil {
			t.Errorf("claimed a game not due: %s %v", id, err)
		}
		id, ok, err = tx.ClaimDue(now)
		if !ok || id != "g1" || err != nil {
			t.Errorf("claim: %s %v %v", id, ok, err)
		}
		g, err := tx.Game(id, true)
		if err != nil {
			return err
		}
		g.Seq++
		g.Deadline = now.Add(time.Minute)
		if err := tx.AddPhase(&Phase{GameID: "g1", Seq: 0, Name: "S1901M", Data: []byte("{}"), Created: now}); err != nil {
			return err
		}
		return tx.SaveGame(g)
	})
	if err := s.Update(ctx, func(tx Tx) error {
		return tx.AddPhase(&Phase{GameID: "g1", Seq: 0, Name: "S1901M", Data: []byte("{}")})
	}); !errors.Is(err, ErrConflict) {
		t.Fatalf("a phase recorded twice: %v", err)
	}
	up(func(tx Tx) error {
		if err := tx.PutOrders(&Orders{GameID: "g1", Power: "England", Seq: 1, Orders: []byte(`["a"]`)}); err != nil {
			return err
		}
		return tx.PutOrders(&Orders{GameID: "g1", Power: "England", Seq: 1, Orders: []byte(`["b"]`), Ready: true})
	})
	up(func(tx Tx) error {
		readers := map[string]string{"England": "ue", "France": "uf", "Italy": "ui"}
		for i, to := range [][]string{{"France"}, {"England"}, {"England", "France", "Italy"}} {
			var rs []string
			for _, p := range to {
				rs = append(rs, readers[p])
			}
			if err := tx.AddMessage(&Message{ID: string(rune('a' + i)), GameID: "g1", From: "Germany", To: to, Body: "hi", Created: int64(i + 1),
				Sender: "ug", Readers: rs}); err != nil {
				return err
			}
		}
		return nil
	})
	view(func(tx Tx) error {
		os, err := tx.Orders("g1", 1)
		if err != nil || len(os) != 1 || string(os[0].Orders) != `["b"]` || !os[0].Ready {
			t.Errorf("orders: %+v %v", os, err)
		}
		ms, err := tx.Messages("g1", "England", "ue", 0, 10)
		if err != nil || len(ms) != 2 || ms[0].ID != "b" || len(ms[1].To) != 3 {
			t.Errorf("England's messages: %+v %v", ms, err)
		}
		ms, _ = tx.Messages("g1", "Germany", "ug", 1, 10)
		if len(ms) != 2 {
			t.Errorf("the sender sees its messages after 1: %d", len(ms))
		}
		return nil
	})
	// A message stamped no later than the game's last one is moved past
	// it: times are unique and grow in the order messages are stored.
	late := &Message{ID: "d", GameID: "g1", From: "Italy", To: []string{"Germany"}, Body: "late clock", Created: 2,
		Sender: "ui", Readers: []string{"ug"}}
	up(func(tx Tx) error { return tx.AddMessage(late) })
	if late.Created != 4 {
		t.Errorf("a message stamped 2 after one at 3 got time %d, want 4", late.Created)
	}
	view(func(tx Tx) error {
		if ms, err := tx.Messages("g1", "Germany", "ug", 3, 10); err != nil || len(ms) != 1 || ms[0].ID != "d" {
			t.Errorf("a reader at 3 misses the late message: %+v %v", ms, err)
		}
		gs, err := tx.ListGames(GameFilter{UserID: "u1", Status: "active"})
		if err != nil || len(gs) != 1 || gs[0].Version != 1 || gs[0].Seq != 1 {
			t.Errorf("list: %+v %v", gs, err)
		}
		return nil
	})
}

// TestNotifyReachesListeners: on PostgreSQL a change announced through one
// store reaches a listener on another (as between two server processes);
// SQLite says it cannot listen.
func TestNotifyReachesListeners(t *testing.T) {
	for name, s := range stores(t) {
		t.Run(name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			got := make(chan string, 10)
			done := make(chan error, 1)
			go func() { done <- s.Listen(ctx, func(id string) { got <- id }, nil) }()
			if name == "sqlite" {
				if err := <-done; !errors.Is(err, ErrNoListen) {
					t.Fatalf("Listen on SQLite: %v", err)
				}
				if err := s.Notify(ctx, "g1"); err != nil {
					t.Fatalf("Notify on SQLite: %v", err)
				}
				return
			}
			if id := <-got; id != "" {
				t.Fatalf("first call %q, want \"\" (catch up)", id)
			}
			other, err := Open(ctx, s.(*db).dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer other.Close()
			for _, want := range []string{"g1", "g2"} {
				if err := other.Notify(ctx, want); err != nil {
					t.Fatal(err)
				}
				select {
				case id := <-got:
					if id != want {
						t.Fatalf("got %q, want %q", id, want)
					}
				case <-ctx.Done():
					t.Fatalf("no notification of %q", want)
				}
			}
			cancel()
			if err := <-done; !errors.Is(err, context.Canceled) {
				t.Fatalf("Listen ended with %v, want context.Canceled", err)
			}
		})
	}
}

// TestGamesKeepTheirSettingsAndListOnlyWhereOpen: a game's settings come
// back as stored; a viewer's list leaves out the private games and the
// games under way without spectators that the viewer neither created nor
// plays, whatever the status asked for.
func TestGamesKeepTheirSettingsAndListOnlyWhereOpen(t *testing.T) {
	for name, s := range stores(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			games := []*GameRow{
				{ID: "open", Status: "forming", Press: "full", Spectators: true},
				{ID: "quiet", Status: "active", Press: "none", Spectators: true},
				{ID: "private", Status: "forming", Press: "public", Private: true, Spectators: true, Creator: "u1"},
				{ID: "closedForming", Status: "forming", Press: "full"},
				{ID: "closedActive", Status: "active", Press: "full", Creator: "u1"},
				{ID: "closedPlayed", Status: "active", Press: "full"},
			}
			if err := s.Update(ctx, func(tx Tx) error {
				for _, u := range []string{"u1", "u2", "u3"} {
					if err := tx.CreateUser(&User{ID: u, Name: u, PassHash: "h", Created: now}); err != nil {
						return err
					}
				}
				for i, g := range games {
					g.Kind, g.Variant, g.Name, g.Data = "diplomacy", "standard", g.ID, []byte("{}")
					g.Created = now.Add(time.Duration(i) * time.Second)
					if err := tx.CreateGame(g); err != nil {
						return err
					}
				}
				if err := tx.AddPlayer("closedPlayed", "u2", "France"); err != nil {
					return err
				}
				if err := tx.CreateGame(&GameRow{ID: "bad", Kind: "diplomacy", Press: "gunboat", Data: []byte("{}")}); err == nil {
					t.Error("a game with press \"gunboat\" was stored")
				}
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			if err := s.View(ctx, func(tx Tx) error {
				for _, want := range games {
					g, err := tx.Game(want.ID, false)
					if err != nil {
						return err
					}
					if g.Press != want.Press || g.Private != want.Private || g.Spectators != want.Spectators {
						t.Errorf("game %s came back with %q %v %v, stored %q %v %v", g.ID, g.Press, g.Private, g.Spectators,
							want.Press, want.Private, want.Spectators)
					}
				}
				for _, c := range []struct {
					f    GameFilter
					want string
				}{
					{GameFilter{}, "closedPlayed closedActive closedForming private quiet open"},
					{GameFilter{Viewer: "u1"}, "closedActive closedForming private quiet open"},
					{GameFilter{Viewer: "u2"}, "closedPlayed closedForming quiet open"},
					{GameFilter{Viewer: "u3"}, "closedForming quiet open"},
					{GameFilter{Viewer: "u3", Status: "forming"}, "closedForming open"},
					{GameFilter{Viewer: "u3", Status: "active"}, "quiet"},
					{GameFilter{Viewer: "u1", Status: "forming"}, "closedForming private open"},
					{GameFilter{Viewer: "u2", Status: "active"}, "closedPlayed quiet"},
				} {
					list, err := tx.ListGames(c.f)
					if err != nil {
						return err
					}
					var ids []string
					for _, g := range list {
						ids = append(ids, g.ID)
					}
					if got := strings.Join(ids, " "); got != c.want {
						t.Errorf("ListGames(%+v) = %s, want %s", c.f, got, c.want)
					}
				}
				return nil
			}); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestRemovePlayerGivesBackTheSeat: the user no longer plays the game
// (nor lists it among their own) and may take a seat in it again.
func TestRemovePlayerGivesBackTheSeat(t *testing.T) {
	for name, s := range stores(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			err := s.Update(ctx, func(tx Tx) error {
				if err := tx.CreateUser(&User{ID: "r1", Name: "remover", PassHash: "h", Created: now}); err != nil {
					return err
				}
				if err := tx.CreateGame(&GameRow{ID: "rg", Kind: "diplomacy", Variant: "standard", Name: "rg", Status: "forming", Press: "full",
					Data: []byte("{}"), Created: now, Updated: now, Creator: "r1"}); err != nil {
					return err
				}
				return tx.AddPlayer("rg", "r1", "England")
			})
			if err != nil {
				t.Fatal(err)
			}
			mine := func() int {
				t.Helper()
				var n int
				if err := s.View(ctx, func(tx Tx) error {
					gs, err := tx.ListGames(GameFilter{UserID: "r1"})
					n = len(gs)
					return err
				}); err != nil {
					t.Fatal(err)
				}
				return n
			}
			if n := mine(); n != 1 {
				t.Fatalf("before leaving, r1 plays %d games", n)
			}
			if err := s.Update(ctx, func(tx Tx) error { return tx.RemovePlayer("rg", "r1") }); err != nil {
				t.Fatal(err)
			}
			if n := mine(); n != 0 {
				t.Errorf("after leaving, r1 plays %d games", n)
			}
			if err := s.Update(ctx, func(tx Tx) error { return tx.RemovePlayer("rg", "r1") }); !errors.Is(err, ErrNotFound) {
				t.Errorf("leaving twice: %v, want ErrNotFound", err)
			}
			if err := s.Update(ctx, func(tx Tx) error { return tx.AddPlayer("rg", "r1", "France") }); err != nil {
				t.Errorf("taking a seat again: %v", err)
			}
		})
	}
}

// TestGamesCreatedAtOneInstantKeepTheirPlaceInTheLists: games created in
// the same millisecond list in one order, the same before and after one
// of them changes. The lists were ordered by the time of creation alone,
// and PostgreSQL gave such games in whatever order an update left them:
// the lobby's lines swapped under a player's mouse when someone joined
// one (the flaky lobby case of TestClickOutlastsALiveRedraw, whose server
// clock stands still).
func TestGamesCreatedAtOneInstantKeepTheirPlaceInTheLists(t *testing.T) {
	for name, s := range stores(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			ids := []string{"g1", "g2", "g3", "g4"}
			if err := s.Update(ctx, func(tx Tx) error {
				if err := tx.CreateUser(&User{ID: "u1", Name: "u1", PassHash: "h", Created: now}); err != nil {
					return err
				}
				for _, id := range ids {
					g := &GameRow{ID: id, Kind: "diplomacy", Variant: "standard", Name: id, Status: "forming", Press: "full", Spectators: true,
						Data: []byte("{}"), Created: now, Updated: now, Creator: "u1"}
					if err := tx.CreateGame(g); err != nil {
						return err
					}
					if err := tx.AddPlayer(id, "u1", "France"); err != nil {
						return err
					}
				}
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			const want = "g4 g3 g2 g1"
			filters := []GameFilter{{}, {Status: "forming"}, {Viewer: "u1"}, {Viewer: "u1", Status: "forming"}, {UserID: "u1"}, {UserID: "u1", Status: "forming"}}
			for round, id := range append([]string{""}, ids...) {
				if id != "" {
					// A game changes, as when a seat is taken: saved anew.
					if err := s.Update(ctx, func(tx Tx) error {
						g, err := tx.Game(id, true)
						if err != nil {
							return err
						}
						g.Name += "!"
						return tx.SaveGame(g)
					}); err != nil {
						t.Fatal(err)
					}
				}
				if err := s.View(ctx, func(tx Tx) error {
					for _, f := range filters {
						list, err := tx.ListGames(f)
						if err != nil {
							return err
						}
						var got []string
						for _, g := range list {
							got = append(got, g.ID)
						}
						if strings.Join(got, " ") != want {
							t.Errorf("after %d changes, ListGames(%+v) = %v, want %s", round, f, got, want)
						}
					}
					return nil
				}); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}
