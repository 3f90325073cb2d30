package variants_test

import (
	"strings"
	"testing"

	"github.com/chancery/chancery/internal/phasetest"
	"github.com/chancery/chancery/rules"
)

// TestVDiplomacyColonial runs vDiplomacy's own test cases for its Colonial
// variant, revision 2.2 (../shared/reference/vdiplomacy-tests/colonial.txt:
// 81 cases, SUEZ.* and TSR.*), each as a subtest named by its id. The
// SUEZ cases come first; the TSR cases follow with the railway.
//
// vDiplomacy's framework knows three outcomes. "Success" is a legal order
// that was carried out, and also a railway move that ended part-way: here
// such a move fails (bounced, with a note saying where it stopped) and the
// case's WantUnits says where it ended. vDiplomacy reveals that only
// through "tester" units beyond the obstacle (F Okhotsk Sea - Vladivostok,
// A Odessa - Moscow), which bounce only when the railway army got that
// far; every tester's outcome here is vDiplomacy's. "Hold" is an order
// that failed or a unit that did not move; "Dislodged" a dislodged unit.
// vDiplomacy's order form refuses illegal orders; here they are illegal
// results, with the reason. "F Suez Canal S <sea>" is vDiplomacy's
// permission order, written EGY PERMITS F <sea> - <other sea> here; its
// "F Suez Canal Hold" (no permission) is simply no order.
//
// The file's conversion lost the id lines of the first case of six
// sections (their orders follow the section titles "(Basic usage)",
// "(Units along route)", "(FINAL TERRITORY (INCL SUPPORT))", "(RETURNING
// TSR TERRITORIES)", "(HEAD TO HEAD (INCL SUPPORT))" and "(DISLODGEMENT
// CASES OF UNSUCCESSFULL TSRS)"): they are here as TSR.A1, TSR.B1a,
// TSR.C1, TSR.D1, TSR.E1 and TSR.F1, the ids the sections' numbering gives
// them.
func TestVDiplomacyColonial(t *testing.T) {
	phasetest.Run(t, colonialCases(t, vdipColonial))
}

// colonialCases sets the variant of each case and, when a case lists no
// units, puts on the board the unit each order names (as vDiplomacy's
// cases do).
func colonialCases(t *testing.T, cs []phasetest.Case) []phasetest.Case {
	t.Helper()
	_, names := colonial(t)
	out := append([]phasetest.Case(nil), cs...)
	for i := range out {
		c := &out[i]
		c.Variant = "colonial"
		if c.Phase == "" {
			c.Phase = "spring 1870 movement"
		}
		if c.Units != "" {
			continue
		}
		var units []string
		for _, l := range strings.Split(c.Orders, "\n") {
			l = strings.TrimSpace(l)
			if l == "" || strings.HasPrefix(l, "//") {
				continue
			}
			body, _, _ := strings.Cut(l, "=>")
			who, text, _ := strings.Cut(body, ":")
			pw, ok := names.Power(strings.TrimSpace(who))
			if !ok {
				t.Fatalf("%s: unknown power in %q", c.ID, l)
			}
			o, err := names.ParseOrder(text, pw, rules.MovementPhase)
			if err != nil {
				t.Fatalf("%s: %v", c.ID, err)
			}
			if o.Kind == rules.Permit {
				continue
			}
			units = append(units, strings.TrimSpace(who)+": "+o.Unit.Letter()+" "+names.LocString(o.At))
		}
		c.Units = strings.Join(units, "\n")
	}
	return out
}

