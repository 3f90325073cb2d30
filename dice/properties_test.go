package dice_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/chancery/chancery/dice"
	"github.com/chancery/chancery/dice/bot"
)

// propertyGames is how many seeded bot games the property tests play
// (fewer with -short).
func propertyGames(t *testing.T) int {
	if testing.Short() {
		return 500
	}
	return 5000
}

// seededGame sets up game number i: 4 to 8 players, a mix of bots that
// depends on i, no turn limit (the game must end on its own).
func seededGame(t *testing.T, i int) (*dice.Game, []bot.Bot) {
	t.Helper()
	n := dice.MinPlayers + i%(dice.MaxPlayers-dice.MinPlayers+1)
	src := rand.New(rand.NewPCG(uint64(i), 0xd1ce))
	g, err := dice.New(dice.Config{Players: n, Start: dice.RandomStart}, src)
	if err != nil {
		t.Fatal(err)
	}
	brng := rand.New(rand.NewPCG(uint64(i), 0xb07))
	bots := make([]bot.Bot, n)
	for s := range bots {
		kind := bot.Kinds[(i/5+s)%len(bot.Kinds)]
		if i%3 == 0 {
			kind = "heuristic"
		}
		bots[s], _ = bot.New(kind, brng)
	}
	return g, bots
}

// checkState checks the invariants that hold between any two moves; v is
// scratch space for the views it reads (FillView reuses its slices).
func checkState(g *dice.Game, v *dice.View) error {
	st := g.State()
	rem := st.Remaining()
	for i, p := range st.Players {
		s := dice.Seat(i)
		if p.Die < 1 || p.Die > 6 {
			return fmt.Errorf("%v has die %d", s, p.Die)
		}
		if p.Wins > 3 || p.Losses > 3 || p.Out != (p.Losses >= 3) {
			return fmt.Errorf("%v: %d wins, %d losses, out %v", s, p.Wins, p.Losses, p.Out)
		}
		if p.Ally != dice.NoSeat {
			// An alliance is exactly two players, both in the game, each
			// the other's only ally.
			if p.Ally == s || st.Players[p.Ally].Ally != s || p.Out || st.Players[p.Ally].Out {
				return fmt.Errorf("%v's alliance with %v is broken", s, p.Ally)
			}
			if rem <= 3 {
				return fmt.Errorf("%v allied with %d players left", s, rem)
			}
		}
	}
	for _, r := range g.Pending() {
		if st.Players[r.Seat].Out {
			return fmt.Errorf("%v is asked for %v after elimination", r.Seat, r.Type)
		}
	}
	if (st.Phase == dice.PhaseOver) != (len(g.Pending()) == 0) {
		return fmt.Errorf("phase %v with %d requests", st.Phase, len(g.Pending()))
	}
	// A player's view never contains another player's unrevealed die.
	for viewer := dice.NoSeat; int(viewer) < len(st.Players); viewer++ {
		g.FillView(viewer, v)
		for i, pv := range v.Players {
			p := st.Players[i]
			switch {
			case dice.Seat(i) == viewer && pv.Die != p.Die:
				return fmt.Errorf("%v does not see its own die", viewer)
			case dice.Seat(i) != viewer && !p.Revealed && pv.Die != 0:
				return fmt.Errorf("%v sees %v's secret die", viewer, dice.Seat(i))
			case p.Revealed && pv.Die != p.Die:
				return fmt.Errorf("%v does not see %v's revealed die", viewer, dice.Seat(i))
			}
		}
	}
	return nil
}

// checkLog checks a finished game's log: every war scores exactly one win
// for each winner and one loss for each loser, and nobody moves after
// elimination.
func checkLog(log []dice.Event) error {
	var out dice.SeatSet
	var att, def, winners dice.SeatSet
	var won, lost dice.SeatSet
	settling := false
	closeWar := func(at int) error {
		if !settling {
			return nil
		}
		settling = false
		losers := (att | def) &^ winners
		if won != winners || lost != losers {
			return fmt.Errorf("event %d: winners %v scored wins %v; losers %v scored losses %v",
				at, winners.Seats(), won.Seats(), losers.Seats(), lost.Seats())
		}
		return nil
	}
	for i, e := range log {
		switch e.Type {
		case dice.EventMove:
			if out.Has(e.Seat) {
				return fmt.Errorf("event %d: %v moves after elimination", i, e.Seat)
			}
		case dice.EventTurn:
			if out.Has(e.Seat) {
				return fmt.Errorf("event %d: eliminated %v has a turn", i, e.Seat)
			}
			if err := closeWar(i); err != nil {
				return err
			}
		case dice.EventGameOver:
			if err := closeWar(i); err != nil {
				return err
			}
		case dice.EventWar:
			att, def = e.Attackers, e.Defenders
		case dice.EventJoined:
			def |= e.Seats
		case dice.EventSurrender:
			winners = att
			if e.Side == dice.Attackers {
				winners = def
			}
			settling, won, lost = true, 0, 0
		case dice.EventBattle:
			winners = e.Seats
			if e.Side == dice.Attackers && winners != att || e.Side == dice.Defenders && winners != def {
				return fmt.Errorf("event %d: battle won by %v, not a side", i, winners.Seats())
			}
			if (e.Attack > e.Defense) != (e.Side == dice.Attackers) {
				return fmt.Errorf("event %d: %d against %d won by the %v", i, e.Attack, e.Defense, e.Side)
			}
			settling, won, lost = true, 0, 0
		case dice.EventWin:
			if !settling || won.Has(e.Seat) {
				return fmt.Errorf("event %d: stray win for %v", i, e.Seat)
			}
			won = won.With(e.Seat)
		case dice.EventLoss:
			if !settling || lost.Has(e.Seat) {
				return fmt.Errorf("event %d: stray loss for %v", i, e.Seat)
			}
			lost = lost.With(e.Seat)
		case dice.EventEliminated:
			out = out.With(e.Seat)
		}
	}
	if settling {
		return fmt.Errorf("the log ends inside a war")
	}
	return nil
}

