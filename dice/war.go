package dice

// declareWar opens a war. War on one's own ally ends that alliance first,
// so the former ally defends alone; otherwise each side's ally fights
// beside it.
func (g *Game) declareWar(a, d Seat) {
	s := &g.st
	if s.Players[a].Ally == d {
		g.endAlliance(a, ReasonWarOnAlly)
	}
	s.War = War{Attacker: a, Defender: d, Attackers: s.bloc(a), Defenders: s.bloc(d)}
	g.emit(Event{Type: EventWar, Seat: a, Target: d, Attackers: s.War.Attackers, Defenders: s.War.Defenders})
	g.gather()
}

// inviteCandidates returns the players the defending side may still ask.
func (g *Game) inviteCandidates() SeatSet {
	s := &g.st
	return s.inGame() &^ s.War.Participants() &^ s.War.Asked
}

// gather lets the defender invite while the defending side is outnumbered
// and somebody is left to ask; then the sides are set and the attacking
// side is asked about surrender.
func (g *Game) gather() {
	w := &g.st.War
	if w.Defenders.Len() < w.Attackers.Len() && g.inviteCandidates() != 0 {
		g.st.Phase = PhaseInvite
		return
	}
	g.askSurrender(Attackers)
}

// invite asks the target and the target's ally (an alliance joins whole or
// not at all) to join the defending side.
func (g *Game) invite(t Seat) {
	w := &g.st.War
	b := g.st.bloc(t)
	w.Asked |= b
	w.Invited = b
	w.Accepted = 0
	g.st.Phase = PhaseJoin
}

// answerJoin records one invited player's answer. One refusal refuses for
// the whole alliance; the bloc joins when all its members accept.
func (g *Game) answerJoin(p Seat, yes bool) {
	w := &g.st.War
	if !yes {
		g.emit(Event{Type: EventDeclined, Seat: p, Target: NoSeat, Seats: w.Invited})
		w.Invited, w.Accepted = 0, 0
		g.gather()
		return
	}
	w.Accepted = w.Accepted.With(p)
	if w.Accepted == w.Invited {
		w.Defenders |= w.Invited
		g.emit(Event{Type: EventJoined, Seat: p, Target: NoSeat, Seats: w.Invited})
		w.Invited, w.Accepted = 0, 0
		g.gather()
	}
}

// askSurrender asks every member of one side whether it surrenders.
func (g *Game) askSurrender(side Side) {
	g.st.Phase = PhaseSurrender
	g.st.War.Asking = side
	g.st.War.Agreed = 0
}

// answerSurrender records one answer: a side surrenders when all its
// members agree, so one refusal settles it. The attacking side is asked
// first, then the defending side, then they fight.
func (g *Game) answerSurrender(p Seat, yes bool) {
	w := &g.st.War
	side := w.SideOf(w.Asking)
	if !yes {
		g.emit(Event{Type: EventFightOn, Seat: p, Target: NoSeat, Side: w.Asking, Seats: side})
		if w.Asking == Attackers {
			g.askSurrender(Defenders)
		} else {
			g.battle()
		}
		return
	}
	w.Agreed = w.Agreed.With(p)
	if w.Agreed == side {
		g.emit(Event{Type: EventSurrender, Seat: p, Target: NoSeat, Side: w.Asking, Seats: side})
		winners := w.Defenders
		if w.Asking == Defenders {
			winners = w.Attackers
		}
		// No die is revealed; both sides reroll.
		g.settle(winners, side, w.Participants())
	}
}

// battle reveals every participant's die and compares the sides' totals;
// a tie goes to the defender. Only the winners reroll.
func (g *Game) battle() {
	s := &g.st
	w := &s.War
	att, def := 0, 0
	for p := range w.Participants().All() {
		pl := &s.Players[p]
		pl.Revealed = true
		g.emit(Event{Type: EventReveal, Seat: p, Target: NoSeat, Value: pl.Die})
		if w.Attackers.Has(p) {
			att += pl.Die
		} else {
			def += pl.Die
		}
	}
	winners, losers, side := w.Defenders, w.Attackers, Defenders
	if att > def {
		winners, losers, side = w.Attackers, w.Defenders, Attackers
	}
	g.emit(Event{Type: EventBattle, Seat: NoSeat, Target: NoSeat, Side: side, Seats: winners, Attack: att, Defense: def})
	g.settle(winners, losers, winners)
}

// settle scores a war: a win for every winner, a loss for every loser;
// eliminations; victory; then the rerolls (of the players in reroll still
// in the game) and the next turn.
func (g *Game) settle(winners, losers, reroll SeatSet) {
	s := &g.st
	for p := range winners.All() {
		s.Players[p].Wins++
		g.emit(Event{Type: EventWin, Seat: p, Target: NoSeat, Value: s.Players[p].Wins})
	}
	for p := range losers.All() {
		s.Players[p].Losses++
		g.emit(Event{Type: EventLoss, Seat: p, Target: NoSeat, Value: s.Players[p].Losses})
	}
	for p := range losers.All() {
		if s.Players[p].Losses >= 3 {
			g.endAlliance(p, ReasonEliminated)
			s.Players[p].Out = true
			g.emit(Event{Type: EventEliminated, Seat: p, Target: NoSeat})
		}
	}
	remaining := s.Remaining()
	if remaining <= 3 {
		g.endAllAlliances(ReasonThreeLeft)
	}
	var threeWins SeatSet
	for p := range winners.All() {
		if s.Players[p].Wins >= 3 {
			threeWins = threeWins.With(p)
		}
	}
	if threeWins != 0 {
		g.victory(threeWins)
		return
	}
	if remaining == 1 {
		g.finish(winners&s.inGame(), false, ReasonLastPlayer)
		return
	}
	for p := range reroll.All() {
		if !s.Players[p].Out {
			g.roll(p)
		}
	}
	g.endTurn()
}

// victory ends the game among players who reached 3 wins at the same
// moment: fewest losses, then highest power (the die each fought with;
// shown to everybody if the tie-break needs it), else a draw.
func (g *Game) victory(c SeatSet) {
	s := &g.st
	if c.Len() > 1 {
		best := 1 << 30
		for p := range c.All() {
			best = min(best, s.Players[p].Losses)
		}
		for p := range c.All() {
			if s.Players[p].Losses != best {
				c = c.Without(p)
			}
		}
	}
	if c.Len() > 1 {
		best := 0
		for p := range c.All() {
			if !s.Players[p].Revealed {
				s.Players[p].Revealed = true
				g.emit(Event{Type: EventReveal, Seat: p, Target: NoSeat, Value: s.Players[p].Die})
			}
			best = max(best, s.Players[p].Die)
		}
		for p := range c.All() {
			if s.Players[p].Die != best {
				c = c.Without(p)
			}
		}
	}
	g.finish(c, c.Len() > 1, ReasonThreeWins)
}
