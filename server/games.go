package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/chancery/chancery/bot"
	"github.com/chancery/chancery/game"
	"github.com/chancery/chancery/judge"
	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/store"
)

// The kinds of games.
const (
	kindDiplomacy = "diplomacy"
	kindDice      = "diceplomacy"
)

// variantJSON is one entry of GET /variants.
type variantJSON struct {
	Name        string   `json:"name"`
	Kind        string   `json:"kind"`
	Title       string   `json:"title"`
	Powers      []string `json:"powers,omitempty"`
	Victory     string   `json:"victory,omitempty"`
	Draws       bool     `json:"draws"`
	Description string   `json:"description,omitempty"`
	MinPlayers  int      `json:"min_players,omitempty"`
	MaxPlayers  int      `json:"max_players,omitempty"`
}

func (s *Server) listVariants(w http.ResponseWriter, r *http.Request) error {
	out := []variantJSON{}
	for _, n := range s.engines.Names() {
		e := s.engines.Get(n)
		out = append(out, variantJSON{Name: e.V.Name, Kind: kindDiplomacy, Title: e.V.Title, Powers: e.Powers(),
			Victory: e.V.Victory, Draws: !e.V.NoDraws, Description: e.V.Description})
	}
	out = append(out, diceVariant())
	return writeJSON(w, http.StatusOK, out)
}

type createGameRequest struct {
	Variant              string `json:"variant"`
	Name                 string `json:"name"`
	PhaseDeadlineSeconds *int   `json:"phase_deadline_seconds"` // nil: a day
	Bots                 bool   `json:"bots"`
	// BotLevel is the level of the bots' play: easy, normal (the
	// default) or hard.
	BotLevel string `json:"bot_level"`
	Power    string `json:"power"`
	// Players is the number of seats of a Diceplomacy game.
	Players int `json:"players"`
}

