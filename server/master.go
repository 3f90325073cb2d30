package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/chancery/chancery/store"
	"github.com/chancery/chancery/table"
)

// A game master keeps a game going (table.Stewardship): pauses and
// resumes it, extends its deadline, opens a player's seat for a
// substitute, removes a player who broke its rules, and may hand the
// role to another user, who need not play. Every other user is refused
// with 403 not_master. A game without a master is paused by a unanimous
// vote of the people whose powers are still in it. Everything done is
// written, with who, when and why, to the game's public journal, GET
// /games/{id}/log. The role shows nothing more of the game: a master
// sees what a spectator sees, or, playing, what their power's player
// sees.

// masterRequest is the body of a game master's action; each action reads
// the fields it needs.
type masterRequest struct {
	Reason  string `json:"reason"`
	Seconds int    `json:"seconds"`
	Power   string `json:"power"`
	User    string `json:"user"`
	// The new schedule (POST /games/{id}/lengths); a field left out
	// keeps its value.
	PhaseDeadlineSeconds      *int            `json:"phase_deadline_seconds"`
	RetreatDeadlineSeconds    *int            `json:"retreat_deadline_seconds"`
	AdjustmentDeadlineSeconds *int            `json:"adjustment_deadline_seconds"`
	DeadlineAt                json.RawMessage `json:"deadline_at"`
}

// masterAnswer is what a game master's action answers: the game's state
// as it keeps going.
type masterAnswer struct {
	ID                string     `json:"id"`
	Paused            bool       `json:"paused"`
	PausedLeftSeconds int        `json:"paused_left_seconds"`
	Deadline          *time.Time `json:"deadline"`
	PauseVotes        []string   `json:"pause_votes"`
	Master            string     `json:"master"`
	ReplacementWanted []string   `json:"replacement_wanted"`
}

// masterAct reads a master's request and runs act on the game, locked,
// then saves it and answers its state. What act returns is the account
// that left a seat, if one did.
func (s *Server) masterAct(w http.ResponseWriter, r *http.Request, act func(tx store.Tx, row *store.GameRow, g table.Game, by table.Player, req masterRequest, now time.Time) error) error {
	var req masterRequest
	if r.ContentLength != 0 {
		if err := decode(w, r, &req); err != nil {
			return err
		}
	}
	if err := table.CheckReason(req.Reason); err != nil {
		return err
	}
	if req.Reason != "" {
		if p := textProblem(req.Reason, false); p != "" {
			return codedf(http.StatusUnprocessableEntity, table.CodeReason, "reason: %s", p)
		}
	}
	u := user(r)
	id := r.PathValue("id")
	var out masterAnswer
	err := s.changeGame(r.Context(), id, func(tx store.Tx, row *store.GameRow, g table.Game) error {
		if err := admit(row, g.Table(), u.ID, invitation(r)); err != nil {
			return err
		}
		now := s.now()
		if err := act(tx, row, g, table.Player{ID: u.ID, Name: u.Name}, req, now); err != nil {
			return err
		}
		t := g.Table()
		out = masterAnswer{ID: id, Paused: t.Paused, PausedLeftSeconds: int(t.PausedLeft / time.Second),
			Deadline: table.Deadline(t.Deadline), PauseVotes: orEmpty(t.PauseVotes), ReplacementWanted: orEmpty(t.Wanted())}
		if m := t.MasterOf(); m == u.ID {
			out.Master = u.Name
		} else if m != "" {
			out.Master = t.MasterName
		}
		return save(tx, row, g, now)
	})
	if err != nil {
		return err
	}
	s.poke() // a deadline may have moved sooner
	s.changed(id)
	return writeJSON(w, http.StatusOK, out)
}

func orEmpty(list []string) []string {
	if list == nil {
		return []string{}
	}
	return list
}

