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

	"github.com/chancery/chancery/rules"
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

// TestCapeMoveDrawnAlongTheLane draws 1900's move from the Mid-Atlantic to
// Egypt by the Cape route and checks that its arrow runs along the
// board's sea lane (through the lane's points), as the client draws it
// (TestCapeRouteInTheBrowser), not straight across the Sahara.
func TestCapeMoveDrawnAlongTheLane(t *testing.T) {
	v, err := variants.MustLoad().Get("1900")
	if err != nil {
		t.Fatal(err)
	}
	var bs Boards
	b, err := bs.Board("1900")
	if err != nil {
		t.Fatal(err)
	}
	prov := func(abbr string) rules.Province {
		for i, p := range v.Map.Provinces {
			if p.Abbr == abbr {
				return rules.Province(i)
			}
		}
		t.Fatalf("no province %s", abbr)
		return 0
	}
	var lane []string
	for _, k := range b.Links {
		if k.Lane != "" && (k.A == "mao" && k.B == "egy" || k.A == "egy" && k.B == "mao") {
			for _, q := range k.Points {
				lane = append(lane, fmt.Sprintf("%s,%s", n1(q.X), n1(q.Y)))
			}
		}
	}
	if len(lane) < 3 {
		t.Fatalf("1900's board has no lane from mao to egy: %v", lane)
	}
	pos := v.Start
	var buf bytes.Buffer
	err = bs.Draw(&buf, &Picture{Variant: v, Position: pos, Results: []rules.Result{{
		Order:   rules.Order{Type: rules.Move, Power: 1, At: rules.Loc{Province: prov("mao")}, Target: rules.Loc{Province: prov("egy")}},
		Outcome: rules.Succeeded,
	}}})
	if err != nil {
		t.Fatal(err)
	}
	svg := buf.String()
	i := strings.Index(svg, "<polyline points=\"")
	if i < 0 {
		t.Fatal("the move is not drawn as a polyline along the lane")
	}
	pts := svg[i+len("<polyline points=\""):]
	pts = pts[:strings.Index(pts, `"`)]
	if !strings.Contains(pts, strings.Join(lane[1:len(lane)-1], " ")) {
		t.Errorf("the move's line %q does not run through the lane's points %q", pts, lane)
	}
}

// TestLakesAreWater draws Colonial's start: Baikal and the Caspian, seas
// no unit enters, are filled as inland water with no mountains over
// them, as Switzerland on the standard board has.
func TestLakesAreWater(t *testing.T) {
	for _, c := range []struct {
		variant, id string
		mountains   bool
	}{{"colonial", "bai", false}, {"colonial", "cas", false}, {"standard", "swi", true}} {
		v, err := variants.MustLoad().Get(c.variant)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		var bs Boards
		if err := bs.DrawStart(&buf, v); err != nil {
			t.Fatal(err)
		}
		svg := buf.String()
		i := strings.Index(svg, `<path data-province="`+c.id+`"`)
		if i < 0 {
			t.Fatalf("%s: no path for %s", c.variant, c.id)
		}
		line := svg[i:]
		next := line[strings.Index(line, "\n")+1:]
		next = next[:strings.Index(next, "\n")]
		if got := strings.Contains(next, "url(#mountains)"); got != c.mountains {
			t.Errorf("%s: %s drawn with mountains %v, want %v", c.variant, c.id, got, c.mountains)
		}
		if water := strings.Contains(line[:strings.Index(line, "\n")], `fill="`+Light.Water+`"`); water == c.mountains {
			t.Errorf("%s: %s filled as inland water %v, want %v", c.variant, c.id, water, !c.mountains)
		}
	}
}
