package rules

import "testing"

// TestOutcomesAndReasonsReadBack: every outcome and reason reads back from
// the word it is written as, and an unknown word is refused.
func TestOutcomesAndReasonsReadBack(t *testing.T) {
	for _, o := range []Outcome{Succeeded, Failed, Illegal} {
		if got, ok := ParseOutcome(o.String()); !ok || got != o {
			t.Errorf("ParseOutcome(%q) = %v, %v", o.String(), got, ok)
		}
	}
	for r := NoReason; r < numReasons; r++ {
		if got, ok := ParseReason(r.String()); !ok || got != r {
			t.Errorf("ParseReason(%q) = %v, %v", r.String(), got, ok)
		}
	}
	if _, ok := ParseOutcome("won"); ok {
		t.Error("ParseOutcome read an unknown word")
	}
	if _, ok := ParseReason("?"); ok {
		t.Error("ParseReason read an unknown word")
	}
}
