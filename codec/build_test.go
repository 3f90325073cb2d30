package codec

import (
	"testing"

	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/variants"
)

// TestBuilderByIdsAgreesWithNames: a reader that looks names up by the
// codec's tables (PowerPrefix, Abbr) and places units and centres by ids
// (PlaceUnit, SetOwner) accepts exactly what Unit and Centre accept given
// the names, and builds the same position, for every power, unit type and
// province of every variant, twice over (the second time refused).
func TestBuilderByIdsAgreesWithNames(t *testing.T) {
	reg := variants.MustLoad()
	for _, name := range reg.Names() {
		v, err := reg.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		c := New(v)
		m := v.Map
		ph := Phase{"fall", 1901, "movement"}
		for pw := rules.Power(1); int(pw) < len(m.Powers); pw++ {
			power := m.Powers[pw]
			got, n := c.PowerPrefix(power + `","type"`)
			if n > 0 && (got != pw || power[:n] != power) {
				t.Errorf("%s: PowerPrefix(%q...) = %v, %d", name, power, got, n)
			}
			for _, typ := range []rules.UnitType{rules.Army, rules.Fleet} {
				var byIDs, byNames Builder
				var posIDs, posNames rules.Position
				if err := c.Begin(&byIDs, &posIDs, ph); err != nil {
					t.Fatal(err)
				}
				if err := c.Begin(&byNames, &posNames, ph); err != nil {
					t.Fatal(err)
				}
				byIDs.Owned()
				byNames.Owned()
				for p := range m.Provinces {
					abbr := m.Provinces[p].Abbr
					pr, ok := c.Abbr(abbr)
					if len(abbr) != 3 {
						continue
					}
					if !ok || pr != rules.Province(p) {
						t.Fatalf("%s: Abbr(%q) = %v, %v", name, abbr, pr, ok)
					}
					for round := 0; round < 2; round++ {
						placed := byIDs.PlaceUnit(pw, typ, pr)
						if err := byNames.Unit(power, typ.String(), abbr); placed && err != nil {
							t.Errorf("%s: %s %s in %s placed by ids, refused by names: %v", name, power, typ, abbr, err)
						} else if !placed && err == nil && n > 0 {
							t.Errorf("%s: %s %s in %s refused by ids, placed by names", name, power, typ, abbr)
						}
						owned := byIDs.SetOwner(pr, pw)
						if err := byNames.Centre(abbr, power); owned != (err == nil) {
							t.Errorf("%s: centre %s of %s: by ids %v, by names %v", name, abbr, power, owned, err)
						}
					}
				}
				if n > 0 && (!equalUnits(posIDs.Units, posNames.Units) || !equalOwners(posIDs.Owner, posNames.Owner)) {
					t.Errorf("%s: %s %ss: the positions differ", name, power, typ)
				}
			}
		}
	}
}

func equalUnits(a, b []rules.Unit) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func equalOwners(a, b []rules.Power) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
