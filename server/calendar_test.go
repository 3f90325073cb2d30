package server

import (
	"io"
	"strings"
	"testing"
	"time"
)

// TestCalendarFeed reads a user's calendar feed as a calendar
// application does: RFC 5545's lines (CRLF, folded at 75 octets), one
// event at the deadline of each game under way, with a UID and a
// DTSTAMP; a wrong key, or one replaced, is refused.
func TestCalendarFeed(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	a := e.user()
	id := a.newGame(map[string]any{"variant": "standard", "name": "A game, named; with \\ signs and a long name to fold",
		"phase_deadline_seconds": 3600, "bots": true, "power": "England"})
	a.must(200, "POST", "/games/"+id+"/start", nil)

	var dl struct{ Deadline time.Time }
	a.must(200, "GET", "/games/"+id, nil).json(t, &dl)
	n := a.must(200, "GET", "/me/notifications", nil).m(t)
	feed, _ := n["calendar_url"].(string)
	key := feed[strings.Index(feed, "?key=")+len("?key="):]

	status, body := getFeed(t, e, key)
	if status != 200 {
		t.Fatalf("the feed: %d %s", status, body)
	}
	if !strings.HasSuffix(body, "\r\n") || strings.Contains(strings.ReplaceAll(body, "\r\n", ""), "\n") {
		t.Fatalf("lines do not end in CRLF: %q", body)
	}
	lines := strings.Split(strings.TrimSuffix(body, "\r\n"), "\r\n")
	var unfolded []string
	for _, l := range lines {
		if len(l) > 75 {
			t.Errorf("a line of %d octets: %q", len(l), l)
		}
		if strings.HasPrefix(l, " ") {
			unfolded[len(unfolded)-1] += l[1:]
			continue
		}
		unfolded = append(unfolded, l)
	}
	props := map[string]string{}
	for _, l := range unfolded {
		name, value, ok := strings.Cut(l, ":")
		if !ok {
			t.Fatalf("not a content line: %q", l)
		}
		if _, dup := props[name]; dup && name != "BEGIN" && name != "END" {
			t.Errorf("%s twice (one event is wanted)", name)
		}
		props[name] = value
	}
	if unfolded[0] != "BEGIN:VCALENDAR" || unfolded[len(unfolded)-1] != "END:VCALENDAR" || props["VERSION"] != "2.0" || props["PRODID"] == "" {
		t.Errorf("not a calendar: %q", unfolded)
	}
	if want := dl.Deadline.UTC().Format("20060102T150405Z"); props["DTSTART"] != want {
		t.Errorf("DTSTART %q, want the deadline %s", props["DTSTART"], want)
	}
	if !strings.HasPrefix(props["UID"], id+"-0@") || len(props["DTSTAMP"]) != 16 || !strings.HasSuffix(props["DTSTAMP"], "Z") {
		t.Errorf("UID %q, DTSTAMP %q", props["UID"], props["DTSTAMP"])
	}
	if !strings.Contains(props["SUMMARY"], `A game\, named\; with \\ signs`) {
		t.Errorf("SUMMARY %q: not escaped as TEXT", props["SUMMARY"])
	}

	for _, bad := range []string{"", key + "x", "nobody." + key[strings.Index(key, ".")+1:], strings.Repeat("x", 100)} {
		if status, _ := getFeed(t, e, bad); status != 404 {
			t.Errorf("key %q: %d, want 404", bad, status)
		}
	}
	a.must(200, "PUT", "/me/notifications", map[string]any{"new_calendar_url": true})
	if status, _ := getFeed(t, e, key); status != 404 {
		t.Errorf("a replaced key: %d, want 404", status)
	}
}

func getFeed(t *testing.T, e *env, key string) (int, string) {
	t.Helper()
	resp, err := e.http().Get(e.URL + "/me/calendar.ics?key=" + key)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode == 200 && resp.Header.Get("Content-Type") != "text/calendar; charset=utf-8" {
		t.Errorf("Content-Type %q", resp.Header.Get("Content-Type"))
	}
	return resp.StatusCode, string(data)
}
