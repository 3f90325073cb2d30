package server

import (
	"net/http"
	"testing"
)

// listed reports whether the list GET /games?query holds game id.
func listed(t *testing.T, c *client, query, id string) bool {
	t.Helper()
	var games []struct{ ID string }
	c.must(200, "GET", "/games?"+query, nil).json(t, &games)
	for _, g := range games {
		if g.ID == id {
			return true
		}
	}
	return false
}

// TestASeatCanBeLeftAndTakenAgainBeforeTheStart: a player leaves their
// seat, which is free again (for them too); the creator may leave theirs
// and stays the creator; the player's own list and the lobbies follow;
// leaving is refused without a seat and once the game has started.
func TestASeatCanBeLeftAndTakenAgainBeforeTheStart(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a, b, c := e.user(), e.user(), e.user()
		id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 3600, "bots": true, "power": "England"})
		b.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "France"})
		events := watchLobby(t, e.URL, c.token)
		lobbyNext(t, events, 1)

		if !listed(t, b, "mine=true", id) {
			t.Fatal("the game is not among the games b plays")
		}
		out := b.must(200, "POST", "/games/"+id+"/leave", nil).m(t)
		if out["id"] != id || out["power"] != "" {
			t.Errorf("leaving answers %v", out)
		}
		lobbyNext(t, events, 2) // another's lobby hears of the free seat
		if g := b.game(id); g.MyPower != "" {
			t.Errorf("b still plays %s after leaving", g.MyPower)
		}
		if listed(t, b, "mine=true", id) {
			t.Error("the game is still among the games b plays")
		}
		wantCode(t, b.do("POST", "/games/"+id+"/leave", nil), http.StatusForbidden, "not_player")
		wantCode(t, c.do("POST", "/games/"+id+"/leave", nil), http.StatusForbidden, "not_player")

		// The seat is free: c takes it, b takes another.
		c.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "France"})
		lobbyNext(t, events, 3)
		b.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "Italy"})
		lobbyNext(t, events, 4)

		// The creator leaves their seat and stays the creator.
		a.must(200, "POST", "/games/"+id+"/leave", nil)
		lobbyNext(t, events, 5)
		v := a.must(200, "GET", "/games/"+id, nil).m(t)
		if v["you_created"] != true || v["my_power"] != nil {
			t.Errorf("after leaving, the creator sees you_created %v, my_power %v", v["you_created"], v["my_power"])
		}
		if g := c.game(id); seatOf(g, "England") != "" {
			t.Errorf("England is still taken after its player left: %+v", g.Powers)
		}
		a.must(200, "POST", "/games/"+id+"/start", nil)
		lobbyNext(t, events, 6)
		if g := a.game(id); seatOf(g, "England") != "bot" {
			t.Errorf("the seat the creator left went to %q at the start, want a bot", seatOf(g, "England"))
		}
		wantCode(t, b.do("POST", "/games/"+id+"/leave", nil), http.StatusConflict, "game_started")
		if g := b.game(id); g.MyPower != "Italy" {
			t.Errorf("b plays %q after a refused leave, want Italy", g.MyPower)
		}
		wantCode(t, b.do("POST", "/games/nosuchgame/leave", nil), http.StatusNotFound, "")

		// Diceplomacy seats are left alike.
		dice := a.newGame(map[string]any{"variant": "diceplomacy", "players": 4, "bots": true, "power": "Seat 0"})
		a.must(200, "POST", "/games/"+dice+"/leave", nil)
		a.must(200, "POST", "/games/"+dice+"/join", map[string]any{"power": "Seat 2"})
		var d struct {
			MySeat *int `json:"my_seat"`
		}
		a.must(200, "GET", "/games/"+dice, nil).json(t, &d)
		if d.MySeat == nil || *d.MySeat != 2 {
			t.Errorf("after leaving and joining again, the creator's seat is %v, want 2", d.MySeat)
		}
	})
}

// seatOf says who plays power in g: "bot", "person" or "" (nobody).
func seatOf(g gameView, power string) string {
	for _, p := range g.Powers {
		if p.Power == power {
			switch {
			case p.Bot:
				return "bot"
			case p.Player != "":
				return "person"
			}
		}
	}
	return ""
}

