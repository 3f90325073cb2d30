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

// unmet records, per board, the goals it does not reach yet and the
// figure it reaches today: the test fails if the board gets worse, and
// skips naming them. Every goal not listed here must be met, or the test
// fails.
var unmet = map[string]struct {
	minRadius    float64 // pixels, at least (0: the goal is met)
	labelClashes int     // at most (-1: the goal is met)
}{
	"standard": {0, -1},
	"1900":     {0, -1},
	"sengoku":  {0, -1},
	"colonial": {26.2, -1},
}

// TestBoardsMeetThePlayGoals measures every committed board against the
// goals of a board for play (docs/maps.md, "Measures"), prints the
// figures and fails if a board misses a goal, has overlapping provinces,
// or, for the goals listed in unmet, is worse than recorded; it skips
// naming those.
func TestBoardsMeetThePlayGoals(t *testing.T) {
	var table strings.Builder
	var skipped []string
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
		u, ok := unmet[cb.name]
		if !ok {
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
		goal := goalMinRadius * ms.Width
		switch {
		case u.minRadius == 0 && ms.MinRadius < goal:
			t.Errorf("%s: smallest inner radius %.1f px (%s), less than %.0f px", cb.name, ms.MinRadius, ms.MinRadiusOf, goal)
		case u.minRadius > 0 && ms.MinRadius < u.minRadius:
			t.Errorf("%s: smallest inner radius %.1f px (%s), was %.1f", cb.name, ms.MinRadius, ms.MinRadiusOf, u.minRadius)
		case u.minRadius > 0 && ms.MinRadius < goal:
			skipped = append(skipped, fmt.Sprintf("%s: smallest inner radius %.1f px < %.0f px", cb.name, ms.MinRadius, goal))
		}
		switch {
		case len(ms.LabelClashes) > max(u.labelClashes, 0):
			t.Errorf("%s: %d labels clash with a label, a unit or a border (%s), at most %d", cb.name, len(ms.LabelClashes), strings.Join(ms.LabelClashes, ", "), max(u.labelClashes, 0))
		case len(ms.LabelClashes) > 0:
			skipped = append(skipped, fmt.Sprintf("%s: %d labels clash (%s)", cb.name, len(ms.LabelClashes), strings.Join(ms.LabelClashes, ", ")))
		}
	}
	t.Log(table.String())
	if len(skipped) > 0 && !t.Failed() {
		t.Skipf("goals of issue 26 not yet met: %s", strings.Join(skipped, "; "))
	}
}

func first(s []string, n int) []string {
	if len(s) > n {
		return s[:n]
	}
	return s
}
