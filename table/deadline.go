package table

import (
	"fmt"
	"strings"
	"time"

	// The time zone database inside the binary: a deadline at a time of
	// day in a zone must not depend on the machine having zoneinfo.
	_ "time/tzdata"
)

// The codes of the refusals of a game's deadlines.
const (
	CodePhaseTooLong = "phase_too_long" // a phase longer than MaxPhaseSeconds
	CodeBadZone      = "bad_time_zone"  // deadline_at names no time zone
	CodeBadTimeOfDay = "bad_time_of_day"
)

// DailyAt puts a game's deadlines at a fixed time of day in a time zone,
// as people plan their evenings: "every day at 20:00 Europe/Paris".
type DailyAt struct {
	// Time is the time of day, "HH:MM" on a 24-hour clock.
	Time string `json:"time"`
	// Zone is a name of the IANA time zone database ("Europe/Paris",
	// "UTC").
	Zone string `json:"zone"`
	// SkipWeekends: a deadline never falls on a Saturday or a Sunday
	// (in Zone); it moves to the Monday.
	SkipWeekends bool `json:"skip_weekends,omitempty"`
}

// PhaseKind is what a phase asks of its players, as far as its length
// goes: Diplomacy's retreat and adjustment phases may be shorter than its
// movement phases. A kind without such phases uses MainPhase.
type PhaseKind int

// The kinds of phase.
const (
	MainPhase PhaseKind = iota
	RetreatPhase
	AdjustmentPhase
)

// DefaultDailyPhaseSeconds is the least a phase lasts, when its deadline
// is at a time of day and its creator gave no length: half a day, so that
// a phase that begins shortly before the time of day ends a day later
// rather than in a few minutes.
const DefaultDailyPhaseSeconds = 12 * 3600

// Schedule is when a game's phases end, as its creator chose.
type Schedule struct {
	// PhaseSeconds is the length of a phase (Diceplomacy: of a decision).
	PhaseSeconds int
	// RetreatSeconds and AdjustmentSeconds, when not 0, are the lengths
	// of retreat and adjustment phases, which then end after that long
	// whatever At says.
	RetreatSeconds, AdjustmentSeconds int
	// At, when set, puts the deadline at the first time of day it names
	// that is at least the phase's length after the phase begins.
	At *DailyAt
}

// Check refuses a schedule a game cannot have: a length outside 1 second
// to MaxPhaseSeconds, a time of day or a zone that does not read. It
// returns At in its canonical form (the zone as the database names it).
func (s Schedule) Check() (Schedule, error) {
	for _, l := range []struct {
		field string
		n     int
		opt   bool
	}{{"phase_deadline_seconds", s.PhaseSeconds, false}, {"retreat_deadline_seconds", s.RetreatSeconds, true},
		{"adjustment_deadline_seconds", s.AdjustmentSeconds, true}} {
		if l.opt && l.n == 0 {
			continue
		}
		if l.n < MinPhaseSeconds {
			return s, Codedf(ErrInvalid, CodePhaseTooShort, "%s: at least %d second", l.field, MinPhaseSeconds)
		}
		if l.n > MaxPhaseSeconds {
			return s, Codedf(ErrInvalid, CodePhaseTooLong, "%s: at most %d seconds (7 days), not %d", l.field, MaxPhaseSeconds, l.n)
		}
	}
	if s.At != nil {
		at := *s.At
		if _, _, err := at.clock(); err != nil {
			return s, err
		}
		if _, err := at.location(); err != nil {
			return s, err
		}
		s.At = &at
	}
	return s, nil
}

// clock reads the time of day.
func (a *DailyAt) clock() (hour, minute int, err error) {
	bad := Codedf(ErrInvalid, CodeBadTimeOfDay, "deadline_at.time: a time of day as HH:MM (00:00 to 23:59), not %q", a.Time)
	if len(a.Time) != 5 || a.Time[2] != ':' {
		return 0, 0, bad
	}
	digits := func(s string) (int, bool) {
		if s[0] < '0' || s[0] > '9' || s[1] < '0' || s[1] > '9' {
			return 0, false
		}
		return int(s[0]-'0')*10 + int(s[1]-'0'), true
	}
	h, ok1 := digits(a.Time[:2])
	m, ok2 := digits(a.Time[3:])
	if !ok1 || !ok2 || h > 23 || m > 59 {
		return 0, 0, bad
	}
	return h, m, nil
}

