package dice

import "testing"

// TestDecisions covers the choices the engine makes where the rules page is
// silent (see docs/diceplomacy.md).
func TestDecisions(t *testing.T) {
	t.Parallel()
	tests := []struct {
		decision string
		test     func(t *testing.T)
	}{
		{"the last player left in the game wins it", func(t *testing.T) {
			g, _ := setup(t, 4, 6, 1, 1, 1)
			g.st.Players[2].Out, g.st.Players[3].Out = true, true
			g.st.Players[1].Losses = 2
			play(t, g, war(0, 1))
			fight(t, g)
			if r := g.Result(); r.Winner() != 0 || r.Reason != ReasonLastPlayer {
				t.Errorf("result %+v", r)
			}
		}},
		{"with a turn limit, the remaining players share a draw when it is reached", func(t *testing.T) {
			g, err := New(Config{Players: 4, Start: 0, MaxTurns: 3}, &faces{})
			if err != nil {
				t.Fatal(err)
			}
			g.st.Players[3].Out = true
			for range 3 {
				if err := g.Timeout(g.st.Current); err != nil {
					t.Fatal(err)
				}
			}
			if r := g.Result(); !r.Draw || r.Winners != SetOf(0, 1, 2) || r.Reason != ReasonTurnLimit || r.Turns != 3 {
				t.Errorf("result %+v", r)
			}
		}},
		{"an invitation to an allied player is an invitation to the alliance, which joins only if both accept", func(t *testing.T) {
			g, _ := setup(t, 6, 1, 2, 3, 4, 5, 6)
			ally(g, 0, 1)
			ally(g, 3, 4)
			play(t, g, war(0, 2), invite(2, 3), joins(4, true), joins(3, true))
			if g.st.War.Defenders != SetOf(2, 3, 4) {
				t.Errorf("defenders %v", g.st.War.Defenders.Seats())
			}
		}},
		{"the tie-break's power is the die each fought with, before the winners reroll", func(t *testing.T) {
			g, f := setup(t, 5, 2, 6, 1, 1, 1)
			ally(g, 0, 1)
			g.st.Players[0].Wins, g.st.Players[1].Wins = 2, 2
			f.then(6, 1) // rerolls that must not count
			play(t, g, war(0, 2), stop(2))
			fight(t, g)
			if r := g.Result(); r.Winner() != 1 || dieOf(g, 0) != 2 || dieOf(g, 1) != 6 {
				t.Errorf("result %+v", r)
			}
		}},
		{"an illegal move returns an error and changes nothing", func(t *testing.T) {
			g, _ := setup(t, 4, 1, 2, 3, 4)
			refused(t, g, Move{Seat: 9, Type: Reorganise}, ErrBadSeat)
			refused(t, g, Move{Seat: 0, Type: MoveType(99)}, ErrWrongMove)
			refused(t, g, Move{Seat: 0, Type: MoveNone}, ErrWrongMove)
			refused(t, g, invite(0, 1), ErrWrongMove)
		}},
		{"the Grand Treaty is a legal action even when no alliance exists", func(t *testing.T) {
			g, _ := setup(t, 4, 1, 2, 3, 4)
			play(t, g, treaty(0))
			if g.st.Current != 1 {
				t.Errorf("current %v", g.st.Current)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.decision, tc.test)
	}
}

func TestSeatSetJSON(t *testing.T) {
	t.Parallel()
	s := SetOf(0, 3, 7)
	b, err := s.MarshalJSON()
	if err != nil || string(b) != "[0,3,7]" {
		t.Fatalf("%s %v", b, err)
	}
	var back SeatSet
	if err := back.UnmarshalJSON(b); err != nil || back != s {
		t.Fatalf("%v %v", back, err)
	}
	if err := back.UnmarshalJSON([]byte("[9]")); err == nil {
		t.Error("seat 9 accepted")
	}
}
