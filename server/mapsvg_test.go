package server

import (
	"strings"
	"testing"
)

func TestPhaseMapShowsThePhaseBeingPlayed(t *testing.T) {
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
