package game

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/chancery/chancery/codec"
	"github.com/chancery/chancery/engine"
	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/table"
)

// End is how a game ended.
type End struct {
	// Reason is "victory", "draw" or "concession". A variant without
	// draws (Sengoku) that would end without a winner, its last person
	// out, ends in "victory" for the power with the most centres.
	Reason string `json:"reason"`
	// Winner is the winning power (victory, concession).
	Winner string `json:"winner,omitempty"`
	// Powers are the powers sharing a draw.
	Powers []string       `json:"powers,omitempty"`
	Phase  codec.Phase    `json:"phase"`
	Time   time.Time      `json:"time"`
	Counts map[string]int `json:"centres"`
}

// Game is a Diplomacy game between phases: everything but the orders of
// the phase being played, which a server keeps beside it so that a
// player's orders are a small write. Its methods are pure: the clock is
// passed in.
//
// The position is the rules core's, typed: names appear only where a game
// enters or leaves the process. A game is written as JSON with names
// (MarshalJSON, through its variant's codec) and read back with
// Decode, which knows the variants; the JSON is the one the store
// has always kept.
type Game struct {
	Variant string `json:"variant"`
	// Table holds the status, the creator, the seats and the deadline.
	table.Table
	// Seq counts the phases played: the current phase is the game's
	// Seq-th (from 0); the history holds phases 0 to Seq-1.
	Seq int `json:"seq"`
	// Position is the position of the phase being played. It is written
	// by name, as the contract's "position". It is replaced, never
	// changed in place: its form by name is kept beside it (Named).
	Position *rules.Position `json:"-"`
	// DrawVotes and ConcedeVotes are the powers voting for a draw and for
	// conceding to the leader.
	DrawVotes    []string `json:"draw_votes,omitempty"`
	ConcedeVotes []string `json:"concede_votes,omitempty"`
	// Last is the last phase played (nil before the first).
	Last *engine.Resolution `json:"last,omitempty"`
	End  *End               `json:"end,omitempty"`

	// BotLevel is the level of the bots' play (package bot: "easy",
	// "normal", "hard"); "" is the default level. BotLevels, by power,
	// are the seats whose bots play at another level.
	BotLevel  string
	BotLevels map[string]string

	// e is the game's engine: its codec writes the position by name.
	e *engine.Engine
	// named is the position by name, as read from the store or as last
	// written; it is Position's while namedOf is Position.
	named   *codec.Position
	namedOf *rules.Position
}

// Named returns the position by name, in the contract's form: the form
// the game was read in (Decode) or that Advance wrote, as long as the
// position has not been replaced since; otherwise it writes it anew. It
// changes nothing, so games shared by readers may call it at once. The
// caller must not change what it returns.
func (g *Game) Named() codec.Position {
	if g.named == nil || g.namedOf != g.Position {
		return g.e.Codec.EncodePosition(g.Position)
	}
	return *g.named
}

