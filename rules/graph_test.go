package rules_test

import (
	"strings"
	"testing"

	"github.com/chancery/chancery/rules"
)

// TestMapBuilderReportsEveryProblem: Build names every inconsistent border,
// not only the first.
func TestMapBuilderReportsEveryProblem(t *testing.T) {
	b := rules.NewMapBuilder()
	land := b.AddProvince(rules.ProvinceInfo{Abbr: "lnd", Name: "Land", Terrain: rules.Land})
	sea := b.AddProvince(rules.ProvinceInfo{Abbr: "sea", Name: "Sea", Terrain: rules.Sea})
	b.AddBorder(rules.At(land), rules.At(sea), true, false, rules.NormalBorder) // an army to sea
	b.AddBorder(rules.At(sea), rules.At(land), false, true, rules.NormalBorder) // a fleet to land
	_, err := b.Build()
	if err == nil {
		t.Fatal("Build accepted two bad borders")
	}
	for _, want := range []string{"armies cannot cross", "fleets cannot cross"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
}
