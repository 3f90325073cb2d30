package server

import (
	"testing"
	"time"
)

// lengthsView is the schedule a game's view shows.
type lengthsView struct {
	Deadline          *time.Time
	PhaseSeconds      int `json:"phase_deadline_seconds"`
	RetreatSeconds    int `json:"retreat_deadline_seconds"`
	AdjustmentSeconds int `json:"adjustment_deadline_seconds"`
	DeadlineAt        *struct {
		Time, Zone   string
		SkipWeekends bool `json:"skip_weekends"`
	} `json:"deadline_at"`
}

func (c *client) lengths(id string) lengthsView {
	c.e.t.Helper()
	var v lengthsView
	c.must(200, "GET", "/games/"+id, nil).json(c.e.t, &v)
	return v
}

// TestAGameMasterChangesThePhaseLengths: the master of a game under way
// gives it new lengths and a time of day, validated as a new game's are;
// the phase being played keeps its deadline, the next one has the new
// schedule; the log says who, when and why; nobody else may.
func TestAGameMasterChangesThePhaseLengths(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a, b, c := e.user(), e.user(), e.user()
		// Monday 2 November 2026, 10:00 UTC: 11:00 in Paris (winter time).
		e.clock.setClock(time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC))
		// Units hold for the people who give no orders: no bot takes
		// their seats, and every phase waits for its deadline.
		id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 60, "bots": true, "power": "England",
			"missed_orders": map[string]any{"policy": "hold"}})
		b.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "France"})
		a.must(200, "POST", "/games/"+id+"/start", nil)
		path := "/games/" + id + "/lengths"

		for _, u := range []*client{b, c} {
			wantCode(t, u.do("POST", path, map[string]any{"phase_deadline_seconds": 3600}), 403, "not_master")
			// Not even a bad length tells anyone else anything.
			wantCode(t, u.do("POST", path, map[string]any{"phase_deadline_seconds": 0}), 403, "not_master")
		}
		for _, tc := range []struct {
			name   string
			body   map[string]any
			status int
			code   string
		}{
			{"a week and a second", map[string]any{"phase_deadline_seconds": 604801}, 422, "phase_too_long"},
			{"a phase of no length", map[string]any{"phase_deadline_seconds": 0}, 422, "phase_too_short"},
			{"retreats of less than nothing", map[string]any{"retreat_deadline_seconds": -1}, 422, "phase_too_short"},
			{"adjustments of more than a week", map[string]any{"adjustment_deadline_seconds": 604801}, 422, "phase_too_long"},
			{"a zone that does not exist", map[string]any{"deadline_at": map[string]any{"time": "20:00", "zone": "Mars/Olympus"}}, 422, "bad_time_zone"},
			{"a time of day past midnight", map[string]any{"deadline_at": map[string]any{"time": "25:00", "zone": "UTC"}}, 422, "bad_time_of_day"},
			{"a field deadline_at does not have", map[string]any{"deadline_at": map[string]any{"time": "20:00", "zone": "UTC", "weekends": true}}, 400, ""},
			{"a reason of two lines", map[string]any{"phase_deadline_seconds": 3600, "reason": "one\ntwo"}, 422, "reason_invalid"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				wantCode(t, a.do("POST", path, tc.body), tc.status, tc.code)
			})
		}
		before := a.lengths(id)
		if before.PhaseSeconds != 60 || before.DeadlineAt != nil || before.Deadline == nil {
			t.Fatalf("the refusals changed the schedule: %+v", before)
		}

		// An hour a phase, ten minutes for retreats, a quarter of an
		// hour for adjustments, at 20:00 in Paris.
		a.must(200, "POST", path, map[string]any{"phase_deadline_seconds": 3600, "retreat_deadline_seconds": 600,
			"adjustment_deadline_seconds": 900, "deadline_at": map[string]any{"time": "20:00", "zone": "Europe/Paris"}, "reason": "the players asked for evenings"})
		v := b.lengths(id)
		if v.PhaseSeconds != 3600 || v.RetreatSeconds != 600 || v.AdjustmentSeconds != 900 || v.DeadlineAt == nil ||
			v.DeadlineAt.Time != "20:00" || v.DeadlineAt.Zone != "Europe/Paris" {
			t.Fatalf("the new schedule: %+v", v)
		}
		if !v.Deadline.Equal(*before.Deadline) {
			t.Fatalf("the phase being played changed its deadline: %v, was %v", v.Deadline, before.Deadline)
		}
		var journal struct {
			Entries []struct {
				At                time.Time
				Action, Who       string
				Reason            string
				Seconds           int
				RetreatSeconds    int                          `json:"retreat_seconds"`
				AdjustmentSeconds int                          `json:"adjustment_seconds"`
				DeadlineAt        *struct{ Time, Zone string } `json:"deadline_at"`
			}
		}
		c.must(200, "GET", "/games/"+id+"/log", nil).json(t, &journal)
		if n := len(journal.Entries); n != 1 {
			t.Fatalf("log: %+v", journal.Entries)
		}
		if l := journal.Entries[0]; l.Action != "lengths" || l.Who != a.name || l.Reason != "the players asked for evenings" ||
			l.Seconds != 3600 || l.RetreatSeconds != 600 || l.AdjustmentSeconds != 900 || l.DeadlineAt == nil || l.DeadlineAt.Zone != "Europe/Paris" ||
			l.At.Before(time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC)) {
			t.Fatalf("log entry: %+v", l)
		}

		// The phase is played at its old deadline; the next ends at the
		// first 20:00 in Paris an hour or more later: 19:00 UTC.
		// (A phase in which nobody owes orders, a retreat of bots, is due
		// at once and played: the one after it has the schedule.)
		a.playPhase(id)
		evening := time.Date(2026, 11, 2, 19, 0, 0, 0, time.UTC)
		if !eventually(t, func() bool { v := a.lengths(id); return v.Deadline != nil && v.Deadline.Equal(evening) }) {
			t.Fatalf("the next phase's deadline: %v, want 19:00 UTC", a.lengths(id).Deadline)
		}

		// Back to lengths alone: two minutes for every phase.
		a.must(200, "POST", path, map[string]any{"phase_deadline_seconds": 120, "retreat_deadline_seconds": 0,
			"adjustment_deadline_seconds": 0, "deadline_at": nil})
		v = a.lengths(id)
		if v.PhaseSeconds != 120 || v.RetreatSeconds != 0 || v.AdjustmentSeconds != 0 || v.DeadlineAt != nil {
			t.Fatalf("the schedule cleared: %+v", v)
		}
		if !v.Deadline.Equal(evening) {
			t.Fatalf("the phase being played changed its deadline: %v", v.Deadline)
		}
		seq := a.steward(id).Seq
		e.clock.setClock(evening.Add(time.Second))
		a.waitSeq(id, seq+1)
		left := func() time.Duration {
			if d := a.lengths(id).Deadline; d != nil {
				return d.Sub(e.clock.Now())
			}
			return 0
		}
		if !eventually(t, func() bool { l := left(); return l > 60*time.Second && l <= 120*time.Second }) {
			t.Fatalf("the next phase has %v, want two minutes", left())
		}

		// A finished game's lengths are not changed.
		f := a.newGame(map[string]any{"variant": "standard", "bots": true, "power": "England"})
		a.must(200, "POST", "/games/"+f+"/cancel", nil)
		wantCode(t, a.do("POST", "/games/"+f+"/lengths", map[string]any{"phase_deadline_seconds": 3600}), 409, "not_in_play")
		if got := a.log(id); len(got) != 2 || got[1].Action != "lengths" || got[1].Seconds != 120 {
			t.Fatalf("log: %+v", got)
		}
	})
}
