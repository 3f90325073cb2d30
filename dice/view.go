package dice

// PlayerView is one player as a viewer sees them.
type PlayerView struct {
	Seat   Seat   `json:"seat"`
	Name   string `json:"name"`
	Wins   int    `json:"wins"`
	Losses int    `json:"losses"`
	Out    bool   `json:"out"`
	Ally   Seat   `json:"ally"`
	// Die is the player's power if the viewer may know it (their own die,
	// or a die revealed in a battle and not rerolled since), else 0. The
	// JSON always carries it, 0 included.
	Die int `json:"die"`
	// Revealed is true when Die is known to everybody.
	Revealed bool `json:"revealed"`
}

// View is what one player may know of the game: everything but the other
// players' unrevealed dice, plus the decision asked of them and the moves
// that answer it. It is what a server sends to that player and what bots
// decide from.
type View struct {
	// Seat is the viewer, or NoSeat for a spectator.
	Seat      Seat         `json:"seat"`
	Players   []PlayerView `json:"players"`
	Start     Seat         `json:"start"`
	Current   Seat         `json:"current"`
	Turn      int          `json:"turn"`
	Phase     Phase        `json:"phase"`
	Remaining int          `json:"remaining"`
	War       War          `json:"war,omitzero"`
	Proposal  Proposal     `json:"proposal,omitzero"`
	Result    Result       `json:"result,omitzero"`
	// Request is the decision asked of the viewer now (Kind RequestNone if
	// none), and Legal the moves that answer it.
	Request Request `json:"request"`
	Legal   []Move  `json:"legal,omitempty"`
	// Waiting are the seats whose decisions the game waits for, in seat
	// order (none once it has ended): whom every other player waits for.
	Waiting []Seat `json:"waiting"`
}

// View returns what the player at seat viewer may know (NoSeat: a
// spectator).
func (g *Game) View(viewer Seat) View {
	var v View
	g.FillView(viewer, &v)
	return v
}

// FillView fills v with what viewer may know, reusing v's slices.
func (g *Game) FillView(viewer Seat, v *View) {
	s := &g.st
	v.Seat = viewer
	v.Players = v.Players[:0]
	for i := range s.Players {
		p := &s.Players[i]
		pv := PlayerView{Seat: Seat(i), Name: p.Name, Wins: p.Wins, Losses: p.Losses,
			Out: p.Out, Ally: p.Ally, Revealed: p.Revealed}
		if p.Revealed || Seat(i) == viewer {
			pv.Die = p.Die
		}
		v.Players = append(v.Players, pv)
	}
	v.Start, v.Current, v.Turn, v.Phase = s.Start, s.Current, s.Turn, s.Phase
	v.Remaining = s.Remaining()
	v.War, v.Proposal, v.Result = s.War, s.Proposal, s.Result
	v.Request, _ = g.RequestFor(viewer)
	if viewer == NoSeat {
		v.Request = Request{Seat: NoSeat, Default: Move{Seat: NoSeat, Target: NoSeat}}
	}
	v.Legal = g.appendLegal(v.Legal[:0], v.Request)
	v.Waiting = v.Waiting[:0]
	var buf [MaxPlayers]Request
	for _, r := range g.AppendPending(buf[:0]) {
		v.Waiting = append(v.Waiting, r.Seat)
	}
}

// Known returns the die of seat p as the viewer knows it, or 0.
func (v *View) Known(p Seat) int { return v.Players[p].Die }

// Me returns the viewer's own player.
func (v *View) Me() *PlayerView { return &v.Players[v.Seat] }
