package variants_test

import (
	"testing"

	"github.com/chancery/chancery/notation"
	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/variants"
)

// colonialRegistry is loaded once for the Colonial tests.
var colonialRegistry = variants.MustLoad()

// colonial returns the Colonial variant and the names of its map.
func colonial(t testing.TB) (*rules.Variant, *notation.Names) {
	t.Helper()
	v, err := colonialRegistry.Get("colonial")
	if err != nil {
		t.Fatal(err)
	}
	return v, notation.NewNames(v.Map)
}

// colonialProv returns the province a name denotes.
func colonialProv(t testing.TB, names *notation.Names, s string) rules.Province {
	t.Helper()
	p, ok := names.Province(s)
	if !ok {
		t.Fatalf("unknown province %q", s)
	}
	return p
}

// TestColonialMap checks the map against rules/colonial.md: seven powers
// and their Spring 1870 units, 58 centres and 30 to win, the two coasts of
// Seoul, Bangkok and Arabia, Cebu, the land bridges, the impassable seas,
// the Suez Canal and the Trans-Siberian Railroad.
func TestColonialMap(t *testing.T) {
	v, names := colonial(t)
	m := v.Map
	if v.Start.Phase != (rules.Phase{Season: rules.Spring, Year: 1870, Type: rules.MovementPhase}) {
		t.Errorf("starts %v, want spring 1870 movement", v.Start.Phase)
	}
	if v.VictoryCentres != 30 || v.VictoryStrict || v.BuildAnywhere || v.NoDraws || v.Neutral != rules.NoPower {
		t.Errorf("victory %d strict %v, build anywhere %v, no draws %v, neutral %v: want 30 and standard rules",
			v.VictoryCentres, v.VictoryStrict, v.BuildAnywhere, v.NoDraws, v.Neutral)
	}
	centres := 0
	for _, pi := range m.Provinces {
		if pi.SupplyCenter {
			centres++
		}
	}
	if centres != 58 {
		t.Errorf("%d supply centres, want 58", centres)
	}

	start := map[string][]string{
		"Britain": {"A mad", "A del", "F bom", "F ade", "F hon", "F sin"},
		"China":   {"A pek", "A can", "A sik", "A sha", "A mac"},
		"France":  {"A ton", "F ann", "A coc"},
		"Holland": {"F jav", "F sum", "A bor"},
		"Japan":   {"A kyo", "F kyu", "F ota", "F tok"},
		"Russia":  {"A mos", "A vla", "A oms", "F ode", "F por"},
		"Turkey":  {"A ang", "F bag", "F con"},
	}
	if got := m.NumPowers(); got != len(start) {
		t.Errorf("%d powers, want %d", got, len(start))
	}
	units := 0
	for power, us := range start {
		pw, ok := names.Power(power)
		if !ok {
			t.Fatalf("no power %s", power)
		}
		for _, s := range us {
			p := colonialProv(t, names, s[2:])
			u := v.Start.Units[p]
			if u.Power != pw || u.Type.Letter() != s[:1] {
				t.Errorf("%s: %s %s %s at the start", power, s, m.PowerName(u.Power), u.Type)
			}
			// Home centres are the starting centres, owned from the start.
			if pi := m.Province(p); !pi.SupplyCenter || pi.Home != pw || v.Start.Owner[p] != pw {
				t.Errorf("%s is not a home centre of %s owned at the start", pi.Name, power)
			}
			units++
		}
	}
	if got := v.Start.UnitCount(m); sum(got) != units {
		t.Errorf("%d units at the start, want %d", sum(got), units)
	}
	if got := sum(v.Start.CentreCount(m)); got != units {
		t.Errorf("%d centres owned at the start, want %d (the home centres)", got, units)
	}
	if pi := m.Province(colonialProv(t, names, "Kyoto")); !pi.SupplyCenter || pi.Home == rules.NoPower {
		t.Error("Kyoto is a Japanese home centre (1996 errata)")
	}
	if pi := m.Province(colonialProv(t, names, "Constantinople")); m.PowerName(pi.Home) != "Turkey" {
		t.Error("Constantinople is a Turkish province (1996 errata)")
	}

	for _, s := range []string{"Seoul", "Bangkok", "Arabia"} {
		if n := len(m.Province(colonialProv(t, names, s)).Coasts); n != 2 {
			t.Errorf("%s has %d coasts, want 2", s, n)
		}
	}
	for _, s := range []string{"Caspian Sea", "Lake Baikal"} {
		p := colonialProv(t, names, s)
		if !m.Province(p).Impassable || len(m.Neighbours(rules.Army, rules.At(p))) > 0 || len(m.Neighbours(rules.Fleet, rules.At(p))) > 0 {
			t.Errorf("%s must be impassable", s)
		}
	}

	// Cebu: army or fleet, no convoy; armies from Manila and Davao.
	ceb := colonialProv(t, names, "Cebu")
	if pi := m.Province(ceb); pi.Terrain != rules.Coastal || pi.Convoys {
		t.Error("Cebu must be a coastal space whose fleet does not convoy")
	}
	want := []string{"Manila", "Middle Pacific", "Lower Pacific", "Davao", "Sulu Sea", "Luzon Strait"}
	var got []string
	for _, b := range m.Neighbours(rules.Fleet, rules.At(ceb)) {
		got = append(got, m.Province(b.To.Province).Name)
	}
	if !sameSet(got, want) {
		t.Errorf("Cebu's fleet neighbours %v, want %v", got, want)
	}
	got = got[:0]
	for _, b := range m.Neighbours(rules.Army, rules.At(ceb)) {
		got = append(got, m.Province(b.To.Province).Name)
	}
	if !sameSet(got, []string{"Manila", "Davao"}) {
		t.Errorf("Cebu's army neighbours %v, want Manila and Davao", got)
	}

	// Land bridges, for armies and fleets.
	for _, pair := range [][2]string{{"Otaru", "Akita"}, {"Otaru", "Sakhalin"}} {
		a, b := rules.At(colonialProv(t, names, pair[0])), rules.At(colonialProv(t, names, pair[1]))
		for _, ut := range []rules.UnitType{rules.Army, rules.Fleet} {
			ok1, k := m.Edge(ut, a, b)
			ok2, _ := m.Edge(ut, b, a)
			if !ok1 || !ok2 || m.BorderKindInfo(k).Name != "bridge" {
				t.Errorf("%s-%s must be a land bridge for %ss", pair[0], pair[1], ut)
			}
		}
	}

	// The canal: fleets only, kept by Egypt, no support, retreat or convoy.
	med, red, egy := colonialProv(t, names, "MED"), colonialProv(t, names, "RS"), colonialProv(t, names, "EGY")
	ok, k := m.Edge(rules.Fleet, rules.At(med), rules.At(red))
	if ki := m.BorderKindInfo(k); !ok || ki.Gate != egy || !ki.NoSupport || !ki.NoRetreat || !ki.NoConvoy || ki.HalfStrength {
		t.Errorf("Mediterranean-Red Sea must be the canal kept by Egypt: %v %+v", ok, ki)
	}
	if m.SeaNeighbours(med, red) || m.CanSupportInto(rules.Fleet, rules.At(med), red) {
		t.Error("the canal carries no convoy and no support")
	}

	// The railway.
	rw := m.Railways()
	if len(rw) != 1 || rw[0].Name != "tsr" || m.PowerName(rw[0].Power) != "Russia" {
		t.Fatalf("railways %+v, want the tsr for Russia", rw)
	}
	var line []string
	for _, p := range rw[0].Line {
		line = append(line, m.Province(p).Name)
	}
	if !slicesEqual(line, []string{"Moscow", "Perm", "Omsk", "Krasnoyarsk", "Irkutsk", "Vladivostok"}) {
		t.Errorf("the TSR runs %v", line)
	}
}

func sum(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	seen := map[string]int{}
	for _, x := range a {
		seen[x]++
	}
	for _, x := range b {
		seen[x]--
	}
	for _, n := range seen {
		if n != 0 {
			return false
		}
	}
	return true
}

func slicesEqual(a, b []string) bool {
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
