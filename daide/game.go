package daide

import (
	"context"
	"runtime"
	"sync"
	"time"

	"github.com/chancery/chancery/engine"
	"github.com/chancery/chancery/rules"
)

// game is the server's game loop: it alone reads and changes the game, one
// event at a time.
type game struct {
	s   *Server
	cfg *Config
	rep *Representation
	v   *rules.Variant
	res *rules.Resolver

	clients  map[*client]bool
	seat     map[rules.Power]*client // remote powers' clients (nil: empty or gone)
	pass     map[rules.Power]int
	started  bool
	over     bool
	pos      *rules.Position
	retreats map[rules.Province][]rules.Loc

	orders   map[rules.Power][]given // remote powers' orders of this phase
	notReady map[rules.Power]bool    // NOT (GOF)
	draw     map[rules.Power]bool
	phaseNo  int
	deadline time.Time
	late     bool // the phase's deadline passed
	stop     chan struct{}

	now, sco Message
	lastOrd  []Message // the last movement turn's ORD messages and those after it
	history  []turnRecord
	startNow Message
	startSco Message

	outcome Outcome
	elim    map[rules.Power]int

	// local receives the local powers' orders of the current phase, from
	// the decisions startLocal began (nil: none were begun).
	local chan engine.Orders
}

// given is one accepted order and the message it was given as.
type given struct {
	o   rules.Order
	msg Message
}

// turnRecord is what the server sent after one turn, for HST.
type turnRecord struct {
	phase rules.Phase
	msgs  []Message
}

func newGame(s *Server) *game {
	v := s.cfg.Engine.V
	g := &game{s: s, cfg: &s.cfg, rep: s.rep, v: v, res: rules.NewResolver(v, rules.Options{}),
		clients: map[*client]bool{}, seat: map[rules.Power]*client{}, pass: passcodes(s.cfg.Seed, s.cfg.Remote),
		pos: v.Start.Clone(), stop: make(chan struct{}), elim: map[rules.Power]int{},
		outcome: Outcome{Disorder: map[rules.Power]rules.Phase{}, Players: map[rules.Power]string{}}}
	g.resetPhase()
	g.now, g.sco = g.rep.Now(g.pos, g.retreats), g.rep.SupplyCentres(g.pos)
	g.startNow, g.startSco = g.now, g.sco
	return g
}

// loop plays the game until it is over or ctx is done.
func (g *game) loop(ctx context.Context) (*Outcome, error) {
	defer close(g.stop)
	defer func() {
		if g.local != nil {
			<-g.local // Local is never called after Run returns
		}
	}()
	if len(g.cfg.Remote) == 0 {
		g.begin()
	}
	for !g.over {
		if g.started && g.ready() {
			if err := g.process(); err != nil {
				return g.result(), err
			}
			continue
		}
		select {
		case <-ctx.Done():
			return g.result(), ctx.Err()
		case ev := <-g.s.events:
			g.handle(ev)
		}
	}
	return g.result(), nil
}

func (g *game) result() *Outcome {
	g.outcome.Final = g.pos
	return &g.outcome
}

// handle is one event.
func (g *game) handle(ev event) {
	switch {
	case ev.start:
		if !g.started {
			g.begin()
		}
	case ev.c == nil:
		if ev.tick == g.phaseNo && g.started {
			g.late = true
		}
	case ev.err != nil:
		g.left(ev.c)
	default:
		g.clients[ev.c] = true
		g.message(ev.c, ev.msg)
	}
}

// left is a connection that ended.
func (g *game) left(c *client) {
	delete(g.clients, c)
	c.gone = true
	p := c.power
	if p == rules.NoPower || g.seat[p] != c {
		return
	}
	g.seat[p] = nil
	g.s.logf("daide: %s left", g.v.Map.PowerName(p))
	if g.started && !g.over {
		if _, ok := g.outcome.Disorder[p]; !ok {
			g.outcome.Disorder[p] = g.pos.Phase
		}
		g.broadcast(Msg(CCD, Group(g.rep.Power(p))))
	}
}

// broadcast sends m to every seated player and observer.
func (g *game) broadcast(m Message) {
	for c := range g.clients {
		if !c.gone && (c.observer || (c.power != rules.NoPower && g.seat[c.power] == c)) {
			g.s.sendTo(c, m)
		}
	}
}

