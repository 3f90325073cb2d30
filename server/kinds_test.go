package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
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
// Tails, and a setting of its own, the side the coin is rigged to fall on
// (Heads by default). A seat may call the toss (a move of its own, {"call":
// side}): it wins if the coin falls on its call, the other side wins
// otherwise. When the deadline passes uncalled the coin falls on its
// rigged side, which wins. It has no orders, votes or board.
type coin struct{}

// coinSettings are a coin's own settings.
type coinSettings struct {
	Rigged string `json:"rigged"`
}

// coinCall is a coin's move.
type coinCall struct {
	Call string `json:"call"`
}

// codeNoSide is the coin's own refusal code: a side the coin has not.
const codeNoSide = "no_such_side"

func (coin) Name() string { return "coin" }

func (coin) Variants() []table.Variant {
	return []table.Variant{{Name: "coin", Kind: "coin", Title: "Coin toss", Powers: []string{"Heads", "Tails"},
		Victory: "the side the coin falls on", Description: "A test of a third kind of game.", MinPlayers: 1, MaxPlayers: 2}}
}

func (coin) Plays(name string) (string, bool) { return "coin", name == "coin" }

func (coin) New(_ string, creator table.Player, o table.Options, settings json.RawMessage) (table.Game, error) {
	set := coinSettings{Rigged: "Heads"}
	if err := table.DecodeSettings(settings, &set, "coin"); err != nil {
		return nil, err
	}
	if set.Rigged != "Heads" && set.Rigged != "Tails" {
		return nil, table.Codedf(table.ErrInvalid, codeNoSide, "rigged: a coin has no side %q", set.Rigged)
	}
	t, err := table.NewTable(creator.ID, []string{"Heads", "Tails"}, o.PhaseSeconds, o.Bots)
	if err != nil {
		return nil, err
	}
	g := &coinGame{T: *t, Rigged: set.Rigged}
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
	Rigged string      `json:"rigged"`
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
func (g *coinGame) History(*table.Row, string, int) (any, error) {
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
	g.toss(g.Rigged)
	return nil
}

// toss ends the game: the coin falls on its rigged side, and winner wins.
func (g *coinGame) toss(winner string) {
	g.Tosses++
	g.Winner = winner
	g.T.Status, g.T.Deadline = table.Finished, time.Time{}
}

func (g *coinGame) Move(_ *table.Row, user string, body json.RawMessage, now time.Time) error {
	var m coinCall
	if err := table.Decode(body, &m); err != nil {
		return err
	}
	me := g.T.PowerOf(user)
	switch {
	case me == "":
		return table.Codedf(table.ErrForbidden, table.CodeNotPlayer, "you have no side of this coin")
	case g.T.Status != table.Active:
		return table.Codedf(table.ErrState, table.CodeNotInPlay, "the coin is not in the air")
	case m.Call != "Heads" && m.Call != "Tails":
		return table.Codedf(table.ErrInvalid, codeNoSide, "call: a coin has no side %q", m.Call)
	}
	other := map[string]string{"Heads": "Tails", "Tails": "Heads"}[me]
	if m.Call == g.Rigged {
		g.toss(me)
	} else {
		g.toss(other)
	}
	return nil
}

func (g *coinGame) View(r *table.Row, user string) (any, error) {
	return map[string]any{"id": r.ID, "kind": r.Kind, "status": g.T.Status, "seq": g.Tosses,
		"my_power": g.T.PowerOf(user), "winner": g.Winner, "rigged": g.Rigged}, nil
}

// TestAThirdKindOfGameNeedsNoHandler: a kind of game the server has never
// heard of, given in its configuration, is listed, created with its own
// settings, joined, started, shown, talked in, played by its own moves
// and at its deadline through the handlers every kind goes through, and
// refused what its rules do not have; its settings and moves are read,
// and refused with its own codes, by the kind alone.
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
			// A kind that describes its variants no further than the list
			// does is described by the list's entry.
			var entry map[string]any
			a.must(200, "GET", "/variants/coin", nil).json(t, &entry)
			if entry["title"] != "Coin toss" || len(entry) != 9 {
				t.Fatalf("GET /variants/coin: %v", entry)
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

			// The coin's own setting, and the other kinds' settings
			// refused for a coin and the coin's for them.
			wantCode(t, a.do("POST", "/games", map[string]any{"variant": "coin", "rigged": "Edge"}), 422, codeNoSide)
			for _, req := range []map[string]any{
				{"variant": "coin", "bot_level": "hard"},
				{"variant": "coin", "players": 4},
				{"variant": "standard", "rigged": "Tails"},
				{"variant": "diceplomacy", "rigged": "Tails"},
			} {
				if r := a.do("POST", "/games", req); r.Status != 422 || !strings.Contains(string(r.Body), "not a setting") {
					t.Errorf("%v: %d %s, want 422 saying it is not a setting", req, r.Status, r.Body)
				}
			}
			a.must(400, "POST", "/games", map[string]any{"variant": "coin", "rigged": 1})
			a.must(201, "POST", "/games", map[string]any{"variant": "coin", "power": "Heads", "phase_deadline_seconds": 60, "rigged": "Tails"}).json(t, &created)
			id = created.ID
			c.must(200, "POST", "/games/"+id+"/join", nil)
			if v := c.must(200, "GET", "/games/"+id, nil).m(t); v["rigged"] != "Tails" {
				t.Fatalf("the setting did not reach the game: %v", v)
			}
			a.must(409, "POST", "/games/"+id+"/moves", map[string]any{"call": "Tails"}) // not started
			a.must(200, "POST", "/games/"+id+"/start", nil)
			// The coin's moves: another kind's move is not one, nor a side
			// the coin has not; a call of the rigged side wins.
			a.must(400, "POST", "/games/"+id+"/moves", map[string]any{"kind": "reorganise"})
			wantCode(t, a.do("POST", "/games/"+id+"/moves", map[string]any{"call": "Edge"}), 422, codeNoSide)
			if v := a.must(200, "POST", "/games/"+id+"/moves", map[string]any{"call": "Tails"}).m(t); v["winner"] != "Heads" || v["status"] != "finished" || v["seq"] != 1.0 {
				t.Fatalf("after Heads called Tails on a coin rigged for Tails: %v", v)
			}
			// Diceplomacy's moves are still Diceplomacy's.
			dice := a.newGame(map[string]any{"variant": "diceplomacy", "players": 4, "bots": true, "power": "Seat 0"})
			a.must(200, "POST", "/games/"+dice+"/start", nil)
			a.must(400, "POST", "/games/"+dice+"/moves", map[string]any{"call": "Tails"})
		})
	}
}
