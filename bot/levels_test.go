package bot

import (
	"math/rand/v2"
	"os"
	"reflect"
	"testing"
	"time"

	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/variants"
)

// quickHard is a hard player with a small search, for tests that check
// what its orders are rather than how good.
func quickHard() *HardPlayer {
	return &HardPlayer{Budget: 2 * time.Second, Candidates: 4, Samples: 1}
}

// record is what a seeded game of bots did.
type record struct {
	orders map[Level][]rules.Order // the orders each level gave
	phases int
	pos    []*rules.Position // the position each order list was given in, per level, parallel to orders
	at     map[Level][]int   // per level and order: index into pos
}

// playLevels plays a game from v's start for at most years years, the
// seat of each power played at the level seat gives it, failing the test
// on any illegal order.
func playLevels(t *testing.T, v *rules.Variant, seed uint64, years int, seat func(rules.Power) Level, players map[Level]Player) *record {
	t.Helper()
	rnd := rand.New(rand.NewPCG(seed, 14))
	r := rules.NewResolver(v, rules.Options{})
	pos := v.Start.Clone()
	rec := &record{orders: map[Level][]rules.Order{}, at: map[Level][]int{}}
	for pos.Phase.Year < v.Start.Phase.Year+years {
		var orders []rules.Order
		rec.pos = append(rec.pos, pos)
		for p := 1; p < len(v.Map.Powers); p++ {
			pw := rules.Power(p)
			if pw == v.Neutral {
				continue
			}
			l := seat(pw)
			got := players[l].Orders(v, pos, pw, rnd)
			for range got {
				rec.at[l] = append(rec.at[l], len(rec.pos)-1)
			}
			rec.orders[l] = append(rec.orders[l], got...)
			orders = append(orders, got...)
		}
		res, err := r.Adjudicate(pos, orders)
		if err != nil {
			t.Fatalf("%s %v: %v", v.Name, pos.Phase, err)
		}
		for _, rs := range res.Results {
			if rs.Outcome == rules.Illegal {
				t.Fatalf("%s seed %d %v: the %s bot gave an illegal order %+v: %s", v.Name, seed, pos.Phase,
					seat(rs.Order.Power), rs.Order, rs.Message(v.Map))
			}
		}
		rec.phases++
		pos = res.Next.Clone()
		if res.Winner != rules.NoPower {
			break
		}
	}
	return rec
}

// mixed seats the three levels in turn round the board, shifted by seed.
func mixed(seed uint64) func(rules.Power) Level {
	return func(p rules.Power) Level { return Levels[(int(p)+int(seed))%len(Levels)] }
}

func testPlayers() map[Level]Player {
	return map[Level]Player{Easy: EasyPlayer{}, Normal: NormalPlayer{}, Hard: quickHard()}
}

// TestEveryLevelGivesLegalOrdersInEveryVariant plays seeded games with the
// three levels mixed round the board in every variant: every movement,
// retreat and adjustment phase of them, thousands of decisions, and not
// one illegal order. CHANCERY_LONG_BOT_TESTS=1 plays ten times as many.
func TestEveryLevelGivesLegalOrdersInEveryVariant(t *testing.T) {
	games := uint64(6)
	if testing.Short() {
		games = 2
	}
	if os.Getenv("CHANCERY_LONG_BOT_TESTS") != "" {
		games = 60
	}
	reg := variants.MustLoad()
	for _, name := range reg.Names() {
		v, _ := reg.Get(name)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			phases, decisions := map[rules.PhaseType]int{}, 0
			for seed := range games {
				rec := playLevels(t, v, seed, 12, mixed(seed), testPlayers())
				for _, p := range rec.pos {
					phases[p.Phase.Type]++
				}
				decisions += rec.phases * (v.Map.NumPowers())
			}
			for _, pt := range []rules.PhaseType{rules.MovementPhase, rules.RetreatPhase, rules.AdjustmentPhase} {
				if phases[pt] == 0 {
					t.Errorf("no %v phase was played", pt)
				}
			}
			t.Logf("%v phases, %d power decisions", phases, decisions)
		})
	}
}

