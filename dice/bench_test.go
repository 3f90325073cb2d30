package dice_test

import (
	"math/rand/v2"
	"testing"

	"github.com/chancery/chancery/dice"
	"github.com/chancery/chancery/dice/bot"
)

// benchGames plays b.N games of n players with bots of the given kind in
// every seat and reports games per second.
func benchGames(b *testing.B, n int, kind string) {
	rng := rand.New(rand.NewPCG(1, 2))
	bots := make([]bot.Bot, n)
	for i := range bots {
		bots[i], _ = bot.New(kind, rng)
	}
	var g dice.Game
	var r bot.Runner
	cfg := dice.Config{Players: n, Start: dice.RandomStart, MaxTurns: 1000}
	turns := 0
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if err := g.Reset(cfg, rng); err != nil {
			b.Fatal(err)
		}
		if err := r.Play(&g, bots); err != nil {
			b.Fatal(err)
		}
		turns += g.Result().Turns
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
}

// BenchmarkSimulate measures whole bot games, the work of `chancery dice
// simulate`, on one core.
func BenchmarkSimulate(b *testing.B) {
	for _, c := range []struct {
		name string
		n    int
		kind string
	}{
		{"heuristic/4", 4, "heuristic"},
		{"heuristic/6", 6, "heuristic"},
		{"heuristic/8", 8, "heuristic"},
		{"random/6", 6, "random"},
	} {
		b.Run(c.name, func(b *testing.B) { benchGames(b, c.n, c.kind) })
	}
}
