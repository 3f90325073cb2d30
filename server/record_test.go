package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chancery/chancery/judge"
)

// playPhases has c, playing England with bots, say ready with no orders
// until the game has played n phases.
func (c *client) playPhases(id string, n int) {
	c.e.t.Helper()
	for g := c.game(id); g.Seq < n && g.Status == "active"; g = c.game(id) {
		if r := c.do("PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}, "ready": true}); r.Status != 200 && r.Status != 409 {
			c.e.t.Fatalf("orders: %d %s", r.Status, r.Body)
		}
		c.waitSeq(id, g.Seq+1)
	}
}

// replayCheck reads a record as `chancery replay --check` does (strictly:
// no field it does not know) and replays it, failing the test on any
// difference; it returns the phases replayed.
func replayCheck(t *testing.T, body []byte) int {
	t.Helper()
	var rec judge.Record
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rec); err != nil {
		t.Fatalf("the record does not read as replay reads it: %v\n%s", err, body)
	}
	res, err := judge.New(registry()).Replay(&rec, true)
	if err != nil {
		t.Fatalf("replay --check: %v", err)
	}
	if len(res.Mismatches) > 0 {
		t.Fatalf("replay --check: %v", res.Mismatches)
	}
	return res.Phases
}

// TestARecordReplaysAndHidesThePhaseBeingPlayed: a game's record, read
// while it is played and once it has ended, is what `chancery replay
// --check` accepts, phase by phase; its phases as adjudication cases
// give what `chancery adjudicate` gives; it holds nothing of the phase
// being played; and a game without spectators is closed to others while
// it is played, a public record once it has ended.
func TestARecordReplaysAndHidesThePhaseBeingPlayed(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a, b := e.user(), e.user()
		id := a.newGame(map[string]any{"variant": "standard", "power": "England", "bots": true, "spectators": false})
		a.must(200, "POST", "/games/"+id+"/start", nil)
		a.playPhases(id, 4)
		wantCode(t, b.do("GET", "/games/"+id+"/record", nil), 403, "no_spectators")

		// England's move, given but not ready, is nobody's but England's.
		// (On to a phase where England has one: a retreat or an
		// adjustment may ask nothing of it.)
		move := ""
		for tries := 0; move == "" && tries < 12; tries++ {
			var opts struct {
				Orders []struct{ Text, Kind string }
			}
			if r := a.do("GET", "/games/"+id+"/options", nil); r.Status == 200 {
				r.json(t, &opts)
			}
			for _, o := range opts.Orders {
				if o.Kind == "move" {
					move = o.Text
					break
				}
			}
			if move == "" {
				a.playPhases(id, a.game(id).Seq+1)
			}
		}
		if move == "" {
			t.Fatalf("England has had no move in 12 phases: %s", a.must(200, "GET", "/games/"+id, nil).Body)
		}
		a.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{move}, "ready": false})
		seq := a.game(id).Seq
		rec := a.must(200, "GET", "/games/"+id+"/record", nil)
		if n := replayCheck(t, rec.Body); n != seq {
			t.Errorf("the record replays %d phases, the game has played %d", n, seq)
		}
		if bytes.Contains(rec.Body, []byte(move)) {
			t.Errorf("the record holds %q, an order of the phase being played", move)
		}

		// The phases as cases: adjudicated, each gives its expectation.
		var cases []struct {
			Name   string
			Input  judge.Input
			Expect struct{ Next json.RawMessage }
		}
		a.must(200, "GET", "/games/"+id+"/record?format=cases", nil).json(t, &cases)
		if len(cases) != seq {
			t.Fatalf("%d cases, want %d", len(cases), seq)
		}
		j := judge.New(registry())
		for _, c := range cases {
			out, err := j.Adjudicate(&c.Input)
			if err != nil {
				t.Fatalf("case %s: %v", c.Name, err)
			}
			got, _ := json.Marshal(out.Next)
			var g1, g2 any
			_ = json.Unmarshal(got, &g1)
			_ = json.Unmarshal(c.Expect.Next, &g2)
			if fmt.Sprint(g1) != fmt.Sprint(g2) {
				t.Errorf("case %s: adjudicated %s, expected %s", c.Name, got, c.Expect.Next)
			}
		}
		wantCode(t, a.do("GET", "/games/"+id+"/record?format=pgn", nil), 422, "")

		// Once the game has ended, anyone signed in may read it.
		a.must(200, "PUT", "/games/"+id+"/votes", map[string]any{"draw": true})
		b.must(200, "GET", "/games/"+id, nil)
		rec = b.must(200, "GET", "/games/"+id+"/record", nil)
		if n := replayCheck(t, rec.Body); n != seq {
			t.Errorf("the finished game's record replays %d phases, want %d", n, seq)
		}
		if strings.Contains(string(rec.Body), a.name) {
			t.Errorf("the record names a player")
		}
	})
}
