package server

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chancery/chancery/dice"
	"github.com/chancery/chancery/store"
)

func TestAccountsAndSessions(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		anon := &client{e: e}
		anon.must(201, "POST", "/users", map[string]string{"name": "Alice", "password": "long enough"})
		anon.must(409, "POST", "/users", map[string]string{"name": "alice", "password": "long enough"})
		anon.must(422, "POST", "/users", map[string]string{"name": "al", "password": "long enough"})
		anon.must(422, "POST", "/users", map[string]string{"name": "bob", "password": "short"})
		anon.must(422, "POST", "/users", map[string]string{"name": "<script>", "password": "long enough"})
		anon.must(400, "POST", "/users", `{"name": "bob", "password": "long enough", "admin": true}`)
		anon.must(400, "POST", "/users", `{"name": `)
		anon.must(400, "POST", "/users", ``)
		anon.must(400, "POST", "/users", `{"name": 5}`)
		anon.must(413, "POST", "/users", `{"name": "`+strings.Repeat("x", 70<<10)+`"}`)

		anon.must(401, "POST", "/sessions", map[string]string{"name": "Alice", "password": "wrong password"})
		anon.must(401, "POST", "/sessions", map[string]string{"name": "nobody", "password": "long enough"})
		var s struct{ Token string }
		anon.must(201, "POST", "/sessions", map[string]string{"name": "ALICE", "password": "long enough"}).json(t, &s)
		alice := &client{e: e, token: s.Token}
		if me := alice.must(200, "GET", "/me", nil).m(t); me["name"] != "Alice" {
			t.Fatalf("me: %v", me)
		}
		anon.must(401, "GET", "/me", nil)
		(&client{e: e, token: "not-a-token-but-long-enough"}).must(401, "GET", "/me", nil)
		alice.must(204, "DELETE", "/sessions/current", nil)
		alice.must(401, "GET", "/me", nil)

		// Tokens expire.
		bob := e.user()
		e.clock.Advance(31 * 24 * time.Hour)
		bob.must(401, "GET", "/me", nil)

		anon.must(404, "GET", "/nothing", nil)
		if v := anon.must(200, "GET", "/variants", nil); !strings.Contains(string(v.Body), `"diceplomacy"`) {
			t.Fatalf("variants: %s", v.Body)
		}
	})
}

func TestBadRequestsGetClearErrors(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a, b := e.user(), e.user()
		a.must(404, "GET", "/games/nosuchgame", nil)
		a.must(404, "GET", "/games/"+strings.Repeat("x", 300), nil)
		a.must(404, "PUT", "/games/nosuchgame/orders", map[string]any{"orders": []string{}})
		a.must(422, "POST", "/games", map[string]any{"variant": "chess"})
		a.must(422, "POST", "/games", map[string]any{"variant": "standard", "power": "Narnia"})
		a.must(422, "POST", "/games", map[string]any{"variant": "standard", "phase_deadline_seconds": -5})
		a.must(422, "POST", "/games", map[string]any{"variant": "standard", "phase_deadline_seconds": 0})
		a.must(422, "POST", "/games", map[string]any{"variant": "diceplomacy", "phase_deadline_seconds": 0})
		a.must(422, "POST", "/games", map[string]any{"variant": "diceplomacy", "players": 12})
		// Type errors speak of JSON, not of the server's Go types.
		if r := a.must(400, "POST", "/games", map[string]any{"variant": "standard", "bots": "yes"}); !strings.Contains(string(r.Body), "expected true or false") {
			t.Errorf("bots as a string: %s", r.Body)
		}
		if r := a.must(400, "POST", "/sessions", `["alice"]`); !strings.Contains(string(r.Body), "the body: expected an object, got array") {
			t.Errorf("an array for a body: %s", r.Body)
		}
		a.must(400, "GET", "/games?status=sleeping", nil)
		id := a.newGame(map[string]any{"variant": "standard", "power": "England", "phase_deadline_seconds": 600, "bots": true})
		b.must(403, "POST", "/games/"+id+"/start", nil)
		b.must(403, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{"A par - bur"}})
		a.must(409, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{"F lon - nth"}})
		a.must(422, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}, "phase": map[string]any{"season": "summer", "year": 1901, "type": "movement"}})
		a.must(400, "PUT", "/games/"+id+"/orders", map[string]any{"ready": true})
		a.must(409, "POST", "/games/"+id+"/join", map[string]any{"power": "France"})
		b.must(409, "POST", "/games/"+id+"/join", map[string]any{"power": "England"})
		b.must(422, "POST", "/games/"+id+"/join", map[string]any{"power": "Atlantis"})
		b.must(409, "POST", "/games/"+id+"/moves", map[string]any{"kind": "reorganise"})
		b.must(403, "GET", "/games/"+id+"/messages", nil)
		b.must(403, "POST", "/games/"+id+"/messages", map[string]any{"body": "hi"})
		a.must(422, "POST", "/games/"+id+"/messages", map[string]any{"body": ""})
		a.must(422, "POST", "/games/"+id+"/messages", map[string]any{"to": []string{"Mars"}, "body": "hi"})
		a.must(400, "GET", "/games/"+id+"/messages?after=yesterday", nil)
	})
}

