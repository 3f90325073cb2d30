package server

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/chancery/chancery/store"
	"github.com/chancery/chancery/table"
)

// maxPressBody is the most characters one message holds.
const maxPressBody = 4000

type messageRequest struct {
	// To lists the recipients' powers; empty (or ["all"]) sends to every
	// other power.
	To   []string `json:"to"`
	Body string   `json:"body"`
}

type messageJSON struct {
	ID   string   `json:"id"`
	From string   `json:"from"`
	To   []string `json:"to"`
	Body string   `json:"body"`
	// Time is when the message was sent; Cursor the same in Unix
	// microseconds, for GET ...?after=.
	Time   time.Time `json:"time"`
	Cursor int64     `json:"cursor"`
}

func messageOut(m *store.Message) messageJSON {
	return messageJSON{ID: m.ID, From: m.From, To: m.To, Body: m.Body, Time: time.UnixMicro(m.Created).UTC(), Cursor: m.Created}
}

// seats returns a game's powers, the power user plays in it, and the
// game (shared: not to be changed).
func (s *Server) seats(row *store.GameRow, userID string) (powers []string, mine string, g table.Game, err error) {
	if g, err = s.readOnly(row); err != nil {
		return nil, "", nil, err
	}
	t := g.Table()
	return t.Powers(), t.PowerOf(userID), g, nil
}

func (s *Server) postMessage(w http.ResponseWriter, r *http.Request) error {
	var req messageRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	n := utf8.RuneCountInString(req.Body)
	if n == 0 || n > maxPressBody {
		return codedf(http.StatusUnprocessableEntity, "press_invalid", "body: 1 to %d characters", maxPressBody)
	}
	if p := textProblem(req.Body, true); p != "" {
		return codedf(http.StatusUnprocessableEntity, "press_invalid", "body: %s", p)
	}
	if len(req.To) > 20 {
		return errorf(http.StatusUnprocessableEntity, "to: at most 20 recipients")
	}
	u := user(r)
	id := r.PathValue("id")
	now := s.now()
	if wait := s.userPress.take(u.ID, now); wait > 0 {
		return tooSoon(w, wait, "press_rate", "you are sending press too fast (at most %s): wait %s", s.cfg.PressPerUser.describe(), roundUp(wait))
	}
	var m *store.Message
	err := s.st.Update(r.Context(), func(tx store.Tx) error {
		row, err := loadRow(tx, id, true) // sends to one game commit in turn (see AddMessage)
		if err != nil {
			return err
		}
		powers, mine, g, err := s.seats(row, u.ID)
		if err != nil {
			return err
		}
		if mine == "" {
			return codedf(http.StatusForbidden, table.CodeNotPlayer, "only the game's players may send press")
		}
		if g.Table().Status == table.Finished {
			return codedf(http.StatusConflict, table.CodeFinished, "the game is finished: it is read-only")
		}
		if table.Press(row.Press) == table.NoPress {
			return codedf(http.StatusForbidden, table.CodeNoPress, "this game has no press")
		}
		// A power may be named by any of its names (1900's "England" for
		// Britain); names the game does not know are refused below.
		for i, n := range req.To {
			req.To[i] = g.Power(n)
		}
		var to []string
		all := len(req.To) == 0 || (len(req.To) == 1 && strings.EqualFold(req.To[0], "all"))
		for _, p := range powers {
			if p == mine {
				continue
			}
			if all || slices.ContainsFunc(req.To, func(t string) bool { return strings.EqualFold(t, p) }) {
				to = append(to, p)
			}
		}
		if !all {
			for _, t := range req.To {
				if !slices.ContainsFunc(powers, func(p string) bool { return strings.EqualFold(t, p) }) {
					return errorf(http.StatusUnprocessableEntity, "to: no power %q in this game (powers: %s)", t, strings.Join(powers, ", "))
				}
				if strings.EqualFold(t, mine) {
					return errorf(http.StatusUnprocessableEntity, "to: you cannot send press to yourself")
				}
			}
		}
		// Public press is to every other power, named or not.
		if table.Press(row.Press) == table.PublicPress && len(to) != len(powers)-1 {
			return codedf(http.StatusUnprocessableEntity, table.CodePublicPressOnly, "to: this game allows public press only: send to every power (leave \"to\" empty)")
		}
		// The game's rate is taken once the sender is known to play it:
		// nobody else can spend it.
		if wait := s.gamePress.take(id, now); wait > 0 {
			s.userPress.give(u.ID)
			return tooSoon(w, wait, "game_press_rate", "this game's press goes too fast (at most %s, all players together): wait %s", s.cfg.PressPerGame.describe(), roundUp(wait))
		}
		if limit := s.cfg.MaxPressPerGame; limit >= 0 {
			size, err := tx.PressSize(id)
			if err != nil {
				return err
			}
			if size+int64(n) > limit {
				return codedf(http.StatusConflict, "press_full", "this game's press is full: its messages hold %d characters, and %d at most are kept", size, limit)
			}
		}
		// Who reads it: its sender, and the players of its recipients
		// now (see readers).
		t := g.Table()
		readers := make([]string, len(to))
		for i, p := range to {
			for _, seat := range t.Seats {
				if seat.Power == p {
					readers[i] = seat.User
				}
			}
		}
		m = &store.Message{ID: newID(), GameID: id, From: mine, To: to, Body: req.Body, Created: s.now().UnixMicro(),
			Sender: u.ID, Readers: readers}
		if err := tx.AddMessage(m); err != nil {
			return err
		}
		if err := s.queueDigests(tx, row, m, now); err != nil {
			return err
		}
		return s.pushDigests(tx, row, m, now)
	})
	if err != nil {
		return err
	}
	s.changed(id)
	return writeJSON(w, http.StatusCreated, messageOut(m))
}

