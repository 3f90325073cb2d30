package server

import (
	crand "crypto/rand"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/chancery/chancery/dice"
	dicebot "github.com/chancery/chancery/dice/bot"
	"github.com/chancery/chancery/game"
	"github.com/chancery/chancery/store"
)

// diceMaxTurns ends a Diceplomacy game in a draw after so many turns: the
// rules have no limit, a server needs one against players who never fight.
const diceMaxTurns = 300

func diceVariant() variantJSON {
	return variantJSON{Name: kindDice, Kind: kindDice, Title: dice.Title, Powers: []string{}, Victory: dice.Victory,
		Draws: true, Description: dice.Description,
		MinPlayers: dice.MinPlayers, MaxPlayers: dice.MaxPlayers}
}

// diceGame is a Diceplomacy game's stored state. The log holds every
// event, secret rolls included: it never leaves the server; players get
// dice.View and dice.Game.LogFor of their own seat.
type diceGame struct {
	Status       game.Status  `json:"status"`
	Creator      string       `json:"creator"`
	PhaseSeconds int          `json:"phase_seconds"`
	FillWithBots bool         `json:"fill_with_bots"`
	Seats        []game.Seat  `json:"seats"`
	Config       dice.Config  `json:"config"`
	Log          []dice.Event `json:"log,omitempty"`
	Deadline     time.Time    `json:"deadline,omitzero"`
	Moves        int          `json:"moves"`

	g *dice.Game // the replayed game, while active
}

func seatName(i int) string { return fmt.Sprintf("Seat %d", i) } // seats count from 0, as in the view

func newDiceGame(u *store.User, req createGameRequest, phaseSeconds int) (*diceGame, error) {
	if req.Players == 0 {
		req.Players = 6
	}
	if req.Players < dice.MinPlayers || req.Players > dice.MaxPlayers {
		return nil, errorf(http.StatusUnprocessableEntity, "players: Diceplomacy takes %d to %d players", dice.MinPlayers, dice.MaxPlayers)
	}
	if phaseSeconds < game.MinPhaseSeconds || phaseSeconds > game.MaxPhaseSeconds {
		return nil, errorf(http.StatusUnprocessableEntity, "phase_deadline_seconds must be from %d to %d", game.MinPhaseSeconds, game.MaxPhaseSeconds)
	}
	dg := &diceGame{Status: game.Forming, Creator: u.ID, PhaseSeconds: phaseSeconds, FillWithBots: req.Bots}
	for i := range req.Players {
		dg.Seats = append(dg.Seats, game.Seat{Power: seatName(i)})
	}
	if req.Power != "" {
		if err := dg.Join(u, req.Power); err != nil {
			return nil, err
		}
	}
	return dg, nil
}

func decodeDice(row *store.Game) (*diceGame, error) {
	var dg diceGame
	if err := json.Unmarshal(row.Data, &dg); err != nil {
		return nil, fmt.Errorf("game %s: %w", row.ID, err)
	}
	if dg.Status != game.Forming && len(dg.Log) > 0 {
		g, err := dice.Replay(dg.Config, dg.Log, freshSource())
		if err != nil {
			return nil, fmt.Errorf("game %s: %w", row.ID, err)
		}
		dg.g = g
	}
	return &dg, nil
}

func saveDice(tx store.Tx, row *store.Game, dg *diceGame, now time.Time) error {
	if dg.g != nil {
		dg.Log = dg.g.Log()
	}
	data, err := json.Marshal(dg)
	if err != nil {
		return err
	}
	row.Data, row.Status, row.Seq, row.Deadline, row.Updated = data, string(dg.Status), dg.Moves, dg.Deadline, now
	return tx.SaveGame(row)
}

// freshSource is an unpredictable source for dice not yet rolled.
func freshSource() dice.Source {
	var b [16]byte
	_, _ = crand.Read(b[:])
	return rand.New(rand.NewPCG(binary.LittleEndian.Uint64(b[:8]), binary.LittleEndian.Uint64(b[8:])))
}

// seatIndex reads "Seat 3", "3" or "seat3" (1-based).
func (dg *diceGame) seatIndex(power string) int {
	p := strings.TrimSpace(strings.TrimPrefix(strings.ToLower(power), "seat"))
	n, err := strconv.Atoi(p)
	if err != nil || n < 0 || n >= len(dg.Seats) {
		return -1
	}
	return n
}

func (dg *diceGame) PowerOf(userID string) string {
	for _, s := range dg.Seats {
		if userID != "" && s.User == userID {
			return s.Power
		}
	}
	return ""
}

