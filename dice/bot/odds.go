package bot

import (
	"sync"

	"github.com/chancery/chancery/dice"
)

// diceWays returns the table ways[k][s], the number of ways k dice show a
// total of s. It is computed when a bot first needs it, not when the
// program starts: every command of chancery links this package, and most
// never play dice.
var diceWays = sync.OnceValue(func() *[dice.MaxPlayers + 2][6*(dice.MaxPlayers+2) + 1]float64 {
	var w [dice.MaxPlayers + 2][6*(dice.MaxPlayers+2) + 1]float64
	w[0][0] = 1
	for k := 1; k < len(w); k++ {
		for s := range w[k] {
			for f := 1; f <= 6 && f <= s; f++ {
				w[k][s] += w[k-1][s-f]
			}
		}
	}
	return &w
})

// pow6[k] is 6 to the power k.
var pow6 = func() (p [2*(dice.MaxPlayers+2) + 1]float64) {
	p[0] = 1
	for i := 1; i < len(p); i++ {
		p[i] = p[i-1] * 6
	}
	return p
}()

// beats returns the probability that a side whose known dice total a, plus
// k unknown dice, totals more than a side whose known dice total d plus m
// unknown dice: the attackers' chance of winning a battle, ties going to
// the defenders. Unknown dice are uniform and independent.
func beats(a, k, d, m int) float64 {
	k = min(k, dice.MaxPlayers+1)
	m = min(m, dice.MaxPlayers+1)
	ways := diceWays()
	var won float64
	for x := k; x <= 6*k; x++ {
		wx := ways[k][x]
		for y := m; y <= 6*m; y++ {
			if a+x > d+y {
				won += wx * ways[m][y]
			} else {
				break
			}
		}
	}
	return won / pow6[k+m]
}

// known sums what the viewer knows of a set of players' dice: the total of
// the known dice and the number of unknown ones.
func known(v *dice.View, set dice.SeatSet) (sum, unknown int) {
	for p := range set.All() {
		if d := v.Players[p].Die; d > 0 {
			sum += d
		} else {
			unknown++
		}
	}
	return sum, unknown
}

// expected returns the expected total of a set of players' dice to the
// viewer: known dice at face value, unknown ones at 3.5.
func expected(v *dice.View, set dice.SeatSet) float64 {
	s, u := known(v, set)
	return float64(s) + 3.5*float64(u)
}

// WinChance returns the chance, as the viewer of v can judge it, that the
// players in att win a battle against the players in def (ties go to def):
// the dice the viewer knows at face value, the others uniform.
func WinChance(v *dice.View, att, def dice.SeatSet) float64 {
	a, k := known(v, att)
	d, m := known(v, def)
	return beats(a, k, d, m)
}
