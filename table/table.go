// Package table is what every kind of game played on a Chancery server has
// alike: seats taken by people or bots, a life (forming, active,
// finished), a creator who starts it, a deadline; and the one interface,
// Kind and Game, through which a server creates, joins, starts, shows and
// plays a game without knowing its rules.
//
// A kind brings its own rules in a package of its own (table/diplomacy,
// table/diceplomacy); a server holds a Registry of kinds and dispatches
// every request through them. What a game may be sent beyond joining and
// starting — orders, votes, moves, a board to draw — are optional
// interfaces (OrderTaker, Voter, Mover, Boarder): a kind implements those
// its rules have. A kind reads its own payloads (its settings, orders,
// votes, moves) from raw JSON, with Decode and DecodeSettings, as strictly
// as the server reads its own, so that the server names no field of any
// one kind, as database/sql knows no driver's.
package table

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// The errors of a game's life. Every error a kind returns for a request
// that cannot be granted wraps one of them, so a server can tell a request
// that does not fit the game's state from one that is not allowed, not
// valid, or about something that does not exist.
var (
	// ErrState: the game is not in a state that allows the request (not
	// forming, already finished, ...).
	ErrState = errors.New("not possible now")
	// ErrForbidden: the user may not do this in this game.
	ErrForbidden = errors.New("forbidden")
	// ErrInvalid: the request names something that does not exist or
	// breaks a rule.
	ErrInvalid = errors.New("invalid")
	// ErrNotFound: the request asks for something the game does not have
	// (a phase not played yet, a board of a game without one).
	ErrNotFound = errors.New("not found")
	// ErrMalformed: a payload that does not read as the API documents it
	// (Decode): bad JSON, an unknown field, a value of the wrong type.
	ErrMalformed = errors.New("malformed")
)

// Error is a refused request whose message is for people as it stands:
// unlike fmt.Errorf("%w: ...", ErrState), its text does not start with the
// class's.
type Error struct {
	// Class is ErrState, ErrForbidden, ErrInvalid, ErrNotFound or
	// ErrMalformed.
	Class error
	Msg   string
	// Code, when set, names the refusal for a client that explains it in
	// its reader's language; Msg explains it in English. Only the
	// refusals a player commonly meets have one (the codes below).
	Code string
}

// Errorf returns an *Error of class.
func Errorf(class error, format string, args ...any) error {
	return &Error{Class: class, Msg: fmt.Sprintf(format, args...)}
}

// Codedf returns an *Error of class with a code.
func Codedf(class error, code, format string, args ...any) error {
	return &Error{Class: class, Code: code, Msg: fmt.Sprintf(format, args...)}
}

// The codes of the refusals a player commonly meets in every kind of
// game; api/openapi.yaml (the Error schema) lists them for clients. A
// kind's own refusals have codes of the kind's package.
const (
	CodeGameStarted     = "game_started"        // joining, leaving, starting or cancelling a game under way
	CodeAlreadySeated   = "already_seated"      // joining a game one plays in
	CodeSeatTaken       = "seat_taken"          // the seat asked for has a player
	CodeGameFull        = "game_full"           // every seat has a player
	CodeNotCreator      = "not_creator"         // starting or cancelling another's game
	CodeNoPlayers       = "no_players"          // starting a game nobody joined
	CodeSeatsEmpty      = "seats_empty"         // starting a game without bots with empty seats
	CodeNotPlayer       = "not_player"          // playing, voting, writing in or leaving a game one does not play
	CodeNotInPlay       = "not_in_play"         // playing or voting in a game not under way
	CodeInvitation      = "invitation_needed"   // a private game without its invitation
	CodeNoSpectators    = "no_spectators"       // following a game that admits none
	CodeNoPress         = "no_press"            // press in a game without
	CodePublicPressOnly = "public_press_only"   // private press in a game with public press only
	CodeFinished        = "game_finished"       // press in a finished game
	CodeTooManyGames    = "too_many_games"      // creating one game too many
	CodePhaseTooShort   = "phase_too_short"     // a phase shorter than the server allows
	CodeUnreliable      = "reliability_too_low" // joining a game that asks for more reliability
	CodeReliability     = "reliability_invalid" // a reliability asked of players that is not a percentage
)

func (e *Error) Error() string { return e.Msg }

// Unwrap returns the class.
func (e *Error) Unwrap() error { return e.Class }

// Status is where a game is in its life.
type Status string

// The statuses of a game.
const (
	Forming  Status = "forming"  // players join; nothing is played
	Active   Status = "active"   // the game is played
	Finished Status = "finished" // read-only
)