// TestLevelsAreDeterministicForOneSource: the same seed gives the same
// orders, at every level.
func TestLevelsAreDeterministicForOneSource(t *testing.T) {
	v, _ := variants.MustLoad().Get("standard")
	a := playLevels(t, v, 3, 4, mixed(3), testPlayers())
	b := playLevels(t, v, 3, 4, mixed(3), testPlayers())
	if !reflect.DeepEqual(a.orders, b.orders) {
		t.Fatal("the same seed gave different orders")
	}
}

// TestHardKeepsItsBudget: with a budget far too small for its samples,
// the hard level still answers in time, with legal orders. The search
// stops a fifth of the budget early; the slack allowed on top is for a
// machine so loaded that the scheduler stalls the test itself (a search
// that ignored its deadline would take many seconds with these samples).
// How fast normal decides is measured by BenchmarkNormalMidgame.
func TestHardKeepsItsBudget(t *testing.T) {
	const budget, slack = 100 * time.Millisecond, 400 * time.Millisecond
	v, _ := variants.MustLoad().Get("colonial")
	h := &HardPlayer{Budget: budget, Candidates: 200, Samples: 100000}
	pos := v.Start.Clone()
	for p := 1; p < len(v.Map.Powers); p++ {
		start := time.Now()
		orders := h.Orders(v, pos, rules.Power(p), rand.New(rand.NewPCG(1, 1)))
		took := time.Since(start)
		t.Logf("%s: %v", v.Map.Powers[p], took)
		if took > budget+slack {
			t.Errorf("%s: took %v with a budget of %v", v.Map.Powers[p], took, budget)
		}
		res, err := rules.NewResolver(v, rules.Options{}).Adjudicate(pos, orders)
		if err != nil {
			t.Fatal(err)
		}
		for _, rs := range res.Results {
			if rs.Outcome == rules.Illegal {
				t.Fatalf("illegal order %+v", rs.Order)
			}
		}
	}
}

// TestPhaseOrdersSharesTheBudget: a phase with every seat hard stays
// within the phase budget.
func TestPhaseOrdersSharesTheBudget(t *testing.T) {
	v, _ := variants.MustLoad().Get("sengoku")
	var seats []Seat
	for p := 1; p < len(v.Map.Powers); p++ {
		if rules.Power(p) != v.Neutral {
			seats = append(seats, Seat{Power: rules.Power(p), Level: Hard})
		}
	}
	start := time.Now()
	out := PhaseOrders(NewGraph(v), v.Start, seats, 400*time.Millisecond, rand.New(rand.NewPCG(2, 2)))
	if took := time.Since(start); took > 400*time.Millisecond+600*time.Millisecond {
		t.Errorf("eight hard seats took %v with a phase budget of 400ms", took)
	}
	if len(out) != len(seats) {
		t.Errorf("orders for %d seats, want %d", len(out), len(seats))
	}
}

func TestParseLevel(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Level
		ok   bool
	}{{"easy", Easy, true}, {"Normal", Normal, true}, {" hard ", Hard, true}, {"", Normal, true}, {"expert", 0, false}} {
		got, err := ParseLevel(tc.in)
		if (err == nil) != tc.ok || (tc.ok && got != tc.want) {
			t.Errorf("ParseLevel(%q) = %v, %v", tc.in, got, err)
		}
	}
}

// TestPlayersReadOnlyTheirVariantsGraph: a player handed another
// variant's graph, or none, plays as one handed the right graph.
func TestPlayersReadOnlyTheirVariantsGraph(t *testing.T) {
	reg := variants.MustLoad()
	v, _ := reg.Get("colonial")
	other, _ := reg.Get("standard")
	pos := v.Start.Clone()
	for _, l := range Levels {
		var got [3][]rules.Order
		for i, g := range []*Graph{NewGraph(v), NewGraph(other), nil} {
			p := New(l, g)
			if h, ok := p.(*HardPlayer); ok {
				h.Candidates, h.Samples = 4, 1
			}
			got[i] = p.Orders(v, pos, rules.Power(1), rand.New(rand.NewPCG(4, 4)))
		}
		if len(got[0]) == 0 || !reflect.DeepEqual(got[0], got[1]) || !reflect.DeepEqual(got[0], got[2]) {
			t.Errorf("%s: with its graph %v, another's %v, none %v", l, got[0], got[1], got[2])
		}
	}
}
