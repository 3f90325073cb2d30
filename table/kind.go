package table

import (
	"encoding/json"
	"io"
	"time"
)

// Kind is one kind of game: Diplomacy in its variants, Diceplomacy. It
// makes new games and reads stored ones back.
type Kind interface {
	// Name is the kind's name, as the API and the store write it
	// ("diplomacy").
	Name() string
	// Variants lists what the kind offers, as GET /variants shows it.
	Variants() []Variant
	// Plays returns the name of the kind's variant that name means
	// (case-insensitive), if the kind plays it.
	Plays(name string) (variant string, ok bool)
	// New returns a forming game of variant, created by creator with the
	// options every kind has and the kind's own settings: the JSON object
	// of the fields of the creation request that are not Options' (empty
	// for none), which the kind reads with DecodeSettings.
	New(variant string, creator Player, o Options, settings json.RawMessage) (Game, error)
	// Decode reads a game as Game.MarshalJSON wrote it. A game that does
	// not read is damaged data (a server bug, never a bad request).
	Decode(data []byte) (Game, error)
}

// Variant is one entry of GET /variants: every field is always there, for
// every kind of game.
type Variant struct {
	Name        string   `json:"name"`
	Kind        string   `json:"kind"`
	Title       string   `json:"title"`
	Powers      []string `json:"powers"`
	Victory     string   `json:"victory"`
	Draws       bool     `json:"draws"`
	Description string   `json:"description"`
	MinPlayers  int      `json:"min_players"`
	MaxPlayers  int      `json:"max_players"`
}

// Options are the choices of a game's creator that every kind has; a
// kind's own are its settings (Kind.New).
type Options struct {
	PhaseSeconds int
	// RetreatSeconds, AdjustmentSeconds and At are the rest of the
	// schedule (Schedule).
	RetreatSeconds, AdjustmentSeconds int
	At                                *DailyAt
	// Bots: seats still empty at the start are played by bots.
	Bots bool
	// Power is the creator's seat ("": the creator watches, or joins
	// later).
	Power string
}

// Schedule returns the schedule the options ask for.
func (o Options) Schedule() Schedule {
	return Schedule{PhaseSeconds: o.PhaseSeconds, RetreatSeconds: o.RetreatSeconds, AdjustmentSeconds: o.AdjustmentSeconds, At: o.At}
}

// Game is one game of a kind, between two requests. A server never keeps
// one beyond a transaction but may share a decoded game between readers:
// methods that change the game (Join, Start, Advance, and those of the
// optional interfaces but OrderTaker's) are called only on a game decoded
// for that change.
type Game interface {
	// Table returns the seats and the life every kind has.
	Table() *Table
	// Seq counts what has been played (phases, moves): it changes when
	// the game moves on, and live streams announce it.
	Seq() int
	// Join seats p at power, "" for any free seat.
	Join(p Player, power string) error
	// Start begins the game and sets its first deadline.
	Start(user string, now time.Time) error
	// Advance does what the deadline says: plays the phase, or applies
	// the defaults of the decisions waited for, and sets the next
	// deadline.
	Advance(r *Row, now time.Time) error
	// View is the game as user may see it (a spectator: "" or a user
	// without a seat), for GET /games/{id}.
	View(r *Row, user string) (any, error)
	// History is what user may see of what has been played, from its
	// since'th entry (phase, move, event) on: a client that holds the
	// first since entries asks for the rest alone. Entries once played
	// never change.
	History(r *Row, user string, since int) (any, error)
	// Power returns the seat's power that name means by any of the names
	// the kind knows (Britain for England), or name when it knows none.
	Power(name string) string
	// MarshalJSON writes the game's state as the store keeps it.
	json.Marshaler
}

// Row is a game's place in the store, as its kind sees it: who it is and
// the records kept beside its state.
type Row struct {
	ID      string
	Kind    string
	Variant string
	Name    string
	// Version changes with every change to the game.
	Version int64
	// Secret seeds the game's bots. It never leaves the server.
	Secret []byte
	// Settings are the game's settings, which the view shows.
	Settings Settings
	Records
}

// Records are what a store keeps of a game beside its state: the orders
// given for the phase being played, seat by seat, and the record of every
// phase played. A kind that keeps everything in its state never uses them.
type Records interface {
	// Orders returns the orders given for phase seq.
	Orders(seq int) ([]SeatOrders, error)
	PutOrders(o SeatOrders) error
	// Phases returns the records of the phases played, in order.
	Phases() ([]Phase, error)
	// Phase returns the record of phase seq; ok is false when it has none
	// (the phase has not been played).
	Phase(seq int) (p Phase, ok bool, err error)
	AddPhase(p Phase) error
}

// SeatOrders are the orders a seat has given for a phase.
type SeatOrders struct {
	Power   string
	Seq     int
	Orders  json.RawMessage
	Ready   bool
	Updated time.Time
}

// Phase is the record of a phase played.
type Phase struct {
	Seq     int
	Name    string
	Data    json.RawMessage
	Created time.Time
}

// Taken is what OrderTaker.TakeOrders answers.
type Taken struct {
	// Reply is the answer to the request, as the kind writes it (the
	// orders kept, in their canonical form).
	Reply any
	// Due: nobody is waited for any more; the phase may be played now.
	Due bool
}

// An OrderTaker takes orders for the phase being played (Diplomacy): a
// seat's orders as the request's body holds them, a JSON object the kind
// reads (with Decode). It keeps them in the records, not in its state:
// TakeOrders does not change the game, so that orders, the most frequent
// request, need no fresh decode.
type OrderTaker interface {
	TakeOrders(r *Row, user string, orders json.RawMessage, now time.Time) (Taken, error)
}

