package dice

import (
	"strings"
	"testing"
)

// TestVictorySaysTheRules: the game is won by the first player to three
// wins (the rules' End section); a surrender ends a war, not the game.
func TestVictorySaysTheRules(t *testing.T) {
	t.Parallel()
	for _, s := range []string{Victory, Description} {
		if !strings.Contains(s, "first player to 3 wins") && !strings.Contains(s, "first player to three wins") {
			t.Errorf("%q does not say that the first player to three wins wins", s)
		}
		if strings.Contains(s, "last player standing") || strings.Contains(s, "or a surrender") {
			t.Errorf("%q says a surrender or being the last one standing wins", s)
		}
	}
}
