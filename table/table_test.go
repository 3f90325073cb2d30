package table

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

// byName finds a seat by its power, as Diplomacy does.
func byName(t *Table) func(string) (int, error) {
	return func(power string) (int, error) {
		for i, s := range t.Seats {
			if strings.EqualFold(s.Power, power) {
				return i, nil
			}
		}
		return -1, fmt.Errorf("%w: no power %q", ErrInvalid, power)
	}
}

func TestJoinSeatsEachPersonOnceInAFreeSeat(t *testing.T) {
	tb, err := NewTable("u1", []string{"North", "South", "East"}, 60, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		user, power string
		want        error
		seat        string
	}{
		{"u1", "south", nil, "South"},
		{"u1", "East", ErrState, "South"}, // one seat each
		{"u2", "South", ErrState, ""},     // taken
		{"u2", "West", ErrInvalid, ""},    // no such seat
		{"u2", "", nil, "North"},          // the first free seat
		{"u3", "", nil, "East"},
		{"u4", "", ErrState, ""}, // every seat taken
	} {
		err := tb.Join(Player{ID: c.user, Name: "name of " + c.user}, c.power, byName(tb))
		if !errors.Is(err, c.want) || (c.want == nil && err != nil) {
			t.Errorf("%s joins as %q: %v, want %v", c.user, c.power, err, c.want)
		}
		if got := tb.PowerOf(c.user); got != c.seat {
			t.Errorf("%s joins as %q: plays %q, want %q", c.user, c.power, got, c.seat)
		}
	}
	if s := tb.Seats[tb.SeatOf("u2")]; s.Name != "name of u2" {
		t.Errorf("the seat does not carry its player's name: %+v", s)
	}
}

func TestStartNeedsTheCreatorAPersonAndEverySeatFilled(t *testing.T) {
	tb, _ := NewTable("u1", []string{"North", "South"}, 60, false)
	if err := tb.Start("u1"); !errors.Is(err, ErrState) {
		t.Fatalf("started with nobody: %v", err)
	}
	_ = tb.Join(Player{ID: "u1"}, "North", byName(tb))
	if err := tb.Start("u2"); !errors.Is(err, ErrForbidden) {
		t.Fatalf("a stranger started the game: %v", err)
	}
	if err := tb.Start("u1"); !errors.Is(err, ErrState) || !strings.HasPrefix(err.Error(), "1 seat is empty ") {
		t.Fatalf("started with an empty seat and no bots: %v", err)
	}
	tb.FillWithBots = true
	if err := tb.Start("u1"); err != nil || tb.Status != Active {
		t.Fatalf("start: %v, %s", err, tb.Status)
	}
	if bots := tb.BotPowers(); len(bots) != 1 || bots[0] != "South" {
		t.Fatalf("bots play %v", bots)
	}
	if err := tb.Start("u1"); !errors.Is(err, ErrState) {
		t.Fatalf("started twice: %v", err)
	}
	if err := tb.Join(Player{ID: "u2"}, "", byName(tb)); !errors.Is(err, ErrState) {
		t.Fatalf("joined a game under way: %v", err)
	}
}

// TestStartRefusalCountsTheEmptySeats: the refusal reads as English for
// one seat and for several.
func TestStartRefusalCountsTheEmptySeats(t *testing.T) {
	tb, _ := NewTable("u1", []string{"North", "South", "East"}, 60, false)
	_ = tb.Join(Player{ID: "u1"}, "North", byName(tb))
	if err := tb.Start("u1"); !errors.Is(err, ErrState) || !strings.HasPrefix(err.Error(), "2 seats are empty ") {
		t.Fatalf("started with two empty seats and no bots: %v", err)
	}
}

func TestAPhaseHasALengthWithinBounds(t *testing.T) {
	for _, s := range []int{0, MaxPhaseSeconds + 1} {
		if _, err := NewTable("u1", nil, s, false); !errors.Is(err, ErrInvalid) {
			t.Errorf("a phase of %d seconds: %v", s, err)
		}
	}
}

func TestErrorfSaysOnlyItsMessage(t *testing.T) {
	err := Errorf(ErrNotFound, "game %s has no phase %d", "g1", 3)
	if err.Error() != "game g1 has no phase 3" || !errors.Is(err, ErrNotFound) {
		t.Fatalf("%q", err)
	}
	if Deadline(time.Time{}) != nil {
		t.Fatal("no deadline is written as a time")
	}
}

func TestLeaveFreesTheSeatBeforeTheStartOnly(t *testing.T) {
	tb, _ := NewTable("u1", []string{"North", "South"}, 60, true)
	_ = tb.Join(Player{ID: "u1", Name: "One"}, "North", byName(tb))
	_ = tb.Join(Player{ID: "u2", Name: "Two"}, "South", byName(tb))
	if err := tb.Leave("u3"); !errors.Is(err, ErrForbidden) {
		t.Errorf("someone without a seat left: %v", err)
	}
	if err := tb.Leave("u1"); err != nil {
		t.Fatalf("the creator leaves their seat: %v", err)
	}
	if s := tb.Seats[0]; s.User != "" || s.Name != "" || tb.Creator != "u1" {
		t.Errorf("after the creator left: seat %+v, creator %q", s, tb.Creator)
	}
	if err := tb.Join(Player{ID: "u3", Name: "Three"}, "North", byName(tb)); err != nil {
		t.Errorf("the seat left is not free: %v", err)
	}
	if err := tb.Start("u1"); err != nil {
		t.Fatal(err)
	}
	if err := tb.Leave("u2"); !errors.Is(err, ErrState) || tb.PowerOf("u2") != "South" {
		t.Errorf("left a game under way: %v, plays %q", err, tb.PowerOf("u2"))
	}
}

func TestCancelEndsAFormingGameForItsCreatorOnly(t *testing.T) {
	tb, _ := NewTable("u1", []string{"North", "South"}, 60, true)
	_ = tb.Join(Player{ID: "u2"}, "South", byName(tb))
	if err := tb.Cancel("u2"); !errors.Is(err, ErrForbidden) || tb.Status != Forming {
		t.Errorf("a player cancelled another's game: %v, %s", err, tb.Status)
	}
	if err := tb.Cancel("u1"); err != nil || tb.Status != Finished || !tb.Cancelled {
		t.Fatalf("the creator cancels: %v, %s, cancelled %v", err, tb.Status, tb.Cancelled)
	}
	if err := tb.Cancel("u1"); !errors.Is(err, ErrState) {
		t.Errorf("cancelled twice: %v", err)
	}
	if err := tb.Start("u1"); !errors.Is(err, ErrState) {
		t.Errorf("started a cancelled game: %v", err)
	}
	started, _ := NewTable("u1", []string{"North"}, 60, true)
	_ = started.Join(Player{ID: "u1"}, "", byName(started))
	if err := started.Start("u1"); err != nil {
		t.Fatal(err)
	}
	if err := started.Cancel("u1"); !errors.Is(err, ErrState) || started.Cancelled {
		t.Errorf("cancelled a game under way: %v", err)
	}
}
