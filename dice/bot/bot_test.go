package bot

import (
	"math/rand/v2"
	"testing"

	"github.com/chancery/chancery/dice"
)

func TestBeatsMatchesCountingEveryThrow(t *testing.T) {
	t.Parallel()
	for k := 0; k <= 3; k++ {
		for m := 0; m <= 3; m++ {
			for _, known := range [][2]int{{0, 0}, {6, 0}, {0, 5}, {4, 9}} {
				a, d := known[0], known[1]
				won, all := 0, 0
				var throw func(i, att, def int)
				throw = func(i, att, def int) {
					if i == k+m {
						all++
						if att > def {
							won++
						}
						return
					}
					for f := 1; f <= 6; f++ {
						if i < k {
							throw(i+1, att+f, def)
						} else {
							throw(i+1, att, def+f)
						}
					}
				}
				throw(0, a, d)
				want := float64(won) / float64(all)
				if got := beats(a, k, d, m); got < want-1e-12 || got > want+1e-12 {
					t.Errorf("beats(%d, %d, %d, %d) = %v, want %v", a, k, d, m, got, want)
				}
			}
		}
	}
}

// table builds a view for seat 0 of an n-player game in its action phase.
func table(n int, dice6 ...int) *dice.View {
	v := &dice.View{Seat: 0, Remaining: n, Phase: dice.PhaseAction,
		Request: dice.Request{Seat: 0, Type: dice.RequestAction, Default: dice.Move{Seat: 0, Type: dice.Reorganise, Target: dice.NoSeat}}}
	for i := range n {
		pv := dice.PlayerView{Seat: dice.Seat(i), Ally: dice.NoSeat}
		if i < len(dice6) && dice6[i] > 0 {
			pv.Die = dice6[i]
			pv.Revealed = i != 0
		}
		v.Players = append(v.Players, pv)
	}
	return v
}

func pair(v *dice.View, a, b dice.Seat) {
	v.Players[a].Ally, v.Players[b].Ally = b, a
}

