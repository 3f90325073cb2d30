package variants_test

import (
	"sort"
	"strings"
	"testing"

	"github.com/chancery/chancery/codec"
	"github.com/chancery/chancery/internal/phasetest"
	"github.com/chancery/chancery/judge"
	"github.com/chancery/chancery/notation"
	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/variants"
)

// The tests of 1900 quote the sentence of Baron Powell's rules (hp07,
// ../shared/seeds/003_737081b31430f504.txt) that each one checks: in the
// Title of a phase case, in the comment of a map fact.

func load1900(t *testing.T) (*rules.Variant, *notation.Names) {
	t.Helper()
	v, err := variants.MustLoad().Get("1900")
	if err != nil {
		t.Fatal(err)
	}
	return v, notation.NewNames(v.Map)
}

func prov(t *testing.T, n *notation.Names, s string) rules.Province {
	t.Helper()
	p, ok := n.Province(s)
	if !ok {
		t.Fatalf("unknown province %q", s)
	}
	return p
}

// borders reports whether a unit of type typ may move between two
// locations, in both directions.
func borders(t *testing.T, v *rules.Variant, n *notation.Names, typ rules.UnitType, a, b string) bool {
	t.Helper()
	la, ok1 := n.Loc(a)
	lb, ok2 := n.Loc(b)
	if !ok1 || !ok2 {
		t.Fatalf("unknown location %q or %q", a, b)
	}
	ab, _ := v.Map.Edge(typ, la, lb)
	ba, _ := v.Map.Edge(typ, lb, la)
	if ab != ba {
		t.Errorf("border %s-%s is not symmetric", a, b)
	}
	return ab
}

