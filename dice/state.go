package dice

// Phase says what the game is waiting for.
type Phase uint8

// The phases of a game. A turn starts in PhaseAction; a war goes through
// PhaseInvite and PhaseJoin (only while the defending side is outnumbered)
// and PhaseSurrender (the attacking side, then the defending side).
const (
	// PhaseAction waits for the current player's action.
	PhaseAction Phase = iota
	// PhaseAlliance waits for the proposed-to player to accept or refuse.
	PhaseAlliance
	// PhaseInvite waits for the outnumbered defender to invite a player
	// (with their ally) to the defending side, or to stop inviting.
	PhaseInvite
	// PhaseJoin waits for the invited player and their ally to answer.
	PhaseJoin
	// PhaseSurrender waits for the members of War.Asking to say whether
	// they surrender.
	PhaseSurrender
	// PhaseOver: the game has ended; State.Result says how.
	PhaseOver
)

var phaseNames = []string{"action", "alliance", "invite", "join", "surrender", "over"}

// String returns the phase's name ("action", "surrender", ...).
func (p Phase) String() string { return enumString(phaseNames, int(p), "Phase") }

// MarshalText encodes the phase as its name.
func (p Phase) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalText decodes a phase name.
func (p *Phase) UnmarshalText(b []byte) error {
	v, err := enumParse(phaseNames, b, "phase")
	*p = Phase(v)
	return err
}

// Side is one side of a war.
type Side uint8

// The two sides of a war.
const (
	// Attackers: the player who declared war and their ally.
	Attackers Side = iota
	// Defenders: the declared-upon player, their ally, and whoever joined.
	Defenders
)

var sideNames = []string{"attackers", "defenders"}

// String returns "attackers" or "defenders".
func (s Side) String() string { return enumString(sideNames, int(s), "Side") }

// MarshalText encodes the side as its name.
func (s Side) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText decodes a side name.
func (s *Side) UnmarshalText(b []byte) error {
	v, err := enumParse(sideNames, b, "side")
	*s = Side(v)
	return err
}

// Player is one seat's public and secret facts. Die is secret unless
// Revealed; [Game.View] hides it from everybody else.
type Player struct {
	Name string `json:"name"`
	// Die is the player's power, 1 to 6.
	Die int `json:"die"`
	// Revealed is true from a battle in which the die was shown until its
	// owner rerolls it.
	Revealed bool `json:"revealed"`
	Wins     int  `json:"wins"`
	Losses   int  `json:"losses"`
	// Out is true once the player has 3 losses.
	Out bool `json:"out"`
	// Ally is the player's partner in an alliance, or NoSeat.
	Ally Seat `json:"ally"`
}

// War is the war being fought; it is the zero value outside one.
type War struct {
	Attacker  Seat    `json:"attacker"`
	Defender  Seat    `json:"defender"`
	Attackers SeatSet `json:"attackers"`
	Defenders SeatSet `json:"defenders"`
	// Asked holds every player already invited in this war: nobody is
	// asked twice, so the invitations always come to an end.
	Asked SeatSet `json:"asked,omitempty"`
	// Invited is the player (and ally) being asked to join, during PhaseJoin.
	Invited SeatSet `json:"invited,omitempty"`
	// Accepted holds the invited players who have accepted so far.
	Accepted SeatSet `json:"accepted,omitempty"`
	// Asking is the side being asked to surrender, during PhaseSurrender.
	Asking Side `json:"asking"`
	// Agreed holds the members of the asked side who agreed to surrender.
	Agreed SeatSet `json:"agreed,omitempty"`
}

// Participants returns both sides of the war.
func (w War) Participants() SeatSet { return w.Attackers | w.Defenders }

// SideOf returns the seats of one side.
func (w War) SideOf(s Side) SeatSet {
	if s == Attackers {
		return w.Attackers
	}
	return w.Defenders
}

// Proposal is the alliance proposal waiting for an answer.
type Proposal struct {
	From Seat `json:"from"`
	To   Seat `json:"to"`
}

// Result is how a game ended; it is the zero value while the game goes on.
type Result struct {
	// Winners holds the winner, or every player sharing a draw.
	Winners SeatSet `json:"winners"`
	// Draw is true when no single player won.
	Draw   bool   `json:"draw,omitempty"`
	Reason Reason `json:"reason"`
	// Turns is the number of turns played.
	Turns int `json:"turns"`
}

// Winner returns the single winner, or NoSeat for a draw or a game still
// going on.
func (r Result) Winner() Seat {
	if r.Draw || r.Winners.Len() != 1 {
		return NoSeat
	}
	return r.Winners.First()
}

// State is everything about a game at one moment, secrets included. It is
// what a server stores; players see a [View] of it instead.
type State struct {
	Players []Player `json:"players"`
	// Start is the seat that played the first turn.
	Start Seat `json:"start"`
	// Current is the seat whose turn it is.
	Current Seat `json:"current"`
	// Turn counts turns from 1.
	Turn     int      `json:"turn"`
	Phase    Phase    `json:"phase"`
	War      War      `json:"war,omitzero"`
	Proposal Proposal `json:"proposal,omitzero"`
	Result   Result   `json:"result,omitzero"`
}

// Remaining returns the number of players still in the game.
func (s *State) Remaining() int { return s.inGame().Len() }

// inGame returns the players still in the game.
func (s *State) inGame() SeatSet {
	var set SeatSet
	for i := range s.Players {
		if !s.Players[i].Out {
			set = set.With(Seat(i))
		}
	}
	return set
}

// active reports whether seat t is a player still in the game.
func (s *State) active(t Seat) bool {
	return t >= 0 && int(t) < len(s.Players) && !s.Players[t].Out
}

// bloc returns a player with their ally: the unit that fights together.
func (s *State) bloc(t Seat) SeatSet {
	set := SeatSet(0).With(t)
	if a := s.Players[t].Ally; a != NoSeat {
		set = set.With(a)
	}
	return set
}

// clone returns a deep copy of the state.
func (s *State) clone() State {
	c := *s
	c.Players = append([]Player(nil), s.Players...)
	return c
}
