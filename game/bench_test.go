package game

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/chancery/chancery/bot"
	"github.com/chancery/chancery/codec"
	"github.com/chancery/chancery/engine"
	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/table"
	"github.com/chancery/chancery/variants"
)

// midGame returns a standard game played by bots (England by a person
// who lets the bots' choice stand) up to a movement phase of 1905, as the
// store keeps it, and England's orders for that phase as the store keeps
// them.
func midGame(b testing.TB, es *engine.Engines) (data, england []byte) {
	b.Helper()
	e := es.Get("standard")
	g, err := New(e, table.Player{ID: "u1"}, "England", 60, true)
	if err != nil {
		b.Fatal(err)
	}
	if err := g.Start("u1", t0); err != nil {
		b.Fatal(err)
	}
	rnd := rand.New(rand.NewPCG(1, 2))
	for {
		pos := g.Position
		orders := engine.Orders{}
		var text []string
		for _, p := range e.Powers() {
			pw, _ := e.Names.Power(p)
			orders[pw] = bot.Orders(e.V, pos, pw, rnd)
			for _, o := range orders[pw] {
				if p == "England" {
					text = append(text, e.Names.FormatOrder(o))
				}
			}
		}
		if pos.Phase.Year == 1905 && pos.Phase.Type == rules.MovementPhase {
			if data, err = json.Marshal(g); err != nil {
				b.Fatal(err)
			}
			if england, err = json.Marshal(text); err != nil {
				b.Fatal(err)
			}
			return data, england
		}
		if _, err := g.Advance(e, orders, t0); err != nil {
			b.Fatal(err)
		}
		if g.Status != table.Active {
			b.Fatalf("the game ended in %+v", g.Position.Phase)
		}
	}
}

// BenchmarkAdvance is one adjudication of a mid-game standard movement
// phase as the server does it (Game.Advance in table/diplomacy), without the
// store: decode the game's row, read the person's stored orders, let the
// bots order, advance, write the phase's record and the game's row.
func BenchmarkAdvance(b *testing.B) {
	es := engine.NewEngines(variants.MustLoad())
	data, england := midGame(b, es)
	now := t0.Add(time.Hour)
	b.ReportAllocs()
	for b.Loop() {
		g, e, err := Decode(es, data)
		if err != nil {
			b.Fatal(err)
		}
		orders := engine.Orders{}
		var list []string
		if err := json.Unmarshal(england, &list); err != nil {
			b.Fatal(err)
		}
		pw, _ := e.Names.Power("England")
		if orders[pw], err = e.ReadOrders("England", g.Position.Phase.Type, list); err != nil {
			b.Fatal(err)
		}
		rnd := rand.New(rand.NewPCG(7, uint64(g.Seq)))
		for _, p := range g.BotPowers() {
			pw, _ := e.Names.Power(p)
			orders[pw] = bot.Orders(e.V, g.Position, pw, rnd)
		}
		before := g.Named()
		res, err := g.Advance(e, orders, now)
		if err != nil {
			b.Fatal(err)
		}
		rec := struct {
			Phase     codec.Phase         `json:"phase"`
			Position  codec.Position      `json:"position"`
			Orders    map[string][]string `json:"orders"`
			Results   []codec.Result      `json:"results"`
			Disbanded []codec.Unit        `json:"disbanded"`
		}{res.Phase, before, res.Orders, res.Results, res.Disbanded}
		if _, err := json.Marshal(rec); err != nil {
			b.Fatal(err)
		}
		_ = g.Waiting(e, nil)
		if _, err := json.Marshal(g); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAdvanceGame is Game.Advance alone on the phase of
// BenchmarkAdvance, every power's orders given (the bots'): what the game
// layer does between the server's decoding and encoding of the row.
func BenchmarkAdvanceGame(b *testing.B) {
	es := engine.NewEngines(variants.MustLoad())
	data, _ := midGame(b, es)
	g, e, err := Decode(es, data)
	if err != nil {
		b.Fatal(err)
	}
	orders := engine.Orders{}
	rnd := rand.New(rand.NewPCG(7, uint64(g.Seq)))
	for _, p := range e.Powers() {
		pw, _ := e.Names.Power(p)
		orders[pw] = bot.Orders(e.V, g.Position, pw, rnd)
	}
	now := t0.Add(time.Hour)
	b.ReportAllocs()
	for b.Loop() {
		h := *g
		if _, err := h.Advance(e, orders, now); err != nil {
			b.Fatal(err)
		}
	}
}
