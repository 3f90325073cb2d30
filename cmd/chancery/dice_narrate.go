package main

import (
	"fmt"
	"strings"

	"github.com/chancery/chancery/dice"
)

// narrate prints the events not yet told, as the narrator may see them.
func (p *tableGame) narrate() {
	log := p.g.Log()
	for ; p.told < len(log); p.told++ {
		if line := p.describe(log[p.told].VisibleTo(p.narrator), p.narrator, p.told); line != "" {
			fmt.Fprintln(p.out, line)
		}
	}
}

// replayLog prints the whole log as seat s may see it.
func (p *tableGame) replayLog(s dice.Seat) {
	for i, e := range p.g.LogFor(s) {
		if line := p.describe(e, s, i); line != "" {
			fmt.Fprintln(p.out, line)
		}
	}
}

// describe puts one event into words for viewer; "" for nothing to say.
func (p *tableGame) describe(e dice.Event, viewer dice.Seat, index int) string {
	name := func(s dice.Seat) string {
		if s == viewer {
			return "you"
		}
		return p.names[s]
	}
	Name := func(s dice.Seat) string {
		if s == viewer {
			return "You"
		}
		return p.names[s]
	}
	verb := func(s dice.Seat, you, other string) string {
		if s == viewer {
			return you
		}
		return other
	}
	def := ""
	if e.Default {
		def = " (no answer: the default)"
	}
	setup := index <= p.g.Config().Players
	switch e.Kind {
	case dice.EventStart:
		return fmt.Sprintf("Every player rolls a die in secret. %s %s; turns go in seat order.", Name(e.Seat), verb(e.Seat, "start", "starts"))
	case dice.EventRoll:
		switch {
		case e.Seat == viewer && setup:
			return fmt.Sprintf("Your die: %d (secret).", e.Value)
		case e.Seat == viewer:
			return fmt.Sprintf("You reroll: your die is now %d (secret).", e.Value)
		case setup:
			return ""
		case index > 0 && p.g.Log()[index-1].Move == dice.Reorganise && p.g.Log()[index-1].Kind == dice.EventMove:
			return "" // "X reorganises (rerolls in secret)" said it
		}
		return fmt.Sprintf("%s rerolls in secret.", Name(e.Seat))
	case dice.EventTurn:
		return fmt.Sprintf("\n--- Turn %d: %s ---", e.Value, map[bool]string{true: "your turn", false: p.names[e.Seat] + "'s turn"}[e.Seat == viewer])
	case dice.EventMove:
		m := e.MoveOf()
		switch m.Kind {
		case dice.DeclareWar:
			return fmt.Sprintf("%s %s war on %s.", Name(m.Seat), verb(m.Seat, "declare", "declares"), name(m.Target))
		case dice.ProposeAlliance:
			return fmt.Sprintf("%s %s an alliance to %s.", Name(m.Seat), verb(m.Seat, "propose", "proposes"), name(m.Target))
		case dice.GrandTreaty:
			return fmt.Sprintf("%s %s the Grand Treaty.", Name(m.Seat), verb(m.Seat, "play", "plays"))
		case dice.Reorganise:
			if m.Seat == viewer {
				return fmt.Sprintf("You reorganise%s.", def)
			}
			return fmt.Sprintf("%s reorganises (rerolls in secret)%s.", Name(m.Seat), def)
		case dice.AnswerAlliance:
			return fmt.Sprintf("%s %s%s.", Name(m.Seat), verb(m.Seat, map[bool]string{true: "accept", false: "refuse"}[m.Yes],
				map[bool]string{true: "accepts", false: "refuses"}[m.Yes]), def)
		case dice.Invite:
			return fmt.Sprintf("%s %s %s to join the defending side.", Name(m.Seat), verb(m.Seat, "ask", "asks"), name(m.Target))
		case dice.StopInviting:
			return fmt.Sprintf("%s %s nobody else%s.", Name(m.Seat), verb(m.Seat, "ask", "asks"), def)
		case dice.AnswerJoin:
			return fmt.Sprintf("%s %s%s.", Name(m.Seat), verb(m.Seat, map[bool]string{true: "agree to join", false: "decline"}[m.Yes],
				map[bool]string{true: "agrees to join", false: "declines"}[m.Yes]), def)
		case dice.AnswerSurrender:
			return fmt.Sprintf("%s %s%s.", Name(m.Seat), verb(m.Seat, map[bool]string{true: "vote to surrender", false: "refuse to surrender"}[m.Yes],
				map[bool]string{true: "votes to surrender", false: "refuses to surrender"}[m.Yes]), def)
		}
	case dice.EventAllianceFormed:
		return fmt.Sprintf("%s and %s are now allies.", Name(e.Seat), name(e.Target))
	case dice.EventAllianceEnded:
		why := map[dice.Reason]string{
			dice.ReasonWarOnAlly:     "war on the ally",
			dice.ReasonProposedOther: "a proposal to someone else",
			dice.ReasonAcceptedOther: "another proposal accepted",
			dice.ReasonGrandTreaty:   "the Grand Treaty",
			dice.ReasonEliminated:    "a member is out",
			dice.ReasonThreeLeft:     "3 or fewer players remain",
		}[e.Reason]
		return fmt.Sprintf("The alliance of %s and %s ends (%s).", name(e.Seat), name(e.Target), why)
	case dice.EventWar:
		return fmt.Sprintf("War! Attacking: %s. Defending: %s.", p.names2(e.Attackers, viewer), p.names2(e.Defenders, viewer))
	case dice.EventJoined:
		if e.Seats.Len() == 1 {
			return "" // "X agrees to join" said it
		}
		return fmt.Sprintf("%s join the defending side.", p.names2(e.Seats, viewer))
	case dice.EventDeclined:
		if e.Seats.Len() == 1 {
			return ""
		}
		return fmt.Sprintf("%s will not join.", p.names2(e.Seats, viewer))
	case dice.EventSurrender:
		return fmt.Sprintf("The %s (%s) surrender: no die is shown; everyone in the war rerolls.", e.Side, p.names2(e.Seats, viewer))
	case dice.EventFightOn:
		if e.Seats.Len() == 1 {
			return ""
		}
		return fmt.Sprintf("The %s do not surrender.", e.Side)
	case dice.EventReveal:
		return fmt.Sprintf("%s %s a %d.", Name(e.Seat), verb(e.Seat, "show", "shows"), e.Value)
	case dice.EventBattle:
		tie := ""
		if e.Attack == e.Defense {
			tie = " (a tie goes to the defenders)"
		}
		return fmt.Sprintf("Battle: attackers %d against defenders %d: the %s win%s. Only the winners reroll; the losers' dice stay shown.", e.Attack, e.Defense, e.Side, tie)
	case dice.EventWin:
		return fmt.Sprintf("  %s: +1 win (%d).", Name(e.Seat), e.Value)
	case dice.EventLoss:
		return fmt.Sprintf("  %s: +1 loss (%d).", Name(e.Seat), e.Value)
	case dice.EventEliminated:
		return fmt.Sprintf("%s %s 3 losses and %s out of the game.", Name(e.Seat), verb(e.Seat, "have", "has"), verb(e.Seat, "are", "is"))
	case dice.EventGameOver:
		switch {
		case e.Reason == dice.ReasonTurnLimit:
			return fmt.Sprintf("\nGame over: the turn limit is reached; a draw between %s.", p.names2(e.Seats, viewer))
		case e.Yes:
			return fmt.Sprintf("\nGame over: a draw between %s (same wins, losses and power).", p.names2(e.Seats, viewer))
		case e.Reason == dice.ReasonLastPlayer:
			return fmt.Sprintf("\nGame over: %s %s, the last player left.", Name(e.Seats.First()), verb(e.Seats.First(), "win", "wins"))
		}
		w := e.Seats.First()
		line := fmt.Sprintf("\nGame over: %s %s with 3 wins!", Name(w), verb(w, "win", "wins"))
		var tied dice.SeatSet
		for i, pl := range p.g.State().Players {
			if pl.Wins >= 3 {
				tied = tied.With(dice.Seat(i))
			}
		}
		if tied.Len() > 1 {
			line += fmt.Sprintf(" (%s reached 3 wins together: fewest losses, then the highest die, decide.)", p.names2(tied, viewer))
		}
		return line
	}
	return ""
}

// names2 names a set of seats, "you" for the viewer.
func (p *tableGame) names2(set dice.SeatSet, viewer dice.Seat) string {
	var out []string
	for s := range set.All() {
		if s == viewer {
			out = append(out, "you")
		} else {
			out = append(out, p.names[s])
		}
	}
	return strings.Join(out, ", ")
}
