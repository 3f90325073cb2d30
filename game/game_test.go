package game

import (
	"errors"
	"testing"
	"time"

	"github.com/chancery/chancery/engine"
	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/table"
	"github.com/chancery/chancery/variants"
)

var t0 = time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)

func standard(t *testing.T) *engine.Engine {
	t.Helper()
	return engine.NewEngines(variants.MustLoad()).Get("standard")
}

func TestAGameNeedsPeopleOrBotsToStart(t *testing.T) {
	e := standard(t)
	g, err := New(e, table.Player{ID: "u1"}, "England", 60, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Start("u2", t0); !errors.Is(err, table.ErrForbidden) {
		t.Fatalf("a stranger started the game: %v", err)
	}
	if err := g.Start("u1", t0); !errors.Is(err, table.ErrState) {
		t.Fatalf("started with empty seats and no bots: %v", err)
	}
	g.FillWithBots = true
	if err := g.Start("u1", t0); err != nil {
		t.Fatal(err)
	}
	if len(g.BotPowers()) != 6 || g.PowerOf("u1") != "England" {
		t.Fatalf("seats %+v", g.Seats)
	}
	if !g.Deadline.Equal(t0.Add(time.Minute)) {
		t.Fatalf("deadline %v", g.Deadline)
	}
}

func TestJoinRefusesTakenSeatsAndUnknownPowers(t *testing.T) {
	e := standard(t)
	g, _ := New(e, table.Player{ID: "u1", Name: "Ann"}, "France", 60, true)
	for _, c := range []struct {
		user, power string
		want        error
	}{
		{"u2", "france", table.ErrState},
		{"u2", "Narnia", table.ErrInvalid},
		{"u1", "Italy", table.ErrState},
	} {
		if err := g.Join(e, table.Player{ID: c.user}, c.power); !errors.Is(err, c.want) {
			t.Errorf("join %s as %s: %v, want %v", c.user, c.power, err, c.want)
		}
	}
	if err := g.Join(e, table.Player{ID: "u2", Name: "Bo"}, ""); err != nil || g.PowerOf("u2") != "Austria" {
		t.Fatalf("join any seat: %v, got %q", err, g.PowerOf("u2"))
	}
	for user, name := range map[string]string{"u1": "Ann", "u2": "Bo"} {
		if i := g.SeatOf(user); i < 0 || g.Seats[i].Name != name {
			t.Errorf("%s's seat shows the name %q, want %q", user, g.Seats[max(i, 0)].Name, name)
		}
	}
}

func TestParseRefusesTheWholeBatchAndNamesEachBadOrder(t *testing.T) {
	e := standard(t)
	pos := e.V.Start
	_, err := e.Parse(pos, "England", []string{"F lon - nth", "A par - bur", "A lvp - mos", "fish"})
	var oe *table.OrdersError
	if !errors.As(err, &oe) || len(oe.Orders) != 3 {
		t.Fatalf("got %v", err)
	}
	if oe.Orders[0].Index != 1 || oe.Orders[1].Index != 2 || oe.Orders[2].Index != 3 {
		t.Fatalf("indices %+v", oe.Orders)
	}
	orders, err := e.Parse(pos, "England", []string{"f lon - nth", "A lvp - yor", "F edi S F lon - nth"})
	if err != nil {
		t.Fatal(err)
	}
	if canon := e.Names.FormatOrder(orders[0]); canon != "F LON - NTH" {
		t.Fatalf("canonical %q", canon)
	}
}

func TestAdvancePlaysThePhaseAndMissingOrdersHold(t *testing.T) {
	e := standard(t)
	g, _ := New(e, table.Player{ID: "u1"}, "England", 60, true)
	_ = g.Start("u1", t0)
	england, err := e.Parse(g.Position, "England", []string{"F LON - NTH"})
	if err != nil {
		t.Fatal(err)
	}
	res, err := g.Advance(e, engine.Orders{england[0].Power: england}, t0.Add(time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	if g.Seq != 1 || g.Position.Phase.Season != rules.Fall || res.Results[0].Result != "succeeded" {
		t.Fatalf("seq %d phase %+v results %+v", g.Seq, g.Position.Phase, res.Results)
	}
	if n := len(e.Codec.EncodePosition(g.Position).Units); n != 22 {
		t.Fatalf("%d units", n)
	}
}

func TestDrawNeedsEveryPersonAndConcessionGoesToTheLeader(t *testing.T) {
	e := standard(t)
	g, _ := New(e, table.Player{ID: "u1"}, "England", 60, true)
	_ = g.Join(e, table.Player{ID: "u2"}, "France")
	_ = g.Start("u1", t0)
	if err := g.Vote(e, "England", true, false, t0); err != nil || g.Status != table.Active {
		t.Fatalf("one vote ended the game: %v", err)
	}
	if err := g.Vote(e, "France", true, false, t0); err != nil || g.Status != table.Finished || g.End.Reason != "draw" || len(g.End.Powers) != 7 {
		t.Fatalf("draw: %v %+v", err, g.End)
	}
	if err := g.Vote(e, "France", true, false, t0); !errors.Is(err, table.ErrState) {
		t.Fatalf("a finished game took a vote: %v", err)
	}

	g, _ = New(e, table.Player{ID: "u1"}, "Russia", 60, true)
	_ = g.Start("u1", t0)
	if err := g.Vote(e, "Russia", false, true, t0); err != nil || g.Status != table.Active {
		t.Fatalf("the leader conceded to itself: %v", err)
	}

	// Russia leads with 4 centres; when every other person concedes, it
	// wins by concession (bots go along).
	g, _ = New(e, table.Player{ID: "u1"}, "England", 60, true)
	_ = g.Join(e, table.Player{ID: "u2"}, "France")
	_ = g.Join(e, table.Player{ID: "u3"}, "Russia")
	_ = g.Start("u1", t0)
	if err := g.Vote(e, "England", false, true, t0); err != nil || g.Status != table.Active {
		t.Fatalf("one of two concessions ended the game: %v %+v", err, g.End)
	}
	if err := g.Vote(e, "France", false, true, t0); err != nil || g.Status != table.Finished ||
		g.End.Reason != "concession" || g.End.Winner != "Russia" {
		t.Fatalf("concession to the leader: %v %+v", err, g.End)
	}
}

// eliminate takes every unit and centre of the power named name from g.
func eliminate(t *testing.T, e *engine.Engine, g *Game, name string) {
	t.Helper()
	power, ok := e.Names.Power(name)
	if !ok {
		t.Fatalf("no power %q", name)
	}
	pos := g.Position.Clone() // a game's position is replaced, never changed in place
	for p, u := range pos.Units {
		if u.Power == power {
			pos.Units[p] = rules.Unit{}
		}
	}
	for p, o := range pos.Owner {
		if o == power {
			pos.Owner[p] = rules.NoPower
		}
	}
	g.Position = pos
}

func TestGamesWithoutPeopleLeftEnd(t *testing.T) {
	e := standard(t)
	g, _ := New(e, table.Player{ID: "u1"}, "England", 60, true)
	_ = g.Start("u1", t0)
	eliminate(t, e, g, "England") // England loses everything.
	if _, err := g.Advance(e, nil, t0); err != nil {
		t.Fatal(err)
	}
	if g.Status != table.Finished || g.End.Reason != "draw" {
		t.Fatalf("status %s end %+v", g.Status, g.End)
	}
}

// TestSengokuWithoutPeopleLeftHasAWinner: Sengoku has no draws. When its
// only person is out, the clan with the most centres wins; while two or
// more clans tie for the most, the game plays on.
func TestSengokuWithoutPeopleLeftHasAWinner(t *testing.T) {
	e := engine.NewEngines(variants.MustLoad()).Get("sengoku")
	// Every other clan holds its two home centres: a tie, so play goes on.
	g, _ := New(e, table.Player{ID: "u1"}, "Oda", 60, true)
	_ = g.Start("u1", t0)
	eliminate(t, e, g, "Oda")
	if _, err := g.Advance(e, nil, t0); err != nil {
		t.Fatal(err)
	}
	if g.Status != table.Active || g.End != nil {
		t.Fatalf("seven clans tied at two centres, and the game ended: %s %+v", g.Status, g.End)
	}
	// Mori takes a third centre: it leads alone and is declared winner.
	bin, _ := e.Names.Province("bin")
	g.Position.Owner[bin], _ = e.Names.Power("Mori")
	if _, err := g.Advance(e, nil, t0); err != nil {
		t.Fatal(err)
	}
	if g.Status != table.Finished || g.End == nil || g.End.Reason == "draw" || g.End.Winner != "Mori" {
		t.Fatalf("status %s end %+v, want Mori declared the winner", g.Status, g.End)
	}
}
