package server

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// logEntry is one entry of GET /games/{id}/log as the tests read it.
type logEntry struct {
	Action, Who, Power, Reason, User string
	Seconds, Missed, Seq             int
}

func (c *client) log(id string) []logEntry {
	c.e.t.Helper()
	var out struct{ Entries []logEntry }
	c.must(200, "GET", "/games/"+id+"/log", nil).json(c.e.t, &out)
	return out.Entries
}

// seatView is a power of a Diplomacy game's view, as these tests read it.
type seatView struct {
	Power, Player           string
	Bot, Away, Wanted, Owes bool
}

// stewardView is the part of a game's view that says who keeps it going.
type stewardView struct {
	Seq          int
	Phase        struct{ Type string }
	Status       string
	Deadline     *time.Time
	MyPower      string `json:"my_power"`
	MissedOrders struct {
		Policy string
		After  int
		Level  string
	} `json:"missed_orders"`
	TakenOver         []string `json:"taken_over"`
	ReplacementWanted []string `json:"replacement_wanted"`
	Master            string
	YouMaster         bool `json:"you_master"`
	Paused            bool
	PausedLeft        int `json:"paused_left_seconds"`
	Powers            []seatView
}

func (c *client) steward(id string) stewardView {
	c.e.t.Helper()
	var v stewardView
	c.must(200, "GET", "/games/"+id, nil).json(c.e.t, &v)
	return v
}

func (v stewardView) power(name string) seatView {
	for _, p := range v.Powers {
		if p.Power == name {
			return p
		}
	}
	return seatView{}
}

// historyOrders returns each phase's orders of power, in order.
func (c *client) historyOrders(id, power string) [][]string {
	c.e.t.Helper()
	var h struct {
		Phases []struct {
			Phase  struct{ Type string }
			Orders map[string][]string
		}
	}
	c.must(200, "GET", "/games/"+id+"/history", nil).json(c.e.t, &h)
	out := make([][]string, len(h.Phases))
	for i, p := range h.Phases {
		out[i] = p.Orders[power]
	}
	return out
}

// playPhase lets the phase being played reach its deadline and waits
// until it is played.
func (c *client) playPhase(id string) stewardView {
	c.e.t.Helper()
	seq := c.steward(id).Seq
	c.e.clock.Advance(61 * time.Second)
	c.waitSeq(id, seq+1)
	return c.steward(id)
}

