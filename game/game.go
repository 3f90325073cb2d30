package game

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/chancery/chancery/judge"
	"github.com/chancery/chancery/rules"
)

// The errors of the game lifecycle. Each error a Game method returns wraps
// one of them, so a server can tell a request that does not fit the game's
// state from one that is not allowed or not valid.
var (
	// ErrState: the game is not in a state that allows the request (not
	// forming, already finished, ...).
	ErrState = errors.New("not possible now")
	// ErrForbidden: the user may not do this in this game.
	ErrForbidden = errors.New("forbidden")
	// ErrInvalid: the request names something that does not exist or
	// breaks a rule.
	ErrInvalid = errors.New("invalid")
)

// Status is where a game is in its life.
type Status string

// The statuses of a game.
const (
	Forming  Status = "forming"  // players join; no phase is played
	Active   Status = "active"   // phases are played
	Finished Status = "finished" // read-only
)

// Seat is one power of a game and who plays it.
type Seat struct {
	Power string `json:"power"`
	// User is the id of the player's account, or "".
	User string `json:"user,omitempty"`
	// Name is the player's name, for display.
	Name string `json:"name,omitempty"`
	// Bot is set when a bot plays the power.
	Bot bool `json:"bot,omitempty"`
}

// End is how a game ended.
type End struct {
	// Reason is "victory", "draw" or "concession".
	Reason string `json:"reason"`
	// Winner is the winning power (victory, concession).
	Winner string `json:"winner,omitempty"`
	// Powers are the powers sharing a draw.
	Powers []string       `json:"powers,omitempty"`
	Phase  judge.Phase    `json:"phase"`
	Time   time.Time      `json:"time"`
	Counts map[string]int `json:"centres"`
}

// Game is a Diplomacy game between phases: everything but the orders of
// the phase being played, which a server keeps beside it so that a
// player's orders are a small write. Its methods are pure: the clock is
// passed in.
type Game struct {
	Variant string `json:"variant"`
	Status  Status `json:"status"`
	// Seq counts the phases played: the current phase is the game's
	// Seq-th (from 0); the history holds phases 0 to Seq-1.
	Seq          int       `json:"seq"`
	PhaseSeconds int       `json:"phase_seconds"`
	Deadline     time.Time `json:"deadline,omitzero"`
	// FillWithBots asks that seats still empty at the start be played by
	// bots.
	FillWithBots bool           `json:"fill_with_bots"`
	Creator      string         `json:"creator"`
	Seats        []Seat         `json:"seats"`
	Position     judge.Position `json:"position"`
	// DrawVotes and ConcedeVotes are the powers voting for a draw and for
	// conceding to the leader.
	DrawVotes    []string `json:"draw_votes,omitempty"`
	ConcedeVotes []string `json:"concede_votes,omitempty"`
	// Last is the last phase played (nil before the first).
	Last *Resolution `json:"last,omitempty"`
	End  *End        `json:"end,omitempty"`

	// BotLevel is the level of the bots' play (package bot: "easy",
	// "normal", "hard"); "" is the default level.
	BotLevel string `json:"bot_level,omitempty"`
}

// MinPhaseSeconds and MaxPhaseSeconds bound a phase's length.
const (
	MinPhaseSeconds = 1
	MaxPhaseSeconds = 30 * 24 * 3600
)

