package bot

import (
	"math/rand/v2"
	"testing"

	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/variants"
)

// midgame returns the movement phases of the first six years of a seeded
// game of v played by the easy level.
func midgame(v *rules.Variant) []*rules.Position {
	var phases []*rules.Position
	rnd := rand.New(rand.NewPCG(1, 2))
	r := rules.NewResolver(v, rules.Options{})
	pos := v.Start.Clone()
	for pos.Phase.Year < v.Start.Phase.Year+6 {
		if pos.Phase.Type == rules.MovementPhase {
			phases = append(phases, pos)
		}
		var orders []rules.Order
		for p := 1; p < len(v.Map.Powers); p++ {
			orders = append(orders, EasyPlayer{}.Orders(v, pos, rules.Power(p), rnd)...)
		}
		res, _ := r.Adjudicate(pos, orders)
		pos = res.Next.Clone()
	}
	return phases
}

// BenchmarkNormalMidgame times the normal level's decisions over the
// movement phases of a seeded game of every variant, by a player that
// keeps the variant's graph, as a server's do.
func BenchmarkNormalMidgame(b *testing.B) {
	reg := variants.MustLoad()
	for _, name := range reg.Names() {
		v, _ := reg.Get(name)
		phases := midgame(v)
		rnd := rand.New(rand.NewPCG(1, 2))
		player := NormalPlayer{Graph: NewGraph(v)}
		b.Run(name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				pos := phases[i%len(phases)]
				for p := 1; p < len(v.Map.Powers); p++ {
					player.Orders(v, pos, rules.Power(p), rnd)
				}
			}
		})
	}
}

// BenchmarkHardDecision times one power's decision at the hard level with
// its default settings, over the movement phases of a seeded game of
// every variant and its powers in turn, by a player that keeps the
// variant's graph. It has no budget, so that the search stops at its
// counts and a faster decision does the same work. Besides the wall time
// it reports the process's CPU time per decision (cpu-ms/op, where the
// system tells it), the figure to read on a loaded machine.
func BenchmarkHardDecision(b *testing.B) {
	reg := variants.MustLoad()
	for _, name := range reg.Names() {
		v, _ := reg.Get(name)
		phases := midgame(v)
		powers := v.Powers()
		rnd := rand.New(rand.NewPCG(1, 2))
		h := NewHard()
		h.Budget, h.Graph = 0, NewGraph(v)
		b.Run(name, func(b *testing.B) {
			cpu := processCPU()
			for i := 0; i < b.N; i++ {
				pos := phases[i%len(phases)]
				h.Orders(v, pos, powers[i%len(powers)], rnd)
			}
			if cpu >= 0 {
				// CPU time, not wall time: on a shared machine the wall
				// clock counts the other work as well.
				b.ReportMetric(float64(processCPU()-cpu)/1e6/float64(b.N), "cpu-ms/op")
			}
		})
	}
}
