package variants_test

import (
	"testing"

	"github.com/chancery/chancery/internal/phasetest"
)

// TestVDiplomacy1900 runs vDiplomacy's own test cases for its 1900 variant
// (../shared/reference/vdiplomacy-tests/1900.txt), each as a subtest named
// by its id. The 9.* cases are the convoying-coastal-area cases of DATC 2.4
// section 9 played on the 1900 map (Gibraltar is the coastal space that
// convoys); the X.* cases are DATC 2.4's "difficult passable border" cases
// rewritten for the cape route. vDiplomacy marks a unit that does not move
// "Hold" whatever its order did; here each order has its exact outcome,
// and the units that move, stay or are dislodged are as vDiplomacy says.
//
// The cases with no positions in vDiplomacy's file (9.B, 9.E, X.F, X.G,
// X.K, X.M, X.N: vDiplomacy calls them invalid for 1900) are written from
// their titles; their comments say so.
func TestVDiplomacy1900(t *testing.T) {
	phasetest.Run(t, vdip1900)
}

var vdip1900 = []phasetest.Case{
	{ID: "9.A", Title: "Convoy to self illegal", Variant: "1900",
		Units: `
			Britain: F Gibraltar
			Russia: F Mid-Atlantic Ocean
			Russia: A Morocco`,
		// The convoy is illegal (vDiplomacy: legal "No"), so the army
		// ordered via convoy has no convoy and stays (DATC 4.A.3).
		Orders: `
			Britain: F Gibraltar C A Morocco - Gibraltar => illegal
			Russia: F Mid-Atlantic Ocean Hold => succeeds
			Russia: A Morocco - Gibraltar via convoy => fails`,
		WantUnits: `
			Britain: F Gibraltar
			Russia: F Mid-Atlantic Ocean
			Russia: A Morocco`},

	// Documented only. Written from the title: an army in Spain ordered to
	// Spain by a loop of convoys that leaves by the Mid-Atlantic and comes
	// back through Gibraltar and the Western Mediterranean. A move to the
	// army's own province is illegal, and so are the convoys (DATC 6.A.5).
	{ID: "9.B", Title: "Convoying to own area with a loop", Variant: "1900",
		Units: `
			France: A Spain
			France: F Mid-Atlantic Ocean
			France: F Gibraltar
			France: F Western Mediterranean
			Italy: A Marseilles`,
		Orders: `
			France: A Spain - Mid-Atlantic Ocean - Gibraltar - Western Mediterranean - Spain => illegal
			France: F Mid-Atlantic Ocean C A Spain - Spain => illegal
			France: F Gibraltar C A Spain - Spain => illegal
			France: F Western Mediterranean C A Spain - Spain => illegal
			Italy: A Marseilles - Spain => bounced`,
		WantDislodged: ``},

	{ID: "9.C", Title: "Convoy disrupted by army", Variant: "1900",
		Units: `
			Germany: A Algeria
			Germany: F Western Mediterranean
			Germany: F Gibraltar
			Germany: F Mid-Atlantic Ocean
			Russia: A Spain
			Russia: A Morocco`,
		// The Western Mediterranean and the Mid-Atlantic touch only through
		// Gibraltar: with the fleet there dislodged the route is broken.
		Orders: `
			Germany: A Algeria - Portugal via convoy => no_convoy
			Germany: F Western Mediterranean C A Algeria - Portugal => succeeds
			Germany: F Gibraltar C A Algeria - Portugal => dislodged
			Germany: F Mid-Atlantic Ocean C A Algeria - Portugal => succeeds
			Russia: A Spain - Gibraltar => succeeds
			Russia: A Morocco S A Spain - Gibraltar => succeeds`,
		WantDislodged: `Germany: F Gibraltar`},

	{ID: "9.D", Title: "Convoy disrupted by convoying army", Variant: "1900",
		Units: `
			Germany: A Spain
			Germany: F Gibraltar
			Russia: A Algeria
			Russia: F Western Mediterranean
			Russia: F Mid-Atlantic Ocean`,
		Orders: `
			Germany: A Spain - Morocco via convoy => no_convoy
			Germany: F Gibraltar C A Spain - Morocco => dislodged
			Russia: A Algeria - Gibraltar via convoy => succeeds
			Russia: F Western Mediterranean C A Algeria - Gibraltar => succeeds
			Russia: F Mid-Atlantic Ocean S A Algeria - Gibraltar => succeeds`,
		WantDislodged: `Germany: F Gibraltar`},

	// Documented only. DATC 2.4's case needs two coastal spaces that
	// convoy; 1900 has one, Gibraltar. Written from the title as the
	// nearest position: two convoyed armies, each of which would disrupt
	// the other's convoy (the army landing in Morocco would cut the support
	// that lets the other army dislodge the fleet convoying it). This is
	// DATC 6.F.14's simple convoy paradox: the convoy in the paradox fails
	// (Szykman), so the support stands and Gibraltar is dislodged; the
	// convoy's result says why the army did not go.
	{ID: "9.E", Title: "Two disrupted convoys paradox", Variant: "1900",
		Units: `
			Germany: A Spain
			Germany: F Gibraltar
			Germany: A Southern Algeria
			Russia: A Algeria
			Russia: F Western Mediterranean
			Russia: A Morocco`,
		Orders: `
			Germany: A Spain - Morocco via convoy => paradox
			Germany: F Gibraltar C A Spain - Morocco => paradox
			Germany: A Southern Algeria S A Spain - Morocco => succeeds
			Russia: A Algeria - Gibraltar via convoy => succeeds
			Russia: F Western Mediterranean C A Algeria - Gibraltar => succeeds
			Russia: A Morocco S A Algeria - Gibraltar => succeeds`,
		WantDislodged: `Germany: F Gibraltar`},

	{ID: "9.F", Title: "Disrupted convoy support paradox with no resolution", Variant: "1900",
		Units: `
			Germany: A Morocco
			Germany: F Gibraltar
			Germany: A Portugal
			Russia: A Algeria
			Russia: F Western Mediterranean
			Russia: F Mid-Atlantic Ocean
			Britain: F Spain (east coast)
			Britain: F Gulf of Lyon`,
		// No resolution: both convoys are in the paradox and fail
		// (Szykman), so the support from Spain stands.
		Orders: `
			Germany: A Morocco - Spain via convoy => paradox
			Germany: F Gibraltar C A Morocco - Spain => paradox
			Germany: A Portugal S A Morocco - Spain => succeeds
			Russia: A Algeria - Gibraltar via convoy => paradox
			Russia: F Western Mediterranean C A Algeria - Gibraltar => paradox
			Russia: F Mid-Atlantic Ocean S A Algeria - Gibraltar => succeeds
			Britain: F Spain (east coast) S F Gulf of Lyon - Western Mediterranean => succeeds
			Britain: F Gulf of Lyon - Western Mediterranean => succeeds`,
		WantDislodged: `Russia: F Western Mediterranean`},

	{ID: "9.G", Title: "Disrupted convoy support paradox with two resolutions", Variant: "1900",
		Units: `
			Germany: A Morocco
			Germany: F Gibraltar
			Germany: A Portugal
			Germany: F Gulf of Lyon
			Germany: F Tyrrhenian Sea
			Russia: A Algeria
			Russia: F Western Mediterranean
			Russia: F Spain (east coast)
			Russia: F Mid-Atlantic Ocean`,
		Orders: `
			Germany: A Morocco - Spain via convoy => paradox
			Germany: F Gibraltar C A Morocco - Spain => paradox
			Germany: A Portugal S A Morocco - Spain => succeeds
			Germany: F Gulf of Lyon - Western Mediterranean => bounced
			Germany: F Tyrrhenian Sea S F Gulf of Lyon - Western Mediterranean => succeeds
			Russia: A Algeria - Gibraltar via convoy => paradox
			Russia: F Western Mediterranean C A Algeria - Gibraltar => paradox
			Russia: F Spain (east coast) S F Western Mediterranean => succeeds
			Russia: F Mid-Atlantic Ocean S A Algeria - Gibraltar => succeeds`,
		WantDislodged: ``},

	{ID: "X.A0", Title: "Support can not be cut by simple half-strength bounce", Variant: "1900",
		Units: `
			Italy: F Mid-Atlantic Ocean
			Italy: F Eastern Mediterranean
			Turkey: F Egypt
			Turkey: F Ionian Sea`,
		Orders: `
			Italy: F Mid-Atlantic Ocean - Egypt => bounced
			Italy: F Eastern Mediterranean Hold => dislodged
			Turkey: F Egypt S F Ionian Sea - Eastern Mediterranean => succeeds
			Turkey: F Ionian Sea - Eastern Mediterranean => succeeds`,
		WantDislodged: `Italy: F Eastern Mediterranean`},

	{ID: "X.A1", Title: "Support can not be cut by supported half-strength bounce", Variant: "1900",
		Units: `
			Italy: F Mid-Atlantic Ocean
			Italy: A Hejaz
			Britain: A Egypt
			Britain: F Eastern Mediterranean
			Britain: A Arabia
			Turkey: A Palestine`,
		// 0.5 + 1 against A Egypt's 1 + 1: bounced, and not a cut.
		Orders: `
			Italy: F Mid-Atlantic Ocean - Egypt => bounced
			Italy: A Hejaz S F Mid-Atlantic Ocean - Egypt => succeeds
			Britain: A Egypt S A Arabia - Palestine => succeeds
			Britain: F Eastern Mediterranean S A Egypt => succeeds
			Britain: A Arabia - Palestine => succeeds
			Turkey: A Palestine Hold => dislodged`,
		WantDislodged: `Turkey: A Palestine`},

	{ID: "X.B", Title: "Support can be cut by dislodging move over half-strength border", Variant: "1900",
		Units: `
			Italy: F Mid-Atlantic Ocean
			Italy: A Hejaz
			Britain: A Egypt
			Britain: A Arabia
			Turkey: A Palestine`,
		Orders: `
			Italy: F Mid-Atlantic Ocean - Egypt => succeeds
			Italy: A Hejaz S F Mid-Atlantic Ocean - Egypt => succeeds
			Britain: A Egypt S A Arabia - Palestine => dislodged
			Britain: A Arabia - Palestine => bounced
			Turkey: A Palestine Hold => succeeds`,
		WantDislodged: `Britain: A Egypt`},

	{ID: "X.C", Title: "Move over half-strength border can not bounce with normal move", Variant: "1900",
		Units: `
			Italy: F Mid-Atlantic Ocean
			Turkey: A Palestine`,
		Orders: `
			Italy: F Mid-Atlantic Ocean - Egypt => bounced
			Turkey: A Palestine - Egypt => succeeds`,
		WantUnits: `
			Italy: F Mid-Atlantic Ocean
			Turkey: A Egypt`},

	{ID: "X.D0", Title: "Two moves over half-strength border can bounce", Variant: "1900",
		Units: `
			Britain: F Egypt
			Britain: F Hejaz`,
		Orders: `
			Britain: F Egypt - Mid-Atlantic Ocean => bounced
			Britain: F Hejaz - Mid-Atlantic Ocean => bounced`,
		WantUnits: `
			Britain: F Egypt
			Britain: F Hejaz`},

	{ID: "X.D1", Title: "Two moves over half-strength border and supported move succeeds", Variant: "1900",
		Units: `
			Britain: F Egypt
			Britain: F Hejaz
			Britain: F Morocco`,
		Orders: `
			Britain: F Egypt - Mid-Atlantic Ocean => succeeds
			Britain: F Hejaz - Mid-Atlantic Ocean => bounced
			Britain: F Morocco S F Egypt - Mid-Atlantic Ocean => succeeds`,
		WantUnits: `
			Britain: F Mid-Atlantic Ocean
			Britain: F Hejaz
			Britain: F Morocco`},

	{ID: "X.D2", Title: "Two supported moves over half-strength border can bounce", Variant: "1900",
		Units: `
			Britain: F Egypt
			Britain: F Portugal
			Britain: F Hejaz
			Britain: F Morocco`,
		Orders: `
			Britain: F Egypt - Mid-Atlantic Ocean => bounced
			Britain: F Portugal S F Hejaz - Mid-Atlantic Ocean => succeeds
			Britain: F Hejaz - Mid-Atlantic Ocean => bounced
			Britain: F Morocco S F Egypt - Mid-Atlantic Ocean => succeeds`,
		WantUnits: `
			Britain: F Egypt
			Britain: F Portugal
			Britain: F Hejaz
			Britain: F Morocco`},

	{ID: "X.E0", Title: "Support to move can not be given over half-strength border", Variant: "1900",
		Units: `
			Britain: F Mid-Atlantic Ocean
			Britain: A Hejaz
			Turkey: A Egypt`,
		Orders: `
			Britain: F Mid-Atlantic Ocean S A Hejaz - Egypt => illegal
			Britain: A Hejaz - Egypt => bounced
			Turkey: A Egypt Hold => succeeds`,
		WantDislodged: ``},

	{ID: "X.E1", Title: "Support to hold can not be given over half-strength border", Variant: "1900",
		Units: `
			Britain: A Hejaz
			Britain: A Palestine
			Turkey: A Egypt
			Turkey: F Mid-Atlantic Ocean`,
		Orders: `
			Britain: A Hejaz - Egypt => succeeds
			Britain: A Palestine S A Hejaz - Egypt => succeeds
			Turkey: A Egypt Hold => dislodged
			Turkey: F Mid-Atlantic Ocean S A Egypt => illegal`,
		WantDislodged: `Turkey: A Egypt`},

	// Documented only. Written from the title. DATC 2.4's support paradox
	// needs a unit attacked across the border to support an attack on the
	// attacker's own province, whose attack would not cut that support. In
	// 1900 that support crosses the cape too, and no unit supports across
	// it, so the paradox cannot arise (vDiplomacy calls the case invalid
	// for 1900): the supported attack dislodges Egypt, and the fleet from
	// Gibraltar takes the Mid-Atlantic that it left.
	{ID: "X.F", Title: "Support paradox", Variant: "1900",
		Units: `
			Italy: F Mid-Atlantic Ocean
			Italy: A Hejaz
			Turkey: F Egypt
			Turkey: F Gibraltar`,
		Orders: `
			Italy: F Mid-Atlantic Ocean - Egypt => succeeds
			Italy: A Hejaz S F Mid-Atlantic Ocean - Egypt => succeeds
			Turkey: F Egypt S F Gibraltar - Mid-Atlantic Ocean => illegal
			Turkey: F Gibraltar - Mid-Atlantic Ocean => succeeds`,
		WantDislodged: `Turkey: F Egypt`,
		WantUnits: `
			Italy: F Egypt
			Italy: A Hejaz
			Turkey: F Mid-Atlantic Ocean`},

	// Documented only. Written from the title: the nearest thing to X.F
	// that 1900 allows. Egypt, attacked around the Cape, supports an attack
	// on a neighbour of its attacker's supporters, which the cape move does
	// not cut unless it dislodges. It does (0.5 + 1 against 1), so the
	// support fails and Hejaz holds.
	{ID: "X.G", Title: "Almost paradox", Variant: "1900",
		Units: `
			Italy: F Mid-Atlantic Ocean
			Italy: F Eastern Mediterranean
			Italy: A Hejaz
			Turkey: F Egypt
			Turkey: A Palestine`,
		Orders: `
			Italy: F Mid-Atlantic Ocean - Egypt => succeeds
			Italy: F Eastern Mediterranean S F Mid-Atlantic Ocean - Egypt => succeeds
			Italy: A Hejaz Hold => succeeds
			Turkey: F Egypt S A Palestine - Hejaz => dislodged
			Turkey: A Palestine - Hejaz => bounced`,
		WantDislodged: `Turkey: F Egypt`},

	{ID: "X.H", Title: "Circular movement with half-strength border", Variant: "1900",
		Units: `
			Britain: A Hejaz
			Britain: F Egypt
			France: F Mid-Atlantic Ocean`,
		Orders: `
			Britain: A Hejaz - Egypt => succeeds
			Britain: F Egypt - Mid-Atlantic Ocean => succeeds
			France: F Mid-Atlantic Ocean - Hejaz => succeeds`,
		WantUnits: `
			Britain: A Egypt
			Britain: F Mid-Atlantic Ocean
			France: F Hejaz`},

	{ID: "X.I", Title: "Circular movement with bounce", Variant: "1900",
		Units: `
			Britain: A Hejaz
			Britain: F Egypt
			France: F Mid-Atlantic Ocean
			Turkey: A Palestine`,
		Orders: `
			Britain: A Hejaz - Egypt => bounced
			Britain: F Egypt - Mid-Atlantic Ocean => bounced
			France: F Mid-Atlantic Ocean - Hejaz => bounced
			Turkey: A Palestine - Egypt => bounced`,
		WantDislodged: ``,
		WantUnits: `
			Britain: A Hejaz
			Britain: F Egypt
			France: F Mid-Atlantic Ocean
			Turkey: A Palestine`},

	{ID: "X.J0", Title: "Circular movement can not be disrupted by half-strength border", Variant: "1900",
		Units: `
			Britain: F Egypt
			France: F Portugal
			France: F Mid-Atlantic Ocean
			France: F Spain (west coast)`,
		Orders: `
			Britain: F Egypt - Mid-Atlantic Ocean => bounced
			France: F Portugal - Mid-Atlantic Ocean => succeeds
			France: F Mid-Atlantic Ocean - Spain (west coast) => succeeds
			France: F Spain (west coast) - Portugal => succeeds`,
		WantUnits: `
			Britain: F Egypt
			France: F Mid-Atlantic Ocean
			France: F Spain (west coast)
			France: F Portugal`},

	{ID: "X.J1", Title: "Circular movement can be disrupted by half-strength with support", Variant: "1900",
		Units: `
			Britain: F Egypt
			Britain: F Gibraltar
			France: F Portugal
			France: F Mid-Atlantic Ocean
			France: F Spain (west coast)`,
		Orders: `
			Britain: F Egypt - Mid-Atlantic Ocean => succeeds
			Britain: F Gibraltar S F Egypt - Mid-Atlantic Ocean => succeeds
			France: F Portugal - Mid-Atlantic Ocean => bounced
			France: F Mid-Atlantic Ocean - Spain (west coast) => bounced
			France: F Spain (west coast) - Portugal => bounced`,
		WantDislodged: `France: F Mid-Atlantic Ocean`},

	{ID: "X.J2", Title: "Circular movement with support trumps half-strength with support", Variant: "1900",
		Units: `
			Britain: F Egypt
			Britain: F Gibraltar
			France: F Portugal
			France: F Mid-Atlantic Ocean
			France: F Spain (west coast)
			France: F Brest`,
		Orders: `
			Britain: F Egypt - Mid-Atlantic Ocean => bounced
			Britain: F Gibraltar S F Egypt - Mid-Atlantic Ocean => succeeds
			France: F Portugal - Mid-Atlantic Ocean => succeeds
			France: F Mid-Atlantic Ocean - Spain (west coast) => succeeds
			France: F Spain (west coast) - Portugal => succeeds
			France: F Brest S F Portugal - Mid-Atlantic Ocean => succeeds`,
		WantDislodged: ``},

	// Documented only. Written from the title: two fleets retreat to the
	// Mid-Atlantic, one from Portugal and one around the Cape from Egypt;
	// the one that does not travel around Africa retreats, the other is
	// disbanded.
	{ID: "X.K", Title: "Full-strength retreat is higher priority than half-strength retreat", Variant: "1900",
		Phase: "spring 1901 retreat",
		Units: `
			Italy: F Portugal
			Italy: F Egypt`,
		Dislodged: `
			France: F Spain (west coast) <- Portugal
			Britain: F Hejaz <- Egypt`,
		Orders: `
			France: F Spain (west coast) R Mid-Atlantic Ocean => succeeds
			Britain: F Hejaz R Mid-Atlantic Ocean => retreat_clash`,
		WantUnits: `
			Italy: F Portugal
			Italy: F Egypt
			France: F Mid-Atlantic Ocean`},

	{ID: "X.L", Title: "Half-strength border is property of border not of sector", Variant: "1900",
		Units: `
			Britain: A Cyrenaica
			Turkey: A Hejaz`,
		Orders: `
			Britain: A Cyrenaica - Egypt => bounced
			Turkey: A Hejaz - Egypt => bounced`,
		WantUnits: `
			Britain: A Cyrenaica
			Turkey: A Hejaz`},

	// Documented only. Written from the title: an army goes around Africa
	// by convoy instead of a fleet moving along the cape border. Convoyed
	// from Egypt, its last step (Mid-Atlantic to Brest) is an ordinary
	// border, so it attacks at full strength and bounces with Paris.
	{ID: "X.M", Title: "Using convoy instead of half-strength border", Variant: "1900",
		Units: `
			Britain: A Egypt
			Britain: F Mid-Atlantic Ocean
			France: A Paris`,
		Orders: `
			Britain: A Egypt - Brest via convoy => bounced
			Britain: F Mid-Atlantic Ocean C A Egypt - Brest => succeeds
			France: A Paris - Brest => bounced`,
		WantUnits: `
			Britain: A Egypt
			Britain: F Mid-Atlantic Ocean
			France: A Paris`},

	// Documented only. Written from the title: an army convoyed around the
	// Cape into Egypt attacks at half strength, but it is not a move along
	// the cape border, so it cuts the support of the unit it attacks
	// (compare X.A0, where a fleet moving along the border does not).
	{ID: "X.N", Title: "Using convoy instead of half-strength border cuts support", Variant: "1900",
		Units: `
			Britain: A Ireland
			Britain: F Mid-Atlantic Ocean
			Italy: A Palestine
			Turkey: F Egypt
			Turkey: A Arabia`,
		Orders: `
			Britain: A Ireland - Egypt via convoy => bounced
			Britain: F Mid-Atlantic Ocean C A Ireland - Egypt => succeeds
			Italy: A Palestine Hold => succeeds
			Turkey: F Egypt S A Arabia - Palestine => cut
			Turkey: A Arabia - Palestine => bounced`,
		WantDislodged: ``},

	{ID: "X.O", Title: "Support on attack on own fleet over half-strength border does not cut support", Variant: "1900",
		Units: `
			Britain: F Egypt
			Britain: F Gibraltar
			France: F Morocco
			France: F Mid-Atlantic Ocean
			Italy: F Western Mediterranean
			Italy: F Spain (east coast)`,
		Orders: `
			Britain: F Egypt - Mid-Atlantic Ocean => bounced
			Britain: F Gibraltar Hold => succeeds
			France: F Morocco S F Egypt - Mid-Atlantic Ocean => succeeds
			France: F Mid-Atlantic Ocean S F Gibraltar => succeeds
			Italy: F Western Mediterranean - Gibraltar => bounced
			Italy: F Spain (east coast) S F Western Mediterranean - Gibraltar => succeeds`,
		WantDislodged: ``},

	{ID: "X.P", Title: "No convoys across two half-strength segments", Variant: "1900",
		Units: `
			Britain: F Mid-Atlantic Ocean
			Britain: A Egypt
			Turkey: A Arabia`,
		Orders: `
			Britain: F Mid-Atlantic Ocean C A Egypt - Hejaz => succeeds
			Britain: A Egypt - Hejaz via convoy => no_convoy
			Turkey: A Arabia - Hejaz => succeeds`,
		WantUnits: `
			Britain: F Mid-Atlantic Ocean
			Britain: A Egypt
			Turkey: A Hejaz`},

	{ID: "X.Q", Title: "Convoy is half-strength when last segment is half-strength", Variant: "1900",
		Units: `
			Britain: F Mid-Atlantic Ocean
			Britain: A Ireland
			Turkey: A Palestine`,
		Orders: `
			Britain: F Mid-Atlantic Ocean C A Ireland - Egypt => succeeds
			Britain: A Ireland - Egypt via convoy => bounced
			Turkey: A Palestine - Egypt => succeeds`,
		WantUnits: `
			Britain: F Mid-Atlantic Ocean
			Britain: A Ireland
			Turkey: A Egypt`},

	{ID: "X.R", Title: "Convoy is full-strength when one non-last segment is half-strength", Variant: "1900",
		Units: `
			Britain: F Mid-Atlantic Ocean
			Britain: A Egypt
			France: A Spain`,
		Orders: `
			Britain: F Mid-Atlantic Ocean C A Egypt - Portugal => succeeds
			Britain: A Egypt - Portugal via convoy => bounced
			France: A Spain - Portugal => bounced`,
		WantUnits: `
			Britain: F Mid-Atlantic Ocean
			Britain: A Egypt
			France: A Spain`},

	{ID: "X.S0", Title: "Prefer full-strength convoy to half-strength convoy", Variant: "1900",
		Units: `
			Britain: A Tripolitania
			Turkey: A Palestine
			Italy: F Eastern Mediterranean
			Italy: F Ionian Sea
			Italy: F Tyrrhenian Sea
			Italy: F Western Mediterranean
			Italy: F Gibraltar
			Italy: F Mid-Atlantic Ocean`,
		Orders: `
			Britain: A Tripolitania - Egypt via convoy => bounced
			Turkey: A Palestine - Egypt => bounced
			Italy: F Eastern Mediterranean C A Tripolitania - Egypt => succeeds
			Italy: F Ionian Sea C A Tripolitania - Egypt => succeeds
			Italy: F Tyrrhenian Sea C A Tripolitania - Egypt => succeeds
			Italy: F Western Mediterranean C A Tripolitania - Egypt => succeeds
			Italy: F Gibraltar C A Tripolitania - Egypt => succeeds
			Italy: F Mid-Atlantic Ocean C A Tripolitania - Egypt => succeeds`,
		WantDislodged: ``,
		WantUnits: `
			Britain: A Tripolitania
			Turkey: A Palestine
			Italy: F Eastern Mediterranean
			Italy: F Ionian Sea
			Italy: F Tyrrhenian Sea
			Italy: F Western Mediterranean
			Italy: F Gibraltar
			Italy: F Mid-Atlantic Ocean`},

	{ID: "X.S1", Title: "Use half-strength convoy when full-strength convoy disrupted", Variant: "1900",
		// vDiplomacy takes the convoy from Gibraltar as legal; Chancery's
		// core finds it necessary to no route (Spain borders the
		// Mid-Atlantic, which a route through Gibraltar must also cross)
		// and rejects it (DATC 4.E.1, 6.G.19). The fleet stays either way,
		// as vDiplomacy has it; every other outcome agrees.
		Units: `
			Britain: A Spain
			Turkey: A Palestine
			Italy: F Eastern Mediterranean
			Italy: F Ionian Sea
			Italy: F Tyrrhenian Sea
			Italy: F Western Mediterranean
			Italy: F Mid-Atlantic Ocean
			Italy: F Gibraltar
			Austria-Hungary: F Aegean Sea
			Austria-Hungary: F Adriatic Sea`,
		Orders: `
			Britain: A Spain - Egypt via convoy => bounced
			Turkey: A Palestine - Egypt => succeeds
			Italy: F Eastern Mediterranean C A Spain - Egypt => succeeds
			Italy: F Ionian Sea C A Spain - Egypt => dislodged
			Italy: F Tyrrhenian Sea C A Spain - Egypt => succeeds
			Italy: F Western Mediterranean C A Spain - Egypt => succeeds
			Italy: F Mid-Atlantic Ocean C A Spain - Egypt => succeeds
			Italy: F Gibraltar C A Spain - Egypt => illegal
			Austria-Hungary: F Aegean Sea - Ionian Sea => succeeds
			Austria-Hungary: F Adriatic Sea S F Aegean Sea - Ionian Sea => succeeds`,
		WantDislodged: `Italy: F Ionian Sea`},

	{ID: "X.S2", Title: "Unopposed half-strength convoy when full-strength convoy disrupted", Variant: "1900",
		// The fleet in Gibraltar: as in X.S1.
		Units: `
			Britain: A Spain
			Italy: F Eastern Mediterranean
			Italy: F Ionian Sea
			Italy: F Tyrrhenian Sea
			Italy: F Western Mediterranean
			Italy: F Mid-Atlantic Ocean
			Italy: F Gibraltar
			Austria-Hungary: F Aegean Sea
			Austria-Hungary: F Adriatic Sea`,
		Orders: `
			Britain: A Spain - Egypt via convoy => succeeds
			Italy: F Eastern Mediterranean C A Spain - Egypt => succeeds
			Italy: F Ionian Sea C A Spain - Egypt => dislodged
			Italy: F Tyrrhenian Sea C A Spain - Egypt => succeeds
			Italy: F Western Mediterranean C A Spain - Egypt => succeeds
			Italy: F Mid-Atlantic Ocean C A Spain - Egypt => succeeds
			Italy: F Gibraltar C A Spain - Egypt => illegal
			Austria-Hungary: F Aegean Sea - Ionian Sea => succeeds
			Austria-Hungary: F Adriatic Sea S F Aegean Sea - Ionian Sea => succeeds`,
		WantDislodged: `Italy: F Ionian Sea`},
}
