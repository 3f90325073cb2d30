package bot

import "github.com/chancery/chancery/dice"

// Random plays a uniformly random legal move: the baseline every strategy
// should beat.
type Random struct {
	Src dice.Source
}

// Name returns "random".
func (*Random) Name() string { return "random" }

// Decide picks one of v.Legal at random.
func (b *Random) Decide(v *dice.View) dice.Move {
	return v.Legal[b.Src.IntN(len(v.Legal))]
}