var vdipColonial = []phasetest.Case{
	// The Suez Canal.
	{ID: "SUEZ.A1", Title: "Suez permission with unit in Egypt",
		Orders: `
			Britain: A Egypt Hold => succeeds
			Britain: Egypt PERMITS F Mediterranean Sea - Red Sea => succeeds
			Turkey: F Mediterranean Sea Hold => succeeds`},
	// Documented invalid by vDiplomacy (its form refuses the order).
	{ID: "SUEZ.A2", Title: "No Suez permission without unit in Egypt",
		Orders: `
			Britain: Egypt PERMITS F Mediterranean Sea - Red Sea => not_gatekeeper
			Turkey: F Mediterranean Sea Hold => succeeds`},
	// Documented invalid.
	{ID: "SUEZ.A3", Title: "No Suez permission with foreign unit in Egypt",
		Orders: `
			Turkey: A Egypt Hold => succeeds
			Britain: Egypt PERMITS F Mediterranean Sea - Red Sea => not_gatekeeper
			Turkey: F Mediterranean Sea Hold => succeeds`},
	{ID: "SUEZ.A4", Title: "Suez permission even valid if unit leaves Egypt",
		Orders: `
			Britain: A Egypt - Syria => succeeds
			Britain: Egypt PERMITS F Mediterranean Sea - Red Sea => succeeds
			Turkey: F Mediterranean Sea Hold => succeeds`,
		WantUnits: `
			Britain: A Syria
			Turkey: F Mediterranean Sea`},
	// Documented invalid: only a unit that stood in Egypt at the start of
	// the turn gives permission.
	{ID: "SUEZ.A5", Title: "Suez permission not valid if unit just enters Egypt",
		Orders: `
			Britain: A Syria - Egypt => succeeds
			Britain: Egypt PERMITS F Mediterranean Sea - Red Sea => not_gatekeeper
			Turkey: F Mediterranean Sea Hold => succeeds`},
	{ID: "SUEZ.A6", Title: "Suez permission if Egyptian unit is dislodged",
		Orders: `
			Britain: A Egypt Hold => dislodged
			Britain: Egypt PERMITS F Mediterranean Sea - Red Sea => succeeds
			Turkey: F Mediterranean Sea S F Syria - Egypt => succeeds
			Turkey: F Syria - Egypt => succeeds`,
		WantDislodged: `Britain: A Egypt`,
		WantUnits: `
			Turkey: F Mediterranean Sea
			Turkey: F Egypt`},
	{ID: "SUEZ.B1", Title: "Suez canal navigable with permission",
		Orders: `
			Britain: F Egypt Hold => succeeds
			Britain: Egypt PERMITS F Mediterranean Sea - Red Sea => succeeds
			Turkey: F Mediterranean Sea - Red Sea => succeeds`,
		WantUnits: `
			Britain: F Egypt
			Turkey: F Red Sea`},
	// vDiplomacy's "F Suez Canal Hold" gives no permission: no order here.
	{ID: "SUEZ.B2", Title: "Suez canal not navigable without permission",
		Orders: `
			Britain: F Egypt Hold => succeeds
			Turkey: F Mediterranean Sea - Red Sea => no_permission`,
		WantUnits: `
			Britain: F Egypt
			Turkey: F Mediterranean Sea`},
	{ID: "SUEZ.B3", Title: "Suez canal only navigable in one direction",
		Orders: `
			Britain: F Egypt Hold => succeeds
			Britain: Egypt PERMITS F Red Sea - Mediterranean Sea => succeeds
			Turkey: F Mediterranean Sea - Red Sea => no_permission
			Turkey: F Red Sea - Eritrea => succeeds`,
		WantUnits: `
			Britain: F Egypt
			Turkey: F Mediterranean Sea
			Turkey: F Eritrea`},
	// The point is that the support is legal; the Red Sea fleet holds, so
	// the support is void (vDiplomacy: Success, a support not cut).
	{ID: "SUEZ.C1", Title: "Support move for Suez move valid",
		Orders: `
			Britain: F Syria S F Red Sea - Mediterranean Sea => void
			Turkey: F Red Sea Hold => succeeds`},
	// One permission a turn: the British fleet has none, so its move is
	// illegal and it holds (vDiplomacy: Dislodged), and the support of it
	// is void (vDiplomacy: Hold).
	{ID: "SUEZ.C2", Title: "Head-to-head through Suez with support",
		Orders: `
			Turkey: A Egypt Hold => succeeds
			Turkey: Egypt PERMITS F Red Sea - Mediterranean Sea => succeeds
			Britain: F Mediterranean Sea - Red Sea => no_permission
			Britain: F Eritrea S F Mediterranean Sea - Red Sea => void
			Holland: F Red Sea - Mediterranean Sea => succeeds
			Holland: F Syria S F Red Sea - Mediterranean Sea => succeeds`,
		WantDislodged: `Britain: F Mediterranean Sea`,
		WantUnits: `
			Turkey: A Egypt
			Britain: F Eritrea
			Holland: F Mediterranean Sea
			Holland: F Syria`},
	{ID: "SUEZ.D1", Title: "No support hold through Suez canal",
		Orders: `
			Britain: F Egypt Hold => succeeds
			Britain: Egypt PERMITS F Mediterranean Sea - Red Sea => succeeds
			Turkey: F Mediterranean Sea S F Red Sea => cannot_support
			Turkey: F Red Sea Hold => succeeds`},
	// vDiplomacy's case names no unit in Eritrea; one is needed for the
	// support to be about something.
	{ID: "SUEZ.D2", Title: "No support move through Suez canal",
		Units: `
			Britain: F Egypt
			Turkey: F Mediterranean Sea
			Turkey: F Eritrea`,
		Orders: `
			Britain: F Egypt Hold => succeeds
			Britain: Egypt PERMITS F Mediterranean Sea - Red Sea => succeeds
			Turkey: F Mediterranean Sea S F Eritrea - Red Sea => cannot_support`},
	{ID: "SUEZ.D3", Title: "No convoy through Suez canal",
		Orders: `
			Britain: F Egypt Hold => succeeds
			Britain: Egypt PERMITS F Mediterranean Sea - Red Sea => succeeds
			Turkey: F Mediterranean Sea C A Eritrea - Syria => cannot_convoy
			Turkey: F Red Sea C A Eritrea - Syria => cannot_convoy
			Turkey: A Eritrea - Syria via convoy => not_adjacent`},
}
