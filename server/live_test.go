package server

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// watchAll opens GET /events with query on the API at base with token
// and returns its events, in a channel closed when the stream ends.
func watchAll(t *testing.T, base, token, query string) <-chan sseEvent {
	t.Helper()
	ctx, cancel := context.WithDeadline(context.Background(), patience(t))
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"/events?"+query, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := specClient(t, base).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		body, _ := readAll(resp)
		t.Fatalf("GET /events?%s: status %d: %s", query, resp.StatusCode, body)
	}
	return readEvents(resp.Body)
}

// nextOf waits (until the test's patience) for the next event named name
// about game id ("" for the lobby's), skipping others, and returns its
// data.
func nextOf(t *testing.T, events <-chan sseEvent, name, id string) map[string]any {
	t.Helper()
	timeout := giveUp(t)
	for {
		select {
		case ev, ok := <-events:
			if !ok {
				t.Fatalf("the stream ended waiting for %q of %q", name, id)
			}
			var m map[string]any
			if err := json.Unmarshal([]byte(ev.data), &m); err != nil {
				t.Fatalf("event %s: data %q: %v", ev.name, ev.data, err)
			}
			if ev.name == name && (m["game"] == id || id == "" && m["game"] == nil) {
				return m
			}
		case <-timeout:
			t.Fatalf("no %q event of %q", name, id)
		}
	}
}

// firstEvents reads a stream's first n events, which come in any order,
// by "name game" ("games " for the lobby's).
func firstEvents(t *testing.T, events <-chan sseEvent, n int) map[string]map[string]any {
	t.Helper()
	first := map[string]map[string]any{}
	timeout := giveUp(t)
	for len(first) < n {
		select {
		case ev, ok := <-events:
			if !ok {
				t.Fatalf("the stream ended after %v", first)
			}
			var m map[string]any
			if err := json.Unmarshal([]byte(ev.data), &m); err != nil {
				t.Fatalf("event %s: data %q: %v", ev.name, ev.data, err)
			}
			id, _ := m["game"].(string)
			first[ev.name+" "+id] = m
		case <-timeout:
			t.Fatalf("the first events: %v", first)
		}
	}
	return first
}

// TestOneStreamFollowsSeveralGamesAndTheLobby: GET /events?game=A&game=B
// carries each game's events named by their game, and the lobby's; a
// game the user may not follow is refused in the stream, which goes on
// with the others and carries nothing of it; the stream counts once
// against the user's limit.
func TestOneStreamFollowsSeveralGamesAndTheLobby(t *testing.T) {
	t.Parallel()
	e := newEnvWith(t, "sqlite", func(c *Config) { c.MaxStreamsPerUser = 1 })
	a, b, c := e.user(), e.user(), e.user()
	started := func(creator *client, settings map[string]any) string {
		id := creator.newGame(settings)
		b.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "Turkey"})
		creator.must(200, "POST", "/games/"+id+"/start", nil)
		return id
	}
	one := started(a, map[string]any{"variant": "standard", "phase_deadline_seconds": 600, "bots": true, "power": "Austria"})
	two := started(a, map[string]any{"variant": "standard", "phase_deadline_seconds": 600, "bots": true, "power": "Austria"})
	var private struct{ ID, Invitation string }
	c.must(201, "POST", "/games", map[string]any{"variant": "standard", "power": "England", "private": true, "press": "public"}).json(t, &private)

	events := watchAll(t, e.URL, a.token, "game="+one+"&game="+two+"&game="+private.ID+"&game=nosuchgame")
	first := firstEvents(t, events, 5)
	for _, id := range []string{one, two} {
		if g := first["game "+id]; g["status"] != "active" || g["after"] == nil {
			t.Fatalf("the first game event of %s: %v", id, g)
		}
	}
	if r := first["refused "+private.ID]; r["status"] != float64(403) || r["code"] != "invitation_needed" {
		t.Fatalf("a private game without its code: %v", r)
	}
	if r := first["refused nosuchgame"]; r["status"] != float64(404) {
		t.Fatalf("a game that does not exist: %v", r)
	}
	if first["games "] == nil {
		t.Fatalf("no lobby event first: %v", first)
	}

	// The stream is one: a second is over the limit of one.
	req, _ := http.NewRequest("GET", e.URL+"/games/"+one+"/events", nil)
	req.Header.Set("Authorization", "Bearer "+a.token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := readAll(resp)
	refused(t, response{Status: resp.StatusCode, Body: body}, "1 live-update stream open")

	c.must(201, "POST", "/games/"+private.ID+"/messages", map[string]any{"to": []string{"all"}, "body": "secret"})
	b.must(201, "POST", "/games/"+two+"/messages", map[string]any{"to": []string{"Austria"}, "body": "to two"})
	if m := nextOf(t, events, "message", two); m["body"] != "to two" {
		t.Fatalf("the message in %s: %v", two, m)
	}
	b.must(201, "POST", "/games/"+one+"/messages", map[string]any{"to": []string{"Austria"}, "body": "to one"})
	if m := nextOf(t, events, "message", one); m["body"] != "to one" {
		t.Fatalf("the message in %s: %v", one, m)
	}
	a.must(204, "DELETE", "/sessions/current", nil)
	endsBlind(t, events, "secret")
}

