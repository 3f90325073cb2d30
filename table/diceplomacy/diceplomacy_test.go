package diceplomacy

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/chancery/chancery/dice"
	dicebot "github.com/chancery/chancery/dice/bot"
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

// TestBotsDecideInThinkAlone checks where the bots decide: neither Start
// nor a person's move asks them (they make the game due now, and the
// view asks the person nothing and names the bots to answer), Advance
// without Think leaves them be, Think plays their moves on a copy without
// changing the game, Advance then plays what Think found without asking
// them again, and a Think on the game as it is takes what an earlier one
// found.
func TestBotsDecideInThinkAlone(t *testing.T) {
	calls := 0
	k := Kind{Decide: func(b dicebot.Bot, v *dice.View) dice.Move { calls++; return b.Decide(v) }}
	t0 := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	r := &table.Row{ID: "g", Secret: []byte("0123456789abcdef")}
	g0, err := k.New(Name, table.Player{ID: "u1", Name: "Ann"}, table.Options{PhaseSeconds: 60, Power: "0", Bots: true}, json.RawMessage(`{"players": 4}`))
	if err != nil {
		t.Fatal(err)
	}
	if err := g0.Start("u1", t0); err != nil {
		t.Fatal(err)
	}
	g := g0.(*tableGame)
	for step := 0; step < 50 && g.Status == table.Active; step++ {
		view := func() *View {
			v, err := g.View(r, "u1")
			if err != nil {
				t.Fatal(err)
			}
			return v.(*View)
		}
		if !g.botsToAnswer() {
			if !g.Deadline.Equal(t0.Add(time.Minute)) {
				t.Fatalf("a person is asked, deadline %v", g.Deadline)
			}
			v := view()
			if len(v.BotsToAnswer) != 0 || v.View.Request.Type == dice.RequestNone || len(v.View.Legal) == 0 {
				t.Fatalf("only the person is asked, and the view says bots %v, request %v", v.BotsToAnswer, v.View.Request.Type)
			}
			m := v.View.Legal[len(v.View.Legal)-1]
			if err := g.move("u1", Move{Kind: m.Type.String(), Yes: m.Yes, Target: target(m)}, t0); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if calls != 0 {
			t.Fatalf("%d decisions outside Think", calls)
		}
		if !g.Deadline.Equal(t0) {
			t.Fatalf("a bot is asked and the game is due at %v, not now", g.Deadline)
		}
		v := view()
		if len(v.BotsToAnswer) == 0 || v.View.Request.Type != dice.RequestNone || len(v.View.Legal) != 0 {
			t.Fatalf("a bot is asked and the view says bots %v, request %v, %d moves", v.BotsToAnswer, v.View.Request.Type, len(v.View.Legal))
		}
		if err := g.move("u1", Move{Kind: "reorganise"}, t0); err == nil {
			t.Fatal("a person moved while the bots were to answer")
		}
		seq, events := g.Seq(), len(g.g.Log())
		lone, _ := k.Decode(mustJSON(t, g))
		if err := lone.Advance(r, t0); err != nil || calls != 0 || lone.Seq() != seq || !lone.Table().Deadline.Equal(t0) {
			t.Fatalf("Advance without Think: %v, %d decisions, move %d (was %d), due %v", err, calls, lone.Seq(), seq, lone.Table().Deadline)
		}
		if err := g.Think(&table.Row{ID: "g"}, nil); err == nil {
			t.Fatal("the bots thought without the game's secret to seed them")
		}
		if err := g.Think(r, nil); err != nil {
			t.Fatal(err)
		}
		if calls == 0 || g.Seq() != seq || len(g.g.Log()) != events {
			t.Fatalf("Think: %d decisions, the game at move %d (was %d), %d events (were %d)", calls, g.Seq(), seq, len(g.g.Log()), events)
		}
		n := calls
		again, _ := k.Decode(mustJSON(t, g))
		if err := again.(table.Thinker).Think(r, g); err != nil || calls != n {
			t.Fatalf("thinking again on the same game: %v, %d decisions more", err, calls-n)
		}
		if err := again.Advance(r, t0); err != nil || calls != n {
			t.Fatalf("Advance: %v, %d decisions more", err, calls-n)
		}
		if again.Seq() <= seq || again.(*tableGame).botsToAnswer() {
			t.Fatalf("after Advance: move %d (was %d), bots still to answer", again.Seq(), seq)
		}
		return
	}
	t.Fatalf("no bot was ever asked (game %s)", g.Status)
}

// TestThinkPlaysTheDefaultsWhenOnlyPeopleAreAsked: at a person's
// deadline Think plays their default, then the bots' answers.
func TestThinkPlaysTheDefaultsWhenOnlyPeopleAreAsked(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	r := &table.Row{ID: "g", Secret: []byte("0123456789abcdef")}
	g0, _ := Kind{}.New(Name, table.Player{ID: "u1", Name: "Ann"}, table.Options{PhaseSeconds: 60, Power: "0", Bots: true}, json.RawMessage(`{"players": 4}`))
	if err := g0.Start("u1", t0); err != nil {
		t.Fatal(err)
	}
	g := g0.(*tableGame)
	for step := 0; g.botsToAnswer() && step < 20; step++ {
		if err := g.Think(r, nil); err != nil {
			t.Fatal(err)
		}
		if err := g.Advance(r, t0); err != nil {
			t.Fatal(err)
		}
	}
	if g.botsToAnswer() || g.Status != table.Active {
		t.Fatalf("the bots played on and the person is not asked (game %s)", g.Status)
	}
	seq := g.Seq()
	later := t0.Add(time.Hour)
	if err := g.Think(r, nil); err != nil {
		t.Fatal(err)
	}
	if err := g.Advance(r, later); err != nil {
		t.Fatal(err)
	}
	if g.Seq() <= seq || g.botsToAnswer() {
		t.Fatalf("the deadline passed: move %d (was %d), bots to answer %v", g.Seq(), seq, g.botsOwed(nil, g.g))
	}
}

func target(m dice.Move) *int {
	if m.Target < 0 {
		return nil
	}
	n := int(m.Target)
	return &n
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestBotsDrawFromTheSecret: the bots' random source is the game's
// secret's and the move's, alike for both, different for another secret
// or move.
func TestBotsDrawFromTheSecret(t *testing.T) {
	draws := func(secret string, n int) [8]int {
		src, err := botSource([]byte(secret), n)
		if err != nil {
			t.Fatal(err)
		}
		var out [8]int
		for i := range out {
			out[i] = src.IntN(1 << 30)
		}
		return out
	}
	const s = "0123456789abcdef"
	first, again := draws(s, 3), draws(s, 3)
	if first != again {
		t.Error("one secret and move draw differently")
	}
	if first == draws(s, 4) || first == draws("fedcba9876543210", 3) {
		t.Error("another move or secret draws alike")
	}
	if _, err := botSource([]byte("short"), 0); err == nil {
		t.Error("a secret of 5 bytes seeds the bots")
	}
}