// neighbours lists the provinces that border p for armies or fleets.
func neighbours(v *rules.Variant, n *notation.Names, p rules.Province) []string {
	seen := map[string]bool{}
	m := v.Map
	for _, b := range m.Borders() {
		if b.From.Province == p {
			seen[m.Provinces[b.To.Province].Abbr] = true
		}
	}
	var out []string
	for s := range seen {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

// TestMap1900Facts checks the map changes of the seed, one subtest per
// sentence.
func TestMap1900Facts(t *testing.T) {
	v, n := load1900(t)
	m := v.Map
	sc := func(s string) bool { return m.Provinces[prov(t, n, s)].SupplyCenter }
	home := func(s string) string { return m.PowerName(m.Provinces[prov(t, n, s)].Home) }
	owner := func(s string) string { return m.PowerName(v.Start.Owner[prov(t, n, s)]) }
	facts := []struct {
		seed  string
		check func(t *testing.T)
	}{
		{"There are now 39 SCs. The Great Powers control 25 at game-start: Britain, France, Germany, and Russia have 4 SCs each and Austria-Hungary, Italy, and Turkey have 3 SCs each. The remaining 14 SCs are neutral at game-start.",
			func(t *testing.T) {
				total, neutral := 0, 0
				counts := v.Start.CentreCount(m)
				for p := range m.Provinces {
					if m.Provinces[p].SupplyCenter {
						total++
						if v.Start.Owner[p] == rules.NoPower {
							neutral++
						}
					}
				}
				want := map[string]int{"Austria-Hungary": 3, "Britain": 4, "France": 4, "Germany": 4, "Italy": 3, "Russia": 4, "Turkey": 3}
				for pw := 1; pw < len(m.Powers); pw++ {
					if counts[pw] != want[m.Powers[pw]] {
						t.Errorf("%s owns %d centres at the start, want %d", m.Powers[pw], counts[pw], want[m.Powers[pw]])
					}
				}
				if total != 39 || neutral != 14 {
					t.Errorf("%d centres, %d neutral; want 39 and 14", total, neutral)
				}
			}},
		{"Morocco is separated from North Africa and is a neutral SC.", func(t *testing.T) {
			if !sc("mor") || owner("mor") != "" {
				t.Error("Morocco is not a neutral centre")
			}
			if _, ok := n.Province("naf"); ok {
				t.Error("North Africa still exists")
			}
		}},
		{"What's left of North Africa is split into two spaces: Algeria and Southern Algeria. Algeria is a French SC", func(t *testing.T) {
			if !sc("alg") || owner("alg") != "France" || sc("sou") || m.Provinces[prov(t, n, "sou")].Terrain != rules.Land {
				t.Error("Algeria is not a French centre, or Southern Algeria is not an inland non-centre")
			}
		}},
		{"The Tyrrhenian Sea touches Algeria (where it doesn't touch North Africa in Diplomacy).", func(t *testing.T) {
			if !borders(t, v, n, rules.Fleet, "tys", "alg") {
				t.Error("no fleet border Tyrrhenian Sea-Algeria")
			}
		}},
		{"Tunisia (Tunis on the Diplomacy map) is no longer a SC.", func(t *testing.T) {
			if sc("tun") {
				t.Error("Tunisia is a centre")
			}
		}},
		{"Libya is represented by two spaces: Tripolitania, a neutral SC, and Cyrenacia.", func(t *testing.T) {
			if !sc("trp") || owner("trp") != "" || sc("cyr") || !borders(t, v, n, rules.Army, "trp", "cyr") {
				t.Error("Tripolitania and Cyrenaica are wrong")
			}
		}},
		{"Egypt appears on the map and is a British SC", func(t *testing.T) {
			if !sc("egy") || owner("egy") != "Britain" {
				t.Error("Egypt is not a British centre")
			}
		}},
		{"Syria has been renamed Damascus and is a Turkish SC. At the same time, Smyrna has been renamed Konya and is no longer a Turkish SC.", func(t *testing.T) {
			if home("dam") != "Turkey" || sc("kon") || prov(t, n, "syria") != prov(t, n, "dam") {
				t.Error("Damascus or Konya is wrong")
			}
		}},
		{"Two additional Turkish spaces appear on the map, Palestine and Hejaz. Both border British Egypt.", func(t *testing.T) {
			for _, s := range []string{"pal", "hej"} {
				if !borders(t, v, n, rules.Army, s, "egy") || !borders(t, v, n, rules.Fleet, s, "egy") {
					t.Errorf("%s does not border Egypt for armies and fleets", s)
				}
			}
		}},
		{"A new neutral space, Arabia, is sandwiched in between Damascus, Palestine, and Hejaz.", func(t *testing.T) {
			if got := strings.Join(neighbours(v, n, prov(t, n, "ara")), " "); got != "dam hej pal" {
				t.Errorf("Arabia borders %s", got)
			}
		}},
		{"Turkey controls a large territory in the Balkans called Macedonia. Macedonia has two coasts, east and west, and touches no less than eight other spaces. Albania no longer exists.", func(t *testing.T) {
			mac := prov(t, n, "mac")
			if got := strings.Join(neighbours(v, n, mac), " "); got != "adr aeg bos bul con gre ion ser" {
				t.Errorf("Macedonia borders %s", got)
			}
			if cs := m.Provinces[mac].Coasts; len(cs) != 2 || cs[0] != rules.EastCoast || cs[1] != rules.WestCoast {
				t.Errorf("Macedonia's coasts: %v", cs)
			}
			if _, ok := n.Province("alb"); ok {
				t.Error("Albania still exists")
			}
		}},
		{"Moscow is split into two spaces: Moscow and Siberia.", func(t *testing.T) {
			if !borders(t, v, n, rules.Army, "mos", "sib") || !borders(t, v, n, rules.Army, "sib", "stp") || !borders(t, v, n, rules.Army, "sib", "sev") {
				t.Error("Siberia is not between Moscow, St Petersburg and Sevastopol")
			}
		}},
		{"Trieste is split into two spaces: Trieste and Bosnia.", func(t *testing.T) {
			if !borders(t, v, n, rules.Fleet, "tri", "bos") || !borders(t, v, n, rules.Army, "bos", "ser") {
				t.Error("Bosnia is wrong")
			}
		}},
		{"Vienna no longer touches Galicia. Instead, Budapest now touches Bohemia.", func(t *testing.T) {
			if borders(t, v, n, rules.Army, "vie", "gal") || !borders(t, v, n, rules.Army, "bud", "boh") {
				t.Error("Vienna-Galicia or Budapest-Bohemia is wrong")
			}
		}},
		{"Venice is no longer a SC and it is renamed Venetia.", func(t *testing.T) {
			if sc("ven") || m.Provinces[prov(t, n, "venice")].Name != "Venetia" {
				t.Error("Venetia is wrong")
			}
		}},
		{"A new space, Milan, is an Italian SC.", func(t *testing.T) {
			if home("mil") != "Italy" {
				t.Error("Milan is not an Italian home centre")
			}
		}},
		{"Tuscany no longer exists. Rome now borders both Piedmont and Milan.", func(t *testing.T) {
			if _, ok := n.Province("tus"); ok {
				t.Error("Tuscany still exists")
			}
			if !borders(t, v, n, rules.Fleet, "rom", "pie") || !borders(t, v, n, rules.Army, "rom", "mil") {
				t.Error("Rome does not border Piedmont and Milan")
			}
		}},
		{"Gibraltar divides the south coast of Spain in two (i.e., Spain now has three coasts: north, east, and west).", func(t *testing.T) {
			cs := m.Provinces[prov(t, n, "spa")].Coasts
			if len(cs) != 3 {
				t.Errorf("Spain's coasts: %v", cs)
			}
			if !borders(t, v, n, rules.Fleet, "gib", "spa/ec") || !borders(t, v, n, rules.Fleet, "gib", "spa/wc") || borders(t, v, n, rules.Fleet, "gib", "spa/nc") {
				t.Error("Gibraltar does not sit between Spain's east and west coasts")
			}
		}},
		{"Gibraltar is a sea space for convoy purposes, but an army can move there from either Morocco or Spain", func(t *testing.T) {
			gib := m.Provinces[prov(t, n, "gib")]
			if gib.Terrain != rules.Coastal || !gib.Convoys || gib.SupplyCenter {
				t.Error("Gibraltar is not a coastal, convoying non-centre space")
			}
			if !borders(t, v, n, rules.Army, "gib", "mor") || !borders(t, v, n, rules.Army, "gib", "spa") {
				t.Error("armies cannot move Gibraltar-Morocco and Gibraltar-Spain")
			}
		}},
		{"Mid-Atlantic and Western Mediterranean touch only through Gibraltar (and via Morocco's single coast). (../rules/1900.md)", func(t *testing.T) {
			if borders(t, v, n, rules.Fleet, "mao", "wes") {
				t.Error("the Mid-Atlantic borders the Western Mediterranean")
			}
		}},
		{"Ruhr is renamed Cologne and is a German SC.", func(t *testing.T) {
			if home("col") != "Germany" || prov(t, n, "ruhr") != prov(t, n, "col") {
				t.Error("Cologne is wrong")
			}
		}},
		{"A new space, Alsace, separates French Burgundy from German Cologne and Munich.", func(t *testing.T) {
			if borders(t, v, n, rules.Army, "bur", "col") || borders(t, v, n, rules.Army, "bur", "mun") {
				t.Error("Burgundy borders Cologne or Munich")
			}
			for _, s := range []string{"bur", "col", "mun"} {
				if !borders(t, v, n, rules.Army, "als", s) {
					t.Errorf("Alsace does not border %s", s)
				}
			}
		}},
		{"Holland is renamed Netherlands.", func(t *testing.T) {
			if m.Provinces[prov(t, n, "holland")].Name != "Netherlands" {
				t.Error("Holland is not Netherlands")
			}
		}},
		{"Switzerland is a neutral SC.", func(t *testing.T) {
			if !sc("swi") || owner("swi") != "" || m.Provinces[prov(t, n, "swi")].Impassable {
				t.Error("Switzerland is not a passable neutral centre")
			}
		}},
		{"Mid-Atlantic Ocean borders Ireland.", func(t *testing.T) {
			if !borders(t, v, n, rules.Fleet, "mao", "ire") {
				t.Error("no fleet border Mid-Atlantic-Ireland")
			}
		}},
		{"Building in Africa is prohibited. All building occurs in home SCs as in Diplomacy.", func(t *testing.T) {
			for p, pi := range m.Provinces {
				if pi.Home != rules.NoPower && !pi.SupplyCenter {
					t.Errorf("%s is a home but not a centre", pi.Abbr)
				}
				if pi.Home != rules.NoPower && v.Start.Owner[p] != pi.Home {
					t.Errorf("%s does not start owned by its home power", pi.Abbr)
				}
			}
			for _, s := range []string{"egy", "alg", "mor", "tun", "trp"} {
				if home(s) != "" {
					t.Errorf("%s is a home centre", s)
				}
			}
			if v.BuildAnywhere {
				t.Error("1900 builds anywhere")
			}
		}},
		{"If a Great Power gains control of 18 SCs, the game ends ... play continues until one Great Power controls at least 18 SCs and that Great Power controls more SCs than any other Great Power.", func(t *testing.T) {
			if v.VictoryCentres != 18 || !v.VictoryStrict {
				t.Errorf("victory: %d centres, strict %v", v.VictoryCentres, v.VictoryStrict)
			}
		}},
	}
	for _, f := range facts {
		name := f.seed
		if len(name) > 60 {
			name = name[:60]
		}
		t.Run(name, f.check)
	}
}

// TestStart1900 checks the unit changes and the Spring 1900 start.
func TestStart1900(t *testing.T) {
	v, n := load1900(t)
	m := v.Map
	// "Austria-Hungary starts with an army in Trieste instead of a fleet.
	// Britain starts with four units: F London, F Edinburgh, F Gibraltar,
	// and F Egypt. Note that Liverpool is still a SC, but the army that
	// starts there in Diplomacy is gone. ... France starts with four units:
	// A Paris, F Brest, A Marseilles, and A Algeria. Germany starts with
	// four units: A Berlin, A Cologne, F Kiel, and A Munich. The Italian
	// army that started in Venice in Diplomacy now starts in Milan. The
	// Turkish army that started in Smyrna in Diplomacy now starts in
	// Damascus."
	want := []string{
		"Austria-Hungary A bud", "Austria-Hungary A tri", "Austria-Hungary A vie",
		"Britain F edi", "Britain F egy", "Britain F gib", "Britain F lon",
		"France A alg", "France A mar", "France A par", "France F bre",
		"Germany A ber", "Germany A col", "Germany A mun", "Germany F kie",
		"Italy A mil", "Italy A rom", "Italy F nap",
		"Russia A mos", "Russia A war", "Russia F sev", "Russia F stp/sc",
		"Turkey A con", "Turkey A dam", "Turkey F ank",
	}
	var got []string
	for p, u := range v.Start.Units {
		if u.Type != rules.NoUnit {
			got = append(got, m.PowerName(u.Power)+" "+u.Type.Letter()+" "+n.LocString(rules.Loc{Province: rules.Province(p), Coast: u.Coast}))
		}
	}
	sort.Strings(got)
	sort.Strings(want)
	if strings.Join(got, ", ") != strings.Join(want, ", ") {
		t.Errorf("start units:\n got  %v\n want %v", got, want)
	}
	if lvp := prov(t, n, "lvp"); v.Start.Units[lvp].Type != rules.NoUnit || v.Start.Owner[lvp] != m.Provinces[lvp].Home {
		t.Error("Liverpool must start empty and British")
	}
	if ph := v.Start.Phase; ph.Season != rules.Spring || ph.Year != 1900 || ph.Type != rules.MovementPhase {
		t.Errorf("the game starts in %v", ph)
	}
}

// TestVictory1900 checks the victory rule through the adjudication
// contract's winner: "Should this happen, the player representing the
// Great Power with the most SCs is the winner. If the two Great Powers each
// control the same number of SCs, play continues until one Great Power
// controls at least 18 SCs and that Great Power controls more SCs than any
// other Great Power."
func TestVictory1900(t *testing.T) {
	britain := "edi lon lvp egy bel den net nwy swe por spa mor bre par mar alg ber col"
	france := "kie mun mil nap rom mos sev stp war ank con dam bud tri vie bul gre rum"
	cases := []struct {
		name, britain, france, want string
	}{
		{"18 against 17: the 18 wins", britain, strings.TrimSuffix(france, " rum"), "Britain"},
		{"18 against 18: play continues", britain, france, ""},
		{"19 against 18: the most wins", britain, france + " ser", "France"},
		{"17 against 17: nobody has 18", strings.TrimSuffix(britain, " col"), strings.TrimSuffix(france, " rum"), ""},
	}
	j := judge.New(variants.MustLoad())
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := &judge.Input{Variant: "1900", Phase: codec.Phase{Season: "fall", Year: 1905, Type: "movement"},
				Units:         []codec.Unit{{Power: "Britain", Type: "fleet", Province: "nth"}, {Power: "France", Type: "army", Province: "boh"}},
				SupplyCenters: map[string]string{}}
			for _, s := range strings.Fields(c.britain) {
				in.SupplyCenters[s] = "Britain"
			}
			for _, s := range strings.Fields(c.france) {
				in.SupplyCenters[s] = "France"
			}
			out, err := j.Adjudicate(in)
			if err != nil {
				t.Fatal(err)
			}
			got := ""
			if out.Winner != nil {
				got = *out.Winner
			}
			if got != c.want {
				t.Errorf("winner %q, want %q", got, c.want)
			}
		})
	}
}

