// Package bot holds players for Diceplomacy that decide from a player's
// [dice.View] alone, so they see exactly what a person in their seat would:
// a random bot and a heuristic bot behind one interface, and [Play], which
// runs a game with a bot in every seat.
package bot

import (
	"fmt"
	"strings"

	"github.com/chancery/chancery/dice"
)

// Bot decides a move for the request in a view (v.Request, answered by one
// of v.Legal). A bot may keep state between calls, so each seat needs its
// own bot.
type Bot interface {
	// Name is the bot's kind, as [New] accepts it.
	Name() string
	// Decide returns the viewer's move; it must be one of v.Legal.
	Decide(v *dice.View) dice.Move
}

// Kinds lists the bot kinds [New] makes.
var Kinds = []string{"random", "heuristic"}

// New makes a bot of the given kind ("random" or "heuristic"); src is its
// own source of randomness (the random bot's choices, the heuristic bot's
// rare coin flips), separate from the game's dice.
func New(kind string, src dice.Source) (Bot, error) {
	switch strings.ToLower(kind) {
	case "random":
		return &Random{Src: src}, nil
	case "heuristic":
		return &Heuristic{Src: src}, nil
	}
	return nil, fmt.Errorf("bot: unknown bot %q (known: %s)", kind, strings.Join(Kinds, ", "))
}

// Runner plays games with a bot in every seat, reusing its buffers from one
// game to the next.
type Runner struct {
	view dice.View
	reqs []dice.Request
}

// MaxSteps bounds the moves [Runner.Play] makes in one game; a game that
// needs more is reported as an error (it means a bot never fights and the
// game has no turn limit).
const MaxSteps = 1 << 20

// Play runs g to its end, asking bots[seat] for every decision asked of
// seat (the lowest seat first when several are asked at once). A move the
// game refuses is a bot's bug and stops the game with an error.
func (r *Runner) Play(g *dice.Game, bots []Bot) error {
	if len(bots) != g.Config().Players {
		return fmt.Errorf("bot: %d bots for %d players", len(bots), g.Config().Players)
	}
	for step := 0; !g.Over(); step++ {
		if step >= MaxSteps {
			return fmt.Errorf("bot: game not over after %d moves", MaxSteps)
		}
		r.reqs = g.AppendPending(r.reqs[:0])
		seat := r.reqs[0].Seat
		g.FillView(seat, &r.view)
		m := bots[seat].Decide(&r.view)
		if err := g.Apply(m); err != nil {
			return fmt.Errorf("bot: %s bot in %v: %w", bots[seat].Name(), seat, err)
		}
	}
	return nil
}

// Play runs g to its end with bots[seat] playing each seat.
func Play(g *dice.Game, bots []Bot) error {
	var r Runner
	return r.Play(g, bots)
}