func TestAnAbsentPlayerIsPlayedByABotAndTakesTheSeatBack(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a, b := e.user(), e.user()
		// The default policy: a normal bot after two missed movement
		// phases.
		id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 60, "bots": true, "power": "England"})
		b.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "France"})
		a.must(200, "POST", "/games/"+id+"/start", nil)
		v := a.steward(id)
		if p := v.MissedOrders; p.Policy != "bot" || p.After != 2 || p.Level != "normal" {
			t.Fatalf("default policy: %+v", p)
		}
		// England gives orders, not ready (they count as given); France
		// none, two movement phases running.
		for movement := 0; movement < 2; {
			v = a.steward(id)
			if v.power("France").Away {
				t.Fatalf("France was handed to a bot after %d missed movement phases", movement)
			}
			a.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}, "ready": false})
			var g gameView
			a.must(200, "GET", "/games/"+id, nil).json(t, &g)
			if g.Phase.Type == "movement" {
				movement++
			}
			v = a.playPhase(id)
		}
		fr := v.power("France")
		if !fr.Away || !fr.Bot || fr.Player != b.name || !slices.Equal(v.TakenOver, []string{"France"}) {
			t.Fatalf("after two missed movement phases France is %+v, taken over: %v", fr, v.TakenOver)
		}
		log := b.log(id)
		if n := len(log); n == 0 || log[n-1].Action != "bot" || log[n-1].Power != "France" || log[n-1].User != b.name || log[n-1].Missed != 2 || log[n-1].Who != "" {
			t.Fatalf("log: %+v", log)
		}
		// The bot plays France from the next phase on: play on to the
		// third movement phase, England ordering.
		// (A phase in which no person owes orders, an adjustment with
		// nothing for England to do, is played at once.)
		third := 0
		for {
			g := a.steward(id)
			if g.Phase.Type == "movement" {
				third = g.Seq
				break
			}
			if !g.power("England").Owes {
				a.waitSeq(id, g.Seq+1)
				continue
			}
			a.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}, "ready": false})
			a.playPhase(id)
		}
		a.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}, "ready": false})
		// b comes back and orders (not ready): the bot still plays this
		// phase, b from the next.
		b.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}, "ready": false})
		v = a.playPhase(id)
		orders := a.historyOrders(id, "France")
		if len(orders[0]) != 0 || len(orders[1]) != 0 {
			t.Fatalf("France's orders in the first two phases, missed: %v", orders[:2])
		}
		if len(orders[third]) == 0 {
			t.Fatalf("the bot gave France no orders in the third movement phase (phase %d): %v", third, orders)
		}
		fr = v.power("France")
		if fr.Away || fr.Bot || fr.Player != b.name || len(v.TakenOver) != 0 {
			t.Fatalf("after ordering, France is %+v, taken over: %v", fr, v.TakenOver)
		}
		log = a.log(id)
		if n := len(log); log[n-1].Action != "back" || log[n-1].Power != "France" || log[n-1].User != b.name {
			t.Fatalf("log: %+v", log)
		}
		// From now on France's orders are b's: ready, they make the phase
		// due with England's.
		b.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}, "ready": true})
		a.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}, "ready": true})
		a.waitSeq(id, v.Seq+1)
	})
}

func TestAHoldPolicyNeverHandsASeatToABot(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	a, b := e.user(), e.user()
	id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 60, "bots": true, "power": "England",
		"missed_orders": map[string]any{"policy": "hold"}})
	b.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "France"})
	a.must(200, "POST", "/games/"+id+"/start", nil)
	for range 3 {
		a.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}, "ready": false})
		a.playPhase(id)
	}
	if v := a.steward(id); v.power("France").Bot || len(v.TakenOver) != 0 || v.MissedOrders.Policy != "hold" {
		t.Fatalf("France under a hold policy: %+v", v)
	}
}

func TestTheExtendPolicyExtendsADeadlineOncePerPhase(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	a, b := e.user(), e.user()
	id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 60, "bots": true, "power": "England",
		"missed_orders": map[string]any{"policy": "extend", "extend_seconds": 600, "after": 0}})
	b.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "France"})
	a.must(200, "POST", "/games/"+id+"/start", nil)
	a.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}, "ready": false})
	first := *a.steward(id).Deadline
	e.clock.Advance(61 * time.Second)
	if !eventually(t, func() bool { d := a.steward(id).Deadline; return d != nil && d.After(first) }) {
		t.Fatal("the deadline was not extended")
	}
	v := a.steward(id)
	if v.Seq != 0 || v.Deadline.Sub(first) < 600*time.Second {
		t.Fatalf("after the first deadline: seq %d, deadline %v (was %v)", v.Seq, v.Deadline, first)
	}
	log := a.log(id)
	if len(log) != 1 || log[0].Action != "auto_extend" || log[0].Power != "" || log[0].Seconds != 600 {
		t.Fatalf("log: %+v", log)
	}
	// Once per phase: the next deadline plays it, France holding.
	e.clock.Advance(601 * time.Second)
	a.waitSeq(id, 1)
	if v := a.steward(id); v.power("France").Bot {
		t.Fatalf("with after 0, France was handed to a bot: %+v", v.power("France"))
	}
}

