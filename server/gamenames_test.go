package server

import "testing"

// TestGamesWithoutANameAreNamedByTheirVariantsTitle: a game or sandbox
// created without a name takes its variant's title, as GET /variants
// gives it and the lobby shows it, not the variant's key.
func TestGamesWithoutANameAreNamedByTheirVariantsTitle(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	a := e.user()
	for _, c := range []struct {
		body map[string]any
		want string
	}{
		{map[string]any{"variant": "standard"}, "Standard Diplomacy game"},
		{map[string]any{"variant": "colonial"}, "Colonial Diplomacy game"},
		{map[string]any{"variant": "diceplomacy"}, "Diceplomacy game"},
		{map[string]any{"variant": "standard", "name": "Named by hand"}, "Named by hand"},
		{map[string]any{"sandbox": map[string]any{"variant": "sengoku"}}, "Sengoku sandbox"},
	} {
		id := a.newGame(c.body)
		var g struct{ Name string }
		a.must(200, "GET", "/games/"+id, nil).json(t, &g)
		if g.Name != c.want {
			t.Errorf("%v: named %q, want %q", c.body, g.Name, c.want)
		}
	}
}
