package server

import (
	"strings"
	"testing"
)

// TestGamesChooseTheirBotLevel: a game's creator chooses how well its bots
// play; the game shows the level, normal when none was chosen, and an
// unknown level is refused.
func TestGamesChooseTheirBotLevel(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a := e.user()
		if r := a.must(422, "POST", "/games", map[string]any{"variant": "standard", "bots": true, "bot_level": "genius"}); !strings.Contains(string(r.Body), "bot_level") {
			t.Errorf("an unknown level: %s", r.Body)
		}
		// As strict as the document: the levels' names as written there.
		a.must(422, "POST", "/games", map[string]any{"variant": "standard", "bots": true, "bot_level": "Easy"})
		// Diceplomacy's bots have one level.
		a.must(422, "POST", "/games", map[string]any{"variant": "diceplomacy", "bots": true, "bot_level": "hard"})
		for body, want := range map[string]string{"hard": "hard", "": "normal", "easy": "easy"} {
			req := map[string]any{"variant": "standard", "bots": true, "power": "England"}
			if body != "" {
				req["bot_level"] = body
			}
			id := a.newGame(req)
			if got := a.must(200, "GET", "/games/"+id, nil).m(t)["bot_level"]; got != want {
				t.Errorf("bot_level %q: the game shows %v, want %q", body, got, want)
			}
		}
	})
}

// TestSeatsChooseTheirBotLevel: a game's creator may give some seats'
// bots a level of their own; the game shows them, an unknown power or
// level is refused, and the seats play at their levels.
func TestSeatsChooseTheirBotLevel(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a := e.user()
		a.must(422, "POST", "/games", map[string]any{"variant": "standard", "bots": true, "bot_levels": map[string]string{"Atlantis": "hard"}})
		a.must(422, "POST", "/games", map[string]any{"variant": "standard", "bots": true, "bot_levels": map[string]string{"France": "genius"}})
		id := a.newGame(map[string]any{"variant": "standard", "bots": true, "power": "England", "bot_level": "easy",
			"bot_levels": map[string]string{"france": "hard", "Germany": "normal"}})
		g := a.must(200, "GET", "/games/"+id, nil).m(t)
		levels, _ := g["bot_levels"].(map[string]any)
		if g["bot_level"] != "easy" || len(levels) != 2 || levels["France"] != "hard" || levels["Germany"] != "normal" {
			t.Errorf("bot_level %v, bot_levels %v; want easy, France hard and Germany normal", g["bot_level"], g["bot_levels"])
		}
	})
}
