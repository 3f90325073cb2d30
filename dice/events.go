package dice

import "encoding/json"

// EventType says what an [Event] records.
type EventType uint8

// The types of events. EventMove records a player's input (or a timeout's
// default); the others record what the rules made of it.
const (
	// EventStart: the game began; Seat is the start player, Value the
	// number of players, Yes whether the start player was drawn at random.
	EventStart EventType = iota
	// EventRoll: Seat rolled Value in secret. Private to Seat.
	EventRoll
	// EventTurn: turn number Value begins; Seat is to act.
	EventTurn
	// EventMove: Seat made Move (with Target and Yes); Default is true when
	// the move was the request's default applied by [Game.Timeout].
	EventMove
	// EventAllianceFormed: Seat and Target are now allies.
	EventAllianceFormed
	// EventAllianceEnded: the alliance of Seat and Target ended for Reason.
	EventAllianceEnded
	// EventWar: Seat declared war on Target; Attackers and Defenders are
	// the sides as they stand at the declaration.
	EventWar
	// EventJoined: the players in Seats joined the defending side.
	EventJoined
	// EventDeclined: the players in Seats declined to join.
	EventDeclined
	// EventSurrender: Side (the players in Seats) surrendered.
	EventSurrender
	// EventFightOn: Side (the players in Seats) did not surrender.
	EventFightOn
	// EventReveal: Seat showed its die, Value, to everybody.
	EventReveal
	// EventBattle: the attacking side's total is Attack, the defending
	// side's Defense; Side won, and Seats are the winners.
	EventBattle
	// EventWin: Seat scored a win; Value is its number of wins now.
	EventWin
	// EventLoss: Seat scored a loss; Value is its number of losses now.
	EventLoss
	// EventEliminated: Seat has 3 losses and is out of the game.
	EventEliminated
	// EventGameOver: the game ended for Reason; Seats are the winner or the
	// players sharing the draw, Yes is true for a draw.
	EventGameOver
)

var eventNames = []string{"start", "roll", "turn", "move", "alliance_formed", "alliance_ended",
	"war", "joined", "declined", "surrender", "fight_on", "reveal", "battle", "win", "loss",
	"eliminated", "game_over"}

// String returns the type's name ("war", "reveal", ...).
func (k EventType) String() string { return enumString(eventNames, int(k), "EventKind") }

// MarshalText encodes the type as its name.
func (k EventType) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText decodes a type's name.
func (k *EventType) UnmarshalText(b []byte) error {
	v, err := enumParse(eventNames, b, "event kind")
	*k = EventType(v)
	return err
}

// Reason says why an alliance or a game ended.
type Reason uint8

// Why alliances and games end.
const (
	ReasonNone Reason = iota
	// ReasonWarOnAlly: a member declared war on the ally.
	ReasonWarOnAlly
	// ReasonProposedOther: a member proposed an alliance to someone else.
	ReasonProposedOther
	// ReasonAcceptedOther: a member accepted someone else's proposal.
	ReasonAcceptedOther
	// ReasonGrandTreaty: somebody played the Grand Treaty.
	ReasonGrandTreaty
	// ReasonEliminated: a member reached 3 losses.
	ReasonEliminated
	// ReasonThreeLeft: 3 or fewer players remain.
	ReasonThreeLeft
	// ReasonThreeWins: a player reached 3 wins (several: the tie-breaks).
	ReasonThreeWins
	// ReasonLastPlayer: every other player was eliminated.
	ReasonLastPlayer
	// ReasonTurnLimit: [Config.MaxTurns] turns were played without a
	// winner; the remaining players share a draw.
	ReasonTurnLimit
)

var reasonNames = []string{"", "war_on_ally", "proposed_other", "accepted_other", "grand_treaty",
	"eliminated", "three_left", "three_wins", "last_player", "turn_limit"}

// String returns the reason's name ("grand_treaty", ...).
func (r Reason) String() string { return enumString(reasonNames, int(r), "Reason") }

// MarshalText encodes the reason as its name.
func (r Reason) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText decodes a reason name.
func (r *Reason) UnmarshalText(b []byte) error {
	v, err := enumParse(reasonNames, b, "reason")
	*r = Reason(v)
	return err
}

// Event is one entry of a game's log. Which fields matter depends on Kind
// (see the EventKind constants); the others are zero, or NoSeat for seats.
type Event struct {
	Type      EventType `json:"kind"`
	Seat      Seat      `json:"seat"`
	Target    Seat      `json:"target"`
	Value     int       `json:"value,omitempty"`
	Move      MoveType  `json:"move,omitempty"`
	Yes       bool      `json:"yes,omitempty"`
	Default   bool      `json:"default,omitempty"`
	Side      Side      `json:"side,omitempty"`
	Seats     SeatSet   `json:"seats,omitempty"`
	Attackers SeatSet   `json:"attackers,omitempty"`
	Defenders SeatSet   `json:"defenders,omitempty"`
	Attack    int       `json:"attack,omitempty"`
	Defense   int       `json:"defense,omitempty"`
	Reason    Reason    `json:"reason,omitempty"`
}

// hasSide reports whether events of kind k are about one side of a war.
func (k EventType) hasSide() bool {
	return k == EventSurrender || k == EventFightOn || k == EventBattle
}

// MarshalJSON encodes the event with its JSON tags, and always writes
// "side" for the events about one side of a war (surrender, fight on,
// battle), the attackers (the zero Side) included; other events leave it
// out.
func (e Event) MarshalJSON() ([]byte, error) {
	type plain Event // the tags without this method
	if !e.Type.hasSide() {
		return json.Marshal(plain(e))
	}
	return json.Marshal(struct {
		plain
		Side Side `json:"side"` // shallower: replaces plain's omitempty side
	}{plain(e), e.Side})
}

// VisibleTo returns the event as the player at seat viewer may see it: the
// value of another player's secret roll is blanked (0). A spectator is
// NoSeat.
func (e Event) VisibleTo(viewer Seat) Event {
	if e.Type == EventRoll && e.Seat != viewer {
		e.Value = 0
	}
	return e
}

// MoveOf returns the move an EventMove records.
func (e Event) MoveOf() Move {
	return Move{Seat: e.Seat, Type: e.Move, Target: e.Target, Yes: e.Yes}
}
