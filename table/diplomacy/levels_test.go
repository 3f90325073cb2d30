package diplomacy

import (
	"testing"

	"github.com/chancery/chancery/bot"
	"github.com/chancery/chancery/game"
)

// TestEachSeatPlaysAtItsLevel: a seat with a level of its own plays at
// it, the others at the game's, and a game from before levels at the
// default level.
func TestEachSeatPlaysAtItsLevel(t *testing.T) {
	g := &game.Game{BotLevel: "easy", BotLevels: map[string]string{"France": "hard"}}
	if l := botLevel(g, "France"); l != bot.Hard {
		t.Errorf("France plays at %s, want hard", l)
	}
	if l := botLevel(g, "Italy"); l != bot.Easy {
		t.Errorf("Italy plays at %s, want easy (the game's level)", l)
	}
	if l := botLevel(&game.Game{}, "Italy"); l != bot.DefaultLevel {
		t.Errorf("a game without levels plays at %s, want %s", l, bot.DefaultLevel)
	}
}
