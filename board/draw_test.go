package board

import (
	"bytes"
	"strings"
	"testing"

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
