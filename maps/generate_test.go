package maps

import (
	"bytes"
	"strings"
	"testing"
)

// tinyMap is a continent of two coastal provinces between two seas.
const tinyMap = `
name tiny
title "Tiny"
start spring 1901
victory 2 "2 centres"
power Red
power Blue
province wst sea "West Sea"
province est sea "East Sea"
province aaa coast sc home=Red "Alpha"
province bbb coast sc home=Blue "Beta"
fleet wst: est aaa bbb
fleet est: bbb
both aaa: bbb
unit Red A aaa
unit Blue A bbb
owns Red aaa
owns Blue bbb
`

const tinyLayout = `
variant    tiny
projection laea 5 45
frame      -1500 -1500 1500 1500
width      300
aaa 2.5 45
bbb 7.5 45
wst -5 45
est 17 45
`

// tinyLand is a TopoJSON continent (0..10E, 40..50N) and an island with
// no anchor, delta-encoded with a transform as world-atlas's files are.
const tinyLand = `{"type":"Topology","transform":{"scale":[0.5,0.5],"translate":[-10,30]},
"objects":{"land":{"type":"GeometryCollection","geometries":[{"type":"MultiPolygon","arcs":[[[0]],[[1]]]}]}},
"arcs":[[[20,20],[20,0],[0,20],[-20,0],[0,-20]],[[14,28],[2,0],[0,2],[-2,0],[0,-2]]]}`

func TestGenerateDrawsExactlyTheRulesBorders(t *testing.T) {
	v, err := variantFrom(tinyMap)
	if err != nil {
		t.Fatal(err)
	}
	l, err := ParseLayout(strings.NewReader(tinyLayout))
	if err != nil {
		t.Fatal(err)
	}
	land, err := ReadLand(strings.NewReader(tinyLand))
	if err != nil {
		t.Fatal(err)
	}
	if len(land) != 2 {
		t.Fatalf("%d rings, want 2", len(land))
	}
	gen, err := Generate(l, v, land)
	if err != nil {
		t.Fatal(err)
	}
	b, err := ReadBoard(bytes.NewReader(gen.SVG))
	if err != nil {
		t.Fatal(err)
	}
	pr := Prove(b, v.Map, nil)
	if len(pr.Problems) > 0 {
		t.Fatalf("the proof finds %q in\n%s", pr.Problems, gen.SVG)
	}
	if pr.Borders != 6 {
		t.Errorf("%d rules borders checked, want 6 (army aaa-bbb; fleet aaa-bbb, wst-est, wst-aaa, wst-bbb, est-bbb)", pr.Borders)
	}
	island := false
	for _, r := range b.Regions {
		island = island || r.ID == "land"
	}
	if !island {
		t.Error("the island without an anchor is not drawn as plain land")
	}
	for _, id := range b.Order {
		if strings.ContainsAny(b.Provinces[id].D, "CcQqAaSsTt") {
			t.Errorf("%s's path uses a command other than M, L, H, V, Z", id)
		}
	}
}

func TestParsePathReadsRelativeCommands(t *testing.T) {
	rings, err := ParsePath("m10 10 h5 v5 l-5 0 z M0 0 L4 0 4 4 Z")
	if err != nil {
		t.Fatal(err)
	}
	want := [][]Point{{{10, 10}, {15, 10}, {15, 15}, {10, 15}}, {{0, 0}, {4, 0}, {4, 4}}}
	if len(rings) != len(want) {
		t.Fatalf("rings %v, want %v", rings, want)
	}
	for i := range want {
		if len(rings[i]) != len(want[i]) {
			t.Fatalf("ring %d is %v, want %v", i, rings[i], want[i])
		}
		for j := range want[i] {
			if rings[i][j] != want[i][j] {
				t.Fatalf("ring %d is %v, want %v", i, rings[i], want[i])
			}
		}
	}
	if _, err := ParsePath("M0 0 C1 1 2 2 3 3Z"); err == nil {
		t.Error("a curve is accepted")
	}
}

// TestConstrainedGrowthFollowsTheRules takes the West Sea's border with
// Beta out of the rules (and so the coastal border of Alpha and Beta,
// which no sea would then join): the same anchors draw the East Sea round
// Beta's coast instead, and the board still proves.
func TestConstrainedGrowthFollowsTheRules(t *testing.T) {
	m := strings.Replace(tinyMap, "fleet wst: est aaa bbb", "fleet wst: est aaa", 1)
	v, err := variantFrom(strings.Replace(m, "both aaa: bbb", "army aaa: bbb", 1))
	if err != nil {
		t.Fatal(err)
	}
	l, _ := ParseLayout(strings.NewReader(tinyLayout))
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
		t.Fatalf("the proof finds %q (generator notes %q)", pr.Problems, gen.Notes)
	}
}

// TestCartogramKeepsTheProof draws the tiny board as a cartogram, which
// grows Alpha and Beta against the seas: the board still proves, and
// the land takes a larger share of the board than on the true geography.
func TestCartogramKeepsTheProof(t *testing.T) {
	v, err := variantFrom(tinyMap)
	if err != nil {
		t.Fatal(err)
	}
	land, _ := ReadLand(strings.NewReader(tinyLand))
	area := map[string]float64{}
	for _, layout := range []string{tinyLayout, tinyLayout + "cartogram 0.7 0.3\n"} {
		l, err := ParseLayout(strings.NewReader(layout))
		if err != nil {
			t.Fatal(err)
		}
		gen, err := Generate(l, v, land)
		if err != nil {
			t.Fatal(err)
		}
		b, err := ReadBoard(bytes.NewReader(gen.SVG))
		if err != nil {
			t.Fatal(err)
		}
		if pr := Prove(b, v.Map, nil); len(pr.Problems) > 0 {
			t.Fatalf("the proof finds %q (generator notes %q)", pr.Problems, gen.Notes)
		}
		area[layout] = shapeArea(b.Provinces["aaa"].Rings) + shapeArea(b.Provinces["bbb"].Rings)
	}
	if before, after := area[tinyLayout], area[tinyLayout+"cartogram 0.7 0.3\n"]; after < 1.3*before {
		t.Errorf("the land's area went from %.0f to %.0f px² with seas at 0.3 of its density, want at least 1.3 times", before, after)
	}
}
