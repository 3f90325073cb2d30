package notation_test

import (
	"strings"
	"testing"

	"github.com/chancery/chancery/notation"
	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/variants"
)

var registry = variants.MustLoad()

func standardNames(t testing.TB) *notation.Names {
	v, err := registry.Get("standard")
	if err != nil {
		t.Fatal(err)
	}
	return notation.NewNames(v.Map)
}

func TestParseOrder(t *testing.T) {
	n := standardNames(t)
	eng, _ := n.Power("England")
	tests := []struct {
		in    string
		phase rules.PhaseType
		want  string
	}{
		{"A PAR H", rules.MovementPhase, "A PAR H"},
		{"a par hold", rules.MovementPhase, "A PAR H"},
		{"A PAR - BUR", rules.MovementPhase, "A PAR - BUR"},
		{"A PAR-BUR", rules.MovementPhase, "A PAR - BUR"},
		{"A Paris -> Burgundy", rules.MovementPhase, "A PAR - BUR"},
		{"A par to bur", rules.MovementPhase, "A PAR - BUR"},
		{"F NTH C A LON - NWY", rules.MovementPhase, "F NTH C A LON - NWY"},
		{"F North Sea convoys A London - Norway", rules.MovementPhase, "F NTH C A LON - NWY"},
		{"A BUR S A PAR - MAR", rules.MovementPhase, "A BUR S A PAR - MAR"},
		{"A BUR SUPPORT F MAR", rules.MovementPhase, "A BUR S F MAR"},
		{"A LON - NWY VIA CONVOY", rules.MovementPhase, "A LON - NWY VIA CONVOY"},
		{"A YOR - BEL VIA", rules.MovementPhase, "A YOR - BEL VIA CONVOY"},
		{"A LON - NTH - NWY", rules.MovementPhase, "A LON - NWY VIA CONVOY"},
		{"F stp/sc - bot", rules.MovementPhase, "F STP/SC - BOT"},
		{"F stp(sc) - bot", rules.MovementPhase, "F STP/SC - BOT"},
		{"F stp sc - bot", rules.MovementPhase, "F STP/SC - BOT"},
		{"F St Petersburg (south coast) - Gulf of Bothnia", rules.MovementPhase, "F STP/SC - BOT"},
		{"F Mid-Atlantic Ocean - Spain (north coast)", rules.MovementPhase, "F MAO - SPA/NC"},
		{"F mid - spa nc", rules.MovementPhase, "F MAO - SPA/NC"},
		{"F gol - wms", rules.MovementPhase, "F LYO - WES"},
		{"England: F NTH - NWG", rules.MovementPhase, "F NTH - NWG"},
		{"A PAR R BUR", rules.RetreatPhase, "A PAR R BUR"},
		{"A PAR - BUR", rules.RetreatPhase, "A PAR R BUR"},
		{"A PAR D", rules.RetreatPhase, "A PAR D"},
		{"A TRI D", rules.AdjustmentPhase, "REMOVE A TRI"},
		{"BUILD A PAR", rules.AdjustmentPhase, "BUILD A PAR"},
		{"build f stp/nc", rules.AdjustmentPhase, "BUILD F STP/NC"},
		{"A BUD B", rules.AdjustmentPhase, "BUILD A BUD"},
		{"REMOVE A WAR", rules.AdjustmentPhase, "REMOVE A WAR"},
		{"WAIVE", rules.AdjustmentPhase, "WAIVE"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			o, err := n.ParseOrder(tt.in, eng, tt.phase)
			if err != nil {
				t.Fatal(err)
			}
			if got := n.FormatOrder(o); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
			// Printing is the inverse of parsing.
			o2, err := n.ParseOrder(n.FormatOrder(o), eng, tt.phase)
			if err != nil || n.FormatOrder(o2) != tt.want {
				t.Errorf("reparse of %q: %v %q", tt.want, err, n.FormatOrder(o2))
			}
		})
	}
}

func TestParseOrderErrorsNameTheWord(t *testing.T) {
	n := standardNames(t)
	eng, _ := n.Power("England")
	tests := []struct{ in, word string }{
		{"A PAR - XYZ", "XYZ"},
		{"A PAR JUMPS BUR", "JUMPS"},
		{"Q PAR - BUR", "Q"},
		{"France: A PAR - BUR", "France"},
		{"A PAR - BUR QUICKLY", "QUICKLY"},
		{"F stp/xc - bot", "xc"},
		{"F MAR - spa(xc)", "xc"},
		{"F MAR - spa/", "spa"},
		{"Italy: A VEN - TRI", "Italy"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := n.ParseOrder(tt.in, eng, rules.MovementPhase)
			if err == nil {
				t.Fatal("no error")
			}
			if !strings.Contains(err.Error(), `"`+tt.word+`"`) {
				t.Errorf("error %q does not name %q", err, tt.word)
			}
		})
	}
	if _, err := n.ParseOrder("", eng, rules.MovementPhase); err == nil {
		t.Error("empty order accepted")
	}
}

// TestLeadingPowerWithoutColon: a one-word power name may lead an order
// without a colon ("England F NTH - NWG"); it says whose the order is, and
// must agree with the power given.
func TestLeadingPowerWithoutColon(t *testing.T) {
	n := standardNames(t)
	eng, _ := n.Power("England")
	for _, in := range []string{"England F NTH - NWG", "england f nth - nwg"} {
		o, err := n.ParseOrder(in, rules.NoPower, rules.MovementPhase)
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		if got := n.FormatOrder(o); o.Power != eng || got != "F NTH - NWG" {
			t.Errorf("%q read as %q of power %d, want F NTH - NWG of England", in, got, o.Power)
		}
	}
	if _, err := n.ParseOrder("France F NTH - NWG", eng, rules.MovementPhase); err == nil ||
		!strings.Contains(err.Error(), `order for another power: "France"`) {
		t.Errorf("France's order for England: %v", err)
	}
}