// begin starts the game: HLO to each player, then the position.
func (g *game) begin() {
	g.started = true
	for _, p := range g.cfg.Remote {
		c := g.seat[p]
		if c == nil {
			g.outcome.Disorder[p] = g.pos.Phase
			continue
		}
		g.s.sendTo(c, g.hello(p))
	}
	g.s.logf("daide: the game starts")
	g.broadcast(g.sco)
	g.broadcast(g.now)
	g.startLocal()
	g.startTimer()
}

// startLocal begins the decisions of the phase's local powers in the
// background, so that they are made while the clients think; process
// waits for them.
func (g *game) startLocal() {
	g.local = nil
	if g.cfg.Local == nil {
		return
	}
	remote := map[rules.Power]bool{}
	for _, p := range g.cfg.Remote {
		remote[p] = true
	}
	var powers []rules.Power
	for _, p := range g.v.Powers() {
		if !remote[p] && g.v.Owes(g.pos, p) {
			powers = append(powers, p)
		}
	}
	pos := g.pos.Clone()
	ch := make(chan engine.Orders, 1)
	g.local = ch
	go func() {
		found := make([][]rules.Order, len(powers))
		// One at a time, in the powers' order, unless the decisions may
		// run at once (each with a random stream of its own).
		slots := make(chan struct{}, 1)
		if g.cfg.LocalConcurrent {
			slots = make(chan struct{}, runtime.GOMAXPROCS(0))
		}
		var wg sync.WaitGroup
		for i, p := range powers {
			slots <- struct{}{}
			wg.Go(func() {
				found[i] = g.cfg.Local(pos.Clone(), p)
				<-slots
			})
		}
		wg.Wait()
		orders := engine.Orders{}
		for i, p := range powers {
			orders[p] = found[i]
		}
		ch <- orders
	}()
}

// hello is the HLO message of power p.
func (g *game) hello(p rules.Power) Message {
	opts := G(LVL, 0)
	for _, o := range []struct {
		t Token
		d time.Duration
	}{{MTL, g.cfg.MoveTime}, {RTL, g.cfg.RetreatTime}, {BTL, g.cfg.BuildTime}} {
		if o.d > 0 {
			opts = append(opts, G(o.t, seconds(o.d))...)
		}
	}
	return Msg(HLO, Group(g.rep.Power(p)), G(g.pass[p]), Group(opts...))
}

// seconds is a duration in whole seconds as an integer token's value
// (at most 8191: longer deadlines are written as that).
func seconds(d time.Duration) int { return min(8191, max(0, int((d+time.Second-1)/time.Second))) }

// phaseTime is the deadline of the current phase, 0 for none.
func (g *game) phaseTime() time.Duration {
	switch g.pos.Phase.Type {
	case rules.RetreatPhase:
		return g.cfg.RetreatTime
	case rules.AdjustmentPhase:
		return g.cfg.BuildTime
	}
	return g.cfg.MoveTime
}

// startTimer starts the phase's deadline and tells the clients.
func (g *game) startTimer() {
	d := g.phaseTime()
	if d <= 0 {
		g.deadline = time.Time{}
		return
	}
	g.deadline = time.Now().Add(d)
	n := g.phaseNo
	time.AfterFunc(d, func() {
		select {
		case g.s.events <- event{tick: n}:
		case <-g.stop:
		}
	})
	g.broadcast(Msg(TME, G(seconds(d))))
}

// resetPhase clears what belongs to one phase and lists the retreats.
func (g *game) resetPhase() {
	g.orders = map[rules.Power][]given{}
	g.notReady = map[rules.Power]bool{}
	g.draw = map[rules.Power]bool{}
	g.late = false
	g.retreats = map[rules.Province][]rules.Loc{}
	if g.pos.Phase.Type != rules.RetreatPhase {
		return
	}
	for _, p := range g.v.Powers() {
		legal, err := g.res.LegalOrders(g.pos, p, nil)
		if err != nil {
			continue
		}
		for _, o := range legal {
			if o.Type == rules.Retreat {
				g.retreats[o.At.Province] = append(g.retreats[o.At.Province], o.Target)
			}
		}
	}
}

