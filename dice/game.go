package dice

// Game is one game of Diceplomacy: its state, its log and its source of
// randomness. It is not safe for concurrent use; a server serialises the
// moves of one game.
type Game struct {
	cfg Config
	src Source
	st  State
	log []Event
}

// New starts a game: it draws the start player if asked to, rolls every
// player's die in secret (seat order), and waits for the start player's
// action.
func New(cfg Config, src Source) (*Game, error) {
	g := &Game{}
	if err := g.Reset(cfg, src); err != nil {
		return nil, err
	}
	return g, nil
}

// Reset starts a new game in g, reusing its memory: simulations play
// millions of games through one Game.
func (g *Game) Reset(cfg Config, src Source) error {
	if err := cfg.validate(); err != nil {
		return err
	}
	if src == nil {
		return &ConfigError{"source", "no source of randomness"}
	}
	g.cfg = cfg
	g.src = src
	g.log = g.log[:0]
	players := g.st.Players[:0]
	for i := 0; i < cfg.Players; i++ {
		players = append(players, Player{Name: cfg.name(Seat(i)), Ally: NoSeat})
	}
	g.st = State{Players: players}
	start, random := cfg.Start, cfg.Start == RandomStart
	if random {
		start = Seat(g.src.IntN(cfg.Players))
	}
	g.st.Start = start
	g.st.Current = start
	g.st.Turn = 1
	g.emit(Event{Type: EventStart, Seat: start, Target: NoSeat, Value: cfg.Players, Yes: random})
	for i := range players {
		g.roll(Seat(i))
	}
	g.beginTurn()
	return nil
}

// Config returns the game's configuration.
func (g *Game) Config() Config { return g.cfg }

// State returns a copy of the whole state, secrets included.
func (g *Game) State() State { return g.st.clone() }

// Phase returns what the game is waiting for.
func (g *Game) Phase() Phase { return g.st.Phase }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.st.Phase == PhaseOver }

// Result returns how the game ended (the zero Result while it goes on).
func (g *Game) Result() Result { return g.st.Result }

// Log returns the whole log, secrets included. The slice is the game's own:
// do not modify it.
func (g *Game) Log() []Event { return g.log }

// LogFor returns the log as the player at seat viewer may see it (NoSeat
// for a spectator): other players' secret rolls have no value.
func (g *Game) LogFor(viewer Seat) []Event {
	out := make([]Event, len(g.log))
	for i, e := range g.log {
		out[i] = e.VisibleTo(viewer)
	}
	return out
}

func (g *Game) emit(e Event) { g.log = append(g.log, e) }

// roll gives seat s a new secret die.
func (g *Game) roll(s Seat) {
	p := &g.st.Players[s]
	p.Die = 1 + g.src.IntN(6)
	p.Revealed = false
	g.emit(Event{Type: EventRoll, Seat: s, Target: NoSeat, Value: p.Die})
}

// beginTurn opens the current player's turn.
func (g *Game) beginTurn() {
	g.st.Phase = PhaseAction
	g.emit(Event{Type: EventTurn, Seat: g.st.Current, Target: NoSeat, Value: g.st.Turn})
}

// endTurn closes a turn: the game ends at the turn limit, otherwise the
// next player still in the game, in seat order, is to act.
func (g *Game) endTurn() {
	s := &g.st
	s.War = War{}
	s.Proposal = Proposal{}
	if g.cfg.MaxTurns > 0 && s.Turn >= g.cfg.MaxTurns {
		all := s.inGame()
		g.finish(all, all.Len() > 1, ReasonTurnLimit)
		return
	}
	n := Seat(len(s.Players))
	next := s.Current
	for {
		next = (next + 1) % n
		if !s.Players[next].Out {
			break
		}
	}
	s.Current = next
	s.Turn++
	g.beginTurn()
}

// finish ends the game.
func (g *Game) finish(winners SeatSet, draw bool, why Reason) {
	s := &g.st
	s.Phase = PhaseOver
	s.War = War{}
	s.Proposal = Proposal{}
	s.Result = Result{Winners: winners, Draw: draw, Reason: why, Turns: s.Turn}
	g.emit(Event{Type: EventGameOver, Seat: NoSeat, Target: NoSeat, Seats: winners, Yes: draw, Reason: why})
}

// Apply plays a move. An illegal move returns a *MoveError and changes
// nothing.
func (g *Game) Apply(m Move) error {
	if err := g.check(m); err != nil {
		return &MoveError{Move: m, Err: err}
	}
	g.apply(m, false)
	return nil
}

// Timeout applies the default of the request pending for seat (see
// [Request.Default]), as a server does when that player's deadline passes.
func (g *Game) Timeout(seat Seat) error {
	r, ok := g.RequestFor(seat)
	if !ok {
		if g.Over() {
			return &MoveError{Move: Move{Seat: seat, Target: NoSeat}, Err: ErrGameOver}
		}
		return &MoveError{Move: Move{Seat: seat, Target: NoSeat}, Err: ErrNotAsked}
	}
	g.apply(r.Default, true)
	return nil
}

// TimeoutAll applies the default of every pending request, as a server does
// when a deadline common to all of them passes. It returns how many
// defaults it applied.
func (g *Game) TimeoutAll() int {
	var buf [MaxPlayers]Request
	reqs := g.AppendPending(buf[:0])
	n := 0
	for _, r := range reqs {
		// An earlier default may have settled the others (one refusal
		// settles a side's surrender), so ask again for each.
		if cur, ok := g.RequestFor(r.Seat); ok && cur.Type == r.Type {
			g.apply(cur.Default, true)
			n++
		}
	}
	return n
}

// apply plays a move already checked.
func (g *Game) apply(m Move, byDefault bool) {
	g.emit(Event{Type: EventMove, Seat: m.Seat, Target: m.Target, Move: m.Type, Yes: m.Yes, Default: byDefault})
	switch m.Type {
	case DeclareWar:
		g.declareWar(m.Seat, m.Target)
	case ProposeAlliance:
		g.propose(m.Seat, m.Target)
	case GrandTreaty:
		g.endAllAlliances(ReasonGrandTreaty)
		g.endTurn()
	case Reorganise:
		g.roll(m.Seat)
		g.endTurn()
	case AnswerAlliance:
		g.answerAlliance(m.Yes)
	case Invite:
		g.invite(m.Target)
	case StopInviting:
		g.askSurrender(Attackers)
	case AnswerJoin:
		g.answerJoin(m.Seat, m.Yes)
	case AnswerSurrender:
		g.answerSurrender(m.Seat, m.Yes)
	}
}

// Clone returns an independent copy of the game that draws its dice from
// src: bots use it to look ahead, tests to try moves.
func (g *Game) Clone(src Source) *Game {
	return &Game{cfg: g.cfg, src: src, st: g.st.clone(), log: append([]Event(nil), g.log...)}
}
