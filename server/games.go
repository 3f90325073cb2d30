package server

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
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
	"github.com/chancery/chancery/table"
)

// The kinds of games.
const (
	kindDiplomacy = "diplomacy"
	kindDice      = "diceplomacy"
)

// variantJSON is one entry of GET /variants. Every field is always there
// (api/openapi.yaml lists them as required): a client reads an array and
// two integers for every kind of game.
type variantJSON struct {
	Name        string   `json:"name"`
	Kind        string   `json:"kind"`
	Title       string   `json:"title"`
	Powers      []string `json:"powers"`
	Victory     string   `json:"victory"`
	Draws       bool     `json:"draws"`
	Description string   `json:"description"`
	MinPlayers  int      `json:"min_players"`
	MaxPlayers  int      `json:"max_players"`
}

func (s *Server) listVariants(w http.ResponseWriter, r *http.Request) error {
	out := []variantJSON{}
	for _, n := range s.engines.Names() {
		e := s.engines.Get(n)
		// One person can start a Diplomacy game: bots take the others.
		powers := e.Powers()
		out = append(out, variantJSON{Name: e.V.Name, Kind: kindDiplomacy, Title: e.V.Title, Powers: powers,
			Victory: e.V.Victory, Draws: !e.V.NoDraws, Description: e.V.Description, MinPlayers: 1, MaxPlayers: len(powers)})
	}
	out = append(out, diceVariant())
	return writeJSON(w, http.StatusOK, out)
}

type createGameRequest struct {
	Variant              string `json:"variant"`
	Name                 string `json:"name"`
	PhaseDeadlineSeconds *int   `json:"phase_deadline_seconds"` // nil: a day
	Bots                 bool   `json:"bots"`
	Power                string `json:"power"`
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
	// Phases shorter than the API allows are refused below (422); this
	// server's own shortest is a limit (429).
	if minSeconds := int((s.cfg.MinPhase + time.Second - 1) / time.Second); deadline >= table.MinPhaseSeconds && deadline < minSeconds {
		return errorf(http.StatusTooManyRequests, "phase_deadline_seconds: this server's shortest phase is %v; ask for %d seconds or more",
			s.cfg.MinPhase, minSeconds)
	}
	now := s.now()
	row := &store.Game{ID: s.gameID(), Name: req.Name, Status: string(game.Forming), Created: now, Updated: now, Creator: u.ID}
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
		g, err := game.New(e, u.ID, req.Power, deadline, req.Bots)
		if err != nil {
			return err
		}
		setSeatName(g.Seats, u)
		row.Kind, row.Variant = kindDiplomacy, e.V.Name
		power = g.PowerOf(u.ID)
		if row.Data, err = json.Marshal(g); err != nil {
			return err
		}
	}
	err := s.st.Update(r.Context(), func(tx store.Tx) error {
		if limit := s.cfg.MaxGamesPerUser; limit > 0 {
			n, err := tx.UnfinishedGames(u.ID)
			if err != nil {
				return err
			}
			if n >= limit {
				return errorf(http.StatusTooManyRequests, "you have %s that you created and that have not finished, the most this server allows per user; finish one before creating another",
					plural(n, "game"))
			}
		}
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

// plural says n things: "1 game", "2 games".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
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
	g, e, err := s.engines.Decode(row.Data)
	if err != nil {
		return nil, nil, fmt.Errorf("game %s: %w", row.ID, err)
	}
	return g, e, nil
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
				req.Phase.Season, req.Phase.Year, req.Phase.Type, d.pos.Phase.Season, d.pos.Phase.Year, d.pos.Phase.Type)
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
	named := e.Codec.EncodePosition(pos)
	out := &gameJSON{ID: row.ID, Kind: row.Kind, Variant: row.Variant, Name: row.Name, Status: row.Status, Seq: g.Seq,
		Version: row.Version, PhaseDeadlineSeconds: g.PhaseSeconds, Deadline: deadline(g.Deadline), Phase: named.Phase,
		Units: named.Units, Dislodged: named.Dislodged, Centres: named.SupplyCenters, Powers: []powerJSON{},
		End: g.End, Bots: g.FillWithBots, Creator: g.Creator == userID}
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
	for _, p := range named.SupplyCenters {
		centres[p]++
	}
	units := map[string]int{}
	for _, un := range named.Units {
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
// the game's secret, which never leaves the server, and the phase, so that
// nobody can compute the bots' orders from the public game and the bots'
// code, and an adjudication that is retried (after a crash) gives the same
// orders. The stream is ChaCha8 keyed by HMAC-SHA256(secret, phase): the
// orders of one phase tell nothing of another's.
func botRand(secret []byte, seq int) (*rand.Rand, error) {
	if len(secret) < 16 {
		return nil, fmt.Errorf("the game has no secret to seed its bots (%d bytes)", len(secret))
	}
	mac := hmac.New(sha256.New, secret)
	fmt.Fprintf(mac, "chancery bots, phase %d", seq)
	var seed [32]byte
	copy(seed[:], mac.Sum(nil))
	return rand.New(rand.NewChaCha8(seed)), nil
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
	orders := game.Orders{}
	for _, o := range given {
		var list []string
		if err := json.Unmarshal(o.Orders, &list); err != nil {
			return fmt.Errorf("orders of %s: %w", o.Power, err)
		}
		pw, _ := e.Names.Power(o.Power)
		if orders[pw], err = e.ReadOrders(o.Power, g.Position.Phase.Type, list); err != nil {
			return fmt.Errorf("game %s: %w", row.ID, err)
		}
	}
	rnd, err := botRand(row.Secret, g.Seq)
	if err != nil {
		return fmt.Errorf("game %s: %w", row.ID, err)
	}
	for _, p := range g.BotPowers() {
		pw, _ := e.Names.Power(p)
		orders[pw] = bot.Orders(e.V, g.Position, pw, rnd)
	}
	before := e.Codec.EncodePosition(g.Position)
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
