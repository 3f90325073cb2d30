package variants_test

import (
	"bufio"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/chancery/chancery/rules"
)

// sengoku5 is the Sengoku 5.0 data beside the project (public reference
// data, not copied into it); TestSengokuReference is skipped without it.
const sengoku5 = "../../shared/reference/maps/vdiplomacy-sengoku5.tsv"

// TestSengokuReference compares the map with the Sengoku 5.0 data it was
// built from: every space, centre, starting unit and border must agree,
// apart from the seed's decisions listed in docs/sengoku.md.
func TestSengokuReference(t *testing.T) {
	f, err := os.Open(sengoku5)
	if err != nil {
		t.Skipf("no Sengoku 5.0 reference data: %v", err)
	}
	defer f.Close()
	v, names := sengoku(t)
	m := v.Map

	// The seed's changes: the added province, and the 5.0 crossing over
	// water that is not a border here.
	added := map[string]bool{"sad": true}
	removed := map[[2]string]bool{{"iyo", "bun"}: true}

	label := regexp.MustCompile(` \(\d+\)$`) // 5.0's map labels: "Bitchu (2)"
	prov := func(name string) rules.Province {
		t.Helper()
		return sengokuProv(t, names, label.ReplaceAllString(name, ""))
	}
	pair := func(p, q rules.Province) [2]string {
		a, b := m.Province(p).Abbr, m.Province(q).Abbr
		if removed[[2]string{b, a}] {
			a, b = b, a
		}
		return [2]string{a, b}
	}
	seen := map[rules.Province]bool{}
	borders := map[[2]rules.Province]bool{}
	terrain := map[string]rules.Terrain{"Land": rules.Land, "Coast": rules.Coastal, "Sea": rules.Sea}
	nBorders, nUnits := 0, 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Split(sc.Text(), "\t")
		switch fs[0] {
		case "TERRITORY":
			p := prov(fs[1])
			seen[p] = true
			pi := m.Province(p)
			if pi.Terrain != terrain[fs[2]] || pi.SupplyCenter != (fs[3] == "Yes") {
				t.Errorf("%s: %s, centre %v; 5.0 says %s, %s", fs[1], pi.Terrain, pi.SupplyCenter, fs[2], fs[3])
			}
			// 5.0's owner index 9 marks the neutral centres.
			if (fs[4] == "9") != (pi.Home == v.Neutral) {
				t.Errorf("%s: home of %q; 5.0's owner index is %s", fs[1], m.PowerName(pi.Home), fs[4])
			}
		case "BORDER":
			nBorders++
			p, q := prov(fs[1]), prov(fs[2])
			borders[[2]rules.Province{p, q}], borders[[2]rules.Province{q, p}] = true, true
			army, fleet := fs[4] == "Yes", fs[3] == "Yes"
			if removed[pair(p, q)] {
				army, fleet = false, false
			}
			for _, d := range [][2]rules.Province{{p, q}, {q, p}} {
				a, _ := m.Edge(rules.Army, rules.At(d[0]), rules.At(d[1]))
				fl, _ := m.Edge(rules.Fleet, rules.At(d[0]), rules.At(d[1]))
				if a != army || fl != fleet {
					t.Errorf("%s-%s: army %v fleet %v, want %v %v", m.Province(d[0]).Abbr, m.Province(d[1]).Abbr, a, fl, army, fleet)
				}
			}
		case "UNITS":
			power := fs[1]
			if power == "Neutral units" {
				power = "Neutral"
			}
			pw, ok := names.Power(power)
			if !ok {
				t.Fatalf("unknown power %q", fs[1])
			}
			for _, u := range strings.Split(fs[2], "; ") {
				nUnits++
				typ, where, _ := strings.Cut(u, " ")
				p := prov(where)
				got := v.Start.Units[p]
				if got.Power != pw || got.Type.String() != strings.ToLower(typ) {
					t.Errorf("start: %s %s; 5.0 has %s %s", m.PowerName(got.Power), got.Type, fs[1], u)
				}
				if pw != v.Neutral && (m.Province(p).Home != pw || v.Start.Owner[p] != pw) {
					t.Errorf("start: %s is not %s's home centre", where, power)
				}
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(seen) != 81 || nBorders != 236 || nUnits != 23 {
		t.Errorf("read %d spaces, %d borders and %d units; the 5.0 data has 81, 236 and 23", len(seen), nBorders, nUnits)
	}
	// Whatever the 5.0 data does not have touches Sado.
	var extra []string
	for p := range m.Provinces {
		if !seen[rules.Province(p)] && !added[m.Provinces[p].Abbr] {
			t.Errorf("%s is not on the 5.0 map", m.Provinces[p].Name)
		}
	}
	for _, b := range m.Borders() {
		k := [2]rules.Province{b.From.Province, b.To.Province}
		if borders[k] {
			continue
		}
		from, to := m.Province(k[0]).Abbr, m.Province(k[1]).Abbr
		if !added[from] && !added[to] {
			t.Errorf("border %s-%s is not on the 5.0 map", from, to)
		}
		extra = append(extra, from+"-"+to)
	}
	slices.Sort(extra)
	want := []string{"ecg-sad", "nsj-sad", "sad-ecg", "sad-nsj", "sad-tyb", "tyb-sad"}
	if !slices.Equal(extra, want) {
		t.Errorf("borders beyond 5.0:\n got  %v\n want %v", extra, want)
	}
}
