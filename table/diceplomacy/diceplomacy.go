// Package diceplomacy is Diceplomacy at a server's table: the table.Kind
// of Diceplomacy games, played by moves on package dice's engine. A game
// keeps everything in its state (the log of every event, secret rolls
// included, which never leaves the server) and uses no records.
package diceplomacy

import (
	"crypto/hmac"
	crand "crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/chancery/chancery/dice"
	dicebot "github.com/chancery/chancery/dice/bot"
	"github.com/chancery/chancery/table"
)

// Name is the kind's name, and its one variant's.
const Name = "diceplomacy"

// maxTurns ends a game in a draw after so many turns: the rules have no
// limit, a server needs one against players who never fight.
const maxTurns = 300

// Kind is Diceplomacy.
type Kind struct {
	// Decide asks b, the bot at a bot's seat, for its move in v:
	// b.Decide, unless a test sets it (to hold a decision open).
	Decide func(b dicebot.Bot, v *dice.View) dice.Move
}

// Name returns "diceplomacy".
func (Kind) Name() string { return Name }

// Variants lists the one variant, Diceplomacy itself.
func (Kind) Variants() []table.Variant {
	return []table.Variant{{Name: Name, Kind: Name, Title: dice.Title, Powers: []string{},
		Victory: dice.Victory, Draws: true, Description: dice.Description,
		MinPlayers: dice.MinPlayers, MaxPlayers: dice.MaxPlayers}}
}

// Description is GET /variants/diceplomacy: the list's entry, and no
// board, provinces or palette, which Diceplomacy, played without a map,
// has not.
type Description struct {
	table.Variant
	Board     *struct{}  `json:"board"`
	Provinces []struct{} `json:"provinces"`
	Palette   []struct{} `json:"palette"`
}

// Describe describes the one variant.
func (k Kind) Describe(variant string) (any, error) {
	return &Description{Variant: k.Variants()[0], Provinces: []struct{}{}, Palette: []struct{}{}}, nil
}

// Plays recognises "diceplomacy", in any case.
func (Kind) Plays(name string) (string, bool) {
	if strings.EqualFold(name, Name) {
		return Name, true
	}
	return "", false
}

// Settings are a Diceplomacy game's own settings, beside the options
// every kind has.
type Settings struct {
	// Players is the number of seats (0: 6).
	Players int `json:"players"`
}

// The codes of the refusals of a Diceplomacy move; api/diceplomacy.yaml
// lists them for clients.
const (
	CodeNotAsked      = "not_asked"       // a move nobody asks of the seat now
	CodeTargetNotSeat = "target_not_seat" // a move naming a seat the game does not have
	CodeTargetOut     = "target_out"      // a move naming a player out of the game
	CodeTargetSelf    = "target_self"     // a move naming its own player
	CodeAlreadyAlly   = "already_ally"    // proposing an alliance to one's ally
	CodeNoAlliances   = "no_alliances"    // proposing an alliance when 3 or fewer players remain
	CodeAlreadyInWar  = "already_in_war"  // inviting into a war a player already in it
	CodeAlreadyAsked  = "already_asked"   // inviting into a war a player already asked
)

