package diceplomacy

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/chancery/chancery/dice"
	"github.com/chancery/chancery/table"
)

func TestASeatIsNamedByItsNumber(t *testing.T) {
	g, err := Kind{}.New(Name, table.Player{ID: "u1", Name: "Ann"}, table.Options{PhaseSeconds: 60, Power: "seat3"}, json.RawMessage(`{"players": 4}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		user, seat string
		want       error
	}{
		{"u2", "Seat 3", table.ErrState},
		{"u2", "Seat 5", table.ErrInvalid},
		{"u2", "two", table.ErrInvalid},
		{"u2", "2", nil},
	} {
		if err := g.Join(table.Player{ID: c.user}, c.seat); !errors.Is(err, c.want) || (c.want == nil && err != nil) {
			t.Errorf("%s joins %q: %v, want %v", c.user, c.seat, err, c.want)
		}
	}
	if a, b := g.Table().PowerOf("u1"), g.Table().PowerOf("u2"); a != "Seat 3" || b != "Seat 2" {
		t.Fatalf("u1 at %q, u2 at %q", a, b)
	}
}

func TestAStartedGameReadsBackFromItsLog(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	g, _ := Kind{}.New(Name, table.Player{ID: "u1", Name: "Ann"}, table.Options{PhaseSeconds: 60, Power: "0", Bots: true}, nil)
	if err := g.Start("u1", t0); err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Kind{}.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	v1, _ := g.View(&table.Row{ID: "g"}, "u1")
	v2, _ := back.View(&table.Row{ID: "g"}, "u1")
	j1, _ := json.Marshal(v1)
	j2, _ := json.Marshal(v2)
	if string(j1) != string(j2) || back.Seq() != g.Seq() || back.Table().Seats[1].Name != "Bot 1" {
		t.Fatalf("read back:\n%s\nwas:\n%s", j2, j1)
	}
}

// TestARefusalSpeaksOfTheGame: each reason the engine refuses a move
// with becomes a coded error whose words name the players as the table
// knows them.
func TestARefusalSpeaksOfTheGame(t *testing.T) {
	g0, _ := Kind{}.New(Name, table.Player{ID: "u1", Name: "Ann"}, table.Options{PhaseSeconds: 60, Power: "0", Bots: true}, json.RawMessage(`{"players": 5}`))
	if err := g0.Join(table.Player{ID: "u2", Name: "Bob"}, "2"); err != nil {
		t.Fatal(err)
	}
	if err := g0.Start("u1", time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
	g := g0.(*tableGame)
	at := func(target dice.Seat) dice.Move { return dice.Move{Seat: 0, Type: dice.DeclareWar, Target: target} }
	for _, c := range []struct {
		move      dice.Move
		err       error
		code, msg string
	}{
		{at(dice.NoSeat), dice.ErrNotAsked, CodeNotAsked, "nothing is asked of you now"},
		{at(dice.NoSeat), dice.ErrWrongMove, CodeNotAsked, "that move does not answer what is asked of you now"},
		{at(dice.NoSeat), dice.ErrGameOver, CodeNotAsked, "the game is over"},
		{at(7), dice.ErrTargetNotSeat, CodeTargetNotSeat, "there is no seat 7 in this game"},
		{at(2), dice.ErrTargetOut, CodeTargetOut, "Bob is out of the game"},
		{at(3), dice.ErrTargetOut, CodeTargetOut, "Bot 3 is out of the game"},
		{at(0), dice.ErrTargetSelf, CodeTargetSelf, "you cannot name yourself: choose another player"},
		{at(2), dice.ErrAlreadyAlly, CodeAlreadyAlly, "Bob is already your ally"},
		{at(2), dice.ErrNoAlliances, CodeNoAlliances, "no alliance can be formed when 3 or fewer players remain"},
		{at(2), dice.ErrAlreadyInWar, CodeAlreadyInWar, "Bob is already in the war"},
		{at(1), dice.ErrAlreadyAsked, CodeAlreadyAsked, "Bot 1 has already been asked to join this war"},
	} {
		// As the engine makes them: the reason, with details, in a
		// *dice.MoveError.
		err := g.refusal(c.move, &dice.MoveError{Move: c.move, Err: fmt.Errorf("%w: %v", c.err, c.move.Target)})
		var te *table.Error
		if !errors.As(err, &te) || te.Code != c.code || te.Msg != c.msg || !errors.Is(err, table.ErrInvalid) {
			t.Errorf("%v: %#v, want %s %q", c.err, err, c.code, c.msg)
		}
	}
	// A reason a player cannot meet is refused without a code.
	err := g.refusal(at(0), &dice.MoveError{Move: at(0), Err: dice.ErrBadSeat})
	var te *table.Error
	if errors.As(err, &te) && te.Code != "" || !errors.Is(err, table.ErrInvalid) {
		t.Errorf("a bad seat: %#v", err)
	}
}
