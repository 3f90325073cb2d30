package server

import (
	"testing"
	"time"
)

// setClock moves the test clock so that now is at (give or take the
// moments the test itself takes).
func (c *testClock) setClock(at time.Time) {
	c.Advance(at.Sub(c.Now()))
}

// TestDeadlinesAtEightInTheEveningInParisCrossTheOctoberChange: a game
// whose deadlines are at 20:00 Europe/Paris ends its first phase at 18:00
// UTC on the Saturday before the last Sunday of October (summer time) and
// its second at 19:00 UTC on the Sunday (winter time), the scheduler
// playing the phase when the clock passes the deadline.
func TestDeadlinesAtEightInTheEveningInParisCrossTheOctoberChange(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a := e.user()
		// Saturday 24 October 2026, 18:50 in Paris (CEST, UTC+2): the phase of
		// an hour ends at the first 20:00 after 19:50.
		e.clock.setClock(time.Date(2026, 10, 24, 16, 50, 0, 0, time.UTC))
		id := a.newGame(map[string]any{"variant": "standard", "power": "England", "bots": true,
			"phase_deadline_seconds": 3600, "deadline_at": map[string]any{"time": "20:00", "zone": "Europe/Paris"}})
		a.must(200, "POST", "/games/"+id+"/start", nil)
		var v struct {
			Deadline             time.Time
			PhaseDeadlineSeconds int `json:"phase_deadline_seconds"`
			DeadlineAt           struct {
				Time, Zone   string
				SkipWeekends bool `json:"skip_weekends"`
			} `json:"deadline_at"`
		}
		a.must(200, "GET", "/games/"+id, nil).json(t, &v)
		if want := time.Date(2026, 10, 24, 18, 0, 0, 0, time.UTC); !v.Deadline.Equal(want) {
			t.Fatalf("first deadline %v, want %v (20:00 CEST)", v.Deadline, want)
		}
		if v.PhaseDeadlineSeconds != 3600 || v.DeadlineAt.Time != "20:00" || v.DeadlineAt.Zone != "Europe/Paris" || v.DeadlineAt.SkipWeekends {
			t.Errorf("the view's schedule: %+v", v)
		}
		// The deadline passes: the phase is played, and the next one
		// ends at the first 20:00 an hour or more later, on Sunday,
		// after the clocks went back.
		e.clock.setClock(time.Date(2026, 10, 24, 18, 0, 1, 0, time.UTC))
		a.waitSeq(id, 1)
		a.must(200, "GET", "/games/"+id, nil).json(t, &v)
		if want := time.Date(2026, 10, 25, 19, 0, 0, 0, time.UTC); !v.Deadline.Equal(want) {
			t.Fatalf("second deadline %v, want %v (20:00 CET)", v.Deadline, want)
		}
	})
}

// TestDeadlinesPeopleChooseAndThoseRefused: any length from the server's
// shortest to 7 days; retreats and adjustments of their own; each refusal
// a 4xx with a code the client explains.
func TestDeadlinesPeopleChooseAndThoseRefused(t *testing.T) {
	t.Parallel()
	e := newEnvWith(t, "sqlite", func(c *Config) { c.MinPhase = 5 * time.Minute })
	a := e.user()
	game := func(extra map[string]any) map[string]any {
		body := map[string]any{"variant": "standard", "power": "England", "bots": true}
		for k, v := range extra {
			body[k] = v
		}
		return body
	}
	id := a.newGame(game(map[string]any{"phase_deadline_seconds": 604800, "retreat_deadline_seconds": 300, "adjustment_deadline_seconds": 437}))
	v := a.must(200, "GET", "/games/"+id, nil).m(t)
	if v["phase_deadline_seconds"] != 604800.0 || v["retreat_deadline_seconds"] != 300.0 || v["adjustment_deadline_seconds"] != 437.0 {
		t.Errorf("schedule shown: %v %v %v", v["phase_deadline_seconds"], v["retreat_deadline_seconds"], v["adjustment_deadline_seconds"])
	}
	if _, ok := v["deadline_at"]; ok {
		t.Errorf("a game without a time of day shows one: %v", v["deadline_at"])
	}
	// With a time of day and no length, a phase lasts at least half a day.
	id = a.newGame(game(map[string]any{"deadline_at": map[string]any{"time": "07:45", "zone": "Asia/Tokyo", "skip_weekends": true}}))
	if v := a.must(200, "GET", "/games/"+id, nil).m(t); v["phase_deadline_seconds"] != 43200.0 {
		t.Errorf("default length with deadline_at: %v", v["phase_deadline_seconds"])
	}
	for _, tt := range []struct {
		name   string
		body   map[string]any
		status int
		code   string
	}{
		{"a week and a second", map[string]any{"phase_deadline_seconds": 604801}, 422, "phase_too_long"},
		{"shorter than the server allows", map[string]any{"phase_deadline_seconds": 299}, 429, "phase_too_short"},
		{"retreats shorter than the server allows", map[string]any{"retreat_deadline_seconds": 60}, 429, "phase_too_short"},
		{"adjustments of no length", map[string]any{"adjustment_deadline_seconds": 0}, 422, "phase_too_short"},
		{"a zone that does not exist", map[string]any{"deadline_at": map[string]any{"time": "20:00", "zone": "Mars/Olympus"}}, 422, "bad_time_zone"},
		{"a time of day past midnight", map[string]any{"deadline_at": map[string]any{"time": "25:00", "zone": "UTC"}}, 422, "bad_time_of_day"},
	} {
		wantCode(t, a.do("POST", "/games", game(tt.body)), tt.status, tt.code)
	}
	// A game master's new lengths are held to the same shortest phase.
	started := a.newGame(game(nil))
	a.must(200, "POST", "/games/"+started+"/start", nil)
	wantCode(t, a.do("POST", "/games/"+started+"/lengths", map[string]any{"phase_deadline_seconds": 299}), 429, "phase_too_short")
	wantCode(t, a.do("POST", "/games/"+started+"/lengths", map[string]any{"retreat_deadline_seconds": 60}), 429, "phase_too_short")
	a.must(200, "POST", "/games/"+started+"/lengths", map[string]any{"phase_deadline_seconds": 300})
	// A field deadline_at does not have is refused, as everywhere.
	if r := a.do("POST", "/games", game(map[string]any{"deadline_at": map[string]any{"time": "20:00", "zone": "UTC", "weekends": false}})); r.Status != 400 && r.Status != 422 {
		t.Errorf("an unknown field of deadline_at: %d %s", r.Status, r.Body)
	}
}
