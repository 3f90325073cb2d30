// Package diceplomacy is Diceplomacy at a server's table: the table.Kind
// of Diceplomacy games, played by moves on package dice's engine. A game
// keeps everything in its state (the log of every event, secret rolls
// included, which never leaves the server) and uses no records.
package diceplomacy

import (
	crand "crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
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
type Kind struct{}

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
func (Kind) New(_ string, creator table.Player, o table.Options, settings json.RawMessage) (table.Game, error) {
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
	g := &tableGame{base: *t}
	if o.Power != "" {
		if err := g.Join(creator, o.Power); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// Decode reads a stored game and replays its log.
func (Kind) Decode(data []byte) (table.Game, error) {
	var g tableGame
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

// settle lets bots answer what is asked of them, then sets the deadline
// for the people's decisions, or ends the game.
func (g *tableGame) settle(now time.Time) {
	src := freshSource()
	var v dice.View
	b, _ := dicebot.New("heuristic", src) // one bot plays every bot seat
	for step := 0; step < 10000 && !g.g.Over(); step++ {
		var botSeat dice.Seat = dice.NoSeat
		for _, r := range g.g.Pending() {
			if g.Seats[r.Seat].Bot {
				botSeat = r.Seat
				break
			}
		}
		if botSeat == dice.NoSeat {
			break
		}
		g.g.FillView(botSeat, &v)
		if err := g.g.Apply(b.Decide(&v)); err != nil {
			_ = g.g.Timeout(botSeat) // a bot's bug must not stall the game
		}
		g.Moves++
	}
	if g.g.Over() {
		g.Status = table.Finished
		g.Deadline = time.Time{}
		return
	}
	g.Deadline = g.NextDeadline(now, table.MainPhase)
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
	var kind dice.MoveKind
	if err := kind.UnmarshalText([]byte(mv.Kind)); err != nil || kind == dice.MoveNone {
		return table.Errorf(table.ErrInvalid, "kind: unknown move %q", mv.Kind)
	}
	m := dice.Move{Kind: kind, Target: dice.NoSeat, Yes: mv.Yes}
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

// Advance applies the defaults of every decision waited for.
func (g *tableGame) Advance(r *table.Row, now time.Time) error {
	if g.Status != table.Active || g.g == nil {
		g.Deadline = time.Time{}
		return nil
	}
	g.Moves += g.g.TimeoutAll()
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
	// 0 until revealed in a battle.
	View    *dice.View `json:"view,omitempty"`
	Creator bool       `json:"you_created"`
}

// View is the game as user may know it.
func (g *tableGame) View(r *table.Row, user string) (any, error) {
	out := &View{ViewHeader: table.Header(r, g.Table(), g.Moves, user), Creator: g.Creator == user}
	for _, s := range g.Seats {
		s.User = "" // ids are not for other players
		out.Seats = append(out.Seats, s)
	}
	seat := g.seatOf(user)
	if seat != dice.NoSeat {
		out.MyPower = g.Seats[seat].Power
		n := int(seat)
		out.MySeat = &n
	}
	if g.g != nil {
		v := g.g.View(seat)
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
