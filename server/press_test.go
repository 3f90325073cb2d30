package server

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"github.com/chancery/chancery/store"
)

// nextLink matches the continuation of a paged answer.
var nextLink = regexp.MustCompile(`<([^>]*)>;\s*rel="next"`)

// pages reads GET path and the pages that follow it, by their Link
// headers, and returns the ids of the messages in order.
func (c *client) pages(t *testing.T, path string) (ids []string, pages int) {
	t.Helper()
	for path != "" {
		req, _ := http.NewRequest("GET", c.e.URL+path, nil)
		req.Header.Set("Authorization", "Bearer "+c.token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var msgs []messageJSON
		r := response{Status: resp.StatusCode}
		r.Body, _ = readAll(resp)
		if r.Status != 200 {
			t.Fatalf("GET %s: status %d: %s", path, r.Status, r.Body)
		}
		r.json(t, &msgs)
		for _, m := range msgs {
			ids = append(ids, m.ID)
		}
		pages++
		path = ""
		if m := nextLink.FindStringSubmatch(resp.Header.Get("Link")); m != nil {
			u, err := url.Parse(m[1])
			if err != nil {
				t.Fatalf("Link %q: %v", m[1], err)
			}
			path = u.Path[len("/api/v1"):] + "?" + u.RawQuery
			if len(msgs) == 0 {
				t.Fatalf("an empty page says more follows: %s", resp.Header.Get("Link"))
			}
		}
		if pages > 1000 {
			t.Fatal("the pages never end")
		}
	}
	return ids, pages
}

// TestPressPagesGiveEveryMessageOnce stores more press than one answer
// holds and reads it back by following each answer's continuation: every
// message the power sent or received must come once, in order, and the
// last page must say there is no more.
func TestPressPagesGiveEveryMessageOnce(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a, b := e.user(), e.user()
		id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 600, "bots": true, "power": "England"})
		b.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "France"})
		a.must(200, "POST", "/games/"+id+"/start", nil)
		const n = 2500
		var want []string // England's, in order
		now := e.clock.Now().UnixMicro()
		if err := e.st.Update(context.Background(), func(tx store.Tx) error {
			if _, err := tx.Game(id, true); err != nil {
				return err
			}
			for i := range n {
				m := &store.Message{ID: "m" + strconv.Itoa(i), GameID: id, Body: "hello", Created: now}
				switch i % 5 {
				case 0, 1:
					m.From, m.To = "England", []string{"France"}
				case 2:
					m.From, m.To = "France", []string{"England", "Germany"}
				case 3:
					m.From, m.To = "France", []string{"Germany"} // not England's
				case 4:
					m.From, m.To = "Italy", []string{"England"}
				}
				if i%5 != 3 {
					want = append(want, m.ID)
				}
				if err := tx.AddMessage(m); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		// 2,000 messages: two full pages of 1,000 (the second must not
		// promise more), and pages of 333 and of 7 that end part-full.
		for _, path := range []string{"/games/" + id + "/messages", "/games/" + id + "/messages?limit=333", "/games/" + id + "/messages?limit=7"} {
			got, pages := a.pages(t, path)
			if !slices.Equal(got, want) {
				t.Fatalf("%s: %d messages in %d pages, want %d, each once in order", path, len(got), pages, len(want))
			}
			t.Logf("%s: %d messages in %d pages", path, len(got), pages)
		}
		// A client that has everything is told there is no more.
		last := a.must(200, "GET", "/games/"+id+"/messages?after=99999999999999999", nil)
		if string(last.Body) != "[]\n" {
			t.Fatalf("after the last message: %s", last.Body)
		}
		a.must(400, "GET", "/games/"+id+"/messages?limit=0", nil)
		a.must(400, "GET", "/games/"+id+"/messages?limit=1001", nil)
		a.must(400, "GET", "/games/"+id+"/messages?limit=many", nil)
	})
}

func readAll(resp *http.Response) ([]byte, error) {
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}
