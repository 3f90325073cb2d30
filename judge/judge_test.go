package judge

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/chancery/chancery/codec"
	"github.com/chancery/chancery/variants"
)

func adjudicate(t *testing.T, j *Judge, text string) (*Output, error) {
	t.Helper()
	var in Input
	if err := json.Unmarshal([]byte(text), &in); err != nil {
		t.Fatal(err)
	}
	return j.Adjudicate(&in)
}

func TestContractMovementRetreatAdjustment(t *testing.T) {
	j := New(variants.MustLoad())
	// A movement phase that dislodges a unit: the output carries the
	// retreat phase, the attacker's origin and the legal retreats.
	out, err := adjudicate(t, j, `{"variant": "standard",
		"phase": {"season": "spring", "year": 1901, "type": "movement"},
		"units": [{"power": "Germany", "type": "army", "province": "mun"},
		          {"power": "Germany", "type": "army", "province": "ruh"},
		          {"power": "France", "type": "army", "province": "bur"}],
		"orders": {"Germany": ["A mun - bur", "A Ruhr supports A Munich - Burgundy"], "France": ["a bur h"]}}`)
	if err != nil {
		t.Fatal(err)
	}
	if out.Next.Phase != (codec.Phase{Season: "spring", Year: 1901, Type: "retreat"}) || len(out.Next.Dislodged) != 1 {
		t.Fatalf("next: %+v", out.Next)
	}
	d := out.Next.Dislodged[0]
	if d.Province != "bur" || d.AttackerFrom != "mun" || strings.Join(d.Retreats, " ") != "bel gas mar par pic" {
		t.Errorf("dislodged: %+v", d)
	}
	// Results come power by power in the variant's order: France first.
	// Where the dislodging unit came from, by name in the message and by
	// abbreviation in where (for a client to write it in its language).
	if r := out.Results[0]; r.Order != "A BUR H" || r.Result != "failed" || r.Reason != "dislodged" || r.Where != "mun" ||
		r.Message != "dislodged by the unit from Munich" {
		t.Errorf("results: %+v", out.Results)
	}
	if r := out.Results[1]; r.Where != "" || r.Reason != "" {
		t.Errorf("a success refers to no province: %+v", r)
	}
	// The retreat phase, fed with the output.
	next, _ := json.Marshal(out.Next)
	var in Input
	_ = json.Unmarshal(next, &in)
	in.Variant = "standard"
	in.Orders = map[string][]string{"france": {"A bur R gas"}}
	out, err = j.Adjudicate(&in)
	if err != nil {
		t.Fatal(err)
	}
	if out.Results[0].Result != "succeeded" || out.Next.Phase != (codec.Phase{Season: "fall", Year: 1901, Type: "movement"}) {
		t.Fatalf("retreat: %+v %+v", out.Results, out.Next.Phase)
	}
	// An adjustment phase with a build, an illegal build and civil disorder.
	out, err = adjudicate(t, j, `{"variant": "standard",
		"phase": {"season": "winter", "year": 1901, "type": "adjustment"},
		"units": [{"power": "Russia", "type": "army", "province": "ukr"},
		          {"power": "Austria", "type": "army", "province": "vie"},
		          {"power": "Austria", "type": "army", "province": "gal"}],
		"supply_centers": {"mos": "Russia", "stp": "Russia", "vie": "Austria"},
		"orders": {"Russia": ["Build F St Petersburg", "BUILD A MOS"]}}`)
	if err != nil {
		t.Fatal(err)
	}
	if out.Results[0].Result != "illegal" || out.Results[0].Reason != "bad_coast" || out.Results[1].Result != "succeeded" {
		t.Errorf("builds: %+v", out.Results)
	}
	units := map[string]bool{}
	for _, u := range out.Next.Units {
		units[u.Power+" "+u.Province] = true
	}
	if !units["Russia mos"] || units["Austria gal"] || !units["Austria vie"] {
		t.Errorf("after adjustments (Galicia removed in civil disorder): %+v", out.Next.Units)
	}
}