func (s *Server) createGame(w http.ResponseWriter, r *http.Request) error {
	var req createGameRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	u := user(r)
	deadline := 24 * 3600
	if req.PhaseDeadlineSeconds != nil {
		deadline = *req.PhaseDeadlineSeconds
	}
	if req.Name == "" {
		req.Name = req.Variant + " game"
	}
	if n := utf8.RuneCountInString(req.Name); n > 100 || strings.TrimSpace(req.Name) == "" {
		return errorf(http.StatusUnprocessableEntity, "name: 1 to 100 characters")
	}
	now := s.now()
	row := &store.Game{ID: newID(), Name: req.Name, Status: string(game.Forming), Created: now, Updated: now}
	var power string
	if strings.EqualFold(req.Variant, kindDice) {
		dg, err := newDiceGame(u, req, deadline)
		if err != nil {
			return err
		}
		row.Kind, row.Variant = kindDice, kindDice
		power = dg.PowerOf(u.ID)
		if row.Data, err = json.Marshal(dg); err != nil {
			return err
		}
	} else {
		e := s.engines.Get(req.Variant)
		if e == nil {
			return errorf(http.StatusUnprocessableEntity, "variant: unknown variant %q (known: %s, %s)", req.Variant,
				strings.Join(s.engines.Names(), ", "), kindDice)
		}
		if req.Players != 0 {
			return errorf(http.StatusUnprocessableEntity, "players: only for diceplomacy games; %s has its powers", e.V.Name)
		}
		level, err := bot.ParseLevel(req.BotLevel)
		if err != nil {
			return errorf(http.StatusUnprocessableEntity, "bot_level: %v", err)
		}
		g, err := game.New(e, u.ID, req.Power, deadline, req.Bots)
		if err != nil {
			return err
		}
		g.BotLevel = level.String()
		setSeatName(g.Seats, u)
		row.Kind, row.Variant = kindDiplomacy, e.V.Name
		power = g.PowerOf(u.ID)
		if row.Data, err = json.Marshal(g); err != nil {
			return err
		}
	}
	err := s.st.Update(r.Context(), func(tx store.Tx) error {
		if err := tx.CreateGame(row); err != nil {
			return err
		}
		if power != "" {
			return tx.AddPlayer(row.ID, u.ID, power)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusCreated, map[string]any{"id": row.ID, "kind": row.Kind, "variant": row.Variant, "power": power})
}

// setSeatName records the player's name in their seat, for display.
func setSeatName(seats []game.Seat, u *store.User) {
	for i := range seats {
		if seats[i].User == u.ID {
			seats[i].Name = u.Name
		}
	}
}

func (s *Server) listGames(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	f := store.GameFilter{Status: q.Get("status"), Limit: 100}
	switch f.Status {
	case "", string(game.Forming), string(game.Active), string(game.Finished):
	default:
		return errorf(http.StatusBadRequest, "status: forming, active or finished, not %q", f.Status)
	}
	switch q.Get("mine") {
	case "", "false", "0":
	case "true", "1":
		f.UserID = user(r).ID
	default:
		return errorf(http.StatusBadRequest, "mine: true or false")
	}
	var rows []*store.Game
	if err := s.st.View(r.Context(), func(tx store.Tx) error {
		var err error
		rows, err = tx.ListGames(f)
		return err
	}); err != nil {
		return err
	}
	type summary struct {
		ID       string     `json:"id"`
		Kind     string     `json:"kind"`
		Variant  string     `json:"variant"`
		Name     string     `json:"name"`
		Status   string     `json:"status"`
		Deadline *time.Time `json:"deadline"`
		Created  time.Time  `json:"created"`
	}
	out := []summary{}
	for _, g := range rows {
		out = append(out, summary{ID: g.ID, Kind: g.Kind, Variant: g.Variant, Name: g.Name, Status: g.Status,
			Deadline: deadline(g.Deadline), Created: g.Created})
	}
	return writeJSON(w, http.StatusOK, out)
}

func deadline(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	t = t.UTC()
	return &t
}

// loadRow reads a game's row (locked when lock is set, in Update).
func loadRow(tx store.Tx, id string, lock bool) (*store.Game, error) {
	if len(id) > 64 {
		return nil, errorf(http.StatusNotFound, "no game %q", id)
	}
	g, err := tx.Game(id, lock)
	if errors.Is(err, store.ErrNotFound) {
		return nil, errorf(http.StatusNotFound, "no game %q", id)
	}
	return g, err
}

// diplomacy decodes a Diplomacy game's state and finds its engine.
func (s *Server) diplomacy(row *store.Game) (*game.Game, *game.Engine, error) {
	if row.Kind != kindDiplomacy {
		return nil, nil, errorf(http.StatusConflict, "game %s is a %s game", row.ID, row.Kind)
	}
	var g game.Game
	if err := json.Unmarshal(row.Data, &g); err != nil {
		return nil, nil, fmt.Errorf("game %s: %w", row.ID, err)
	}
	e := s.engines.Get(g.Variant)
	if e == nil {
		return nil, nil, fmt.Errorf("game %s: variant %q is no longer known", row.ID, g.Variant)
	}
	return &g, e, nil
}

// save writes a Diplomacy game's state back into its row.
func saveDiplomacy(tx store.Tx, row *store.Game, g *game.Game, now time.Time) error {
	data, err := json.Marshal(g)
	if err != nil {
		return err
	}
	row.Data, row.Status, row.Seq, row.Deadline, row.Updated = data, string(g.Status), g.Seq, g.Deadline, now
	return tx.SaveGame(row)
}

type joinRequest struct {
	Power string `json:"power"`
}

func (s *Server) joinGame(w http.ResponseWriter, r *http.Request) error {
	var req joinRequest
	if r.ContentLength != 0 {
		if err := decode(w, r, &req); err != nil {
			return err
		}
	}
	u := user(r)
	id := r.PathValue("id")
	var power string
	err := s.st.Update(r.Context(), func(tx store.Tx) error {
		row, err := loadRow(tx, id, true)
		if err != nil {
			return err
		}
		now := s.now()
		if row.Kind == kindDice {
			dg, err := decodeDice(row)
			if err != nil {
				return err
			}
			if err := dg.Join(u, req.Power); err != nil {
				return err
			}
			power = dg.PowerOf(u.ID)
			if err := saveDice(tx, row, dg, now); err != nil {
				return err
			}
		} else {
			g, e, err := s.diplomacy(row)
			if err != nil {
				return err
			}
			if err := g.Join(e, u.ID, req.Power); err != nil {
				return err
			}
			setSeatName(g.Seats, u)
			power = g.PowerOf(u.ID)
			if err := saveDiplomacy(tx, row, g, now); err != nil {
				return err
			}
		}
		return tx.AddPlayer(id, u.ID, power)
	})
	if err != nil {
		return err
	}
	s.changed(id)
	return writeJSON(w, http.StatusOK, map[string]any{"id": id, "power": power})
}

func (s *Server) startGame(w http.ResponseWriter, r *http.Request) error {
	u := user(r)
	id := r.PathValue("id")
	err := s.st.Update(r.Context(), func(tx store.Tx) error {
		row, err := loadRow(tx, id, true)
		if err != nil {
			return err
		}
		now := s.now()
		if row.Kind == kindDice {
			dg, err := decodeDice(row)
			if err != nil {
				return err
			}
			if err := dg.Start(u.ID, now); err != nil {
				return err
			}
			return saveDice(tx, row, dg, now)
		}
		g, e, err := s.diplomacy(row)
		if err != nil {
			return err
		}
		if err := g.Start(u.ID, now); err != nil {
			return err
		}
		// A phase in which no person owes orders is played at once.
		if waiting, err := g.Waiting(e, nil); err == nil && len(waiting) == 0 {
			g.Deadline = now
		}
		return saveDiplomacy(tx, row, g, now)
	})
	if err != nil {
		return err
	}
	s.poke()
	s.changed(id)
	return writeJSON(w, http.StatusOK, map[string]any{"id": id, "status": game.Active})
}

type ordersRequest struct {
	Orders []string `json:"orders"`
	Ready  bool     `json:"ready"`
	// Phase, when given, must be the game's current phase: orders
	// written for a phase that has just been adjudicated are refused
	// (409) rather than applied to the next one.
	Phase *judge.Phase `json:"phase"`
}

func (s *Server) putOrders(w http.ResponseWriter, r *http.Request) error {
	var req ordersRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	if req.Orders == nil {
		return errorf(http.StatusBadRequest, "orders: a list of orders is required (it may be empty)")
	}
	if len(req.Orders) > 200 {
		return errorf(http.StatusUnprocessableEntity, "orders: at most 200 orders")
	}
	for i, o := range req.Orders {
		if len(o) > 200 {
			return errorf(http.StatusUnprocessableEntity, "orders[%d]: at most 200 characters", i)
		}
	}
	var forPhase rules.Phase // the phase the orders are for, if they say
	if req.Phase != nil {
		var err error
		if forPhase, err = judge.ParsePhase(*req.Phase); err != nil {
			return errorf(http.StatusUnprocessableEntity, "phase: %v", err)
		}
	}
	u := user(r)
	id := r.PathValue("id")
	var canon []string
	var power string
	resolveNow := false
	err := s.st.Update(r.Context(), func(tx store.Tx) error {
		row, err := loadRow(tx, id, true)
		if err != nil {
			return err
		}
		d, err := s.readOnly(row)
		if err != nil {
			return err
		}
		g, e := d.g, d.e
		if power = g.PowerOf(u.ID); power == "" {
			return errorf(http.StatusForbidden, "you do not play in game %s", id)
		}
		if g.Status != game.Active {
			return errorf(http.StatusConflict, "the game is %s: no orders are taken", g.Status)
		}
		if req.Phase != nil && forPhase != d.pos.Phase {
			return errorf(http.StatusConflict, "the orders are for %s %d %s, the game is at %s %d %s",
				req.Phase.Season, req.Phase.Year, req.Phase.Type, g.Position.Phase.Season, g.Position.Phase.Year, g.Position.Phase.Type)
		}
		if canon, err = e.Validate(d.pos, power, req.Orders); err != nil {
			return err
		}
		now := s.now()
		data, _ := json.Marshal(canon)
		if err := tx.PutOrders(&store.Orders{GameID: id, Power: power, Seq: g.Seq, Orders: data, Ready: req.Ready, Updated: now}); err != nil {
			return err
		}
		if !req.Ready {
			return nil
		}
		all, err := tx.Orders(id, g.Seq)
		if err != nil {
			return err
		}
		ready := map[string]bool{}
		for _, o := range all {
			ready[o.Power] = o.Ready
		}
		waiting, err := g.Waiting(e, ready)
		if err != nil || len(waiting) > 0 {
			return err
		}
		// Everyone is ready: the phase is due now. (g is shared with the
		// cache: change a copy; only the deadline differs.)
		due := *g
		due.Deadline = now
		resolveNow = true
		return saveDiplomacy(tx, row, &due, now)
	})
	if err != nil {
		return err
	}
	if resolveNow {
		s.poke()
	}
	return writeJSON(w, http.StatusOK, map[string]any{"power": power, "orders": canon, "ready": req.Ready})
}

type votesRequest struct {
	Draw    bool `json:"draw"`
	Concede bool `json:"concede"`
}

func (s *Server) putVotes(w http.ResponseWriter, r *http.Request) error {
	var req votesRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	u := user(r)
	id := r.PathValue("id")
	var status game.Status
	err := s.st.Update(r.Context(), func(tx store.Tx) error {
		row, err := loadRow(tx, id, true)
		if err != nil {
			return err
		}
		now := s.now()
		if row.Kind == kindDice {
			return errorf(http.StatusConflict, "Diceplomacy has no votes: a game ends by war")
		}
		g, e, err := s.diplomacy(row)
		if err != nil {
			return err
		}
		power := g.PowerOf(u.ID)
		if power == "" {
			return errorf(http.StatusForbidden, "you do not play in game %s", id)
		}
		if err := g.Vote(e, power, req.Draw, req.Concede, now); err != nil {
			return err
		}
		status = g.Status
		return saveDiplomacy(tx, row, g, now)
	})
	if err != nil {
		return err
	}
	s.changed(id)
	return writeJSON(w, http.StatusOK, map[string]any{"draw": req.Draw, "concede": req.Concede, "status": status})
}

// powerJSON is one power of a Diplomacy game as the API shows it.
type powerJSON struct {
	Power   string `json:"power"`
	Player  string `json:"player,omitempty"`
	Bot     bool   `json:"bot"`
	Centres int    `json:"centres"`
	Units   int    `json:"units"`
	Alive   bool   `json:"alive"`
	// Ready is whether the power has said its orders are final.
	Ready bool `json:"ready"`
	// Owes is whether the power has anything to order this phase.
	Owes bool `json:"owes"`
}

// gameJSON is GET /games/{id} for a Diplomacy game.
type gameJSON struct {
	ID                   string            `json:"id"`
	Kind                 string            `json:"kind"`
	Variant              string            `json:"variant"`
	Name                 string            `json:"name"`
	Status               string            `json:"status"`
	Seq                  int               `json:"seq"`
	Version              int64             `json:"version"`
	PhaseDeadlineSeconds int               `json:"phase_deadline_seconds"`
	Deadline             *time.Time        `json:"deadline"`
	Phase                judge.Phase       `json:"phase"`
	Units                []judge.Unit      `json:"units"`
	Dislodged            []judge.Dislodged `json:"dislodged"`
	Centres              map[string]string `json:"centres"`
	Powers               []powerJSON       `json:"powers"`
	MyPower              string            `json:"my_power,omitempty"`
	MyOrders             *myOrders         `json:"my_orders,omitempty"`
	MyVotes              *votesRequest     `json:"my_votes,omitempty"`
	Last                 *lastPhase        `json:"last"`
	End                  *game.End         `json:"end"`
	Bots                 bool              `json:"bots"`
	BotLevel             string            `json:"bot_level"`
	Creator              bool              `json:"you_created"`
}

type myOrders struct {
	Orders []string `json:"orders"`
	Ready  bool     `json:"ready"`
}

type lastPhase struct {
	Phase     judge.Phase    `json:"phase"`
	Results   []judge.Result `json:"results"`
	Disbanded []judge.Unit   `json:"disbanded"`
}

func (s *Server) getGame(w http.ResponseWriter, r *http.Request) error {
	u := user(r)
	id := r.PathValue("id")
	var out any
	err := s.st.View(r.Context(), func(tx store.Tx) error {
		row, err := loadRow(tx, id, false)
		if err != nil {
			return err
		}
		if row.Kind == kindDice {
			dg, err := decodeDice(row)
			if err != nil {
				return err
			}
			out, err = dg.JSON(row, u.ID)
			return err
		}
		d, err := s.readOnly(row)
		if err != nil {
			return err
		}
		out, err = s.diplomacyJSON(tx, row, d, u.ID)
		return err
	})
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, out)
}

func (s *Server) diplomacyJSON(tx store.Tx, row *store.Game, d *decoded, userID string) (*gameJSON, error) {
	g, e, pos := d.g, d.e, d.pos
	out := &gameJSON{ID: row.ID, Kind: row.Kind, Variant: row.Variant, Name: row.Name, Status: row.Status, Seq: g.Seq,
		Version: row.Version, PhaseDeadlineSeconds: g.PhaseSeconds, Deadline: deadline(g.Deadline), Phase: g.Position.Phase,
		Units: g.Position.Units, Dislodged: g.Position.Dislodged, Centres: g.Position.SupplyCenters, Powers: []powerJSON{},
		End: g.End, Bots: g.FillWithBots, BotLevel: botLevel(g).String(), Creator: g.Creator == userID}
	orders, err := tx.Orders(row.ID, g.Seq)
	if err != nil {
		return nil, err
	}
	ready := map[string]bool{}
	mine := map[string][]string{}
	for _, o := range orders {
		ready[o.Power] = o.Ready
		var list []string
		_ = json.Unmarshal(o.Orders, &list)
		mine[o.Power] = list
	}
	centres := map[string]int{}
	for _, p := range g.Position.SupplyCenters {
		centres[p]++
	}
	units := map[string]int{}
	for _, un := range g.Position.Units {
		units[un.Power]++
	}
	active := g.Status == game.Active
	for _, st := range g.Seats {
		pj := powerJSON{Power: st.Power, Player: st.Name, Bot: st.Bot, Centres: centres[st.Power], Units: units[st.Power],
			Alive: e.Alive(pos, st.Power), Ready: ready[st.Power] || (active && st.Bot)}
		pj.Owes = active && e.Owes(pos, st.Power)
		out.Powers = append(out.Powers, pj)
	}
	if p := g.PowerOf(userID); p != "" {
		out.MyPower = p
		out.MyOrders = &myOrders{Orders: mine[p], Ready: ready[p]}
		if out.MyOrders.Orders == nil {
			out.MyOrders.Orders = []string{}
		}
		out.MyVotes = &votesRequest{}
		for _, v := range g.DrawVotes {
			out.MyVotes.Draw = out.MyVotes.Draw || v == p
		}
		for _, v := range g.ConcedeVotes {
			out.MyVotes.Concede = out.MyVotes.Concede || v == p
		}
	}
	if g.Last != nil {
		out.Last = &lastPhase{Phase: g.Last.Phase, Results: g.Last.Results, Disbanded: g.Last.Disbanded}
	}
	return out, nil
}

func (s *Server) history(w http.ResponseWriter, r *http.Request) error {
	u := user(r)
	id := r.PathValue("id")
	var out any
	err := s.st.View(r.Context(), func(tx store.Tx) error {
		row, err := loadRow(tx, id, false)
		if err != nil {
			return err
		}
		if row.Kind == kindDice {
			dg, err := decodeDice(row)
			if err != nil {
				return err
			}
			out = dg.History(u.ID)
			return nil
		}
		phases, err := tx.Phases(id)
		if err != nil {
			return err
		}
		list := make([]json.RawMessage, 0, len(phases))
		for _, p := range phases {
			list = append(list, p.Data)
		}
		out = map[string]any{"id": id, "phases": list}
		return nil
	})
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, out)
}

