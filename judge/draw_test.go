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
