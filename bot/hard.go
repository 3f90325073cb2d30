package bot

import (
	"math/rand/v2"
	"time"

	"github.com/chancery/chancery/rules"
)

// HardPlayer is the hard level.
type HardPlayer struct {
	Budget time.Duration
}

// NewHard returns a hard player with the default settings.
func NewHard() *HardPlayer { return &HardPlayer{Budget: PhaseBudget} }

// Orders returns the hard bot's orders.
func (h *HardPlayer) Orders(v *rules.Variant, pos *rules.Position, power rules.Power, rnd *rand.Rand) []rules.Order {
	return NormalPlayer{}.Orders(v, pos, power, rnd)
}