// New returns a forming game of e's variant created by creator, who takes
// power ("" for none: the creator may watch or join later).
func New(e *engine.Engine, creator table.Player, power string, phaseSeconds int, fillWithBots bool) (*Game, error) {
	t, err := table.NewTable(creator.ID, e.Powers(), phaseSeconds, fillWithBots)
	if err != nil {
		return nil, err
	}
	g := &Game{Variant: e.V.Name, Table: *t, Position: e.V.Start.Clone(), e: e}
	if power != "" {
		if err := g.Join(e, creator, power); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// Join seats p at power ("" for any free seat, in map order).
func (g *Game) Join(e *engine.Engine, p table.Player, power string) error {
	return g.Table.Join(p, power, func(power string) (int, error) {
		for i := range g.Seats {
			if strings.EqualFold(g.Seats[i].Power, power) {
				return i, nil
			}
		}
		return -1, fmt.Errorf("%w: %s has no power %q (powers: %v)", table.ErrInvalid, g.Variant, power, e.Powers())
	})
}

// Start begins the first phase. Seats still empty are given to bots when
// the game was created with bots; otherwise every seat must be taken.
// Only the creator may start a game, and it needs at least one person.
func (g *Game) Start(user string, now time.Time) error {
	if err := g.Table.Start(user); err != nil {
		return err
	}
	g.Deadline = g.NextDeadline(now, phaseKind(g.Position.Phase.Type))
	return nil
}

// phaseKind is the kind of phase, as its length goes, of a phase of type t.
func phaseKind(t rules.PhaseType) table.PhaseKind {
	switch t {
	case rules.RetreatPhase:
		return table.RetreatPhase
	case rules.AdjustmentPhase:
		return table.AdjustmentPhase
	}
	return table.MainPhase
}

// Waiting returns the powers played by people that owe orders this phase
// and have not said they are ready. When it is empty, the phase may be
// adjudicated at once. A seat waiting for a substitute is waited for by
// nobody.
func (g *Game) Waiting(e *engine.Engine, ready map[string]bool) []string {
	pos := g.Position
	var out []string
	for _, s := range g.Seats {
		if s.Bot || s.User == "" || ready[s.Power] {
			continue
		}
		if e.Owes(pos, s.Power) {
			out = append(out, s.Power)
		}
	}
	return out
}

// Advance adjudicates the current phase with the orders given, typed
// (bots' orders included), and moves the game to the next phase, or ends
// it. The returned record, also kept as Last, is the phase in the
// contract's form: the orders written as text once, for the history and
// for people. The new position is written by name once, here (Named).
func (g *Game) Advance(e *engine.Engine, orders engine.Orders, now time.Time) (*engine.Resolution, error) {
	if g.Status != table.Active {
		return nil, fmt.Errorf("%w: the game is not being played", table.ErrState)
	}
	res, core, err := e.Resolve(g.Position, orders)
	if err != nil {
		return nil, err
	}
	g.Position = core.Next
	// The new position is written by name here, once: for the game's row
	// and, when it is played, for its phase's record.
	named := e.Codec.EncodePosition(g.Position)
	g.named, g.namedOf = &named, g.Position
	g.Last = res
	g.Seq++
	g.Deadline = g.NextDeadline(now, phaseKind(g.Position.Phase.Type))
	if res.Winner != "" {
		g.finish(e, &End{Reason: "victory", Winner: res.Winner}, now)
		return res, nil
	}
	// A power that is out no longer votes: a pending vote may now pass.
	next := g.Position
	g.DrawVotes = g.alive(e, next, g.DrawVotes)
	g.ConcedeVotes = g.alive(e, next, g.ConcedeVotes)
	g.settleVotes(e, next, now)
	if g.Status == table.Active && !g.peopleAlive(e, next) {
		// Only bots are left: nobody would ever vote, so the game ends in a
		// draw between the powers still in it. A variant without draws
		// (Sengoku) declares the sole leader in centres the winner instead,
		// and plays on while two or more tie for the lead.
		alive := g.alivePowers(e, next)
		if !e.V.NoDraws {
			g.finish(e, &End{Reason: "draw", Powers: alive}, now)
		} else if leader, ok := g.soleLeader(e, next, alive); ok {
			g.finish(e, &End{Reason: "victory", Winner: leader}, now)
		}
	}
	return res, nil
}

// alive keeps the votes of powers still in the game.
func (g *Game) alive(e *engine.Engine, pos *rules.Position, votes []string) []string {
	out := votes[:0]
	for _, v := range votes {
		if e.Alive(pos, v) {
			out = append(out, v)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// peopleAlive reports whether a power played by a person is still in. A
// seat a bot took from its absent person counts (they may come back and
// vote), and so does a seat waiting for a substitute (one may come).
func (g *Game) peopleAlive(e *engine.Engine, pos *rules.Position) bool {
	for _, s := range g.Seats {
		if (!s.Bot && s.User != "" || s.Away || s.Wanted) && e.Alive(pos, s.Power) {
			return true
		}
	}
	return false
}

// alivePowers returns the powers still in the game, in map order.
func (g *Game) alivePowers(e *engine.Engine, pos *rules.Position) []string {
	var out []string
	for _, s := range g.Seats {
		if e.Alive(pos, s.Power) {
			out = append(out, s.Power)
		}
	}
	return out
}

// Vote records power's votes: for a draw shared by every power still in
// the game (refused where the variant has no draws), and for conceding the
// game to the power that leads in supply centres. Bots go along with the
// people: a draw passes when every person still in the game votes for it;
// a concession when every person but the sole leader does (at least one).
func (g *Game) Vote(e *engine.Engine, power string, draw, concede bool, now time.Time) error {
	if g.Status != table.Active {
		return table.Codedf(table.ErrState, table.CodeNotInPlay, "votes are only taken while the game is played")
	}
	if draw && e.V.NoDraws {
		return table.Errorf(table.ErrInvalid, "%s has no draws; a game ends only in victory", e.V.Title)
	}
	pos := g.Position
	if !e.Alive(pos, power) {
		return table.Errorf(table.ErrState, "%s is out of the game", power)
	}
	g.DrawVotes = setVote(g.DrawVotes, power, draw)
	g.ConcedeVotes = setVote(g.ConcedeVotes, power, concede)
	g.settleVotes(e, pos, now)
	return nil
}

func setVote(votes []string, power string, yes bool) []string {
	votes = slices.DeleteFunc(votes, func(v string) bool { return v == power })
	if yes {
		votes = append(votes, power)
	}
	return votes
}

// settleVotes ends the game when a vote has passed.
func (g *Game) settleVotes(e *engine.Engine, pos *rules.Position, now time.Time) {
	alive := g.alivePowers(e, pos)
	var people []string
	for _, s := range g.Seats {
		if !s.Bot && s.User != "" && slices.Contains(alive, s.Power) {
			people = append(people, s.Power)
		}
	}
	if len(people) == 0 {
		return
	}
	all := func(votes []string, except string) bool {
		for _, p := range people {
			if p != except && !slices.Contains(votes, p) {
				return false
			}
		}
		return true
	}
	if !e.V.NoDraws && all(g.DrawVotes, "") {
		g.finish(e, &End{Reason: "draw", Powers: alive}, now)
		return
	}
	leader, ok := g.soleLeader(e, pos, alive)
	if !ok || len(alive) < 2 || !slices.ContainsFunc(g.ConcedeVotes, func(p string) bool { return p != leader }) ||
		!all(g.ConcedeVotes, leader) {
		return
	}
	g.finish(e, &End{Reason: "concession", Winner: leader}, now)
}

// soleLeader returns the power of alive that owns the most supply centres,
// and false when two or more tie for the most (or none is alive).
func (g *Game) soleLeader(e *engine.Engine, pos *rules.Position, alive []string) (string, bool) {
	counts := pos.CentreCount(e.V.Map)
	leader, best, tie := "", -1, false
	for _, p := range alive {
		pw, _ := e.Power(p)
		switch c := counts[pw]; {
		case c > best:
			leader, best, tie = p, c, false
		case c == best:
			tie = true
		}
	}
	return leader, leader != "" && !tie
}

// finish ends the game: it becomes read-only.
func (g *Game) finish(e *engine.Engine, end *End, now time.Time) {
	end.Counts = map[string]int{}
	counts := g.Position.CentreCount(e.V.Map)
	for _, p := range e.Powers() {
		pw, _ := e.Power(p)
		end.Counts[p] = counts[pw]
	}
	end.Phase = codec.FormatPhase(g.Position.Phase)
	end.Time = now
	g.End = end
	g.Status = table.Finished
	g.Deadline = time.Time{}
}
