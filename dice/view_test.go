package dice

import (
	"slices"
	"testing"
)

// TestViewSaysWhomTheGameWaitsFor: once seat 0 has declared war on seat
// 1 and fought on, the game waits for seat 1's answer, not for seat 0
// whose turn it is; every seat's view says so (seat 0's page said
// "Waiting for alice." there).
func TestViewSaysWhomTheGameWaitsFor(t *testing.T) {
	g, _ := setup(t, 4, 1, 2, 3, 4)
	for s := range Seat(4) {
		if got := g.View(s).Waiting; !slices.Equal(got, []Seat{0}) {
			t.Fatalf("seat %d's view waits for %v at the start, want seat 0", s, got)
		}
	}
	play(t, g, war(0, 1))
	if v := g.View(0); v.Phase != PhaseSurrender || !slices.Equal(v.Waiting, []Seat{0}) {
		t.Fatalf("after the declaration: phase %v, waiting for %v; want seat 0 asked to surrender", v.Phase, v.Waiting)
	}
	play(t, g, surrender(0, false))
	for s := range Seat(4) {
		if v := g.View(s); !slices.Equal(v.Waiting, []Seat{1}) || v.Current != 0 {
			t.Errorf("after seat 0 fights on, seat %d's view waits for %v (turn of %v), want seat 1", s, v.Waiting, v.Current)
		}
	}
}