// location loads the zone from the time zone database (embedded in the
// binary). "Local", the server's own zone, is no zone a player chose.
func (a *DailyAt) location() (*time.Location, error) {
	if a.Zone == "" || strings.EqualFold(a.Zone, "local") {
		return nil, Codedf(ErrInvalid, CodeBadZone, "deadline_at.zone: a time zone of the IANA database, such as Europe/Paris or UTC")
	}
	loc, err := time.LoadLocation(a.Zone)
	if err != nil {
		return nil, Codedf(ErrInvalid, CodeBadZone, "deadline_at.zone: no time zone %q (a name of the IANA database, such as Europe/Paris or UTC)", a.Zone)
	}
	return loc, nil
}

// Next returns the first moment at or after t that is the time of day in
// the zone, on a weekday when weekends are skipped. The calendar and the
// daylight-saving changes are the time zone database's: 20:00 in Paris is
// 18:00 UTC in summer and 19:00 UTC in winter. A time of day that a
// change skips (02:30 on the night clocks go forward) is read as
// time.Date reads it, an hour later.
func (a *DailyAt) Next(t time.Time) (time.Time, error) {
	h, m, err := a.clock()
	if err != nil {
		return time.Time{}, err
	}
	loc, err := a.location()
	if err != nil {
		return time.Time{}, err
	}
	local := t.In(loc)
	y, mo, d := local.Date()
	for i := 0; i < 10; i++ { // a week and a weekend cover every case
		at := time.Date(y, mo, d+i, h, m, 0, 0, loc)
		if at.Before(t) {
			continue
		}
		if wd := at.Weekday(); a.SkipWeekends && (wd == time.Saturday || wd == time.Sunday) {
			continue
		}
		return at, nil
	}
	return time.Time{}, fmt.Errorf("no deadline at %s %s after %v", a.Time, a.Zone, t)
}

// Schedule returns the table's schedule.
func (t *Table) Schedule() Schedule {
	return Schedule{PhaseSeconds: t.PhaseSeconds, RetreatSeconds: t.RetreatSeconds,
		AdjustmentSeconds: t.AdjustmentSeconds, At: t.DeadlineAt}
}

// SetSchedule gives the table a schedule, once Check has passed it.
func (t *Table) SetSchedule(s Schedule) error {
	s, err := s.Check()
	if err != nil {
		return err
	}
	t.PhaseSeconds, t.RetreatSeconds, t.AdjustmentSeconds, t.DeadlineAt = s.PhaseSeconds, s.RetreatSeconds, s.AdjustmentSeconds, s.At
	return nil
}

// NextDeadline returns the deadline of a phase of kind k that begins at
// begin: after the phase's length (a retreat or adjustment phase's own,
// when it has one), then, when the deadlines are at a time of day, at the
// first such time after that. A schedule that no longer reads (a zone the
// time zone database dropped) falls back to the length alone, so that a
// game never stalls for it. A sandbox has no deadline: its phases are
// played when its player says every power is ready.
func (t *Table) NextDeadline(begin time.Time, k PhaseKind) time.Time {
	switch {
	case t.Sandbox:
		return time.Time{}
	case k == RetreatPhase && t.RetreatSeconds > 0:
		return begin.Add(time.Duration(t.RetreatSeconds) * time.Second)
	case k == AdjustmentPhase && t.AdjustmentSeconds > 0:
		return begin.Add(time.Duration(t.AdjustmentSeconds) * time.Second)
	}
	end := begin.Add(time.Duration(t.PhaseSeconds) * time.Second)
	if t.DeadlineAt == nil {
		return end
	}
	at, err := t.DeadlineAt.Next(end)
	if err != nil {
		return end
	}
	return at
}