// pauseGame pauses a game at its master's word; in a game without a
// master it is a player's vote to pause, which pauses it once every
// person still in the game has voted.
func (s *Server) pauseGame(w http.ResponseWriter, r *http.Request) error {
	return s.masterAct(w, r, func(tx store.Tx, row *store.GameRow, g table.Game, by table.Player, req masterRequest, now time.Time) error {
		t := g.Table()
		if t.NoMaster {
			var alive func(string) bool
			if k, ok := g.(table.Keeper); ok {
				alive = k.InGame
			}
			_, err := t.VotePause(by, alive, g.Seq(), now)
			return err
		}
		return t.Pause(by, req.Reason, g.Seq(), now)
	})
}

// resumeGame ends a pause: the deadline is the time that was left, or
// seconds from now.
func (s *Server) resumeGame(w http.ResponseWriter, r *http.Request) error {
	return s.masterAct(w, r, func(tx store.Tx, row *store.GameRow, g table.Game, by table.Player, req masterRequest, now time.Time) error {
		if req.Seconds < 0 || req.Seconds > table.MaxPhaseSeconds {
			return table.Codedf(table.ErrInvalid, table.CodeSeconds, "seconds: 0 (the time that was left) to %d", table.MaxPhaseSeconds)
		}
		return g.Table().Resume(by, req.Reason, req.Seconds, g.Seq(), now)
	})
}

// extendGame gives the phase being played more time.
func (s *Server) extendGame(w http.ResponseWriter, r *http.Request) error {
	return s.masterAct(w, r, func(tx store.Tx, row *store.GameRow, g table.Game, by table.Player, req masterRequest, now time.Time) error {
		if req.Seconds < 1 || req.Seconds > table.MaxPhaseSeconds {
			return table.Codedf(table.ErrInvalid, table.CodeSeconds, "seconds: 1 to %d", table.MaxPhaseSeconds)
		}
		return g.Table().Extend(by, req.Reason, req.Seconds, g.Seq(), now)
	})
}

// changeLengths gives the game new phase lengths, or deadlines at another
// time of day, validated as a new game's are (readSchedule): what the
// request leaves out stays as it was; a retreat or adjustment length of
// 0 makes those phases as long as the others, and a deadline_at of null
// puts the deadlines at the end of the phase's length again. The phase
// being played keeps its deadline: the new schedule counts from the next
// (table.Table.ChangeLengths).
func (s *Server) changeLengths(w http.ResponseWriter, r *http.Request) error {
	return s.masterAct(w, r, func(tx store.Tx, row *store.GameRow, g table.Game, by table.Player, req masterRequest, now time.Time) error {
		t := g.Table()
		if err := t.Mastered(by.ID); err != nil {
			return err
		}
		sched := t.Schedule()
		if p := req.PhaseDeadlineSeconds; p != nil {
			sched.PhaseSeconds = *p
		}
		if err := setPhaseLengths(&sched, req.RetreatDeadlineSeconds, req.AdjustmentDeadlineSeconds, true); err != nil {
			return err
		}
		switch at := bytes.TrimSpace(req.DeadlineAt); {
		case len(at) == 0:
		case bytes.Equal(at, []byte("null")):
			sched.At = nil
		default:
			var daily table.DailyAt
			d := json.NewDecoder(bytes.NewReader(at))
			d.DisallowUnknownFields()
			if err := d.Decode(&daily); err != nil {
				return table.Errorf(table.ErrMalformed, "deadline_at: {\"time\": \"HH:MM\", \"zone\": \"Europe/Paris\", \"skip_weekends\": false}")
			}
			sched.At = &daily
		}
		if err := s.allowSchedule(sched); err != nil {
			return err
		}
		return t.ChangeLengths(by, sched, req.Reason, g.Seq(), now)
	})
}

// replacePlayer opens a player's seat for a substitute.
func (s *Server) replacePlayer(w http.ResponseWriter, r *http.Request) error {
	return s.masterAct(w, r, func(tx store.Tx, row *store.GameRow, g table.Game, by table.Player, req masterRequest, now time.Time) error {
		return s.openSeat(tx, row, g, by, req, false, now)
	})
}