func TestAGameMasterPausesResumesExtendsAndReplaces(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a, b, c := e.user(), e.user(), e.user()
		id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 60, "bots": true, "power": "England"})
		b.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "France"})
		a.must(200, "POST", "/games/"+id+"/start", nil)
		if v := b.steward(id); v.Master != a.name || v.YouMaster || !a.steward(id).YouMaster {
			t.Fatalf("the creator is master: %+v", v)
		}
		b.must(201, "POST", "/games/"+id+"/messages", map[string]any{"to": []string{"England"}, "body": "Channel is yours"})

		// Nobody but the master.
		for _, u := range []*client{b, c} {
			for _, path := range []string{"pause", "resume", "extend", "replace", "remove", "master"} {
				r := u.must(403, "POST", "/games/"+id+"/"+path, map[string]any{"seconds": 60, "power": "England", "user": u.name, "reason": "mine now"})
				if code := r.m(t)["code"]; code != "not_master" {
					t.Fatalf("%s by %s: code %v", path, u.name, code)
				}
			}
		}

		// Paused: the deadline passes, nothing is played, even with
		// everyone ready.
		before := *a.steward(id).Deadline
		r := a.must(200, "POST", "/games/"+id+"/pause", map[string]any{"reason": "Easter holidays"}).m(t)
		if r["paused"] != true || r["deadline"] != nil {
			t.Fatalf("pause: %v", r)
		}
		if code := a.must(409, "POST", "/games/"+id+"/pause", nil).m(t)["code"]; code != "game_paused" {
			t.Fatalf("pausing twice: %v", code)
		}
		a.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{"F lon - nth"}, "ready": true})
		b.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}, "ready": true})
		e.clock.Advance(2 * time.Hour)
		// A game due later than the paused one's deadline is played: the
		// scheduler has looked since the paused one would have been due.
		ctl := c.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 60, "bots": true, "power": "Italy"})
		c.must(200, "POST", "/games/"+ctl+"/start", nil)
		c.must(200, "PUT", "/games/"+ctl+"/orders", map[string]any{"orders": []string{}, "ready": true})
		c.waitSeq(ctl, 1)
		if v := a.steward(id); v.Seq != 0 || !v.Paused || v.Deadline != nil || v.PausedLeft < 1 || v.PausedLeft > 60 {
			t.Fatalf("paused game: %+v", v)
		}

		// Resumed with the time that was left; extended by an hour.
		r = a.must(200, "POST", "/games/"+id+"/resume", map[string]any{"reason": "back"}).m(t)
		if r["paused"] != false || r["deadline"] == nil {
			t.Fatalf("resume: %v", r)
		}
		if code := a.must(409, "POST", "/games/"+id+"/resume", nil).m(t)["code"]; code != "not_paused" {
			t.Fatalf("resuming twice: %v", code)
		}
		resumed := *a.steward(id).Deadline
		if left := resumed.Sub(e.clock.Now()); left <= 0 || left > 60*time.Second || !resumed.After(before) {
			t.Fatalf("resumed with %v left (deadline %v, paused at %v)", left, resumed, before)
		}
		a.must(200, "POST", "/games/"+id+"/extend", map[string]any{"seconds": 3600, "reason": "a player asked"})
		if d := *a.steward(id).Deadline; !d.Equal(resumed.Add(time.Hour)) {
			t.Fatalf("extended deadline %v, want %v", d, resumed.Add(time.Hour))
		}
		for _, bad := range []map[string]any{{"seconds": 0}, {"seconds": 3600, "reason": "two\nlines"}} {
			a.must(422, "POST", "/games/"+id+"/extend", bad)
		}

		// Replace France: b leaves, the seat is wanted in the lobby, a
		// bot plays it meanwhile, c takes it from the lobby.
		r = a.must(200, "POST", "/games/"+id+"/replace", map[string]any{"power": "France", "reason": "no answer for a week"}).m(t)
		if w, _ := r["replacement_wanted"].([]any); len(w) != 1 || w[0] != "France" {
			t.Fatalf("replace: %v", r)
		}
		if code := a.must(409, "POST", "/games/"+id+"/replace", map[string]any{"power": "Germany"}).m(t)["code"]; code != "no_seat_holder" {
			t.Fatalf("replacing a bot: %v", code)
		}
		if v := b.steward(id); v.MyPower != "" || !v.power("France").Wanted || !v.power("France").Bot {
			t.Fatalf("after replace, b sees %+v", v)
		}
		b.must(403, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}})
		b.must(403, "GET", "/games/"+id+"/messages", nil)
		var wanted []struct {
			ID                string
			ReplacementWanted []string `json:"replacement_wanted"`
		}
		c.must(200, "GET", "/games?wanted=true", nil).json(t, &wanted)
		if len(wanted) != 1 || wanted[0].ID != id || !slices.Equal(wanted[0].ReplacementWanted, []string{"France"}) {
			t.Fatalf("replacement wanted: %+v", wanted)
		}
		if code := c.must(409, "POST", "/games/"+id+"/join", map[string]any{"power": "Germany"}).m(t)["code"]; code != "game_started" {
			t.Fatalf("joining a bot's seat: %v", code)
		}
		c.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "France"})
		if v := c.steward(id); v.MyPower != "France" || v.power("France").Bot || v.power("France").Wanted || len(v.ReplacementWanted) != 0 {
			t.Fatalf("the substitute sees %+v", v)
		}
		c.must(200, "GET", "/games?wanted=true", nil).json(t, &wanted)
		if len(wanted) != 0 {
			t.Fatalf("replacement still wanted: %+v", wanted)
		}
		// The substitute inherits France's press, as the rules say.
		var msgs []struct{ Body string }
		c.must(200, "GET", "/games/"+id+"/messages", nil).json(t, &msgs)
		if len(msgs) != 1 || msgs[0].Body != "Channel is yours" {
			t.Fatalf("the substitute reads %+v", msgs)
		}

		// Removed for breaking the rules: not again.
		a.must(200, "POST", "/games/"+id+"/remove", map[string]any{"power": "France", "reason": "cheating"})
		if code := c.must(403, "POST", "/games/"+id+"/join", map[string]any{"power": "France"}).m(t)["code"]; code != "removed_from_game" {
			t.Fatalf("a removed player joining: %v", code)
		}

		want := []logEntry{
			{Action: "pause", Who: a.name, Reason: "Easter holidays"},
			{Action: "resume", Who: a.name, Reason: "back"},
			{Action: "extend", Who: a.name, Reason: "a player asked", Seconds: 3600},
			{Action: "replace", Who: a.name, Power: "France", User: b.name, Reason: "no answer for a week"},
			{Action: "substitute", Power: "France", User: c.name},
			{Action: "remove", Who: a.name, Power: "France", User: c.name, Reason: "cheating"},
		}
		got := b.log(id)
		if len(got) != len(want) {
			t.Fatalf("log: %+v", got)
		}
		for i := range want {
			g := got[i]
			if g.Action != want[i].Action || g.Who != want[i].Who || g.Power != want[i].Power || g.User != want[i].User || g.Reason != want[i].Reason {
				t.Fatalf("log[%d]: %+v, want %+v", i, got[i], want[i])
			}
		}
		if got[2].Seconds != 3600 {
			t.Fatalf("log of the extension: %+v", got[2])
		}
	})
}