func TestContractIllegalOrdersAreResults(t *testing.T) {
	j := New(variants.MustLoad())
	out, err := adjudicate(t, j, `{"variant": "standard",
		"phase": {"season": "spring", "year": 1901, "type": "movement"},
		"units": [{"power": "England", "type": "fleet", "province": "lon"},
		          {"power": "England", "type": "fleet", "province": "edi"},
		          {"power": "England", "type": "army", "province": "lvp"},
		          {"power": "Germany", "type": "army", "province": "mun"}],
		"orders": {"England": ["F LON - XYZ", "F EDI - MOS", "A LVP - YOR"], "Germany": ["A MUN H"]}}`)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ result, reason string }{
		{"illegal", "syntax"}, {"illegal", "not_adjacent"}, {"succeeded", ""}, {"succeeded", ""},
	}
	for i, w := range want {
		if out.Results[i].Result != w.result || out.Results[i].Reason != w.reason {
			t.Errorf("result %d: %+v, want %v", i, out.Results[i], w)
		}
	}
	if !strings.Contains(out.Results[0].Message, `"XYZ"`) {
		t.Errorf("message does not name the word: %q", out.Results[0].Message)
	}
}

func TestContractBadInput(t *testing.T) {
	j := New(variants.MustLoad())
	tests := []struct{ name, text, want string }{
		{"unknown variant", `{"variant": "chess", "phase": {"season": "spring", "year": 1901, "type": "movement"}}`, "unknown variant"},
		{"unknown province", `{"variant": "standard", "phase": {"season": "spring", "year": 1901, "type": "movement"}, "units": [{"power": "England", "type": "army", "province": "atlantis"}]}`, `unknown province "atlantis"`},
		{"unknown power", `{"variant": "standard", "phase": {"season": "spring", "year": 1901, "type": "movement"}, "orders": {"Narnia": []}}`, `unknown power "Narnia"`},
		{"bad phase", `{"variant": "standard", "phase": {"season": "winter", "year": 1901, "type": "movement"}}`, "does not exist"},
		{"fleet inland", `{"variant": "standard", "phase": {"season": "spring", "year": 1901, "type": "movement"}, "units": [{"power": "England", "type": "fleet", "province": "mun"}]}`, "cannot stand"},
		{"two units", `{"variant": "standard", "phase": {"season": "spring", "year": 1901, "type": "movement"}, "units": [{"power": "England", "type": "army", "province": "mun"}, {"power": "France", "type": "army", "province": "Munich"}]}`, "two units"},
		{"not a centre", `{"variant": "standard", "phase": {"season": "spring", "year": 1901, "type": "movement"}, "supply_centers": {"bur": "France"}}`, `"bur" is not a supply centre`},
		{"China owns Hong Kong", `{"variant": "colonial", "phase": {"season": "spring", "year": 1871, "type": "movement"}, "supply_centers": {"hon": "China"}}`, `China cannot own "hon"`},
		{"neutral owns a centre", `{"variant": "sengoku", "phase": {"season": "spring", "year": 1571, "type": "movement"}, "supply_centers": {"yamashiro": "neutral"}}`, `neutral cannot own`},
		{"army on a coast", `{"variant": "standard", "phase": {"season": "spring", "year": 1901, "type": "movement"}, "units": [{"power": "Russia", "type": "army", "province": "stp/sc"}]}`, "not on a coast"},
		{"dislodged in a movement phase", `{"variant": "standard", "phase": {"season": "spring", "year": 1901, "type": "movement"}, "dislodged": [{"power": "France", "type": "army", "province": "bur", "attacker_from": "mun"}]}`, "only in a retreat phase"},
		{"two dislodged in one province", `{"variant": "standard", "phase": {"season": "spring", "year": 1901, "type": "retreat"}, "dislodged": [{"power": "France", "type": "army", "province": "bur", "attacker_from": "mun"}, {"power": "Italy", "type": "army", "province": "Burgundy", "attacker_from": "par"}]}`, `two units dislodged from "Burgundy"`},
		{"year before 1", `{"variant": "standard", "phase": {"season": "spring", "year": -5, "type": "movement"}}`, "years run from 1"},
		{"fleet without coast", `{"variant": "standard", "phase": {"season": "spring", "year": 1901, "type": "movement"}, "units": [{"power": "Russia", "type": "fleet", "province": "stp"}]}`, "must name its coast"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := adjudicate(t, j, tt.text)
			var ie *codec.InputError
			if !errors.As(err, &ie) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want a *codec.InputError containing %q", err, tt.want)
			}
		})
	}
}