// MinPhaseSeconds and MaxPhaseSeconds bound a phase's (in Diceplomacy, a
// decision's) length: a server may ask for more than a second (its
// --min-phase), never more than 7 days.
const (
	MinPhaseSeconds = 1
	MaxPhaseSeconds = 7 * 24 * 3600
)

// Player is a person at the table: their account's id and their name.
type Player struct {
	ID   string
	Name string
}

// Seat is one place at a game's table and who plays it: a power of
// Diplomacy, a seat of Diceplomacy.
type Seat struct {
	Power string `json:"power"`
	// User is the id of the player's account, or "".
	User string `json:"user,omitempty"`
	// Name is the player's name, for display.
	Name string `json:"name,omitempty"`
	// Bot is set when a bot plays the seat.
	Bot bool `json:"bot,omitempty"`
	// Away is set when a bot plays the seat in place of its person, who
	// missed too many phases (User and Name stay theirs): they take it
	// back by giving orders.
	Away bool `json:"away,omitempty"`
	// Missed counts the movement phases in a row its person gave no
	// orders.
	Missed int `json:"missed,omitempty"`
	// Wanted is set when the game master opened the seat for a
	// substitute; Left is the account that held it last, whose press
	// the substitute inherits.
	Wanted bool   `json:"wanted,omitempty"`
	Left   string `json:"left,omitempty"`
}

// Table is the part of a game's state every kind keeps alike, under the
// same JSON names: a kind's state embeds it.
type Table struct {
	Status       Status `json:"status"`
	Creator      string `json:"creator"`
	PhaseSeconds int    `json:"phase_seconds"`
	// RetreatSeconds and AdjustmentSeconds, when not 0, are the lengths
	// of retreat and adjustment phases; DeadlineAt, when set, puts the
	// deadlines at a time of day (Schedule, NextDeadline).
	RetreatSeconds    int      `json:"retreat_seconds,omitempty"`
	AdjustmentSeconds int      `json:"adjustment_seconds,omitempty"`
	DeadlineAt        *DailyAt `json:"deadline_at,omitempty"`
	// FillWithBots asks that seats still empty at the start be played by
	// bots.
	FillWithBots bool   `json:"fill_with_bots"`
	Seats        []Seat `json:"seats"`
	// Deadline is when the scheduler next acts on the game (zero: never).
	Deadline time.Time `json:"deadline,omitzero"`
	// Cancelled is set when the creator cancelled the game before it
	// started: it is finished, nothing was played, and nobody won.
	Cancelled bool `json:"cancelled,omitempty"`
	Stewardship
	// Sandbox is set in a game its creator plays alone, every seat a hand
	// of theirs (Hand), to try lines out: it is private and never counts
	// for anyone's reliability.
	Sandbox bool `json:"sandbox,omitempty"`
	// MinReliability, when not 0, is the least reliability (a
	// percentage of the phases owed in which orders were given) a player
	// needs to join the game.
	MinReliability int `json:"min_reliability,omitempty"`
}

// Hand returns the id a sandbox's seat of power is held by: the
// creator's id and the power, so that the rules, which know one power
// per player, see each power played by a player of its own.
func Hand(creator, power string) string { return creator + "/" + power }

// NewTable returns the table of a forming game with a seat per power.
func NewTable(creator string, powers []string, phaseSeconds int, fillWithBots bool) (*Table, error) {
	t := &Table{Status: Forming, Creator: creator, FillWithBots: fillWithBots}
	if err := t.SetSchedule(Schedule{PhaseSeconds: phaseSeconds}); err != nil {
		return nil, err
	}
	for _, p := range powers {
		t.Seats = append(t.Seats, Seat{Power: p})
	}
	return t, nil
}

// SeatOf returns the index of user's seat, or -1.
func (t *Table) SeatOf(user string) int {
	for i, s := range t.Seats {
		if user != "" && s.User == user {
			return i
		}
	}
	return -1
}

// PowerOf returns the power user plays, or "".
func (t *Table) PowerOf(user string) string {
	if i := t.SeatOf(user); i >= 0 {
		return t.Seats[i].Power
	}
	return ""
}

// Powers returns the powers of the seats, in order.
func (t *Table) Powers() []string {
	out := make([]string, len(t.Seats))
	for i, s := range t.Seats {
		out[i] = s.Power
	}
	return out
}

// BotPowers returns the powers that bots play.
func (t *Table) BotPowers() []string {
	var out []string
	for _, s := range t.Seats {
		if s.Bot {
			out = append(out, s.Power)
		}
	}
	return out
}

