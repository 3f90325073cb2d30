package bot

import (
	"math/rand/v2"
	"testing"

	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/variants"
)

// BenchmarkNormalMidgame times the normal level's decisions over the
// movement phases of a seeded game of every variant.
func BenchmarkNormalMidgame(b *testing.B) {
	reg := variants.MustLoad()
	for _, name := range reg.Names() {
		v, _ := reg.Get(name)
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
		b.Run(name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				pos := phases[i%len(phases)]
				for p := 1; p < len(v.Map.Powers); p++ {
					NormalPlayer{}.Orders(v, pos, rules.Power(p), rnd)
				}
			}
		})
	}
}