// TestAResumedStreamMissesNothingAndRepeatsNothing: a client that opens
// a stream again with what it had of a game (ID:VERSION:SEQ:AFTER) gets
// no game event when the game has not changed, and the press sent
// meanwhile, once.
func TestAResumedStreamMissesNothingAndRepeatsNothing(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	a, b := e.user(), e.user()
	id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 600, "bots": true, "power": "Austria"})
	b.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "Turkey"})
	a.must(200, "POST", "/games/"+id+"/start", nil)

	first := watchAll(t, e.URL, a.token, "lobby=0&game="+id)
	g := nextOf(t, first, "game", id)
	b.must(201, "POST", "/games/"+id+"/messages", map[string]any{"to": []string{"Austria"}, "body": "seen"})
	seen := nextOf(t, first, "message", id)
	// The client leaves; press comes meanwhile.
	b.must(201, "POST", "/games/"+id+"/messages", map[string]any{"to": []string{"Austria"}, "body": "missed"})

	from := strings.Join([]string{id, jsonInt(g["version"]), jsonInt(g["seq"]), jsonInt(seen["cursor"])}, ":")
	again := watchAll(t, e.URL, a.token, "lobby=0&game="+url.QueryEscape(from))
	select {
	case ev := <-again:
		if ev.name != "message" || !strings.Contains(ev.data, `"missed"`) {
			t.Fatalf("the resumed stream's first event: %s %s", ev.name, ev.data)
		}
	case <-giveUp(t):
		t.Fatal("the resumed stream did not carry the message missed")
	}
	a.must(204, "DELETE", "/sessions/current", nil)
	endsBlind(t, again, `"seen"`)
}

// jsonInt writes a number decoded from JSON as an integer.
func jsonInt(v any) string {
	f, _ := v.(float64)
	return strconv.FormatInt(int64(f), 10)
}

// TestBadStreamParametersAreRefused: a game parameter that is not
// ID[:VERSION:SEQ:AFTER[:INVITATION]], too many games, the same game
// twice or a lobby that is not 0 or 1 get 400.
func TestBadStreamParametersAreRefused(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	a := e.user()
	many := strings.Repeat("&game=g", MaxStreamGames+1)
	for _, q := range []string{"game=", "game=a:1", "game=a:x:1:2", "game=a:1:2:3:code:more", "game=a&game=a", "lobby=2", many[1:]} {
		a.must(400, "GET", "/events?"+q, nil)
	}
}

// TestAGameThatStartsWithoutSpectatorsLeavesTheStream: an outsider
// following a forming game that admits no spectators, among others, gets
// a refused event for it when it starts, nothing of it after, and the
// others' events still.
func TestAGameThatStartsWithoutSpectatorsLeavesTheStream(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	a, b, c := e.user(), e.user(), e.user()
	closed := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 600, "bots": true, "power": "Austria", "spectators": false})
	open := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 600, "power": "Austria"})
	events := watchAll(t, e.URL, c.token, "lobby=0&game="+closed+"&game="+open)
	firstEvents(t, events, 2)

	a.must(200, "POST", "/games/"+closed+"/start", nil)
	if r := nextOf(t, events, "refused", closed); r["status"] != float64(403) || r["code"] != "no_spectators" {
		t.Fatalf("a started game without spectators: %v", r)
	}
	b.must(200, "POST", "/games/"+open+"/join", map[string]any{"power": "Turkey"})
	a.must(201, "POST", "/games/"+closed+"/messages", map[string]any{"to": []string{"all"}, "body": "closed doors"})
	if g := nextOf(t, events, "game", open); g["status"] != "forming" {
		t.Fatalf("the other game: %v", g)
	}
	c.must(204, "DELETE", "/sessions/current", nil)
	endsBlind(t, events, closed)
}

// TestAWantedSeatIsFollowedLive: an outsider may look at a game without
// spectators while a seat of it waits for a substitute, and follow it
// live as well (the stream refused it, "no spectators", while GET
// /games/{id} answered: the page said its live updates were interrupted,
// for good); once another takes the seat, the stream refuses the game.
// The player replaced, still following, reads none of the seat's press
// sent after (it did, to the end), and is refused as well.
func TestAWantedSeatIsFollowedLive(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	a, b, c, d := e.user(), e.user(), e.user(), e.user()
	id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 600, "bots": true, "power": "England", "spectators": false})
	b.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "France"})
	a.must(200, "POST", "/games/"+id+"/start", nil)
	bs := watchAll(t, e.URL, b.token, "lobby=0&game="+id)
	nextOf(t, bs, "game", id)

	a.must(200, "POST", "/games/"+id+"/replace", map[string]any{"power": "France", "reason": "away"})
	a.must(201, "POST", "/games/"+id+"/messages", map[string]any{"to": []string{"France"}, "body": "for the substitute"})
	c.must(200, "GET", "/games/"+id, nil)
	cs := watchAll(t, e.URL, c.token, "lobby=0&game="+id)
	if first := firstEvents(t, cs, 1); first["game "+id] == nil {
		t.Fatalf("an outsider looking at a seat wanted, first: %v", first)
	}
	d.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "France"})
	if r := nextOf(t, cs, "refused", id); r["status"] != float64(403) || r["code"] != "no_spectators" {
		t.Fatalf("the seat taken by another: %v", r)
	}
	timeout := giveUp(t)
	for {
		select {
		case ev, ok := <-bs:
			if !ok {
				t.Fatal("the replaced player's stream ended")
			}
			if strings.Contains(ev.data, "for the substitute") {
				t.Fatalf("the player replaced read the seat's press: %s %s", ev.name, ev.data)
			}
			if ev.name == "refused" {
				return
			}
		case <-timeout:
			t.Fatal("the player replaced still follows the game, which admits no spectators, its seat taken")
		}
	}
}
