package board

import (
	"bytes"
	"strings"
	"testing"

	"github.com/chancery/chancery/judge"
	"github.com/chancery/chancery/variants"
)

func TestDrawStartShowsEveryUnitAndCentre(t *testing.T) {
	reg := variants.MustLoad()
	v, err := reg.Get("standard")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	var bs Boards
	if err := bs.DrawStart(&buf, v); err != nil {
		t.Fatal(err)
	}
	svg := buf.String()
	// 22 units, each with its power's letter; 34 centre markers.
	units := strings.Count(svg, `fill="#cb8c0b" stroke="#000" stroke-width="1.2"`) // Austria's three units
	if units != 3+3 {                                                              // and its three owned centres
		t.Errorf("Austria's colour appears %d times on units and centres, want 6", units)
	}
	if got := strings.Count(svg, `r="4" fill=`); got != 34 {
		t.Errorf("%d centre markers, want 34", got)
	}
	if _, err := bs.Board("standard"); err != nil {
		t.Fatal(err)
	}
}

func TestDrawInputMarksResults(t *testing.T) {
	in := &judge.Input{
		Variant: "standard",
		Phase:   judge.Phase{Season: "spring", Year: 1901, Type: "movement"},
		Units: []judge.Unit{{Power: "Italy", Type: "army", Province: "ven"}, {Power: "Austria", Type: "army", Province: "tri"},
			{Power: "Russia", Type: "fleet", Province: "stp/sc"}},
		Orders: map[string][]string{"Italy": {"A ven - tri"}, "Austria": {"A tri - ven"}, "Russia": {"F stp/sc - bar"}},
	}
	var buf bytes.Buffer
	if err := new(Boards).DrawInput(&buf, variants.MustLoad(), in); err != nil {
		t.Fatal(err)
	}
	svg := buf.String()
	for _, want := range []string{">bounced<", ">not_adjacent<", "marker-end"} {
		if !strings.Contains(svg, want) {
			t.Errorf("the picture has no %q", want)
		}
	}
}

// TestDrawShowsTheDislodgedAndDestroyed: Budapest's army moves to
// Rumania and bounces, and is dislodged by a supported attack from
// Galicia with nowhere to retreat: it is drawn beside Budapest, struck
// out, not only as a move that bounced.
func TestDrawShowsTheDislodgedAndDestroyed(t *testing.T) {
	russia := func(p ...string) (out []judge.Unit) {
		for _, x := range p {
			out = append(out, judge.Unit{Power: "Russia", Type: "army", Province: x})
		}
		return out
	}
	in := &judge.Input{
		Variant: "standard",
		Phase:   judge.Phase{Season: "spring", Year: 1901, Type: "movement"},
		Units:   append(russia("gal", "vie", "rum", "ser", "tri", "sil"), judge.Unit{Power: "Austria", Type: "army", Province: "bud"}, judge.Unit{Power: "Germany", Type: "army", Province: "mun"}),
		Orders: map[string][]string{"Austria": {"A BUD - RUM"}, "Russia": {"A GAL - BUD", "A VIE S A GAL - BUD", "A SER S A GAL - BUD", "A SIL - MUN"},
			"Germany": {"A MUN H"}},
	}
	var buf bytes.Buffer
	if err := new(Boards).DrawInput(&buf, variants.MustLoad(), in); err != nil {
		t.Fatal(err)
	}
	svg := buf.String()
	if !strings.Contains(svg, `<g data-dislodged="bud" data-destroyed="true">`) {
		t.Error("Budapest's army, dislodged with nowhere to retreat, is not drawn destroyed")
	}
	if strings.Count(svg, `data-dislodged=`) != 1 {
		t.Errorf("%d units drawn dislodged, want Budapest's alone", strings.Count(svg, `data-dislodged=`))
	}
}

func BenchmarkDrawPosition(b *testing.B) {
	reg := variants.MustLoad()
	in := &judge.Input{
		Variant: "standard",
		Phase:   judge.Phase{Season: "spring", Year: 1901, Type: "movement"},
		Units: []judge.Unit{{Power: "Italy", Type: "army", Province: "ven"}, {Power: "Austria", Type: "army", Province: "tri"},
			{Power: "England", Type: "fleet", Province: "nth"}, {Power: "Germany", Type: "army", Province: "hol"}},
		Orders: map[string][]string{"Italy": {"A ven - tri"}, "Austria": {"A tri - ven"}, "England": {"F nth S A hol"}, "Germany": {"A hol H"}},
	}
	var buf bytes.Buffer
	var bs Boards
	for i := 0; i < b.N; i++ {
		buf.Reset()
		if err := bs.DrawInput(&buf, reg, in); err != nil {
			b.Fatal(err)
		}
	}
}
