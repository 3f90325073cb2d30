package server

import (
	"testing"
)

// wantCode fails the test unless r has status and names its error code.
func wantCode(t *testing.T, r response, status int, code string) {
	t.Helper()
	if r.Status != status {
		t.Errorf("status %d, want %d (%s): %s", r.Status, status, code, r.Body)
		return
	}
	if got, _ := r.m(t)["code"].(string); got != code {
		t.Errorf("code %q, want %q: %s", got, code, r.Body)
	}
}

// TestRefusalsNameThemselves: the refusals a player commonly meets in
// the lobby and in a game carry a code, for a client to explain them in
// its reader's language; a refusal without one carries none.
func TestRefusalsNameThemselves(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		a, b, c := e.user(), e.user(), e.user()

		// Joining and starting a game without bots.
		id := a.newGame(map[string]any{"variant": "standard", "power": "England"})
		b.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "France"})
		wantCode(t, c.do("POST", "/games/"+id+"/join", map[string]any{"power": "France"}), 409, "seat_taken")
		wantCode(t, b.do("POST", "/games/"+id+"/join", map[string]any{"power": "Italy"}), 409, "already_seated")
		wantCode(t, b.do("POST", "/games/"+id+"/start", nil), 403, "not_creator")
		wantCode(t, a.do("POST", "/games/"+id+"/start", nil), 409, "seats_empty")
		wantCode(t, c.do("POST", "/games/"+id+"/join", map[string]any{"power": "Kent"}), 422, "")

		// A private game, then a game under way.
		private := a.newGame(map[string]any{"variant": "standard", "power": "England", "private": true})
		wantCode(t, c.do("POST", "/games/"+private+"/join", nil), 403, "invitation_needed")
		wantCode(t, c.do("POST", "/games/"+private+"/join", map[string]any{"invitation": "not-the-code"}), 403, "invitation_needed")
		started := a.newGame(map[string]any{"variant": "standard", "power": "England", "bots": true, "press": "none"})
		a.must(200, "POST", "/games/"+started+"/start", nil)
		wantCode(t, c.do("POST", "/games/"+started+"/join", nil), 409, "game_started")

		// Orders for a phase the game is not at, a vote from outside,
		// press in a game without.
		wantCode(t, a.do("PUT", "/games/"+started+"/orders", map[string]any{
			"orders": []string{}, "phase": map[string]any{"season": "spring", "year": 1900, "type": "movement"}}), 409, "phase_played")
		wantCode(t, c.do("PUT", "/games/"+started+"/votes", map[string]any{"draw": true}), 403, "not_player")
		wantCode(t, a.do("POST", "/games/"+started+"/messages", map[string]any{"body": "hello"}), 403, "no_press")

		// Sengoku has no draws.
		sengoku := a.newGame(map[string]any{"variant": "sengoku", "power": "Oda", "bots": true})
		a.must(200, "POST", "/games/"+sengoku+"/start", nil)
		wantCode(t, a.do("PUT", "/games/"+sengoku+"/votes", map[string]any{"draw": true}), 422, "no_draws")
	})
}