func TestAnotherMasterAndPausesByVote(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a, b, d := e.user(), e.user(), e.user()
		id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 60, "bots": true, "power": "England", "spectators": false})
		b.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "France"})
		a.must(200, "POST", "/games/"+id+"/start", nil)
		if code := a.must(422, "POST", "/games/"+id+"/master", map[string]any{"user": "nobody-at-all"}).m(t)["code"]; code != "no_such_user" {
			t.Fatalf("an unknown master: %v", code)
		}
		// d, who does not play, becomes master: d sees the game (which
		// admits no spectators) as a spectator would, and no press.
		a.must(200, "POST", "/games/"+id+"/master", map[string]any{"user": d.name, "reason": "a neutral master"})
		a.must(403, "POST", "/games/"+id+"/pause", nil)
		if v := d.steward(id); !v.YouMaster || v.MyPower != "" || v.Master != d.name {
			t.Fatalf("the new master sees %+v", v)
		}
		d.must(403, "GET", "/games/"+id+"/messages", nil)
		d.must(200, "POST", "/games/"+id+"/pause", map[string]any{"reason": "checking"})
		d.must(200, "POST", "/games/"+id+"/resume", map[string]any{"seconds": 120})
		if left := d.steward(id).Deadline.Sub(e.clock.Now()); left <= 60*time.Second || left > 120*time.Second {
			t.Fatalf("resumed with a new deadline: %v left", left)
		}
		// No master: the players pause by a unanimous vote.
		d.must(200, "POST", "/games/"+id+"/master", map[string]any{"user": ""})
		d.must(403, "POST", "/games/"+id+"/pause", nil)
		r := a.must(200, "POST", "/games/"+id+"/pause", nil).m(t)
		if r["paused"] != false {
			t.Fatalf("one vote of two paused the game: %v", r)
		}
		r = b.must(200, "POST", "/games/"+id+"/pause", nil).m(t)
		if r["paused"] != true {
			t.Fatalf("every vote did not pause the game: %v", r)
		}
		b.must(200, "POST", "/games/"+id+"/resume", nil)
		if v := a.steward(id); v.Paused || v.Master != "" {
			t.Fatalf("after the vote's pause, resumed: %+v", v)
		}
		// A finished game is not paused.
		f := a.newGame(map[string]any{"variant": "standard", "bots": true, "power": "England"})
		a.must(200, "POST", "/games/"+f+"/cancel", nil)
		if code := a.must(409, "POST", "/games/"+f+"/pause", nil).m(t)["code"]; code != "not_in_play" {
			t.Fatalf("pausing a finished game: %v", code)
		}
	})
}

