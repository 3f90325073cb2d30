package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/chancery/chancery/store"
	"github.com/chancery/chancery/table"
)

func (s *Server) listVariants(w http.ResponseWriter, r *http.Request) error {
	return writeJSON(w, http.StatusOK, s.kinds.Variants())
}

// createGameRequest is what a new game's request holds for every kind of
// game; its other fields are the settings of the variant's kind, which
// the kind reads (table.Kind.New).
type createGameRequest struct {
	Variant              string `json:"variant"`
	Name                 string `json:"name"`
	PhaseDeadlineSeconds *int   `json:"phase_deadline_seconds"` // nil: a day (half a day with DeadlineAt)
	// RetreatDeadlineSeconds and AdjustmentDeadlineSeconds are the
	// lengths of retreat and adjustment phases (nil: as the others).
	RetreatDeadlineSeconds    *int `json:"retreat_deadline_seconds"`
	AdjustmentDeadlineSeconds *int `json:"adjustment_deadline_seconds"`
	// DeadlineAt puts the deadlines at a time of day.
	DeadlineAt *table.DailyAt `json:"deadline_at"`
	// MinReliability is the least reliability, in percent, a player
	// needs to join (nil: none).
	MinReliability *int `json:"min_reliability"`
	// Sandbox asks for a game its creator plays alone (sandbox.go).
	Sandbox *sandboxRequest `json:"sandbox"`
	Bots    bool            `json:"bots"`
	// Power is the creator's seat: a power (a seat's name), anyPower for
	// the first free one, or "" for none (the master does not play).
	Power string `json:"power"`
	// Press is "full" (the default), "public" or "none".
	Press string `json:"press"`
	// Private games are listed only to their creator and players, and
	// joined with their invitation code.
	Private bool `json:"private"`
	// Spectators: whether people without a seat may follow the game once
	// it has started (nil: they may).
	Spectators *bool `json:"spectators"`
	// MissedOrders is the policy for missed orders (nil:
	// table.DefaultMissedOrders).
	MissedOrders *missedOrdersRequest `json:"missed_orders"`
}

// anyPower, as a new game's power, seats its creator at the first free
// seat (the map's order), as joining with no power does.
const anyPower = "any"

// missedOrdersRequest is a new game's policy for missed orders; a field
// left out takes its default (table.DefaultMissedOrders).
type missedOrdersRequest struct {
	Policy        *string `json:"policy"`
	After         *int    `json:"after"`
	Level         *string `json:"level"`
	ExtendSeconds *int    `json:"extend_seconds"`
}

// missedOrders reads a new game's policy for missed orders: keeps tells
// whether its kind can hand a seat to a bot (table.Keeper); a game of a
// kind that cannot holds, and asking it for another policy is refused.
func missedOrders(req *missedOrdersRequest, keeps bool) (table.MissedOrders, error) {
	m := table.DefaultMissedOrders()
	if !keeps {
		m = table.HoldMissedOrders()
	}
	if req == nil {
		return m, nil
	}
	if req.Policy != nil {
		m.Policy = *req.Policy
	}
	if req.After != nil {
		m.After = *req.After
	}
	if req.Level != nil {
		m.Level = *req.Level
	}
	if req.ExtendSeconds != nil {
		m.ExtendSeconds = *req.ExtendSeconds
	}
	if err := m.Check(); err != nil {
		return m, err
	}
	if !keeps && m.Policy != table.PolicyHold {
		return m, table.Codedf(table.ErrInvalid, table.CodeMissedOrders, "missed_orders.policy: this kind of game hands no seat to a bot: hold only")
	}
	return m, nil
}

