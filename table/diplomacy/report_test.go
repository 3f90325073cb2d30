package diplomacy

import (
	"testing"

	"github.com/chancery/chancery/variants"
)

// TestReportsAddUp plays a game in which a person holds while bots
// attack, and reads the report of every phase for the person's power:
// the centres won and lost, phase by phase, add up to the centres held at
// the end, and what the power lost is reported.
func TestReportsAddUp(t *testing.T) {
	k := New(variants.MustLoad())
	d, r, recs := playedGame(t, k, "standard", 40)
	power := d.g.PowerOf("u1")
	first, ok, err := d.Report(r, "u1", 0)
	if err != nil || !ok {
		t.Fatalf("the first phase's report: %v, %v", ok, err)
	}
	held := first.Centres - len(first.CentresWon) + len(first.CentresLost)
	lost := 0
	for seq := range recs.phases {
		rep, ok, err := d.Report(r, "u1", seq)
		if err != nil || !ok {
			t.Fatalf("phase %d: %v, %v", seq, ok, err)
		}
		if rep.Power != power || rep.Phase != recs.phases[seq].Name {
			t.Errorf("phase %d reported as %s's %q", seq, rep.Power, rep.Phase)
		}
		held += len(rep.CentresWon) - len(rep.CentresLost)
		if held != rep.Centres {
			t.Fatalf("phase %d: %d centres by the reports, %d reported", seq, held, rep.Centres)
		}
		if len(rep.Moved) > 0 || len(rep.Bounced) > 0 {
			t.Errorf("phase %d: a power that gave no orders moved %q, failed %q", seq, rep.Moved, rep.Bounced)
		}
		lost += len(rep.CentresLost) + len(rep.Dislodged) + len(rep.Disbanded)
	}
	end := 0
	for _, owner := range d.g.Named().SupplyCenters {
		if owner == power {
			end++
		}
	}
	if held != end {
		t.Errorf("%d centres by the reports, %d at the end", held, end)
	}
	if lost == 0 {
		t.Errorf("%s, holding against bots for %d phases, lost nothing: the reports say nothing", power, len(recs.phases))
	}
	if _, ok, err := d.Report(r, "someone else", 0); ok || err != nil {
		t.Errorf("a report for a user without a seat: %v, %v", ok, err)
	}
}
