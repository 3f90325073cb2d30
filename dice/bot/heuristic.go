package bot

import "github.com/chancery/chancery/dice"

// Heuristic plays by estimating battle odds from what its seat may know:
// its own die, the dice revealed in earlier battles (others at 3.5 on
// average), and the size of every side, alliances counted. It
//   - declares war when its side's chance of winning is good, preferring
//     the leaders and the players close to elimination;
//   - rerolls a weak or exposed die, seeks an ally when it has none, and
//     breaks up alliances with the Grand Treaty when a rival alliance is
//     one win from victory;
//   - accepts alliances and invitations when they help it and never hand a
//     rival its third win;
//   - surrenders only a hopeless war, and never with 2 losses (a lost
//     battle costs no more than a surrender then).
type Heuristic struct {
	// Src breaks ties between equally good choices.
	Src dice.Source
	// WarOdds is the least chance of winning for which it declares war;
	// zero means 0.6.
	WarOdds float64
	// SurrenderOdds is the chance of winning under which it surrenders;
	// zero means 0.2.
	SurrenderOdds float64
}

// Name returns "heuristic".
func (*Heuristic) Name() string { return "heuristic" }

func (b *Heuristic) warOdds() float64 {
	if b.WarOdds > 0 {
		return b.WarOdds
	}
	return 0.6
}

func (b *Heuristic) surrenderOdds() float64 {
	if b.SurrenderOdds > 0 {
		return b.SurrenderOdds
	}
	return 0.2
}

// Decide answers v.Request.
func (b *Heuristic) Decide(v *dice.View) dice.Move {
	switch v.Request.Type {
	case dice.RequestAction:
		return b.action(v)
	case dice.RequestAlliance:
		return answer(v, b.acceptAlliance(v))
	case dice.RequestInvite:
		return b.invite(v)
	case dice.RequestJoin:
		return answer(v, b.join(v))
	case dice.RequestSurrender:
		return answer(v, b.surrender(v))
	}
	return v.Request.Default
}

func answer(v *dice.View, yes bool) dice.Move {
	m := v.Request.Default
	m.Yes = yes
	return m
}

// bloc returns p and p's ally, as they would stand in a war declared by
// attacker on defender (war on one's ally ends the alliance first).
func bloc(v *dice.View, p, attacker, defender dice.Seat) dice.SeatSet {
	set := dice.SetOf(p)
	a := v.Players[p].Ally
	if a != dice.NoSeat && !(p == attacker && a == defender) && !(p == defender && a == attacker) {
		set = set.With(a)
	}
	return set
}

// outsiders counts the players still in the game outside a war's sides.
func outsiders(v *dice.View, sides dice.SeatSet) int {
	n := 0
	for i := range v.Players {
		if !v.Players[i].Out && !sides.Has(dice.Seat(i)) {
			n++
		}
	}
	return n
}

// handsVictory reports whether a win for side would give someone other
// than the viewer their third win while the viewer does not get one too.
func handsVictory(v *dice.View, side dice.SeatSet) bool {
	me := v.Seat
	if side.Has(me) && v.Players[me].Wins >= 2 {
		return false
	}
	for p := range side.All() {
		if p != me && v.Players[p].Wins >= 2 {
			return true
		}
	}
	return false
}

