package dice

// RequestType is the type of decision a [Request] asks for.
type RequestType uint8

// The types of requests, each with the moves that answer it and its default.
const (
	RequestNone RequestType = iota
	// RequestAction: the current player picks one of the four actions
	// (DeclareWar, ProposeAlliance, GrandTreaty, Reorganise). Default:
	// Reorganise, the one action that affects nobody else.
	RequestAction
	// RequestAlliance: accept or refuse a proposal (AnswerAlliance).
	// Default: refuse.
	RequestAlliance
	// RequestInvite: the outnumbered defender invites someone (Invite) or
	// stops (StopInviting). Default: stop inviting.
	RequestInvite
	// RequestJoin: join the defending side or not (AnswerJoin). Default: do
	// not join.
	RequestJoin
	// RequestSurrender: agree to surrender or not (AnswerSurrender).
	// Default: do not surrender.
	RequestSurrender
)

var requestNames = []string{"none", "action", "alliance", "invite", "join", "surrender"}

// String returns the type's name ("action", "join", ...).
func (k RequestType) String() string { return enumString(requestNames, int(k), "RequestKind") }

// MarshalText encodes the type as its name.
func (k RequestType) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText decodes a type's name.
func (k *RequestType) UnmarshalText(b []byte) error {
	v, err := enumParse(requestNames, b, "request kind")
	*k = RequestType(v)
	return err
}

// Request is a decision the game waits for from one player, with the move
// [Game.Timeout] plays for them if they do not answer.
type Request struct {
	Seat    Seat        `json:"seat"`
	Type    RequestType `json:"kind"`
	Default Move        `json:"default"`
}

// Pending returns every request the game waits for, in seat order. Several
// players are asked at once only when a side decides on surrender or an
// alliance decides on joining; otherwise there is one request.
func (g *Game) Pending() []Request { return g.AppendPending(nil) }

// AppendPending appends the pending requests to dst and returns it.
func (g *Game) AppendPending(dst []Request) []Request {
	s := &g.st
	switch s.Phase {
	case PhaseAction:
		dst = append(dst, Request{s.Current, RequestAction, Move{Seat: s.Current, Type: Reorganise, Target: NoSeat}})
	case PhaseAlliance:
		t := s.Proposal.To
		dst = append(dst, Request{t, RequestAlliance, Move{Seat: t, Type: AnswerAlliance, Target: NoSeat}})
	case PhaseInvite:
		d := s.War.Defender
		dst = append(dst, Request{d, RequestInvite, Move{Seat: d, Type: StopInviting, Target: NoSeat}})
	case PhaseJoin:
		for p := range (s.War.Invited &^ s.War.Accepted).All() {
			dst = append(dst, Request{p, RequestJoin, Move{Seat: p, Type: AnswerJoin, Target: NoSeat}})
		}
	case PhaseSurrender:
		for p := range (s.War.SideOf(s.War.Asking) &^ s.War.Agreed).All() {
			dst = append(dst, Request{p, RequestSurrender, Move{Seat: p, Type: AnswerSurrender, Target: NoSeat}})
		}
	}
	return dst
}

// RequestFor returns the request pending for seat, if any.
func (g *Game) RequestFor(seat Seat) (Request, bool) {
	var buf [MaxPlayers]Request
	for _, r := range g.AppendPending(buf[:0]) {
		if r.Seat == seat {
			return r, true
		}
	}
	return Request{Seat: seat, Default: Move{Seat: seat, Target: NoSeat}}, false
}

// answers maps each request kind to the move kinds that answer it.
func answers(r RequestType, m MoveType) bool {
	switch r {
	case RequestAction:
		return m == DeclareWar || m == ProposeAlliance || m == GrandTreaty || m == Reorganise
	case RequestAlliance:
		return m == AnswerAlliance
	case RequestInvite:
		return m == Invite || m == StopInviting
	case RequestJoin:
		return m == AnswerJoin
	case RequestSurrender:
		return m == AnswerSurrender
	}
	return false
}

