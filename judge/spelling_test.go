package judge

import (
	"reflect"
	"strings"
	"testing"

	"github.com/chancery/chancery/variants"
)

// TestNamesInAnySpelling: a phase whose centres and powers are named
// otherwise than by the map's abbreviations and names (upper case, a full
// name) adjudicates as the same phase named as the map names them: the
// judge looks the map's names up in the input's maps first, and reads the
// entries one by one only when that does not find them all.
func TestNamesInAnySpelling(t *testing.T) {
	cases := loadCases(t, referenceGames)
	j, k := New(variants.MustLoad()), New(variants.MustLoad())
	for i := 0; i < len(cases); i += 7 {
		in := cases[i].Input
		want, err := j.Adjudicate(&in)
		if err != nil {
			t.Fatal(err)
		}
		other := in
		other.SupplyCenters = map[string]string{}
		for prov, power := range in.SupplyCenters {
			other.SupplyCenters[strings.ToUpper(prov)] = power
		}
		if _, ok := in.SupplyCenters["par"]; ok {
			delete(other.SupplyCenters, "PAR")
			other.SupplyCenters["Paris"] = in.SupplyCenters["par"]
		}
		other.Orders = map[string][]string{}
		for power, texts := range in.Orders {
			other.Orders[strings.ToLower(power)] = texts
		}
		got, err := k.Adjudicate(&other)
		if err != nil {
			t.Fatalf("%s: %v", cases[i].Name, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: spelt otherwise, adjudicates otherwise", cases[i].Name)
		}
	}
}
