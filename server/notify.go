package server

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/chancery/chancery/mail"
	"github.com/chancery/chancery/store"
	"github.com/chancery/chancery/table"
)

// notifySettings are a user's notification settings (GET/PUT
// /me/notifications): each kind of mail on or off, and games muted.
type notifySettings struct {
	OrdersDue bool `json:"orders_due"`
	Reminder  bool `json:"reminder"`
	// ReminderMinutes is how long before the deadline the reminder
	// comes; in a phase shorter than that, it comes halfway through.
	ReminderMinutes int  `json:"reminder_minutes"`
	PhasePlayed     bool `json:"phase_played"`
	Press           bool `json:"press"`
	// PressMinutes: at most one digest of a game's press in so many
	// minutes; a digest waits that long for its messages to be read on
	// the site.
	PressMinutes int  `json:"press_minutes"`
	GameEvents   bool `json:"game_events"`
	// Push are the same toggles for Web Push (push.go).
	Push pushToggles `json:"push"`
	// MutedGames are the games of which nothing is sent.
	MutedGames []string `json:"muted_games"`
}

// defaultNotify are the settings of a user who chose none.
var defaultNotify = notifySettings{OrdersDue: true, Reminder: true, ReminderMinutes: 360, PhasePlayed: true,
	Press: true, PressMinutes: 15, GameEvents: true, Push: defaultPush, MutedGames: []string{}}

// notifyOf reads a user's settings: the defaults, and what they changed.
func notifyOf(u *store.User) notifySettings {
	n := defaultNotify
	n.MutedGames = nil
	if u.Notify != "" {
		_ = json.Unmarshal([]byte(u.Notify), &n) // written by PUT, checked there
	}
	if n.MutedGames == nil {
		n.MutedGames = []string{}
	}
	return n
}

// check says what is wrong with settings a user sent.
func (n *notifySettings) check() error {
	if n.ReminderMinutes < 1 || n.ReminderMinutes > 7*24*60 {
		return codedf(422, "notify_invalid", "reminder_minutes: from 1 to %d (a week)", 7*24*60)
	}
	if n.PressMinutes < 1 || n.PressMinutes > 24*60 {
		return codedf(422, "notify_invalid", "press_minutes: from 1 to %d (a day)", 24*60)
	}
	if len(n.MutedGames) > 200 {
		return codedf(422, "notify_invalid", "muted_games: at most 200 games")
	}
	for _, g := range n.MutedGames {
		if len(g) == 0 || len(g) > 64 {
			return codedf(422, "notify_invalid", "muted_games: %q is not a game's id", g)
		}
	}
	return nil
}

// mailable reports whether mail about game may go to u: an address
// verified, the game not muted.
func mailable(u *store.User, n notifySettings, game string) bool {
	return u.Email != "" && u.EmailVerified && !slices.Contains(n.MutedGames, game)
}

// link returns the public URL of a page of the web client.
func (s *Server) link(path string) string { return strings.TrimSuffix(s.cfg.PublicURL, "/") + path }

// sign returns the signature of what, for a link in a mail (an
// unsubscription, a calendar feed): HMAC-SHA256 under the server's key,
// 128 bits of it.
func (s *Server) sign(what string) string {
	mac := hmac.New(sha256.New, s.devices.key)
	mac.Write([]byte("chancery link\x00" + what))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil)[:16])
}

// unsubscribeToken is the token of the one-click unsubscription of user
// id from every notification.
func (s *Server) unsubscribeToken(id string) string { return id + "." + s.sign("unsubscribe\x00"+id) }

// calendarKey is the key of u's calendar feed: it changes when
// calendar_key does.
func (s *Server) calendarKey(u *store.User) string {
	return u.ID + "." + s.sign("calendar\x00"+u.ID+"\x00"+u.CalendarKey)
}

// checkLinkToken returns the user id of a token made by unsubscribeToken
// or calendarKey (with its message), or "".
func (s *Server) checkLinkToken(token string, message func(id string) string) string {
	id, sig, ok := strings.Cut(token, ".")
	if !ok || id == "" || len(id) > 64 || len(sig) > 64 {
		return ""
	}
	if !hmac.Equal([]byte(sig), []byte(s.sign(message(id)))) {
		return ""
	}
	return id
}