func (s *Server) createGame(w http.ResponseWriter, r *http.Request) error {
	body, err := readBodyUpTo(w, r, maxGameBody)
	if err != nil {
		return err
	}
	var req createGameRequest
	kindSettings, err := table.DecodeSplit(body, &req)
	if err != nil {
		return err
	}
	u := user(r)
	if req.Sandbox != nil {
		return s.createSandbox(w, r, &req, kindSettings)
	}
	sched, err := s.readSchedule(&req, 24*3600)
	if err != nil {
		return err
	}
	press, err := table.ParsePress(req.Press)
	if err != nil {
		return err
	}
	settings := table.Settings{Press: press, Private: req.Private, Spectators: req.Spectators == nil || *req.Spectators}
	kind, variant, err := s.kinds.Plays(req.Variant)
	if err != nil {
		return err
	}
	if req.Name == "" {
		req.Name = s.kinds.Title(variant) + " game"
	}
	if err := checkGameName(req.Name); err != nil {
		return err
	}
	seat, anySeat := req.Power, strings.EqualFold(req.Power, anyPower)
	if anySeat {
		seat = ""
	}
	creator := table.Player{ID: u.ID, Name: u.Name}
	g, err := kind.New(variant, creator, options(sched, req.Bots, seat), kindSettings)
	if err != nil {
		return err
	}
	if anySeat {
		// The first free seat, in the same transaction as the game: the
		// lists never show the game without its creator.
		if err := g.Join(creator, ""); err != nil {
			return err
		}
	}
	_, keeps := g.(table.Keeper)
	policy, err := missedOrders(req.MissedOrders, keeps)
	if err != nil {
		return err
	}
	t := g.Table()
	t.MissedOrders, t.Master, t.MasterName = &policy, u.ID, u.Name
	if m := req.MinReliability; m != nil {
		if *m < 0 || *m > 100 {
			return table.Codedf(table.ErrInvalid, table.CodeReliability, "min_reliability: a percentage, 0 to 100, not %d", *m)
		}
		g.Table().MinReliability = *m
	}
	now := s.now()
	row := &store.GameRow{ID: s.gameID(), Kind: kind.Name(), Variant: variant, Name: req.Name, Status: string(table.Forming),
		Created: now, Updated: now, Creator: u.ID,
		Press: string(settings.Press), Private: settings.Private, Spectators: settings.Spectators}
	power := g.Table().PowerOf(u.ID)
	if row.Data, err = json.Marshal(g); err != nil {
		return err
	}
	if err := s.insertGame(r.Context(), row, u.ID, power, nil); err != nil {
		return err
	}
	s.changed(row.ID) // for the lobbies
	out := map[string]any{"id": row.ID, "kind": row.Kind, "variant": row.Variant, "power": power}
	if row.Private {
		out["invitation"] = table.Invitation(row.Secret)
	}
	return writeJSON(w, http.StatusCreated, out)
}

// insertGame stores a new game made by user, seated at power ("" for
// none), with the records of the phases it has played (prelude: a
// sandbox's), unless the user has made as many unfinished games as the
// server allows.
func (s *Server) insertGame(ctx context.Context, row *store.GameRow, user, power string, prelude []*store.Phase) error {
	return s.st.Update(ctx, func(tx store.Tx) error {
		if limit := s.cfg.MaxGamesPerUser; limit > 0 {
			n, err := tx.UnfinishedGames(user)
			if err != nil {
				return err
			}
			if n >= limit {
				return codedf(http.StatusTooManyRequests, table.CodeTooManyGames, "you have %s that you created and that have not finished, the most this server allows per user; finish one before creating another",
					plural(n, "game"))
			}
		}
		if err := tx.CreateGame(row); err != nil {
			return err
		}
		for _, p := range prelude {
			q := *p
			q.GameID = row.ID
			if err := tx.AddPhase(&q); err != nil {
				return err
			}
		}
		if power != "" {
			return tx.AddPlayer(row.ID, user, power)
		}
		return nil
	})
}

