package variants_test

import (
	"errors"
	"testing"

	"github.com/chancery/chancery/codec"
	"github.com/chancery/chancery/judge"
	"github.com/chancery/chancery/rules"
)

// TestColonialNotation: railway moves and canal permissions are read in
// every form people write them and printed in one canonical form, which
// reads back to the same order.
func TestColonialNotation(t *testing.T) {
	_, names := colonial(t)
	for _, tc := range []struct{ in, want string }{
		{"A MOS - TSR - VLA", "A MOS - TSR - VLA"},
		{"A MOS-TSR-VLA", "A MOS - TSR - VLA"},
		{"A Moscow - Vladivostok via TSR", "A MOS - TSR - VLA"},
		{"Army Moscow -> railway -> Vladivostok", "A MOS - TSR - VLA"},
		{"EGY PERMITS F MED - RS", "EGY PERMITS F MED - RED"},
		{"Egypt permits F Red Sea - Mediterranean Sea", "EGY PERMITS F RED - MED"},
	} {
		o, err := names.ParseOrder(tc.in, 1, rules.MovementPhase)
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		got := names.FormatOrder(o)
		if got != tc.want {
			t.Errorf("%q printed as %q, want %q", tc.in, got, tc.want)
		}
		o2, err := names.ParseOrder(got, 1, rules.MovementPhase)
		if err != nil || o2 != o {
			t.Errorf("%q does not read back: %+v, %v", got, o2, err)
		}
	}
}

// TestColonialContract: the adjudication contract carries railway moves
// and permissions in and out, explains a blocked railway move and a move
// without permission, and takes the railway reading as a game option.
func TestColonialContract(t *testing.T) {
	j := judge.New(colonialRegistry)
	in := judge.Input{
		Variant: "colonial",
		Phase:   codec.Phase{Season: "spring", Year: 1870, Type: "movement"},
		Units: []codec.Unit{
			{Power: "Russia", Type: "army", Province: "mos"},
			{Power: "China", Type: "army", Province: "prm"},
			{Power: "Turkey", Type: "army", Province: "kra"},
			{Power: "Britain", Type: "army", Province: "egy"},
			{Power: "Turkey", Type: "fleet", Province: "med"},
			{Power: "France", Type: "fleet", Province: "red"},
		},
		Orders: map[string][]string{
			"Russia":  {"A Moscow - Irkutsk via TSR"},
			"China":   {"A PRM - OMS"},
			"Turkey":  {"A KRA - OMS", "F MED - RS"},
			"Britain": {"EGY PERMITS F RS - MED"},
			"France":  {"F RS - MED"},
		},
	}
	want := map[string]codec.Result{
		"A MOS - TSR - IRK":       {Result: "failed", Reason: "bounced", Message: "blocked at Perm, stayed in Moscow"},
		"A PRM - OMS":             {Result: "failed", Reason: "bounced"},
		"A KRA - OMS":             {Result: "failed", Reason: "bounced"},
		"F MED - RED":             {Result: "illegal", Reason: "no_permission", Message: "no canal permission"},
		"EGY PERMITS F RED - MED": {Result: "succeeded"},
		// The permitted French fleet bounces off the Turkish one, which
		// had no permission and so stayed.
		"F RED - MED": {Result: "failed", Reason: "bounced", Message: "bounced in Mediterranean Sea"},
	}
	check := func(out *judge.Output, want map[string]codec.Result) {
		t.Helper()
		if len(out.Results) != len(want) {
			t.Errorf("%d results, want %d: %+v", len(out.Results), len(want), out.Results)
		}
		for _, r := range out.Results {
			w, ok := want[r.Order]
			if !ok {
				t.Errorf("unexpected result %+v", r)
				continue
			}
			if r.Result != w.Result || r.Reason != w.Reason || (w.Message != "" && r.Message != w.Message) {
				t.Errorf("%s: %s %s %q, want %s %s %q", r.Order, r.Result, r.Reason, r.Message, w.Result, w.Reason, w.Message)
			}
		}
	}
	out, err := j.Adjudicate(&in)
	if err != nil {
		t.Fatal(err)
	}
	check(out, want)

	// Avalon Hill's reading: units leaving the line, even along it, free
	// it (the seed's sixth example).
	in.Options = &judge.Options{Railway: "ah1996"}
	out, err = j.Adjudicate(&in)
	if err != nil {
		t.Fatal(err)
	}
	want["A MOS - TSR - IRK"] = codec.Result{Result: "succeeded"}
	check(out, want)
	found := false
	for _, u := range out.Next.Units {
		found = found || (u.Power == "Russia" && u.Province == "irk")
	}
	if !found {
		t.Errorf("the railway army is not in Irkutsk: %+v", out.Next.Units)
	}

	in.Options = &judge.Options{Railway: "2.3"}
	var ie *codec.InputError
	if _, err := j.Adjudicate(&in); !errors.As(err, &ie) {
		t.Errorf("an unknown railway reading is not bad input: %v", err)
	}
}
