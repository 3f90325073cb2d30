package maps

import (
	"fmt"
	"strings"
	"testing"
)

// The goals of a board for play (issue 26), as shares of the board's
// width where they are lengths.
const (
	goalMinRadius = 0.02 // every land province holds a circle this wide
	goalAreaRatio = 15   // largest over smallest land province
)

// floor records, per board, the figures the committed board reaches
// today: the test fails if a board gets worse, and names the goals still
// unmet. (The raster's staircase made borders look longer than they
// are: smoothed, a few read shorter than 1% of the width where the
// staircase did not.)
var floor = map[string]struct {
	minRadius    float64 // pixels, at least
	areaRatio    float64 // at most
	shortBorders int     // at most
	contacts     int     // at most
	labelClashes int     // at most
}{
	"standard": {22.7, 5, 2, 0, 0},
	"1900":     {22.2, 5, 6, 0, 3},
	"sengoku":  {18.5, 4, 5, 0, 6},
	"colonial": {13.3, 4, 10, 0, 9},
}

// TestBoardsMeetThePlayGoals measures every committed board against the
// goals of a board for play (docs/maps.md, "Measures"), prints the
// figures, fails if a board is worse than its recorded floor or has
// overlapping provinces, and skips naming the goals still unmet.
func TestBoardsMeetThePlayGoals(t *testing.T) {
	var table strings.Builder
	var unmet []string
	fmt.Fprintf(&table, "\n| board (width) | largest/smallest land | smallest inner radius | overlap px² | rules borders < 1%% | contacts the rules lack | labels clashing (label, unit, border) |\n|---|---|---|---|---|---|---|\n")
	for _, cb := range committedBoards(t) {
		ms := Measure(cb.board, cb.v.Map)
		clash := map[string]int{}
		for _, c := range ms.LabelClashes {
			clash[c[strings.LastIndex(c, " ")+1:]]++
		}
		fmt.Fprintf(&table, "| %s (%g px) | %.0fx (%s/%s) | %.1f px = %.2f%% (%s) | %.0f | %d %s | %d %s | %d (%d, %d, %d) |\n",
			cb.name, ms.Width, ms.AreaRatio, ms.LargestOf, ms.SmallestOf, ms.MinRadius, 100*ms.MinRadius/ms.Width, ms.MinRadiusOf,
			ms.Overlap, len(ms.ShortBorders), strings.Join(first(ms.ShortBorders, 3), ", "), len(ms.Contacts), strings.Join(first(ms.Contacts, 6), ", "),
			len(ms.LabelClashes), clash["label"], clash["unit"], clash["border"])
		if ms.Overlap > 0 {
			t.Errorf("%s: provinces overlap by %.1f px²", cb.name, ms.Overlap)
		}
		f, ok := floor[cb.name]
		if !ok {
			t.Errorf("%s: no recorded figures", cb.name)
			continue
		}
		if ms.MinRadius < f.minRadius {
			t.Errorf("%s: smallest inner radius %.1f px (%s), was %.1f", cb.name, ms.MinRadius, ms.MinRadiusOf, f.minRadius)
		}
		if ms.AreaRatio > f.areaRatio {
			t.Errorf("%s: largest/smallest land area %.1fx, was %.0fx", cb.name, ms.AreaRatio, f.areaRatio)
		}
		if len(ms.ShortBorders) > f.shortBorders {
			t.Errorf("%s: %d rules borders drawn shorter than 1%% of the width (%s), was %d", cb.name, len(ms.ShortBorders), strings.Join(ms.ShortBorders, ", "), f.shortBorders)
		}
		if len(ms.Contacts) > f.contacts {
			t.Errorf("%s: %d contacts the rules lack (%s), was %d", cb.name, len(ms.Contacts), strings.Join(ms.Contacts, ", "), f.contacts)
		}
		if len(ms.LabelClashes) > f.labelClashes {
			t.Errorf("%s: %d labels clash with a label, a unit or a border (%s), was %d", cb.name, len(ms.LabelClashes), strings.Join(ms.LabelClashes, ", "), f.labelClashes)
		}
		if len(ms.LabelClashes) > 0 {
			unmet = append(unmet, fmt.Sprintf("%s: %d labels clash (%s)", cb.name, len(ms.LabelClashes), strings.Join(ms.LabelClashes, ", ")))
		}
		if ms.MinRadius < goalMinRadius*ms.Width {
			unmet = append(unmet, fmt.Sprintf("%s: smallest inner radius %.1f px < %.0f px", cb.name, ms.MinRadius, goalMinRadius*ms.Width))
		}
		if ms.AreaRatio > goalAreaRatio {
			unmet = append(unmet, fmt.Sprintf("%s: area ratio %.0fx > %dx", cb.name, ms.AreaRatio, goalAreaRatio))
		}
		if len(ms.ShortBorders) > 0 {
			unmet = append(unmet, fmt.Sprintf("%s: %d short borders", cb.name, len(ms.ShortBorders)))
		}
		if len(ms.Contacts) > 0 {
			unmet = append(unmet, fmt.Sprintf("%s: %d contacts the rules lack", cb.name, len(ms.Contacts)))
		}
	}
	t.Log(table.String())
	if len(unmet) > 0 && !t.Failed() {
		t.Skipf("goals of issue 26 not yet met: %s", strings.Join(unmet, "; "))
	}
}

func first(s []string, n int) []string {
	if len(s) > n {
		return s[:n]
	}
	return s
}