func (b *Heuristic) action(v *dice.View) dice.Move {
	me := v.Seat
	my := v.Players[me]
	best, bestOdds, bestScore := dice.NoSeat, 0.0, -1.0
	var pick tieBreak
	for i := range v.Players {
		t := dice.Seat(i)
		if t == me || v.Players[t].Out {
			continue
		}
		att := bloc(v, me, me, t)
		def := bloc(v, t, me, t)
		if handsVictory(v, att) {
			continue
		}
		a, k := known(v, att)
		d, m := known(v, def)
		p := beats(a, k, d, m)
		if def.Len() < att.Len() && outsiders(v, att|def) > 0 {
			// The defender may recruit: count one more unknown die half
			// the time.
			p = (p + beats(a, k, d, m+1)) / 2
		}
		score := p
		for q := range def.All() {
			score += 0.1 * float64(v.Players[q].Wins)
			if v.Players[q].Losses == 2 {
				score += 0.05
			}
		}
		if pick.better(b.Src, score, bestScore) {
			best, bestOdds, bestScore = t, p, score
		}
	}
	if best != dice.NoSeat && bestOdds >= b.warOdds() {
		return dice.Move{Seat: me, Type: dice.DeclareWar, Target: best}
	}
	if my.Die <= 2 || my.Revealed && my.Die <= 4 {
		return dice.Move{Seat: me, Type: dice.Reorganise, Target: dice.NoSeat}
	}
	for i := range v.Players {
		p := v.Players[i]
		if !p.Out && p.Ally != dice.NoSeat && p.Ally != me && dice.Seat(i) != me && p.Wins >= 2 {
			return dice.Move{Seat: me, Type: dice.GrandTreaty, Target: dice.NoSeat}
		}
	}
	if my.Ally == dice.NoSeat && v.Remaining > 3 {
		if p := b.partner(v); p != dice.NoSeat {
			return dice.Move{Seat: me, Type: dice.ProposeAlliance, Target: p}
		}
	}
	if my.Die <= 3 {
		return dice.Move{Seat: me, Type: dice.Reorganise, Target: dice.NoSeat}
	}
	if best != dice.NoSeat && bestOdds >= 0.5 {
		return dice.Move{Seat: me, Type: dice.DeclareWar, Target: best}
	}
	return dice.Move{Seat: me, Type: dice.Reorganise, Target: dice.NoSeat}
}

// partner picks whom to propose to: no one a win from victory, preferably
// someone free, with a strong known die.
func (b *Heuristic) partner(v *dice.View) dice.Seat {
	best, bestScore := dice.NoSeat, -100.0
	var pick tieBreak
	for i := range v.Players {
		p := v.Players[i]
		if dice.Seat(i) == v.Seat || p.Out || p.Wins >= 2 {
			continue
		}
		score := 3.5
		if p.Die > 0 {
			score = float64(p.Die)
		}
		if p.Ally != dice.NoSeat {
			score -= 2
		}
		if pick.better(b.Src, score, bestScore) {
			best, bestScore = dice.Seat(i), score
		}
	}
	return best
}

func (b *Heuristic) acceptAlliance(v *dice.View) bool {
	from := v.Proposal.From
	if v.Players[from].Wins >= 2 && v.Players[v.Seat].Wins < 2 {
		return false
	}
	ally := v.Players[v.Seat].Ally
	if ally == dice.NoSeat {
		return true
	}
	// Trade an ally only for a clearly stronger one.
	return expected(v, dice.SetOf(from)) > expected(v, dice.SetOf(ally))+1
}

func (b *Heuristic) invite(v *dice.View) dice.Move {
	best, bestPower := dice.NoSeat, -1.0
	var pick tieBreak
	for _, m := range v.Legal {
		if m.Type != dice.Invite {
			continue
		}
		set := bloc(v, m.Target, v.War.Attacker, v.War.Defender)
		if handsVictory(v, set|v.War.Defenders) {
			continue
		}
		if p := expected(v, set); pick.better(b.Src, p, bestPower) {
			best, bestPower = m.Target, p
		}
	}
	if best == dice.NoSeat {
		return v.Request.Default
	}
	return dice.Move{Seat: v.Seat, Type: dice.Invite, Target: best}
}

func (b *Heuristic) join(v *dice.View) bool {
	def := v.War.Defenders | v.War.Invited
	if handsVictory(v, def) {
		return false
	}
	p := 1 - WinChance(v, v.War.Attackers, def)
	if handsVictory(v, v.War.Attackers) {
		// Stopping a rival's third win is worth a risk.
		return p >= 0.3
	}
	return p >= 0.55
}

func (b *Heuristic) surrender(v *dice.View) bool {
	if v.Players[v.Seat].Losses >= 2 {
		return false
	}
	p := WinChance(v, v.War.Attackers, v.War.Defenders)
	if v.War.Defenders.Has(v.Seat) {
		p = 1 - p
	}
	return p < b.surrenderOdds()
}

// tieBreak picks uniformly among equally good choices, so that no seat is
// favoured for its number.
type tieBreak struct{ ties int }

// better reports whether score should replace best: always if higher, and
// with probability 1/k for the k-th choice tied with best.
func (t *tieBreak) better(src dice.Source, score, best float64) bool {
	switch {
	case score > best:
		t.ties = 1
		return true
	case score == best:
		t.ties++
		return src.IntN(t.ties) == 0
	}
	return false
}