// A Thinker works out ahead of Advance, outside any transaction, the slow
// part of playing on that depends on the game's state alone (Diplomacy:
// the bots' orders; Diceplomacy: the bots' moves, played on a copy of
// the game), so that no write to the store waits for it. A server
// calls Think on a game decoded from a snapshot, then, in a write
// transaction and only if the stored game is still what it was decoded
// from, Advance on that same game, which uses what Think found. When the
// game changed meanwhile, the server decodes it again and calls Think on
// the new game with earlier, the game it thought on before: Think may take
// from earlier what still holds (Diplomacy: the bots' orders, when the
// phase and the bots are the same) rather than work it out again. A kind
// whose bots answer moves (Diceplomacy) sets the deadline to now when it
// hands them the turn, so that the scheduler thinks at once.
//
// Think reads r's identity and secret only: r has no Records (nil).
type Thinker interface {
	Think(r *Row, earlier Game) error
}

// A Voter takes votes to end the game (Diplomacy: a draw, a
// concession): a seat's votes as the request's body holds them, a JSON
// object the kind reads (with Decode). It answers the votes recorded, as
// the kind writes them.
type Voter interface {
	Vote(r *Row, user string, votes json.RawMessage, now time.Time) (any, error)
}

// A Mover takes the moves of a game played by moves (Diceplomacy): a
// move as the request's body holds it, a JSON object the kind reads (with
// Decode).
type Mover interface {
	Move(r *Row, user string, move json.RawMessage, now time.Time) error
}

// A Boarder draws its game on a board: phase n, played or being played.
// When it fails, w may hold part of a drawing.
type Boarder interface {
	Board(w io.Writer, r *Row, n int) error
}

// An Optioner lists what user's seat may send in the phase being played,
// as the rules decide it, so that a client offers exactly that (Diplomacy:
// every legal order of the seat's units). It refuses a user without a
// seat (ErrForbidden) and a game not being played (ErrState).
type Optioner interface {
	Options(user string) (any, error)
}

// A Describer describes one of its kind's variants in full, for a client
// that draws it (GET /variants/{name}): the list's entry and more.
type Describer interface {
	Describe(variant string) (any, error)
}

// A Keeper is a game whose seats a bot can take over while it is played
// (Diplomacy): it applies the game's policy for missed orders when it
// advances, and its master may open a seat for a substitute. InGame
// reports whether power is still in the game (has not been eliminated),
// for votes that only the powers still in it take. A game of a kind that
// is not a Keeper holds (its deadline applies the rules' defaults) and
// has no substitutes.
type Keeper interface {
	InGame(power string) bool
}

// A Waiter tells who the game waits for: the users who owe orders or an
// answer now (a vote, a Diceplomacy decision) and have not said they are
// ready. A server tells them their turn has come.
type Waiter interface {
	Waiting(r *Row) ([]string, error)
}

// A Reporter sums up a phase played for one seat's player, for a
// notification: what that power's units did and what it won or lost.
// It tells nothing a player of that power could not see on the board
// once the phase was played.
type Reporter interface {
	// Report sums up phase seq for user's power; ok is false when there
	// is nothing to report (the user has no seat, the phase was not
	// played).
	Report(r *Row, user string, seq int) (rep Report, ok bool, err error)
}

// Report is a phase played, as it concerns one power: its orders that
// moved, its moves that failed, its units dislodged and disbanded, the
// supply centres it won and lost. Orders and units are in the game's
// notation.
type Report struct {
	Phase       string
	Power       string
	Moved       []string
	Bounced     []string
	Dislodged   []string
	Disbanded   []string
	CentresWon  []string
	CentresLost []string
	// Centres is how many supply centres the power holds after it.
	Centres int
}

// A VoteAsker tells who is asked to vote: the people whose vote a
// proposal of another awaits (Diplomacy: a draw that some have voted
// for). A server tells them, once a phase.
type VoteAsker interface {
	AskedToVote() []string
}

// A Brancher makes a new game of its kind from a position of one of its
// games: phase n of the game stored at r (n from 0 to the phases played:
// the position the phase was played from, or the game's last). The new
// game is forming, created by creator with options o, and has played n
// phases, whose records the server copies from the old game's; its
// seats are empty. It refuses a phase the game has not reached
// (ErrNotFound).
type Brancher interface {
	Branch(r *Row, n int, creator Player, o Options) (Game, error)
}

// A Recorder writes the record of what user may see of a game that has
// been played (Diplomacy: every phase played, its orders and the
// position it led to), in a format of the kind's: "" is the kind's
// record, which its tools replay; others are the kind's to name.
type Recorder interface {
	Record(r *Row, user, format string) (any, error)
}

// An Accountant tells, just before the phase being played is played,
// which seats owed orders in it and whether their players gave any
// (given but not marked ready counts as given): what a player's
// reliability counts. Seats played by bots or by nobody are not in it.
type Accountant interface {
	Owed(r *Row) ([]Owed, error)
}

// Owed is a seat that owed orders in a phase.
type Owed struct {
	Power string
	Given bool
}

// A Resulter says how a finished game ended for a seat: "won", "drawn"
// (sharing a draw) or "lost"; "" while the game has not ended.
type Resulter interface {
	Result(power string) string
}

// An Importer is a kind that makes a game from a record of one of its
// games (Recorder's default format): a forming game at the position the
// record leads to, created by creator with options o, and the records of
// the phases it played, at now. Its seats are empty.
type Importer interface {
	Import(record json.RawMessage, creator Player, o Options, now time.Time) (Game, []Phase, error)
}