func TestHeuristicDecisions(t *testing.T) {
	t.Parallel()
	src := rand.New(rand.NewPCG(1, 1))
	h := &Heuristic{Src: src}
	tests := []struct {
		name string
		view func() *dice.View
		want dice.Move
	}{
		{"attacks the player whose revealed die it beats", func() *dice.View {
			return table(5, 5, 0, 1, 0, 0)
		}, dice.Move{Seat: 0, Type: dice.DeclareWar, Target: 2}},
		{"rerolls a weak die", func() *dice.View {
			return table(4, 2)
		}, dice.Move{Seat: 0, Type: dice.Reorganise, Target: dice.NoSeat}},
		{"seeks an ally with a fair die and no good war", func() *dice.View {
			v := table(5, 4, 6, 0, 0, 0)
			for i := 2; i < 5; i++ {
				v.Players[i].Die = 5
				v.Players[i].Revealed = true
			}
			return v
		}, dice.Move{Seat: 0, Type: dice.ProposeAlliance, Target: 1}},
		{"rerolls its own revealed low die", func() *dice.View {
			v := table(5, 3, 6, 6, 6, 6)
			v.Players[0].Revealed = true
			return v
		}, dice.Move{Seat: 0, Type: dice.Reorganise, Target: dice.NoSeat}},
		{"breaks up a rival alliance one win from victory", func() *dice.View {
			v := table(5, 4, 6, 6, 6, 6)
			pair(v, 1, 2)
			pair(v, 3, 4)
			v.Players[1].Wins = 2
			return v
		}, dice.Move{Seat: 0, Type: dice.GrandTreaty, Target: dice.NoSeat}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := h.Decide(tc.view()); got != tc.want {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

// A 6 beats any one die 5 times in 6, but two dice only 10 times in 36:
// the bot must see that seats 1 and 2 fight together. Seat 3's revealed 6
// leaves no better war, so a bot blind to alliances would attack 1 or 2.
func TestHeuristicDoesNotAttackAnAllianceItBeatsOnlyOneByOne(t *testing.T) {
	t.Parallel()
	h := &Heuristic{Src: rand.New(rand.NewPCG(1, 1))}
	for range 20 {
		v := table(5, 6, 0, 0, 6, 0)
		pair(v, 1, 2)
		v.Players[4].Out = true
		v.Remaining = 4
		if got := h.Decide(v); got.Type == dice.DeclareWar && (got.Target == 1 || got.Target == 2) {
			t.Fatalf("got %v: war on one of an alliance it beats only one by one", got)
		}
	}
}

func TestHeuristicAnswers(t *testing.T) {
	t.Parallel()
	h := &Heuristic{Src: rand.New(rand.NewPCG(1, 1))}
	ask := func(v *dice.View, k dice.RequestType, m dice.MoveType) *dice.View {
		v.Request = dice.Request{Seat: 0, Type: k, Default: dice.Move{Seat: 0, Type: m, Target: dice.NoSeat}}
		return v
	}
	// A hopeless defence is surrendered...
	v := ask(table(5, 1, 6, 6), dice.RequestSurrender, dice.AnswerSurrender)
	v.War = dice.War{Attacker: 1, Defender: 0, Attackers: dice.SetOf(1, 2), Defenders: dice.SetOf(0), Asking: dice.Defenders}
	if m := h.Decide(v); !m.Yes {
		t.Error("does not surrender 1 against 6+6")
	}
	// ...but not with 2 losses: losing the battle costs no more.
	v.Players[0].Losses = 2
	if m := h.Decide(v); m.Yes {
		t.Error("surrenders with 2 losses")
	}
	// A good defence is not surrendered.
	v = ask(table(5, 6, 1), dice.RequestSurrender, dice.AnswerSurrender)
	v.War = dice.War{Attacker: 1, Defender: 0, Attackers: dice.SetOf(1), Defenders: dice.SetOf(0), Asking: dice.Defenders}
	if m := h.Decide(v); m.Yes {
		t.Error("surrenders 6 against 1")
	}
	// It joins a winning defence, not one that gives a rival the game.
	v = ask(table(5, 6, 1, 0, 5), dice.RequestJoin, dice.AnswerJoin)
	v.War = dice.War{Attacker: 1, Defender: 3, Attackers: dice.SetOf(1, 2), Defenders: dice.SetOf(3), Invited: dice.SetOf(0)}
	if m := h.Decide(v); !m.Yes {
		t.Error("declines to join 6+5 against 1+?")
	}
	v.Players[3].Wins = 2
	if m := h.Decide(v); m.Yes {
		t.Error("joins a war whose win hands seat 3 the game")
	}
	// Invitations go to the strongest bloc that is not a win from victory.
	v = ask(table(6, 3, 6, 6, 2, 5, 4), dice.RequestInvite, dice.StopInviting)
	v.War = dice.War{Attacker: 1, Defender: 0, Attackers: dice.SetOf(1, 2), Defenders: dice.SetOf(0)}
	v.Players[4].Wins = 2
	for _, s := range []dice.Seat{3, 4, 5} {
		v.Legal = append(v.Legal, dice.Move{Seat: 0, Type: dice.Invite, Target: s})
	}
	if m := h.Decide(v); m.Type != dice.Invite || m.Target != 5 {
		t.Errorf("invites %v, want seat 6 (die 4; seat 5 has 2 wins)", m)
	}
	// An alliance is refused from a player one win from victory.
	v = ask(table(5, 3), dice.RequestAlliance, dice.AnswerAlliance)
	v.Proposal = dice.Proposal{From: 2, To: 0}
	if m := h.Decide(v); !m.Yes {
		t.Error("refuses a free alliance")
	}
	v.Players[2].Wins = 2
	if m := h.Decide(v); m.Yes {
		t.Error("accepts an alliance with a player one win from victory")
	}
}

func TestHeuristicBeatsRandom(t *testing.T) {
	t.Parallel()
	const games = 3000
	wins := 0
	for i := range games {
		rng := rand.New(rand.NewPCG(uint64(i), 99))
		bots := []Bot{&Heuristic{Src: rng}, &Random{Src: rng}, &Random{Src: rng}, &Random{Src: rng}, &Random{Src: rng}}
		g, err := dice.New(dice.Config{Players: 5, Start: dice.RandomStart, MaxTurns: 1000}, rng)
		if err != nil {
			t.Fatal(err)
		}
		if err := Play(g, bots); err != nil {
			t.Fatal(err)
		}
		if g.Result().Winner() == 0 {
			wins++
		}
	}
	// Against four random bots a fifth of the games is par; the heuristic
	// bot wins about half.
	if rate := float64(wins) / games; rate < 0.4 {
		t.Errorf("heuristic bot won %.1f%% of %d games against random bots", 100*rate, games)
	}
}

func TestNew(t *testing.T) {
	t.Parallel()
	for _, k := range Kinds {
		b, err := New(k, rand.New(rand.NewPCG(1, 1)))
		if err != nil || b.Name() != k {
			t.Errorf("%s: %v %v", k, b, err)
		}
	}
	if _, err := New("oracle", nil); err == nil {
		t.Error("unknown bot accepted")
	}
	g, _ := dice.New(dice.Config{Players: 4, Start: 0}, rand.New(rand.NewPCG(1, 1)))
	if err := Play(g, []Bot{&Random{}}); err == nil {
		t.Error("one bot for four seats accepted")
	}
}
