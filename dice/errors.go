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
	ErrTargetNotSeat error = &targetError{"bad target: not a seat of this game"}
	// ErrTargetOut: the target is out of the game.
	ErrTargetOut error = &targetError{"bad target: out of the game"}
	// ErrTargetSelf: a player named themself.
	ErrTargetSelf error = &targetError{"bad target: a player cannot name themself"}
	// ErrAlreadyAlly: an alliance proposed to the player's ally.
	ErrAlreadyAlly error = &targetError{"bad target: already the player's ally"}
	// ErrAlreadyInWar: an invitation to a player already in the war.
	ErrAlreadyInWar error = &targetError{"bad target: already in the war"}
	// ErrAlreadyAsked: an invitation to a player already asked to join
	// this war.
	ErrAlreadyAsked error = &targetError{"bad target: already asked to join this war"}
)

// targetError is one of the ways a target is bad, as fmt.Errorf("%w:
// ...", ErrBadTarget) would make it, but written by the linker rather
// than built at the start of every program linked with this package.
type targetError struct{ msg string }

func (e *targetError) Error() string { return e.msg }

// Unwrap returns ErrBadTarget.
func (e *targetError) Unwrap() error { return ErrBadTarget }

// detailError is a reason with its details, as fmt.Errorf("%w: "+format,
// reason, args...) would make it, but formatted only when read: tests and
// bots try many refused moves and read few of the errors.
type detailError struct {
	reason error
	format string
	args   []any
}

// detail returns reason with the details format and args give.
func detail(reason error, format string, args ...any) error {
	return &detailError{reason, format, args}
}

func (e *detailError) Error() string {
	return e.reason.Error() + ": " + fmt.Sprintf(e.format, e.args...)
}

// Unwrap returns the reason.
func (e *detailError) Unwrap() error { return e.reason }

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
