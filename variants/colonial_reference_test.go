package variants_test

import (
	"bufio"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/chancery/chancery/rules"
)

// colonialReference is vDiplomacy's Colonial map data beside the project
// (../shared, not copied into it); the test is skipped without it.
const colonialReference = "../../shared/reference/maps/vdiplomacy-colonial.tsv"

// TestColonialReference compares colonial.map with vDiplomacy's data, fact
// by fact: every territory's terrain, supply centre and starting owner,
// every border for armies and for fleets (by coast), and the starting
// units. The project adds what vDiplomacy keeps elsewhere: the Suez Canal
// (a Mediterranean-Red Sea border kept by Egypt) and the impassable
// Caspian Sea and Lake Baikal.
func TestColonialReference(t *testing.T) {
	f, err := os.Open(colonialReference)
	if err != nil {
		t.Skipf("no reference data: %v", err)
	}
	defer f.Close()
	v, names := colonial(t)
	m := v.Map
	loc := func(s string) rules.Loc {
		t.Helper()
		l, ok := names.Loc(s)
		if !ok {
			t.Fatalf("the map does not know %q", s)
		}
		return l
	}
	terrains := map[string]rules.Terrain{"Land": rules.Land, "Coast": rules.Coastal, "Sea": rules.Sea}
	refBorders := map[string]bool{}
	seen := map[rules.Province]bool{}
	var refUnits []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		switch fields[0] {
		case "TERRITORY":
			l := loc(fields[1])
			if l.Coast != rules.NoCoast {
				continue // a coast of a province listed on its own
			}
			seen[l.Province] = true
			pi := m.Province(l.Province)
			owner, _ := strconv.Atoi(fields[4])
			wantOwner := ""
			if owner > 0 {
				wantOwner = m.PowerName(rules.Power(owner))
			}
			gotOwner := ""
			if pi.SupplyCenter {
				gotOwner = m.PowerName(v.Start.Owner[l.Province])
			} else {
				gotOwner = m.PowerName(pi.Home)
			}
			// vDiplomacy gives home provinces that are not centres an
			// owner (the power's colour on the map); here they have none.
			if !pi.SupplyCenter {
				wantOwner, gotOwner = "", ""
			}
			if pi.Terrain != terrains[fields[2]] || pi.SupplyCenter != (fields[3] == "Yes") || gotOwner != wantOwner {
				t.Errorf("%s: %s centre %v owner %q; reference %s centre %s owner %q",
					fields[1], pi.Terrain, pi.SupplyCenter, gotOwner, fields[2], fields[3], wantOwner)
			}
		case "BORDER":
			a, b := loc(fields[1]), loc(fields[2])
			if fields[3] == "Yes" {
				refBorders[border("fleet", names.LocString(a), names.LocString(b))] = true
			}
			if fields[4] == "Yes" {
				refBorders[border("army", m.Province(a.Province).Abbr, m.Province(b.Province).Abbr)] = true
			}
		case "UNITS":
			for _, u := range strings.Split(fields[2], "; ") {
				typ, where, _ := strings.Cut(u, " ")
				refUnits = append(refUnits, fields[1]+" "+typ[:1]+" "+names.LocString(loc(where)))
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	for p := range m.Provinces {
		if pi := m.Province(rules.Province(p)); !seen[rules.Province(p)] && !pi.Impassable {
			t.Errorf("%s is not in the reference", pi.Name)
		}
	}

	ours := map[string]bool{}
	for _, b := range m.Borders() {
		if m.BorderKindInfo(b.Kind).Name == "canal" {
			continue // vDiplomacy keeps the canal outside its border list
		}
		if b.Fleet {
			ours[border("fleet", names.LocString(b.From), names.LocString(b.To))] = true
		}
		if b.Army {
			ours[border("army", names.LocString(b.From), names.LocString(b.To))] = true
		}
	}
	var missing, extra []string
	for b := range refBorders {
		if !ours[b] {
			missing = append(missing, b)
		}
	}
	for b := range ours {
		if !refBorders[b] {
			extra = append(extra, b)
		}
	}
	sort.Strings(missing)
	sort.Strings(extra)
	if len(missing) > 0 || len(extra) > 0 {
		t.Errorf("borders missing here: %v\nborders not in the reference: %v", missing, extra)
	}
	t.Logf("%d provinces and %d borders agree with the reference", len(seen), len(refBorders))

	var ourUnits []string
	for p, u := range v.Start.Units {
		if u.Type != rules.NoUnit {
			ourUnits = append(ourUnits, m.PowerName(u.Power)+" "+u.Type.Letter()+" "+names.LocString(rules.Loc{Province: rules.Province(p), Coast: u.Coast}))
		}
	}
	if !sameSet(ourUnits, refUnits) {
		t.Errorf("starting units %v, reference %v", ourUnits, refUnits)
	}
}

// border names an undirected border for comparison.
func border(kind, a, b string) string {
	if b < a {
		a, b = b, a
	}
	return kind + " " + a + "-" + b
}
