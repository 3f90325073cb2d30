package server

import "testing"

// TestMyGamesSayWhichAreDue checks the due mark of the user's own list:
// a game under way that waits for the user's orders is marked, until the
// user is ready; a forming game, a sandbox and the other lists are not.
// The same list marks the forming games the user created.
func TestMyGamesSayWhichAreDue(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a, b := e.user(), e.user()
		id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 600, "bots": true, "power": "Italy"})
		b.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "France"})
		forming := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 600, "power": "England"})
		var sandbox struct{ ID string }
		a.must(201, "POST", "/games", map[string]any{"sandbox": map[string]any{"variant": "standard"}}).json(t, &sandbox)
		a.must(200, "POST", "/games/"+id+"/start", nil)
		due := func(u *client, query string) map[string]bool {
			t.Helper()
			var list []struct {
				ID  string
				Due *bool
			}
			u.must(200, "GET", "/games"+query, nil).json(t, &list)
			out := map[string]bool{}
			for _, g := range list {
				if g.Due != nil && !*g.Due {
					t.Fatalf("%s: due false, not left out: %+v", query, g)
				}
				out[g.ID] = g.Due != nil
			}
			return out
		}
		if got := due(a, "?mine=true"); !got[id] || got[forming] || got[sandbox.ID] {
			t.Fatalf("Italy's games before orders: %v (game %s, forming %s, sandbox %s)", got, id, forming, sandbox.ID)
		}
		a.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{"A ven - tyr"}, "ready": true})
		if got := due(a, "?mine=true"); got[id] {
			t.Fatalf("Italy is ready, still due: %v", got)
		}
		if got := due(b, "?mine=true&status=active"); !got[id] {
			t.Fatalf("France owes orders, not due: %v", got)
		}
		if got := due(b, "?status=active"); got[id] {
			t.Fatalf("a list but the user's own says due: %v", got)
		}
		// The creator of a forming game, who may start it, is told so in
		// the creator's own list only.
		b.must(200, "POST", "/games/"+forming+"/join", map[string]any{"power": "France"})
		created := func(u *client, query string) bool {
			t.Helper()
			var list []struct {
				ID         string
				YouCreated *bool `json:"you_created"`
			}
			u.must(200, "GET", "/games"+query, nil).json(t, &list)
			for _, g := range list {
				if g.ID == forming {
					return g.YouCreated != nil && *g.YouCreated
				}
			}
			t.Fatalf("%s: game %s not listed", query, forming)
			return false
		}
		if !created(a, "?mine=true") || created(b, "?mine=true") || created(a, "?status=forming") {
			t.Fatalf("you_created: creator's list %v, joiner's %v, open list %v", created(a, "?mine=true"), created(b, "?mine=true"), created(a, "?status=forming"))
		}
	})
}