// notification returns a letter about game row to u, with the links
// every notification has.
func (s *Server) notification(u *store.User, row *store.GameRow, subject string) *letter {
	return &letter{Lang: mailLang(u.Language), Subject: "[Chancery] " + subject,
		Link: s.link("/games/" + row.ID), LinkLabel: say(u.Language, "open"),
		Settings: s.link("/settings"), Unsubscribe: s.link("/api/v1/unsubscribe/" + s.unsubscribeToken(u.ID))}
}

// change is what a change of a game tells its players: whether it
// started, ended or played a phase, and, while it is played, whom it now
// waits for.
type change struct {
	started, over, played bool
	r                     *table.Row
	g                     table.Game
	// people are the users at the table, each once (no bot).
	people []string
	// waiting is read once, for mail and push alike, when first asked
	// (read).
	waiting []string
	read    bool
}

// changeOf reads what the change of game row from status was and phase
// counter wasSeq tells its players; ok is false when it tells nothing.
func changeOf(tx store.Tx, row *store.GameRow, g table.Game, was string, wasSeq int) (c *change, ok bool) {
	t := g.Table()
	c = &change{g: g}
	c.started = was == string(table.Forming) && t.Status == table.Active
	c.over = was != string(table.Finished) && t.Status == table.Finished && !t.Cancelled
	c.played = was == string(table.Active) && g.Seq() > wasSeq
	if !c.started && !c.over && !c.played {
		return nil, false
	}
	c.r = tableRow(tx, row)
	for _, seat := range t.Seats {
		if seat.User != "" && !seat.Bot && !slices.Contains(c.people, seat.User) {
			c.people = append(c.people, seat.User)
		}
	}
	return c, true
}

// report sums up the phase just played for user's power, if one was and
// the game's kind tells (table.Reporter).
func (c *change) report(user string) (table.Report, bool, error) {
	rep, ok := c.g.(table.Reporter)
	if !c.played || !ok {
		return table.Report{}, false, nil
	}
	return rep.Report(c.r, user, c.g.Seq()-1)
}

// due reports whether the game now waits for user's orders by a
// deadline.
func (c *change) due(user string) (bool, error) {
	t := c.g.Table()
	if t.Deadline.IsZero() || t.Status != table.Active {
		return false, nil
	}
	if !c.read {
		c.read = true
		if w, ok := c.g.(table.Waiter); ok {
			var err error
			if c.waiting, err = w.Waiting(c.r); err != nil {
				return false, err
			}
		}
	}
	return slices.Contains(c.waiting, user), nil
}

// notifyChange queues what the people at game row's table should hear
// of its change c: in the transaction of the change.
func (s *Server) notifyChange(tx store.Tx, row *store.GameRow, g table.Game, c *change, now time.Time) error {
	t := g.Table()
	for _, id := range c.people {
		u, err := tx.UserByID(id)
		if err != nil {
			return err
		}
		n := notifyOf(u)
		if !mailable(u, n, row.ID) {
			continue
		}
		lang := u.Language
		var secs []section
		subject := ""
		if c.started && n.GameEvents {
			secs = append(secs, section{Text: say(lang, "started.body", row.Name)})
			subject = say(lang, "started.subject", row.Name)
		}
		if n.PhasePlayed {
			report, ok, err := c.report(u.ID)
			if err != nil {
				return err
			}
			if ok {
				secs = append(secs, reportSections(lang, row.Name, report)...)
				if subject == "" {
					subject = say(lang, "played.subject", row.Name, phaseName(lang, report.Phase))
				}
			}
		}
		if c.over && n.GameEvents {
			secs = append(secs, section{Text: say(lang, "over.body", row.Name)})
			subject = say(lang, "over.subject", row.Name)
		}
		due, err := c.due(u.ID)
		if err != nil {
			return err
		}
		if due && n.OrdersDue {
			secs = append(secs, section{Text: say(lang, "due.body", mailTime(t.Deadline))})
			if subject == "" {
				subject = say(lang, "due.subject", row.Name)
			}
		}
		if due && n.Reminder {
			if err := s.queueReminder(tx, u, row, g.Seq(), t.Deadline, n, now); err != nil {
				return err
			}
		}
		if len(secs) == 0 {
			continue
		}
		l := s.notification(u, row, subject)
		l.Sections = secs
		dedup := fmt.Sprintf("game:%s:%d:%s:%s", row.ID, g.Seq(), t.Status, u.ID)
		if err := s.queueLetter(tx, "game", dedup, u.ID, u.Email, row.ID, l, now); err != nil {
			return err
		}
	}
	return nil
}

