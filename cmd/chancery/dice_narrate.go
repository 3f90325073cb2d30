package main

import (
	"fmt"
	"strings"

	"github.com/chancery/chancery/dice"
)

// narrate prints the events not yet told, as the narrator may see them.
func (p *terminalGame) narrate() {
	log := p.g.Log()
	for ; p.told < len(log); p.told++ {
		if line := p.describe(log[p.told].VisibleTo(p.narrator), p.narrator, p.told); line != "" {
			fmt.Fprintln(p.out, line)
		}
	}
}

// replayLog prints the whole log as seat s may see it.
func (p *terminalGame) replayLog(s dice.Seat) {
	for i, e := range p.g.LogFor(s) {
		if line := p.describe(e, s, i); line != "" {
			fmt.Fprintln(p.out, line)
		}
	}
}

// describe puts one event into words for viewer; "" for nothing to say.
func (p *terminalGame) describe(e dice.Event, viewer dice.Seat, index int) string {
	w := words{p: p, viewer: viewer}
	setup := index <= p.g.Config().Players
	switch e.Type {
	case dice.EventStart:
		return fmt.Sprintf("Every player rolls a die in secret. %s %s; turns go in seat order.", w.Name(e.Seat), w.verb(e.Seat, "start", "starts"))
	case dice.EventRoll:
		switch {
		case e.Seat == viewer && setup:
			return fmt.Sprintf("Your die: %d (secret).", e.Value)
		case e.Seat == viewer:
			return fmt.Sprintf("You reroll: your die is now %d (secret).", e.Value)
		case setup:
			return ""
		case index > 0 && p.g.Log()[index-1].Move == dice.Reorganise && p.g.Log()[index-1].Type == dice.EventMove:
			return "" // "X reorganises (rerolls in secret)" said it
		}
		return fmt.Sprintf("%s rerolls in secret.", w.Name(e.Seat))
	case dice.EventTurn:
		if e.Seat == viewer {
			return fmt.Sprintf("\n--- Turn %d: your turn ---", e.Value)
		}
		return fmt.Sprintf("\n--- Turn %d: %s's turn ---", e.Value, p.names[e.Seat])
	case dice.EventMove:
		return w.move(e.MoveOf(), e.Default)
	case dice.EventAllianceFormed:
		return fmt.Sprintf("%s and %s are now allies.", w.Name(e.Seat), w.name(e.Target))
	case dice.EventAllianceEnded:
		return fmt.Sprintf("The alliance of %s and %s ends (%s).", w.name(e.Seat), w.name(e.Target), allianceEnds[e.Reason])
	case dice.EventWar:
		return fmt.Sprintf("War! Attacking: %s. Defending: %s.", w.seats(e.Attackers), w.seats(e.Defenders))
	case dice.EventJoined:
		if e.Seats.Len() == 1 {
			return "" // "X agrees to join" said it
		}
		return fmt.Sprintf("%s join the defending side.", w.seats(e.Seats))
	case dice.EventDeclined:
		if e.Seats.Len() == 1 {
			return ""
		}
		return fmt.Sprintf("%s will not join.", w.seats(e.Seats))
	case dice.EventSurrender:
		return fmt.Sprintf("The %s (%s) surrender: no die is shown; everyone in the war rerolls.", e.Side, w.seats(e.Seats))
	case dice.EventFightOn:
		if e.Seats.Len() == 1 {
			return ""
		}
		return fmt.Sprintf("The %s do not surrender.", e.Side)
	case dice.EventReveal:
		return fmt.Sprintf("%s %s a %d.", w.Name(e.Seat), w.verb(e.Seat, "show", "shows"), e.Value)
	case dice.EventBattle:
		tie := ""
		if e.Attack == e.Defense {
			tie = " (a tie goes to the defenders)"
		}
		return fmt.Sprintf("Battle: attackers %d against defenders %d: the %s win%s. Only the winners reroll; the losers' dice stay shown.", e.Attack, e.Defense, e.Side, tie)
	case dice.EventWin:
		return fmt.Sprintf("  %s: +1 win (%d).", w.Name(e.Seat), e.Value)
	case dice.EventLoss:
		return fmt.Sprintf("  %s: +1 loss (%d).", w.Name(e.Seat), e.Value)
	case dice.EventEliminated:
		return fmt.Sprintf("%s %s 3 losses and %s out of the game.", w.Name(e.Seat), w.verb(e.Seat, "have", "has"), w.verb(e.Seat, "are", "is"))
	case dice.EventGameOver:
		return w.gameOver(e)
	}
	return ""
}

// allianceEnds says why an alliance ended.
var allianceEnds = map[dice.Reason]string{
	dice.ReasonWarOnAlly:     "war on the ally",
	dice.ReasonProposedOther: "a proposal to someone else",
	dice.ReasonAcceptedOther: "another proposal accepted",
	dice.ReasonGrandTreaty:   "the Grand Treaty",
	dice.ReasonEliminated:    "a member is out",
	dice.ReasonThreeLeft:     "3 or fewer players remain",
}

