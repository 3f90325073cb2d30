package server

import (
	"context"
	"net/http"
	"strings"
	"testing"
)

// streamAt opens a live-update stream at path (under the API) as the
// holder of token, and returns its status and, when it is 200, its events.
func streamAt(t *testing.T, e *env, token, path string) (int, <-chan sseEvent) {
	t.Helper()
	ctx, cancel := context.WithDeadline(context.Background(), patience(t))
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", e.URL+path, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := specClient(t, e.URL).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		return resp.StatusCode, nil
	}
	return resp.StatusCode, readEvents(resp.Body)
}

// ids lists the ids of the games of GET /games with query.
func (c *client) ids(query string) map[string]bool {
	c.e.t.Helper()
	var list []struct{ ID string }
	c.must(200, "GET", "/games"+query, nil).json(c.e.t, &list)
	out := map[string]bool{}
	for _, g := range list {
		out[g.ID] = true
	}
	return out
}

// settingsView is the part of a game's view that says its settings.
type settingsView struct {
	Press      string
	Private    bool
	Spectators bool
	Invitation *string
}

// TestNewGamesHaveSettingsOfEveryKind: a game of either kind made
// without settings has full press, is listed and admits spectators; the
// settings asked for are what its view says; an unknown press is refused
// with a message that says the choices.
func TestNewGamesHaveSettingsOfEveryKind(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a := e.user()
		for _, base := range []map[string]any{
			{"variant": "standard", "power": "England"},
			{"variant": "diceplomacy", "players": 4, "power": "Seat 0"},
		} {
			var v settingsView
			a.must(200, "GET", "/games/"+a.newGame(base), nil).json(t, &v)
			if v.Press != "full" || v.Private || !v.Spectators || v.Invitation != nil {
				t.Errorf("%s: a game made without settings has %+v", base["variant"], v)
			}
			with := map[string]any{"press": "public", "private": true, "spectators": false}
			for k, x := range base {
				with[k] = x
			}
			var created struct{ ID, Invitation string }
			a.must(201, "POST", "/games", with).json(t, &created)
			a.must(200, "GET", "/games/"+created.ID, nil).json(t, &v)
			if v.Press != "public" || !v.Private || v.Spectators || v.Invitation == nil || *v.Invitation != created.Invitation || len(created.Invitation) != 16 {
				t.Errorf("%s: a game made public, private and without spectators has %+v (created with code %q)", base["variant"], v, created.Invitation)
			}
		}
		r := a.must(422, "POST", "/games", map[string]any{"variant": "standard", "press": "gunboat"})
		if !strings.Contains(string(r.Body), "full, public or none") {
			t.Errorf("an unknown press: %s", r.Body)
		}
		a.must(400, "POST", "/games", map[string]any{"variant": "standard", "private": "yes"})
	})
}

// TestPressIsWhatTheGameAllows: a game without press refuses every
// message; a game with public press only refuses one that names some
// powers, and takes one to all of them, named or not.
func TestPressIsWhatTheGameAllows(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a, b := e.user(), e.user()
		quiet := a.newGame(map[string]any{"variant": "standard", "power": "England", "bots": true, "press": "none"})
		b.must(200, "POST", "/games/"+quiet+"/join", map[string]any{"power": "France"})
		r := a.must(403, "POST", "/games/"+quiet+"/messages", map[string]any{"body": "hello all"})
		if !strings.Contains(string(r.Body), "this game has no press") {
			t.Errorf("press in a game without: %s", r.Body)
		}
		a.must(403, "POST", "/games/"+quiet+"/messages", map[string]any{"to": []string{"France"}, "body": "psst"})

		open := a.newGame(map[string]any{"variant": "standard", "power": "England", "bots": true, "press": "public"})
		b.must(200, "POST", "/games/"+open+"/join", map[string]any{"power": "France"})
		r = a.must(422, "POST", "/games/"+open+"/messages", map[string]any{"to": []string{"France"}, "body": "psst"})
		if !strings.Contains(string(r.Body), "public press only") {
			t.Errorf("private press in a public-press game: %s", r.Body)
		}
		a.must(422, "POST", "/games/"+open+"/messages", map[string]any{"to": []string{"France", "Germany"}, "body": "we two"})
		a.must(201, "POST", "/games/"+open+"/messages", map[string]any{"body": "hello all"})
		a.must(201, "POST", "/games/"+open+"/messages", map[string]any{"to": []string{"all"}, "body": "hello again"})
		a.must(201, "POST", "/games/"+open+"/messages", map[string]any{
			"to": []string{"France", "Germany", "Italy", "Austria", "Russia", "Turkey"}, "body": "everyone, by name"})
		var got []messageJSON
		b.must(200, "GET", "/games/"+open+"/messages", nil).json(t, &got)
		if len(got) != 3 {
			t.Errorf("France got %d messages, want the 3 public ones", len(got))
		}
	})
}