// notifyVote tells the people a vote awaits (table.VoteAsker: a draw
// proposed), once a phase each, in the transaction of the vote.
func (s *Server) notifyVote(tx store.Tx, row *store.GameRow, g table.Game, now time.Time) error {
	v, ok := g.(table.VoteAsker)
	if !ok {
		return nil
	}
	for _, id := range v.AskedToVote() {
		u, err := tx.UserByID(id)
		if err != nil {
			return err
		}
		n := notifyOf(u)
		if !n.GameEvents || !mailable(u, n, row.ID) {
			continue
		}
		l := s.notification(u, row, say(u.Language, "vote.subject", row.Name))
		l.Sections = []section{{Text: say(u.Language, "vote.body", row.Name)}}
		if err := s.queueLetter(tx, "game", fmt.Sprintf("vote:%s:%d:%s", row.ID, g.Seq(), u.ID), u.ID, u.Email, row.ID, l, now); err != nil {
			return err
		}
	}
	return nil
}

// reportSections writes a phase's report for a mail.
func reportSections(lang, game string, rep table.Report) []section {
	secs := []section{{Text: say(lang, "played.body", phaseName(lang, rep.Phase), game)}}
	for _, l := range reportLists(rep) {
		secs = append(secs, section{Heading: say(lang, l.key), Lines: l.lines})
	}
	secs = append(secs, section{Text: say(lang, "report.centres", rep.Power, rep.Centres)})
	return secs
}

// reportList is a list of a phase's report, with the message key of its
// heading.
type reportList struct {
	key   string
	lines []string
}

// reportLists returns the lists of a report that are not empty, in the
// order mails and pushes tell them.
func reportLists(rep table.Report) []reportList {
	all := []reportList{{"report.moved", rep.Moved}, {"report.bounced", rep.Bounced}, {"report.dislodged", rep.Dislodged},
		{"report.disbanded", rep.Disbanded}, {"report.won", rep.CentresWon}, {"report.lostsc", rep.CentresLost}}
	return slices.DeleteFunc(all, func(l reportList) bool { return len(l.lines) == 0 })
}

// reminder is the payload of a reminder: the phase it is for.
type reminder struct {
	Seq int `json:"seq"`
}

// queueReminder queues u's reminder of phase seq of game row, whose
// deadline is deadline: ReminderMinutes before it, or halfway through a
// phase shorter than that. It is checked when it falls due (renderReminder).
func (s *Server) queueReminder(tx store.Tx, u *store.User, row *store.GameRow, seq int, deadline time.Time, n notifySettings, now time.Time) error {
	at := deadline.Add(-time.Duration(n.ReminderMinutes) * time.Minute)
	if !at.After(now) {
		at = now.Add(deadline.Sub(now) / 2)
	}
	return s.queueLater(tx, "reminder", fmt.Sprintf("reminder:%s:%d:%s", row.ID, seq, u.ID), u.ID, u.Email, row.ID,
		reminder{Seq: seq}, at, now)
}

// renderReminder writes a reminder that fell due, if it still holds: the
// game is at the same phase and still waits for the user.
func (s *Server) renderReminder(tx store.Tx, u *store.User, it *store.OutboxItem) (*mail.Message, string, error) {
	var p reminder
	if err := json.Unmarshal(it.Payload, &p); err != nil {
		return nil, "", fmt.Errorf("reminder %s: %w", it.ID, err)
	}
	n := notifyOf(u)
	if !n.Reminder || !mailable(u, n, it.GameID) {
		return nil, "the user turned reminders off", nil
	}
	row, deadline, reason, err := s.stillWaits(tx, it, u.ID, p.Seq)
	if err != nil || reason != "" {
		return nil, reason, err
	}
	l := s.notification(u, row, say(u.Language, "reminder.subject", row.Name))
	l.Sections = []section{{Text: say(u.Language, "reminder.body", row.Name, mailTime(deadline))}}
	return l.message("", it.Recipient, s.now()), "", nil
}

// gameOf reads the game an outbox item is about.
func (s *Server) gameOf(tx store.Tx, it *store.OutboxItem) (*store.GameRow, table.Game, error) {
	row, err := tx.Game(it.GameID, false)
	if err != nil {
		return nil, nil, err
	}
	g, err := s.readOnly(row)
	return row, g, err
}

