package table

import (
	"errors"
	"testing"
	"time"
)

// TestDeadlinesAtATimeOfDayFollowTheZonesClocks: 20:00 in Paris is
// 18:00 UTC before the last Sunday of October and 19:00 UTC after it;
// a phase's deadline is the first 20:00 at least its length after it
// begins, a weekday's when weekends are skipped.
func TestDeadlinesAtATimeOfDayFollowTheZonesClocks(t *testing.T) {
	utc := func(s string) time.Time {
		v, err := time.Parse(time.RFC3339, s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	paris := &DailyAt{Time: "20:00", Zone: "Europe/Paris"}
	weekdays := &DailyAt{Time: "20:00", Zone: "Europe/Paris", SkipWeekends: true}
	tests := []struct {
		name  string
		at    *DailyAt
		secs  int
		begin string
		want  string
	}{
		// 2026-10-25 is the last Sunday of October: at 03:00 CEST
		// clocks go back to 02:00 CET.
		{"a summer evening's phase ends the next evening at 20:00 CEST", paris, 12 * 3600, "2026-10-23T18:00:00Z", "2026-10-24T18:00:00Z"},
		{"the phase across the change lasts 25 hours and ends at 20:00 CET", paris, 12 * 3600, "2026-10-24T18:00:00Z", "2026-10-25T19:00:00Z"},
		{"after the change the evening is 19:00 UTC", paris, 12 * 3600, "2026-10-25T19:00:00Z", "2026-10-26T19:00:00Z"},
		{"a short phase begun before 20:00 ends the same evening", paris, 60, "2026-10-25T10:00:00Z", "2026-10-25T19:00:00Z"},
		{"a phase whose length ends at 20:00 exactly ends then", paris, 3600, "2026-10-26T18:00:00Z", "2026-10-26T19:00:00Z"},
		{"a Friday evening's phase skips the weekend to Monday, after the change", weekdays, 12 * 3600, "2026-10-23T18:00:00Z", "2026-10-26T19:00:00Z"},
		{"a Saturday's phase skips to Monday", weekdays, 60, "2026-10-24T09:00:00Z", "2026-10-26T19:00:00Z"},
		{"a Monday's long phase ends at the first weekday evening after it", weekdays, 5 * 24 * 3600, "2026-10-26T19:00:00Z", "2026-11-02T19:00:00Z"},
		// In March clocks go forward: 20:00 is 19:00 UTC before, 18:00 after.
		{"the spring change shortens the phase to 23 hours", paris, 12 * 3600, "2026-03-28T19:00:00Z", "2026-03-29T18:00:00Z"},
		{"Tokyo has no daylight-saving time", &DailyAt{Time: "09:30", Zone: "Asia/Tokyo"}, 60, "2026-10-24T18:00:00Z", "2026-10-25T00:30:00Z"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tab := &Table{}
			if err := tab.SetSchedule(Schedule{PhaseSeconds: tt.secs, At: tt.at}); err != nil {
				t.Fatal(err)
			}
			got := tab.NextDeadline(utc(tt.begin), MainPhase)
			if want := utc(tt.want); !got.Equal(want) {
				t.Errorf("deadline %v, want %v", got.UTC(), want)
			}
		})
	}
}

// TestRetreatsAndAdjustmentsHaveTheirOwnLengths: a retreat or adjustment
// phase with a length of its own ends after it, not at the time of day.
func TestRetreatsAndAdjustmentsHaveTheirOwnLengths(t *testing.T) {
	tab := &Table{}
	if err := tab.SetSchedule(Schedule{PhaseSeconds: 86400, RetreatSeconds: 3600, At: &DailyAt{Time: "20:00", Zone: "UTC"}}); err != nil {
		t.Fatal(err)
	}
	begin := time.Date(2026, 10, 1, 12, 0, 0, 0, time.UTC)
	if got, want := tab.NextDeadline(begin, RetreatPhase), begin.Add(time.Hour); !got.Equal(want) {
		t.Errorf("retreat: %v, want %v", got, want)
	}
	if got, want := tab.NextDeadline(begin, AdjustmentPhase), time.Date(2026, 10, 2, 20, 0, 0, 0, time.UTC); !got.Equal(want) {
		t.Errorf("adjustment (no length of its own): %v, want %v", got, want)
	}
	if got, want := tab.NextDeadline(begin, MainPhase), time.Date(2026, 10, 2, 20, 0, 0, 0, time.UTC); !got.Equal(want) {
		t.Errorf("movement: %v, want %v", got, want)
	}
}

// TestSchedulesThatCannotBeAreRefusedByCode: each refusal names itself.
func TestSchedulesThatCannotBeAreRefusedByCode(t *testing.T) {
	tests := []struct {
		name string
		s    Schedule
		code string
	}{
		{"a phase of 0 seconds", Schedule{PhaseSeconds: 0}, CodePhaseTooShort},
		{"a phase over 7 days", Schedule{PhaseSeconds: 604801}, CodePhaseTooLong},
		{"a retreat over 7 days", Schedule{PhaseSeconds: 60, RetreatSeconds: 604801}, CodePhaseTooLong},
		{"an adjustment of less than nothing", Schedule{PhaseSeconds: 60, AdjustmentSeconds: -5}, CodePhaseTooShort},
		{"a zone that does not exist", Schedule{PhaseSeconds: 60, At: &DailyAt{Time: "20:00", Zone: "Europe/Atlantis"}}, CodeBadZone},
		{"the server's own zone", Schedule{PhaseSeconds: 60, At: &DailyAt{Time: "20:00", Zone: "Local"}}, CodeBadZone},
		{"no zone", Schedule{PhaseSeconds: 60, At: &DailyAt{Time: "20:00"}}, CodeBadZone},
		{"a path for a zone", Schedule{PhaseSeconds: 60, At: &DailyAt{Time: "20:00", Zone: "../../etc/passwd"}}, CodeBadZone},
		{"24:00", Schedule{PhaseSeconds: 60, At: &DailyAt{Time: "24:00", Zone: "UTC"}}, CodeBadTimeOfDay},
		{"8pm", Schedule{PhaseSeconds: 60, At: &DailyAt{Time: "8pm", Zone: "UTC"}}, CodeBadTimeOfDay},
		{"seconds", Schedule{PhaseSeconds: 60, At: &DailyAt{Time: "20:00:00", Zone: "UTC"}}, CodeBadTimeOfDay},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.s.Check()
			var te *Error
			if !errors.As(err, &te) || te.Code != tt.code || !errors.Is(err, ErrInvalid) {
				t.Fatalf("got %v, want a refusal coded %s", err, tt.code)
			}
		})
	}
	if _, err := (Schedule{PhaseSeconds: 604800, RetreatSeconds: 1, At: &DailyAt{Time: "00:00", Zone: "UTC"}}).Check(); err != nil {
		t.Errorf("7 days, a second and midnight UTC: %v", err)
	}
}