// TestGameMasterRefusalsNameThemselves: each refusal of a master's
// action, or of a player's around them, is a 4xx with a code, for the
// client to say in its reader's language.
func TestGameMasterRefusalsNameThemselves(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a, b, c := e.user(), e.user(), e.user()
		id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 60, "bots": true, "power": "England"})
		b.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "France"})
		forming := a.newGame(map[string]any{"variant": "standard", "bots": true, "power": "England"})
		a.must(200, "POST", "/games/"+id+"/start", nil)
		cancelled := a.newGame(map[string]any{"variant": "standard", "bots": true, "power": "England"})
		a.must(200, "POST", "/games/"+cancelled+"/cancel", nil)
		dice := a.newGame(map[string]any{"variant": "diceplomacy", "players": 4, "phase_deadline_seconds": 60, "bots": true, "power": "Seat 0"})
		a.must(200, "POST", "/games/"+dice+"/start", nil)
		for _, tc := range []struct {
			name   string
			who    *client
			method string
			path   string
			body   any
			status int
			code   string
		}{
			{"a player pauses", b, "POST", "/games/" + id + "/pause", nil, 403, "not_master"},
			{"a stranger extends", c, "POST", "/games/" + id + "/extend", map[string]any{"seconds": 60}, 403, "not_master"},
			{"a player appoints himself", b, "POST", "/games/" + id + "/master", map[string]any{"user": b.name}, 403, "not_master"},
			{"resuming a game not paused", a, "POST", "/games/" + id + "/resume", nil, 409, "not_paused"},
			{"pausing a game not started", a, "POST", "/games/" + forming + "/pause", nil, 409, "not_in_play"},
			{"replacing a bot", a, "POST", "/games/" + id + "/replace", map[string]any{"power": "Italy"}, 409, "no_seat_holder"},
			{"replacing a power that is not", a, "POST", "/games/" + id + "/replace", map[string]any{"power": "Kent"}, 422, "no_such_power"},
			{"removing a power that is not", a, "POST", "/games/" + id + "/remove", map[string]any{"power": "Kent"}, 422, "no_such_power"},
			{"appointing nobody known", a, "POST", "/games/" + id + "/master", map[string]any{"user": "nobody-at-all"}, 422, "no_such_user"},
			{"a reason of two lines", a, "POST", "/games/" + id + "/pause", map[string]any{"reason": "one\ntwo"}, 422, "reason_invalid"},
			{"a reason too long", a, "POST", "/games/" + id + "/pause", map[string]any{"reason": strings.Repeat("x", 201)}, 422, "reason_invalid"},
			{"an extension of nothing", a, "POST", "/games/" + id + "/extend", map[string]any{"seconds": 0}, 422, "seconds_invalid"},
			{"an extension of more than a week", a, "POST", "/games/" + id + "/extend", map[string]any{"seconds": 604801}, 422, "seconds_invalid"},
			{"a new time of less than nothing", a, "POST", "/games/" + id + "/resume", map[string]any{"seconds": -1}, 422, "seconds_invalid"},
			{"a player changes the lengths", b, "POST", "/games/" + id + "/lengths", map[string]any{"phase_deadline_seconds": 3600}, 403, "not_master"},
			{"lengths of more than a week", a, "POST", "/games/" + id + "/lengths", map[string]any{"phase_deadline_seconds": 604801}, 422, "phase_too_long"},
			{"lengths at a time in no zone", a, "POST", "/games/" + id + "/lengths", map[string]any{"deadline_at": map[string]any{"time": "20:00", "zone": "Nowhere/Else"}}, 422, "bad_time_zone"},
			{"a finished game paused", a, "POST", "/games/" + cancelled + "/pause", nil, 409, "not_in_play"},
			{"a field no action has", a, "POST", "/games/" + id + "/pause", map[string]any{"why": "x"}, 400, ""},
			{"joining a seat nobody left", c, "POST", "/games/" + id + "/join", map[string]any{"power": "France"}, 409, "game_started"},
			{"replacing in Diceplomacy", a, "POST", "/games/" + dice + "/replace", map[string]any{"power": "Seat 1"}, 409, "no_replacements"},
			{"a policy that is none", a, "POST", "/games", map[string]any{"variant": "standard", "missed_orders": map[string]any{"policy": "sleep"}}, 422, "missed_orders_invalid"},
			{"a bot after no phase", a, "POST", "/games", map[string]any{"variant": "standard", "missed_orders": map[string]any{"policy": "bot", "after": 0}}, 422, "missed_orders_invalid"},
			{"a bot of no level", a, "POST", "/games", map[string]any{"variant": "standard", "missed_orders": map[string]any{"policy": "bot", "level": "genius"}}, 422, "missed_orders_invalid"},
			{"a bot for Diceplomacy", a, "POST", "/games", map[string]any{"variant": "diceplomacy", "missed_orders": map[string]any{"policy": "bot"}}, 422, "missed_orders_invalid"},
			{"a reliability under nothing", a, "POST", "/games", map[string]any{"variant": "standard", "min_reliability": -1}, 422, "reliability_invalid"},
			{"a reliability over a hundred", a, "POST", "/games", map[string]any{"variant": "standard", "min_reliability": 101}, 422, "reliability_invalid"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				wantCode(t, tc.who.do(tc.method, tc.path, tc.body), tc.status, tc.code)
			})
		}
		// A paused Diceplomacy game takes no moves.
		a.must(200, "POST", "/games/"+dice+"/pause", nil)
		wantCode(t, a.do("POST", "/games/"+dice+"/moves", map[string]any{"kind": "reorganise"}), 409, "game_paused")
	})
}