// TestRules1900 runs the cases of the map facts that need orders and of
// the Suez Canal Rules; each Title is the sentence it checks.
func TestRules1900(t *testing.T) {
	for i := range rules1900 {
		rules1900[i].Variant = "1900"
	}
	phasetest.Run(t, rules1900)
}

var rules1900 = []phasetest.Case{
	// Map facts.
	{ID: "passable/Iceland, Ireland and Switzerland",
		Title: "Iceland, Ireland, and Switzerland are now passable.",
		Units: `
			Britain: F Norwegian Sea
			Britain: F Irish Sea
			Germany: A Munich`,
		Orders: `
			Britain: F Norwegian Sea - Iceland => succeeds
			Britain: F Irish Sea - Ireland => succeeds
			Germany: A Munich - Switzerland => succeeds`,
		WantUnits: `
			Britain: F Iceland
			Britain: F Ireland
			Germany: A Switzerland`},
	{ID: "Clyde-Ireland/an army needs no convoy",
		Title: "Movement between Clyde and Ireland is allowed. This is true even though an enemy fleet is in the North Atlantic Ocean. A convoy is not required to move an army between Clyde and Ireland.",
		Units: `
			Britain: A Clyde
			France: F North Atlantic Ocean
			France: A Ireland`,
		Orders: `
			Britain: A Clyde - Ireland => bounced
			France: F North Atlantic Ocean Hold => succeeds
			France: A Ireland - Clyde => bounced`,
		WantUnits: `
			Britain: A Clyde
			France: F North Atlantic Ocean
			France: A Ireland`},
	{ID: "Clyde-Ireland/an army moves through an enemy fleet's sea",
		Title: "Movement between Clyde and Ireland is allowed. This is true even though an enemy fleet is in the North Atlantic Ocean.",
		Units: `
			Britain: A Clyde
			France: F North Atlantic Ocean`,
		Orders: `
			Britain: A Clyde - Ireland => succeeds
			France: F North Atlantic Ocean Hold => succeeds`,
		WantUnits: `
			Britain: A Ireland
			France: F North Atlantic Ocean`},
	{ID: "Gibraltar/armies move to Morocco and Spain without a convoy",
		Title: "Army movement is allowed between Gibraltar and Morocco. No convoy is required in this case.",
		Units: `
			France: A Gibraltar
			France: A Spain`,
		Orders: `
			France: A Gibraltar - Morocco => succeeds
			France: A Spain - Gibraltar => succeeds`,
		WantUnits: `
			France: A Morocco
			France: A Gibraltar`},
	{ID: "Gibraltar/an army there keeps a fleet out",
		Title: "an army can move there from either Morocco or Spain, and prevent a fleet from entering.",
		Units: `
			France: A Gibraltar
			Britain: F Mid-Atlantic Ocean`,
		Orders: `
			France: A Gibraltar Hold => succeeds
			Britain: F Mid-Atlantic Ocean - Gibraltar => bounced`,
		WantDislodged: ``},
	{ID: "Gibraltar/a fleet there convoys",
		Title: "Gibraltar is a sea space for convoy purposes",
		Units: `
			Britain: F Gibraltar
			Britain: A Morocco`,
		Orders: `
			Britain: F Gibraltar C A Morocco - Spain => succeeds
			Britain: A Morocco - Spain => succeeds`,
		WantUnits: `
			Britain: F Gibraltar
			Britain: A Spain`},
	{ID: "Gibraltar/a fleet there reaches both Mediterranean and Atlantic",
		Title: "Mid-Atlantic and Western Mediterranean touch only through Gibraltar (../rules/1900.md)",
		Units: `
			Britain: F Gibraltar
			France: F Mid-Atlantic Ocean`,
		Orders: `
			Britain: F Gibraltar - Western Mediterranean => succeeds
			France: F Mid-Atlantic Ocean - Western Mediterranean => illegal`,
		WantUnits: `
			Britain: F Western Mediterranean
			France: F Mid-Atlantic Ocean`},
	{ID: "Spain/three coasts",
		Title: "Spain now has three coasts: north, east, and west.",
		Units: `
			France: F Gibraltar
			France: F Mid-Atlantic Ocean
			France: F Gulf of Lyon`,
		// Gibraltar reaches the east and west coasts, the Mid-Atlantic the
		// north and west: a move without a coast is ambiguous (DATC 6.B.1).
		Orders: `
			France: F Gibraltar - Spain => bad_coast
			France: F Mid-Atlantic Ocean - Spain => bad_coast
			France: F Gulf of Lyon - Spain => succeeds`,
		WantUnits: `
			France: F Gibraltar
			France: F Mid-Atlantic Ocean
			France: F Spain (east coast)`},
	{ID: "Spain/the west coast",
		Title:     "Gibraltar divides the south coast of Spain in two",
		Units:     `France: F Gibraltar`,
		Orders:    `France: F Gibraltar - Spain (west coast) => succeeds`,
		WantUnits: `France: F Spain (west coast)`},
	{ID: "Macedonia/two coasts",
		Title: "Macedonia has two coasts, east and west",
		Units: `
			Turkey: F Constantinople
			Italy: F Adriatic Sea
			Austria-Hungary: F Greece`,
		Orders: `
			Turkey: F Constantinople - Macedonia => bounced
			Italy: F Adriatic Sea - Macedonia (east coast) => bad_coast
			Austria-Hungary: F Greece - Macedonia (west coast) => bounced`,
		WantUnits: `
			Turkey: F Constantinople
			Italy: F Adriatic Sea
			Austria-Hungary: F Greece`},
	{ID: "Egypt-Hejaz/the canal, from Egypt",
		Title: "A fleet may move from Egypt to Hejaz and vice-versa.",
		Units: `
			Britain: F Egypt
			Britain: A Hejaz`,
		Orders: `
			Britain: F Egypt - Hejaz => succeeds
			Britain: A Hejaz - Arabia => succeeds`,
		WantUnits: `
			Britain: F Hejaz
			Britain: A Arabia`},
	{ID: "Egypt-Hejaz/the canal, from Hejaz",
		Title:     "A fleet may move from Egypt to Hejaz and vice-versa.",
		Units:     `Turkey: F Hejaz`,
		Orders:    `Turkey: F Hejaz - Egypt => succeeds`,
		WantUnits: `Turkey: F Egypt`},
	{ID: "no building in Africa",
		Title: "Building in Africa is prohibited. All building occurs in home SCs as in Diplomacy.",
		Phase: "winter 1900 adjustment",
		Owns: `
			Britain: edi lon lvp egy por
			France: bre mar par alg mor`,
		Units: `
			Britain: F Edinburgh
			Britain: F London
			Britain: F Portugal
			Britain: F Gibraltar
			France: F Brest
			France: A Marseilles
			France: A Gascony
			France: F Morocco`,
		Orders: `
			Britain: Build F Egypt => no_build_site
			Britain: Build F Liverpool => succeeds
			France: Build A Algeria => no_build_site
			France: Build A Paris => succeeds`,
		WantUnits: `
			Britain: F Edinburgh
			Britain: F London
			Britain: F Portugal
			Britain: F Gibraltar
			Britain: F Liverpool
			France: F Brest
			France: A Marseilles
			France: A Gascony
			France: F Morocco
			France: A Paris`},

	// Rule 1: half strength.
	{ID: "cape 1/a fleet from the Mid-Atlantic loses Egypt to an unsupported army",
		Title: "A unit that moves in this manner does so at half strength. This means that a unit adjacent to Egypt or Hejaz succeeds in moving there if opposed only by a fleet moving from the Mid-Atlantic Ocean",
		Units: `
			France: F Mid-Atlantic Ocean
			Turkey: A Arabia`,
		Orders: `
			France: F Mid-Atlantic Ocean - Hejaz => bounced
			Turkey: A Arabia - Hejaz => succeeds`,
		WantUnits: `
			France: F Mid-Atlantic Ocean
			Turkey: A Hejaz`},
	{ID: "cape 1/a fleet from Egypt loses the Mid-Atlantic to an unsupported fleet",
		Title: "and a fleet adjacent to the Mid-Atlantic Ocean succeeds in moving there if opposed only by a fleet moving from Egypt or Hejaz.",
		Units: `
			Britain: F Egypt
			France: F Brest`,
		Orders: `
			Britain: F Egypt - Mid-Atlantic Ocean => bounced
			France: F Brest - Mid-Atlantic Ocean => succeeds`,
		WantUnits: `
			Britain: F Egypt
			France: F Mid-Atlantic Ocean`},
	{ID: "cape 1/alone, a half-strength move still enters an empty space",
		Title: "Movement between Egypt or Hejaz and the Mid-Atlantic Ocean is allowed. It is assumed the unit travels around the southern tip of Africa.",
		Units: `
			Britain: F Egypt
			France: F Mid-Atlantic Ocean`,
		Orders: `
			Britain: F Egypt - Mid-Atlantic Ocean => succeeds
			France: F Mid-Atlantic Ocean - Hejaz => succeeds`,
		WantUnits: `
			Britain: F Mid-Atlantic Ocean
			France: F Hejaz`},
	{ID: "cape 1/an unsupported half-strength move does not dislodge",
		Title: "A unit that moves in this manner does so at half strength.",
		Units: `
			France: F Mid-Atlantic Ocean
			Britain: F Egypt`,
		Orders: `
			France: F Mid-Atlantic Ocean - Egypt => bounced
			Britain: F Egypt Hold => succeeds`,
		WantDislodged: ``},
	{ID: "cape 1/a supported cape move dislodges a lone defender",
		Title: "A unit that moves in this manner does so at half strength (0.5 plus one per valid support: 1.5 against 1, ../rules/1900.md).",
		Units: `
			France: F Mid-Atlantic Ocean
			France: A Egypt
			Turkey: A Hejaz`,
		Orders: `
			France: F Mid-Atlantic Ocean - Hejaz => succeeds
			France: A Egypt S F Mid-Atlantic Ocean - Hejaz => succeeds
			Turkey: A Hejaz Hold => dislodged`,
		WantDislodged: `Turkey: A Hejaz`},
	{ID: "cape 1/a supported cape move beats an unsupported move into Egypt",
		Title: "A unit that moves in this manner does so at half strength (1.5 against 1).",
		Units: `
			France: F Mid-Atlantic Ocean
			France: F Eastern Mediterranean
			Turkey: A Palestine`,
		Orders: `
			France: F Mid-Atlantic Ocean - Egypt => succeeds
			France: F Eastern Mediterranean S F Mid-Atlantic Ocean - Egypt => succeeds
			Turkey: A Palestine - Egypt => bounced`,
		WantUnits: `
			France: F Egypt
			France: F Eastern Mediterranean
			Turkey: A Palestine`},
	{ID: "cape 1/half strength loses a tie of supports into Egypt",
		Title: "A unit that moves in this manner does so at half strength (1.5 against 2, where at full strength it would bounce).",
		Units: `
			France: F Mid-Atlantic Ocean
			France: F Eastern Mediterranean
			Turkey: A Palestine
			Turkey: A Hejaz`,
		Orders: `
			France: F Mid-Atlantic Ocean - Egypt => bounced
			France: F Eastern Mediterranean S F Mid-Atlantic Ocean - Egypt => succeeds
			Turkey: A Palestine - Egypt => succeeds
			Turkey: A Hejaz S A Palestine - Egypt => succeeds`,
		WantUnits: `
			France: F Mid-Atlantic Ocean
			France: F Eastern Mediterranean
			Turkey: A Egypt
			Turkey: A Hejaz`},
	{ID: "cape 1/half strength loses a tie of supports into the Mid-Atlantic",
		Title: "A unit that moves in this manner does so at half strength (1.5 against 2, leaving Egypt for the Mid-Atlantic).",
		Units: `
			Britain: F Egypt
			Britain: F Gibraltar
			France: F Brest
			France: F English Channel`,
		Orders: `
			Britain: F Egypt - Mid-Atlantic Ocean => bounced
			Britain: F Gibraltar S F Egypt - Mid-Atlantic Ocean => succeeds
			France: F Brest - Mid-Atlantic Ocean => succeeds
			France: F English Channel S F Brest - Mid-Atlantic Ocean => succeeds`,
		WantUnits: `
			Britain: F Egypt
			Britain: F Gibraltar
			France: F Mid-Atlantic Ocean
			France: F English Channel`},
	{ID: "cape 1/two supports carry a cape move past one",
		Title: "A unit that moves in this manner does so at half strength (2.5 against 2).",
		Units: `
			France: F Mid-Atlantic Ocean
			France: A Hejaz
			France: A Palestine
			Turkey: A Egypt
			Turkey: F Eastern Mediterranean`,
		Orders: `
			France: F Mid-Atlantic Ocean - Egypt => succeeds
			France: A Hejaz S F Mid-Atlantic Ocean - Egypt => succeeds
			France: A Palestine S F Mid-Atlantic Ocean - Egypt => succeeds
			Turkey: A Egypt Hold => dislodged
			Turkey: F Eastern Mediterranean S A Egypt => succeeds`,
		WantDislodged: `Turkey: A Egypt`},

	// Rule 2: no support across the cape.
	{ID: "cape 2/Egypt cannot support into the Mid-Atlantic",
		Title: "A fleet in Egypt or Hejaz cannot support a unit holding in or moving to the Mid-Atlantic Ocean. This is true even though the fleet in Egypt or Hejaz can itself move to the Mid-Atlantic Ocean.",
		Units: `
			Britain: F Egypt
			Britain: F Hejaz
			Britain: F Portugal
			Britain: F Mid-Atlantic Ocean
			France: F Brest
			France: F Irish Sea`,
		Orders: `
			Britain: F Egypt S F Portugal - Mid-Atlantic Ocean => illegal
			Britain: F Hejaz S F Mid-Atlantic Ocean => illegal
			Britain: F Portugal Hold => succeeds
			Britain: F Mid-Atlantic Ocean Hold => dislodged
			France: F Brest - Mid-Atlantic Ocean => succeeds
			France: F Irish Sea S F Brest - Mid-Atlantic Ocean => succeeds`,
		WantDislodged: `Britain: F Mid-Atlantic Ocean`},
	{ID: "cape 2/the Mid-Atlantic cannot support into Egypt or Hejaz",
		Title: "Likewise, a fleet in the Mid-Atlantic Ocean cannot support a unit holding in or moving to Egypt or Hejaz.",
		Units: `
			Britain: F Mid-Atlantic Ocean
			Britain: A Egypt
			Britain: A Palestine
			Turkey: A Arabia
			Turkey: A Damascus`,
		Orders: `
			Britain: F Mid-Atlantic Ocean S A Palestine - Hejaz => illegal
			Britain: A Palestine - Hejaz => bounced
			Britain: A Egypt Hold => succeeds
			Turkey: A Arabia - Hejaz => bounced
			Turkey: A Damascus Hold => succeeds`,
		WantDislodged: ``},

	// Rule 3: no cut unless dislodged.
	{ID: "cape 3/a move from Egypt does not cut the Mid-Atlantic's support",
		Title: "A fleet moving from Egypt or Hejaz to the Mid-Atlantic Ocean does not cut support being provided by a fleet already in the Mid-Atlantic Ocean",
		Units: `
			Britain: F Egypt
			France: F Mid-Atlantic Ocean
			France: F Brest
			Germany: F English Channel
			Germany: F Picardy`,
		// 2 against 2; had the support been cut, Brest would fall.
		Orders: `
			Britain: F Egypt - Mid-Atlantic Ocean => bounced
			France: F Mid-Atlantic Ocean S F Brest => succeeds
			France: F Brest Hold => succeeds
			Germany: F English Channel - Brest => bounced
			Germany: F Picardy S F English Channel - Brest => succeeds`,
		WantDislodged: ``},
	{ID: "cape 3/a move from Egypt that dislodges the Mid-Atlantic cuts its support",
		Title: "unless the attack results in F Mid-Atlantic Ocean being dislodged.",
		Units: `
			Britain: F Egypt
			Britain: F Gibraltar
			France: F Mid-Atlantic Ocean
			France: F Brest
			Germany: F English Channel
			Germany: F Picardy`,
		Orders: `
			Britain: F Egypt - Mid-Atlantic Ocean => succeeds
			Britain: F Gibraltar S F Egypt - Mid-Atlantic Ocean => succeeds
			France: F Mid-Atlantic Ocean S F Brest => dislodged
			France: F Brest Hold => dislodged
			Germany: F English Channel - Brest => succeeds
			Germany: F Picardy S F English Channel - Brest => succeeds`,
		WantDislodged: `
			France: F Mid-Atlantic Ocean
			France: F Brest`},
	{ID: "cape 3/the opposite: a move from the Mid-Atlantic does not cut Egypt's support",
		Title: "The opposite is equally true.",
		Units: `
			France: F Mid-Atlantic Ocean
			Britain: F Egypt
			Britain: F Cyrenaica
			Italy: F Ionian Sea
			Italy: A Tripolitania`,
		Orders: `
			France: F Mid-Atlantic Ocean - Egypt => bounced
			Britain: F Egypt S F Cyrenaica => succeeds
			Britain: F Cyrenaica Hold => succeeds
			Italy: F Ionian Sea - Cyrenaica => bounced
			Italy: A Tripolitania S F Ionian Sea - Cyrenaica => succeeds`,
		WantDislodged: ``},
	{ID: "cape 3/an ordinary attack on Egypt still cuts",
		Title: "(only the cape border spares the support: Palestine's attack cuts it)",
		Units: `
			Turkey: A Palestine
			Britain: F Egypt
			Britain: F Cyrenaica
			Italy: F Ionian Sea
			Italy: A Tripolitania`,
		Orders: `
			Turkey: A Palestine - Egypt => bounced
			Britain: F Egypt S F Cyrenaica => cut
			Britain: F Cyrenaica Hold => dislodged
			Italy: F Ionian Sea - Cyrenaica => succeeds
			Italy: A Tripolitania S F Ionian Sea - Cyrenaica => succeeds`,
		WantDislodged: `Britain: F Cyrenaica`},

	// Rule 4: convoys through the Mid-Atlantic.
	{ID: "cape 4/convoyed from Egypt: full strength",
		Title: "F Mid-Atlantic Ocean can convoy an army from or to Egypt or Hejaz. An army convoyed from Egypt or Hejaz attacks its destination space at full strength.",
		Units: `
			Britain: A Hejaz
			Britain: F Mid-Atlantic Ocean
			France: A Paris`,
		// 1 against 1: a bounce, where half strength would lose Brest.
		Orders: `
			Britain: A Hejaz - Brest via convoy => bounced
			Britain: F Mid-Atlantic Ocean C A Hejaz - Brest => succeeds
			France: A Paris - Brest => bounced`,
		WantUnits: `
			Britain: A Hejaz
			Britain: F Mid-Atlantic Ocean
			France: A Paris`},
	{ID: "cape 4/convoyed from Egypt and supported: dislodges",
		Title: "An army convoyed from Egypt or Hejaz attacks its destination space at full strength.",
		Units: `
			Britain: A Egypt
			Britain: F Mid-Atlantic Ocean
			Britain: F English Channel
			France: A Brest`,
		Orders: `
			Britain: A Egypt - Brest via convoy => succeeds
			Britain: F Mid-Atlantic Ocean C A Egypt - Brest => succeeds
			Britain: F English Channel S A Egypt - Brest => succeeds
			France: A Brest Hold => dislodged`,
		WantDislodged: `France: A Brest`},
	{ID: "cape 4/convoyed to Hejaz: half strength",
		Title: "An army convoyed to Egypt or Hejaz attacks Egypt or Hejaz at half strength.",
		Units: `
			France: A Brest
			France: F Mid-Atlantic Ocean
			Turkey: A Arabia`,
		Orders: `
			France: A Brest - Hejaz via convoy => bounced
			France: F Mid-Atlantic Ocean C A Brest - Hejaz => succeeds
			Turkey: A Arabia - Hejaz => succeeds`,
		WantUnits: `
			France: A Brest
			France: F Mid-Atlantic Ocean
			Turkey: A Hejaz`},
	{ID: "cape 4/convoyed to Egypt and supported",
		Title: "An army convoyed to Egypt or Hejaz attacks Egypt or Hejaz at half strength (0.5 + 1 against 1).",
		Units: `
			France: A Portugal
			France: F Mid-Atlantic Ocean
			France: A Hejaz
			Britain: A Egypt`,
		Orders: `
			France: A Portugal - Egypt via convoy => succeeds
			France: F Mid-Atlantic Ocean C A Portugal - Egypt => succeeds
			France: A Hejaz S A Portugal - Egypt => succeeds
			Britain: A Egypt Hold => dislodged`,
		WantDislodged: `Britain: A Egypt`},
	{ID: "cape 4/convoyed into Egypt from the east: full strength",
		Title: "(half strength belongs to the route around the Cape, not to Egypt: ../rules/1900.md)",
		Units: `
			Italy: A Tripolitania
			Italy: F Ionian Sea
			Italy: F Eastern Mediterranean
			Turkey: A Palestine`,
		Orders: `
			Italy: A Tripolitania - Egypt via convoy => bounced
			Italy: F Ionian Sea C A Tripolitania - Egypt => succeeds
			Italy: F Eastern Mediterranean C A Tripolitania - Egypt => succeeds
			Turkey: A Palestine - Egypt => bounced`,
		WantDislodged: ``},
	// vDiplomacy X.P without Arabia: the route goes around the Cape twice,
	// so there is no route at all, not a half-strength one.
	{ID: "cape 4/no convoy around the Cape twice",
		Title: "F Mid-Atlantic Ocean can convoy an army from or to Egypt or Hejaz (but not from Egypt to Hejaz: vDiplomacy X.P, which wins over the wording).",
		Units: `
			Britain: A Egypt
			Britain: F Mid-Atlantic Ocean`,
		Orders: `
			Britain: A Egypt - Hejaz via convoy => no_convoy
			Britain: F Mid-Atlantic Ocean C A Egypt - Hejaz => succeeds`,
		WantUnits: `
			Britain: A Egypt
			Britain: F Mid-Atlantic Ocean`},

	// Rule 5: retreats.
	{ID: "cape 5/retreats into the Mid-Atlantic: the one from Brest stays",
		Title: "If two units are retreating to Egypt or Hejaz, or the Mid-Atlantic Ocean, and one of them must travel around the southern tip of Africa, the unit that does not travel around southern Africa may retreat while the other unit is disbanded.",
		Units: `
			France: F Brest
			Britain: F Egypt
			Germany: F English Channel
			Germany: F Picardy
			Italy: F Eastern Mediterranean
			Italy: A Palestine`,
		Orders: `
			Germany: F English Channel - Brest => succeeds
			Germany: F Picardy S F English Channel - Brest => succeeds
			Italy: F Eastern Mediterranean - Egypt => succeeds
			Italy: A Palestine S F Eastern Mediterranean - Egypt => succeeds`,
		ThenOrders: `
			France: F Brest R Mid-Atlantic Ocean => succeeds
			Britain: F Egypt R Mid-Atlantic Ocean => retreat_clash`,
		WantDislodged: `
			France: F Brest
			Britain: F Egypt`,
		WantUnits: `
			Germany: F Brest
			Germany: F Picardy
			Italy: F Egypt
			Italy: A Palestine
			France: F Mid-Atlantic Ocean`},
	{ID: "cape 5/retreats into Egypt: the one from Cyrenaica stays",
		Title: "Similarly, if two units are retreating to Egypt or Hejaz ... the unit that does not travel around southern Africa may retreat while the other unit is disbanded.",
		Phase: "fall 1901 retreat",
		Units: `
			Germany: F Brest
			Italy: F Ionian Sea`,
		Dislodged: `
			France: F Mid-Atlantic Ocean <- Brest
			Turkey: F Cyrenaica <- Ionian Sea`,
		Orders: `
			France: F Mid-Atlantic Ocean R Egypt => retreat_clash
			Turkey: F Cyrenaica R Egypt => succeeds`,
		WantUnits: `
			Germany: F Brest
			Italy: F Ionian Sea
			Turkey: F Egypt`},
	{ID: "cape 5/two units around the Cape: both disbanded",
		Title: "(the rule decides only between a unit that goes around Africa and one that does not)",
		Phase: "fall 1901 retreat",
		Units: `
			Italy: F Eastern Mediterranean
			Turkey: A Arabia`,
		Dislodged: `
			Britain: F Egypt <- Eastern Mediterranean
			France: F Hejaz <- Arabia`,
		Orders: `
			Britain: F Egypt R Mid-Atlantic Ocean => retreat_clash
			France: F Hejaz R Mid-Atlantic Ocean => retreat_clash`,
		WantUnits: `
			Italy: F Eastern Mediterranean
			Turkey: A Arabia`},
	{ID: "cape 5/a clash without the cape: both disbanded",
		Title: "(otherwise the standard rule: units retreating to the same space are all disbanded)",
		Phase: "fall 1901 retreat",
		Units: `Italy: F Ionian Sea`,
		Dislodged: `
			Britain: F Cyrenaica <- Ionian Sea
			Turkey: F Palestine <- Damascus`,
		Orders: `
			Britain: F Cyrenaica R Egypt => retreat_clash
			Turkey: F Palestine R Egypt => retreat_clash`,
		WantUnits: `Italy: F Ionian Sea`},
}
