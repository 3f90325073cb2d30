package dice

import (
	"errors"
	"fmt"
)

// The reasons a move is refused; a [MoveError] wraps one of them, so
// callers can test with errors.Is and still show the precise message.
var (
	// ErrGameOver: the game has ended.
	ErrGameOver = errors.New("the game is over")
	// ErrNotAsked: no decision is asked of this player now.
	ErrNotAsked = errors.New("nothing is asked of this player now")
	// ErrWrongMove: the move does not answer the decision asked.
	ErrWrongMove = errors.New("this move does not answer the decision asked")
	// ErrBadTarget: the move names a player it may not name.
	ErrBadTarget = errors.New("bad target")
	// ErrNoAlliances: 3 or fewer players remain, so no alliance can be formed.
	ErrNoAlliances = errors.New("no alliance can be formed when 3 or fewer players remain")
	// ErrBadSeat: the seat is not a seat of this game.
	ErrBadSeat = errors.New("no such seat")
)

// The ways a target is bad: each wraps [ErrBadTarget], so a caller may
// test for the kind (errors.Is(err, ErrBadTarget)) or for the precise
// reason, to explain it in the players' own words.
var (
	// ErrTargetNotSeat: the target is not a seat of this game.
	ErrTargetNotSeat = fmt.Errorf("%w: not a seat of this game", ErrBadTarget)
	// ErrTargetOut: the target is out of the game.
	ErrTargetOut = fmt.Errorf("%w: out of the game", ErrBadTarget)
	// ErrTargetSelf: a player named themself.
	ErrTargetSelf = fmt.Errorf("%w: a player cannot name themself", ErrBadTarget)
	// ErrAlreadyAlly: an alliance proposed to the player's ally.
	ErrAlreadyAlly = fmt.Errorf("%w: already the player's ally", ErrBadTarget)
	// ErrAlreadyInWar: an invitation to a player already in the war.
	ErrAlreadyInWar = fmt.Errorf("%w: already in the war", ErrBadTarget)
	// ErrAlreadyAsked: an invitation to a player already asked to join
	// this war.
	ErrAlreadyAsked = fmt.Errorf("%w: already asked to join this war", ErrBadTarget)
)

// MoveError is a refused move: the move, and why. The game is unchanged.
type MoveError struct {
	Move Move
	Err  error
}

// Error describes the move and the reason.
func (e *MoveError) Error() string { return fmt.Sprintf("dice: %v: %v", e.Move, e.Err) }

// Unwrap returns the reason, one of the Err values of this package possibly
// with details.
func (e *MoveError) Unwrap() error { return e.Err }

// ConfigError is an invalid [Config].
type ConfigError struct {
	Field  string
	Reason string
}

// Error describes the field and the problem.
func (e *ConfigError) Error() string { return fmt.Sprintf("dice: config %s: %s", e.Field, e.Reason) }
