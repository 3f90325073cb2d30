package maps

import (
	"math"
	"strings"
	"testing"
)

func TestInnerCircle(t *testing.T) {
	for _, c := range []struct {
		name  string
		rings [][]Point
		want  float64
	}{
		{"square of 20", [][]Point{{{0, 0}, {20, 0}, {20, 20}, {0, 20}}}, 10},
		{"strip 100 by 8", [][]Point{{{0, 0}, {100, 0}, {100, 8}, {0, 8}}}, 4},
		// In a corner, touching both sides and the hole's corner.
		{"square of 40 with a hole of 20", [][]Point{{{0, 0}, {40, 0}, {40, 40}, {0, 40}}, {{10, 10}, {10, 30}, {30, 30}, {30, 10}}}, 10 * math.Sqrt2 / (1 + math.Sqrt2)},
	} {
		if _, r := innerCircle(c.rings, 0.01); math.Abs(r-c.want) > 0.05 {
			t.Errorf("%s: inner radius %.2f, want %.2f", c.name, r, c.want)
		}
	}
}

// TestMeasureFindsShortBordersAndContacts draws the tiny map by hand:
// Alpha and Beta share 3 px of border (under 1% of a 1000-pixel board),
// and the East Sea lies 1 px from Alpha, which the rules do not join to
// it.
func TestMeasureFindsShortBordersAndContacts(t *testing.T) {
	v, err := variantFrom(tinyMap)
	if err != nil {
		t.Fatal(err)
	}
	rect := func(x0, y0, x1, y1 float64) [][]Point { return [][]Point{{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}} }
	b := &Board{Width: 1000, Height: 1000, Provinces: map[string]*Shape{}}
	for id, r := range map[string][][]Point{
		"aaa": {{{100, 100}, {200, 100}, {200, 197}, {200, 200}, {100, 200}}},
		"bbb": {{{200, 197}, {300, 197}, {300, 300}, {200, 300}, {200, 200}}},
		"wst": rect(0, 0, 90, 1000),
		"est": rect(100, 201, 199, 220),
	} {
		b.Provinces[id] = &Shape{ID: id, Rings: r}
		b.Order = append(b.Order, id)
	}
	ms := Measure(b, v.Map)
	if !strings.Contains(strings.Join(ms.ShortBorders, ","), "aaa-bbb 3.0") {
		t.Errorf("short borders %q, want aaa-bbb 3.0 among them", ms.ShortBorders)
	}
	found := false
	for _, c := range ms.Contacts {
		found = found || strings.HasPrefix(c, "aaa-est")
	}
	if !found {
		t.Errorf("contacts %q, want aaa-est (1 px apart, no rules border)", ms.Contacts)
	}
	if ms.Overlap != 0 {
		t.Errorf("overlap %.1f px², want none", ms.Overlap)
	}
}

// TestSmoothLineTakesOutTheStaircase smooths a raster staircase along a
// diagonal: the ends stay, and the inner points come close to the
// diagonal (a raster step is 1 from it at the corners).
func TestSmoothLineTakesOutTheStaircase(t *testing.T) {
	var stairs []Point
	for i := 0; i < 20; i++ {
		stairs = append(stairs, Point{float64(i), float64(i)}, Point{float64(i + 1), float64(i)})
	}
	stairs = append(stairs, Point{20, 20})
	got := smoothLine(stairs, false, 3)
	if got[0] != stairs[0] || got[len(got)-1] != stairs[len(stairs)-1] {
		t.Fatalf("the ends moved: %v ... %v", got[0], got[len(got)-1])
	}
	for _, q := range got[4 : len(got)-4] {
		// Distance to the line y = x - 0.5, the staircase's mean.
		if d := math.Abs(q.X-q.Y-0.5) / math.Sqrt2; d > 0.1 {
			t.Errorf("%v is %.2f from the diagonal", q, d)
		}
	}
}