// readSchedule reads the schedule a new game's request asks for (a phase of
// length seconds when it says none) and refuses what the API does not
// allow (422, table.Schedule.Check) or this server does not (429: its
// shortest phase, a limit).
func (s *Server) readSchedule(req *createGameRequest, length int) (table.Schedule, error) {
	minSeconds := int((s.cfg.MinPhase + time.Second - 1) / time.Second)
	if req.DeadlineAt != nil {
		length = max(table.DefaultDailyPhaseSeconds, minSeconds)
	}
	if req.PhaseDeadlineSeconds != nil {
		length = *req.PhaseDeadlineSeconds
	}
	sched := table.Schedule{PhaseSeconds: length, At: req.DeadlineAt}
	// A retreat or adjustment length, when given, is a length: 0 is
	// refused like any other below a second, not read as none.
	if err := setPhaseLengths(&sched, req.RetreatDeadlineSeconds, req.AdjustmentDeadlineSeconds, false); err != nil {
		return sched, err
	}
	return sched, s.allowSchedule(sched)
}

// setPhaseLengths sets the retreat and adjustment lengths a request
// gives (nil leaves one as it is) and refuses one below a second: at
// creation 0 is such a length; when a master changes the lengths
// (sameAllowed) 0 makes those phases as long as the others. What else a
// schedule must be is allowSchedule's to say.
func setPhaseLengths(sched *table.Schedule, retreat, adjustment *int, sameAllowed bool) error {
	for _, l := range []struct {
		field string
		v     *int
		to    *int
	}{{"retreat_deadline_seconds", retreat, &sched.RetreatSeconds},
		{"adjustment_deadline_seconds", adjustment, &sched.AdjustmentSeconds}} {
		switch {
		case l.v == nil:
			continue
		case sameAllowed && *l.v == 0:
		case *l.v < table.MinPhaseSeconds && sameAllowed:
			return table.Codedf(table.ErrInvalid, table.CodePhaseTooShort, "%s: 0 (as long as the other phases) or at least %d second", l.field, table.MinPhaseSeconds)
		case *l.v < table.MinPhaseSeconds:
			return table.Codedf(table.ErrInvalid, table.CodePhaseTooShort, "%s: at least %d second", l.field, table.MinPhaseSeconds)
		}
		*l.to = *l.v
	}
	return nil
}

// allowSchedule refuses a schedule the API does not allow (422,
// table.Schedule.Check) or this server does not (429: a length below its
// shortest phase, a limit).
func (s *Server) allowSchedule(sched table.Schedule) error {
	if _, err := sched.Check(); err != nil {
		return err
	}
	minSeconds := int((s.cfg.MinPhase + time.Second - 1) / time.Second)
	for _, l := range []struct {
		field string
		n     int
	}{{"phase_deadline_seconds", sched.PhaseSeconds}, {"retreat_deadline_seconds", sched.RetreatSeconds}, {"adjustment_deadline_seconds", sched.AdjustmentSeconds}} {
		if l.n >= table.MinPhaseSeconds && l.n < minSeconds {
			return codedf(http.StatusTooManyRequests, table.CodePhaseTooShort, "%s: this server's shortest phase is %v; ask for %d seconds or more",
				l.field, s.cfg.MinPhase, minSeconds)
		}
	}
	return nil
}

// options are the options every kind has, for a game of schedule sched.
func options(sched table.Schedule, bots bool, power string) table.Options {
	return table.Options{PhaseSeconds: sched.PhaseSeconds, RetreatSeconds: sched.RetreatSeconds, AdjustmentSeconds: sched.AdjustmentSeconds,
		At: sched.At, Bots: bots, Power: power}
}

// checkGameName refuses a game's name that is too long or shows nothing.
func checkGameName(name string) error {
	if n := utf8.RuneCountInString(name); n > 100 {
		return codedf(http.StatusUnprocessableEntity, "game_name_invalid", "name: 1 to 100 characters")
	}
	if p := textProblem(name, false); p != "" {
		return codedf(http.StatusUnprocessableEntity, "game_name_invalid", "name: %s", p)
	}
	return nil
}

// plural says n things: "1 game", "2 games".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

