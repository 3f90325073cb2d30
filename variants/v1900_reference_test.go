package variants_test

import (
	"bufio"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/chancery/chancery/notation"
	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/variants"
)

// reference1900 is the map file of the judge on which 1900 was first played
// (dpjudge), kept beside the project in ../shared for facts only; the test
// is skipped without it.
const reference1900 = "../../shared/reference/maps/dpjudge-1900.map"

// dpMap is what the comparison reads from a dpjudge map file.
type dpMap struct {
	names   [][]string          // "Full Name", then its aliases
	terrain map[string]string   // province -> WATER, COAST, PORT or LAND
	army    map[string]bool     // "a>b": armies may move a to b
	fleet   map[string]bool     // "a/ec>b": fleets may move a/ec to b
	cape    map[string]bool     // fleet moves marked '*'
	homes   map[string][]string // dpjudge power -> home centres
	neutral []string            // unowned centres
	units   []string            // "AUSTRIA A bud"
	owns    map[string][]string // dpjudge power -> centres owned at the start
}

// readDP reads the parts of a dpjudge map file that the comparison needs.
// Adjacency lines read "TYPE LOC ABUTS neighbours": a location in upper
// case holds fleets (and armies, unless it names a coast), one in lower
// case only armies; an upper-case neighbour may be reached by fleets and
// armies, a lower-case one by armies only; '*' marks the cape route.
func readDP(t *testing.T, path string) *dpMap {
	f, err := os.Open(path)
	if err != nil {
		t.Skipf("no reference map: %v", err)
	}
	defer f.Close()
	d := &dpMap{terrain: map[string]string{}, army: map[string]bool{}, fleet: map[string]bool{},
		cape: map[string]bool{}, homes: map[string][]string{}, owns: map[string][]string{}}
	type adjLine struct {
		typ, loc string
		abuts    []string
	}
	var adj []adjLine
	powers := map[string]bool{}
	started, power := false, ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		w := strings.Fields(line)
		switch {
		case len(w) == 0:
		case strings.Contains(line, "="):
			full, aliases, _ := strings.Cut(line, "=")
			d.names = append(d.names, append([]string{strings.TrimSpace(full)}, strings.Fields(aliases)...))
		case len(w) >= 3 && w[2] == "ABUTS":
			adj = append(adj, adjLine{w[0], w[1], w[3:]})
			if !strings.Contains(w[1], "/") {
				d.terrain[strings.ToLower(w[1])] = w[0]
			}
		case w[0] == "UNOWNED":
			d.neutral = append(d.neutral, lowerAll(w[1:])...)
		case len(w) >= 2 && strings.HasPrefix(w[1], "("):
			// A power, its adjective and home centres; the Mila judge's
			// files list its units after it, below BEGIN.
			powers[w[0]] = true
			power = w[0]
			for _, h := range w[2:] {
				if !strings.HasPrefix(h, "*") { // *SIB: the later Emergency Measures Rule
					d.homes[w[0]] = append(d.homes[w[0]], strings.ToLower(h))
				}
			}
		case w[0] == "BEGIN":
			started = true
		case started && len(w) == 1 && powers[w[0]]:
			power = w[0]
		case started && w[0] == "OWNS":
			d.owns[power] = lowerAll(w[1:])
		case started && (w[0] == "A" || w[0] == "F") && len(w) == 2:
			d.units = append(d.units, power+" "+w[0]+" "+strings.ToLower(w[1]))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	prov := func(loc string) string { p, _, _ := strings.Cut(strings.ToLower(loc), "/"); return p }
	for _, a := range adj {
		upper := a.loc == strings.ToUpper(a.loc)
		armyLine := a.typ != "WATER" && !strings.Contains(a.loc, "/")
		fleetLine := upper && a.typ != "LAND"
		from := strings.ToLower(a.loc)
		for _, n := range a.abuts {
			cape := strings.HasPrefix(n, "*")
			n = strings.TrimPrefix(n, "*")
			to := strings.ToLower(n)
			nt := d.terrain[prov(n)]
			if nt == "" {
				t.Fatalf("reference: %s borders unknown %s", a.loc, n)
			}
			if armyLine && nt != "WATER" && !cape {
				d.army[prov(from)+">"+prov(to)] = true
			}
			if fleetLine && n == strings.ToUpper(n) && nt != "LAND" {
				d.fleet[from+">"+to] = true
				if cape {
					d.cape[from+">"+to] = true
				}
			}
		}
	}
	return d
}

func lowerAll(s []string) []string {
	out := make([]string, len(s))
	for i, x := range s {
		out[i] = strings.ToLower(x)
	}
	return out
}

// diffCentres compares the home and neutral supply centres of a reference
// map (powers naming its powers as the variant does) with v's.
func diffCentres(t *testing.T, file string, ref *dpMap, powers map[string]string, v *rules.Variant) {
	t.Helper()
	m := v.Map
	refSC, ourSC := map[string]bool{}, map[string]bool{}
	for pw, hs := range ref.homes {
		for _, h := range hs {
			refSC[h+" home of "+powers[pw]] = true
		}
	}
	for _, n := range ref.neutral {
		refSC[n+" neutral"] = true
	}
	for p, pi := range m.Provinces {
		switch {
		case !pi.SupplyCenter:
		case pi.Home != rules.NoPower:
			ourSC[pi.Abbr+" home of "+m.PowerName(pi.Home)] = true
		case v.Start.Owner[p] == rules.NoPower:
			ourSC[pi.Abbr+" neutral"] = true
		}
	}
	diffSets(t, file, "home and neutral centres", refSC, ourSC)
}

// dpPowers maps the reference's power names to Chancery's.
var dpPowers = map[string]string{"AUSTRIA": "Austria-Hungary", "BRITAIN": "Britain", "FRANCE": "France",
	"GERMANY": "Germany", "ITALY": "Italy", "RUSSIA": "Russia", "TURKEY": "Turkey"}

// diffSets reports the keys of one set missing from the other; file names
// the map file compared with the reference.
func diffSets(t *testing.T, file, what string, ref, ours map[string]bool) {
	t.Helper()
	var missing, extra []string
	for k := range ref {
		if !ours[k] {
			missing = append(missing, k)
		}
	}
	for k := range ours {
		if !ref[k] {
			extra = append(extra, k)
		}
	}
	sort.Strings(missing)
	sort.Strings(extra)
	if len(missing) > 0 {
		t.Errorf("%s in the reference but not in %s: %v", what, file, missing)
	}
	if len(extra) > 0 {
		t.Errorf("%s in %s but not in the reference: %v", what, file, extra)
	}
}

// TestMap1900AgreesWithReference compares 1900.map with dpjudge's map of
// 1900: every province and its terrain, every directed border for armies
// and for fleets (coasts included), the cape borders, every name and alias,
// the home and neutral centres, and the starting units and ownership.
func TestMap1900AgreesWithReference(t *testing.T) {
	ref := readDP(t, reference1900)
	v, err := variants.MustLoad().Get("1900")
	if err != nil {
		t.Fatal(err)
	}
	m := v.Map
	names := notation.NewNames(m)

	refProvs := map[string]bool{}
	for p, typ := range ref.terrain {
		refProvs[p+" "+map[string]string{"WATER": "sea", "COAST": "coast", "PORT": "coast+convoys", "LAND": "land"}[typ]] = true
	}
	ourProvs := map[string]bool{}
	for _, pi := range m.Provinces {
		s := pi.Abbr + " " + pi.Terrain.String()
		if pi.Convoys && pi.Terrain != rules.Sea {
			s += "+convoys"
		}
		ourProvs[s] = true
		if pi.Impassable {
			t.Errorf("%s is impassable; every space of 1900 is passable", pi.Abbr)
		}
	}
	diffSets(t, "1900.map", "provinces", refProvs, ourProvs)

	army, fleet, cape := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, b := range m.Borders() {
		if b.Army {
			army[m.Provinces[b.From.Province].Abbr+">"+m.Provinces[b.To.Province].Abbr] = true
		}
		if b.Fleet {
			k := names.LocString(b.From) + ">" + names.LocString(b.To)
			fleet[k] = true
			if m.BorderKindInfo(b.Kind).Name == "cape" {
				cape[k] = true
			} else if b.Kind != rules.NormalBorder {
				t.Errorf("border %s has kind %s", k, m.BorderKindInfo(b.Kind).Name)
			}
		}
	}
	diffSets(t, "1900.map", "army borders", ref.army, army)
	diffSets(t, "1900.map", "fleet borders", ref.fleet, fleet)
	diffSets(t, "1900.map", "cape borders", ref.cape, cape)
	t.Logf("compared %d provinces, %d army and %d fleet directed borders (%d cape)",
		len(refProvs), len(ref.army), len(ref.fleet), len(ref.cape))

	// Names: the full name and every alias lead to the reference's
	// location, which is the first alias.
	for _, line := range ref.names {
		want, ok := names.Loc(line[1])
		if !ok {
			t.Errorf("abbreviation %q is not accepted", line[1])
			continue
		}
		if strings.ToLower(line[1]) != names.LocString(want) {
			t.Errorf("canonical abbreviation: reference %q, ours %q", line[1], names.LocString(want))
		}
		for _, alias := range append([]string{line[0]}, line[2:]...) {
			if got, ok := names.Loc(alias); !ok || got != want {
				t.Errorf("name %q: got %s (%v), want %s", alias, names.LocString(got), ok, names.LocString(want))
			}
		}
	}

	// Centres: homes, neutrals, and the starting units and owners.
	diffCentres(t, "1900.map", ref, dpPowers, v)

	refStart, ourStart := map[string]bool{}, map[string]bool{}
	for _, u := range ref.units {
		pw, rest, _ := strings.Cut(u, " ")
		refStart[dpPowers[pw]+" "+rest] = true
	}
	for pw, hs := range ref.homes {
		owned := ref.owns[pw]
		if owned == nil {
			owned = hs // dpjudge: a power owns its home centres unless OWNS says otherwise
		}
		for _, c := range owned {
			refStart[dpPowers[pw]+" owns "+c] = true
		}
	}
	for p, u := range v.Start.Units {
		if u.Type != rules.NoUnit {
			ourStart[m.PowerName(u.Power)+" "+u.Type.Letter()+" "+names.LocString(rules.Loc{Province: rules.Province(p), Coast: u.Coast})] = true
		}
	}
	for p, o := range v.Start.Owner {
		if o != rules.NoPower {
			ourStart[m.PowerName(o)+" owns "+m.Provinces[p].Abbr] = true
		}
	}
	diffSets(t, "1900.map", "starting units and ownership", refStart, ourStart)
}
