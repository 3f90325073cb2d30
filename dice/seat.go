package dice

import (
	"encoding/json"
	"fmt"
	"iter"
	"math/bits"
)

// MinPlayers and MaxPlayers bound the number of seats of a game.
const (
	MinPlayers = 4
	MaxPlayers = 8
)

// Seat is a player's place at the table, from 0 to the number of players
// minus one. Turns go in increasing seat order and wrap around ("clockwise").
type Seat int

// NoSeat stands for "nobody": no ally, no target, a spectator's view.
const NoSeat Seat = -1

// RandomStart, as [Config.Start], asks the engine to draw the start player
// from the game's source.
const RandomStart Seat = -1

// String returns the seat by its number, from 0 as in the JSON, the API
// and the command line ("seat 3" is the fourth seat).
func (s Seat) String() string {
	if s == NoSeat {
		return "nobody"
	}
	return fmt.Sprintf("seat %d", int(s))
}

// SeatSet is a set of seats, one bit per seat. It is a value: copying it
// copies the set. Its JSON form is an array of seat numbers (0-based).
type SeatSet uint16

// SetOf returns the set holding the given seats.
func SetOf(seats ...Seat) SeatSet {
	var s SeatSet
	for _, x := range seats {
		s = s.With(x)
	}
	return s
}

// Has reports whether seat s is in the set.
func (set SeatSet) Has(s Seat) bool { return s >= 0 && s < 16 && set&(1<<uint(s)) != 0 }

// With returns the set with seat s added; NoSeat adds nothing.
func (set SeatSet) With(s Seat) SeatSet {
	if s < 0 || s >= 16 {
		return set
	}
	return set | 1<<uint(s)
}

// Without returns the set with seat s removed.
func (set SeatSet) Without(s Seat) SeatSet {
	if s < 0 || s >= 16 {
		return set
	}
	return set &^ (1 << uint(s))
}

// Len returns the number of seats in the set.
func (set SeatSet) Len() int { return bits.OnesCount16(uint16(set)) }

// First returns the lowest seat in the set, or NoSeat if it is empty.
func (set SeatSet) First() Seat {
	if set == 0 {
		return NoSeat
	}
	return Seat(bits.TrailingZeros16(uint16(set)))
}

// All yields the seats of the set in increasing order.
func (set SeatSet) All() iter.Seq[Seat] {
	return func(yield func(Seat) bool) {
		for m := set; m != 0; m &= m - 1 {
			if !yield(Seat(bits.TrailingZeros16(uint16(m)))) {
				return
			}
		}
	}
}

// Seats returns the seats of the set in increasing order.
func (set SeatSet) Seats() []Seat {
	out := make([]Seat, 0, set.Len())
	for s := range set.All() {
		out = append(out, s)
	}
	return out
}

// MarshalJSON encodes the set as an array of seat numbers.
func (set SeatSet) MarshalJSON() ([]byte, error) {
	return json.Marshal(set.Seats())
}

// UnmarshalJSON decodes an array of seat numbers.
func (set *SeatSet) UnmarshalJSON(b []byte) error {
	var seats []Seat
	if err := json.Unmarshal(b, &seats); err != nil {
		return fmt.Errorf("dice: seat set: %w", err)
	}
	var s SeatSet
	for _, x := range seats {
		if x < 0 || x >= MaxPlayers {
			return fmt.Errorf("dice: seat set: seat %d out of range", x)
		}
		s = s.With(x)
	}
	*set = s
	return nil
}
