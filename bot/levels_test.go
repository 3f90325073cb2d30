package bot

import (
	"math/rand/v2"
	"os"
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/variants"
)

// quickHard is a hard player with a small search, for tests that check
// what its orders are rather than how good. It has no budget: its search
// stops at its counts, so that its play repeats on any machine. Two
// finalists, so that its spring orders too come through the lookahead
// (with none, the legality tests never played a spring it chose by the
// fall).
func quickHard() *HardPlayer {
	return &HardPlayer{Candidates: 4, Samples: 1, Finalists: 2}
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
	return playLevelsUntil(t, v, seed, years, seat, players, nil)
}

// playLevelsUntil is playLevels that also ends the game after a phase
// when stop, if not nil, says so of the record so far.
func playLevelsUntil(t *testing.T, v *rules.Variant, seed uint64, years int, seat func(rules.Power) Level, players map[Level]Player, stop func(*record) bool) *record {
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
		if res.Winner != rules.NoPower || (stop != nil && stop(rec)) {
			break
		}
	}
	return rec
}

// mixed seats the three levels in turn round the board, shifted by seed.
func mixed(seed uint64) func(rules.Power) Level {
	return func(p rules.Power) Level { return Levels[(int(p)+int(seed))%len(Levels)] }
}

// quickTactics is a small tactical layer (a third of normal's sampled
// replies, one pass, a sixth of its resolutions), for tests that check
// what the orders are (legal, repeatable) rather than how good: the
// layer still tries holds, moves, supports and supported pairs, and
// gives gates their permissions, for a fraction of the work. Tests of
// how the bots play keep normal's (the zero Tactics).
func quickTactics() Tactics { return Tactics{Profiles: 2, Sweeps: 1, Work: 100 * 80} }

// testPlayers returns a player of each level for v, the hard one quick
// (quickHard), the normal ones (normal, and the normal play within hard)
// with the tactical layer tc, all keeping v's graph as a server's do,
// rather than making one per decision: what they play is the same either
// way (TestPlayersReadOnlyTheirVariantsGraph).
func testPlayers(v *rules.Variant, tc Tactics) map[Level]Player {
	g := NewGraph(v)
	h := quickHard()
	h.Graph = g
	h.NormalTactics = tc
	return map[Level]Player{Easy: EasyPlayer{Graph: g}, Normal: NormalPlayer{Graph: g, Tactics: tc}, Hard: h}
}

