package dice

import (
	"errors"
	"math/rand/v2"
	"testing"
)

// TestRules has one case per sentence of the rules page
// (../shared/rules/diceplomacy.md), named after it.
func TestRules(t *testing.T) {
	t.Parallel()
	tests := []struct {
		rule string
		test func(t *testing.T)
	}{
		// Setup
		{"4 to 8 players", func(t *testing.T) {
			for n := 0; n <= 10; n++ {
				_, err := New(Config{Players: n, Start: RandomStart}, rand.New(rand.NewPCG(1, 1)))
				var ce *ConfigError
				if ok := n >= 4 && n <= 8; ok != (err == nil) || !ok && !errors.As(err, &ce) {
					t.Errorf("%d players: error %v", n, err)
				}
			}
		}},
		{"Every player rolls their own die in secret: the value is that player's power", func(t *testing.T) {
			g, _ := setup(t, 5, 3, 1, 6, 2, 5)
			for i, want := range []int{3, 1, 6, 2, 5} {
				if dieOf(g, Seat(i)) != want || g.st.Players[i].Revealed {
					t.Errorf("seat %d: die %d revealed %v, want %d secret", i, dieOf(g, Seat(i)), g.st.Players[i].Revealed, want)
				}
			}
		}},
		{"Only its owner sees it until it is revealed", func(t *testing.T) {
			g, _ := setup(t, 4, 3, 1, 6, 2)
			v := g.View(1)
			for i, p := range v.Players {
				if want := map[bool]int{true: 1, false: 0}[i == 1]; p.Die != want {
					t.Errorf("seat 1 sees seat %d's die as %d, want %d", i, p.Die, want)
				}
			}
			for _, e := range g.LogFor(1) {
				if e.Type == EventRoll && e.Seat != 1 && e.Value != 0 {
					t.Errorf("seat 1's log shows %v's roll %d", e.Seat, e.Value)
				}
			}
		}},
		{"A start player is chosen (at random by default)", func(t *testing.T) {
			seen := map[Seat]bool{}
			for seed := range uint64(200) {
				g, err := New(Config{Players: 6, Start: RandomStart}, rand.New(rand.NewPCG(seed, 7)))
				if err != nil {
					t.Fatal(err)
				}
				if g.st.Current != g.st.Start {
					t.Fatalf("the start player %v is not to act", g.st.Start)
				}
				seen[g.st.Start] = true
			}
			if len(seen) != 6 {
				t.Errorf("random starts over 200 games: %v, want all 6 seats", seen)
			}
			g, _ := New(Config{Players: 6, Start: 4}, rand.New(rand.NewPCG(1, 1)))
			if g.st.Current != 4 {
				t.Errorf("fixed start 4: current %v", g.st.Current)
			}
		}},
		{"turns go clockwise (seat order)", func(t *testing.T) {
			g, _ := New(Config{Players: 5, Start: 3}, &faces{})
			g.st.Players[0].Out = true
			var order []int
			for range 6 {
				order = append(order, int(g.st.Current))
				play(t, g, reroll(g.st.Current))
			}
			if !eqInts(order, 3, 4, 1, 2, 3, 4) {
				t.Errorf("turn order %v, want 3 4 1 2 3 4 (seat 0 is out)", order)
			}
		}},
		// A turn
		{"A turn: exactly one of four actions", func(t *testing.T) {
			g, _ := setup(t, 4, 1, 2, 3, 4)
			kinds := map[MoveType]bool{}
			for _, m := range g.LegalMoves(0) {
				kinds[m.Type] = true
			}
			if len(kinds) != 4 || !kinds[DeclareWar] || !kinds[ProposeAlliance] || !kinds[GrandTreaty] || !kinds[Reorganise] {
				t.Errorf("legal kinds %v", kinds)
			}
			refused(t, g, surrender(0, true), ErrWrongMove)
			refused(t, g, reroll(1), ErrNotAsked)
			play(t, g, reroll(0))
			refused(t, g, reroll(0), ErrNotAsked)
			if g.st.Current != 1 || g.st.Turn != 2 {
				t.Errorf("after one action: current %v turn %d", g.st.Current, g.st.Turn)
			}
		}},
		{"Declare war on one other player", func(t *testing.T) {
			g, _ := setup(t, 4, 1, 2, 3, 4)
			refused(t, g, war(0, 0), ErrTargetSelf)
			refused(t, g, war(0, 7), ErrTargetNotSeat)
			g.st.Players[2].Out = true
			refused(t, g, war(0, 2), ErrTargetOut)
			play(t, g, war(0, 1))
			if g.st.War.Attacker != 0 || g.st.War.Defender != 1 || g.st.Phase != PhaseSurrender {
				t.Errorf("war %+v phase %v", g.st.War, g.st.Phase)
			}
		}},
		{"Propose an alliance to one other player, who accepts or refuses", func(t *testing.T) {
			g, _ := setup(t, 5, 1, 2, 3, 4, 5)
			refused(t, g, propose(0, 0), ErrTargetSelf)
			play(t, g, propose(0, 2))
			if r := g.Pending(); len(r) != 1 || r[0].Seat != 2 || r[0].Type != RequestAlliance {
				t.Fatalf("pending %v", r)
			}
			refused(t, g, accept(1, true), ErrNotAsked)
			play(t, g, accept(2, true))
			if g.st.Players[0].Ally != 2 || g.st.Players[2].Ally != 0 {
				t.Errorf("accepted: allies %v %v", g.st.Players[0].Ally, g.st.Players[2].Ally)
			}
			play(t, g, propose(1, 3), accept(3, false))
			if g.st.Players[1].Ally != NoSeat || g.st.Players[3].Ally != NoSeat {
				t.Error("refused proposal formed an alliance")
			}
			turnOf(g, 2)
			refused(t, g, propose(2, 0), ErrAlreadyAlly)
		}},
		{"Grand Treaty: every alliance between every player is dissolved", func(t *testing.T) {
			g, _ := setup(t, 6, 1, 2, 3, 4, 5, 6)
			ally(g, 1, 2)
			ally(g, 3, 5)
			play(t, g, treaty(0))
			for i, p := range g.st.Players {
				if p.Ally != NoSeat {
					t.Errorf("seat %d still allied with %v", i, p.Ally)
				}
			}
		}},
		{"Reorganise: reroll your own die (new secret power)", func(t *testing.T) {
			g, f := setup(t, 4, 2, 2, 2, 2)
			g.st.Players[0].Revealed = true
			f.then(6)
			play(t, g, reroll(0))
			if p := g.st.Players[0]; p.Die != 6 || p.Revealed {
				t.Errorf("after reorganising: %+v", p)
			}
			if g.View(1).Players[0].Die != 0 {
				t.Error("the new power is visible to another player")
			}
		}},
		// War
		{"Sides: the attacker, plus the attacker's ally if any", func(t *testing.T) {
			g, _ := setup(t, 5, 1, 2, 3, 4, 5)
			ally(g, 0, 4)
			play(t, g, war(0, 1))
			if g.st.War.Attackers != SetOf(0, 4) {
				t.Errorf("attackers %v", g.st.War.Attackers.Seats())
			}
		}},
		{"the defender, plus the defender's ally if any", func(t *testing.T) {
			g, _ := setup(t, 5, 1, 2, 3, 4, 5)
			ally(g, 1, 3)
			play(t, g, war(0, 1))
			if g.st.War.Defenders != SetOf(1, 3) || g.st.War.Attackers != SetOf(0) {
				t.Errorf("sides %v vs %v", g.st.War.Attackers.Seats(), g.st.War.Defenders.Seats())
			}
		}},
		{"If the defending side has fewer players than the attacking side, it may ask players (or whole alliances) not yet in the war to join it", func(t *testing.T) {
			g, _ := setup(t, 6, 1, 2, 3, 4, 5, 6)
			ally(g, 0, 1)
			ally(g, 3, 4)
			play(t, g, war(0, 2))
			if r := g.Pending(); len(r) != 1 || r[0].Type != RequestInvite || r[0].Seat != 2 {
				t.Fatalf("pending %v, want the defender's invitation", r)
			}
			var targets []int
			for _, m := range g.LegalMoves(2) {
				if m.Type == Invite {
					targets = append(targets, int(m.Target))
				}
			}
			if !eqInts(targets, 3, 4, 5) {
				t.Errorf("may invite %v, want 3 4 5", targets)
			}
			refused(t, g, invite(2, 1), ErrAlreadyInWar)
			play(t, g, invite(2, 4))
			if g.st.War.Invited != SetOf(3, 4) {
				t.Errorf("inviting seat 4 asks %v, want its whole alliance", g.st.War.Invited.Seats())
			}
		}},
		{"each asked player or alliance accepts or refuses", func(t *testing.T) {
			g, _ := setup(t, 6, 1, 2, 3, 4, 5, 6)
			ally(g, 0, 1)
			ally(g, 3, 4)
			play(t, g, war(0, 2), invite(2, 3), joins(3, true))
			if r := g.Pending(); len(r) != 1 || r[0].Seat != 4 || r[0].Type != RequestJoin {
				t.Fatalf("pending %v, want seat 4's answer", r)
			}
			play(t, g, joins(4, false))
			if g.st.War.Defenders != SetOf(2) {
				t.Errorf("an alliance half refusing joined: defenders %v", g.st.War.Defenders.Seats())
			}
			play(t, g, invite(2, 5), joins(5, true))
			if g.st.War.Defenders != SetOf(2, 5) {
				t.Errorf("defenders %v, want 2 5", g.st.War.Defenders.Seats())
			}
		}},
		{"It may keep asking while it is still outnumbered", func(t *testing.T) {
			g, _ := setup(t, 6, 1, 2, 3, 4, 5, 6)
			ally(g, 0, 1)
			play(t, g, war(0, 2), invite(2, 3), joins(3, false))
			if g.st.Phase != PhaseInvite {
				t.Fatalf("still outnumbered after a refusal: phase %v", g.st.Phase)
			}
			refused(t, g, invite(2, 3), ErrAlreadyAsked)
			play(t, g, invite(2, 4), joins(4, true))
			if g.st.Phase != PhaseSurrender || g.st.War.Asking != Attackers {
				t.Errorf("2 against 2: phase %v, want the surrender question", g.st.Phase)
			}
			// Not outnumbered from the start: no invitations at all.
			g, _ = setup(t, 6, 1, 2, 3, 4, 5, 6)
			play(t, g, war(0, 2))
			if g.st.Phase != PhaseSurrender {
				t.Errorf("1 against 1: phase %v", g.st.Phase)
			}
		}},
		{"Surrender: a side surrenders when all its members agree", func(t *testing.T) {
			g, _ := setup(t, 5, 1, 2, 3, 4, 5)
			ally(g, 0, 1)
			ally(g, 2, 3)
			play(t, g, war(0, 2), surrender(0, true), surrender(1, false))
			if g.st.Phase != PhaseSurrender || g.st.War.Asking != Defenders {
				t.Fatalf("one attacker refused: phase %v asking %v", g.st.Phase, g.st.War.Asking)
			}
			play(t, g, surrender(3, true), surrender(2, true))
			if w, l := scores(g); !eqInts(w, 1, 1, 0, 0, 0) || !eqInts(l, 0, 0, 1, 1, 0) {
				t.Errorf("defenders surrendered: wins %v losses %v", w, l)
			}
		}},
		{"The attacking side is asked first, then the defending side", func(t *testing.T) {
			g, _ := setup(t, 5, 1, 2, 3, 4, 5)
			ally(g, 0, 1)
			ally(g, 2, 3)
			play(t, g, war(0, 2))
			if r := g.Pending(); len(r) != 2 || r[0].Seat != 0 || r[1].Seat != 1 || r[0].Type != RequestSurrender {
				t.Fatalf("first asked: %v", r)
			}
			refused(t, g, surrender(2, true), ErrNotAsked)
			play(t, g, surrender(1, false))
			if r := g.Pending(); len(r) != 2 || r[0].Seat != 2 || r[1].Seat != 3 {
				t.Fatalf("then asked: %v", r)
			}
		}},
		{"On surrender: every player of the other side scores 1 win, every player of the surrendering side scores 1 loss", func(t *testing.T) {
			g, _ := setup(t, 5, 1, 2, 3, 4, 5)
			ally(g, 0, 1)
			play(t, g, war(0, 2), stop(2), surrender(0, true), surrender(1, true))
			if w, l := scores(g); !eqInts(w, 0, 0, 1, 0, 0) || !eqInts(l, 1, 1, 0, 0, 0) {
				t.Errorf("attackers surrendered: wins %v losses %v", w, l)
			}
		}},
		{"On surrender every player of both sides rerolls; players outside the war do not reroll; no die is revealed", func(t *testing.T) {
			g, f := setup(t, 5, 1, 2, 3, 4, 5)
			g.st.Players[0].Revealed = true
			ally(g, 0, 1)
			f.then(6, 6, 6)
			play(t, g, war(0, 2), stop(2), surrender(0, false))
			from := len(g.log)
			play(t, g, surrender(2, true))
			if r := rollsIn(g, from); r != SetOf(0, 1, 2) {
				t.Errorf("rerolled %v, want 0 1 2", r.Seats())
			}
			for _, e := range g.log[from:] {
				if e.Type == EventReveal {
					t.Errorf("surrender revealed %v", e.Seat)
				}
			}
			for i, p := range g.st.Players {
				if p.Revealed {
					t.Errorf("seat %d's die is public after a surrender", i)
				}
			}
			if dieOf(g, 3) != 4 || dieOf(g, 4) != 5 {
				t.Error("a player outside the war rerolled")
			}
		}},
		{"Battle: every participant reveals their die", func(t *testing.T) {
			g, _ := setup(t, 5, 1, 2, 3, 4, 5)
			ally(g, 0, 1)
			play(t, g, war(0, 2), stop(2))
			from := len(g.log)
			fight(t, g)
			var shown SeatSet
			for _, e := range g.log[from:] {
				if e.Type == EventReveal {
					shown = shown.With(e.Seat)
					if e.Value != []int{1, 2, 3}[e.Seat] {
						t.Errorf("%v revealed %d", e.Seat, e.Value)
					}
				}
			}
			if shown != SetOf(0, 1, 2) {
				t.Errorf("revealed %v", shown.Seats())
			}
		}},
		{"each side adds up its powers; the higher total wins", func(t *testing.T) {
			g, _ := setup(t, 5, 4, 3, 6, 1, 1)
			ally(g, 0, 1)
			play(t, g, war(0, 2), stop(2))
			fight(t, g)
			b := findEvent(g, EventBattle)
			if b.Attack != 7 || b.Defense != 6 || b.Side != Attackers {
				t.Errorf("battle %+v, want 7 against 6 won by the attackers", b)
			}
		}},
		{"a tie goes to the defender", func(t *testing.T) {
			g, _ := setup(t, 4, 2, 3, 5, 1)
			ally(g, 0, 1)
			play(t, g, war(0, 2), stop(2))
			fight(t, g)
			b := findEvent(g, EventBattle)
			if b.Attack != 5 || b.Defense != 5 || b.Side != Defenders {
				t.Errorf("battle %+v, want 5 against 5 won by the defenders", b)
			}
		}},
		{"Each winner scores 1 win, each loser 1 loss", func(t *testing.T) {
			g, _ := setup(t, 6, 6, 6, 1, 1, 3, 3)
			ally(g, 0, 1)
			ally(g, 2, 3)
			play(t, g, war(0, 2))
			fight(t, g)
			if w, l := scores(g); !eqInts(w, 1, 1, 0, 0, 0, 0) || !eqInts(l, 0, 0, 1, 1, 0, 0) {
				t.Errorf("wins %v losses %v", w, l)
			}
		}},
		{"Only the winners reroll; the losers' revealed values stay known to everybody until they next reroll", func(t *testing.T) {
			g, f := setup(t, 5, 6, 6, 2, 1, 1)
			ally(g, 0, 1)
			f.then(5, 5)
			play(t, g, war(0, 2), stop(2))
			from := len(g.log)
			fight(t, g)
			if r := rollsIn(g, from); r != SetOf(0, 1) {
				t.Errorf("rerolled %v, want the winners 0 1", r.Seats())
			}
			for _, viewer := range []Seat{0, 3, 4, NoSeat} {
				v := g.View(viewer)
				if v.Players[2].Die != 2 || !v.Players[2].Revealed {
					t.Errorf("%v does not see the loser's 2", viewer)
				}
				if viewer != 0 && v.Players[0].Die != 0 {
					t.Errorf("%v sees the winner's new die", viewer)
				}
			}
			turnOf(g, 2)
			f.then(4)
			play(t, g, reroll(2))
			if v := g.View(3); v.Players[2].Die != 0 || v.Players[2].Revealed {
				t.Errorf("the loser's rerolled die is still shown: %+v", v.Players[2])
			}
		}},
		{"Battle: players outside the war do not reroll", func(t *testing.T) {
			g, _ := setup(t, 5, 6, 1, 2, 3, 4)
			play(t, g, war(0, 1))
			from := len(g.log)
			fight(t, g)
			if r := rollsIn(g, from); r != SetOf(0) {
				t.Errorf("rerolled %v, want only the winner", r.Seats())
			}
		}},
		// Alliances
		{"A player belongs to at most one alliance; an alliance has exactly 2 players", func(t *testing.T) {
			g, _ := setup(t, 6, 1, 2, 3, 4, 5, 6)
			ally(g, 1, 2)
			play(t, g, propose(0, 1), accept(1, true))
			want := []Seat{1, 0, NoSeat, NoSeat, NoSeat, NoSeat}
			for i, p := range g.st.Players {
				if p.Ally != want[i] {
					t.Errorf("seat %d allied with %v, want %v", i, p.Ally, want[i])
				}
			}
		}},
		{"An alliance ends at once when one of its members declares war on the ally", func(t *testing.T) {
			g, _ := setup(t, 5, 1, 2, 3, 4, 5)
			ally(g, 0, 1)
			play(t, g, war(0, 1))
			if g.st.Players[0].Ally != NoSeat || g.st.War.Attackers != SetOf(0) || g.st.War.Defenders != SetOf(1) {
				t.Errorf("war on the ally: sides %v vs %v", g.st.War.Attackers.Seats(), g.st.War.Defenders.Seats())
			}
			if e := findEvent(g, EventAllianceEnded); e.Reason != ReasonWarOnAlly {
				t.Errorf("ended for %v", e.Reason)
			}
		}},
		{"An alliance ends at once when one of its members proposes an alliance to someone else", func(t *testing.T) {
			g, _ := setup(t, 5, 1, 2, 3, 4, 5)
			ally(g, 0, 1)
			play(t, g, propose(0, 2))
			if g.st.Players[0].Ally != NoSeat || g.st.Players[1].Ally != NoSeat {
				t.Error("alliance survived the proposal")
			}
			play(t, g, accept(2, false))
			if g.st.Players[0].Ally != NoSeat {
				t.Error("a refused proposal restored the alliance")
			}
		}},
		{"An alliance ends at once when one of its members accepts someone else's proposal", func(t *testing.T) {
			g, _ := setup(t, 5, 1, 2, 3, 4, 5)
			ally(g, 1, 2)
			play(t, g, propose(0, 2), accept(2, true))
			if g.st.Players[1].Ally != NoSeat || g.st.Players[2].Ally != 0 {
				t.Errorf("allies %v %v", g.st.Players[1].Ally, g.st.Players[2].Ally)
			}
			if e := findEvent(g, EventAllianceEnded); e.Reason != ReasonAcceptedOther {
				t.Errorf("ended for %v", e.Reason)
			}
		}},
		{"An alliance ends at once when one of its members plays Grand Treaty", func(t *testing.T) {
			g, _ := setup(t, 5, 1, 2, 3, 4, 5)
			ally(g, 0, 1)
			play(t, g, treaty(0))
			if g.st.Players[0].Ally != NoSeat || g.st.Players[1].Ally != NoSeat {
				t.Error("alliance survived its member's Grand Treaty")
			}
		}},
		{"When 3 or fewer players remain in the game, all alliances end at once and no alliance can be formed any more", func(t *testing.T) {
			g, _ := setup(t, 5, 6, 6, 1, 3, 3)
			ally(g, 0, 1)
			g.st.Players[2].Losses = 2
			g.st.Players[4].Out = true
			// 4 remain; seat 2's third loss leaves 3.
			play(t, g, war(0, 2), stop(2))
			fight(t, g)
			for i, p := range g.st.Players {
				if p.Ally != NoSeat {
					t.Errorf("seat %d still allied", i)
				}
			}
			if e := findEvent(g, EventAllianceEnded); e.Reason != ReasonThreeLeft {
				t.Errorf("ended for %v", e.Reason)
			}
			turnOf(g, 0)
			refused(t, g, propose(0, 1), ErrNoAlliances)
			for _, m := range g.LegalMoves(0) {
				if m.Type == ProposeAlliance {
					t.Errorf("%v offered with 3 players left", m)
				}
			}
		}},
		// End
		{"A player with 3 losses is out of the game (their alliance ends)", func(t *testing.T) {
			g, _ := setup(t, 6, 6, 1, 1, 1, 1, 1)
			ally(g, 1, 2)
			g.st.Players[1].Losses = 2
			play(t, g, war(0, 1))
			fight(t, g)
			p := g.st.Players[1]
			if !p.Out || p.Ally != NoSeat || g.st.Players[2].Ally != NoSeat {
				t.Fatalf("after the third loss: %+v", p)
			}
			if g.st.Current != 2 {
				t.Errorf("the turn went to %v, want seat 2 (seat 1 is out)", g.st.Current)
			}
			refused(t, g, war(2, 1), ErrTargetOut)
			refused(t, g, reroll(1), ErrNotAsked)
		}},
		{"The first player to reach 3 wins wins the game", func(t *testing.T) {
			g, _ := setup(t, 5, 6, 1, 1, 1, 1)
			g.st.Players[0].Wins = 2
			play(t, g, war(0, 1))
			fight(t, g)
			r := g.Result()
			if !g.Over() || r.Winner() != 0 || r.Reason != ReasonThreeWins {
				t.Errorf("result %+v", r)
			}
			refused(t, g, reroll(1), ErrGameOver)
		}},
		{"If several reach 3 wins at the same moment: fewest losses wins", func(t *testing.T) {
			g, _ := setup(t, 5, 3, 3, 1, 1, 1)
			ally(g, 0, 1)
			g.st.Players[0].Wins, g.st.Players[1].Wins = 2, 2
			g.st.Players[0].Losses, g.st.Players[1].Losses = 1, 0
			play(t, g, war(0, 2), stop(2))
			fight(t, g)
			if r := g.Result(); r.Winner() != 1 {
				t.Errorf("result %+v, want seat 1 (fewer losses)", r)
			}
		}},
		{"If several reach 3 wins at the same moment: then highest power (die value)", func(t *testing.T) {
			g, _ := setup(t, 5, 3, 5, 6, 1, 1)
			ally(g, 0, 1)
			g.st.Players[0].Wins, g.st.Players[1].Wins = 2, 2
			play(t, g, war(0, 2), stop(2), surrender(0, false), surrender(2, true))
			r := g.Result()
			if r.Winner() != 1 {
				t.Errorf("result %+v, want seat 1 (power 5 beats 3)", r)
			}
			if v := g.View(4); v.Players[0].Die != 3 || v.Players[1].Die != 5 {
				t.Error("the tie-break's powers are not shown to everybody")
			}
		}},
		{"If several reach 3 wins at the same moment: if still tied, the game is a draw between them", func(t *testing.T) {
			g, _ := setup(t, 5, 4, 4, 1, 1, 1)
			ally(g, 0, 1)
			g.st.Players[0].Wins, g.st.Players[1].Wins = 2, 2
			play(t, g, war(0, 2), stop(2))
			fight(t, g)
			if r := g.Result(); !r.Draw || r.Winners != SetOf(0, 1) || r.Winner() != NoSeat {
				t.Errorf("result %+v, want a draw between 0 and 1", r)
			}
		}},
		// What the project must offer
		{"every decision (accept alliance, join a war, surrender) has a default: refuse / do not join / do not surrender", func(t *testing.T) {
			g, _ := setup(t, 6, 6, 6, 1, 1, 1, 1)
			if err := g.Timeout(0); err != nil || g.st.Current != 1 || findEvent(g, EventRoll).Seat != 0 {
				t.Fatalf("an absent player's turn: %v, want a reorganisation", err)
			}
			play(t, g, propose(1, 2))
			if err := g.Timeout(2); err != nil || g.st.Players[1].Ally != NoSeat {
				t.Fatalf("an unanswered proposal: %v, ally %v", err, g.st.Players[1].Ally)
			}
			ally(g, 2, 3)
			play(t, g, war(2, 4))
			if err := g.Timeout(3); !errors.Is(err, ErrNotAsked) {
				t.Fatalf("timeout of a player not asked: %v", err)
			}
			play(t, g, invite(4, 5))
			if err := g.Timeout(5); err != nil {
				t.Fatal(err)
			}
			if g.st.Phase != PhaseInvite || g.st.War.Defenders != SetOf(4) {
				t.Fatalf("an unanswered invitation: phase %v defenders %v", g.st.Phase, g.st.War.Defenders.Seats())
			}
			if err := g.Timeout(4); err != nil || g.st.Phase != PhaseSurrender {
				t.Fatalf("the defender's default: %v, phase %v", err, g.st.Phase)
			}
			// One refusal settles a side, so one default answers for both
			// attackers.
			if n := g.TimeoutAll(); n != 1 || g.st.War.Asking != Defenders {
				t.Fatalf("%d defaults for the attackers; asking %v", n, g.st.War.Asking)
			}
			if n := g.TimeoutAll(); n != 1 || g.st.Phase != PhaseAction {
				t.Fatalf("%d defaults for the defenders; phase %v", n, g.st.Phase)
			}
			if b := findEvent(g, EventBattle); b.Type != EventBattle {
				t.Error("nobody answered, yet no battle was fought")
			}
			for _, e := range g.log {
				if e.Type == EventMove && e.Seat != 1 && e.Seat != 2 && e.Move != Invite && !e.Default {
					t.Errorf("move %v not marked as a default", e.MoveOf())
				}
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.rule, tc.test)
	}
}

func findEvent(g *Game, k EventType) Event {
	for _, e := range g.log {
		if e.Type == k {
			return e
		}
	}
	return Event{Type: 255}
}
