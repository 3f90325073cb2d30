package server

import "testing"

// TestTheCreatorTakesAnyFreeSeatWithTheGame: a game created with power
// "any" has its creator in the first free seat from the start, in the
// creation's answer, the game and every list. The web client created the
// game and then joined it, two requests: between them, the lobbies showed
// the game without its creator, and a line grew under a player's mouse
// when the creator came (the flaky lobby case of the browser test
// TestClickOutlastsALiveRedraw).
func TestTheCreatorTakesAnyFreeSeatWithTheGame(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	a, b := e.user(), e.user()
	for _, c := range []struct {
		body map[string]any
		want string
	}{
		{map[string]any{"variant": "standard", "power": "any"}, "Austria"},
		{map[string]any{"variant": "standard", "power": "Any"}, "Austria"},
		{map[string]any{"variant": "1900", "power": "any"}, "Austria-Hungary"},
		{map[string]any{"variant": "diceplomacy", "power": "any"}, "Seat 0"},
		{map[string]any{"variant": "standard", "power": "France"}, "France"},
		{map[string]any{"variant": "standard"}, ""},
	} {
		var out struct{ ID, Power string }
		a.must(201, "POST", "/games", c.body).json(t, &out)
		if out.Power != c.want {
			t.Errorf("%v: the creator's power is %q, want %q", c.body, out.Power, c.want)
		}
		var g struct {
			Players []struct{ Name, Power string }
		}
		var list []struct {
			ID      string
			Players []struct{ Name, Power string }
		}
		b.must(200, "GET", "/games?status=forming", nil).json(t, &list)
		for _, l := range list {
			if l.ID == out.ID {
				g.Players = l.Players
			}
		}
		if c.want == "" {
			if len(g.Players) != 0 {
				t.Errorf("%v: the lobby lists players %v in a game its creator does not play", c.body, g.Players)
			}
			continue
		}
		if len(g.Players) != 1 || g.Players[0].Power != c.want {
			t.Errorf("%v: the lobby lists players %v, want the creator at %s", c.body, g.Players, c.want)
		}
	}
	// A power the variant does not have is still refused.
	a.must(422, "POST", "/games", map[string]any{"variant": "standard", "power": "Atlantis"})
}
