package server

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/chancery/chancery/store"
	"github.com/chancery/chancery/table"
)

// Sandboxes: a game a user plays alone, every power theirs, to try lines
// out from a position they may see: the start of any variant, or any
// phase of a game that has ended which they may see (played or watched).
// It is private, admits no spectators and no press, starts at once, has
// no deadline (a phase is played when its player says every power is
// ready: table.Table.NextDeadline), and never counts for reliability.
//
// The rules know one power per player, so each seat of a sandbox is held
// by a hand of its creator (table.Hand: the creator's id and the power);
// the creator's requests act as the power the `power` query parameter
// names (the first seat without one), so that the same board and clicks
// play every power in turn.

// The codes of a sandbox's refusals.
const (
	codeSandboxSource = "sandbox_source" // a sandbox from a game that has not ended, or from nothing
)

// sandboxRequest is the sandbox field of POST /games: from_game and phase,
// or variant.
type sandboxRequest struct {
	FromGame string `json:"from_game"`
	Phase    *int   `json:"phase"`
	Variant  string `json:"variant"`
	// Record is a game's record (GET /games/{id}/record) to import: the
	// sandbox is at the position it leads to, with its phases.
	Record json.RawMessage `json:"record"`
}

// sandboxLength is a sandbox's phase length, which no deadline applies.
const sandboxLength = table.MaxPhaseSeconds

// createSandbox answers POST /games with a sandbox field.
func (s *Server) createSandbox(w http.ResponseWriter, r *http.Request, req *createGameRequest, kindSettings json.RawMessage) error {
	u := user(r)
	sb := req.Sandbox
	if req.Variant != "" || req.Power != "" || req.Bots || req.Press != "" || req.Private || req.Spectators != nil || req.MinReliability != nil ||
		req.PhaseDeadlineSeconds != nil || req.RetreatDeadlineSeconds != nil || req.AdjustmentDeadlineSeconds != nil || req.DeadlineAt != nil {
		return errorf(http.StatusUnprocessableEntity, "a sandbox is private, without press, bots or deadlines, and every power is yours: give sandbox, and at most name")
	}
	sources := 0
	for _, given := range []bool{sb.FromGame != "", sb.Variant != "", sb.Record != nil} {
		if given {
			sources++
		}
	}
	if sources != 1 || (sb.FromGame != "") != (sb.Phase != nil) {
		return codedf(http.StatusUnprocessableEntity, codeSandboxSource, "sandbox: from_game and phase, variant, or record")
	}
	sched := table.Schedule{PhaseSeconds: sandboxLength}
	player := table.Player{ID: u.ID, Name: u.Name}
	var (
		g       table.Game
		kind    string
		variant string
		name    string
		prelude []*store.Phase
	)
	switch {
	case sb.Record != nil:
		var head struct {
			Variant string `json:"variant"`
		}
		if err := json.Unmarshal(sb.Record, &head); err != nil {
			return errorf(http.StatusBadRequest, "sandbox.record: %v", err)
		}
		k, v, err := s.kinds.Plays(head.Variant)
		if err != nil {
			return err
		}
		imp, ok := k.(table.Importer)
		if !ok {
			return errorf(http.StatusUnprocessableEntity, "a %s game cannot be imported from a record", k.Name())
		}
		var phases []table.Phase
		if g, phases, err = imp.Import(sb.Record, player, options(sched, false, ""), s.now()); err != nil {
			return err
		}
		// Stored as played long ago: they were not played on this
		// server, and must not count against its creator's share of
		// phases (pace).
		for _, p := range phases {
			prelude = append(prelude, &store.Phase{Seq: p.Seq, Name: p.Name, Data: p.Data, Created: time.Unix(0, 0)})
		}
		kind, variant, name = k.Name(), v, s.kinds.Title(v)+" sandbox (imported)"
	case sb.Variant != "":
		k, v, err := s.kinds.Plays(sb.Variant)
		if err != nil {
			return err
		}
		if g, err = k.New(v, player, options(sched, false, ""), kindSettings); err != nil {
			return err
		}
		kind, variant, name = k.Name(), v, s.kinds.Title(v)+" sandbox"
	default:
		err := s.st.View(r.Context(), func(tx store.Tx) error {
			row, err := loadRow(tx, sb.FromGame, false)
			if err != nil {
				return err
			}
			from, err := s.readOnly(row)
			if err != nil {
				return err
			}
			if err := admit(row, from.Table(), u.ID, invitation(r)); err != nil {
				return err
			}
			if t := from.Table(); t.Status != table.Finished || t.Cancelled {
				return codedf(http.StatusConflict, codeSandboxSource, "a sandbox opens from a game that has ended: game %s has not", row.ID)
			}
			b, ok := from.(table.Brancher)
			if !ok {
				return errorf(http.StatusUnprocessableEntity, "a %s game cannot be opened as a sandbox from one of its phases", row.Kind)
			}
			if len(kindSettings) > 0 && string(kindSettings) != "{}" {
				return errorf(http.StatusUnprocessableEntity, "a sandbox from a game has that game's settings")
			}
			if g, err = b.Branch(tableRow(tx, row), *sb.Phase, player, options(sched, false, "")); err != nil {
				return err
			}
			phases, err := tx.Phases(row.ID)
			if err != nil {
				return err
			}
			for _, p := range phases {
				if p.Seq < *sb.Phase {
					prelude = append(prelude, p)
				}
			}
			kind, variant, name = row.Kind, row.Variant, row.Name+" (sandbox)"
			return nil
		})
		if err != nil {
			return err
		}
	}
	if req.Name != "" {
		name = req.Name
	}
	if err := checkGameName(name); err != nil {
		return err
	}
	t := g.Table()
	t.Sandbox = true
	for i := range t.Seats {
		t.Seats[i] = table.Seat{Power: t.Seats[i].Power, User: table.Hand(u.ID, t.Seats[i].Power), Name: u.Name}
	}
	now := s.now()
	if err := g.Start(u.ID, now); err != nil {
		return err
	}
	row := &store.GameRow{ID: s.gameID(), Kind: kind, Variant: variant, Name: name, Status: string(t.Status),
		Seq: g.Seq(), Deadline: t.Deadline, Created: now, Updated: now, Creator: u.ID,
		Press: string(table.NoPress), Private: true, Spectators: false}
	data, err := json.Marshal(g)
	if err != nil {
		return err
	}
	row.Data = data
	first := t.Seats[0].Power
	if err := s.insertGame(r.Context(), row, u.ID, first, prelude); err != nil {
		return err
	}
	s.poke()
	s.changed(row.ID)
	return writeJSON(w, http.StatusCreated, map[string]any{"id": row.ID, "kind": row.Kind, "variant": row.Variant, "power": first,
		"invitation": table.Invitation(row.Secret)})
}

// actor is who user acts as in the game seated at t: in their sandbox,
// the hand of the power the request's `power` query parameter names (by
// any of its names, through the kind), else of the first seat; anywhere
// else, the user.
func actor(r *http.Request, g table.Game, user string) string {
	t := g.Table()
	if !t.Sandbox || user != t.Creator || len(t.Seats) == 0 {
		return user
	}
	if name := r.URL.Query().Get("power"); name != "" {
		power := g.Power(name)
		for _, seat := range t.Seats {
			if seat.Power == power {
				return seat.User
			}
		}
	}
	return t.Seats[0].User
}