// Join seats p at power, "" for the first free seat. find returns the
// index of the seat a power names, or an error (wrapping ErrInvalid) that
// says which powers there are: each kind names its seats its own way.
//
// In a game under way only a seat open for a substitute (Wanted) may be
// taken, by anyone but a player removed from the game.
func (t *Table) Join(p Player, power string, find func(power string) (int, error)) error {
	if t.Status == Finished || t.Status == Active && len(t.Wanted()) == 0 {
		return Codedf(ErrState, CodeGameStarted, "the game has started")
	}
	if mine := t.PowerOf(p.ID); mine != "" {
		return Codedf(ErrState, CodeAlreadySeated, "you already play %s", mine)
	}
	if t.Status == Active {
		return t.takeWanted(p, power, find)
	}
	i := -1
	if power == "" {
		for k, s := range t.Seats {
			if s.User == "" {
				i = k
				break
			}
		}
		if i < 0 {
			return Codedf(ErrState, CodeGameFull, "every seat is taken")
		}
	} else {
		var err error
		if i, err = find(power); err != nil {
			return err
		}
		if t.Seats[i].User != "" {
			return Codedf(ErrState, CodeSeatTaken, "%s is taken", t.Seats[i].Power)
		}
	}
	t.Seats[i].User, t.Seats[i].Name = p.ID, p.Name
	return nil
}

// Leave frees user's seat in a forming game, for anyone to take. The
// creator may leave theirs too and stays the creator.
func (t *Table) Leave(user string) error {
	if t.Status != Forming {
		return Codedf(ErrState, CodeGameStarted, "the game has started; a seat can only be left before")
	}
	i := t.SeatOf(user)
	if i < 0 {
		return Codedf(ErrForbidden, CodeNotPlayer, "you have no seat in this game")
	}
	t.Seats[i].User, t.Seats[i].Name = "", ""
	return nil
}

// Cancel ends a forming game before it starts: it is finished, and
// Cancelled says why. Only the creator may cancel a game. The game is
// kept, not deleted, so that its page can say what became of it.
func (t *Table) Cancel(user string) error {
	if t.Status != Forming {
		return Codedf(ErrState, CodeGameStarted, "the game has started; only a game that has not can be cancelled")
	}
	if user != t.Creator {
		return Codedf(ErrForbidden, CodeNotCreator, "only the game's creator may cancel it")
	}
	t.Status, t.Cancelled, t.Deadline = Finished, true, time.Time{}
	return nil
}

// Start makes the game active. Seats still empty are given to bots when
// the game was created with bots; otherwise every seat must be taken. Only
// the creator may start a game, and it needs at least one person. The
// deadline is the kind's to set.
func (t *Table) Start(user string) error {
	if t.Status != Forming {
		return Codedf(ErrState, CodeGameStarted, "the game has already started")
	}
	if user != t.Creator {
		return Codedf(ErrForbidden, CodeNotCreator, "only the game's creator may start it")
	}
	people, empty := 0, 0
	for _, s := range t.Seats {
		if s.User != "" {
			people++
		} else {
			empty++
		}
	}
	if people == 0 {
		return Codedf(ErrState, CodeNoPlayers, "nobody has joined; a game needs at least one player")
	}
	if empty > 0 && !t.FillWithBots {
		if empty == 1 {
			return Codedf(ErrState, CodeSeatsEmpty, "1 seat is empty (create the game with bots to fill it)")
		}
		return Codedf(ErrState, CodeSeatsEmpty, "%d seats are empty (create the game with bots to fill them)", empty)
	}
	for i := range t.Seats {
		if t.Seats[i].User == "" {
			t.Seats[i].Bot = true
		}
	}
	t.Status = Active
	return nil
}

// Deadline returns t in UTC as the API writes a deadline: nil for none.
func Deadline(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	t = t.UTC()
	return &t
}

// OrderError is one order of a batch that cannot be accepted. Reason,
// when set, is a machine word for why (for Diplomacy, the adjudication
// contract's reasons, "syntax" for an order that cannot be read and
// "other_power" for another power's order) and Where the province it
// refers to, so that a client can explain it in its reader's language;
// Message explains it in English.
type OrderError struct {
	Index   int    `json:"index"`
	Order   string `json:"order"`
	Reason  string `json:"reason,omitempty"`
	Where   string `json:"where,omitempty"`
	Message string `json:"message"`
}

// OrdersError is a batch of orders refused as a whole: one entry per bad
// order.
type OrdersError struct{ Orders []OrderError }