func TestAGameWithBotsFromCreationToAResolvedPhase(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a, b := e.user(), e.user()
		id := a.newGame(map[string]any{"variant": "standard", "name": "Test", "phase_deadline_seconds": 3600, "bots": true, "power": "England"})
		b.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "France"})
		a.must(200, "POST", "/games/"+id+"/start", nil)
		a.must(409, "POST", "/games/"+id+"/start", nil)
		g := a.game(id)
		if g.Status != "active" || g.MyPower != "England" || g.Phase.Season != "spring" || g.Phase.Year != 1901 || len(g.Units) != 22 {
			t.Fatalf("game: %+v", g)
		}

		// A batch with bad orders is refused whole, one message per order.
		r := a.must(422, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{"F lon - nth", "A par - bur", "F edi - mos", "gibberish"}})
		errs := r.m(t)["orders"].([]any)
		if len(errs) != 3 {
			t.Fatalf("errors: %s", r.Body)
		}
		// Each with its reason's word, for a client to explain it in its
		// reader's language.
		for i, want := range []string{"no_unit", "not_adjacent", "syntax"} {
			if got := errs[i].(map[string]any)["reason"]; got != want {
				t.Errorf("refusal %d: reason %v, want %s: %s", i, got, want, r.Body)
			}
		}
		if g := a.game(id); len(g.MyOrders.Orders) != 0 {
			t.Fatalf("a refused batch was stored: %+v", g.MyOrders)
		}
		// Orders for another power are refused.
		a.must(422, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{"France: A par - bur"}})
		// Orders for a phase that is not the current one are refused.
		a.must(409, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}, "phase": map[string]any{"season": "fall", "year": 1901, "type": "movement"}})

		a.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{"f lon - nth", "F edi - nwg", "A lvp - yor"}, "ready": true,
			"phase": map[string]any{"season": "Spring", "year": 1901, "type": "movement"}}) // any case, as the contract
		if g := a.game(id); g.Seq != 0 || !g.MyOrders.Ready || g.MyOrders.Orders[0] != "F LON - NTH" {
			t.Fatalf("resolved before France was ready, or orders lost: %+v", g)
		}
		// France sees its own orders only.
		b.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{"A par - bur"}, "ready": false})
		if g := b.game(id); len(g.MyOrders.Orders) != 1 || g.MyOrders.Orders[0] != "A PAR - BUR" {
			t.Fatalf("France's orders: %+v", g.MyOrders)
		}
		b.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{"A par - bur", "A mar - spa"}, "ready": true})

		g = a.waitSeq(id, 1)
		if g.Phase.Season != "fall" || g.Last == nil || len(g.Last.Results) < 20 {
			t.Fatalf("after the phase: %+v", g)
		}
		found := false
		for _, u := range g.Units {
			found = found || (u.Province == "nth" && u.Power == "England")
		}
		if !found {
			t.Fatalf("F LON - NTH did not move: %+v", g.Units)
		}
		if len(g.MyOrders.Orders) != 0 || g.MyOrders.Ready {
			t.Fatalf("last phase's orders carried over: %+v", g.MyOrders)
		}
		var h struct {
			Phases []struct {
				Seq    int
				Orders map[string][]string
			}
		}
		a.must(200, "GET", "/games/"+id+"/history", nil).json(t, &h)
		if len(h.Phases) != 1 || len(h.Phases[0].Orders["England"]) != 3 || len(h.Phases[0].Orders["Germany"]) != 3 {
			t.Fatalf("history: %+v", h)
		}
		var list []struct{ ID string }
		a.must(200, "GET", "/games?mine=true&status=active", nil).json(t, &list)
		if len(list) != 1 || list[0].ID != id {
			t.Fatalf("my games: %+v", list)
		}
	})
}

