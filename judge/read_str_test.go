package judge

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestStrFindsTheEndAtEveryOffset: the string reader, which looks at
// eight bytes at a time, stops at the first quote, backslash, control
// character or non-ASCII byte wherever it stands among the eight, and
// reads what the plain byte-by-byte reading reads.
func TestStrFindsTheEndAtEveryOffset(t *testing.T) {
	for n := 0; n < 20; n++ {
		for _, stop := range []string{`"`, `\n"`, "\x01\"", "\x1f\"", "é\"", "\xff\"", ` "`, `~"`, "\x7f\""} {
			in := `"` + strings.Repeat("a", n) + stop + strings.Repeat("z", 10) + `"`
			r := reader{s: in}
			got, ok := r.str()
			// The plain reading: up to the first quote; a string with a
			// backslash or a control character is refused, other bytes
			// must be valid UTF-8.
			body := in[1:]
			end := strings.IndexByte(body, '"')
			want, wantOK := body[:end], true
			if strings.ContainsAny(want, "\\") || strings.IndexFunc(want, func(c rune) bool { return c < 0x20 }) >= 0 {
				want, wantOK = "", false
			} else if !utf8.ValidString(want) {
				wantOK = false
			}
			if got != want || ok != wantOK {
				t.Errorf("str(%q) = %q, %v; want %q, %v", in, got, ok, want, wantOK)
			}
		}
	}
}
