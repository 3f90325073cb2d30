package rules_test

import (
	"testing"

	"github.com/chancery/chancery/rules"
)

// TestOwesIsWhatAPowerCanDecide: in a winter a power owes orders when it
// must remove units or can build; a power with builds due and every home
// centre occupied has nothing to decide (its builds are waived), though
// its adjustment is not 0. The command line's tournament once asked such
// a power's bot for orders (it counted the adjustment alone), where the
// server waited for nothing: both now ask the variant.
func TestOwesIsWhatAPowerCanDecide(t *testing.T) {
	v, err := registry.Get("standard")
	if err != nil {
		t.Fatal(err)
	}
	m := v.Map
	prov := func(abbr string) rules.Province {
		for i := range m.Provinces {
			if m.Provinces[i].Abbr == abbr {
				return rules.Province(i)
			}
		}
		t.Fatalf("no province %s", abbr)
		return 0
	}
	power := func(name string) rules.Power {
		for _, p := range v.Powers() {
			if m.PowerName(p) == name {
				return p
			}
		}
		t.Fatalf("no power %s", name)
		return 0
	}
	france, england, russia, italy := power("France"), power("England"), power("Russia"), power("Italy")
	pos := v.Start.Clone()
	pos.Phase.Type = rules.AdjustmentPhase
	// France takes Spain, its units still at home: a build due, nowhere
	// to build. England takes Norway and has moved its fleet out of
	// London: a build due and a free home centre. Russia loses Sevastopol
	// to Turkey: a removal due. Italy has nothing to adjust.
	pos.Owner[prov("spa")] = france
	pos.Owner[prov("nwy")] = england
	pos.Units[prov("nth")] = pos.Units[prov("lon")]
	pos.Units[prov("lon")] = rules.Unit{}
	pos.Owner[prov("sev")] = power("Turkey")
	for _, tc := range []struct {
		power rules.Power
		due   int
		owes  bool
	}{
		{france, 1, false}, // where counting the adjustment alone said true
		{england, 1, true},
		{russia, -1, true},
		{italy, 0, false},
	} {
		name := m.PowerName(tc.power)
		if due := v.AdjustmentDue(pos, tc.power); due != tc.due {
			t.Fatalf("%s: adjustment %d, want %d", name, due, tc.due)
		}
		if got := v.Owes(pos, tc.power); got != tc.owes {
			t.Errorf("%s owes orders: %v, want %v", name, got, tc.owes)
		}
	}
	// Alive: a power with a centre or a unit, on the board or dislodged.
	alive := v.Start.Clone()
	for p := range alive.Owner {
		if alive.Owner[p] == italy {
			alive.Owner[p] = rules.NoPower
		}
	}
	var dislodged rules.Unit
	for p, u := range alive.Units {
		if u.Power == italy {
			if dislodged.Type == rules.NoUnit {
				dislodged = u
			}
			alive.Units[p] = rules.Unit{}
		}
	}
	if v.Alive(alive, italy) {
		t.Errorf("Italy without centres or units is alive")
	}
	if !v.Alive(alive, france) || v.Alive(alive, rules.NoPower) {
		t.Errorf("France alive %v, NoPower alive %v", v.Alive(alive, france), v.Alive(alive, rules.NoPower))
	}
	alive.Dislodged = append(alive.Dislodged, rules.Dislodged{Unit: dislodged})
	if !v.Alive(alive, italy) {
		t.Errorf("Italy with a dislodged unit is not alive")
	}
}
