package maps

import (
	"bytes"
	"math"
	"strings"
	"testing"
)

// TestShapeStepChecksNameWhatChanged checks the shape step's checks on a
// row of cells: a border lost and one gained are named, and two provinces
// the rules do not join (Alpha and the East Sea) coming nearer than the
// floor are caught, but not when they stay as far apart.
func TestShapeStepChecksNameWhatChanged(t *testing.T) {
	v, err := variantFrom(tinyMap)
	if err != nil {
		t.Fatal(err)
	}
	o := newOwners(v.Map, nil)
	id := map[string]int32{}
	for i := range v.Map.Provinces {
		id[v.Map.Provinces[i].Abbr] = int32(i)
	}
	aaa, bbb, wst, est := id["aaa"], id["bbb"], id["wst"], id["est"]
	row := func(cells ...int32) []int32 { return cells }

	before := row(wst, aaa, bbb, est)
	after := row(wst, aaa, wst, bbb)
	if got, want := adjacencyChange(o, adjacency(o, before, 4, 1), adjacency(o, after, 4, 1)), "gained wst-bbb, lost aaa-bbb, lost est-bbb"; got != want {
		t.Errorf("adjacencyChange = %q, want %q", got, want)
	}
	if got := adjacencyChange(o, adjacency(o, before, 4, 1), adjacency(o, before, 4, 1)); got != "" {
		t.Errorf("adjacencyChange of the same cells = %q, want none", got)
	}

	far := nearPairs(o, row(aaa, -1, -1, est), 4, 1, 3)
	near := nearPairs(o, row(aaa, aaa, -1, est), 4, 1, 3)
	if d := far[[2]int32{min(aaa, est), max(aaa, est)}]; d != 3 {
		t.Errorf("Alpha and the East Sea 3 cells apart measured %g", d)
	}
	if got := closerThan(far, near, 2.5); len(got) != 1 || got[0] != [2]int32{min(aaa, est), max(aaa, est)} {
		t.Errorf("closerThan = %v, want Alpha and the East Sea", got)
	}
	if got := closerThan(far, far, 3.5); len(got) != 0 {
		t.Errorf("closerThan of provinces no nearer = %v, want none", got)
	}
	if got := closerThan(far, nearPairs(o, row(aaa, -1, bbb, est), 4, 1, 3), 2.5); len(got) != 0 {
		t.Errorf("closerThan counts provinces the rules join: %v", got)
	}
}

// TestGenerateDrawsALaneAtTheEdge draws the tiny board with the border of
// the two seas as a sea lane: it runs along the south edge, is read back
// as a marked link with its name, and the board still proves.
func TestGenerateDrawsALaneAtTheEdge(t *testing.T) {
	v, err := variantFrom(tinyMap)
	if err != nil {
		t.Fatal(err)
	}
	l, err := ParseLayout(strings.NewReader(tinyLayout + "link wst est -5 45 17 45 lane Round the south\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Links) != 1 || l.Links[0].Lane != "Round the south" {
		t.Fatalf("layout links %+v, want the lane", l.Links)
	}
	land, _ := ReadLand(strings.NewReader(tinyLand))
	gen, err := Generate(l, v, land)
	if err != nil {
		t.Fatal(err)
	}
	b, err := ReadBoard(bytes.NewReader(gen.SVG))
	if err != nil {
		t.Fatal(err)
	}
	if pr := Prove(b, v.Map, nil); len(pr.Problems) > 0 {
		t.Fatalf("the proof finds %q", pr.Problems)
	}
	if len(b.Links) != 1 {
		t.Fatalf("%d links read back, want 1", len(b.Links))
	}
	k := b.Links[0]
	if k.Lane != "Round the south" || len(k.Points) != 4 {
		t.Fatalf("link read back as %+v, want the lane through 4 points", k)
	}
	edge := b.Height - laneMargin*b.Width
	if math.Abs(k.Points[1].Y-edge) > 0.1 || math.Abs(k.Points[2].Y-edge) > 0.1 {
		t.Errorf("the lane runs at y %g and %g, want the south edge's %g", k.Points[1].Y, k.Points[2].Y, edge)
	}
}

// TestReadBoardReadsCrossingMarks reads a crossing mark as a marked link
// drawn as a crossing.
func TestReadBoardReadsCrossingMarks(t *testing.T) {
	svg := `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100"><line data-link="aaa-bbb" data-crossing="short" x1="1" y1="2" x2="3" y2="4"/><line data-link="aaa-wst" x1="1" y1="2" x2="3" y2="4"/></svg>`
	b, err := ReadBoard(strings.NewReader(svg))
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Links) != 2 || !b.Links[0].Crossing || b.Links[1].Crossing {
		t.Fatalf("links %+v, want the first a crossing, the second not", b.Links)
	}
}
