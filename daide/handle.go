package daide

import (
	"time"

	"github.com/chancery/chancery/rules"
)

// message answers one message of a client.
func (g *game) message(c *client, m Message) {
	if !m.Balanced() {
		g.s.sendTo(c, append(Msg(PRN, BRA), append(m, KET)...))
		return
	}
	items := m.Items()
	if items[0].IsGroup() {
		g.huh(c, m, 0)
		return
	}
	if (items[0].Tok == YES || items[0].Tok == REJ) && (len(items) != 2 || !items[1].IsGroup()) {
		g.huh(c, m, 1)
		return
	}
	switch items[0].Tok {
	case NME, OBS:
		g.join(c, m, items)
	case IAM:
		g.rejoin(c, m, items)
	case MAP:
		g.s.sendTo(c, g.mapMessage())
	case MDF:
		g.s.sendTo(c, g.s.mdf)
	case YES:
		if len(items) == 2 && items[1].IsGroup() && len(items[1].Group) > 0 && items[1].Group[0] == MAP {
			c.mapOK = true
			g.tryStart()
		}
	case REJ:
		if len(items) == 2 && items[1].IsGroup() && len(items[1].Group) > 0 && items[1].Group[0] == MAP && !g.started {
			g.unseat(c)
		}
	case HLO:
		if p := g.player(c); p != rules.NoPower && g.started && len(items) == 1 {
			g.s.sendTo(c, g.hello(p))
		} else {
			g.s.sendTo(c, Msg(REJ, Group(m...)))
		}
	case NOW:
		g.s.sendTo(c, g.now)
	case SCO:
		g.s.sendTo(c, g.sco)
	case HST:
		g.historyOf(c, m, items)
	case ORD:
		if len(g.lastOrd) == 0 {
			g.s.sendTo(c, Msg(REJ, Group(m...)))
		}
		for _, o := range g.lastOrd {
			g.s.sendTo(c, o)
		}
	case SUB:
		g.submit(c, m, items)
	case NOT:
		g.not(c, m, items)
	case GOF:
		p := g.player(c)
		if p == rules.NoPower || !g.started || g.over || len(items) != 1 {
			g.s.sendTo(c, Msg(REJ, Group(m...)))
			return
		}
		delete(g.notReady, p)
		g.s.sendTo(c, Msg(YES, Group(m...)))
		if mis := g.missing(p); len(mis) > 0 && g.v.Owes(g.pos, p) {
			g.s.sendTo(c, append(Message{MIS}, mis...))
		}
	case MIS:
		p := g.player(c)
		if p == rules.NoPower || !g.started || g.over {
			g.s.sendTo(c, Msg(REJ, Group(m...)))
			return
		}
		var mis Message
		if g.v.Owes(g.pos, p) {
			mis = g.missing(p)
		}
		g.s.sendTo(c, append(Message{MIS}, mis...))
	case DRW:
		g.drawOffer(c, m, items)
	case TME:
		if len(items) == 1 && !g.deadline.IsZero() && g.started && !g.over {
			g.s.sendTo(c, Msg(TME, G(seconds(time.Until(g.deadline)))))
			return
		}
		// Timed reminders (TME (seconds)) are not offered.
		g.s.sendTo(c, Msg(REJ, Group(m...)))
	case ADM:
		if len(items) != 3 || !items[1].IsGroup() || !items[2].IsGroup() {
			g.huh(c, m, 1)
			return
		}
		for o := range g.clients {
			if o != c && !o.gone {
				g.s.sendTo(o, m)
			}
		}
	case PRN, HUH:
		// Never answered, as the protocol says.
	case SND:
		// Press is not part of a level 0 game.
		g.huh(c, m, 0)
	default:
		g.huh(c, m, 0)
	}
}

// huh answers a message that does not follow the syntax: HUH with ERR
// before the token at index at.
func (g *game) huh(c *client, m Message, at int) {
	out := Msg(HUH, BRA)
	out = append(out, m[:at]...)
	out = append(out, ERR)
	out = append(out, m[at:]...)
	g.s.sendTo(c, append(out, KET))
}

// player returns the power c plays, or NoPower.
func (g *game) player(c *client) rules.Power {
	if c.power != rules.NoPower && g.seat[c.power] == c {
		return c.power
	}
	return rules.NoPower
}

// mapMessage is MAP ('name').
func (g *game) mapMessage() Message { return Msg(MAP, G(g.v.Name)) }

