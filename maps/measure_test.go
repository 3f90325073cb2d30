package maps

import (
	"fmt"
	"strings"
	"testing"
)

// The goals of a board for play (issue 26), as shares of the board's
// width where they are lengths.
const (
	goalMinRadius = GoalMinRadius // every land province holds a circle this wide
	goalAreaRatio = 15            // largest over smallest land province
)

// measured are the boards the test measures: every board committed must
// be one of them.
var measured = map[string]bool{"standard": true, "1900": true, "sengoku": true, "colonial": true}

// TestBoardsMeetThePlayGoals measures every committed board against the
// goals of a board for play (docs/maps.md, "Measures"), prints the
// figures and fails if a board misses any goal or has overlapping
// provinces.
func TestBoardsMeetThePlayGoals(t *testing.T) {
	var table strings.Builder
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
		if !measured[cb.name] {
			t.Errorf("%s: not in the list of boards measured", cb.name)
			continue
		}
		if ms.Overlap > 0 {
			t.Errorf("%s: provinces overlap by %.1f px²", cb.name, ms.Overlap)
		}
		if ms.AreaRatio > goalAreaRatio {
			t.Errorf("%s: largest/smallest land area %.1fx (%s/%s), more than %dx", cb.name, ms.AreaRatio, ms.LargestOf, ms.SmallestOf, goalAreaRatio)
		}
		if len(ms.ShortBorders) > 0 {
			t.Errorf("%s: %d rules borders drawn shorter than 1%% of the width and not marked as links: %s", cb.name, len(ms.ShortBorders), strings.Join(ms.ShortBorders, ", "))
		}
		if len(ms.Contacts) > 0 {
			t.Errorf("%s: %d contacts the rules lack: %s", cb.name, len(ms.Contacts), strings.Join(ms.Contacts, ", "))
		}
		if goal := goalMinRadius * ms.Width; ms.MinRadius < goal {
			t.Errorf("%s: smallest inner radius %.1f px (%s), less than %.0f px", cb.name, ms.MinRadius, ms.MinRadiusOf, goal)
		}
		if len(ms.LabelClashes) > 0 {
			t.Errorf("%s: %d labels clash with a label, a unit or a border (%s)", cb.name, len(ms.LabelClashes), strings.Join(ms.LabelClashes, ", "))
		}
	}
	t.Log(table.String())
}

func first(s []string, n int) []string {
	if len(s) > n {
		return s[:n]
	}
	return s
}
