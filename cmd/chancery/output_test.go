package main

import (
	"bytes"
	"fmt"
	"strings"
	"syscall"
	"testing"
)

// closedPipe is a standard output whose reader has gone ("| head -c 600"):
// it takes n bytes, then every write fails with EPIPE.
type closedPipe struct{ n int }

func (c *closedPipe) Write(p []byte) (int, error) {
	if c.n <= 0 {
		return 0, &writeError{syscall.EPIPE}
	}
	k := min(len(p), c.n)
	c.n -= k
	if k < len(p) {
		return k, &writeError{syscall.EPIPE}
	}
	return k, nil
}

// writeError is how *os.File reports a failed write.
type writeError struct{ err error }

func (e *writeError) Error() string { return "write /dev/stdout: " + e.err.Error() }
func (e *writeError) Unwrap() error { return e.err }

// TestClosedOutputIsNotAnError: when the reader of the standard output
// goes away, every command that prints stops quietly with status 0.
func TestClosedOutputIsNotAnError(t *testing.T) {
	for _, args := range [][]string{
		{"variants", "--json"},
		{"variants"},
		{"help"},
		{"dice", "simulate", "--games", "20", "--json"},
		{"dice", "simulate", "--games", "20"},
		{"replay", "../../testdata/1900-game.json"},
		{"play", "--seed", "1"},
		{"dice", "play", "--seed", "1"},
	} {
		var errb bytes.Buffer
		code := run(args, strings.NewReader(""), &closedPipe{n: 100}, &errb)
		if code != 0 || errb.Len() != 0 {
			t.Errorf("chancery %s into a closed pipe: status %d, %q", strings.Join(args, " "), code, errb.String())
		}
	}
	// Any other failure to write is still one.
	var errb bytes.Buffer
	if code := run([]string{"variants", "--json"}, nil, failing{}, &errb); code == 0 || !strings.Contains(errb.String(), "disk full") {
		t.Errorf("a failed write: status %d, %q", code, errb.String())
	}
}

type failing struct{}

func (failing) Write(p []byte) (int, error) { return 0, fmt.Errorf("disk full") }