// ready reports whether the phase can be played: its deadline passed, or
// every connected remote power that owes orders has them all and has not
// asked to wait.
func (g *game) ready() bool {
	if g.late {
		return true
	}
	for _, p := range g.cfg.Remote {
		if c := g.seat[p]; c == nil || !g.v.Owes(g.pos, p) {
			continue
		}
		if g.notReady[p] || len(g.missing(p)) > 0 {
			return false
		}
	}
	return true
}

// missing is the MIS message's contents for p: the units without orders,
// or in an adjustment phase the adjustments still due (positive:
// removals, negative: builds); empty when p's orders are complete.
func (g *game) missing(p rules.Power) Message {
	ordered := map[rules.Province]bool{}
	builds, removes := 0, 0
	for _, gv := range g.orders[p] {
		ordered[gv.o.At.Province] = true
		switch gv.o.Type {
		case rules.Build, rules.Waive:
			builds++
		case rules.Remove:
			removes++
		}
	}
	var out Message
	switch g.pos.Phase.Type {
	case rules.MovementPhase:
		for pr, u := range g.pos.Units {
			if u.Type != rules.NoUnit && u.Power == p && !ordered[rules.Province(pr)] && g.rep.provTok[pr] != 0 {
				out = append(out, Group(g.rep.Unit(p, u.Type, rules.Loc{Province: rules.Province(pr), Coast: u.Coast})...)...)
			}
		}
	case rules.RetreatPhase:
		for _, d := range g.pos.Dislodged {
			if d.Power == p && !ordered[d.Province] {
				var list Message
				for _, l := range g.retreats[d.Province] {
					list = append(list, g.rep.loc(l)...)
				}
				u := append(g.rep.Unit(p, d.Type, d.Loc()), MRT)
				out = append(out, Group(append(u, Group(list...)...)...)...)
			}
		}
	case rules.AdjustmentPhase:
		due := g.v.AdjustmentDue(g.pos, p)
		switch {
		case due < 0 && removes < -due:
			out = G(-due - removes)
		case due > 0 && builds < due && g.freeSites(p, ordered) > 0:
			out = G(-(due - builds))
		}
	}
	return out
}

// freeSites counts p's build sites not yet used by its builds.
func (g *game) freeSites(p rules.Power, used map[rules.Province]bool) int {
	n := 0
	for pr := range g.v.Map.Provinces {
		if g.v.BuildSite(g.pos, p, rules.Province(pr)) && !used[rules.Province(pr)] {
			n++
		}
	}
	return n
}