// TestAPrivateGameIsForItsPlayersAndInvitees: a private game is listed
// only to its creator and players; anyone else needs its invitation code
// to see it or join it, and never gets the code from the server. Once
// joined, the invitee is a player like the others. After the start, a
// holder of the code may follow the game (it admits spectators); nobody
// without it may.
func TestAPrivateGameIsForItsPlayersAndInvitees(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a, b, c := e.user(), e.user(), e.user()
		var created struct{ ID, Invitation string }
		a.must(201, "POST", "/games", map[string]any{"variant": "standard", "power": "England", "bots": true, "private": true,
			"phase_deadline_seconds": 600}).json(t, &created)
		id, code := created.ID, created.Invitation
		if len(code) != 16 {
			t.Fatalf("invitation code %q", code)
		}
		// The creator needs no code, with a seat or without.
		seatless := a.newGame(map[string]any{"variant": "standard", "private": true})
		a.must(200, "POST", "/games/"+seatless+"/join", nil)

		// What the outsiders are answered, to look for the code in.
		var outside []string
		saw := func(r response) response {
			outside = append(outside, string(r.Body))
			return r
		}

		for _, q := range []string{"", "?status=forming"} {
			if !a.ids(q)[id] {
				t.Errorf("the creator's list %q lacks the private game", q)
			}
			if b.ids(q)[id] || c.ids(q)[id] {
				t.Errorf("an outsider's list %q shows the private game", q)
			}
		}
		for _, path := range []string{"", "?invitation=", "?invitation=aaaaaaaaaaaaaaaa", "?invitation=" + code[:15]} {
			r := saw(b.must(403, "GET", "/games/"+id+path, nil))
			if !strings.Contains(string(r.Body), "this game is private") {
				t.Errorf("GET %s: %s", path, r.Body)
			}
			saw(b.must(403, "GET", "/games/"+id+"/history"+path, nil))
		}
		if status, _ := streamAt(t, e, b.token, "/games/"+id+"/events"); status != 403 {
			t.Errorf("an outsider's stream without the code: %d", status)
		}
		for _, body := range []map[string]any{{}, {"invitation": "aaaaaaaaaaaaaaaa"}, {"power": "France", "invitation": strings.ToUpper(code[1:]) + "a"}} {
			r := saw(b.must(403, "POST", "/games/"+id+"/join", body))
			if !strings.Contains(string(r.Body), "this game is private: joining needs its invitation link") {
				t.Errorf("joining with %v: %s", body, r.Body)
			}
		}
		// With the code, the invitee sees the seats (not the code) and
		// follows the game before joining.
		var v settingsView
		saw(b.must(200, "GET", "/games/"+id+"?invitation="+code, nil)).json(t, &v)
		if !v.Private || v.Invitation != nil {
			t.Errorf("an invitee's view: %+v", v)
		}
		status, events := streamAt(t, e, b.token, "/games/"+id+"/events?invitation="+code)
		if status != 200 {
			t.Fatalf("an invitee's stream: %d", status)
		}
		next(t, events, "game")
		saw(b.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "France", "invitation": strings.ToUpper(code)}))
		next(t, events, "game")

		// A player now: listed, shown the code to invite others.
		if !b.ids("?mine=true")[id] || !b.ids("?status=forming")[id] {
			t.Error("the invitee's lists lack the game joined")
		}
		b.must(200, "GET", "/games/"+id, nil).json(t, &v)
		if v.Invitation == nil || *v.Invitation != code {
			t.Errorf("a player's view has code %v, want %q", v.Invitation, code)
		}

		a.must(200, "POST", "/games/"+id+"/start", nil)
		next(t, events, "game")
		// b's stream, opened before b joined, carries b's press now.
		a.must(201, "POST", "/games/"+id+"/messages", map[string]any{"body": "welcome, France"})
		if ev := next(t, events, "message"); !strings.Contains(ev.data, "welcome, France") {
			t.Errorf("b's stream carried %s", ev.data)
		}
		// c, invited, may follow the game under way, not join it.
		saw(c.must(403, "GET", "/games/"+id, nil))
		saw(c.must(403, "GET", "/games/"+id+"/phases/0/map.svg", nil))
		saw(c.must(200, "GET", "/games/"+id+"?invitation="+code, nil))
		saw(c.must(200, "GET", "/games/"+id+"/history?invitation="+code, nil))
		r := c.do("GET", "/games/"+id+"/phases/0/map.svg?invitation="+code, nil)
		if r.Status != 200 {
			t.Errorf("an invitee's board: %d %s", r.Status, r.Body)
		}
		saw(r)
		saw(c.must(409, "POST", "/games/"+id+"/join", map[string]any{"invitation": code}))
		if c.ids("?status=active")[id] {
			t.Error("an outsider's list of games under way shows the private game")
		}
		for _, body := range outside {
			if strings.Contains(body, code) || strings.Contains(body, strings.ToUpper(code)) {
				t.Errorf("an outsider was answered the invitation code: %s", body)
			}
		}
	})
}

