package dice

import (
	"strings"
	"testing"
)

// TestSeatsCountFromZero: a seat has one number everywhere, from 0: in the
// JSON (View.Seat, Move.Target), in the engine's messages and in the
// default names.
func TestSeatsCountFromZero(t *testing.T) {
	t.Parallel()
	if s := Seat(2).String(); s != "seat 2" {
		t.Errorf("Seat(2) is %q, want \"seat 2\"", s)
	}
	g, _ := setup(t, 4, 1, 2, 3, 4)
	v := g.View(2)
	if v.Seat != 2 || v.Players[2].Name != "Player 2" {
		t.Errorf("seat 2's view: seat %d, name %q", v.Seat, v.Players[2].Name)
	}
	err := g.Apply(Move{Seat: 2, Type: DeclareWar, Target: 3})
	if err == nil || !strings.Contains(err.Error(), "seat 2") {
		t.Errorf("a move of seat 2 out of turn: %v", err)
	}
}