// stillWaits reads whether a reminder to user of phase seq of the item's
// game still holds: the game is at that phase, with a deadline, and waits
// for the user's orders. When it does not, reason says why.
func (s *Server) stillWaits(tx store.Tx, it *store.OutboxItem, user string, seq int) (row *store.GameRow, deadline time.Time, reason string, err error) {
	row, g, err := s.gameOf(tx, it)
	if err != nil {
		return nil, time.Time{}, "", err
	}
	t := g.Table()
	if t.Status != table.Active || g.Seq() != seq || t.Deadline.IsZero() {
		return nil, time.Time{}, "the phase was played", nil
	}
	waits, err := waitsFor(tx, row, g, user)
	if err != nil {
		return nil, time.Time{}, "", err
	}
	if !waits {
		return nil, time.Time{}, "the user is ready", nil
	}
	return row, t.Deadline, "", nil
}

// waitsFor reads whether game g, stored as row, waits for user's orders
// or decision (table.Waiter); a kind that waits for no one never does.
func waitsFor(tx store.Tx, row *store.GameRow, g table.Game, user string) (bool, error) {
	w, ok := g.(table.Waiter)
	if !ok {
		return false, nil
	}
	waiting, err := w.Waiting(tableRow(tx, row))
	if err != nil {
		return false, err
	}
	return slices.Contains(waiting, user), nil
}

// queueDigests queues, in the transaction of message m, a digest of game
// row's press for each of its readers who want one: at most one is
// pending per reader and game, due PressMinutes from now, and sent only
// if it then holds messages not seen on the site.
func (s *Server) queueDigests(tx store.Tx, row *store.GameRow, m *store.Message, now time.Time) error {
	if s.cfg.Mail == nil {
		return nil
	}
	for _, id := range m.Readers {
		if id == "" || id == m.Sender {
			continue
		}
		u, err := tx.UserByID(id)
		if err != nil {
			return err
		}
		n := notifyOf(u)
		if !n.Press || !mailable(u, n, row.ID) {
			continue
		}
		due := now.Add(time.Duration(n.PressMinutes) * time.Minute)
		if err := s.queueLater(tx, "digest", "digest:"+row.ID+":"+u.ID, u.ID, u.Email, row.ID, struct{}{}, due, now); err != nil {
			return err
		}
	}
	return nil
}

// maxDigest is how many messages a digest holds; it counts the others.
const maxDigest = 20

// maxDigestBody is how many characters of a message a digest holds.
const maxDigestBody = 600

// renderDigest writes a digest of the press of a game sent to u and
// neither seen on the site nor mailed yet; none when there is none.
func (s *Server) renderDigest(tx store.Tx, u *store.User, it *store.OutboxItem) (*mail.Message, func(store.Tx) error, string, error) {
	n := notifyOf(u)
	if !n.Press || !mailable(u, n, it.GameID) {
		return nil, nil, "the user turned press mails off", nil
	}
	row, g, err := s.gameOf(tx, it)
	if err != nil {
		return nil, nil, "", err
	}
	power := g.Table().PowerOf(u.ID)
	if power == "" {
		return nil, nil, "the user left the game", nil
	}
	seen, mailed, err := tx.PressMarks(u.ID, row.ID)
	if err != nil {
		return nil, nil, "", err
	}
	msgs, err := tx.Messages(row.ID, power, u.ID, max(seen, mailed), 1000)
	if err != nil {
		return nil, nil, "", err
	}
	// Their own messages are not news to them.
	msgs = slices.DeleteFunc(msgs, func(m *store.Message) bool { return m.Sender == u.ID })
	if len(msgs) == 0 {
		return nil, nil, "every message was read on the site", nil
	}
	last := msgs[len(msgs)-1].Created
	var lines []string
	for _, m := range msgs[:min(len(msgs), maxDigest)] {
		body := m.Body
		if utf8.RuneCountInString(body) > maxDigestBody {
			body = string([]rune(body)[:maxDigestBody]) + "…"
		}
		lines = append(lines, m.From+": "+strings.Join(strings.Fields(body), " "))
	}
	secs := []section{{Text: say(u.Language, "digest.body", power, row.Name), Lines: lines}}
	if len(msgs) > maxDigest {
		secs = append(secs, section{Text: say(u.Language, "digest.more", len(msgs)-maxDigest)})
	}
	l := s.notification(u, row, say(u.Language, "digest.subject", row.Name))
	l.Sections = secs
	after := func(tx store.Tx) error { return tx.MarkPress(u.ID, row.ID, 0, last) }
	return l.message("", it.Recipient, s.now()), after, "", nil
}