// FuzzAdjudicate: whatever JSON arrives, the judge answers with an output
// or a *codec.InputError, and never panics.
func FuzzAdjudicate(f *testing.F) {
	f.Add(`{"variant": "standard", "phase": {"season": "spring", "year": 1901, "type": "movement"}, "orders": {"England": ["F LON - NTH"]}}`)
	f.Add(`{"variant": "standard", "phase": {"season": "fall", "year": 1901, "type": "retreat"}, "dislodged": [{"power": "France", "type": "army", "province": "bur", "attacker_from": "mun", "retreats": ["par"]}], "orders": {"France": ["A BUR R PAR"]}}`)
	f.Add(`{"variant": "standard", "phase": {"season": "winter", "year": 1901, "type": "adjustment"}, "supply_centers": {"par": "France"}, "orders": {"France": ["BUILD A PAR", "WAIVE"]}}`)
	j := New(variants.MustLoad())
	f.Fuzz(func(t *testing.T, s string) {
		var in Input
		if json.Unmarshal([]byte(s), &in) != nil {
			return
		}
		_, err := j.Adjudicate(&in)
		var ie *codec.InputError
		if err != nil && !errors.As(err, &ie) {
			t.Fatalf("not an input error: %v", err)
		}
	})
}

// TestContractWrongUnitType: an order naming the wrong unit type is
// illegal by default (rules/standard.md), and carried out for the unit as
// it is with the option ignore_unit_type (DATC 4.C.2's preference).
func TestContractWrongUnitType(t *testing.T) {
	j := New(variants.MustLoad())
	const in = `{"variant": "standard", "phase": {"season": "spring", "year": 1901, "type": "movement"},
		"units": [{"power": "France", "type": "army", "province": "par"}], %s
		"orders": {"France": ["F PAR - BUR"]}}`
	tests := []struct {
		name, options string
		want          codec.Result
		unitAt        string
	}{
		{"default", ``, codec.Result{Power: "France", Order: "F PAR - BUR",
			OrderParts: codec.OrderParts{Type: "move", Unit: "F", At: "par", Target: "bur"}, Result: "illegal", Reason: "wrong_unit_type",
			Message: "the unit there is an army, not a fleet"}, "par"},
		{"ignore_unit_type", `"options": {"ignore_unit_type": true},`, codec.Result{Power: "France", Order: "A PAR - BUR",
			OrderParts: codec.OrderParts{Type: "move", Unit: "A", At: "par", Target: "bur"}, Result: "succeeded"}, "bur"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := adjudicate(t, j, fmt.Sprintf(in, tt.options))
			if err != nil {
				t.Fatal(err)
			}
			if len(out.Results) != 1 || out.Results[0] != tt.want {
				t.Errorf("results %+v, want %+v", out.Results, tt.want)
			}
			if len(out.Next.Units) != 1 || out.Next.Units[0].Province != tt.unitAt {
				t.Errorf("units %+v, want the army in %s", out.Next.Units, tt.unitAt)
			}
		})
	}
}

