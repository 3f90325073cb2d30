package server

import (
	"strings"
	"testing"
)

func TestPhaseMapShowsThePhaseBeingPlayed(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a := e.user()
		id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 3600, "bots": true, "power": "Germany"})
		a.must(200, "POST", "/games/"+id+"/start", nil)
		seq := a.game(id).Seq
		r := a.must(200, "GET", "/games/"+id+"/phases/"+itoa(int64(seq))+"/map.svg", nil)
		if !strings.HasPrefix(string(r.Body), "<svg") || !strings.Contains(string(r.Body), `data-province="mun"`) {
			t.Fatalf("not the board: %.200s", r.Body)
		}
		a.must(404, "GET", "/games/"+id+"/phases/"+itoa(int64(seq+5))+"/map.svg", nil)
		a.must(400, "GET", "/games/"+id+"/phases/x/map.svg", nil)
	})
}

// TestPhaseMapShowsAPlayedPhaseWithItsOrders: a phase played is drawn
// from its record, with its orders; the phase after it, being played,
// from the game, without any.
func TestPhaseMapShowsAPlayedPhaseWithItsOrders(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a := e.user()
		id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 3600, "bots": true, "power": "Germany"})
		a.must(200, "POST", "/games/"+id+"/start", nil)
		a.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{"A mun - ruh"}, "ready": true})
		a.waitSeq(id, 1)
		played := string(a.must(200, "GET", "/games/"+id+"/phases/0/map.svg", nil).Body)
		current := string(a.must(200, "GET", "/games/"+id+"/phases/1/map.svg", nil).Body)
		// Arrows: the legend's two, and one more for each move.
		arrows := func(svg string) int { return strings.Count(svg, "marker-end=") }
		if !strings.Contains(played, "spring 1901, movement") || arrows(played) < arrows(current)+1 {
			t.Errorf("phase 0, played: not spring 1901, or without its moves (%d arrows; the phase being played %d): %.300s",
				arrows(played), arrows(current), played)
		}
		if strings.Contains(current, "spring 1901, movement") {
			t.Errorf("phase 1, being played: drawn as phase 0: %.300s", current)
		}
		a.must(404, "GET", "/games/"+id+"/phases/2/map.svg", nil)
	})
}
