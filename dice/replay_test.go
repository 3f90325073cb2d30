package dice_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/chancery/chancery/dice"
	"github.com/chancery/chancery/dice/bot"
)

func TestReplayRestoresAGameInProgressAndGoesOn(t *testing.T) {
	t.Parallel()
	g, bots := seededGame(t, 42)
	var view dice.View
	for range 15 {
		seat := g.Pending()[0].Seat
		g.FillView(seat, &view)
		if err := g.Apply(bots[seat].Decide(&view)); err != nil {
			t.Fatal(err)
		}
	}
	r, err := dice.Replay(g.Config(), g.Log(), rand.New(rand.NewPCG(9, 9)))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := r.View(dice.NoSeat), g.View(dice.NoSeat); got.Turn != want.Turn || got.Phase != want.Phase || got.Current != want.Current {
		t.Fatalf("restored at turn %d %v, want turn %d %v", got.Turn, got.Phase, want.Turn, want.Phase)
	}
	if err := bot.Play(r, bots); err != nil {
		t.Fatal(err)
	}
	if !r.Over() {
		t.Error("the restored game did not go on to its end")
	}
}

func TestReplayRejectsATamperedLog(t *testing.T) {
	t.Parallel()
	g, bots := seededGame(t, 7)
	if err := bot.Play(g, bots); err != nil {
		t.Fatal(err)
	}
	log := append([]dice.Event(nil), g.Log()...)
	// Change the outcome of the first battle: the recorded reveal no longer
	// matches the roll.
	for i, e := range log {
		if e.Type == dice.EventBattle {
			log[i].Attack += 20
			break
		}
	}
	_, err := dice.Replay(g.Config(), log, nil)
	var re *dice.ReplayError
	if !errors.As(err, &re) {
		t.Fatalf("tampered log replayed: %v", err)
	}
	// A move nobody was asked for.
	log = append([]dice.Event(nil), g.Log()...)
	for i, e := range log {
		if e.Type == dice.EventMove {
			log[i].Seat = (e.Seat + 1) % dice.Seat(g.Config().Players)
			break
		}
	}
	if _, err := dice.Replay(g.Config(), log, nil); !errors.As(err, &re) {
		t.Fatalf("log with a foreign move replayed: %v", err)
	}
}

func TestSameSeedSameGame(t *testing.T) {
	t.Parallel()
	a, ba := seededGame(t, 3)
	b, bb := seededGame(t, 3)
	if err := bot.Play(a, ba); err != nil {
		t.Fatal(err)
	}
	if err := bot.Play(b, bb); err != nil {
		t.Fatal(err)
	}
	la, lb := a.Log(), b.Log()
	if len(la) != len(lb) {
		t.Fatalf("logs of %d and %d events", len(la), len(lb))
	}
	for i := range la {
		if la[i] != lb[i] {
			t.Fatalf("event %d differs: %+v %+v", i, la[i], lb[i])
		}
	}
}

func TestDiceAreFair(t *testing.T) {
	t.Parallel()
	// The engine's dice are the source's: check that a seeded PCG through
	// the engine gives each face about a sixth of the time.
	src := rand.New(rand.NewPCG(5, 5))
	var count [7]int
	total := 0
	g, err := dice.New(dice.Config{Players: 8, Start: 0}, src)
	if err != nil {
		t.Fatal(err)
	}
	for total < 60000 {
		if err := g.Timeout(g.Pending()[0].Seat); err != nil { // reorganise
			t.Fatal(err)
		}
		for _, e := range g.Log()[len(g.Log())-3:] {
			if e.Type == dice.EventRoll {
				count[e.Value]++
				total++
			}
		}
	}
	for f := 1; f <= 6; f++ {
		if share := float64(count[f]) / float64(total); share < 0.16 || share > 0.173 {
			t.Errorf("face %d: %.4f of %d rolls", f, share, total)
		}
	}
}

func ExampleGame() {
	g, _ := dice.New(dice.Config{Players: 4, Start: 0}, rand.New(rand.NewPCG(1, 2)))
	fmt.Println(g.Pending()[0].Type, "for", g.Pending()[0].Seat)
	_ = g.Apply(dice.Move{Seat: 0, Type: dice.DeclareWar, Target: 2})
	fmt.Println(g.Phase(), "asked of", g.Pending()[0].Seat)
	err := g.Apply(dice.Move{Seat: 2, Type: dice.AnswerSurrender, Yes: true})
	fmt.Println(err)
	// Output:
	// action for seat 0
	// surrender asked of seat 0
	// dice: seat 2 agrees to surrender: nothing is asked of this player now
}
