package server

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/chancery/chancery/store"
	"github.com/chancery/chancery/table"
)

// calendar serves a user's calendar feed (RFC 5545): an event at the
// deadline of each game the user plays and that is under way. The key in
// the URL, signed by the server (calendarKey), is the only credential, so
// that a calendar application can read it; PUT /me/notifications with
// new_calendar_url makes a new one.
func (s *Server) calendar(w http.ResponseWriter, r *http.Request) error {
	key := r.URL.Query().Get("key")
	var u *store.User
	var games []*store.GameRow
	err := s.st.View(r.Context(), func(tx store.Tx) error {
		id, _, _ := strings.Cut(key, ".")
		if len(id) > 64 {
			return tokenInvalid()
		}
		var err error
		u, err = tx.UserByID(id)
		if errors.Is(err, store.ErrNotFound) {
			return tokenInvalid()
		}
		if err != nil {
			return err
		}
		if s.checkLinkToken(key, func(id string) string { return "calendar\x00" + id + "\x00" + u.CalendarKey }) != u.ID {
			return tokenInvalid()
		}
		games, err = tx.ListGames(store.GameFilter{UserID: u.ID, Status: string(table.Active), Limit: 500})
		return err
	})
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/calendar; charset=utf-8")
	w.WriteHeader(http.StatusOK)
	_, err = w.Write([]byte(s.ics(u, games, s.now())))
	return err
}

// ics writes the feed of games' deadlines.
func (s *Server) ics(u *store.User, games []*store.GameRow, now time.Time) string {
	var b strings.Builder
	host := "chancery"
	if pu, err := url.Parse(s.cfg.PublicURL); err == nil && pu.Hostname() != "" {
		host = pu.Hostname()
	}
	line := func(name, value string) { b.WriteString(fold(name + ":" + value)) }
	line("BEGIN", "VCALENDAR")
	line("VERSION", "2.0")
	line("PRODID", "-//Chancery//Deadlines//EN")
	line("CALSCALE", "GREGORIAN")
	line("METHOD", "PUBLISH")
	line("X-WR-CALNAME", icsText("Chancery: "+u.Name))
	stamp := now.UTC().Format("20060102T150405Z")
	for _, g := range games {
		if g.Deadline.IsZero() {
			continue
		}
		line("BEGIN", "VEVENT")
		// One event per game and phase: a calendar updates it when the
		// deadline moves, and adds the next phase's.
		line("UID", fmt.Sprintf("%s-%d@%s", g.ID, g.Seq, host))
		line("DTSTAMP", stamp)
		line("DTSTART", g.Deadline.UTC().Format("20060102T150405Z"))
		line("SUMMARY", icsText(say(u.Language, "due.subject", g.Name)))
		line("URL", s.link("/games/"+g.ID))
		line("DESCRIPTION", icsText(say(u.Language, "due.body", mailTime(g.Deadline))+" "+s.link("/games/"+g.ID)))
		line("END", "VEVENT")
	}
	line("END", "VCALENDAR")
	return b.String()
}

// icsText escapes a TEXT value (RFC 5545, 3.3.11).
func icsText(s string) string {
	r := strings.NewReplacer(`\`, `\\`, ";", `\;`, ",", `\,`, "\r\n", `\n`, "\n", `\n`, "\r", `\n`)
	return r.Replace(s)
}

// fold ends a content line with CRLF, folded so that no line is longer
// than 75 octets (RFC 5545, 3.1), never inside a UTF-8 character.
func fold(line string) string {
	var b strings.Builder
	n := 0
	for len(line) > 0 {
		_, size := utf8.DecodeRuneInString(line)
		if n+size > 75 {
			b.WriteString("\r\n ")
			n = 1
		}
		b.WriteString(line[:size])
		n += size
		line = line[size:]
	}
	b.WriteString("\r\n")
	return b.String()
}