// New returns a forming game of settings' players seats (6 by default).
func (k Kind) New(_ string, creator table.Player, o table.Options, settings json.RawMessage) (table.Game, error) {
	var set Settings
	if err := table.DecodeSettings(settings, &set, "Diceplomacy"); err != nil {
		return nil, err
	}
	if set.Players == 0 {
		set.Players = 6
	}
	if set.Players < dice.MinPlayers || set.Players > dice.MaxPlayers {
		return nil, table.Errorf(table.ErrInvalid, "players: Diceplomacy takes %d to %d players", dice.MinPlayers, dice.MaxPlayers)
	}
	seats := make([]string, set.Players)
	for i := range seats {
		seats[i] = fmt.Sprintf("Seat %d", i) // seats count from 0, as in the view
	}
	t, err := table.NewTable(creator.ID, seats, o.PhaseSeconds, o.Bots)
	if err != nil {
		return nil, err
	}
	if err := t.SetSchedule(o.Schedule()); err != nil {
		return nil, err
	}
	g := &tableGame{base: *t, k: k}
	if o.Power != "" {
		if err := g.Join(creator, o.Power); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// Decode reads a stored game and replays its log.
func (k Kind) Decode(data []byte) (table.Game, error) {
	g := tableGame{k: k}
	if err := json.Unmarshal(data, &g); err != nil {
		return nil, err
	}
	if g.Status != table.Forming && len(g.Log) > 0 {
		e, err := dice.Replay(g.Config, g.Log, freshSource())
		if err != nil {
			return nil, err
		}
		g.g = e
	}
	return &g, nil
}

// tableGame is a Diceplomacy game's stored state. The log holds every event,
// secret rolls included: it never leaves the server; players get
// dice.View and dice.Game.LogFor of their own seat.
type tableGame struct {
	base
	Config dice.Config  `json:"config"`
	Log    []dice.Event `json:"log,omitempty"`
	Moves  int          `json:"moves"`

	g *dice.Game // the replayed game, while active
	k Kind
	// thought is what Think worked out, for Advance.
	thought *thought
}

// thought is the game as Think played it on: the engine after the
// defaults and the bots' moves, and how many moves that was, worked out
// from the game at moves moves and events events of its log.
type thought struct {
	moves, events int
	next          *dice.Game
	played        int
}

// holds reports whether t was worked out from g as it is.
func (t *thought) holds(g *tableGame) bool {
	return t != nil && g.g != nil && t.moves == g.Moves && t.events == len(g.g.Log())
}

// base is the table every kind has, under a name that leaves Table to
// the method.
type base = table.Table

// Table returns the game's seats and life.
func (g *tableGame) Table() *table.Table { return &g.base }

// Seq is the number of moves played (the bots' and the defaults'
// included).
func (g *tableGame) Seq() int { return g.Moves }

// MarshalJSON writes the game with its log.
func (g *tableGame) MarshalJSON() ([]byte, error) {
	type stored tableGame // without this method
	s := stored(*g)
	if g.g != nil {
		s.Log = g.g.Log()
	}
	return json.Marshal(&s)
}

// Power returns name: a seat has no other names.
func (g *tableGame) Power(name string) string { return name }

// freshSource is an unpredictable source for dice not yet rolled.
func freshSource() dice.Source {
	var b [16]byte
	_, _ = crand.Read(b[:])
	return rand.New(rand.NewPCG(binary.LittleEndian.Uint64(b[:8]), binary.LittleEndian.Uint64(b[8:])))
}

// seatOf returns the seat user plays, or dice.NoSeat.
func (g *tableGame) seatOf(user string) dice.Seat {
	if i := g.SeatOf(user); i >= 0 {
		return dice.Seat(i)
	}
	return dice.NoSeat
}

// Join seats p at "Seat 3", "3" or "seat3" (seats count from 0), or at
// any free seat.
func (g *tableGame) Join(p table.Player, power string) error {
	return g.base.Join(p, power, func(power string) (int, error) {
		s := strings.TrimSpace(strings.TrimPrefix(strings.ToLower(power), "seat"))
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 || n >= len(g.Seats) {
			return -1, fmt.Errorf("%w: no seat %q (Seat 0 to Seat %d)", table.ErrInvalid, power, len(g.Seats)-1)
		}
		return n, nil
	})
}

// Start deals the dice; bots take the empty seats, named by seat.
func (g *tableGame) Start(user string, now time.Time) error {
	if err := g.base.Start(user); err != nil {
		return err
	}
	names := make([]string, len(g.Seats))
	for i := range g.Seats {
		if g.Seats[i].Bot {
			g.Seats[i].Name = fmt.Sprintf("Bot %d", i)
		}
		names[i] = g.Seats[i].Name
	}
	g.Config = dice.Config{Players: len(g.Seats), Names: names, Start: dice.RandomStart, MaxTurns: maxTurns}
	e, err := dice.New(g.Config, freshSource())
	if err != nil {
		return err
	}
	g.g = e
	g.settle(now)
	return nil
}

// botsOwed appends to dst the seats of bots that e asks a decision of.
func (g *tableGame) botsOwed(dst []int, e *dice.Game) []int {
	var buf [dice.MaxPlayers]dice.Request
	for _, r := range e.AppendPending(buf[:0]) {
		if g.Seats[r.Seat].Bot {
			dst = append(dst, int(r.Seat))
		}
	}
	return dst
}

// botsToAnswer reports whether the game waits for a bot's decision,
// which the server's scheduler plays (Think), outside any request: people
// are asked nothing meanwhile, since a bot's answer may settle what a
// person would be asked (an ally's refusal refuses for both).
func (g *tableGame) botsToAnswer() bool {
	return g.Status == table.Active && g.g != nil && len(g.botsOwed(nil, g.g)) > 0
}

// settle sets the deadline after a change: now when a bot is asked a
// decision (the scheduler plays the bots, outside any transaction:
// Think), the people's deadline otherwise; or it ends the game.
func (g *tableGame) settle(now time.Time) {
	switch {
	case g.g.Over():
		g.Status = table.Finished
		g.Deadline = time.Time{}
	case g.botsToAnswer():
		g.Deadline = now
	default:
		g.Deadline = g.NextDeadline(now, table.MainPhase)
	}
}

// maxBotMoves bounds the moves one Think plays (a game of bots alone
// plays to its end, at most maxTurns turns).
const maxBotMoves = 10000

// Think works out, for Advance, what the game's deadline says, on a copy
// of the game and outside any transaction (table.Thinker): the defaults
// of the people's decisions when no bot is asked one (their deadline
// passed), then the bots' moves until only people are asked or the game
// ends. A bot decides from its seat's view alone, with a random source
// seeded by the game's secret and the move (botSource); dice not yet
// rolled are drawn afresh. What earlier worked out is taken when earlier
// was the game as it is.
func (g *tableGame) Think(r *table.Row, earlier table.Game) error {
	if g.Status != table.Active || g.g == nil {
		return nil
	}
	if e, ok := earlier.(*tableGame); ok && e.thought.holds(g) {
		g.thought = e.thought
		return nil
	}
	src, err := botSource(r.Secret, g.Moves)
	if err != nil {
		return fmt.Errorf("game %s: %w", r.ID, err)
	}
	t := &thought{moves: g.Moves, events: len(g.g.Log()), next: g.g.Clone(freshSource())}
	e := t.next
	owed := g.botsOwed(nil, e)
	if len(owed) == 0 {
		t.played += e.TimeoutAll()
	}
	b, _ := dicebot.New("heuristic", src) // one bot plays every bot seat
	decide := g.k.Decide
	if decide == nil {
		decide = dicebot.Bot.Decide
	}
	var v dice.View
	for step := 0; step < maxBotMoves && !e.Over(); step++ {
		owed = g.botsOwed(owed[:0], e)
		if len(owed) == 0 {
			break
		}
		seat := dice.Seat(owed[0])
		e.FillView(seat, &v)
		if err := e.Apply(decide(b, &v)); err != nil {
			_ = e.Timeout(seat) // a bot's bug must not stall the game
		}
		t.played++
	}
	g.thought = t
	return nil
}

// botSource is the random source of a game's bots from move n on: a
// ChaCha8 stream keyed by HMAC-SHA256(secret, n), so that nobody can
// foresee the bots' choices from the public game and the bots' code, and
// a move thought again (the game changed meanwhile, or a crash) is
// decided alike.
func botSource(secret []byte, n int) (*rand.Rand, error) {
	if len(secret) < 16 {
		return nil, fmt.Errorf("the game has no secret to seed its bots (%d bytes)", len(secret))
	}
	mac := hmac.New(sha256.New, secret)
	fmt.Fprintf(mac, "chancery diceplomacy bots, move %d", n)
	var seed [32]byte
	copy(seed[:], mac.Sum(nil))
	return rand.New(rand.NewChaCha8(seed)), nil
}

// Move is a move as a person gives it (POST /games/{id}/moves): its kind,
// one of declare_war, propose_alliance, grand_treaty, reorganise,
// answer_alliance, invite, stop_inviting, answer_join, answer_surrender;
// the seat it targets (0-based, as in the view) for declare_war,
// propose_alliance and invite; yes for the answers.
type Move struct {
	Kind   string `json:"kind"`
	Target *int   `json:"target"`
	Yes    bool   `json:"yes"`
}

// Move plays a user's move, a Move as JSON.
func (g *tableGame) Move(r *table.Row, user string, body json.RawMessage, now time.Time) error {
	var mv Move
	if err := table.Decode(body, &mv); err != nil {
		return err
	}
	return g.move(user, mv, now)
}

func (g *tableGame) move(user string, mv Move, now time.Time) error {
	var kind dice.MoveType
	if err := kind.UnmarshalText([]byte(mv.Kind)); err != nil || kind == dice.MoveNone {
		return table.Errorf(table.ErrInvalid, "kind: unknown move %q", mv.Kind)
	}
	m := dice.Move{Type: kind, Target: dice.NoSeat, Yes: mv.Yes}
	if mv.Target != nil {
		if *mv.Target < 0 || *mv.Target >= dice.MaxPlayers {
			return table.Codedf(table.ErrInvalid, CodeTargetNotSeat, "there is no seat %d in this game", *mv.Target)
		}
		m.Target = dice.Seat(*mv.Target)
	}
	seat := g.seatOf(user)
	if seat == dice.NoSeat {
		return table.Codedf(table.ErrForbidden, table.CodeNotPlayer, "you do not play in this game")
	}
	if g.Status != table.Active {
		return table.Codedf(table.ErrState, table.CodeNotInPlay, "the game is %s", g.Status)
	}
	if g.botsToAnswer() {
		return table.Codedf(table.ErrInvalid, CodeNotAsked, "nothing is asked of you until the bots have answered")
	}
	m.Seat = seat
	if err := g.g.Apply(m); err != nil {
		return g.refusal(m, err)
	}
	g.Moves++
	g.settle(now)
	return nil
}

// refusal is the table's error for a move the engine refused with err:
// coded, and worded for the player, who knows the others by name and not
// by seat.
func (g *tableGame) refusal(m dice.Move, err error) error {
	target := func() string {
		if m.Target < 0 || int(m.Target) >= len(g.Seats) {
			return m.Target.String()
		}
		if s := g.Seats[m.Target]; s.Name != "" {
			return s.Name
		}
		return g.Seats[m.Target].Power
	}
	switch {
	// A move the table no longer asks for is most often one a decision
	// taken meanwhile (a deadline, another's answer) overtook.
	case errors.Is(err, dice.ErrGameOver):
		return table.Codedf(table.ErrInvalid, CodeNotAsked, "the game is over")
	case errors.Is(err, dice.ErrNotAsked):
		return table.Codedf(table.ErrInvalid, CodeNotAsked, "nothing is asked of you now")
	case errors.Is(err, dice.ErrWrongMove):
		return table.Codedf(table.ErrInvalid, CodeNotAsked, "that move does not answer what is asked of you now")
	case errors.Is(err, dice.ErrTargetNotSeat):
		return table.Codedf(table.ErrInvalid, CodeTargetNotSeat, "there is no seat %d in this game", int(m.Target))
	case errors.Is(err, dice.ErrTargetOut):
		return table.Codedf(table.ErrInvalid, CodeTargetOut, "%s is out of the game", target())
	case errors.Is(err, dice.ErrTargetSelf):
		return table.Codedf(table.ErrInvalid, CodeTargetSelf, "you cannot name yourself: choose another player")
	case errors.Is(err, dice.ErrAlreadyAlly):
		return table.Codedf(table.ErrInvalid, CodeAlreadyAlly, "%s is already your ally", target())
	case errors.Is(err, dice.ErrNoAlliances):
		return table.Codedf(table.ErrInvalid, CodeNoAlliances, "no alliance can be formed when 3 or fewer players remain")
	case errors.Is(err, dice.ErrAlreadyInWar):
		return table.Codedf(table.ErrInvalid, CodeAlreadyInWar, "%s is already in the war", target())
	case errors.Is(err, dice.ErrAlreadyAsked):
		return table.Codedf(table.ErrInvalid, CodeAlreadyAsked, "%s has already been asked to join this war", target())
	}
	return fmt.Errorf("%w: %v", table.ErrInvalid, err)
}

// Advance plays what Think worked out on the game as it is: the
// defaults of the people's decisions waited for, when no bot is asked
// one, and the bots' moves. Without it (the game changed since, or Think
// was not called), it plays the defaults alone, when no bot is asked one,
// and leaves the bots' moves to the next Think (the game stays due): no
// bot ever decides in Advance, which runs in a write transaction.
func (g *tableGame) Advance(r *table.Row, now time.Time) error {
	if g.Status != table.Active || g.g == nil {
		g.Deadline = time.Time{}
		return nil
	}
	if t := g.thought; t.holds(g) {
		g.g, g.Moves = t.next, g.Moves+t.played
	} else if !g.botsToAnswer() {
		g.Moves += g.g.TimeoutAll()
	}
	g.thought = nil
	g.settle(now)
	return nil
}

// View is GET /games/{id} for a Diceplomacy game.
type View struct {
	table.ViewHeader
	Seats   []table.Seat `json:"seats"`
	MyPower string       `json:"my_power,omitempty"`
	MySeat  *int         `json:"my_seat,omitempty"`
	// View is the game as the user may know it: other players' dice are
	// 0 until revealed in a battle. While bots are to answer, nobody
	// else is asked anything: its request is none and it has no legal
	// moves.
	View *dice.View `json:"view,omitempty"`
	// BotsToAnswer are the seats of the bots whose decisions the game
	// waits for, in seat order: the server plays them a moment later,
	// outside any request, and the game's live stream announces the new
	// move. Empty when no bot is asked anything.
	BotsToAnswer []int `json:"bots_to_answer"`
	Creator      bool  `json:"you_created"`
}

// View is the game as user may know it.
func (g *tableGame) View(r *table.Row, user string) (any, error) {
	out := &View{ViewHeader: table.Header(r, g.Table(), g.Moves, user), Creator: g.Creator == user}
	for _, s := range g.Seats {
		// Ids are not for other players, nor is who missed what.
		s.User, s.Left, s.Missed = "", "", 0
		out.Seats = append(out.Seats, s)
	}
	seat := g.seatOf(user)
	if seat != dice.NoSeat {
		out.MyPower = g.Seats[seat].Power
		n := int(seat)
		out.MySeat = &n
	}
	out.BotsToAnswer = []int{}
	if g.g != nil {
		v := g.g.View(seat)
		if g.Status == table.Active {
			out.BotsToAnswer = g.botsOwed(out.BotsToAnswer, g.g)
		}
		if len(out.BotsToAnswer) > 0 && seat != dice.NoSeat {
			// People are asked once the bots have answered: a bot's
			// answer may settle what a person would be asked.
			v.Request = dice.Request{Seat: seat, Default: dice.Move{Seat: seat, Target: dice.NoSeat}}
			v.Legal = nil
		}
		out.View = &v
	}
	return out, nil
}

// History is the game's log as user may see it, from its since'th event
// on.
func (g *tableGame) History(r *table.Row, user string, since int) (any, error) {
	events := []dice.Event{}
	if g.g != nil {
		events = g.g.LogFor(g.seatOf(user))
		events = events[min(since, len(events)):]
	}
	return map[string]any{"events": events}, nil
}

// Waiting returns the people whose decision the game waits for
// (table.Waiter): who must answer, never what.
func (g *tableGame) Waiting(r *table.Row) ([]string, error) {
	if g.Status != table.Active || g.g == nil || g.g.Over() {
		return nil, nil
	}
	var out []string
	for _, p := range g.g.Pending() {
		if s := int(p.Seat); s >= 0 && s < len(g.Seats) && !g.Seats[s].Bot && g.Seats[s].User != "" && !slices.Contains(out, g.Seats[s].User) {
			out = append(out, g.Seats[s].User)
		}
	}
	return out, nil
}
