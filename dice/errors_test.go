package dice

import (
	"errors"
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