// process plays the phase: the remote powers' orders, the local powers',
// the adjudication, and what the clients are told.
func (g *game) process() error {
	ph := g.pos.Phase
	orders := engine.Orders{}
	remote := map[rules.Power]bool{}
	for _, p := range g.cfg.Remote {
		remote[p] = true
		if g.late && g.seat[p] != nil && g.v.Owes(g.pos, p) && len(g.missing(p)) > 0 {
			g.broadcast(Msg(CCD, Group(g.rep.Power(p)), Turn(ph)))
			g.s.logf("daide: %s missed the deadline of %s: %s", g.v.Map.PowerName(p), ph, Msg(MIS, g.missing(p)).Format(g.rep))
		}
		for _, gv := range g.orders[p] {
			orders[p] = append(orders[p], gv.o)
		}
	}
	if g.local != nil {
		for p, list := range <-g.local {
			orders[p] = list
		}
		g.local = nil
	}
	_, res, err := g.cfg.Engine.Resolve(g.pos, orders)
	if err != nil {
		return err
	}
	var msgs []Message
	dislodged := map[rules.Province]bool{}
	if ph.Type == rules.MovementPhase {
		for _, d := range res.Next.Dislodged {
			dislodged[d.Province] = true
		}
		for _, d := range res.Disbanded {
			dislodged[d.Province] = true
		}
	}
	var all []rules.Order
	for _, rs := range res.Results {
		all = append(all, rs.Order)
	}
	for i := range res.Results {
		rs := &res.Results[i]
		via := g.route(rs.Order, all)
		o := g.rep.Order(rs.Order, g.pos, via)
		msgs = append(msgs, Msg(ORD, Turn(ph), Group(o...), Group(Result(rs, dislodged[rs.Order.At.Province] && rs.Order.Type != rules.Build)...)))
	}
	next := res.Next.Clone()
	if ph.Season == rules.Fall && !(next.Phase.Season == rules.Fall && next.Phase.Type == rules.RetreatPhase) {
		g.sco = g.rep.SupplyCentres(next)
		msgs = append(msgs, g.sco)
	}
	if res.Winner != rules.NoPower {
		g.outcome.Winner = res.Winner
		g.over = true
		msgs = append(msgs, Msg(SLO, Group(g.rep.Power(res.Winner))))
	}
	if ph.Type == rules.MovementPhase {
		g.lastOrd = nil
	}
	for _, m := range msgs {
		if m[0] == ORD {
			g.lastOrd = append(g.lastOrd, m)
		}
	}
	g.pos = next
	g.phaseNo++
	g.resetPhase()
	g.now = g.rep.Now(g.pos, g.retreats)
	msgs = append(msgs, g.now)
	for _, p := range g.v.Powers() {
		if _, ok := g.elim[p]; !ok && !g.v.Alive(g.pos, p) {
			g.elim[p] = ph.Year
		}
	}
	if !g.over && g.cfg.LastYear > 0 && g.pos.Phase.Year > g.cfg.LastYear {
		g.over, g.outcome.Drawn = true, true
		msgs = append(msgs, Message{DRW})
	}
	if g.over {
		msgs = append(msgs, g.summary())
	}
	g.history = append(g.history, turnRecord{phase: ph, msgs: append(append([]Message{}, msgs...), g.sco)})
	for _, m := range msgs {
		g.broadcast(m)
	}
	g.s.logf("daide: played %s", ph)
	if !g.over {
		g.startLocal()
		g.startTimer()
	}
	return nil
}

// route is the seas of a convoyed army's route, in order (nil for a move
// that is not convoyed): found through the fleets ordered to convoy it.
func (g *game) route(o rules.Order, all []rules.Order) []rules.Province {
	m := g.v.Map
	if o.Type != rules.Move || (!o.ViaConvoy && (o.Unit == rules.Fleet || g.armyBorder(o))) {
		return nil
	}
	fleets := map[rules.Province]bool{}
	for _, c := range all {
		if c.Type == rules.Convoy && c.Target.Province == o.At.Province && c.Dest.Province == o.Target.Province {
			fleets[c.At.Province] = true
		}
	}
	from := map[rules.Province]rules.Province{}
	queue := []rules.Province{o.At.Province}
	seen := map[rules.Province]bool{o.At.Province: true}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		if cur != o.At.Province && m.SeaNeighbours(cur, o.Target.Province) {
			var path []rules.Province
			for p := cur; p != o.At.Province; p = from[p] {
				path = append([]rules.Province{p}, path...)
			}
			return path
		}
		for f := range fleets {
			if !seen[f] && m.SeaNeighbours(cur, f) {
				seen[f], from[f] = true, cur
				queue = append(queue, f)
			}
		}
	}
	return []rules.Province{}
}

// armyBorder reports whether an army may cross from o.At to o.Target by
// land.
func (g *game) armyBorder(o rules.Order) bool {
	ok, _ := g.v.Map.Edge(rules.Army, rules.At(o.At.Province), rules.At(o.Target.Province))
	return ok
}

// summary is the SMR message: who played each power, its centres, and
// the year it was eliminated.
func (g *game) summary() Message {
	out := Msg(SMR, Turn(g.pos.Phase))
	counts := g.pos.CentreCount(g.v.Map)
	remote := map[rules.Power]bool{}
	for _, p := range g.cfg.Remote {
		remote[p] = true
	}
	for _, p := range g.v.Powers() {
		name, version := g.cfg.LocalName, g.cfg.LocalVersion
		if remote[p] {
			name, version = g.outcome.Players[p], ""
			if name == "" {
				name = "civil disorder"
			}
		}
		e := Msg(g.rep.Power(p), G(name), G(version), counts[p])
		if y, ok := g.elim[p]; ok && counts[p] == 0 {
			e = append(e, Int(y))
		}
		out = append(out, Group(e...)...)
	}
	return out
}