// New returns a forming game of e's variant created by user, who takes
// power ("" for none: the creator may watch or join later).
func New(e *Engine, creator, power string, phaseSeconds int, fillWithBots bool) (*Game, error) {
	if phaseSeconds < MinPhaseSeconds || phaseSeconds > MaxPhaseSeconds {
		return nil, fmt.Errorf("%w: phase_deadline_seconds must be from %d to %d", ErrInvalid, MinPhaseSeconds, MaxPhaseSeconds)
	}
	g := &Game{Variant: e.V.Name, Status: Forming, PhaseSeconds: phaseSeconds, FillWithBots: fillWithBots,
		Creator: creator, Position: e.StartPosition()}
	for _, p := range e.Powers() {
		g.Seats = append(g.Seats, Seat{Power: p})
	}
	if power != "" {
		if err := g.Join(e, creator, power); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// PowerOf returns the power user plays, or "".
func (g *Game) PowerOf(user string) string {
	for _, s := range g.Seats {
		if user != "" && s.User == user {
			return s.Power
		}
	}
	return ""
}

func (g *Game) seat(power string) *Seat {
	for i := range g.Seats {
		if equalFold(g.Seats[i].Power, power) {
			return &g.Seats[i]
		}
	}
	return nil
}

// Join seats user at power ("" for any free seat, in map order).
func (g *Game) Join(e *Engine, user, power string) error {
	if g.Status != Forming {
		return fmt.Errorf("%w: the game has started", ErrState)
	}
	if p := g.PowerOf(user); p != "" {
		return fmt.Errorf("%w: you already play %s", ErrState, p)
	}
	var s *Seat
	if power == "" {
		for i := range g.Seats {
			if g.Seats[i].User == "" {
				s = &g.Seats[i]
				break
			}
		}
		if s == nil {
			return fmt.Errorf("%w: every seat is taken", ErrState)
		}
	} else {
		if s = g.seat(power); s == nil {
			return fmt.Errorf("%w: %s has no power %q (powers: %v)", ErrInvalid, g.Variant, power, e.Powers())
		}
		if s.User != "" {
			return fmt.Errorf("%w: %s is taken", ErrState, s.Power)
		}
	}
	s.User = user
	return nil
}

// Start begins the first phase. Seats still empty are given to bots when
// the game was created with bots; otherwise every seat must be taken.
// Only the creator may start a game, and it needs at least one person.
func (g *Game) Start(user string, now time.Time) error {
	if g.Status != Forming {
		return fmt.Errorf("%w: the game has already started", ErrState)
	}
	if user != g.Creator {
		return fmt.Errorf("%w: only the game's creator may start it", ErrForbidden)
	}
	people, empty := 0, 0
	for _, s := range g.Seats {
		if s.User != "" {
			people++
		} else {
			empty++
		}
	}
	if people == 0 {
		return fmt.Errorf("%w: nobody has joined; a game needs at least one player", ErrState)
	}
	if empty > 0 && !g.FillWithBots {
		return fmt.Errorf("%w: %d seats are empty (create the game with bots to fill them)", ErrState, empty)
	}
	for i := range g.Seats {
		if g.Seats[i].User == "" {
			g.Seats[i].Bot = true
		}
	}
	g.Status = Active
	g.Deadline = now.Add(time.Duration(g.PhaseSeconds) * time.Second)
	return nil
}

// BotPowers returns the powers that bots play.
func (g *Game) BotPowers() []string {
	var out []string
	for _, s := range g.Seats {
		if s.Bot {
			out = append(out, s.Power)
		}
	}
	return out
}

// Waiting returns the powers played by people that owe orders this phase
// and have not said they are ready. When it is empty, the phase may be
// adjudicated at once.
func (g *Game) Waiting(e *Engine, ready map[string]bool) ([]string, error) {
	pos, err := e.Core(g.Position)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, s := range g.Seats {
		if s.Bot || ready[s.Power] {
			continue
		}
		if e.Owes(pos, s.Power) {
			out = append(out, s.Power)
		}
	}
	return out, nil
}

// Due reports whether the phase's deadline has passed.
func (g *Game) Due(now time.Time) bool {
	return g.Status == Active && !g.Deadline.IsZero() && !now.Before(g.Deadline)
}

// Advance adjudicates the current phase with the orders given (bots'
// orders included) and moves the game to the next phase, or ends it.
func (g *Game) Advance(e *Engine, orders map[string][]string, now time.Time) (*Resolution, error) {
	if g.Status != Active {
		return nil, fmt.Errorf("%w: the game is not being played", ErrState)
	}
	pos, err := e.Core(g.Position)
	if err != nil {
		return nil, err
	}
	res, err := e.Resolve(pos, orders)
	if err != nil {
		return nil, err
	}
	g.Position = res.Next
	g.Last = res
	g.Seq++
	g.Deadline = now.Add(time.Duration(g.PhaseSeconds) * time.Second)
	if res.Winner != "" {
		g.finish(e, &End{Reason: "victory", Winner: res.Winner}, now)
		return res, nil
	}
	// A power that is out no longer votes: a pending vote may now pass.
	next, err := e.Core(g.Position)
	if err != nil {
		return nil, err
	}
	g.DrawVotes = g.alive(e, next, g.DrawVotes)
	g.ConcedeVotes = g.alive(e, next, g.ConcedeVotes)
	g.settleVotes(e, next, now)
	if g.Status == Active && !g.peopleAlive(e, next) {
		// Only bots are left: nobody would ever vote, so the game ends in a
		// draw between the powers still in it.
		g.finish(e, &End{Reason: "draw", Powers: g.alivePowers(e, next)}, now)
	}
	return res, nil
}

// alive keeps the votes of powers still in the game.
func (g *Game) alive(e *Engine, pos *rules.Position, votes []string) []string {
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

// peopleAlive reports whether a power played by a person is still in.
func (g *Game) peopleAlive(e *Engine, pos *rules.Position) bool {
	for _, s := range g.Seats {
		if !s.Bot && e.Alive(pos, s.Power) {
			return true
		}
	}
	return false
}

// alivePowers returns the powers still in the game, in map order.
func (g *Game) alivePowers(e *Engine, pos *rules.Position) []string {
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
func (g *Game) Vote(e *Engine, power string, draw, concede bool, now time.Time) error {
	if g.Status != Active {
		return fmt.Errorf("%w: votes are only taken while the game is played", ErrState)
	}
	if draw && e.V.NoDraws {
		return fmt.Errorf("%w: %s has no draws; a game ends only in victory", ErrInvalid, e.V.Title)
	}
	pos, err := e.Core(g.Position)
	if err != nil {
		return err
	}
	if !e.Alive(pos, power) {
		return fmt.Errorf("%w: %s is out of the game", ErrState, power)
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
func (g *Game) settleVotes(e *Engine, pos *rules.Position, now time.Time) {
	alive := g.alivePowers(e, pos)
	var people []string
	for _, s := range g.Seats {
		if !s.Bot && slices.Contains(alive, s.Power) {
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
	counts := pos.CentreCount(e.V.Map)
	leader, best, tie := "", -1, false
	for _, p := range alive {
		pw, _ := e.power(p)
		switch c := counts[pw]; {
		case c > best:
			leader, best, tie = p, c, false
		case c == best:
			tie = true
		}
	}
	if tie || len(alive) < 2 || !slices.ContainsFunc(g.ConcedeVotes, func(p string) bool { return p != leader }) ||
		!all(g.ConcedeVotes, leader) {
		return
	}
	g.finish(e, &End{Reason: "concession", Winner: leader}, now)
}

// finish ends the game: it becomes read-only.
func (g *Game) finish(e *Engine, end *End, now time.Time) {
	if pos, err := e.Core(g.Position); err == nil {
		end.Counts = map[string]int{}
		counts := pos.CentreCount(e.V.Map)
		for _, p := range e.Powers() {
			pw, _ := e.power(p)
			end.Counts[p] = counts[pw]
		}
	}
	end.Phase = g.Position.Phase
	end.Time = now
	g.End = end
	g.Status = Finished
	g.Deadline = time.Time{}
}

func equalFold(a, b string) bool { return strings.EqualFold(a, b) }
