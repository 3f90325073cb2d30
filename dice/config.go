package dice

import "fmt"

// Source is where the engine's randomness comes from: IntN returns a
// uniformly random integer in [0, n). A *rand.Rand of math/rand/v2 (for
// instance seeded with rand.NewPCG) is a Source; so is a script of values in
// tests and in [Replay].
type Source interface {
	IntN(n int) int
}

// Config describes a game before it starts.
type Config struct {
	// Players is the number of seats, MinPlayers to MaxPlayers.
	Players int `json:"players"`
	// Names are the players' names, one per seat; empty means "Player 1",
	// "Player 2", ...
	Names []string `json:"names,omitempty"`
	// Start is the first player's seat, or RandomStart to draw it from the
	// source as the rules suggest.
	Start Seat `json:"start"`
	// MaxTurns, when positive, ends the game in a draw between the
	// remaining players after that many turns without a winner. The rules
	// have no such limit; servers and simulations use it as a safeguard
	// against players who never fight.
	MaxTurns int `json:"max_turns,omitempty"`
}

// validate checks the configuration.
func (c *Config) validate() error {
	if c.Players < MinPlayers || c.Players > MaxPlayers {
		return &ConfigError{"players", fmt.Sprintf("%d players; Diceplomacy needs %d to %d", c.Players, MinPlayers, MaxPlayers)}
	}
	if len(c.Names) != 0 && len(c.Names) != c.Players {
		return &ConfigError{"names", fmt.Sprintf("%d names for %d players", len(c.Names), c.Players)}
	}
	if c.Start != RandomStart && (c.Start < 0 || int(c.Start) >= c.Players) {
		return &ConfigError{"start", fmt.Sprintf("seat %d is not a seat of a %d-player game", c.Start, c.Players)}
	}
	if c.MaxTurns < 0 {
		return &ConfigError{"max_turns", fmt.Sprintf("%d is negative", c.MaxTurns)}
	}
	return nil
}

// name returns the name of seat s.
func (c *Config) name(s Seat) string {
	if len(c.Names) == c.Players && c.Names[s] != "" {
		return c.Names[s]
	}
	return playerNames[s]
}

// playerNames are the default names, made once rather than per game.
// They are numbered like the seats, from 0.
var playerNames = [MaxPlayers]string{"Player 0", "Player 1", "Player 2", "Player 3", "Player 4", "Player 5", "Player 6", "Player 7"}