func (dg *diceGame) seatOf(userID string) dice.Seat {
	for i, s := range dg.Seats {
		if userID != "" && s.User == userID {
			return dice.Seat(i)
		}
	}
	return dice.NoSeat
}

func (dg *diceGame) Join(u *store.User, power string) error {
	if dg.Status != game.Forming {
		return fmt.Errorf("%w: the game has started", game.ErrState)
	}
	if p := dg.PowerOf(u.ID); p != "" {
		return fmt.Errorf("%w: you already play %s", game.ErrState, p)
	}
	i := -1
	if power == "" {
		for k, s := range dg.Seats {
			if s.User == "" {
				i = k
				break
			}
		}
		if i < 0 {
			return fmt.Errorf("%w: every seat is taken", game.ErrState)
		}
	} else if i = dg.seatIndex(power); i < 0 {
		return fmt.Errorf("%w: no seat %q (Seat 0 to Seat %d)", game.ErrInvalid, power, len(dg.Seats)-1)
	}
	if dg.Seats[i].User != "" {
		return fmt.Errorf("%w: %s is taken", game.ErrState, dg.Seats[i].Power)
	}
	dg.Seats[i].User, dg.Seats[i].Name = u.ID, u.Name
	return nil
}

func (dg *diceGame) Start(userID string, now time.Time) error {
	if dg.Status != game.Forming {
		return fmt.Errorf("%w: the game has already started", game.ErrState)
	}
	if userID != dg.Creator {
		return fmt.Errorf("%w: only the game's creator may start it", game.ErrForbidden)
	}
	people, empty := 0, 0
	for _, s := range dg.Seats {
		if s.User != "" {
			people++
		} else {
			empty++
		}
	}
	if people == 0 {
		return fmt.Errorf("%w: nobody has joined; a game needs at least one player", game.ErrState)
	}
	if empty > 0 && !dg.FillWithBots {
		return fmt.Errorf("%w: %d seats are empty (create the game with bots to fill them)", game.ErrState, empty)
	}
	names := make([]string, len(dg.Seats))
	for i := range dg.Seats {
		if dg.Seats[i].User == "" {
			dg.Seats[i].Bot = true
			dg.Seats[i].Name = fmt.Sprintf("Bot %d", i+1)
		}
		names[i] = dg.Seats[i].Name
	}
	dg.Config = dice.Config{Players: len(dg.Seats), Names: names, Start: dice.RandomStart, MaxTurns: diceMaxTurns}
	g, err := dice.New(dg.Config, freshSource())
	if err != nil {
		return err
	}
	dg.g = g
	dg.Status = game.Active
	dg.settle(now)
	return nil
}

// settle lets bots answer what is asked of them, then sets the deadline
// for the people's decisions, or ends the game.
func (dg *diceGame) settle(now time.Time) {
	src := freshSource()
	var v dice.View
	for step := 0; step < 10000 && !dg.g.Over(); step++ {
		var botSeat dice.Seat = dice.NoSeat
		for _, r := range dg.g.Pending() {
			if dg.Seats[r.Seat].Bot {
				botSeat = r.Seat
				break
			}
		}
		if botSeat == dice.NoSeat {
			break
		}
		b, _ := dicebot.New("heuristic", src)
		dg.g.FillView(botSeat, &v)
		if err := dg.g.Apply(b.Decide(&v)); err != nil {
			_ = dg.g.Timeout(botSeat) // a bot's bug must not stall the game
		}
		dg.Moves++
	}
	if dg.g.Over() {
		dg.Status = game.Finished
		dg.Deadline = time.Time{}
		return
	}
	dg.Deadline = now.Add(time.Duration(dg.PhaseSeconds) * time.Second)
}

// Move plays a user's move.
func (dg *diceGame) Move(userID string, m dice.Move, now time.Time) error {
	seat := dg.seatOf(userID)
	if seat == dice.NoSeat {
		return fmt.Errorf("%w: you do not play in this game", game.ErrForbidden)
	}
	if dg.Status != game.Active {
		return fmt.Errorf("%w: the game is %s", game.ErrState, dg.Status)
	}
	m.Seat = seat
	if err := dg.g.Apply(m); err != nil {
		return fmt.Errorf("%w: %v", game.ErrInvalid, err)
	}
	dg.Moves++
	dg.settle(now)
	return nil
}