func (s *Server) listGames(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	f := store.GameFilter{Status: q.Get("status"), Limit: 100}
	switch f.Status {
	case "", string(table.Forming), string(table.Active), string(table.Finished):
	default:
		return errorf(http.StatusBadRequest, "status: forming, active or finished, not %q", f.Status)
	}
	// Every list but the user's own leaves out the games closed to the
	// user (see admit): private games, games under way without
	// spectators.
	switch q.Get("mine") {
	case "", "false", "0":
		f.Viewer = user(r).ID
	case "true", "1":
		f.UserID = user(r).ID
	default:
		return errorf(http.StatusBadRequest, "mine: true or false")
	}
	switch q.Get("wanted") {
	case "", "false", "0":
	case "true", "1":
		// The games under way with a seat for a substitute, open to the
		// user.
		f.Wanted, f.Viewer, f.UserID = true, user(r).ID, ""
	default:
		return errorf(http.StatusBadRequest, "wanted: true or false")
	}
	var rows []*store.GameRow
	// The players of forming games, with their reliability, for those
	// who choose a game to join.
	players := map[string]formingTable{}
	// The user's own games under way that wait for the user's orders or
	// decision, for the lobby's marks and the tab's count, which would
	// otherwise read each game.
	due := map[string]bool{}
	if err := s.st.View(r.Context(), func(tx store.Tx) error {
		var err error
		if rows, err = tx.ListGames(f); err != nil {
			return err
		}
		if f.UserID != "" {
			if err := s.waitingFor(tx, rows, f.UserID, due); err != nil {
				return err
			}
		}
		return s.formingPlayers(tx, rows, players)
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
		// The game's settings.
		Press      string `json:"press"`
		Private    bool   `json:"private"`
		Spectators bool   `json:"spectators"`
		Cancelled  bool   `json:"cancelled,omitempty"`
		// ReplacementWanted are the powers whose seats wait for a
		// substitute.
		ReplacementWanted []string `json:"replacement_wanted,omitempty"`
		// Players are a forming game's players, with their reliability,
		// and MinReliability the least it asks of a player who joins.
		Players        []seatPlayer `json:"players,omitempty"`
		MinReliability int          `json:"min_reliability,omitempty"`
		// Due: the game waits for the user's orders or decision (in the
		// user's own list only).
		Due bool `json:"due,omitempty"`
		// YouCreated: a forming game the user created, which the user
		// may start (in the user's own list only).
		YouCreated bool `json:"you_created,omitempty"`
	}
	out := []summary{}
	for _, g := range rows {
		sum := summary{ID: g.ID, Kind: g.Kind, Variant: g.Variant, Name: g.Name, Status: g.Status,
			Deadline: table.Deadline(g.Deadline), Created: g.Created, Press: g.Press, Private: g.Private, Spectators: g.Spectators,
			Players: players[g.ID].players, MinReliability: players[g.ID].min, Due: due[g.ID],
			YouCreated: f.UserID != "" && players[g.ID].creator == f.UserID}
		if g.Status == string(table.Finished) {
			// Every kind's state keeps the table's fields under the
			// same names (table.Table): no need to decode the game.
			var t struct {
				Cancelled bool `json:"cancelled"`
			}
			if err := json.Unmarshal(g.Data, &t); err != nil {
				return fmt.Errorf("game %s: %w", g.ID, err)
			}
			sum.Cancelled = t.Cancelled
		}
		if g.Wanted > 0 {
			var t table.Table
			if err := json.Unmarshal(g.Data, &t); err != nil {
				return fmt.Errorf("game %s: %w", g.ID, err)
			}
			sum.ReplacementWanted = t.Wanted()
		}
		out = append(out, sum)
	}
	return writeJSON(w, http.StatusOK, out)
}

// waitingFor sets in due, by game id, the games under way of rows that
// wait for user's orders or decision (table.Waiter). A sandbox waits for
// nobody but its player, who knows.
func (s *Server) waitingFor(tx store.Tx, rows []*store.GameRow, user string, due map[string]bool) error {
	for _, row := range rows {
		if row.Status != string(table.Active) {
			continue
		}
		g, err := s.readOnly(row)
		if err != nil {
			return err
		}
		if g.Table().Sandbox {
			continue
		}
		waits, err := waitsFor(tx, row, g, user)
		if err != nil {
			return fmt.Errorf("game %s: %w", row.ID, err)
		}
		due[row.ID] = waits
	}
	return nil
}

// seatPlayer is a player of a forming game as the lobby lists it.
type seatPlayer struct {
	Name        string          `json:"name"`
	Power       string          `json:"power"`
	Reliability reliabilityJSON `json:"reliability"`
}

// formingTable is what the lobby says of a forming game's table.
type formingTable struct {
	players []seatPlayer
	min     int
	// creator is the id of the user who created the game.
	creator string
}

// formingPlayers puts in players, by game id, the players of the forming
// games of rows, each user's reliability read once, and the reliability
// each game asks for.
func (s *Server) formingPlayers(tx store.Tx, rows []*store.GameRow, players map[string]formingTable) error {
	now := s.now()
	known := map[string]reliabilityJSON{}
	for _, g := range rows {
		if g.Status != string(table.Forming) {
			continue
		}
		// Every kind's state keeps the table's fields under the same
		// names (table.Table): no need to decode the game.
		var t table.Table
		if err := json.Unmarshal(g.Data, &t); err != nil {
			return fmt.Errorf("game %s: %w", g.ID, err)
		}
		ft := formingTable{players: []seatPlayer{}, min: t.MinReliability, creator: t.Creator}
		for _, seat := range t.Seats {
			if seat.User == "" {
				continue
			}
			rel, ok := known[seat.User]
			if !ok {
				var err error
				if rel, err = reliability(tx, seat.User, now); err != nil {
					return err
				}
				known[seat.User] = rel
			}
			ft.players = append(ft.players, seatPlayer{Name: seat.Name, Power: seat.Power, Reliability: rel})
		}
		players[g.ID] = ft
	}
	return nil
}

// loadRow reads a game's row (locked when lock is set, in Update).
func loadRow(tx store.Tx, id string, lock bool) (*store.GameRow, error) {
	if len(id) > 64 {
		return nil, errorf(http.StatusNotFound, "no game %q", id)
	}
	g, err := tx.Game(id, lock)
	if errors.Is(err, store.ErrNotFound) {
		return nil, errorf(http.StatusNotFound, "no game %q", id)
	}
	return g, err
}

// readGame runs fn in a read transaction with game id as stored and as
// decoded by its kind, once the request's user is admitted to see it
// (admit). The decoded game may be shared with other readers (see
// readOnly): fn must not change it.
func (s *Server) readGame(r *http.Request, id string, fn func(tx store.Tx, row *store.GameRow, g table.Game) error) error {
	return s.st.View(r.Context(), func(tx store.Tx) error {
		row, err := loadRow(tx, id, false)
		if err != nil {
			return err
		}
		g, err := s.readOnly(row)
		if err != nil {
			return err
		}
		if err := admit(row, g.Table(), user(r).ID, invitation(r)); err != nil {
			return err
		}
		return fn(tx, row, g)
	})
}

// changeGame runs fn in a write transaction with game id locked and
// decoded afresh, for fn to change and save.
func (s *Server) changeGame(ctx context.Context, id string, fn func(tx store.Tx, row *store.GameRow, g table.Game) error) error {
	return s.st.Update(ctx, func(tx store.Tx) error {
		row, err := loadRow(tx, id, true)
		if err != nil {
			return err
		}
		g, err := s.decode(row)
		if err != nil {
			return err
		}
		return fn(tx, row, g)
	})
}

type joinRequest struct {
	Power string `json:"power"`
	// Invitation is the game's invitation code, which a private game
	// needs.
	Invitation string `json:"invitation"`
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
	err := s.changeGame(r.Context(), id, func(tx store.Tx, row *store.GameRow, g table.Game) error {
		if err := admitJoin(row, g.Table(), u.ID, req.Invitation); err != nil {
			return err
		}
		if err := checkReliability(tx, g.Table(), u.ID, s.now()); err != nil {
			return err
		}
		if err := g.Join(table.Player{ID: u.ID, Name: u.Name}, req.Power); err != nil {
			return err
		}
		t := g.Table()
		power = t.PowerOf(u.ID)
		now := s.now()
		if t.Status == table.Active {
			// A substitute takes a seat its player was replaced in.
			if err := s.substitute(tx, row, g, u.ID, now); err != nil {
				return err
			}
		}
		if err := save(tx, row, g, now); err != nil {
			return err
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
	err := s.changeGame(r.Context(), id, func(tx store.Tx, row *store.GameRow, g table.Game) error {
		now := s.now()
		if err := g.Start(u.ID, now); err != nil {
			return err
		}
		return save(tx, row, g, now)
	})
	if err != nil {
		return err
	}
	s.poke()
	s.changed(id)
	return writeJSON(w, http.StatusOK, map[string]any{"id": id, "status": table.Active})
}

// leaveGame gives back the user's seat in a forming game, for anyone to
// take; the creator stays the creator. The seat's row goes with the
// game's save, in one transaction.
func (s *Server) leaveGame(w http.ResponseWriter, r *http.Request) error {
	u := user(r)
	id := r.PathValue("id")
	err := s.changeGame(r.Context(), id, func(tx store.Tx, row *store.GameRow, g table.Game) error {
		if err := admit(row, g.Table(), u.ID, invitation(r)); err != nil {
			return err
		}
		power := g.Table().PowerOf(u.ID)
		if err := g.Table().Leave(u.ID); err != nil {
			return err
		}
		if err := save(tx, row, g, s.now()); err != nil {
			return err
		}
		if err := seatPassed(tx, g.Table(), id, power, u.ID, ""); err != nil {
			return err
		}
		return tx.RemovePlayer(id, u.ID)
	})
	if err != nil {
		return err
	}
	s.changed(id)
	return writeJSON(w, http.StatusOK, map[string]any{"id": id, "power": ""})
}

// cancelGame ends a forming game at its creator's word. The game is kept,
// finished and marked cancelled, so that its page says what became of it
// and history stays whole; being finished, it no longer counts against
// its creator's MaxGamesPerUser, and leaves the lobbies' lists.
func (s *Server) cancelGame(w http.ResponseWriter, r *http.Request) error {
	u := user(r)
	id := r.PathValue("id")
	err := s.changeGame(r.Context(), id, func(tx store.Tx, row *store.GameRow, g table.Game) error {
		if err := admit(row, g.Table(), u.ID, invitation(r)); err != nil {
			return err
		}
		if err := g.Table().Cancel(u.ID); err != nil {
			return err
		}
		return save(tx, row, g, s.now())
	})
	if err != nil {
		return err
	}
	s.changed(id)
	return writeJSON(w, http.StatusOK, map[string]any{"id": id, "status": table.Finished, "cancelled": true})
}

func (s *Server) getGame(w http.ResponseWriter, r *http.Request) error {
	u := user(r)
	id := r.PathValue("id")
	var out any
	err := s.readGame(r, id, func(tx store.Tx, row *store.GameRow, g table.Game) error {
		var err error
		out, err = g.View(tableRow(tx, row), actor(r, g, u.ID))
		return err
	})
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, out)
}

func (s *Server) history(w http.ResponseWriter, r *http.Request) error {
	u := user(r)
	id := r.PathValue("id")
	since := 0
	if v := r.URL.Query().Get("since"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return errorf(http.StatusBadRequest, "since must be a whole number of entries already held, 0 or more, not %q", v)
		}
		since = n
	}
	var out any
	err := s.readGame(r, id, func(tx store.Tx, row *store.GameRow, g table.Game) error {
		var err error
		out, err = g.History(tableRow(tx, row), u.ID, since)
		return err
	})
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, out)
}
