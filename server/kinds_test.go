package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/chancery/chancery/table"
	"github.com/chancery/chancery/table/diceplomacy"
	"github.com/chancery/chancery/table/diplomacy"
)

// The names the tests read games by: each kind's own.
type diceJSON = diceplomacy.View

const kindDiplomacy = diplomacy.Name

// coin is a kind of game made up for the test below: two seats, Heads and
// Tails, and when the deadline passes the coin falls on Heads. It has no
// orders, votes, moves or board.
type coin struct{}

func (coin) Name() string { return "coin" }

func (coin) Variants() []table.Variant {
	return []table.Variant{{Name: "coin", Kind: "coin", Title: "Coin toss", Powers: []string{"Heads", "Tails"},
		Victory: "the side the coin falls on", Description: "A test of a third kind of game.", MinPlayers: 1, MaxPlayers: 2}}
}

func (coin) Plays(name string) (string, bool) { return "coin", name == "coin" }

func (coin) New(_ string, creator table.Player, o table.Options) (table.Game, error) {
	t, err := table.NewTable(creator.ID, []string{"Heads", "Tails"}, o.PhaseSeconds, o.Bots)
	if err != nil {
		return nil, err
	}
	g := &coinGame{T: *t}
	if o.Power != "" {
		if err := g.Join(creator, o.Power); err != nil {
			return nil, err
		}
	}
	return g, nil
}

func (coin) Decode(data []byte) (table.Game, error) {
	var g coinGame
	return &g, json.Unmarshal(data, &g)
}

type coinGame struct {
	T      table.Table `json:"table"`
	Tosses int         `json:"tosses"`
	Winner string      `json:"winner,omitempty"`
}

func (g *coinGame) Table() *table.Table      { return &g.T }
func (g *coinGame) Seq() int                 { return g.Tosses }
func (g *coinGame) Power(name string) string { return name }
func (g *coinGame) MarshalJSON() ([]byte, error) {
	type stored coinGame
	return json.Marshal((*stored)(g))
}
func (g *coinGame) History(*table.Row, string) (any, error) {
	return map[string]any{"tosses": g.Tosses}, nil
}

func (g *coinGame) Join(p table.Player, power string) error {
	return g.T.Join(p, power, func(power string) (int, error) {
		for i, s := range g.T.Seats {
			if s.Power == power {
				return i, nil
			}
		}
		return -1, fmt.Errorf("%w: no side %q", table.ErrInvalid, power)
	})
}

func (g *coinGame) Start(user string, now time.Time) error {
	if err := g.T.Start(user); err != nil {
		return err
	}
	g.T.Deadline = now.Add(time.Duration(g.T.PhaseSeconds) * time.Second)
	return nil
}

func (g *coinGame) Advance(_ *table.Row, now time.Time) error {
	g.Tosses++
	g.Winner = "Heads"
	g.T.Status, g.T.Deadline = table.Finished, time.Time{}
	return nil
}

func (g *coinGame) View(r *table.Row, user string) (any, error) {
	return map[string]any{"id": r.ID, "kind": r.Kind, "status": g.T.Status, "seq": g.Tosses,
		"my_power": g.T.PowerOf(user), "winner": g.Winner}, nil
}

// TestAThirdKindOfGameNeedsNoHandler: a kind of game the server has never
// heard of, given in its configuration, is listed, created, joined,
// started, shown, talked in and played at its deadline through the
// handlers every kind goes through, and refused what its rules do not
// have.
func TestAThirdKindOfGameNeedsNoHandler(t *testing.T) {
	t.Parallel()
	for _, b := range backends(t) {
		t.Run(b, func(t *testing.T) {
			e := newEnvWith(t, b, func(c *Config) {
				c.Kinds = []table.Kind{diplomacy.New(registry()), diceplomacy.Kind{}, coin{}}
			})
			// api/openapi.yaml lists the kinds the server ships: a coin
			// is none of them, so this test's client does not check.
			e.mu.Lock()
			e.httpc, e.httpURL = http.DefaultClient, e.URL
			e.mu.Unlock()
			a, c := e.user(), e.user()

			var variants []table.Variant
			a.must(200, "GET", "/variants", nil).json(t, &variants)
			if last := variants[len(variants)-1]; last.Kind != "coin" || variants[0].Kind != "diplomacy" {
				t.Fatalf("variants: %+v", variants)
			}
			var created struct{ ID, Kind, Power string }
			a.must(201, "POST", "/games", map[string]any{"variant": "coin", "power": "Heads", "phase_deadline_seconds": 60}).json(t, &created)
			if created.Kind != "coin" || created.Power != "Heads" {
				t.Fatalf("created %+v", created)
			}
			id := created.ID
			if p := c.must(200, "POST", "/games/"+id+"/join", nil).m(t)["power"]; p != "Tails" {
				t.Fatalf("joined as %v", p)
			}
			c.must(403, "POST", "/games/"+id+"/start", nil)
			a.must(200, "POST", "/games/"+id+"/start", nil)
			if v := c.must(200, "GET", "/games/"+id, nil).m(t); v["my_power"] != "Tails" || v["status"] != "active" {
				t.Fatalf("view %v", v)
			}
			c.must(201, "POST", "/games/"+id+"/messages", map[string]any{"to": []string{"Heads"}, "body": "call it"})
			if msgs := a.must(200, "GET", "/games/"+id+"/messages", nil).Body; len(msgs) < 10 {
				t.Fatalf("messages %s", msgs)
			}
			a.must(409, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}})
			a.must(409, "PUT", "/games/"+id+"/votes", map[string]any{"draw": true})
			a.must(409, "POST", "/games/"+id+"/moves", map[string]any{"kind": "reorganise"})
			a.must(404, "GET", "/games/"+id+"/phases/0/map.svg", nil)

			e.clock.Advance(61 * time.Second)
			e.srv.poke()
			var v map[string]any
			if !eventually(t, func() bool {
				v = a.must(200, "GET", "/games/"+id, nil).m(t)
				return v["status"] == "finished"
			}) {
				t.Fatalf("the deadline passed, the coin was not tossed: %v", v)
			}
			if v["winner"] != "Heads" || v["seq"] != 1.0 {
				t.Fatalf("after the deadline: %v", v)
			}
		})
	}
}