func (e *OrdersError) Error() string {
	msgs := make([]string, len(e.Orders))
	for i, o := range e.Orders {
		msgs[i] = fmt.Sprintf("order %d (%q): %s", o.Index+1, o.Order, o.Message)
	}
	return "invalid orders: " + strings.Join(msgs, "; ")
}

// ViewHeader is what every kind's view of a game (GET /games/{id})
// begins with.
type ViewHeader struct {
	ID                   string `json:"id"`
	Kind                 string `json:"kind"`
	Variant              string `json:"variant"`
	Name                 string `json:"name"`
	Status               string `json:"status"`
	Seq                  int    `json:"seq"`
	Version              int64  `json:"version"`
	PhaseDeadlineSeconds int    `json:"phase_deadline_seconds"`
	// RetreatDeadlineSeconds, AdjustmentDeadlineSeconds and DeadlineAt
	// are the rest of the game's schedule, when its creator chose them.
	RetreatDeadlineSeconds    int        `json:"retreat_deadline_seconds,omitempty"`
	AdjustmentDeadlineSeconds int        `json:"adjustment_deadline_seconds,omitempty"`
	DeadlineAt                *DailyAt   `json:"deadline_at,omitempty"`
	Deadline                  *time.Time `json:"deadline"`
	// Press, Private and Spectators are the game's settings.
	Press      Press `json:"press"`
	Private    bool  `json:"private"`
	Spectators bool  `json:"spectators"`
	// Cancelled: the creator cancelled the game before it started (its
	// status is finished).
	Cancelled bool `json:"cancelled,omitempty"`
	// Sandbox: a game its creator plays alone, every power theirs.
	Sandbox bool `json:"sandbox,omitempty"`
	// MinReliability is the least reliability a player needs to join.
	MinReliability int `json:"min_reliability,omitempty"`
	// Invitation is the invitation code of a private game, shown to its
	// creator and its players only, so that they can invite others.
	Invitation string `json:"invitation,omitempty"`
	// MissedOrders is the game's policy for the orders its people miss.
	MissedOrders MissedOrders `json:"missed_orders"`
	// TakenOver are the powers a bot plays in place of their absent
	// person; Wanted, those whose seats wait for a substitute.
	TakenOver []string `json:"taken_over"`
	Wanted    []string `json:"replacement_wanted"`
	// Master is the game master's name ("": none); YouMaster says the
	// user is the game master.
	Master    string `json:"master"`
	YouMaster bool   `json:"you_master"`
	// Paused: the deadline is frozen, with PausedLeftSeconds left.
	Paused            bool `json:"paused"`
	PausedLeftSeconds int  `json:"paused_left_seconds"`
	// PauseVotes are the powers whose players voted to pause a game
	// without a master.
	PauseVotes []string `json:"pause_votes"`
}

// Header returns the view header of the game stored at r, seated at t,
// having played seq, as user sees it.
func Header(r *Row, t *Table, seq int, user string) ViewHeader {
	h := ViewHeader{ID: r.ID, Kind: r.Kind, Variant: r.Variant, Name: r.Name, Status: string(t.Status), Seq: seq,
		Version: r.Version, PhaseDeadlineSeconds: t.PhaseSeconds, Deadline: Deadline(t.Deadline),
		RetreatDeadlineSeconds: t.RetreatSeconds, AdjustmentDeadlineSeconds: t.AdjustmentSeconds, DeadlineAt: t.DeadlineAt,
		Press: r.Settings.Press, Private: r.Settings.Private, Spectators: r.Settings.Spectators, Cancelled: t.Cancelled,
		Sandbox: t.Sandbox, MinReliability: t.MinReliability}
	if r.Settings.Private && user != "" && (user == t.Creator || t.SeatOf(user) >= 0) {
		h.Invitation = Invitation(r.Secret)
	}
	h.MissedOrders = t.Policy()
	h.TakenOver, h.Wanted, h.PauseVotes = nonNil(t.TakenOver()), nonNil(t.Wanted()), nonNil(t.PauseVotes)
	if m := t.MasterOf(); m != "" {
		h.Master, h.YouMaster = t.MasterName, m == user
		if h.Master == "" { // a game made before masters: its creator's
			if i := t.SeatOf(m); i >= 0 {
				h.Master = t.Seats[i].Name
			}
		}
	}
	h.Paused, h.PausedLeftSeconds = t.Paused, int(t.PausedLeft/time.Second)
	return h
}

// nonNil returns list, or an empty list for nil: the API writes [].
func nonNil(list []string) []string {
	if list == nil {
		return []string{}
	}
	return list
}