// phaseRecord is one entry of a Diplomacy game's history: the position
// the phase was played from, the orders and their results.
type phaseRecord struct {
	Seq       int                 `json:"seq"`
	Phase     judge.Phase         `json:"phase"`
	Position  judge.Position      `json:"position"`
	Orders    map[string][]string `json:"orders"`
	Results   []judge.Result      `json:"results"`
	Disbanded []judge.Unit        `json:"disbanded"`
	Resolved  time.Time           `json:"resolved"`
}

// botRand is the random source of a game's bots for one phase: seeded by
// the game and the phase, so an adjudication that is retried (after a
// crash) gives the same bot orders.
func botRand(gameID string, seq int) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(gameID))
	return rand.New(rand.NewPCG(h.Sum64(), uint64(seq)))
}

// botLevel is the level of g's bots; games from before levels existed
// (or with a level this build does not know) play at the default level.
func botLevel(g *game.Game) bot.Level {
	l, err := bot.ParseLevel(g.BotLevel)
	if err != nil {
		return bot.DefaultLevel
	}
	return l
}

// advanceDiplomacy adjudicates the current phase of a locked game.
func (s *Server) advanceDiplomacy(tx store.Tx, row *store.Game, now time.Time) error {
	g, e, err := s.diplomacy(row)
	if err != nil {
		return err
	}
	if g.Status != game.Active {
		return nil
	}
	given, err := tx.Orders(row.ID, g.Seq)
	if err != nil {
		return err
	}
	orders := map[string][]string{}
	for _, o := range given {
		var list []string
		if err := json.Unmarshal(o.Orders, &list); err != nil {
			return fmt.Errorf("orders of %s: %w", o.Power, err)
		}
		orders[o.Power] = list
	}
	pos, err := e.Core(g.Position)
	if err != nil {
		return err
	}
	rnd := botRand(row.ID, g.Seq)
	var seats []bot.Seat
	for _, p := range g.BotPowers() {
		pw, _ := e.Names.Power(p)
		seats = append(seats, bot.Seat{Power: pw, Level: botLevel(g)})
	}
	// The bots' search never takes more than a quarter of the phase.
	budget := min(bot.PhaseBudget, time.Duration(g.PhaseSeconds)*time.Second/4)
	for pw, list := range bot.PhaseOrders(e.V, pos, seats, budget, rnd) {
		p := e.V.Map.PowerName(pw)
		orders[p] = []string{}
		for _, o := range list {
			orders[p] = append(orders[p], e.Names.FormatOrder(o))
		}
	}
	before := g.Position
	seq := g.Seq
	res, err := g.Advance(e, orders, now)
	if err != nil {
		return err
	}
	rec := phaseRecord{Seq: seq, Phase: res.Phase, Position: before, Orders: res.Orders, Results: res.Results,
		Disbanded: res.Disbanded, Resolved: now.UTC()}
	data, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	p := before.Phase
	name := fmt.Sprintf("%s %d %s", p.Season, p.Year, p.Type)
	if err := tx.AddPhase(&store.Phase{GameID: row.ID, Seq: seq, Name: name, Data: data, Created: now}); err != nil {
		return err
	}
	if g.Status == game.Active {
		if waiting, err := g.Waiting(e, nil); err == nil && len(waiting) == 0 {
			g.Deadline = now // nobody has anything to decide: play on
		}
	}
	return saveDiplomacy(tx, row, g, now)
}
