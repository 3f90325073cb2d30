package diplomacy

import (
	"testing"

	"github.com/chancery/chancery/engine"
	"github.com/chancery/chancery/variants"
)

// BenchmarkLegalOptions measures the work of GET /options beyond reading
// the game: the rules core's list of a power's legal orders, written for
// the client, for the busiest power of each variant's first phase.
func BenchmarkLegalOptions(b *testing.B) {
	es := engine.NewEngines(variants.MustLoad())
	for _, c := range []struct{ variant, power string }{{"standard", "Russia"}, {"colonial", "Britain"}, {"1900", "Russia"}, {"sengoku", "Oda"}} {
		e := es.Get(c.variant)
		if e == nil {
			b.Fatalf("no variant %s", c.variant)
		}
		b.Run(c.variant, func(b *testing.B) {
			n := 0
			for b.Loop() {
				out, err := legalOptions(e, e.V.Start, c.power)
				if err != nil {
					b.Fatal(err)
				}
				n = len(out.Orders)
			}
			b.ReportMetric(float64(n), "orders")
		})
	}
}