func TestDeadlinesResolveMissingOrdersAndSurviveRestarts(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a := e.user()
		id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 60, "bots": true, "power": "Russia"})
		a.must(200, "POST", "/games/"+id+"/start", nil)
		a.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{"A mos - ukr"}, "ready": false})
		// The server goes down; the deadline passes while it is down.
		e.stop()
		e.clock.Advance(61 * time.Second)
		e.start()
		g := a.waitSeq(id, 1)
		if g.Phase.Season != "fall" {
			t.Fatalf("phase %+v", g.Phase)
		}
		held := 0
		for _, u := range g.Units {
			switch u.Province {
			case "ukr":
				held++ // moved as ordered
			case "stp/sc", "war", "sev":
				held++ // no orders: held
			}
		}
		if held != 4 {
			t.Fatalf("Russia's units: %+v", g.Units)
		}
		// Restarted again: nothing is lost, nothing resolves twice.
		e.restart()
		g2 := a.game(id)
		if g2.Seq != 1 || len(g2.Units) != len(g.Units) {
			t.Fatalf("after a restart: %+v", g2)
		}
		var h struct{ Phases []any }
		a.must(200, "GET", "/games/"+id+"/history", nil).json(t, &h)
		if len(h.Phases) != 1 {
			t.Fatalf("%d phases in the history", len(h.Phases))
		}
	})
}

func TestVotesAndFinishedGamesAreReadOnly(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a, b := e.user(), e.user()
		id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 600, "bots": true, "power": "Italy"})
		b.must(200, "POST", "/games/"+id+"/join", nil)
		a.must(200, "POST", "/games/"+id+"/start", nil)
		a.must(200, "PUT", "/games/"+id+"/votes", map[string]bool{"draw": true})
		if g := a.game(id); g.Status != "active" {
			t.Fatal("one vote drew the game")
		}
		b.must(200, "PUT", "/games/"+id+"/votes", map[string]bool{"draw": true})
		g := a.game(id)
		if g.Status != "finished" || g.End == nil || g.End.Reason != "draw" {
			t.Fatalf("after a unanimous vote: %+v", g)
		}
		a.must(409, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}})
		a.must(409, "PUT", "/games/"+id+"/votes", map[string]bool{"draw": false})
		a.must(409, "POST", "/games/"+id+"/messages", map[string]any{"body": "gg"})
		a.must(200, "GET", "/games/"+id+"/history", nil)

		// Conceding to the leader.
		id = a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 600, "bots": true, "power": "Russia"})
		a.must(200, "POST", "/games/"+id+"/start", nil)
		a.must(200, "PUT", "/games/"+id+"/votes", map[string]bool{"concede": true})
		if g := a.game(id); g.Status != "active" {
			t.Fatalf("the leader conceded to itself: %+v", g.End)
		}

		if _, err := registry().Get("sengoku"); err == nil {
			id = a.newGame(map[string]any{"variant": "sengoku", "phase_deadline_seconds": 600, "bots": true})
			a.must(200, "POST", "/games/"+id+"/join", nil)
			a.must(200, "POST", "/games/"+id+"/start", nil)
			a.must(422, "PUT", "/games/"+id+"/votes", map[string]bool{"draw": true})
		}
	})
}

func TestPressReachesOnlyItsRecipients(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		eng, fra, ger := e.user(), e.user(), e.user()
		id := eng.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 600, "bots": true, "power": "England"})
		fra.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "France"})
		ger.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "Germany"})
		eng.must(201, "POST", "/games/"+id+"/messages", map[string]any{"to": []string{"France"}, "body": "DMZ in the Channel?"})
		eng.must(201, "POST", "/games/"+id+"/messages", map[string]any{"to": []string{"france", "Germany"}, "body": "to two"})
		ger.must(201, "POST", "/games/"+id+"/messages", map[string]any{"body": "to all"})
		eng.must(422, "POST", "/games/"+id+"/messages", map[string]any{"to": []string{"England"}, "body": "me"})
		count := func(c *client, after string) []messageJSON {
			var ms []messageJSON
			c.must(200, "GET", "/games/"+id+"/messages"+after, nil).json(t, &ms)
			return ms
		}
		if n := len(count(eng, "")); n != 3 {
			t.Errorf("England sees %d messages, want 3 (2 sent, 1 to all)", n)
		}
		if n := len(count(fra, "")); n != 3 {
			t.Errorf("France sees %d, want 3", n)
		}
		gm := count(ger, "")
		if len(gm) != 2 || gm[0].Body != "to two" {
			t.Errorf("Germany sees %+v, want the message to two and its own", gm)
		}
		if n := len(count(ger, "?after="+itoa(gm[0].Cursor))); n != 1 {
			t.Errorf("after a cursor: %d", n)
		}
		if len(gm) == 2 && len(gm[1].To) != 6 {
			t.Errorf("to all went to %v", gm[1].To)
		}
	})
}

