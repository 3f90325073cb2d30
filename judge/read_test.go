package judge

import (
	"strings"
	"testing"
)

// FuzzPlainASCII checks plainASCII, which tests eight bytes at a time,
// against the plain byte-by-byte reading.
func FuzzPlainASCII(f *testing.F) {
	for _, s := range []string{"", "abc", "abcdefgh", "abcdefghi", "abc\\defgh", "abcdefg\x1f", "abcdefgh\x7f", "Österreich", "A PAR - BUR VIA CONVOY", "\x00\x00\x00\x00\x00\x00\x00\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if strings.Contains(s, `"`) {
			return
		}
		want := true
		for i := 0; i < len(s); i++ {
			if c := s[i]; c < 0x20 || c >= 0x80 || c == '\\' {
				want = false
			}
		}
		if got := plainASCII(s); got != want {
			t.Fatalf("plainASCII(%q) = %v, want %v", s, got, want)
		}
	})
}
