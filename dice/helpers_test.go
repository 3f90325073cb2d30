package dice

import (
	"errors"
	"testing"
)

// faces is a Source scripted with die faces (and, for any other n, raw
// values such as a start seat): tests decide every roll.
type faces struct{ v []int }

func (f *faces) IntN(n int) int {
	if len(f.v) == 0 {
		return 0
	}
	x := f.v[0]
	f.v = f.v[1:]
	if n == 6 {
		return x - 1
	}
	return x
}

// then queues the faces of the next rolls.
func (f *faces) then(v ...int) { f.v = append(f.v, v...) }

// setup starts an n-player game at seat 0 in which the players roll the
// given faces, seat by seat.
func setup(t *testing.T, n int, dice ...int) (*Game, *faces) {
	t.Helper()
	if len(dice) != n {
		t.Fatalf("setup: %d faces for %d players", len(dice), n)
	}
	f := &faces{v: append([]int(nil), dice...)}
	g, err := New(Config{Players: n, Start: 0}, f)
	if err != nil {
		t.Fatal(err)
	}
	return g, f
}

// ally makes a and b allies, as if a proposal had been accepted.
func ally(g *Game, a, b Seat) {
	g.st.Players[a].Ally = b
	g.st.Players[b].Ally = a
}

// turnOf gives the turn to seat s.
func turnOf(g *Game, s Seat) { g.st.Current = s }

// play applies moves, failing the test on the first refusal.
func play(t *testing.T, g *Game, moves ...Move) {
	t.Helper()
	for _, m := range moves {
		if err := g.Apply(m); err != nil {
			t.Fatalf("%v", err)
		}
	}
}

// refused applies a move that must be refused with the given reason, and
// checks that the game did not change.
func refused(t *testing.T, g *Game, m Move, want error) {
	t.Helper()
	before, n := g.State(), len(g.log)
	err := g.Apply(m)
	if !errors.Is(err, want) {
		t.Fatalf("%v: got error %v, want %v", m, err, want)
	}
	var me *MoveError
	if !errors.As(err, &me) || me.Move != m {
		t.Fatalf("%v: error %v does not carry the move", m, err)
	}
	after := g.State()
	if len(g.log) != n || !sameState(before, after) {
		t.Fatalf("%v: refused move changed the game", m)
	}
}

func sameState(a, b State) bool {
	if len(a.Players) != len(b.Players) {
		return false
	}
	for i := range a.Players {
		if a.Players[i] != b.Players[i] {
			return false
		}
	}
	return a.Start == b.Start && a.Current == b.Current && a.Turn == b.Turn &&
		a.Phase == b.Phase && a.War == b.War && a.Proposal == b.Proposal && a.Result == b.Result
}

func war(a, d Seat) Move     { return Move{Seat: a, Type: DeclareWar, Target: d} }
func propose(a, d Seat) Move { return Move{Seat: a, Type: ProposeAlliance, Target: d} }
func treaty(a Seat) Move     { return Move{Seat: a, Type: GrandTreaty, Target: NoSeat} }
func reroll(a Seat) Move     { return Move{Seat: a, Type: Reorganise, Target: NoSeat} }
func invite(a, t Seat) Move  { return Move{Seat: a, Type: Invite, Target: t} }
func stop(a Seat) Move       { return Move{Seat: a, Type: StopInviting, Target: NoSeat} }
func accept(a Seat, yes bool) Move {
	return Move{Seat: a, Type: AnswerAlliance, Target: NoSeat, Yes: yes}
}
func joins(a Seat, yes bool) Move {
	return Move{Seat: a, Type: AnswerJoin, Target: NoSeat, Yes: yes}
}
func surrender(a Seat, yes bool) Move {
	return Move{Seat: a, Type: AnswerSurrender, Target: NoSeat, Yes: yes}
}

// fight answers "no surrender" for every member of both sides.
func fight(t *testing.T, g *Game) {
	t.Helper()
	for g.st.Phase == PhaseSurrender {
		r := g.Pending()[0]
		play(t, g, surrender(r.Seat, false))
	}
}

// dieOf and scores read the state.
func dieOf(g *Game, s Seat) int { return g.st.Players[s].Die }

func scores(g *Game) (wins, losses []int) {
	for _, p := range g.st.Players {
		wins = append(wins, p.Wins)
		losses = append(losses, p.Losses)
	}
	return wins, losses
}

func eqInts(a []int, b ...int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// rollsIn returns the seats that rolled in log[from:].
func rollsIn(g *Game, from int) SeatSet {
	var s SeatSet
	for _, e := range g.log[from:] {
		if e.Type == EventRoll {
			s = s.With(e.Seat)
		}
	}
	return s
}