// check says why a move is illegal now, or returns nil.
func (g *Game) check(m Move) error {
	s := &g.st
	if s.Phase == PhaseOver {
		return ErrGameOver
	}
	if m.Seat < 0 || int(m.Seat) >= len(s.Players) {
		return detail(ErrBadSeat, "%d players", len(s.Players))
	}
	r, ok := g.RequestFor(m.Seat)
	if !ok {
		if s.Players[m.Seat].Out {
			return detail(ErrNotAsked, "%v is out of the game", m.Seat)
		}
		return ErrNotAsked
	}
	return g.checkFor(r, m)
}

// checkFor says why m does not answer request r, or returns nil.
func (g *Game) checkFor(r Request, m Move) error {
	s := &g.st
	if !answers(r.Type, m.Type) {
		return detail(ErrWrongMove, "%v is asked for %s, not %s", m.Seat, r.Type, m.Type)
	}
	switch m.Type {
	case DeclareWar, ProposeAlliance, Invite:
		if !s.active(m.Target) {
			if m.Target >= 0 && int(m.Target) < len(s.Players) {
				return detail(ErrTargetOut, "%v", m.Target)
			}
			return detail(ErrTargetNotSeat, "%v", m.Target)
		}
		if m.Target == m.Seat {
			return ErrTargetSelf
		}
	}
	switch m.Type {
	case ProposeAlliance:
		if s.Remaining() <= 3 {
			return ErrNoAlliances
		}
		if s.Players[m.Seat].Ally == m.Target {
			return detail(ErrAlreadyAlly, "%v", m.Target)
		}
	case Invite:
		if s.War.Participants().Has(m.Target) {
			return detail(ErrAlreadyInWar, "%v", m.Target)
		}
		if s.War.Asked.Has(m.Target) {
			return detail(ErrAlreadyAsked, "%v", m.Target)
		}
	}
	return nil
}

// LegalMoves returns every move seat may make now (none if nothing is
// asked of it). Answers come as the yes move then the no move.
func (g *Game) LegalMoves(seat Seat) []Move { return g.AppendLegalMoves(nil, seat) }

// AppendLegalMoves appends the moves seat may make now to dst. It lists
// exactly the moves [Game.Apply] accepts (a property test holds it to
// that), without building the errors of the refused ones.
func (g *Game) AppendLegalMoves(dst []Move, seat Seat) []Move {
	r, _ := g.RequestFor(seat)
	return g.appendLegal(dst, r)
}

// appendLegal appends the moves that answer request r, pending now, to dst
// (none for RequestNone). Callers that already hold the request use it to
// spare [Game.RequestFor] rebuilding the pending list.
func (g *Game) appendLegal(dst []Move, r Request) []Move {
	s := &g.st
	seat := r.Seat
	switch r.Type {
	case RequestNone:
		return dst
	case RequestAction:
		for t := range s.Players {
			if Seat(t) != seat && !s.Players[t].Out {
				dst = append(dst, Move{Seat: seat, Type: DeclareWar, Target: Seat(t)})
			}
		}
		if s.Remaining() > 3 {
			for t := range s.Players {
				if Seat(t) != seat && !s.Players[t].Out && s.Players[seat].Ally != Seat(t) {
					dst = append(dst, Move{Seat: seat, Type: ProposeAlliance, Target: Seat(t)})
				}
			}
		}
		dst = append(dst, Move{Seat: seat, Type: GrandTreaty, Target: NoSeat}, Move{Seat: seat, Type: Reorganise, Target: NoSeat})
	case RequestInvite:
		for t := range g.inviteCandidates().All() {
			dst = append(dst, Move{Seat: seat, Type: Invite, Target: t})
		}
		dst = append(dst, Move{Seat: seat, Type: StopInviting, Target: NoSeat})
	default:
		k := r.Default.Type
		dst = append(dst, Move{Seat: seat, Type: k, Target: NoSeat, Yes: true}, Move{Seat: seat, Type: k, Target: NoSeat})
	}
	return dst
}
