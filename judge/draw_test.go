package judge

import (
	"bytes"
	"strings"
	"testing"

	"github.com/chancery/chancery/board"
	"github.com/chancery/chancery/codec"
	"github.com/chancery/chancery/variants"
)

func TestDrawInputMarksResults(t *testing.T) {
	in := &Input{
		Variant: "standard",
		Phase:   codec.Phase{Season: "spring", Year: 1901, Type: "movement"},
		Units: []codec.Unit{{Power: "Italy", Type: "army", Province: "ven"}, {Power: "Austria", Type: "army", Province: "tri"},
			{Power: "Russia", Type: "fleet", Province: "stp/sc"}},
		Orders: map[string][]string{"Italy": {"A ven - tri"}, "Austria": {"A tri - ven"}, "Russia": {"F stp/sc - bar"}},
	}
	var buf bytes.Buffer
	if err := New(variants.MustLoad()).Draw(&buf, new(board.Boards), in); err != nil {
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
	russia := func(p ...string) (out []codec.Unit) {
		for _, x := range p {
			out = append(out, codec.Unit{Power: "Russia", Type: "army", Province: x})
		}
		return out
	}
	in := &Input{
		Variant: "standard",
		Phase:   codec.Phase{Season: "spring", Year: 1901, Type: "movement"},
		Units:   append(russia("gal", "vie", "rum", "ser", "tri", "sil"), codec.Unit{Power: "Austria", Type: "army", Province: "bud"}, codec.Unit{Power: "Germany", Type: "army", Province: "mun"}),
		Orders: map[string][]string{"Austria": {"A BUD - RUM"}, "Russia": {"A GAL - BUD", "A VIE S A GAL - BUD", "A SER S A GAL - BUD", "A SIL - MUN"},
			"Germany": {"A MUN H"}},
	}
	var buf bytes.Buffer
	if err := New(variants.MustLoad()).Draw(&buf, new(board.Boards), in); err != nil {
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
	in := &Input{
		Variant: "standard",
		Phase:   codec.Phase{Season: "spring", Year: 1901, Type: "movement"},
		Units: []codec.Unit{{Power: "Italy", Type: "army", Province: "ven"}, {Power: "Austria", Type: "army", Province: "tri"},
			{Power: "England", Type: "fleet", Province: "nth"}, {Power: "Germany", Type: "army", Province: "hol"}},
		Orders: map[string][]string{"Italy": {"A ven - tri"}, "Austria": {"A tri - ven"}, "England": {"F nth S A hol"}, "Germany": {"A hol H"}},
	}
	var buf bytes.Buffer
	var bs board.Boards
	for i := 0; i < b.N; i++ {
		buf.Reset()
		if err := New(reg).Draw(&buf, &bs, in); err != nil {
			b.Fatal(err)
		}
	}
}