// join seats a client that sent NME, or makes it an observer (OBS).
func (g *game) join(c *client, m Message, items []Item) {
	if c.observer || g.player(c) != rules.NoPower {
		g.s.sendTo(c, Msg(REJ, Group(m...)))
		return
	}
	name, version := "", ""
	if len(items) >= 3 && items[1].IsGroup() && items[2].IsGroup() {
		name, _ = items[1].Group.Text()
		version, _ = items[2].Group.Text()
	} else if items[0].Tok == NME || len(items) != 1 {
		g.huh(c, m, min(1, len(m)))
		return
	}
	if items[0].Tok == OBS {
		c.observer = true
		g.s.sendTo(c, Msg(YES, Group(m...)))
		g.s.sendTo(c, g.mapMessage())
		return
	}
	if g.started {
		g.s.sendTo(c, Msg(REJ, Group(m...)))
		return
	}
	for _, p := range g.cfg.Remote {
		if g.seat[p] == nil {
			g.seat[p], c.power, c.name, c.version = c, p, name, version
			g.outcome.Players[p] = name
			g.s.sendTo(c, Msg(YES, Group(m...)))
			g.s.sendTo(c, g.mapMessage())
			g.s.logf("daide: %s %s plays %s", name, version, g.v.Map.PowerName(p))
			return
		}
	}
	g.s.sendTo(c, Msg(REJ, Group(m...)))
}

// unseat frees the seat of a client that refused the map.
func (g *game) unseat(c *client) {
	if p := g.player(c); p != rules.NoPower {
		g.seat[p] = nil
		delete(g.outcome.Players, p)
		c.power = rules.NoPower
	}
}

// tryStart starts the game once every remote power is seated and its
// client has accepted the map.
func (g *game) tryStart() {
	if g.started {
		return
	}
	for _, p := range g.cfg.Remote {
		if c := g.seat[p]; c == nil || !c.mapOK {
			return
		}
	}
	g.begin()
}

// rejoin seats a client that sent IAM (power) (passcode) in a power whose
// client left.
func (g *game) rejoin(c *client, m Message, items []Item) {
	if len(items) != 3 || !items[1].IsGroup() || !items[2].IsGroup() || len(items[1].Group) != 1 ||
		len(items[2].Group) != 1 || !items[2].Group[0].IsInt() {
		g.huh(c, m, 1)
		return
	}
	p, ok := g.rep.PowerOf(items[1].Group[0])
	if !ok || !g.started || g.over || g.seat[p] != nil || g.pass[p] != items[2].Group[0].Int() || g.player(c) != rules.NoPower {
		g.s.sendTo(c, Msg(REJ, Group(m...)))
		return
	}
	g.seat[p], c.power, c.mapOK = c, p, true
	g.s.sendTo(c, Msg(YES, Group(m...)))
	g.broadcast(Msg(NOT, G(CCD, Group(g.rep.Power(p)))))
}

// historyOf answers HST: the start (no turn) or what was sent after a
// turn.
func (g *game) historyOf(c *client, m Message, items []Item) {
	if len(items) == 1 {
		g.s.sendTo(c, g.startSco)
		g.s.sendTo(c, g.startNow)
		return
	}
	if len(items) == 2 && items[1].IsGroup() {
		if ph, ok := ParseTurn(items[1].Group); ok {
			for _, t := range g.history {
				if t.phase == ph {
					for _, msg := range t.msgs {
						g.s.sendTo(c, msg)
					}
					return
				}
			}
		}
	}
	g.s.sendTo(c, Msg(REJ, Group(m...)))
}

// submit takes a SUB message: each order checked and answered with THX,
// then MIS if orders are still missing.
func (g *game) submit(c *client, m Message, items []Item) {
	p := g.player(c)
	if p == rules.NoPower || !g.started || g.over {
		g.s.sendTo(c, Msg(REJ, Group(m...)))
		return
	}
	orders := items[1:]
	if len(orders) > 0 && orders[0].IsGroup() {
		if ph, ok := ParseTurn(orders[0].Group); ok {
			if ph != g.pos.Phase {
				g.s.sendTo(c, Msg(REJ, Group(m...)))
				return
			}
			orders = orders[1:]
		}
	}
	if len(orders) == 0 {
		g.huh(c, m, len(m))
		return
	}
	for _, it := range orders {
		if !it.IsGroup() {
			g.huh(c, m, 1)
			return
		}
	}
	for _, it := range orders {
		note := g.accept(p, it.Group)
		if note != MBV {
			g.s.logf("daide: %s: %s refused: %s", g.v.Map.PowerName(p), Group(it.Group...).Format(g.rep), g.rep.Name(note))
		}
		g.s.sendTo(c, Msg(THX, Group(it.Group...), Group(note)))
	}
	if mis := g.missing(p); len(mis) > 0 {
		g.s.sendTo(c, append(Message{MIS}, mis...))
	}
}

