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
