package dice

// propose opens an alliance proposal. Proposing to someone else ends the
// proposer's alliance at once, whatever the answer.
func (g *Game) propose(from, to Seat) {
	if g.st.Players[from].Ally != NoSeat {
		g.endAlliance(from, ReasonProposedOther)
	}
	g.st.Proposal = Proposal{From: from, To: to}
	g.st.Phase = PhaseAlliance
}

// answerAlliance settles the pending proposal. Accepting ends the accepting
// player's own alliance, if any, then forms the new one.
func (g *Game) answerAlliance(yes bool) {
	p := g.st.Proposal
	if yes {
		if g.st.Players[p.To].Ally != NoSeat {
			g.endAlliance(p.To, ReasonAcceptedOther)
		}
		g.st.Players[p.From].Ally = p.To
		g.st.Players[p.To].Ally = p.From
		g.emit(Event{Type: EventAllianceFormed, Seat: p.From, Target: p.To})
	}
	g.endTurn()
}

// endAlliance ends the alliance of seat s, if it has one.
func (g *Game) endAlliance(s Seat, why Reason) {
	a := g.st.Players[s].Ally
	if a == NoSeat {
		return
	}
	g.st.Players[s].Ally = NoSeat
	g.st.Players[a].Ally = NoSeat
	lo, hi := min(s, a), max(s, a)
	g.emit(Event{Type: EventAllianceEnded, Seat: lo, Target: hi, Reason: why})
}

// endAllAlliances ends every alliance, in seat order.
func (g *Game) endAllAlliances(why Reason) {
	for i := range g.st.Players {
		g.endAlliance(Seat(i), why)
	}
}
