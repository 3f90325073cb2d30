package dice

import "fmt"

// MoveType is what a [Move] does: one of the four turn actions, or an
// answer to a request.
type MoveType uint8

// The types of moves.
const (
	MoveNone MoveType = iota
	// DeclareWar on Target (turn action 1).
	DeclareWar
	// ProposeAlliance to Target (turn action 2).
	ProposeAlliance
	// GrandTreaty dissolves every alliance (turn action 3).
	GrandTreaty
	// Reorganise rerolls the player's own die (turn action 4).
	Reorganise
	// AnswerAlliance accepts (Yes) or refuses a proposal.
	AnswerAlliance
	// Invite asks Target, with Target's ally, to join the defending side.
	Invite
	// StopInviting ends the defender's invitations.
	StopInviting
	// AnswerJoin accepts (Yes) or declines an invitation.
	AnswerJoin
	// AnswerSurrender agrees (Yes) or refuses to surrender.
	AnswerSurrender
)

var moveNames = []string{"", "declare_war", "propose_alliance", "grand_treaty", "reorganise",
	"answer_alliance", "invite", "stop_inviting", "answer_join", "answer_surrender"}

// String returns the type's name ("declare_war", ...).
func (k MoveType) String() string { return enumString(moveNames, int(k), "MoveKind") }

// MarshalText encodes the type as its name.
func (k MoveType) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText decodes a type's name.
func (k *MoveType) UnmarshalText(b []byte) error {
	v, err := enumParse(moveNames, b, "move kind")
	*k = MoveType(v)
	return err
}

// Move is one player's input: a turn action or an answer. Target is used by
// DeclareWar, ProposeAlliance and Invite; Yes by the answers.
type Move struct {
	Seat   Seat     `json:"seat"`
	Type   MoveType `json:"kind"`
	Target Seat     `json:"target"`
	Yes    bool     `json:"yes,omitempty"`
}

// String describes the move in words, with 1-based seats.
func (m Move) String() string {
	switch m.Type {
	case DeclareWar:
		return fmt.Sprintf("%v declares war on %v", m.Seat, m.Target)
	case ProposeAlliance:
		return fmt.Sprintf("%v proposes an alliance to %v", m.Seat, m.Target)
	case GrandTreaty:
		return fmt.Sprintf("%v plays the Grand Treaty", m.Seat)
	case Reorganise:
		return fmt.Sprintf("%v reorganises", m.Seat)
	case AnswerAlliance:
		return fmt.Sprintf("%v %s the alliance", m.Seat, yesNo(m.Yes, "accepts", "refuses"))
	case Invite:
		return fmt.Sprintf("%v invites %v to join the defence", m.Seat, m.Target)
	case StopInviting:
		return fmt.Sprintf("%v stops inviting", m.Seat)
	case AnswerJoin:
		return fmt.Sprintf("%v %s to join the war", m.Seat, yesNo(m.Yes, "agrees", "declines"))
	case AnswerSurrender:
		return fmt.Sprintf("%v %s", m.Seat, yesNo(m.Yes, "agrees to surrender", "refuses to surrender"))
	}
	return fmt.Sprintf("%v: move %v", m.Seat, m.Type)
}

func yesNo(b bool, yes, no string) string {
	if b {
		return yes
	}
	return no
}
