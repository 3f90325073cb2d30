package server

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chancery/chancery/store"
	"github.com/chancery/chancery/table"
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
		eng, fra := a.id(), b.id()
		now := e.clock.Now().UnixMicro()
		if err := e.st.Update(context.Background(), func(tx store.Tx) error {
			if _, err := tx.Game(id, true); err != nil {
				return err
			}
			for i := range n {
				m := &store.Message{ID: "m" + strconv.Itoa(i), GameID: id, Body: "hello", Created: now}
				switch i % 5 {
				case 0, 1:
					m.From, m.To, m.Sender, m.Readers = "England", []string{"France"}, eng, []string{fra}
				case 2:
					m.From, m.To, m.Sender, m.Readers = "France", []string{"England", "Germany"}, fra, []string{eng, ""}
				case 3:
					m.From, m.To, m.Sender, m.Readers = "France", []string{"Germany"}, fra, []string{""} // not England's
				case 4:
					m.From, m.To, m.Readers = "Italy", []string{"England"}, []string{eng}
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

// id returns the id of c's user.
func (c *client) id() string {
	c.e.t.Helper()
	var me struct{ ID string }
	c.must(200, "GET", "/me", nil).json(c.e.t, &me)
	return me.ID
}

// bodies returns the bodies of the press c's power reads in game id.
func (c *client) bodies(t *testing.T, id string) []string {
	t.Helper()
	var ms []messageJSON
	c.must(200, "GET", "/games/"+id+"/messages", nil).json(t, &ms)
	var out []string
	for _, m := range ms {
		out = append(out, m.Body)
	}
	return out
}

// TestASeatGivenBackTakesItsPressWithIt: before the game starts, the
// next player of a power given back reads nothing sent to or by the one
// before, on the page or in a live stream; press sent to them after they
// sat down is theirs.
func TestASeatGivenBackTakesItsPressWithIt(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a, b, c := e.user(), e.user(), e.user()
		id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 600, "bots": true, "power": "England"})
		b.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "France"})
		a.must(201, "POST", "/games/"+id+"/messages", map[string]any{"to": []string{"France"}, "body": "to b alone"})
		b.must(201, "POST", "/games/"+id+"/messages", map[string]any{"to": []string{"England"}, "body": "from b"})
		a.must(201, "POST", "/games/"+id+"/messages", map[string]any{"body": "to all, while b sat"})
		if got := b.bodies(t, id); len(got) != 3 {
			t.Fatalf("b reads %v", got)
		}
		b.must(200, "POST", "/games/"+id+"/leave", nil)
		c.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "France"})
		if got := c.bodies(t, id); len(got) != 0 {
			t.Errorf("the next player of France reads the press of the one before: %v", got)
		}
		a.must(201, "POST", "/games/"+id+"/messages", map[string]any{"to": []string{"France"}, "body": "to c"})
		if got := c.bodies(t, id); !slices.Equal(got, []string{"to c"}) {
			t.Errorf("c reads %v, want only what was sent to c", got)
		}
		if got := a.bodies(t, id); len(got) != 4 {
			t.Errorf("England still reads all she sent and received: %v", got)
		}
		// b, back in another seat, does not read France's press as Germany.
		b.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "Germany"})
		if got := b.bodies(t, id); !slices.Equal(got, []string(nil)) {
			t.Errorf("b as Germany reads %v", got)
		}
		// Nor does a live stream give it to c.
		a.must(200, "POST", "/games/"+id+"/start", nil)
		resp, stop := openStream(t, c, id)
		defer stop()
		a.must(201, "POST", "/games/"+id+"/messages", map[string]any{"to": []string{"France"}, "body": "after the start"})
		buf := make([]byte, 64<<10)
		var seen []byte
		for !strings.Contains(string(seen), "after the start") {
			n, err := resp.Body.Read(buf)
			if err != nil {
				t.Fatal(err)
			}
			seen = append(seen, buf[:n]...)
		}
		for _, old := range []string{"to b alone", "from b", "while b sat"} {
			if strings.Contains(string(seen), old) {
				t.Errorf("c's stream gives %q", old)
			}
		}
	})
}

// TestASubstituteReadsThePowersPress: once the game is under way, the
// player who takes a power over reads its press from before, sent and
// received (seatPassed); the player who left reads none of it.
func TestASubstituteReadsThePowersPress(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a, b, c := e.user(), e.user(), e.user()
		id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 600, "bots": true, "power": "England"})
		b.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "France"})
		a.must(200, "POST", "/games/"+id+"/start", nil)
		a.must(201, "POST", "/games/"+id+"/messages", map[string]any{"to": []string{"France"}, "body": "to France"})
		b.must(201, "POST", "/games/"+id+"/messages", map[string]any{"to": []string{"England"}, "body": "from France"})
		bID, cID := b.id(), c.id()
		// c takes France over from b, as a substitute would.
		err := e.srv.changeGame(context.Background(), id, func(tx store.Tx, row *store.GameRow, g table.Game) error {
			t := g.Table()
			for i := range t.Seats {
				if t.Seats[i].User == bID {
					t.Seats[i].User, t.Seats[i].Name = cID, c.name
				}
			}
			if err := save(tx, row, g, e.clock.Now()); err != nil {
				return err
			}
			if err := tx.RemovePlayer(id, bID); err != nil {
				return err
			}
			if err := tx.AddPlayer(id, cID, "France"); err != nil {
				return err
			}
			return seatPassed(tx, t, id, "France", bID, cID)
		})
		if err != nil {
			t.Fatal(err)
		}
		if got := c.bodies(t, id); !slices.Equal(got, []string{"to France", "from France"}) {
			t.Errorf("the substitute reads %v, want France's press from before", got)
		}
		b.must(403, "GET", "/games/"+id+"/messages", nil)
		if got := a.bodies(t, id); len(got) != 2 {
			t.Errorf("England reads %v", got)
		}
	})
}
