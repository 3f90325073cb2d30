package notation_test

import (
	"testing"

	"github.com/chancery/chancery/rules"
)

// benchOrders are orders as players and judges write them: abbreviations,
// full names, coasts, keywords in both cases.
var benchOrders = []string{
	"A PAR - BUR", "F NTH C A LON - NWY", "A BUR S A PAR - MAR", "A BUR S F MAR", "A PAR H",
	"F stp/sc - bot", "A LON - NWY VIA CONVOY", "England: F NTH - NWG", "a mun s a ber - kie",
	"F Mid-Atlantic Ocean - Spain (north coast)", "A TRI R BUD", "BUILD F STP/NC",
}

// BenchmarkParseOrder reads typical orders with one Parser; ns/op is per
// order, and the common path allocates nothing.
func BenchmarkParseOrder(b *testing.B) {
	n := standardNames(b)
	p := n.NewParser()
	eng, _ := n.Power("England")
	phases := []rules.PhaseType{rules.MovementPhase, rules.MovementPhase, rules.MovementPhase, rules.MovementPhase,
		rules.MovementPhase, rules.MovementPhase, rules.MovementPhase, rules.MovementPhase, rules.MovementPhase,
		rules.MovementPhase, rules.RetreatPhase, rules.AdjustmentPhase}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		j := i % len(benchOrders)
		if _, err := p.ParseOrder(benchOrders[j], eng, phases[j]); err != nil {
			b.Fatal(err)
		}
	}
}

// TestParseOrderAllocatesNothing: reading the typical orders with a
// Parser allocates nothing. (An order read again with a shorter name, as
// "A LYON S A MAR - PIE", may allocate the error of its first reading.)
func TestParseOrderAllocatesNothing(t *testing.T) {
	n := standardNames(t)
	p := n.NewParser()
	eng, _ := n.Power("England")
	for _, s := range benchOrders {
		phase := rules.MovementPhase
		if s == "A TRI R BUD" {
			phase = rules.RetreatPhase
		}
		if allocs := testing.AllocsPerRun(10, func() {
			if _, err := p.ParseOrder(s, eng, phase); err != nil {
				t.Fatal(err)
			}
		}); allocs > 0 {
			t.Errorf("%q: %v allocations", s, allocs)
		}
	}
}

// canonicalOrders are orders in the form the recorded games write.
var canonicalOrders = []string{"A BUD - SER", "F NWG S A NWY", "A SER S A VIE - BUD", "A CON - BUL VIA", "F TRI H",
	"F NTH C A LON - NWY", "F STP/NC - BOT", "A MUN S A BER H", "A PAR - BUR", "A BUR S A PAR - MAR"}

// BenchmarkParseOrderCanonical reads orders of the canonical form, which
// take the quick reading; ns/op is per order.
func BenchmarkParseOrderCanonical(b *testing.B) {
	n := standardNames(b)
	p := n.NewParser()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := p.ParseOrder(canonicalOrders[i%len(canonicalOrders)], 1, rules.MovementPhase); err != nil {
			b.Fatal(err)
		}
	}
}