// TestContractRetreatListNeverWidensTheRules: a retreats list given in
// the input narrows where a unit may go (the movement phase's standoffs)
// but cannot open the attacker's origin or an occupied province.
func TestContractRetreatListNeverWidensTheRules(t *testing.T) {
	j := New(variants.MustLoad())
	out, err := adjudicate(t, j, `{"variant": "standard", "phase": {"season": "spring", "year": 1901, "type": "retreat"},
		"units": [{"power": "Germany", "type": "army", "province": "bur"}, {"power": "Germany", "type": "army", "province": "par"}],
		"dislodged": [{"power": "France", "type": "army", "province": "pic", "attacker_from": "bur", "retreats": ["bur", "par", "bel"]}],
		"orders": {"France": ["A PIC R BUR"]}}`)
	if err != nil {
		t.Fatal(err)
	}
	if r := out.Results[0]; r.Result != "illegal" || r.Reason != "bad_retreat" {
		t.Errorf("retreat to the attacker's origin: %+v", r)
	}
	out, err = adjudicate(t, j, `{"variant": "standard", "phase": {"season": "spring", "year": 1901, "type": "retreat"},
		"units": [{"power": "Germany", "type": "army", "province": "bur"}, {"power": "Germany", "type": "army", "province": "par"}],
		"dislodged": [{"power": "France", "type": "army", "province": "pic", "attacker_from": "bur", "retreats": ["bur", "par", "bel"]}],
		"orders": {"France": ["A PIC R BEL"]}}`)
	if err != nil {
		t.Fatal(err)
	}
	if r := out.Results[0]; r.Result != "succeeded" {
		t.Errorf("retreat to Belgium, which the list allows: %+v", r)
	}
}

// TestCanonicalExpectations: an expectation matches a result however it
// spells names, and a broken one is bad input, not a mismatch.
func TestCanonicalExpectations(t *testing.T) {
	j := New(variants.MustLoad())
	out, err := adjudicate(t, j, `{"variant": "standard", "phase": {"season": "spring", "year": 1901, "type": "movement"},
		"units": [{"power": "Russia", "type": "fleet", "province": "stp/sc"}, {"power": "France", "type": "army", "province": "par"}],
		"orders": {"France": ["A PAR - BUR"]}}`)
	if err != nil {
		t.Fatal(err)
	}
	want := codec.Position{Units: []codec.Unit{
		{Power: "france", Type: "Army", Province: "Burgundy"},
		{Power: "RUSSIA", Type: "fleet", Province: "St Petersburg (south coast)"},
	}}
	cw, err := j.Canonical("standard", &want)
	if err != nil {
		t.Fatal(err)
	}
	if diff := Compare(&out.Next, cw); diff != "" {
		t.Errorf("the same position spelled otherwise differs: %s", diff)
	}
	for _, bad := range []codec.Position{
		{Units: []codec.Unit{{Power: "France", Type: "army", Province: "xyz"}}},
		{Units: []codec.Unit{{Power: "Narnia", Type: "army", Province: "par"}}},
		{Phase: codec.Phase{Season: "summer", Year: 1901, Type: "movement"}},
	} {
		var ie *codec.InputError
		if _, err := j.Canonical("standard", &bad); !errors.As(err, &ie) || !strings.HasPrefix(err.Error(), "expect: ") {
			t.Errorf("%+v: got %v, want a *codec.InputError about the expectation", bad, err)
		}
	}
}

// TestInputErrorKeepsTheChain: the judge does not flatten a cause into a
// string: an expectation's error is a *codec.InputError about "expect" that
// wraps the position's codec.InputError and its cause.
func TestInputErrorKeepsTheChain(t *testing.T) {
	j := New(variants.MustLoad())
	_, err := j.Canonical("standard", &codec.Position{Units: []codec.Unit{{Power: "France", Type: "army", Province: "xyz"}}})
	var outer *codec.InputError
	if !errors.As(err, &outer) || outer.Field != "expect" {
		t.Fatalf("got %v", err)
	}
	var inner *codec.InputError
	var ne *codec.NameError
	if !errors.As(outer.Err, &inner) || inner.Field != "units" || !errors.As(err, &ne) || ne.Name != "xyz" {
		t.Fatalf("the chain is lost: %#v", outer.Err)
	}
	if err.Error() != `expect: units: unknown province "xyz"` {
		t.Errorf("message %q", err.Error())
	}
}
