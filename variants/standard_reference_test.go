package variants_test

import (
	"strings"
	"testing"

	"github.com/chancery/chancery/notation"
	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/variants"
)

// referenceStandard is the standard map file of the Mila judge (dpjudge's
// format), kept beside the project in ../shared for facts only; the test is
// skipped without it.
const referenceStandard = "../../shared/reference/maps/mila-standard.map"

// milaPowers maps the reference's power names to Chancery's.
var milaPowers = map[string]string{"AUSTRIA": "Austria", "ENGLAND": "England", "FRANCE": "France",
	"GERMANY": "Germany", "ITALY": "Italy", "RUSSIA": "Russia", "TURKEY": "Turkey"}

// TestStandardMapAgreesWithReference compares standard.map with the Mila
// judge's standard map: every province and its terrain, every directed
// border for armies and for fleets (coasts included), the home and neutral
// centres, and the starting units. Switzerland is impassable in both: the
// reference lists it as SHUT with borders no unit may use, here it has none.
func TestStandardMapAgreesWithReference(t *testing.T) {
	ref := readDP(t, referenceStandard)
	v, err := variants.MustLoad().Get("standard")
	if err != nil {
		t.Fatal(err)
	}
	m := v.Map
	names := notation.NewNames(m)

	shut := map[string]bool{}
	refProvs := map[string]bool{}
	for p, typ := range ref.terrain {
		if typ == "SHUT" {
			shut[p] = true
			refProvs[p+" impassable"] = true
			continue
		}
		refProvs[p+" "+map[string]string{"WATER": "sea", "COAST": "coast", "PORT": "coast+convoys", "LAND": "land"}[typ]] = true
	}
	ourProvs := map[string]bool{}
	for _, pi := range m.Provinces {
		s := pi.Abbr + " " + pi.Terrain.String()
		switch {
		case pi.Impassable:
			s = pi.Abbr + " impassable"
		case pi.Convoys && pi.Terrain != rules.Sea:
			s += "+convoys"
		}
		ourProvs[s] = true
	}
	diffSets(t, "standard.map", "provinces", refProvs, ourProvs)

	// A border touching a SHUT space is no border at all.
	open := func(set map[string]bool) map[string]bool {
		out := map[string]bool{}
		for k := range set {
			from, to, _ := strings.Cut(k, ">")
			if !shut[strings.SplitN(from, "/", 2)[0]] && !shut[strings.SplitN(to, "/", 2)[0]] {
				out[k] = true
			}
		}
		return out
	}
	army, fleet := map[string]bool{}, map[string]bool{}
	for _, b := range m.Borders() {
		if b.Kind != rules.NormalBorder {
			t.Errorf("border %s>%s has kind %s", names.LocString(b.From), names.LocString(b.To), m.BorderKindInfo(b.Kind).Name)
		}
		if b.Army {
			army[m.Provinces[b.From.Province].Abbr+">"+m.Provinces[b.To.Province].Abbr] = true
		}
		if b.Fleet {
			fleet[names.LocString(b.From)+">"+names.LocString(b.To)] = true
		}
	}
	refArmy, refFleet := open(ref.army), open(ref.fleet)
	diffSets(t, "standard.map", "army borders", refArmy, army)
	diffSets(t, "standard.map", "fleet borders", refFleet, fleet)
	t.Logf("compared %d provinces, %d army and %d fleet directed borders",
		len(refProvs), len(refArmy), len(refFleet))

	diffCentres(t, "standard.map", ref, milaPowers, v)

	refStart, ourStart := map[string]bool{}, map[string]bool{}
	for _, u := range ref.units {
		pw, rest, _ := strings.Cut(u, " ")
		refStart[milaPowers[pw]+" "+rest] = true
	}
	for p, u := range v.Start.Units {
		if u.Type != rules.NoUnit {
			ourStart[m.PowerName(u.Power)+" "+u.Type.Letter()+" "+names.LocString(rules.Loc{Province: rules.Province(p), Coast: u.Coast})] = true
		}
	}
	diffSets(t, "standard.map", "starting units", refStart, ourStart)
}
