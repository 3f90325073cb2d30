package notation

import (
	"strings"
	"testing"

	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/variants"
)

// quickForms are the canonical forms, with X, Y and Z for locations and U
// and V for unit letters.
var quickForms = []string{"U X", "U X H", "U X - Y", "U X - Y VIA", "U X S V Y", "U X S V Y H", "U X S V Y - Z",
	"U X C V Y - Z", "U X R Y", "U X D", "U X B", "u x - y via", "U  X   -  Y", "U X - Y VIA CONVOY", "U X S V Y - Z - X",
	"U X - Y - Z", "U X R - Y", "U X H H", "U X S", "U X C V Y", "U X S V Y -", "U X -", "U"}

// checkQuick fails t when the quick reading of s reads it, but not as
// the full reading does.
func checkQuick(t *testing.T, n *Names, p *Parser, s string, ph rules.PhaseType) bool {
	t.Helper()
	got, ok := n.parseQuick(s, 1, ph)
	if !ok {
		return false
	}
	want, err := p.parseFull(s, 1, ph)
	if err != nil {
		t.Fatalf("%q (phase %v): the quick reading gives %+v, the full reading fails: %v", s, ph, got, err)
	}
	if got != want {
		t.Fatalf("%q (phase %v): the quick reading gives %+v, the full reading %+v", s, ph, got, want)
	}
	return true
}

// TestQuickReadsAsTheFullReading: in every variant, every order of the
// canonical forms, with every three-letter name (with and without coasts,
// in both cases) of every province, reads the same with the quick reading
// as with the full one, or is left to the full one; and the common forms
// of the recorded games take the quick reading.
func TestQuickReadsAsTheFullReading(t *testing.T) {
	reg := variants.MustLoad()
	for _, vn := range reg.Names() {
		v, err := reg.Get(vn)
		if err != nil {
			t.Fatal(err)
		}
		n := NewNames(v.Map)
		p := n.NewParser()
		var locs []string
		for k := range n.provs {
			if len(k) != 3 {
				continue
			}
			locs = append(locs, k, strings.ToUpper(k))
			for _, c := range []string{"/nc", "/SC", "/ec", "/wc", "/xc"} {
				locs = append(locs, k+c)
			}
		}
		locs = append(locs, "zzz", "a-b", "x/y", "tsr")
		quick := 0
		for i, x := range locs {
			y, z := locs[(i*7+3)%len(locs)], locs[(i*13+5)%len(locs)]
			for _, f := range quickForms {
				s := strings.NewReplacer("U", "F", "u", "a", "V", "A", "X", x, "x", x, "Y", y, "y", y, "Z", z).Replace(f)
				for ph := rules.PhaseType(0); ph < 3; ph++ {
					if checkQuick(t, n, p, s, ph) {
						quick++
					}
				}
			}
		}
		if quick == 0 {
			t.Errorf("%s: no order took the quick reading", vn)
		}
	}
	std, err := reg.Get("standard")
	if err != nil {
		t.Fatal(err)
	}
	n := NewNames(std.Map)
	p := n.NewParser()
	m, r, a := rules.MovementPhase, rules.RetreatPhase, rules.AdjustmentPhase
	for _, c := range []struct {
		s  string
		ph rules.PhaseType
	}{{"A BUD - SER", m}, {"F NWG S A NWY", m}, {"A SER S A VIE - BUD", m}, {"A CON - BUL VIA", m}, {"F TRI H", m},
		{"F NTH C A LON - NWY", m}, {"A TRI D", r}, {"F NWY R SKA", r}, {"F STP/NC B", a}, {"A MUN D", a}, {"a bud - ser", m},
		// A name that the next word might continue into a longer one
		// ("cons" begins "constantinople", "pruss" "prussia", "iris"
		// "irish sea") but does not.
		{"A CON S A BUL", m}, {"A PRU S A BER - SIL", m}, {"F IRI S F MAO - NAO", m}, {"A CON S A SMY H", m}} {
		if !checkQuick(t, n, p, c.s, c.ph) {
			t.Errorf("%q (phase %v) did not take the quick reading", c.s, c.ph)
		}
	}
	// On a map with a railway, moves that name none take the quick
	// reading too; those that do, the full one.
	col, err := reg.Get("colonial")
	if err != nil {
		t.Fatal(err)
	}
	cn := NewNames(col.Map)
	cp := cn.NewParser()
	for _, s := range []string{"A MOS - PRM", "F HON - CAN", "A MOS - ORE VIA"} {
		if !checkQuick(t, cn, cp, s, m) {
			t.Errorf("colonial: %q did not take the quick reading", s)
		}
	}
	for _, s := range []string{"A MOS - TSR - VLA", "A MOS - tsr - VLA", "A MOS - TSR VLA"} {
		if checkQuick(t, cn, cp, s, m) {
			t.Errorf("colonial: %q, a railway move, took the quick reading", s)
		}
	}
}

// FuzzQuickReadsAsTheFullReading: whatever the quick reading reads, the
// full reading reads the same.
func FuzzQuickReadsAsTheFullReading(f *testing.F) {
	for _, s := range []string{"A PAR - BUR", "F NTH C A LON - NWY", "F stp/sc - bot", "A BUR S A PAR - MAR", "F STP/NC B",
		"A LON - NWY VIA", "A TRI R BUD", "A MUN S A BER H", "A NAP H", "F spa/nc S F mao"} {
		f.Add(s, uint8(0))
	}
	reg := variants.MustLoad()
	var names []*Names
	for _, vn := range reg.Names() {
		v, err := reg.Get(vn)
		if err != nil {
			f.Fatal(err)
		}
		names = append(names, NewNames(v.Map))
	}
	f.Fuzz(func(t *testing.T, s string, b uint8) {
		n := names[int(b)%len(names)]
		checkQuick(t, n, n.NewParser(), s, rules.PhaseType(b/32%3))
	})
}