// words tells the game to one viewer: "you" for the viewer's seat, the
// name for the others.
type words struct {
	p      *terminalGame
	viewer dice.Seat
}

// name names seat s within a sentence; Name at its start.
func (w words) name(s dice.Seat) string {
	if s == w.viewer {
		return "you"
	}
	return w.p.names[s]
}

func (w words) Name(s dice.Seat) string {
	if s == w.viewer {
		return "You"
	}
	return w.p.names[s]
}

// verb is the form of a verb for seat s: you for the viewer, other for
// the others.
func (w words) verb(s dice.Seat, you, other string) string {
	if s == w.viewer {
		return you
	}
	return other
}

// answer is the form of a yes-or-no answer's verb for seat s.
func (w words) answer(s dice.Seat, yes bool, youYes, otherYes, youNo, otherNo string) string {
	if yes {
		return w.verb(s, youYes, otherYes)
	}
	return w.verb(s, youNo, otherNo)
}

// seats names a set of seats, "you" for the viewer.
func (w words) seats(set dice.SeatSet) string { return w.p.names2(set, w.viewer) }

// move puts a move into words; def says that the rules chose it because
// its player did not answer in time.
func (w words) move(m dice.Move, def bool) string {
	d := ""
	if def {
		d = " (no answer: the default)"
	}
	switch m.Type {
	case dice.DeclareWar:
		return fmt.Sprintf("%s %s war on %s.", w.Name(m.Seat), w.verb(m.Seat, "declare", "declares"), w.name(m.Target))
	case dice.ProposeAlliance:
		return fmt.Sprintf("%s %s an alliance to %s.", w.Name(m.Seat), w.verb(m.Seat, "propose", "proposes"), w.name(m.Target))
	case dice.GrandTreaty:
		return fmt.Sprintf("%s %s the Grand Treaty.", w.Name(m.Seat), w.verb(m.Seat, "play", "plays"))
	case dice.Reorganise:
		if m.Seat == w.viewer {
			return fmt.Sprintf("You reorganise%s.", d)
		}
		return fmt.Sprintf("%s reorganises (rerolls in secret)%s.", w.Name(m.Seat), d)
	case dice.AnswerAlliance:
		return fmt.Sprintf("%s %s%s.", w.Name(m.Seat), w.answer(m.Seat, m.Yes, "accept", "accepts", "refuse", "refuses"), d)
	case dice.Invite:
		return fmt.Sprintf("%s %s %s to join the defending side.", w.Name(m.Seat), w.verb(m.Seat, "ask", "asks"), w.name(m.Target))
	case dice.StopInviting:
		return fmt.Sprintf("%s %s nobody else%s.", w.Name(m.Seat), w.verb(m.Seat, "ask", "asks"), d)
	case dice.AnswerJoin:
		return fmt.Sprintf("%s %s%s.", w.Name(m.Seat), w.answer(m.Seat, m.Yes, "agree to join", "agrees to join", "decline", "declines"), d)
	case dice.AnswerSurrender:
		return fmt.Sprintf("%s %s%s.", w.Name(m.Seat), w.answer(m.Seat, m.Yes, "vote to surrender", "votes to surrender", "refuse to surrender", "refuses to surrender"), d)
	}
	return ""
}

// gameOver says how the game ended.
func (w words) gameOver(e dice.Event) string {
	switch {
	case e.Reason == dice.ReasonTurnLimit:
		return fmt.Sprintf("\nGame over: the turn limit is reached; a draw between %s.", w.seats(e.Seats))
	case e.Yes:
		return fmt.Sprintf("\nGame over: a draw between %s (same wins, losses and power).", w.seats(e.Seats))
	case e.Reason == dice.ReasonLastPlayer:
		return fmt.Sprintf("\nGame over: %s %s, the last player left.", w.Name(e.Seats.First()), w.verb(e.Seats.First(), "win", "wins"))
	}
	winner := e.Seats.First()
	line := fmt.Sprintf("\nGame over: %s %s with 3 wins!", w.Name(winner), w.verb(winner, "win", "wins"))
	var tied dice.SeatSet
	for i, pl := range w.p.g.State().Players {
		if pl.Wins >= 3 {
			tied = tied.With(dice.Seat(i))
		}
	}
	if tied.Len() > 1 {
		line += fmt.Sprintf(" (%s reached 3 wins together: fewest losses, then the highest die, decide.)", w.seats(tied))
	}
	return line
}

// names2 names a set of seats, "you" for the viewer.
func (p *terminalGame) names2(set dice.SeatSet, viewer dice.Seat) string {
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