// accept checks one order of p and keeps it (replacing an earlier order
// for the same unit): MBV, or the note that refuses it.
func (g *game) accept(p rules.Power, om Message) Token {
	o, note := g.rep.ReadOrder(om, p, g.pos)
	if note != 0 {
		return note
	}
	var kept []given
	var batch []rules.Order
	for _, gv := range g.orders[p] {
		same := gv.o.At.Province == o.At.Province && o.Type != rules.Waive && gv.o.Type != rules.Waive
		if same && o.Type == rules.Build {
			return ESC
		}
		if !same {
			kept = append(kept, gv)
			batch = append(batch, gv.o)
		}
	}
	batch = append(batch, o)
	res, err := g.res.Adjudicate(g.pos, batch)
	if err != nil {
		return NSU
	}
	last := &res.Results[len(res.Results)-1]
	if last.Outcome == rules.Illegal && last.Reason != rules.NoPermission && !g.unsaidNoSupport(last) {
		return Note(o, last.Reason)
	}
	if o.Type == rules.Build || o.Type == rules.Waive {
		due := g.v.AdjustmentDue(g.pos, p)
		n := 0
		for _, gv := range kept {
			if gv.o.Type == rules.Build || gv.o.Type == rules.Waive {
				n++
			}
		}
		if n >= due {
			return NMB
		}
	}
	if o.Type == rules.Remove {
		n := 0
		for _, gv := range kept {
			if gv.o.Type == rules.Remove {
				n++
			}
		}
		if n >= -g.v.AdjustmentDue(g.pos, p) {
			return NMR
		}
	}
	g.orders[p] = append(kept, given{o: last.Order, msg: om})
	return MBV
}

// unsaidNoSupport reports whether the rules refused a support only
// because it crosses a border across which the variant allows no support
// (1900's cape route), a rule the MDF cannot say: it lists that border as
// an ordinary one, so by the map the client was given the order is good.
// Such an order is taken (MBV, as with Colonial's permissions) and the
// adjudication voids it (NSO in ORD). Refusing it would leave the unit
// without an order, and a client that trusts the MDF (DumbBot) never
// sends another: its whole turn would wait for the deadline.
func (g *game) unsaidNoSupport(rs *rules.Result) bool {
	o := rs.Order
	if rs.Reason != rules.CannotSupport || o.Type != rules.Support {
		return false
	}
	into := o.Dest.Province
	if into == rules.NoProvince {
		into = o.Target.Province
	}
	m := g.v.Map
	for _, b := range m.Neighbours(o.Unit, o.At) {
		if b.To.Province == into && m.BorderKinds[b.Kind].NoSupport {
			return true
		}
	}
	return false
}

// not is NOT (SUB [order]), NOT (GOF), NOT (DRW) or NOT (TME ...).
func (g *game) not(c *client, m Message, items []Item) {
	p := g.player(c)
	if len(items) != 2 || !items[1].IsGroup() || len(items[1].Group) == 0 {
		g.huh(c, m, 1)
		return
	}
	inner := items[1].Group
	ok := p != rules.NoPower && g.started && !g.over
	switch inner[0] {
	case SUB:
		if !ok {
			break
		}
		rest := inner.Items()[1:]
		if len(rest) == 0 {
			delete(g.orders, p)
			g.s.sendTo(c, Msg(YES, Group(m...)))
			return
		}
		if len(rest) == 1 && rest[0].IsGroup() {
			for i, gv := range g.orders[p] {
				if gv.msg.Equal(rest[0].Group) {
					g.orders[p] = append(g.orders[p][:i:i], g.orders[p][i+1:]...)
					g.s.sendTo(c, Msg(YES, Group(m...)))
					return
				}
			}
		}
	case GOF:
		if ok && len(inner) == 1 && g.v.Alive(g.pos, p) {
			g.notReady[p] = true
			g.s.sendTo(c, Msg(YES, Group(m...)))
			return
		}
	case DRW:
		if ok && len(inner) == 1 {
			delete(g.draw, p)
			g.s.sendTo(c, Msg(YES, Group(m...)))
			return
		}
	}
	g.s.sendTo(c, Msg(REJ, Group(m...)))
}

// drawOffer is DRW from a player: when every surviving power has offered
// it in the same turn, the game is drawn.
func (g *game) drawOffer(c *client, m Message, items []Item) {
	p := g.player(c)
	if p == rules.NoPower || !g.started || g.over || len(items) != 1 || !g.v.Alive(g.pos, p) || g.v.NoDraws {
		g.s.sendTo(c, Msg(REJ, Group(m...)))
		return
	}
	g.draw[p] = true
	g.s.sendTo(c, Msg(YES, Group(m...)))
	for _, q := range g.v.Powers() {
		if g.v.Alive(g.pos, q) && !g.draw[q] {
			return
		}
	}
	g.over, g.outcome.Drawn = true, true
	g.broadcast(Message{DRW})
	g.broadcast(g.summary())
}