// removePlayer opens the seat of a player who broke the game's rules for
// a substitute; they may not take a seat in the game again.
func (s *Server) removePlayer(w http.ResponseWriter, r *http.Request) error {
	return s.masterAct(w, r, func(tx store.Tx, row *store.GameRow, g table.Game, by table.Player, req masterRequest, now time.Time) error {
		return s.openSeat(tx, row, g, by, req, true, now)
	})
}

// openSeat opens req.Power's seat for a substitute: its player leaves the
// game (their seat's row goes with the game's save). Until a substitute
// comes a bot plays it (table.Table.Replace). The press the player read
// stays theirs until a substitute takes the seat and inherits it
// (substitute); the bot reads none.
func (s *Server) openSeat(tx store.Tx, row *store.GameRow, g table.Game, by table.Player, req masterRequest, remove bool, now time.Time) error {
	if _, ok := g.(table.Keeper); !ok {
		if g.Table().MasterOf() != by.ID {
			return table.Codedf(table.ErrForbidden, table.CodeNotMaster, "only the game master may do this")
		}
		return table.Codedf(table.ErrState, table.CodeNoReplace, "a %s game has no substitutes", row.Kind)
	}
	if req.Power == "" {
		return table.Errorf(table.ErrMalformed, "power: the power whose player is replaced is required")
	}
	left, err := g.Table().Replace(by, g.Power(req.Power), req.Reason, remove, g.Seq(), now)
	if err != nil {
		return err
	}
	if !g.Table().Sandbox {
		if err := tx.AddDeparture(row.ID, left.ID, store.Replaced, now); err != nil {
			return err
		}
	}
	return tx.RemovePlayer(row.ID, left.ID)
}

// substitute completes a substitute's (user's) taking of a seat in a game
// under way: the journal says so, and the power's press passes to them
// (seatPassed): what the player they replace sent and received, and what
// was sent to the seat while it waited.
func (s *Server) substitute(tx store.Tx, row *store.GameRow, g table.Game, user string, now time.Time) error {
	t := g.Table()
	seat := &t.Seats[t.SeatOf(user)]
	power := seat.Power
	t.Note(table.Entry{At: now.UTC(), Seq: g.Seq(), Action: table.ActSubstitute, Power: power, User: seat.Name})
	for _, from := range []string{seat.Left, ""} {
		if err := seatPassed(tx, t, row.ID, power, from, seat.User); err != nil {
			return err
		}
	}
	seat.Left = ""
	return nil
}

// appointMaster hands the game master's role to another user, who need
// not play; "" leaves the game without a master, for its players to
// pause by a unanimous vote.
func (s *Server) appointMaster(w http.ResponseWriter, r *http.Request) error {
	return s.masterAct(w, r, func(tx store.Tx, row *store.GameRow, g table.Game, by table.Player, req masterRequest, now time.Time) error {
		t := g.Table()
		if req.User == "" {
			if err := t.Appoint(by, table.Player{}, req.Reason, g.Seq(), now); err != nil {
				return err
			}
			t.NoMaster = true
			return nil
		}
		u, err := tx.UserByName(req.User)
		if errors.Is(err, store.ErrNotFound) {
			if t.MasterOf() != by.ID {
				return table.Codedf(table.ErrForbidden, table.CodeNotMaster, "only the game master may do this")
			}
			return table.Codedf(table.ErrInvalid, table.CodeNoUser, "user: nobody is called %q", req.User)
		}
		if err != nil {
			return err
		}
		return t.Appoint(by, table.Player{ID: u.ID, Name: u.Name}, req.Reason, g.Seq(), now)
	})
}

// gameLog answers a game's public journal: what its master did, and what
// its policy for missed orders did, oldest first.
func (s *Server) gameLog(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	var out struct {
		ID      string        `json:"id"`
		Entries []table.Entry `json:"entries"`
	}
	err := s.readGame(r, id, func(tx store.Tx, row *store.GameRow, g table.Game) error {
		out.ID, out.Entries = id, g.Table().Journal
		if out.Entries == nil {
			out.Entries = []table.Entry{}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, out)
}
