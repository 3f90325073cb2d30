package server

import (
	"unicode"
)

// Text that players write (press, game names) is shown to others as
// written, but must show something: text made only of spaces, zero-width
// or other format characters (U+200B, U+2060, U+FEFF, bidi controls) and
// control characters is refused, and so is any control character other
// than a line break or a tab (NUL cannot even be stored on PostgreSQL).

// textProblem says what is wrong with a player's text, "" if nothing:
// lines says whether line breaks and tabs are allowed.
func textProblem(s string, lines bool) string {
	visible := false
	for _, c := range s {
		switch {
		case c == '\n' || c == '\t' || c == '\r':
			if !lines {
				return "it holds a line break or a tab"
			}
		case unicode.IsControl(c):
			return "it holds a control character"
		case unicode.IsSpace(c) || unicode.Is(unicode.Cf, c) || unicode.Is(unicode.Mn, c) || unicode.Is(unicode.Me, c):
		default:
			visible = true
		}
	}
	if !visible {
		return "it shows nothing (only spaces, or invisible characters)"
	}
	return ""
}