// TestEveryLevelGivesLegalOrdersInEveryVariant plays seeded games with the
// three levels mixed round the board in every variant: every movement,
// retreat and adjustment phase of them, hundreds of decisions, and not
// one illegal order. It plays two games per variant with a small
// tactical layer (quickTactics), or as many as CHANCERY_BOT_GAMES says
// with the levels' own: CI plays six (thousands of decisions) in a run
// of its own, apart from go test ./..., which it keeps fast; 60 is a
// long hunt.
func TestEveryLevelGivesLegalOrdersInEveryVariant(t *testing.T) {
	t.Parallel()
	games, tc := uint64(2), quickTactics()
	if s := os.Getenv("CHANCERY_BOT_GAMES"); s != "" {
		n, err := strconv.ParseUint(s, 10, 16)
		if err != nil || n == 0 {
			t.Fatalf("CHANCERY_BOT_GAMES=%q: want a number of games", s)
		}
		games, tc = n, Tactics{}
	}
	reg := variants.MustLoad()
	for _, name := range reg.Names() {
		v, _ := reg.Get(name)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			phases, decisions := map[rules.PhaseType]int{}, 0
			players := testPlayers(v, tc)
			for seed := range games {
				rec := playLevels(t, v, seed, 12, mixed(seed), players)
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
	t.Parallel()
	v, _ := variants.MustLoad().Get("standard")
	a := playLevels(t, v, 3, 4, mixed(3), testPlayers(v, quickTactics()))
	b := playLevels(t, v, 3, 4, mixed(3), testPlayers(v, quickTactics()))
	if !reflect.DeepEqual(a.orders, b.orders) {
		t.Fatal("the same seed gave different orders")
	}
}

// stepClock is a clock that moves on by step each time it is read, so
// that a search cut short by a budget does the same work on any machine.
// Read more than limit times (when set), it fails the test tb: a search
// that ignores its deadline fails at once instead of running for hours.
type stepClock struct {
	t     time.Time
	step  time.Duration
	reads int
	limit int
	tb    testing.TB
}

func (c *stepClock) now() time.Time {
	c.reads++
	if c.limit > 0 && c.reads > c.limit {
		c.tb.Fatalf("the clock was read %d times (%v): the search went on past its deadline",
			c.reads, time.Duration(c.reads)*c.step)
	}
	c.t = c.t.Add(c.step)
	return c.t
}

// TestHardKeepsItsBudget: with a budget far too small for its samples,
// the hard level still answers in time, with legal orders. Its clock
// moves 50µs each time the search looks at it (enough readings for the
// search to reach its sampling of the others), so the search must stop
// at its deadline (with these samples it would otherwise run for hours),
// and answers a fifth of the budget early.
func TestHardKeepsItsBudget(t *testing.T) {
	t.Parallel()
	const budget = 100 * time.Millisecond
	v, _ := variants.MustLoad().Get("colonial")
	pos := v.Start.Clone()
	for p := 1; p < len(v.Map.Powers); p++ {
		clock := &stepClock{step: 50 * time.Microsecond, limit: int(2 * budget / (50 * time.Microsecond)), tb: t}
		h := &HardPlayer{Budget: budget, Candidates: 200, Samples: 100000, now: clock.now}
		orders := h.Orders(v, pos, rules.Power(p), rand.New(rand.NewPCG(1, 1)))
		took := time.Duration(clock.reads) * clock.step
		t.Logf("%s: %d readings of the clock", v.Map.Powers[p], clock.reads)
		if took < budget-budget/5 || took > budget {
			t.Errorf("%s: answered after %v of its clock with a budget of %v; want the deadline, %v, to stop it",
				v.Map.Powers[p], took, budget, budget-budget/5)
		}
		if len(orders) == 0 {
			t.Errorf("%s: no orders", v.Map.Powers[p])
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

// TestHardWithoutBudgetStopsAtItsCounts: a hard player without a budget
// never reads a clock, so its play cannot depend on the machine's speed.
func TestHardWithoutBudgetStopsAtItsCounts(t *testing.T) {
	t.Parallel()
	v, _ := variants.MustLoad().Get("standard")
	clock := &stepClock{step: time.Hour}
	h := &HardPlayer{Candidates: 4, Samples: 2, now: clock.now}
	if orders := h.Orders(v, v.Start, rules.Power(1), rand.New(rand.NewPCG(1, 1))); len(orders) == 0 {
		t.Fatal("no orders")
	}
	if clock.reads != 0 {
		t.Errorf("the clock was read %d times", clock.reads)
	}
}

// TestPhaseOrdersSharesTheBudget: a phase with every seat hard stays
// within the phase budget, on a clock that moves a millisecond at each
// reading (each seat alone would search far beyond it).
func TestPhaseOrdersSharesTheBudget(t *testing.T) {
	t.Parallel()
	const budget = 400 * time.Millisecond
	v, _ := variants.MustLoad().Get("sengoku")
	var seats []Seat
	for p := 1; p < len(v.Map.Powers); p++ {
		if rules.Power(p) != v.Neutral {
			seats = append(seats, Seat{Power: rules.Power(p), Level: Hard})
		}
	}
	clock := &stepClock{step: time.Millisecond, limit: int(2 * budget / time.Millisecond), tb: t}
	out := phaseOrders(NewGraph(v), v.Start, seats, budget, rand.New(rand.NewPCG(2, 2)), clock.now)
	if took := time.Duration(clock.reads) * clock.step; took > budget {
		t.Errorf("%d hard seats took %v of their clock with a phase budget of %v", len(seats), took, budget)
	}
	if len(out) != len(seats) {
		t.Errorf("orders for %d seats, want %d", len(out), len(seats))
	}
	for _, s := range seats {
		if len(out[s.Power]) == 0 {
			t.Errorf("%s: no orders", v.Map.Powers[s.Power])
		}
	}
}

func TestParseLevel(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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

// TestTacticsDefaultIsNormals: a player whose tactical layer nobody sized
// (the zero Tactics, which New and NewHard give) plays with the normal
// level's production setting, and the setting a player is given is the
// one its decisions' tactical layer uses.
func TestTacticsDefaultIsNormals(t *testing.T) {
	t.Parallel()
	normal := Tactics{Profiles: 6, Sweeps: 2, Work: 600 * 80}
	if got := (Tactics{}).orDefault(); got != normal {
		t.Errorf("the zero Tactics is %+v, want normal's %+v", got, normal)
	}
	if got := NewHard().NormalTactics; got != (Tactics{}) {
		t.Errorf("NewHard's normal tactics are %+v, want the default", got)
	}
	if p, ok := New(Normal, nil).(NormalPlayer); !ok || p.Tactics != (Tactics{}) {
		t.Errorf("New(Normal) is %+v, want a NormalPlayer with the default tactics", p)
	}
	v, _ := variants.MustLoad().Get("standard")
	for _, tc := range []Tactics{{}, {Profiles: 2}, {Sweeps: 1}, {Work: 100 * 80}, quickTactics()} {
		d := newDecision(NewGraph(v), v.Start)
		d.tactics = tc
		want := tc.orDefault()
		tt := newTactics(d.view(rules.Power(1)), deadline{})
		if tt.nprofiles != want.Profiles || tt.sweeps != want.Sweeps || tt.maxCalls != want.Work/v.Map.NumProvinces() {
			t.Errorf("%+v: the layer samples %d replies, makes %d passes and %d resolutions; want %d, %d and %d",
				tc, tt.nprofiles, tt.sweeps, tt.maxCalls, want.Profiles, want.Sweeps, want.Work/v.Map.NumProvinces())
		}
	}
	// Normal's setting given explicitly plays as the default.
	pos := v.Start
	a := NormalPlayer{}.Orders(v, pos, rules.Power(3), rand.New(rand.NewPCG(8, 8)))
	b := NormalPlayer{Tactics: normal}.Orders(v, pos, rules.Power(3), rand.New(rand.NewPCG(8, 8)))
	if !reflect.DeepEqual(a, b) {
		t.Errorf("normal's tactics given explicitly play %v, the default %v", b, a)
	}
}