// TestCancellingAFormingGameFreesItsCreatorsSlot: a creator at the limit
// of unfinished games cancels one and may create another; the cancelled
// game is finished and says so, leaves the forming list and its players'
// lists, and its players' lobbies hear of it. Only the creator may cancel,
// and only a game that has not started.
func TestCancellingAFormingGameFreesItsCreatorsSlot(t *testing.T) {
	t.Parallel()
	for _, backend := range backends(t) {
		t.Run(backend, func(t *testing.T) {
			e := newEnvWith(t, backend, func(c *Config) { c.MaxGamesPerUser = 2 })
			a, b := e.user(), e.user()
			first := a.newGame(map[string]any{"variant": "standard", "bots": true, "power": "England"})
			second := a.newGame(map[string]any{"variant": "diceplomacy", "players": 4, "bots": true})
			wantCode(t, a.do("POST", "/games", map[string]any{"variant": "standard", "bots": true}), http.StatusTooManyRequests, "too_many_games")
			b.must(200, "POST", "/games/"+first+"/join", map[string]any{"power": "France"})
			events := watchLobby(t, e.URL, b.token)
			lobbyNext(t, events, 1)

			wantCode(t, b.do("POST", "/games/"+first+"/cancel", nil), http.StatusForbidden, "not_creator")
			out := a.must(200, "POST", "/games/"+first+"/cancel", nil).m(t)
			if out["status"] != "finished" || out["cancelled"] != true {
				t.Errorf("cancelling answers %v", out)
			}
			lobbyNext(t, events, 2) // the player's lobby hears of it
			v := b.must(200, "GET", "/games/"+first, nil).m(t)
			if v["status"] != "finished" || v["cancelled"] != true || v["end"] != nil {
				t.Errorf("the cancelled game shows status %v, cancelled %v, end %v", v["status"], v["cancelled"], v["end"])
			}
			if listed(t, b, "status=forming", first) || listed(t, a, "status=forming", first) {
				t.Error("the cancelled game is still listed as forming")
			}
			var mine []struct {
				ID, Status string
				Cancelled  bool
			}
			b.must(200, "GET", "/games?mine=true", nil).json(t, &mine)
			if len(mine) != 1 || mine[0].ID != first || mine[0].Status != "finished" || !mine[0].Cancelled {
				t.Errorf("b's own games: %+v, want the cancelled game, finished and cancelled", mine)
			}

			// The slot is free.
			third := a.newGame(map[string]any{"variant": "standard", "bots": true, "power": "England"})
			wantCode(t, a.do("POST", "/games", map[string]any{"variant": "standard", "bots": true}), http.StatusTooManyRequests, "too_many_games")

			// A cancelled game takes nothing more.
			wantCode(t, a.do("POST", "/games/"+first+"/cancel", nil), http.StatusConflict, "game_started")
			wantCode(t, a.do("POST", "/games/"+first+"/start", nil), http.StatusConflict, "game_started")
			wantCode(t, b.do("POST", "/games/"+first+"/leave", nil), http.StatusConflict, "game_started")
			wantCode(t, e.user().do("POST", "/games/"+first+"/join", nil), http.StatusConflict, "game_started")

			// A game under way cannot be cancelled; a Diceplomacy game
			// that has not started can.
			a.must(200, "POST", "/games/"+third+"/start", nil)
			wantCode(t, a.do("POST", "/games/"+third+"/cancel", nil), http.StatusConflict, "game_started")
			if g := a.game(third); g.Status != "active" {
				t.Errorf("after a refused cancel the game is %s", g.Status)
			}
			a.must(200, "POST", "/games/"+second+"/cancel", nil)
			var d struct {
				Status    string
				Cancelled bool
				Seats     []struct{ Name string }
			}
			a.must(200, "GET", "/games/"+second, nil).json(t, &d)
			if d.Status != "finished" || !d.Cancelled {
				t.Errorf("the cancelled Diceplomacy game shows %+v", d)
			}
			a.must(201, "POST", "/games", map[string]any{"variant": "standard", "bots": true})
		})
	}
}
