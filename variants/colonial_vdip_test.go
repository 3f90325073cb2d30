package variants_test

import (
	"strings"
	"testing"

	"github.com/chancery/chancery/internal/phasetest"
	"github.com/chancery/chancery/rules"
)

// TestVDiplomacyColonial runs vDiplomacy's own test cases for its Colonial
// variant, revision 2.2 (../shared/reference/vdiplomacy-tests/colonial.txt:
// 81 cases, SUEZ.* and TSR.*), each as a subtest named by its id.
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
			if o.Type == rules.Permit {
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

	// The Trans-Siberian Railroad: Moscow - Perm - Omsk - Krasnoyarsk -
	// Irkutsk - Vladivostok. Basic usage.
	{ID: "TSR.A1", Title: "Basic usage (id lost in the file)",
		Orders:    `Russia: A Perm - Vladivostok via TSR => succeeds`,
		WantUnits: `Russia: A Vladivostok`},
	{ID: "TSR.A2", Title: "Only Russia may use the TSR",
		Orders:    `China: A Perm - Vladivostok via TSR => not_allowed`,
		WantUnits: `China: A Perm`},
	// Documented invalid: the second railway move is refused; the army in
	// Irkutsk holds and, being Russian, does not hinder the first.
	{ID: "TSR.A3", Title: "Only one unit may use the TSR",
		Orders: `
			Russia: A Perm - Vladivostok via TSR => succeeds
			Russia: A Irkutsk - Omsk via TSR => not_allowed`,
		WantUnits: `
			Russia: A Vladivostok
			Russia: A Irkutsk`},
	{ID: "TSR.A4", Title: "Only armies may use the TSR",
		Orders:    `Russia: F Vladivostok - Omsk via TSR => not_allowed`,
		WantUnits: `Russia: F Vladivostok`},

	// Units along the route. The tester in Odessa bounces in Moscow: the
	// railway army got there, bounced too, and stopped in Perm.
	{ID: "TSR.B1a", Title: "Ignore Russian unit holding/supporting on route (id lost in the file)",
		Orders: `
			Russia: A Vladivostok - Moscow via TSR => bounced
			Russia: A Omsk S A Akmolinsk => succeeds
			China: A Akmolinsk Hold => succeeds
			Turkey: A Odessa - Moscow => bounced`,
		WantUnits: `
			Russia: A Perm
			Russia: A Omsk
			China: A Akmolinsk
			Turkey: A Odessa`},
	{ID: "TSR.B1b", Title: "Ignore Russian unit moving along route against TSR movement",
		Orders: `
			Russia: A Vladivostok - Moscow via TSR => bounced
			Russia: A Omsk - Krasnoyarsk => succeeds
			Turkey: A Odessa - Moscow => bounced`,
		WantUnits: `
			Russia: A Perm
			Russia: A Krasnoyarsk
			Turkey: A Odessa`},
	{ID: "TSR.B1c", Title: "Ignore Russian unit moving along route with TSR movement",
		Orders: `
			Russia: A Vladivostok - Moscow via TSR => bounced
			Russia: A Krasnoyarsk - Omsk => succeeds
			Turkey: A Odessa - Moscow => bounced`,
		WantUnits: `
			Russia: A Perm
			Russia: A Omsk
			Turkey: A Odessa`},
	{ID: "TSR.B1d", Title: "Ignore Russian unit entering the route",
		Orders: `
			Russia: A Vladivostok - Moscow via TSR => bounced
			Russia: A Akmolinsk - Omsk => succeeds
			Turkey: A Odessa - Moscow => bounced`,
		WantUnits: `
			Russia: A Perm
			Russia: A Omsk
			Turkey: A Odessa`},
	{ID: "TSR.B1e", Title: "Ignore Russian unit leaving the route",
		Orders: `
			Russia: A Vladivostok - Moscow via TSR => bounced
			Russia: A Omsk - Akmolinsk => succeeds
			Turkey: A Odessa - Moscow => bounced`,
		WantUnits: `
			Russia: A Perm
			Russia: A Akmolinsk
			Turkey: A Odessa`},
	{ID: "TSR.B2a", Title: "Foreign unit holding/supporting on route blocks route and a support is not cut",
		Orders: `
			Russia: A Vladivostok - Moscow via TSR => bounced
			China: A Omsk S A Akmolinsk => succeeds
			China: A Akmolinsk Hold => succeeds
			Turkey: A Odessa - Moscow => succeeds`,
		WantUnits: `
			Russia: A Krasnoyarsk
			China: A Omsk
			China: A Akmolinsk
			Turkey: A Moscow`},
	{ID: "TSR.B2b", Title: "Foreign unit moving along route against TSR movement blocks route with standoff",
		Orders: `
			Russia: A Vladivostok - Moscow via TSR => bounced
			China: A Omsk - Krasnoyarsk => bounced
			Turkey: A Odessa - Moscow => succeeds`,
		WantUnits: `
			Russia: A Irkutsk
			China: A Omsk
			Turkey: A Moscow`},
	{ID: "TSR.B2c", Title: "Foreign unit moving along route with TSR movement blocks route",
		Orders: `
			Russia: A Vladivostok - Moscow via TSR => bounced
			China: A Krasnoyarsk - Omsk => succeeds
			Turkey: A Odessa - Moscow => succeeds`,
		WantUnits: `
			Russia: A Irkutsk
			China: A Omsk
			Turkey: A Moscow`},
	{ID: "TSR.B2d", Title: "Foreign unit entering the route blocks route with standoff",
		Orders: `
			Russia: A Vladivostok - Moscow via TSR => bounced
			China: A Akmolinsk - Omsk => bounced
			Turkey: A Odessa - Moscow => succeeds`,
		WantUnits: `
			Russia: A Krasnoyarsk
			China: A Akmolinsk
			Turkey: A Moscow`},
	{ID: "TSR.B2e", Title: "Foreign unit leaving the route does not block the route",
		Orders: `
			Russia: A Vladivostok - Moscow via TSR => bounced
			China: A Omsk - Akmolinsk => succeeds
			Turkey: A Odessa - Moscow => bounced`,
		WantUnits: `
			Russia: A Perm
			China: A Akmolinsk
			Turkey: A Odessa`},
	{ID: "TSR.B3a", Title: "A move chain blocks the route",
		Orders: `
			Russia: A Perm - Vladivostok via TSR => bounced
			Turkey: A Akmolinsk - Krasnoyarsk => bounced
			China: A Krasnoyarsk - Mongolia => succeeds
			Japan: F Okhotsk Sea - Vladivostok => succeeds`,
		WantUnits: `
			Russia: A Omsk
			Turkey: A Akmolinsk
			China: A Mongolia
			Japan: F Vladivostok`},
	{ID: "TSR.B3b", Title: "A blocked move chain still blocks the route",
		Orders: `
			Russia: A Perm - Vladivostok via TSR => bounced
			Turkey: A Akmolinsk - Krasnoyarsk => bounced
			China: A Krasnoyarsk - Mongolia => bounced
			Russia: A Mongolia Hold => succeeds
			Japan: F Okhotsk Sea - Vladivostok => succeeds`,
		WantUnits: `
			Russia: A Omsk
			Turkey: A Akmolinsk
			China: A Krasnoyarsk
			Russia: A Mongolia
			Japan: F Vladivostok`},
	{ID: "TSR.B3c", Title: "A blocked move chain with returning Russian still blocks the route",
		Orders: `
			Russia: A Perm - Vladivostok via TSR => bounced
			Turkey: A Akmolinsk - Krasnoyarsk => bounced
			Russia: A Krasnoyarsk - Mongolia => bounced
			China: A Mongolia Hold => succeeds
			Japan: F Okhotsk Sea - Vladivostok => succeeds`,
		WantUnits: `
			Russia: A Omsk
			Turkey: A Akmolinsk
			Russia: A Krasnoyarsk
			China: A Mongolia
			Japan: F Vladivostok`},
	{ID: "TSR.B3d", Title: "A blocked move chain with entering Russian does not block the route",
		Orders: `
			Russia: A Perm - Vladivostok via TSR => bounced
			Russia: A Akmolinsk - Krasnoyarsk => bounced
			China: A Krasnoyarsk - Mongolia => bounced
			Turkey: A Mongolia Hold => succeeds
			Japan: F Okhotsk Sea - Vladivostok => bounced`,
		WantUnits: `
			Russia: A Irkutsk
			Russia: A Akmolinsk
			China: A Krasnoyarsk
			Turkey: A Mongolia
			Japan: F Okhotsk Sea`},
	{ID: "TSR.B4a", Title: "A standoff on route does not block route",
		Orders: `
			Russia: A Perm - Vladivostok via TSR => bounced
			Turkey: A Akmolinsk - Krasnoyarsk => bounced
			China: A Mongolia - Krasnoyarsk => bounced
			Japan: F Okhotsk Sea - Vladivostok => bounced`,
		WantUnits: `
			Russia: A Irkutsk
			Turkey: A Akmolinsk
			China: A Mongolia
			Japan: F Okhotsk Sea`},
	{ID: "TSR.B4b", Title: "A standoff on route with Russian does not block route",
		Orders: `
			Russia: A Perm - Vladivostok via TSR => bounced
			Russia: A Akmolinsk - Krasnoyarsk => bounced
			China: A Mongolia - Krasnoyarsk => bounced
			Japan: F Okhotsk Sea - Vladivostok => bounced`,
		WantUnits: `
			Russia: A Irkutsk
			Russia: A Akmolinsk
			China: A Mongolia
			Japan: F Okhotsk Sea`},
	{ID: "TSR.B5a", Title: "A standoff on route with returning unit against direction",
		Orders: `
			Russia: A Moscow - Vladivostok via TSR => bounced
			Turkey: A Omsk - Krasnoyarsk => bounced
			China: A Mongolia - Krasnoyarsk => bounced
			Japan: F Okhotsk Sea - Vladivostok => succeeds`,
		WantUnits: `
			Russia: A Perm
			Turkey: A Omsk
			China: A Mongolia
			Japan: F Vladivostok`},
	{ID: "TSR.B5b", Title: "A standoff on route with returning Russian unit against direction",
		Orders: `
			Russia: A Moscow - Vladivostok via TSR => bounced
			Russia: A Omsk - Krasnoyarsk => bounced
			China: A Mongolia - Krasnoyarsk => bounced
			Japan: F Okhotsk Sea - Vladivostok => bounced`,
		WantUnits: `
			Russia: A Irkutsk
			Russia: A Omsk
			China: A Mongolia
			Japan: F Okhotsk Sea`},
	{ID: "TSR.B6a", Title: "A standoff on route with returning unit with direction",
		Orders: `
			Russia: A Moscow - Vladivostok via TSR => bounced
			Turkey: A Akmolinsk - Omsk => bounced
			China: A Krasnoyarsk - Omsk => bounced
			Japan: F Okhotsk Sea - Vladivostok => succeeds`,
		WantUnits: `
			Russia: A Perm
			Turkey: A Akmolinsk
			China: A Krasnoyarsk
			Japan: F Vladivostok`},
	// The file gives the unit in Krasnoyarsk to Britain, but the case's
	// title (and its outcome: the tester bounces, so the way was free) is
	// about a Russian unit: with a British one it would be TSR.B6a again,
	// which blocks (TestColonialB6bAsWritten shows it). The unit is
	// Russian here.
	{ID: "TSR.B6b", Title: "A standoff on route with returning Russian unit with direction",
		Orders: `
			Russia: A Moscow - Vladivostok via TSR => bounced
			Turkey: A Akmolinsk - Omsk => bounced
			Russia: A Krasnoyarsk - Omsk => bounced
			Japan: F Okhotsk Sea - Vladivostok => bounced`,
		WantUnits: `
			Russia: A Irkutsk
			Turkey: A Akmolinsk
			Russia: A Krasnoyarsk
			Japan: F Okhotsk Sea`},
	{ID: "TSR.B7a", Title: "A standoff on route with both units on route",
		Orders: `
			Russia: A Moscow - Vladivostok via TSR => bounced
			Turkey: A Omsk - Krasnoyarsk => bounced
			China: A Irkutsk - Krasnoyarsk => bounced
			Japan: F Okhotsk Sea - Vladivostok => succeeds`,
		WantUnits: `
			Russia: A Perm
			Turkey: A Omsk
			China: A Irkutsk
			Japan: F Vladivostok`},
	// The way is free; the army bounces in Vladivostok and goes back to
	// Perm, the nearest station that is empty and saw no standoff.
	{ID: "TSR.B7b", Title: "A standoff on route with both Russian units on route",
		Orders: `
			Russia: A Moscow - Vladivostok via TSR => bounced
			Russia: A Omsk - Krasnoyarsk => bounced
			Russia: A Irkutsk - Krasnoyarsk => bounced
			Japan: F Okhotsk Sea - Vladivostok => bounced`,
		WantUnits: `
			Russia: A Perm
			Russia: A Omsk
			Russia: A Irkutsk
			Japan: F Okhotsk Sea`},
	{ID: "TSR.B8a", Title: "A bounce by a holding Russian unit does not block the route",
		Orders: `
			Russia: A Irkutsk - Moscow via TSR => bounced
			Russia: A Omsk Hold => succeeds
			Britain: A Akmolinsk - Omsk => bounced
			Turkey: A Odessa - Moscow => bounced`,
		WantUnits: `
			Russia: A Perm
			Russia: A Omsk
			Britain: A Akmolinsk
			Turkey: A Odessa`},
	{ID: "TSR.B8b", Title: "A dislodged holding Russian unit results in blockade",
		Orders: `
			Russia: A Irkutsk - Moscow via TSR => bounced
			Russia: A Omsk Hold => dislodged
			Britain: A Akmolinsk - Omsk => succeeds
			Britain: A Orenburg S A Akmolinsk - Omsk => succeeds
			Turkey: A Odessa - Moscow => succeeds`,
		WantDislodged: `Russia: A Omsk`,
		WantUnits: `
			Russia: A Krasnoyarsk
			Britain: A Omsk
			Britain: A Orenburg
			Turkey: A Moscow`},
	{ID: "TSR.B9a", Title: "A temporary left territory does not block the route",
		Orders: `
			Russia: A Irkutsk - Moscow via TSR => bounced
			China: A Omsk - Akmolinsk => bounced
			Britain: A Akmolinsk Hold => succeeds
			Turkey: A Odessa - Moscow => bounced`,
		WantUnits: `
			Russia: A Perm
			China: A Omsk
			Britain: A Akmolinsk
			Turkey: A Odessa`},
	{ID: "TSR.B9b", Title: "Multiple temporary left territory do not block the route",
		Orders: `
			Russia: A Irkutsk - Moscow via TSR => bounced
			China: A Omsk - Akmolinsk => bounced
			Britain: A Krasnoyarsk - Akmolinsk => bounced
			Turkey: A Odessa - Moscow => bounced`,
		WantUnits: `
			Russia: A Perm
			China: A Omsk
			Britain: A Krasnoyarsk
			Turkey: A Odessa`},
	{ID: "TSR.B10", Title: "A dislodged unit still blocks the route",
		Orders: `
			Russia: A Perm - Vladivostok via TSR => bounced
			Russia: A Akmolinsk S A Mongolia - Krasnoyarsk => succeeds
			Russia: A Mongolia - Krasnoyarsk => succeeds
			China: A Krasnoyarsk Hold => dislodged
			Japan: F Okhotsk Sea - Vladivostok => succeeds`,
		WantDislodged: `China: A Krasnoyarsk`,
		WantUnits: `
			Russia: A Omsk
			Russia: A Akmolinsk
			Russia: A Krasnoyarsk
			Japan: F Vladivostok`},
	{ID: "TSR.B11", Title: "Just trying to standoff does not unblock route",
		Orders: `
			Russia: A Perm - Vladivostok via TSR => bounced
			Russia: A Akmolinsk - Krasnoyarsk => bounced
			China: A Mongolia - Krasnoyarsk => succeeds
			China: A Urumchi S A Mongolia - Krasnoyarsk => succeeds
			Japan: F Okhotsk Sea - Vladivostok => succeeds`,
		WantUnits: `
			Russia: A Omsk
			Russia: A Akmolinsk
			China: A Krasnoyarsk
			China: A Urumchi
			Japan: F Vladivostok`},
	{ID: "TSR.B12", Title: "A support cannot circumvent blockades",
		Orders: `
			Russia: A Vladivostok - Moscow via TSR => bounced
			China: A Omsk S A Akmolinsk => succeeds
			China: A Akmolinsk Hold => succeeds
			Turkey: A Odessa - Moscow => succeeds
			Russia: A Orenburg S A Vladivostok - Moscow => succeeds`,
		WantUnits: `
			Russia: A Krasnoyarsk
			China: A Omsk
			China: A Akmolinsk
			Turkey: A Moscow
			Russia: A Orenburg`},

	// The destination ("final territory"), with supports.
	{ID: "TSR.C1", Title: "No dislodgement in target territory (id lost in the file)",
		Orders: `
			Russia: A Omsk - Irkutsk via TSR => bounced
			China: A Irkutsk S A Mongolia => succeeds
			China: A Mongolia Hold => succeeds`,
		WantUnits: `
			Russia: A Krasnoyarsk
			China: A Irkutsk
			China: A Mongolia`},
	{ID: "TSR.C2", Title: "No dislodgement in target territory",
		Orders: `
			Russia: A Omsk - Irkutsk via TSR => bounced
			Japan: A Vladivostok S A Omsk - Irkutsk => succeeds
			China: A Irkutsk S A Mongolia => succeeds
			China: A Mongolia Hold => succeeds`,
		WantUnits: `
			Russia: A Krasnoyarsk
			Japan: A Vladivostok
			China: A Irkutsk
			China: A Mongolia`},
	{ID: "TSR.C3a", Title: "No dislodgment even if temporary left",
		Orders: `
			Russia: A Omsk - Irkutsk via TSR => bounced
			Japan: A Vladivostok S A Omsk - Irkutsk => succeeds
			China: A Irkutsk - Mongolia => bounced
			Russia: A Mongolia Hold => succeeds`,
		WantUnits: `
			Russia: A Krasnoyarsk
			Japan: A Vladivostok
			China: A Irkutsk
			Russia: A Mongolia`},
	{ID: "TSR.C3b", Title: "No dislodgment even if temporary left (special case: move against supporter)",
		Orders: `
			Russia: A Omsk - Irkutsk via TSR => bounced
			China: A Irkutsk - Mongolia => bounced
			Russia: A Mongolia S A Omsk - Irkutsk => succeeds`,
		WantUnits: `
			Russia: A Krasnoyarsk
			China: A Irkutsk
			Russia: A Mongolia`},
	{ID: "TSR.C4", Title: "Success if left",
		Orders: `
			Russia: A Omsk - Irkutsk via TSR => succeeds
			China: A Irkutsk - Mongolia => succeeds
			Russia: A Akmolinsk - Krasnoyarsk => succeeds`,
		WantUnits: `
			Russia: A Irkutsk
			China: A Mongolia
			Russia: A Krasnoyarsk`},
	// Krasnoyarsk is taken by the army from Akmolinsk: the railway army
	// has nowhere to stop and stays in Omsk.
	{ID: "TSR.C5", Title: "Standoff in target territory",
		Orders: `
			Russia: A Omsk - Irkutsk via TSR => bounced
			Japan: A Vladivostok - Irkutsk => bounced
			Russia: A Akmolinsk - Krasnoyarsk => succeeds`,
		WantUnits: `
			Russia: A Omsk
			Japan: A Vladivostok
			Russia: A Krasnoyarsk`},
	{ID: "TSR.C6", Title: "Bounce against supported move",
		Orders: `
			Russia: A Omsk - Irkutsk via TSR => bounced
			Japan: A Vladivostok - Irkutsk => succeeds
			Japan: A Manchuria S A Vladivostok - Irkutsk => succeeds`,
		WantUnits: `
			Russia: A Krasnoyarsk
			Japan: A Irkutsk
			Japan: A Manchuria`},
	{ID: "TSR.C7", Title: "Bounce with supported move",
		Orders: `
			Russia: A Omsk - Irkutsk via TSR => succeeds
			Japan: A Vladivostok - Irkutsk => bounced
			China: A Mongolia S A Omsk - Irkutsk => succeeds`,
		WantUnits: `
			Russia: A Irkutsk
			Japan: A Vladivostok
			China: A Mongolia`},
	{ID: "TSR.C8", Title: "Standoff due to supports",
		Orders: `
			Russia: A Omsk - Irkutsk via TSR => bounced
			Japan: A Vladivostok - Irkutsk => bounced
			China: A Mongolia S A Omsk - Irkutsk => succeeds
			Japan: A Manchuria S A Vladivostok - Irkutsk => succeeds
			Russia: A Akmolinsk - Krasnoyarsk => succeeds`,
		WantUnits: `
			Russia: A Omsk
			Japan: A Vladivostok
			China: A Mongolia
			Japan: A Manchuria
			Russia: A Krasnoyarsk`},
	{ID: "TSR.C9a", Title: "Defend with supported TSR",
		Orders: `
			Russia: A Omsk - Irkutsk via TSR => bounced
			Japan: A Vladivostok - Irkutsk => bounced
			China: A Mongolia S A Omsk - Irkutsk => succeeds
			Japan: A Manchuria S A Vladivostok - Irkutsk => succeeds
			Britain: A Irkutsk Hold => succeeds`,
		WantUnits: `
			Russia: A Krasnoyarsk
			Japan: A Vladivostok
			China: A Mongolia
			Japan: A Manchuria
			Britain: A Irkutsk`},
	{ID: "TSR.C9b", Title: "Defend with supported TSR (special case: defended try to cut their defense)",
		Orders: `
			Russia: A Omsk - Irkutsk via TSR => bounced
			Japan: A Vladivostok - Irkutsk => bounced
			China: A Mongolia S A Omsk - Irkutsk => succeeds
			Japan: A Manchuria S A Vladivostok - Irkutsk => succeeds
			Britain: A Irkutsk - Mongolia => bounced`,
		WantUnits: `
			Russia: A Krasnoyarsk
			Japan: A Vladivostok
			China: A Mongolia
			Japan: A Manchuria
			Britain: A Irkutsk`},
	// Britain's move along the line would reach Krasnoyarsk but for the
	// railway army: the line is blocked there, next to the start, so the
	// army stays in Omsk, never reaches Irkutsk and defends nothing.
	{ID: "TSR.C9c", Title: "Defend with supported TSR (special case: defended block their defense)",
		Orders: `
			Russia: A Omsk - Irkutsk via TSR => bounced
			Japan: A Vladivostok - Irkutsk => succeeds
			China: A Mongolia S A Omsk - Irkutsk => succeeds
			Japan: A Manchuria S A Vladivostok - Irkutsk => succeeds
			Britain: A Irkutsk - Krasnoyarsk => bounced`,
		WantDislodged: `Britain: A Irkutsk`,
		WantUnits: `
			Russia: A Omsk
			Japan: A Irkutsk
			China: A Mongolia
			Japan: A Manchuria`},
	{ID: "TSR.C10", Title: "Triple standoff",
		Orders: `
			Russia: A Omsk - Irkutsk via TSR => bounced
			Japan: A Vladivostok - Irkutsk => bounced
			Japan: A Manchuria - Irkutsk => bounced
			Russia: A Akmolinsk - Krasnoyarsk => succeeds`,
		WantUnits: `
			Russia: A Omsk
			Japan: A Vladivostok
			Japan: A Manchuria
			Russia: A Krasnoyarsk`},
	{ID: "TSR.C11a", Title: "Triple standoff with support for TSR",
		Orders: `
			Russia: A Omsk - Irkutsk via TSR => succeeds
			Japan: A Vladivostok - Irkutsk => bounced
			Japan: A Manchuria - Irkutsk => bounced
			Russia: A Krasnoyarsk S A Omsk - Irkutsk => succeeds`,
		WantUnits: `
			Russia: A Irkutsk
			Japan: A Vladivostok
			Japan: A Manchuria
			Russia: A Krasnoyarsk`},
	{ID: "TSR.C11b", Title: "Triple standoff with support for TSR and other",
		Orders: `
			Russia: A Omsk - Irkutsk via TSR => bounced
			Japan: A Vladivostok - Irkutsk => bounced
			China: A Manchuria - Irkutsk => bounced
			Russia: A Krasnoyarsk S A Omsk - Irkutsk => succeeds
			China: A Mongolia S A Manchuria - Irkutsk => succeeds`,
		WantUnits: `
			Russia: A Omsk
			Japan: A Vladivostok
			China: A Manchuria
			Russia: A Krasnoyarsk
			China: A Mongolia`},
	{ID: "TSR.C11c", Title: "Triple standoff with support others",
		Orders: `
			Russia: A Omsk - Irkutsk via TSR => bounced
			Japan: A Vladivostok - Irkutsk => bounced
			China: A Manchuria - Irkutsk => bounced
			Russia: A Krasnoyarsk S A Vladivostok - Irkutsk => succeeds
			China: A Mongolia S A Manchuria - Irkutsk => succeeds`,
		WantUnits: `
			Russia: A Omsk
			Japan: A Vladivostok
			China: A Manchuria
			Russia: A Krasnoyarsk
			China: A Mongolia`},
	{ID: "TSR.C12a", Title: "No standoff with foreign unit moving along TSR",
		Orders: `
			Russia: A Omsk - Irkutsk via TSR => bounced
			Japan: A Krasnoyarsk - Irkutsk => succeeds`,
		WantUnits: `
			Russia: A Omsk
			Japan: A Irkutsk`},
	{ID: "TSR.C12b", Title: "Standoff with Russian unit moving along TSR",
		Orders: `
			Russia: A Omsk - Irkutsk via TSR => bounced
			Russia: A Krasnoyarsk - Irkutsk => bounced`,
		WantUnits: `
			Russia: A Omsk
			Russia: A Krasnoyarsk`},

	// Returning along the way to a place to stop.
	{ID: "TSR.D1", Title: "TSR blocked on the way stops before the blockade (id lost in the file)",
		Orders: `
			Russia: A Moscow - Krasnoyarsk via TSR => bounced
			China: A Omsk Hold => succeeds
			China: A Mongolia - Krasnoyarsk => succeeds
			Turkey: A Odessa - Moscow => succeeds`,
		WantUnits: `
			Russia: A Perm
			China: A Omsk
			China: A Krasnoyarsk
			Turkey: A Moscow`},
	{ID: "TSR.D2", Title: "TSR blocked in target stops before target",
		Orders: `
			Russia: A Moscow - Omsk via TSR => bounced
			China: A Omsk Hold => succeeds
			Turkey: A Odessa - Moscow => succeeds`,
		WantUnits: `
			Russia: A Perm
			China: A Omsk
			Turkey: A Moscow`},
	{ID: "TSR.D3", Title: "TSR immediately blocked holds",
		Orders: `
			Russia: A Moscow - Krasnoyarsk via TSR => bounced
			Britain: A Perm Hold => succeeds`,
		WantUnits: `
			Russia: A Moscow
			Britain: A Perm`},
	{ID: "TSR.D4a", Title: "A holding Russian unit blocks returning TSR",
		Orders: `
			Russia: A Moscow - Krasnoyarsk via TSR => bounced
			Russia: A Omsk Hold => succeeds
			China: A Krasnoyarsk Hold => succeeds
			Turkey: A Odessa - Moscow => succeeds`,
		WantUnits: `
			Russia: A Perm
			Russia: A Omsk
			China: A Krasnoyarsk
			Turkey: A Moscow`},
	{ID: "TSR.D4b", Title: "A moving with Russian unit blocks returning TSR",
		Orders: `
			Russia: A Moscow - Krasnoyarsk via TSR => bounced
			Russia: A Perm - Omsk => succeeds
			China: A Krasnoyarsk Hold => succeeds
			Turkey: A Odessa - Moscow => succeeds`,
		WantUnits: `
			Russia: A Perm
			Russia: A Omsk
			China: A Krasnoyarsk
			Turkey: A Moscow`},
	{ID: "TSR.D4c", Title: "A moving against Russian does not block returning TSR",
		Orders: `
			Russia: A Moscow - Krasnoyarsk via TSR => bounced
			Russia: A Omsk - Perm => succeeds
			China: A Krasnoyarsk Hold => succeeds
			Turkey: A Odessa - Moscow => succeeds`,
		WantUnits: `
			Russia: A Omsk
			Russia: A Perm
			China: A Krasnoyarsk
			Turkey: A Moscow`},
	{ID: "TSR.D4d", Title: "An entering Russian unit blocks returning TSR",
		Orders: `
			Russia: A Moscow - Krasnoyarsk via TSR => bounced
			Russia: A Akmolinsk - Omsk => succeeds
			China: A Krasnoyarsk Hold => succeeds
			Turkey: A Odessa - Moscow => succeeds`,
		WantUnits: `
			Russia: A Perm
			Russia: A Omsk
			China: A Krasnoyarsk
			Turkey: A Moscow`},
	{ID: "TSR.D5", Title: "A foreign unit of temporary left territory blocks returning TSR",
		Orders: `
			Russia: A Moscow - Krasnoyarsk via TSR => bounced
			China: A Omsk - Akmolinsk => bounced
			China: A Akmolinsk - Krasnoyarsk => bounced
			Turkey: A Odessa - Moscow => succeeds`,
		WantUnits: `
			Russia: A Perm
			China: A Omsk
			China: A Akmolinsk
			Turkey: A Moscow`},
	{ID: "TSR.D6", Title: "A standoff blocks returning TSR",
		Orders: `
			Russia: A Perm - Krasnoyarsk via TSR => bounced
			China: A Krasnoyarsk Hold => succeeds
			Britain: A Akmolinsk - Omsk => bounced
			Britain: A Orenburg - Omsk => bounced`,
		WantUnits: `
			Russia: A Perm
			China: A Krasnoyarsk
			Britain: A Akmolinsk
			Britain: A Orenburg`},
	{ID: "TSR.D7", Title: "Multiple blocks",
		Orders: `
			Russia: A Moscow - Vladivostok via TSR => bounced
			Japan: F Okhotsk Sea - Vladivostok => bounced
			Russia: A Manchuria - Irkutsk => bounced
			China: A Mongolia - Irkutsk => bounced
			Russia: A Krasnoyarsk S A Omsk => succeeds
			Russia: A Omsk S A Krasnoyarsk => succeeds
			Britain: A Perm - Orenburg => bounced
			Turkey: A Odessa - Moscow => bounced
			Turkey: A Orenburg Hold => succeeds`,
		WantUnits: `
			Russia: A Moscow
			Japan: F Okhotsk Sea
			Russia: A Manchuria
			China: A Mongolia
			Russia: A Krasnoyarsk
			Russia: A Omsk
			Britain: A Perm
			Turkey: A Odessa
			Turkey: A Orenburg`},

	// Head to head.
	{ID: "TSR.E1", Title: "A head-to-head with Russian unit moving along the way (id lost in the file)",
		Orders: `
			Russia: A Omsk - Vladivostok via TSR => bounced
			Russia: A Krasnoyarsk - Omsk => succeeds
			Japan: F Okhotsk Sea - Vladivostok => bounced`,
		WantUnits: `
			Russia: A Irkutsk
			Russia: A Omsk
			Japan: F Okhotsk Sea`},
	{ID: "TSR.E2", Title: "A head-to-head with Russian unit can swap units",
		Orders: `
			Russia: A Omsk - Krasnoyarsk via TSR => succeeds
			Russia: A Krasnoyarsk - Omsk => succeeds`,
		WantUnits: `
			Russia: A Krasnoyarsk
			Russia: A Omsk`},
	{ID: "TSR.E2a", Title: "Blocked swapping",
		Orders: `
			Russia: A Omsk - Krasnoyarsk via TSR => bounced
			Russia: A Krasnoyarsk - Omsk => bounced
			China: A Mongolia - Krasnoyarsk => bounced`,
		WantUnits: `
			Russia: A Omsk
			Russia: A Krasnoyarsk
			China: A Mongolia`},
	{ID: "TSR.E3", Title: "A head-to-head with foreign unit does block route",
		Orders: `
			Russia: A Omsk - Vladivostok via TSR => bounced
			China: A Krasnoyarsk - Omsk => bounced
			Japan: F Okhotsk Sea - Vladivostok => succeeds`,
		WantUnits: `
			Russia: A Omsk
			China: A Krasnoyarsk
			Japan: F Vladivostok`},
	{ID: "TSR.E4", Title: "A head-to-head with foreign unit cannot swap units",
		Orders: `
			Russia: A Omsk - Krasnoyarsk via TSR => bounced
			China: A Krasnoyarsk - Omsk => bounced`,
		WantUnits: `
			Russia: A Omsk
			China: A Krasnoyarsk`},
	{ID: "TSR.E5", Title: "A supported head-to-head with foreign unit does block route",
		Orders: `
			Russia: A Omsk - Vladivostok via TSR => bounced
			Russia: A Manchuria S A Omsk - Vladivostok => succeeds
			China: A Krasnoyarsk - Omsk => bounced
			Japan: F Okhotsk Sea - Vladivostok => succeeds`,
		WantUnits: `
			Russia: A Omsk
			Russia: A Manchuria
			China: A Krasnoyarsk
			Japan: F Vladivostok`},
	{ID: "TSR.E6", Title: "A supported head-to-head with foreign unit may not dislodge",
		Orders: `
			Russia: A Omsk - Krasnoyarsk via TSR => bounced
			Russia: A Akmolinsk S A Omsk - Krasnoyarsk => succeeds
			China: A Krasnoyarsk - Omsk => bounced`,
		WantUnits: `
			Russia: A Omsk
			Russia: A Akmolinsk
			China: A Krasnoyarsk`},
	{ID: "TSR.E7", Title: "A supported head-to-head with foreign unit may not defend the foreign unit",
		Orders: `
			Russia: A Omsk - Krasnoyarsk via TSR => bounced
			Russia: A Akmolinsk S A Omsk - Krasnoyarsk => succeeds
			China: A Krasnoyarsk - Omsk => bounced
			Japan: A Irkutsk - Krasnoyarsk => succeeds
			Japan: A Mongolia S A Irkutsk - Krasnoyarsk => succeeds`,
		WantDislodged: `China: A Krasnoyarsk`,
		WantUnits: `
			Russia: A Omsk
			Russia: A Akmolinsk
			Japan: A Krasnoyarsk
			Japan: A Mongolia`},
	{ID: "TSR.E8", Title: "A head-to-head with supported foreign unit does result in dislodgement",
		Orders: `
			Russia: A Omsk - Krasnoyarsk via TSR => dislodged
			China: A Akmolinsk S A Krasnoyarsk - Omsk => succeeds
			China: A Krasnoyarsk - Omsk => succeeds`,
		WantDislodged: `Russia: A Omsk`,
		WantUnits: `
			China: A Akmolinsk
			China: A Omsk`},
	// The railway army's supports count for its attack on the destination,
	// not for holding its start: in the head-to-head it neither dislodges
	// nor defends, and stays with the strength of one unit, so the Chinese
	// attack of two dislodges it (the spec's "loses if the foreign move is
	// stronger" means stronger than that one unit: the case decides it).
	{ID: "TSR.E9", Title: "A supported head-to-head with supported foreign unit does result in dislodgement",
		Orders: `
			Russia: A Omsk - Krasnoyarsk via TSR => dislodged
			Russia: A Urumchi S A Omsk - Krasnoyarsk => succeeds
			China: A Akmolinsk S A Krasnoyarsk - Omsk => succeeds
			China: A Krasnoyarsk - Omsk => succeeds
			Japan: A Irkutsk - Krasnoyarsk => succeeds`,
		WantDislodged: `Russia: A Omsk`,
		WantUnits: `
			Russia: A Urumchi
			China: A Akmolinsk
			China: A Omsk
			Japan: A Krasnoyarsk`},

	// Dislodgement of railway moves that did not leave.
	{ID: "TSR.F1", Title: "A blocked and returning unit holds (id lost in the file)",
		Orders: `
			Russia: A Moscow - Krasnoyarsk via TSR => bounced
			Britain: A Perm Hold => succeeds
			Turkey: A Odessa - Moscow => bounced`,
		WantUnits: `
			Russia: A Moscow
			Britain: A Perm
			Turkey: A Odessa`},
	{ID: "TSR.F2", Title: "A blocked and returning unit can be dislodged",
		Orders: `
			Russia: A Moscow - Krasnoyarsk via TSR => dislodged
			Britain: A Perm Hold => succeeds
			Turkey: A Orenburg S A Odessa - Moscow => succeeds
			Turkey: A Odessa - Moscow => succeeds`,
		WantDislodged: `Russia: A Moscow`,
		WantUnits: `
			Britain: A Perm
			Turkey: A Orenburg
			Turkey: A Moscow`},
}
