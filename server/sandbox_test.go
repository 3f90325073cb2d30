package server

import (
	"encoding/json"
	"fmt"
	"testing"
)

// TestASandboxFromAFinishedGamesPhase: a user who watched a game opens a
// sandbox at its third phase: the same position, every power theirs
// (each request acts as the power it names), the game's first phases in
// its history, and a record that replays from the start; refusals for a
// game under way, a phase not reached, a game the user may not see.
func TestASandboxFromAFinishedGamesPhase(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a, b := e.user(), e.user()
		id := a.newGame(map[string]any{"variant": "standard", "power": "England", "bots": true})
		a.must(200, "POST", "/games/"+id+"/start", nil)
		a.playPhases(id, 3)
		wantCode(t, b.do("POST", "/games", map[string]any{"sandbox": map[string]any{"from_game": id, "phase": 1}}), 409, "sandbox_source")
		a.must(200, "PUT", "/games/"+id+"/votes", map[string]any{"draw": true})
		// The phases played are counted once the game has ended: a phase
		// with nothing to order may be played on its own just before.
		seq := a.game(id).Seq
		wantCode(t, b.do("POST", "/games", map[string]any{"sandbox": map[string]any{"from_game": id, "phase": seq + 1}}), 404, "")
		wantCode(t, b.do("POST", "/games", map[string]any{"sandbox": map[string]any{"from_game": id}}), 422, "sandbox_source")
		wantCode(t, b.do("POST", "/games", map[string]any{"sandbox": map[string]any{"from_game": id, "phase": 1}, "power": "France"}), 422, "")

		var hist struct {
			Phases []struct {
				Position json.RawMessage
				Phase    struct{ Season, Type string }
			}
		}
		a.must(200, "GET", "/games/"+id+"/history", nil).json(t, &hist)
		var out struct{ ID, Power string }
		b.must(201, "POST", "/games", map[string]any{"sandbox": map[string]any{"from_game": id, "phase": 2}}).json(t, &out)
		sb := out.ID
		var v struct {
			gameView
			Sandbox        bool
			Private        bool
			Press          string
			SupplyCenters  map[string]string `json:"supply_centers"`
			PhaseDeadline  int               `json:"phase_deadline_seconds"`
			Spectators     bool
			RetreatSeconds int `json:"retreat_deadline_seconds"`
		}
		b.must(200, "GET", "/games/"+sb, nil).json(t, &v)
		if !v.Sandbox || !v.Private || v.Spectators || v.Press != "none" || v.Status != "active" || v.Seq != 2 {
			t.Fatalf("the sandbox: %+v", v)
		}
		if d := b.must(200, "GET", "/games/"+sb, nil).m(t)["deadline"]; d != nil {
			t.Errorf("the sandbox has a deadline, %v: its phases wait for its player", d)
		}
		var from struct {
			Units         any
			SupplyCenters map[string]string `json:"supply_centers"`
		}
		_ = json.Unmarshal(hist.Phases[2].Position, &from)
		if fmt.Sprint(from.SupplyCenters) != fmt.Sprint(v.SupplyCenters) {
			t.Errorf("the sandbox's centres %v, the phase's %v", v.SupplyCenters, from.SupplyCenters)
		}
		// Every power is b's: each request acts as the power it names.
		for _, p := range v.Powers {
			if p.Player != b.name || p.Bot {
				t.Errorf("%s is played by %q (bot %v), not by %s", p.Power, p.Player, p.Bot, b.name)
			}
		}
		if v.MyPower != out.Power {
			t.Errorf("my_power %q without a power named, want the first seat's, %q", v.MyPower, out.Power)
		}
		if got := b.game(sb + "?power=france"); got.MyPower != "France" {
			t.Errorf("acting as France, my_power is %q", got.MyPower)
		}
		wantCode(t, a.do("GET", "/games/"+sb, nil), 403, "invitation_needed")
		wantCode(t, a.do("PUT", "/games/"+sb+"/orders?power=France", map[string]any{"orders": []string{}, "ready": true}), 403, "not_player")
		// Ready with every power: the phase is played.
		for _, p := range v.Powers {
			r := b.do("PUT", "/games/"+sb+"/orders?power="+p.Power, map[string]any{"orders": []string{}, "ready": true})
			if r.Status != 200 && r.Status != 409 { // a power with nothing to order may be refused
				t.Fatalf("%s's orders: %d %s", p.Power, r.Status, r.Body)
			}
		}
		b.waitSeq(sb, 3)
		var sh struct{ Phases []json.RawMessage }
		b.must(200, "GET", "/games/"+sb+"/history", nil).json(t, &sh)
		if len(sh.Phases) != 3 {
			t.Errorf("the sandbox's history has %d phases, want the game's 2 and its own", len(sh.Phases))
		}
		if n := replayCheck(t, b.must(200, "GET", "/games/"+sb+"/record", nil).Body); n != 3 {
			t.Errorf("the sandbox's record replays %d phases, want 3", n)
		}

		// From a variant's start.
		b.must(201, "POST", "/games", map[string]any{"sandbox": map[string]any{"variant": "1900"}, "name": "trying the Balkans"}).json(t, &out)
		if g := b.game(out.ID + "?power=Britain"); g.Seq != 0 || g.Status != "active" || g.MyPower != "Britain" {
			t.Errorf("a 1900 sandbox: %+v", g)
		}
		// A private game's phases are not anyone's to open.
		priv := a.newGame(map[string]any{"variant": "standard", "power": "England", "bots": true, "private": true})
		a.must(200, "POST", "/games/"+priv+"/start", nil)
		a.must(200, "PUT", "/games/"+priv+"/votes", map[string]any{"draw": true})
		wantCode(t, b.do("POST", "/games", map[string]any{"sandbox": map[string]any{"from_game": priv, "phase": 0}}), 403, "invitation_needed")
	})
}

