package dice

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestTargetErrors: each way a target is bad says so after "bad target: "
// and is an ErrBadTarget for errors.Is, as fmt.Errorf("%w: ...") made it.
func TestTargetErrors(t *testing.T) {
	for _, err := range []error{ErrTargetNotSeat, ErrTargetOut, ErrTargetSelf, ErrAlreadyAlly, ErrAlreadyInWar, ErrAlreadyAsked} {
		if !errors.Is(err, ErrBadTarget) {
			t.Errorf("%q is not ErrBadTarget", err)
		}
		if !strings.HasPrefix(err.Error(), ErrBadTarget.Error()+": ") {
			t.Errorf("%q does not start with %q", err, ErrBadTarget.Error()+": ")
		}
		if errors.Is(err, ErrBadSeat) || errors.Is(ErrBadTarget, err) {
			t.Errorf("%q is another error", err)
		}
	}
}

// TestDetailReadsAsErrorf: a reason with details, formatted only when
// read, says what fmt.Errorf("%w: ...") said, and is its reason (and
// only that) for errors.Is.
func TestDetailReadsAsErrorf(t *testing.T) {
	for _, c := range []struct {
		reason error
		format string
		args   []any
	}{
		{ErrBadSeat, "%d players", []any{7}},
		{ErrNotAsked, "%v is out of the game", []any{Seat(3)}},
		{ErrWrongMove, "%v is asked for %s, not %s", []any{Seat(0), RequestJoin, DeclareWar}},
		{ErrTargetOut, "%v", []any{Seat(5)}},
		{ErrAlreadyAsked, "%v", []any{Seat(1)}},
	} {
		got := detail(c.reason, c.format, c.args...)
		want := fmt.Errorf("%w: "+c.format, append([]any{c.reason}, c.args...)...)
		if got.Error() != want.Error() {
			t.Errorf("got %q, want %q", got, want)
		}
		if !errors.Is(got, c.reason) || errors.Is(got, ErrGameOver) {
			t.Errorf("%q: errors.Is does not find its reason alone", got)
		}
		if errors.Is(c.reason, ErrBadTarget) != errors.Is(got, ErrBadTarget) {
			t.Errorf("%q: errors.Is(ErrBadTarget) differs from its reason's", got)
		}
	}
}
