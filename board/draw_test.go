package board

import (
	"bytes"
	"fmt"
	"html"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

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

// TestLegendFitsTheBoard draws each variant's start and checks that every
// text of the legend (below the board) ends inside the picture's width,
// at DejaVu Sans Mono's advance (0.6 em), and inside its height.
func TestLegendFitsTheBoard(t *testing.T) {
	reg := variants.MustLoad()
	text := regexp.MustCompile(`<text x="([0-9.]+)" y="([0-9.]+)" font-size="([0-9.]+)"[^>]*>([^<]*)</text>`)
	for _, name := range []string{"standard", "1900", "sengoku", "colonial"} {
		v, err := reg.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		var bs Boards
		if err := bs.DrawStart(&buf, v); err != nil {
			t.Fatal(err)
		}
		b, err := bs.Board(name)
		if err != nil {
			t.Fatal(err)
		}
		svg := buf.String()
		var W, H float64
		if _, err := fmt.Sscanf(svg[strings.Index(svg, `viewBox="`)+len(`viewBox="`):], "0 0 %g %g", &W, &H); err != nil {
			t.Fatal(err)
		}
		legend := svg[strings.LastIndex(svg, `fill="#fafafa"`):]
		n := 0
		for _, m := range text.FindAllStringSubmatch(legend, -1) {
			x, _ := strconv.ParseFloat(m[1], 64)
			y, _ := strconv.ParseFloat(m[2], 64)
			size, _ := strconv.ParseFloat(m[3], 64)
			s := html.UnescapeString(m[4])
			if y < b.Height {
				continue
			}
			n++
			end := x + 0.6*size*float64(utf8.RuneCountInString(s))
			if strings.Contains(m[0], `text-anchor="middle"`) {
				end = x + 0.3*size*float64(utf8.RuneCountInString(s))
			}
			if end > W || y+size/2 > H {
				t.Errorf("%s: the legend's %q ends at %.0f, %.0f, outside the %g×%g picture", name, s, end, y+size/2, W, H)
			}
		}
		if n < 10 {
			t.Errorf("%s: %d texts in the legend, want the powers and the keys", name, n)
		}
	}
}