// TestARecordImportedIntoASandbox: a game's record, exported, imports
// into a sandbox at the position it leads to, with its phases, whose own
// record replays; a record that does not play is refused, and nothing is
// made.
func TestARecordImportedIntoASandbox(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a, b := e.user(), e.user()
		id := a.newGame(map[string]any{"variant": "standard", "power": "England", "bots": true})
		a.must(200, "POST", "/games/"+id+"/start", nil)
		a.playPhases(id, 3)
		// A phase in which nobody owes orders (a retreat without
		// dislodged units of England's) is played at once, by the
		// server, at any moment: the game and its record are read when
		// both say the same phases, the game unchanged between them.
		var g gameView
		var rec []byte
		if !eventually(t, func() bool {
			g = a.game(id)
			rec = a.must(200, "GET", "/games/"+id+"/record", nil).Body
			return a.game(id).Seq == g.Seq
		}) {
			t.Fatalf("game %s never still between reading it and its record", id)
		}
		var out struct{ ID string }
		b.must(201, "POST", "/games", map[string]any{"sandbox": map[string]any{"record": json.RawMessage(rec)}}).json(t, &out)
		sb := b.game(out.ID)
		if sb.Seq != g.Seq || sb.Phase != g.Phase || fmt.Sprint(sb.Units) != fmt.Sprint(g.Units) {
			t.Errorf("imported at seq %d %+v, the game is at seq %d %+v", sb.Seq, sb.Phase, g.Seq, g.Phase)
		}
		if n := replayCheck(t, b.must(200, "GET", "/games/"+out.ID+"/record", nil).Body); n != g.Seq {
			t.Errorf("the imported sandbox's record replays %d phases, want %d", n, g.Seq)
		}
		// Without expectations, the same.
		var r map[string]any
		_ = json.Unmarshal(rec, &r)
		for _, p := range r["phases"].([]any) {
			delete(p.(map[string]any), "expect")
		}
		b.must(201, "POST", "/games", map[string]any{"sandbox": map[string]any{"record": r}})
		// An order that was never possible.
		r["phases"].([]any)[0].(map[string]any)["orders"] = map[string]any{"England": []string{"A lon - par"}}
		wantCode(t, b.do("POST", "/games", map[string]any{"sandbox": map[string]any{"record": r}}), 422, "")
		wantCode(t, b.do("POST", "/games", map[string]any{"sandbox": map[string]any{"record": r, "variant": "standard"}}), 422, "sandbox_source")
	})
}

// TestADiceplomacySandbox: a Diceplomacy sandbox seats its creator at
// every seat, and each request acts as the seat it names.
func TestADiceplomacySandbox(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	a := e.user()
	var out struct{ ID, Power string }
	a.must(201, "POST", "/games", map[string]any{"sandbox": map[string]any{"variant": "diceplomacy"}}).json(t, &out)
	var v struct {
		Sandbox bool
		Status  string
		MyPower string `json:"my_power"`
		Seats   []struct{ Power, Name string }
	}
	a.must(200, "GET", "/games/"+out.ID+"?power=Seat%202", nil).json(t, &v)
	if !v.Sandbox || v.Status != "active" || v.MyPower != "Seat 2" || len(v.Seats) == 0 {
		t.Fatalf("a Diceplomacy sandbox: %+v", v)
	}
	for _, s := range v.Seats {
		if s.Name != a.name {
			t.Errorf("%s is held by %q", s.Power, s.Name)
		}
	}
}