// diceJSON is GET /games/{id} for a Diceplomacy game.
type diceJSON struct {
	ID                   string      `json:"id"`
	Kind                 string      `json:"kind"`
	Variant              string      `json:"variant"`
	Name                 string      `json:"name"`
	Status               string      `json:"status"`
	Seq                  int         `json:"seq"`
	Version              int64       `json:"version"`
	PhaseDeadlineSeconds int         `json:"phase_deadline_seconds"`
	Deadline             *time.Time  `json:"deadline"`
	Seats                []game.Seat `json:"seats"`
	MyPower              string      `json:"my_power,omitempty"`
	MySeat               *int        `json:"my_seat,omitempty"`
	// View is the game as the user may know it: other players' dice are
	// 0 until revealed in a battle.
	View    *dice.View `json:"view,omitempty"`
	Creator bool       `json:"you_created"`
}

func (dg *diceGame) JSON(row *store.Game, userID string) (*diceJSON, error) {
	out := &diceJSON{ID: row.ID, Kind: kindDice, Variant: kindDice, Name: row.Name, Status: string(dg.Status), Seq: dg.Moves,
		Version: row.Version, PhaseDeadlineSeconds: dg.PhaseSeconds, Deadline: deadline(dg.Deadline), Creator: dg.Creator == userID}
	for _, s := range dg.Seats {
		s.User = "" // ids are not for other players
		out.Seats = append(out.Seats, s)
	}
	seat := dg.seatOf(userID)
	if seat != dice.NoSeat {
		out.MyPower = dg.Seats[seat].Power
		n := int(seat)
		out.MySeat = &n
	}
	if dg.g != nil {
		v := dg.g.View(seat)
		out.View = &v
	}
	return out, nil
}

// History is the game's log as the user may see it.
func (dg *diceGame) History(userID string) any {
	events := []dice.Event{}
	if dg.g != nil {
		events = dg.g.LogFor(dg.seatOf(userID))
	}
	return map[string]any{"events": events}
}

// moveRequest is a Diceplomacy move: kind is one of declare_war,
// propose_alliance, grand_treaty, reorganise, answer_alliance, invite,
// stop_inviting, answer_join, answer_surrender; target a seat (0-based,
// as in the view) for declare_war, propose_alliance and invite; yes for
// the answers.
type moveRequest struct {
	Kind   string `json:"kind"`
	Target *int   `json:"target"`
	Yes    bool   `json:"yes"`
}

func (s *Server) postMove(w http.ResponseWriter, r *http.Request) error {
	var req moveRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	var kind dice.MoveKind
	if err := kind.UnmarshalText([]byte(req.Kind)); err != nil || kind == dice.MoveNone {
		return errorf(http.StatusUnprocessableEntity, "kind: unknown move %q", req.Kind)
	}
	m := dice.Move{Kind: kind, Target: dice.NoSeat, Yes: req.Yes}
	if req.Target != nil {
		if *req.Target < 0 || *req.Target >= dice.MaxPlayers {
			return errorf(http.StatusUnprocessableEntity, "target: no seat %d", *req.Target)
		}
		m.Target = dice.Seat(*req.Target)
	}
	u := user(r)
	id := r.PathValue("id")
	var out *diceJSON
	err := s.st.Update(r.Context(), func(tx store.Tx) error {
		row, err := loadRow(tx, id, true)
		if err != nil {
			return err
		}
		if row.Kind != kindDice {
			return errorf(http.StatusConflict, "game %s is a %s game: send orders (PUT /games/%s/orders)", id, row.Kind, id)
		}
		dg, err := decodeDice(row)
		if err != nil {
			return err
		}
		now := s.now()
		if err := dg.Move(u.ID, m, now); err != nil {
			return err
		}
		if err := saveDice(tx, row, dg, now); err != nil {
			return err
		}
		out, err = dg.JSON(row, u.ID)
		return err
	})
	if err != nil {
		return err
	}
	s.changed(id)
	return writeJSON(w, http.StatusOK, out)
}

// advanceDice applies the defaults of every decision waited for when a
// Diceplomacy game's deadline passes.
func (s *Server) advanceDice(tx store.Tx, row *store.Game, now time.Time) error {
	dg, err := decodeDice(row)
	if err != nil {
		return err
	}
	if dg.Status != game.Active || dg.g == nil {
		dg.Deadline = time.Time{}
		return saveDice(tx, row, dg, now)
	}
	dg.Moves += dg.g.TimeoutAll()
	dg.settle(now)
	return saveDice(tx, row, dg, now)
}