// Press is read by people, not by seats: a message is read by its sender
// and by the player who held each recipient power when it was sent
// (store.Message's Sender and Readers), each as long as they hold that
// power. When a seat changes hands, seatPassed says what the next player
// reads.

// seatPassed applies the rule of press when the seat of power in a game
// whose table is t passes from user from to user to ("" for no one or a
// bot). Before the game starts, a seat given back takes its press with
// its player: the next player of the power reads nothing sent to or by
// the one before (they may have been told things meant for that person
// alone, while no move had yet been made). Once the game is under way,
// a player who takes the power over (a substitute) takes over its
// diplomacy too: the power's press from before, sent and received,
// passes to them, as the game's rules say (docs/server.md) and the
// press pane tells every sender.
func seatPassed(tx store.Tx, t *table.Table, gameID, power, from, to string) error {
	if t.Status != table.Active {
		return nil
	}
	return tx.PassPress(gameID, power, from, to)
}

// maxMessagesPage is the most messages one answer of GET /messages holds
// (and the default).
const maxMessagesPage = 1000

// getMessages answers a page of the press the user's power sent or
// received, oldest first, from after the cursor ?after= (Unix
// microseconds), at most ?limit= messages. When more messages follow, the
// answer says where the next page starts with a Link header (RFC 8288,
// rel="next"), the same path with ?after= the page's last cursor; an
// answer without one holds everything up to now. The body stays a plain
// array, as clients written before there were pages expect.
func (s *Server) getMessages(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	var after int64
	if a := q.Get("after"); a != "" {
		v, err := strconv.ParseInt(a, 10, 64)
		if err != nil || v < 0 {
			return errorf(http.StatusBadRequest, "after: a cursor (Unix microseconds) from a previous message")
		}
		after = v
	}
	limit := maxMessagesPage
	if l := q.Get("limit"); l != "" {
		v, err := strconv.Atoi(l)
		if err != nil || v < 1 || v > maxMessagesPage {
			return errorf(http.StatusBadRequest, "limit: a number of messages from 1 to %d", maxMessagesPage)
		}
		limit = v
	}
	u := user(r)
	id := r.PathValue("id")
	out := []messageJSON{}
	more := false
	err := s.st.View(r.Context(), func(tx store.Tx) error {
		row, err := loadRow(tx, id, false)
		if err != nil {
			return err
		}
		_, mine, _, err := s.seats(row, u.ID)
		if err != nil {
			return err
		}
		if mine == "" {
			return errorf(http.StatusForbidden, "only the game's players may read its press")
		}
		// One more than the page: whether it comes says if more follow.
		msgs, err := tx.Messages(id, mine, u.ID, after, limit+1)
		if len(msgs) > limit {
			msgs, more = msgs[:limit], true
		}
		for _, m := range msgs {
			out = append(out, messageOut(m))
		}
		return err
	})
	if err != nil {
		return err
	}
	if len(out) > 0 {
		s.pressSeen(r.Context(), u.ID, id, out[len(out)-1].Cursor)
	}
	if more {
		next := url.Values{"after": {strconv.FormatInt(out[len(out)-1].Cursor, 10)}}
		if q.Has("limit") {
			next.Set("limit", strconv.Itoa(limit))
		}
		w.Header().Set("Link", fmt.Sprintf(`<%s?%s>; rel="next"`, r.URL.EscapedPath(), next.Encode()))
	}
	return writeJSON(w, http.StatusOK, out)
}

// pressSeen records that user has seen game's press up to the message
// of time upto (Unix microseconds), delivered to the page: no digest
// mails it again. It matters only where mail is sent; a failure costs at
// worst a digest of messages already read.
func (s *Server) pressSeen(ctx context.Context, user, game string, upto int64) {
	if s.cfg.Mail == nil {
		return
	}
	if err := s.st.Update(ctx, func(tx store.Tx) error { return tx.MarkPress(user, game, upto, 0) }); err != nil {
		s.log.Warn("recording the press seen", "game", game, "err", err)
	}
}