// TestAGameWithoutSpectatorsClosesWhenItStarts: while a game without
// spectators forms, anyone may look at its seats, follow it and join it;
// once it starts, whoever neither created nor plays it is refused
// everything (its stream ends) and no longer finds it in the lists,
// while its players go on.
func TestAGameWithoutSpectatorsClosesWhenItStarts(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a, b, c := e.user(), e.user(), e.user()
		id := a.newGame(map[string]any{"variant": "standard", "power": "England", "bots": true, "spectators": false, "phase_deadline_seconds": 600})
		dice := a.newGame(map[string]any{"variant": "diceplomacy", "players": 4, "power": "Seat 0", "bots": true, "spectators": false, "phase_deadline_seconds": 600})
		if !c.ids("?status=forming")[id] {
			t.Error("a forming game without spectators is not open to join")
		}
		c.must(200, "GET", "/games/"+id, nil)
		c.must(200, "GET", "/games/"+dice, nil)
		status, events := streamAt(t, e, c.token, "/games/"+id+"/events")
		if status != 200 {
			t.Fatalf("following a forming game without spectators: %d", status)
		}
		next(t, events, "game")
		b.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "France"})
		a.must(200, "POST", "/games/"+id+"/start", nil)
		a.must(200, "POST", "/games/"+dice+"/start", nil)
		endsBlind(t, events, "England")

		for _, path := range []string{"", "/history", "/options", "/phases/0/map.svg", "/events"} {
			r := c.must(403, "GET", "/games/"+id+path, nil)
			if !strings.Contains(string(r.Body), "this game admits no spectators") {
				t.Errorf("GET %s: %s", path, r.Body)
			}
		}
		c.must(403, "GET", "/games/"+dice, nil)
		c.must(403, "GET", "/games/"+dice+"/history", nil)
		if c.ids("?status=active")[id] || c.ids("")[id] || c.ids("")[dice] {
			t.Error("an outsider's lists show games under way that admit no spectators")
		}
		for _, u := range []*client{a, b} {
			if !u.ids("?status=active")[id] {
				t.Errorf("%s's list of games under way lacks the game", u.name)
			}
			u.must(200, "GET", "/games/"+id, nil)
			u.must(200, "GET", "/games/"+id+"/history", nil)
		}
		if status, events := streamAt(t, e, b.token, "/games/"+id+"/events"); status != 200 {
			t.Errorf("a player's stream: %d", status)
		} else {
			next(t, events, "game")
		}
	})
}