// TestPropertiesOverSeededGames plays thousands of seeded bot games move by
// move and checks, after every move, the invariants of checkState; then the
// log's war accounting, the end of the game, and its exact replay.
func TestPropertiesOverSeededGames(t *testing.T) {
	t.Parallel()
	var view, scratch dice.View
	reasons := map[dice.Reason]int{}
	for i := range propertyGames(t) {
		g, bots := seededGame(t, i)
		steps := 0
		for !g.Over() {
			if steps++; steps > 100000 {
				t.Fatalf("game %d: no end after %d moves", i, steps)
			}
			seat := g.Pending()[0].Seat
			g.FillView(seat, &view)
			if err := g.Apply(bots[seat].Decide(&view)); err != nil {
				t.Fatalf("game %d: %v", i, err)
			}
			if err := checkState(g, &scratch); err != nil {
				t.Fatalf("game %d, move %d: %v", i, steps, err)
			}
		}
		r := g.Result()
		reasons[r.Reason]++
		if r.Winners == 0 || r.Draw != (r.Winners.Len() > 1) || r.Reason == dice.ReasonTurnLimit {
			t.Fatalf("game %d: result %+v", i, r)
		}
		if r.Reason == dice.ReasonThreeWins {
			for w := range r.Winners.All() {
				if g.State().Players[w].Wins != 3 {
					t.Fatalf("game %d: winner %v has %d wins", i, w, g.State().Players[w].Wins)
				}
			}
		}
		if err := checkLog(g.Log()); err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		if i%10 == 0 {
			r, err := dice.Replay(g.Config(), g.Log(), nil)
			if err != nil {
				t.Fatalf("game %d: %v", i, err)
			}
			if r.Result() != g.Result() {
				t.Fatalf("game %d: replayed result %+v, played %+v", i, r.Result(), g.Result())
			}
		}
	}
	t.Logf("endings over %d games: %v", propertyGames(t), reasons)
	if reasons[dice.ReasonThreeWins] == 0 {
		t.Error("no game was won with 3 wins")
	}
}

// TestLegalMovesAreExactlyTheAcceptedMoves holds AppendLegalMoves to
// Apply: at every step of many games, every conceivable move of the asked
// player is accepted if and only if it is listed.
func TestLegalMovesAreExactlyTheAcceptedMoves(t *testing.T) {
	t.Parallel()
	var view dice.View
	for i := range propertyGames(t) / 25 {
		g, bots := seededGame(t, i)
		for !g.Over() {
			seat := g.Pending()[0].Seat
			legal := map[dice.Move]bool{}
			for _, m := range g.LegalMoves(seat) {
				legal[m] = true
			}
			n := g.Config().Players
			// A copy of g is tried each move; an illegal move changes
			// nothing (as Apply promises, checked below), so the copy
			// serves until a move is accepted.
			var trial *dice.Game
			for k := dice.MoveNone; k <= dice.AnswerSurrender; k++ {
				for target := dice.NoSeat; int(target) <= n; target++ {
					for _, yes := range []bool{false, true} {
						m := dice.Move{Seat: seat, Type: k, Target: target, Yes: yes}
						if trial == nil {
							trial = g.Clone(rand.New(rand.NewPCG(1, 1)))
						}
						err := trial.Apply(m)
						if (err == nil) != legal[normal(m)] {
							t.Fatalf("game %d: %v: Apply says %v, legal list says %v", i, m, err, legal[normal(m)])
						}
						if err == nil {
							trial = nil
						}
					}
				}
			}
			if trial != nil && (!reflect.DeepEqual(trial.State(), g.State()) || len(trial.Log()) != len(g.Log())) {
				t.Fatalf("game %d: refused moves changed the game", i)
			}
			g.FillView(seat, &view)
			if err := g.Apply(bots[seat].Decide(&view)); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// normal maps a move to the form LegalMoves lists it in: fields a move
// kind ignores are set to their listed values.
func normal(m dice.Move) dice.Move {
	switch m.Type {
	case dice.DeclareWar, dice.ProposeAlliance, dice.Invite:
		m.Yes = false
	case dice.AnswerAlliance, dice.AnswerJoin, dice.AnswerSurrender:
		m.Target = dice.NoSeat
	default:
		m.Target, m.Yes = dice.NoSeat, false
	}
	return m
}

// TestLogJSONRoundTripReplays checks that a log survives JSON (as a server
// stores it) and still replays to the same game, and that the state's JSON
// round-trips.
func TestLogJSONRoundTripReplays(t *testing.T) {
	t.Parallel()
	for i := range 50 {
		g, bots := seededGame(t, i)
		if err := bot.Play(g, bots); err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(g.Log())
		if err != nil {
			t.Fatal(err)
		}
		var log []dice.Event
		if err := json.Unmarshal(b, &log); err != nil {
			t.Fatal(err)
		}
		r, err := dice.Replay(g.Config(), log, nil)
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		if r.Result() != g.Result() || len(r.Log()) != len(g.Log()) {
			t.Fatalf("game %d: replay differs", i)
		}
		want := g.State()
		sb, _ := json.Marshal(want)
		var st dice.State
		if err := json.Unmarshal(sb, &st); err != nil {
			t.Fatal(err)
		}
		// Compare the decoded state, not its JSON again: a field the JSON
		// loses would be lost both ways and pass unseen.
		if !reflect.DeepEqual(st, want) {
			t.Fatalf("state JSON does not round-trip:\n%s\n%+v\n%+v", sb, want, st)
		}
	}
}