// TestPressTakesThePowersOtherNames: press may name a power as orders can
// (1900's Britain as "england").
func TestPressTakesThePowersOtherNames(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		fra, bri := e.user(), e.user()
		id := fra.newGame(map[string]any{"variant": "1900", "phase_deadline_seconds": 600, "bots": true, "power": "France"})
		bri.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "Britain"})
		var m messageJSON
		fra.must(201, "POST", "/games/"+id+"/messages", map[string]any{"to": []string{"england"}, "body": "entente?"}).json(t, &m)
		if len(m.To) != 1 || m.To[0] != "Britain" {
			t.Errorf("sent to %v, want [Britain]", m.To)
		}
		var ms []messageJSON
		bri.must(200, "GET", "/games/"+id+"/messages", nil).json(t, &ms)
		if len(ms) != 1 || ms[0].Body != "entente?" {
			t.Errorf("Britain reads %+v", ms)
		}
	})
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }

func TestLiveUpdatesAnnouncePhasesAndMessages(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) { checkLiveUpdates(t, e, e.URL) })
}

// checkLiveUpdates plays a game through e's server while a player watches
// its stream on the API at watch: the stream must announce press sent to
// the player and the phase resolved.
func checkLiveUpdates(t *testing.T, e *env, watch string) {
	t.Helper()
	a, b := e.user(), e.user()
	id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 600, "bots": true, "power": "Austria"})
	b.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "Turkey"})
	a.must(200, "POST", "/games/"+id+"/start", nil)

	expect := openEvents(t, watch, a.token, id)
	expect("game")
	b.must(201, "POST", "/games/"+id+"/messages", map[string]any{"to": []string{"Austria"}, "body": "peace?"})
	expect("message")
	a.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}, "ready": true})
	b.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}, "ready": true})
	expect("phase")
}

// openEvents opens the live-update stream of game id on the API at base
// and returns a function that waits (until patience runs out) for an
// event named want, skipping others.
func openEvents(t *testing.T, base, token, id string) (expect func(want string)) {
	t.Helper()
	ctx, cancel := context.WithDeadline(context.Background(), patience(t))
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"/games/"+id+"/events", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := specClient(t, base).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	events := make(chan string, 100)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if ev, ok := strings.CutPrefix(sc.Text(), "event: "); ok {
				events <- ev
			}
		}
		close(events)
	}()
	return func(want string) {
		t.Helper()
		for {
			select {
			case ev, ok := <-events:
				if !ok {
					t.Fatalf("stream ended waiting for %q", want)
				}
				if ev == want {
					return
				}
			case <-ctx.Done():
				t.Fatalf("no %q event", want)
			}
		}
	}
}

func TestDiceplomacyThroughTheAPIHidesOtherDice(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a, b := e.user(), e.user()
		id := a.newGame(map[string]any{"variant": "diceplomacy", "players": 5, "phase_deadline_seconds": 60, "bots": true, "power": "Seat 0"})
		b.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "seat 1"})
		a.must(200, "POST", "/games/"+id+"/start", nil)
		a.must(409, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}})
		a.must(409, "PUT", "/games/"+id+"/votes", map[string]any{"draw": true})
		lastSeq := 0
		for step := 0; step < 200; step++ {
			// The bots answer in the scheduler, a moment after the move
			// that asks them: what the game then asks is what a may
			// answer, until a or a deadline does.
			g := a.diceAnswered(id)
			lastSeq = g.Seq
			if g.View == nil || *g.MySeat != 0 {
				t.Fatalf("view: %+v", g)
			}
			for _, p := range g.View.Players {
				if p.Seat != 0 && p.Die != 0 && !p.Revealed {
					t.Fatalf("seat %d's hidden die leaked to seat 0", p.Seat)
				}
			}
			if g.View.Players[0].Die == 0 && !g.View.Players[0].Out && g.Status == "active" {
				t.Fatal("seat 0 does not see its own die")
			}
			if g.Status == "finished" {
				break
			}
			if g.View.Request.Type.String() == "none" {
				// Seat 1, the other person, is asked; its deadline passes,
				// and the game moves on.
				e.clock.Advance(61 * time.Second)
				e.srv.poke()
				if !eventually(t, func() bool {
					var now diceJSON
					a.must(200, "GET", "/games/"+id, nil).json(t, &now)
					return now.Seq != g.Seq || now.Status != g.Status
				}) {
					t.Fatalf("move %d: the deadline passed and the game stands still", g.Seq)
				}
				continue
			}
			legal := g.View.Legal
			m := legal[len(legal)-1]
			body := map[string]any{"kind": m.Type.String(), "yes": m.Yes}
			if m.Target >= 0 {
				body["target"] = int(m.Target)
			}
			a.must(200, "POST", "/games/"+id+"/moves", body)
		}
		// The game must have gone on: moves by this player, the bots and
		// deadlines that passed, to its end or for 10 moves at least (three
		// quick wars may end it sooner: move 9 was seen once).
		if g := a.dice(id); g.Status != "finished" && lastSeq < 10 || g.Status == "finished" && (g.View.Result.Reason == dice.ReasonNone || g.Seq == 0) {
			t.Fatalf("after 200 steps the game is %s at move %d (result %+v)", g.Status, lastSeq, g.View.Result)
		}
		// The history hides others' unrevealed rolls too.
		var h struct {
			Events []struct {
				Kind  string
				Seat  int
				Value int
			}
		}
		a.must(200, "GET", "/games/"+id+"/history", nil).json(t, &h)
		for _, ev := range h.Events {
			if ev.Kind == "roll" && ev.Seat != 0 && ev.Value != 0 {
				t.Fatalf("history leaks seat %d's roll", ev.Seat)
			}
		}
		a.must(422, "POST", "/games/"+id+"/moves", map[string]any{"kind": "fly"})
	})
}

