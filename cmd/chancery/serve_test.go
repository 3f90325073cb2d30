//go:build !noserve

package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestServeRefusesLimitsThatMakeNoSense: the per-user limits cannot be
// set to nothing; the refusal comes before any database is touched.
func TestServeRefusesLimitsThatMakeNoSense(t *testing.T) {
	for _, args := range [][]string{
		{"--max-games-per-user", "0"},
		{"--max-streams-per-user", "0"},
		{"--min-phase", "500ms"},
		{"--max-press-per-game", "0"},
		{"--login-work-bits", "40"},
		{"--press-per-user", "0/1m"},
		{"--sign-ups-per-address", "ten an hour"},
	} {
		var out, errs bytes.Buffer
		db := t.TempDir() + "/never.db"
		if code := runServe(append(args, "--db", db), nil, &out, &errs); code != 2 {
			t.Errorf("%v: exit %d, want 2 (%s)", args, code, errs.String())
		}
		if !strings.Contains(errs.String(), strings.TrimPrefix(args[0], "-")) {
			t.Errorf("%v: the message does not name the flag: %s", args, errs.String())
		}
	}
}