// FuzzParseOrder: the parser never panics, and whatever it accepts prints
// to text that parses back to the same order.
func FuzzParseOrder(f *testing.F) {
	for _, s := range []string{"A PAR - BUR", "F NTH C A LON - NWY", "England: F stp(sc) - bot", "A BUR S A PAR - MAR",
		"BUILD F STP/NC", "A LON - NTH - NWY VIA CONVOY", "EGY PERMITS F MED - RS", "A MOS - TSR - VLA", "->(/:", "F Mid-Atlantic Ocean - Spain (north coast)"} {
		f.Add(s, uint8(0))
	}
	n := standardNames(f)
	f.Fuzz(func(t *testing.T, s string, ph uint8) {
		phase := rules.PhaseType(ph % 3)
		o, err := n.ParseOrder(s, 1, phase)
		if err != nil {
			return
		}
		text := n.FormatOrder(o)
		o2, err := n.ParseOrder(text, 1, phase)
		if err != nil {
			t.Fatalf("%q printed as %q, which does not parse: %v", s, text, err)
		}
		if n.FormatOrder(o2) != text {
			t.Fatalf("%q printed as %q, reparsed as %q", s, text, n.FormatOrder(o2))
		}
	})
}

// TestEveryNameReads reads every province's abbreviation, full name and
// aliases, in the case written and in upper case, inside an order of every
// variant: both a look-up of the whole name and reading it word by word
// (stopping early when no name can go on) find the province the map gives
// the name to. A name that two provinces share is left out.
func TestEveryNameReads(t *testing.T) {
	for _, vn := range registry.Names() {
		v, err := registry.Get(vn)
		if err != nil {
			t.Fatal(err)
		}
		n := notation.NewNames(v.Map)
		owners := map[string]map[int]bool{} // lower-case name -> provinces
		for i := range v.Map.Provinces {
			pi := &v.Map.Provinces[i]
			for _, name := range append([]string{pi.Abbr, pi.Name}, pi.Aliases...) {
				k := strings.ToLower(name)
				if owners[k] == nil {
					owners[k] = map[int]bool{}
				}
				owners[k][i] = true
			}
		}
		for i := range v.Map.Provinces {
			pi := &v.Map.Provinces[i]
			want := rules.Province(i)
			for _, name := range append([]string{pi.Abbr, pi.Name}, pi.Aliases...) {
				if len(owners[strings.ToLower(name)]) > 1 {
					continue // shared: the map decides which province it reads as
				}
				for _, s := range []string{name, strings.ToUpper(name)} {
					if got, ok := n.Province(s); !ok || got != want {
						t.Errorf("%s: %q looks up as %d %v, want %s", vn, s, got, ok, pi.Abbr)
						continue
					}
					text := "A " + s + " - " + s
					o, err := n.ParseOrder(text, 1, rules.MovementPhase)
					if err != nil {
						t.Errorf("%s: %q: %v", vn, text, err)
						continue
					}
					if o.At.Province != want || o.Target.Province != want {
						t.Errorf("%s: %q read as %s", vn, text, n.FormatOrder(o))
					}
				}
			}
		}
	}
}

// TestVariantPowerNamesAndRailwayMessages: a leading power name may be
// hyphenated or several words (1900's Austria-Hungary), and railway orders
// read back and explain themselves in the railway's name.
func TestVariantPowerNamesAndRailwayMessages(t *testing.T) {
	names := func(variant string) *notation.Names {
		v, err := registry.Get(variant)
		if err != nil {
			t.Fatal(err)
		}
		return notation.NewNames(v.Map)
	}
	n := names("1900")
	ah, ok := n.Power("Austria-Hungary")
	if !ok {
		t.Fatal("no Austria-Hungary in 1900")
	}
	for _, in := range []string{"Austria-Hungary: A VIE H", "austria hungary: A VIE H", "Austria: A VIE H"} {
		o, err := n.ParseOrder(in, ah, rules.MovementPhase)
		if err != nil || n.FormatOrder(o) != "A VIE H" {
			t.Errorf("%q: %v, %q", in, err, n.FormatOrder(o))
		}
	}
	if _, err := n.ParseOrder("Austria-Hungary: A VIE H", rules.NoPower, rules.MovementPhase); err != nil {
		t.Errorf("a leading power for a caller that does not know it: %v", err)
	}
	if _, err := n.ParseOrder("Germany: A MUN H", ah, rules.MovementPhase); err == nil || !strings.Contains(err.Error(), "another power") {
		t.Errorf("an order for another power: %v", err)
	}

	c := names("colonial")
	russia, _ := c.Power("Russia")
	_, err := c.ParseOrder("A MOS - TSR", russia, rules.MovementPhase)
	if err == nil || !strings.HasSuffix(err.Error(), "expected '-' after TSR, but the order ends") {
		t.Errorf("a railway move without destination: %v", err)
	}
	// A railway move between provinces off the line still prints as TSR.
	o, err := c.ParseOrder("A MOS - TSR - BAK", russia, rules.MovementPhase)
	if err != nil || c.FormatOrder(o) != "A MOS - TSR - BAK" {
		t.Errorf("A MOS - TSR - BAK: %v, %q", err, c.FormatOrder(o))
	}
}