// TestOpenAPIListsEveryField keeps the API's document honest: every
// field of a game as GET /games/{id} returns it is in the schema of its
// kind's part (api/diplomacy.yaml, api/diceplomacy.yaml).
func TestOpenAPIListsEveryField(t *testing.T) {
	t.Parallel()
	// schema returns the lines of a schema under components/schemas of
	// part: from its name to the next line indented as little.
	schema := func(part, name string) string {
		spec, err := os.ReadFile("../api/" + part)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(spec), "\n")
		start := slices.Index(lines, "    "+name+":")
		if start < 0 {
			t.Fatalf("no schema %s", name)
		}
		end := start + 1
		for end < len(lines) && (lines[end] == "" || strings.HasPrefix(lines[end], "     ")) {
			end++
		}
		return strings.Join(lines[start:end], "\n")
	}
	e := newEnv(t, "sqlite")
	a := e.user()
	for _, tc := range []struct{ part, schema, variant, power string }{
		{"diplomacy.yaml", "DiplomacyGame", "standard", "England"},
		{"diceplomacy.yaml", "DiceGame", "diceplomacy", "Seat 0"},
	} {
		id := a.newGame(map[string]any{"variant": tc.variant, "phase_deadline_seconds": 600, "bots": true, "power": tc.power})
		a.must(200, "POST", "/games/"+id+"/start", nil)
		var got map[string]json.RawMessage
		a.must(200, "GET", "/games/"+id, nil).json(t, &got)
		text := schema(tc.part, tc.schema)
		for k := range got {
			if !strings.Contains(text, "\n        "+k+":") {
				t.Errorf("%s: field %q is not in the schema", tc.schema, k)
			}
		}
	}
}

// TestABrokenGameIsTakenOutOfTheQueue: a game whose adjudication keeps
// failing is retried a few times (a database error may pass), then taken
// out of the deadline queue; the other games go on.
func TestABrokenGameIsTakenOutOfTheQueue(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	a := e.user()
	now := e.clock.Now()
	broken := &store.GameRow{ID: "brokengame", Kind: kindDiplomacy, Variant: "standard", Name: "broken", Status: "active",
		Deadline: now.Add(-time.Minute), Data: []byte(`{"variant": "no such variant"}`), Created: now, Updated: now,
		Press: "full", Spectators: true}
	if err := e.st.Update(context.Background(), func(tx store.Tx) error { return tx.CreateGame(broken) }); err != nil {
		t.Fatal(err)
	}
	id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 60, "bots": true, "power": "Russia"})
	a.must(200, "POST", "/games/"+id+"/start", nil)
	e.clock.Advance(61 * time.Second)
	e.srv.poke()
	a.waitSeq(id, 1) // the good game resolves, a few polls later
	var left time.Time
	if err := e.st.View(context.Background(), func(tx store.Tx) error {
		g, err := tx.Game("brokengame", false)
		if err == nil {
			left = g.Deadline
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if !left.IsZero() {
		t.Fatalf("the broken game is still queued (deadline %v)", left)
	}
}
