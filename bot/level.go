package bot

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/chancery/chancery/rules"
)

// Level is how well a bot plays.
type Level uint8

// The levels. Normal is the default for a seat nobody chose a level for.
const (
	Easy Level = iota
	Normal
	Hard
)

// DefaultLevel is the level of a bot seat when none is chosen.
const DefaultLevel = Normal

// Levels lists the levels, weakest first.
var Levels = []Level{Easy, Normal, Hard}

var levelNames = [...]string{"easy", "normal", "hard"}

// String returns the level's name: "easy", "normal" or "hard".
func (l Level) String() string {
	if int(l) < len(levelNames) {
		return levelNames[l]
	}
	return fmt.Sprintf("level(%d)", uint8(l))
}

// ParseLevel reads a level's name, in any case; "" is the default level.
func ParseLevel(s string) (Level, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return DefaultLevel, nil
	}
	for i, n := range levelNames {
		if s == n {
			return Level(i), nil
		}
	}
	return 0, fmt.Errorf("unknown bot level %q (levels: %s)", s, strings.Join(levelNames[:], ", "))
}

// Player decides one power's orders for a phase.
type Player interface {
	// Orders returns power's orders for pos, drawing every choice from
	// rnd. Each order is legal on its own; units left without an order
	// hold.
	Orders(v *rules.Variant, pos *rules.Position, power rules.Power, rnd *rand.Rand) []rules.Order
}

// New returns a player of level l with its default settings, that reads
// the variant's graph g (see Graph; nil: the player makes one per
// decision); an unknown level gets the default level.
func New(l Level, g *Graph) Player {
	switch l {
	case Easy:
		return EasyPlayer{Graph: g}
	case Hard:
		h := NewHard()
		h.Graph = g
		return h
	}
	return NormalPlayer{Graph: g}
}

// EasyPlayer is the easy level: Orders.
type EasyPlayer struct {
	// Graph is the graph of the variant the player plays, kept across
	// decisions (see Graph); nil makes one per decision.
	Graph *Graph
}

// Orders returns the easy bot's orders (see Orders).
func (p EasyPlayer) Orders(v *rules.Variant, pos *rules.Position, power rules.Power, rnd *rand.Rand) []rules.Order {
	return (&planner{v: v, m: v.Map, pos: pos, power: power, rnd: rnd, g: p.Graph.of(v)}).orders()
}

// Seat is a power played by a bot of some level.
type Seat struct {
	Power rules.Power
	Level Level
}

// PhaseBudget is the default wall-time budget of one phase's decisions
// for all the hard seats of a game together.
const PhaseBudget = 2 * time.Second

// PhaseOrders decides the orders of every seat for pos, a position of g's
// variant (a caller deciding many phases keeps g: see Graph), in the
// order of seats, and returns them by power. The hard seats share budget
// (at most PhaseBudget when budget is 0 or less) equally, so that a
// phase never waits longer than budget for its bots' search.
func PhaseOrders(g *Graph, pos *rules.Position, seats []Seat, budget time.Duration, rnd *rand.Rand) map[rules.Power][]rules.Order {
	return phaseOrders(g, pos, seats, budget, rnd, nil)
}

// phaseOrders is PhaseOrders with the hard seats reading their budget
// from now (nil: time.Now).
func phaseOrders(g *Graph, pos *rules.Position, seats []Seat, budget time.Duration, rnd *rand.Rand, now func() time.Time) map[rules.Power][]rules.Order {
	v := g.v
	if budget <= 0 {
		budget = PhaseBudget
	}
	hard := 0
	for _, s := range seats {
		if s.Level == Hard {
			hard++
		}
	}
	out := make(map[rules.Power][]rules.Order, len(seats))
	for _, s := range seats {
		p := New(s.Level, g)
		if h, ok := p.(*HardPlayer); ok {
			h.Budget = min(h.Budget, budget/time.Duration(hard))
			h.now = now
		}
		out[s.Power] = p.Orders(v, pos, s.Power, rnd)
	}
	return out
}
