package judge

import (
	"testing"

	"github.com/chancery/chancery/variants"
)

// BenchmarkCorpus measures the whole work of a phase (build the position,
// parse the orders, resolve) over the recorded games; ns/op is per phase.
func BenchmarkCorpus(b *testing.B) {
	cases := loadCases(b, referenceGames)
	j := New(variants.MustLoad())
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := j.Resolve(&cases[i%len(cases)].Input); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReplayGame replays one recorded game of 56 phases from the
// standard start through the contract (JSON shapes in and out), as
// "chancery replay" does; ns/op is per game.
func BenchmarkReplayGame(b *testing.B) {
	cases := loadCases(b, referenceGames)
	rec := &Record{Variant: "standard", Options: &Options{ConvoyFallback: true}}
	first := cases[0].Name[:8]
	for _, c := range cases {
		if c.Name[:8] == first {
			rec.Phases = append(rec.Phases, RecordPhase{Orders: c.Input.Orders})
		}
	}
	j := New(variants.MustLoad())
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := j.Replay(rec, false); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(rec.Phases)), "ns/phase")
}
