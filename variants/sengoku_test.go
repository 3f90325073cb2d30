package variants_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/chancery/chancery/codec"
	"github.com/chancery/chancery/internal/phasetest"
	"github.com/chancery/chancery/judge"
	"github.com/chancery/chancery/notation"
	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/variants"
)

// sengoku loads the variant with the names of its map.
func sengoku(t testing.TB) (*rules.Variant, *notation.Names) {
	t.Helper()
	v, err := variants.MustLoad().Get("sengoku")
	if err != nil {
		t.Fatal(err)
	}
	return v, notation.NewNames(v.Map)
}

// sengokuProv returns the province a name denotes, failing the test when
// the map does not know it.
func sengokuProv(t testing.TB, names *notation.Names, s string) rules.Province {
	t.Helper()
	p, ok := names.Province(s)
	if !ok {
		t.Fatalf("unknown province %q", s)
	}
	return p
}

// TestSengokuStart checks the map's size and the Spring 1570 position of
// the rules: 8 clans with 2 home centres and 2 units each, 7 neutral
// armies on their centres, and the variant's declared rules.
func TestSengokuStart(t *testing.T) {
	v, names := sengoku(t)
	m := v.Map
	// 81 spaces and 37 centres of Sengoku 5.0, plus Sado.
	terrains := map[rules.Terrain]int{}
	centres := 0
	for _, pi := range m.Provinces {
		terrains[pi.Terrain]++
		if pi.SupplyCenter {
			centres++
		}
	}
	if m.NumProvinces() != 82 || centres != 37 {
		t.Errorf("%d spaces and %d centres, want 82 and 37", m.NumProvinces(), centres)
	}
	if terrains[rules.Sea] != 26 || terrains[rules.Coastal] != 45 || terrains[rules.Land] != 11 {
		t.Errorf("terrains %v, want 26 seas, 45 coastal, 11 inland", terrains)
	}
	if pi := m.Province(sengokuProv(t, names, "Sado")); pi.SupplyCenter || pi.Terrain != rules.Coastal {
		t.Errorf("Sado: centre %v, %s; the seed adds it as an ordinary coastal province", pi.SupplyCenter, pi.Terrain)
	}
	// The seed's Iga, across the bay from Mikawa, is the 5.0 map's Shima.
	if iga, shima := sengokuProv(t, names, "Iga"), sengokuProv(t, names, "Shima"); iga != shima {
		t.Errorf("Iga is %s, not Shima", m.Province(iga).Name)
	}

	if v.Start.Phase != (rules.Phase{Season: rules.Spring, Year: 1570, Type: rules.MovementPhase}) {
		t.Errorf("starts %v, want spring 1570 movement", v.Start.Phase)
	}
	if !v.BuildAnywhere || !v.NoDraws || v.VictoryCentres != 25 || v.VictoryStrict {
		t.Errorf("rules: build anywhere %v, no draws %v, victory %d strict %v; want true, true, 25, false",
			v.BuildAnywhere, v.NoDraws, v.VictoryCentres, v.VictoryStrict)
	}
	if v.Neutral == rules.NoPower || m.PowerName(v.Neutral) != "Neutral" {
		t.Fatalf("neutral power %q, want Neutral", m.PowerName(v.Neutral))
	}
	if p, ok := names.Power("neutral"); !ok || p != v.Neutral {
		t.Errorf(`"neutral" does not name the neutral power`)
	}

	clans := []string{"Asakura", "Chosokabe", "Hojo", "Mori", "Oda", "Shimazu", "Takeda", "Uesugi"}
	homes := map[string]string{
		"Asakura": "ecz omi", "Chosokabe": "iyo tos", "Hojo": "izu sag", "Mori": "iwa nag",
		"Oda": "mik owa", "Shimazu": "osu sat", "Takeda": "kai ssh", "Uesugi": "ecg koz",
		"Neutral": "biz bun hiz izm min mus yas",
	}
	units := map[string]string{
		"Asakura": "F ecz, A omi", "Chosokabe": "F iyo, F tos", "Hojo": "F izu, A sag", "Mori": "A iwa, F nag",
		"Oda": "F mik, A owa", "Shimazu": "F osu, A sat", "Takeda": "A kai, A ssh", "Uesugi": "F ecg, A koz",
		"Neutral": "A biz, A bun, A hiz, A izm, A min, A mus, A yas",
	}
	if got := m.Powers[1:]; !slices.Equal(got, append(clans, "Neutral")) {
		t.Errorf("powers %v", got)
	}
	for pw := 1; pw < len(m.Powers); pw++ {
		name := m.Powers[pw]
		var gotHomes, gotOwned, gotUnits []string
		for p, pi := range m.Provinces {
			if pi.Home == rules.Power(pw) {
				gotHomes = append(gotHomes, pi.Abbr)
			}
			if v.Start.Owner[p] == rules.Power(pw) {
				gotOwned = append(gotOwned, pi.Abbr)
			}
			if u := v.Start.Units[p]; u.Type != rules.NoUnit && u.Power == rules.Power(pw) {
				gotUnits = append(gotUnits, u.Type.Letter()+" "+pi.Abbr)
			}
		}
		if strings.Join(gotHomes, " ") != homes[name] {
			t.Errorf("%s: home centres %v, want %s", name, gotHomes, homes[name])
		}
		wantOwned := homes[name]
		if rules.Power(pw) == v.Neutral {
			wantOwned = "" // neutral centres are nobody's
		}
		if strings.Join(gotOwned, " ") != wantOwned {
			t.Errorf("%s: owns %v at the start, want %q", name, gotOwned, wantOwned)
		}
		if strings.Join(gotUnits, ", ") != units[name] {
			t.Errorf("%s: units %v, want %s", name, gotUnits, units[name])
		}
	}
	for _, s := range []string{"Bitchu-Sanuki", "Echigo-Sado", "Nagato-Chikuzen", "Mikawa-Shima", "Iga", "Iyo-Suo", "Iyo-Bungo", "25"} {
		if !strings.Contains(v.Description, s) {
			t.Errorf("the description does not tell players about %s", s)
		}
	}
	if judge.Describe(v).Draws {
		t.Errorf("the variant description allows draws")
	}
}

// sengokuBridges are the seed's five bridges.
var sengokuBridges = [][2]string{
	{"Bitchu", "Sanuki"}, {"Echigo", "Sado"}, {"Nagato", "Chikuzen"}, {"Mikawa", "Shima"}, {"Iyo", "Suo"},
}

// TestSengokuBridgeBorders checks that exactly the seed's five borders are
// bridges, open to armies and fleets both ways, and that the 5.0 map's
// other crossing over water, Iyo-Bungo, is gone.
func TestSengokuBridgeBorders(t *testing.T) {
	v, names := sengoku(t)
	m := v.Map
	bridge, ok := m.BorderKindByName("bridge")
	if !ok {
		t.Fatal("no border kind named bridge")
	}
	want := map[[2]rules.Province]bool{}
	for _, b := range sengokuBridges {
		p, q := sengokuProv(t, names, b[0]), sengokuProv(t, names, b[1])
		want[[2]rules.Province{p, q}], want[[2]rules.Province{q, p}] = true, true
		for _, dir := range [][2]rules.Province{{p, q}, {q, p}} {
			from, to := rules.At(dir[0]), rules.At(dir[1])
			if ok, kind := m.Edge(rules.Army, from, to); !ok || kind != bridge {
				t.Errorf("army %s-%s: crossable %v kind %s, want a bridge", m.Province(dir[0]).Name, m.Province(dir[1]).Name, ok, m.BorderKindInfo(kind).Name)
			}
			if ok, kind := m.Edge(rules.Fleet, from, to); !ok || kind != bridge {
				t.Errorf("fleet %s-%s: crossable %v kind %s, want a bridge", m.Province(dir[0]).Name, m.Province(dir[1]).Name, ok, m.BorderKindInfo(kind).Name)
			}
		}
	}
	n := 0
	for _, b := range m.Borders() {
		if b.Kind == bridge {
			n++
			if !want[[2]rules.Province{b.From.Province, b.To.Province}] {
				t.Errorf("%s-%s is a bridge; the seed names only five", m.Province(b.From.Province).Name, m.Province(b.To.Province).Name)
			}
		}
	}
	if n != 10 { // five bridges, both ways
		t.Errorf("%d directed bridge borders, want 10", n)
	}
	// The 5.0 bridge Iyo-Bungo is not part of the variant; 5.0's ordinary
	// border Awa-Kii is (the rules page: build from the 5.0 data, then
	// apply the seed).
	for _, pair := range [][2]string{{"Iyo", "Bungo"}, {"Awa", "Kii"}} {
		p, q := sengokuProv(t, names, pair[0]), sengokuProv(t, names, pair[1])
		want := pair[0] != "Iyo"
		for _, ut := range []rules.UnitType{rules.Army, rules.Fleet} {
			if ok, kind := m.Edge(ut, rules.At(p), rules.At(q)); ok != want || (ok && kind != rules.NormalBorder) {
				t.Errorf("%s %s-%s: border %v (kind %d), want %v and ordinary", ut, pair[0], pair[1], ok, kind, want)
			}
		}
	}
}

// TestSengokuBridges plays moves and supports across each bridge, and the
// 5.0 crossings that are not bridges here.
func TestSengokuBridges(t *testing.T) {
	phasetest.Run(t, []phasetest.Case{
		{ID: "Bitchu-Sanuki/army", Variant: "sengoku", Phase: "spring 1570 movement",
			Units:     `Mori: A Bitchu`,
			Orders:    `Mori: A Bitchu - Sanuki => succeeds`,
			WantUnits: `Mori: A Sanuki`},
		{ID: "Bitchu-Sanuki/fleet", Variant: "sengoku", Phase: "spring 1570 movement",
			Units:     `Chosokabe: F Sanuki`,
			Orders:    `Chosokabe: F Sanuki - Bitchu => succeeds`,
			WantUnits: `Chosokabe: F Bitchu`},
		{ID: "Echigo-Sado/army", Variant: "sengoku", Phase: "spring 1570 movement",
			Units:     `Uesugi: A Echigo`,
			Orders:    `Uesugi: A Echigo - Sado => succeeds`,
			WantUnits: `Uesugi: A Sado`},
		{ID: "Echigo-Sado/fleet", Variant: "sengoku", Phase: "spring 1570 movement",
			Units:     `Uesugi: F Sado`,
			Orders:    `Uesugi: F Sado - Echigo => succeeds`,
			WantUnits: `Uesugi: F Echigo`},
		{ID: "Nagato-Chikuzen/army", Variant: "sengoku", Phase: "spring 1570 movement",
			Units:     `Mori: A Nagato`,
			Orders:    `Mori: A Nagato - Chikuzen => succeeds`,
			WantUnits: `Mori: A Chikuzen`},
		{ID: "Nagato-Chikuzen/fleet", Variant: "sengoku", Phase: "spring 1570 movement",
			Units:     `Shimazu: F Chikuzen`,
			Orders:    `Shimazu: F Chikuzen - Nagato => succeeds`,
			WantUnits: `Shimazu: F Nagato`},
		{ID: "Mikawa-Shima/army", Variant: "sengoku", Phase: "spring 1570 movement",
			Units: `
				Oda: A Mikawa
				Asakura: A Shima`,
			Orders: `
				Oda: A Mikawa - Shima => bounced
				Asakura: A Shima - Mikawa => bounced`,
			WantUnits: `
				Oda: A Mikawa
				Asakura: A Shima`},
		// Shima is coastal: the bridge carries fleets too, as the rules
		// say of all five. Iga is another name for Shima.
		{ID: "Mikawa-Shima/fleet", Variant: "sengoku", Phase: "spring 1570 movement",
			Units:     `Oda: F Mikawa`,
			Orders:    `Oda: F Mikawa - Iga => succeeds`,
			WantUnits: `Oda: F Shima`},
		{ID: "Shima-Mikawa/fleet", Variant: "sengoku", Phase: "spring 1570 movement",
			Units:     `Oda: F Iga`,
			Orders:    `Oda: F Iga - Mikawa => succeeds`,
			WantUnits: `Oda: F Mikawa`},
		{ID: "Iyo-Suo/army", Variant: "sengoku", Phase: "spring 1570 movement",
			Units:     `Mori: A Suo`,
			Orders:    `Mori: A Suo - Iyo => succeeds`,
			WantUnits: `Mori: A Iyo`},
		{ID: "Iyo-Suo/fleet", Variant: "sengoku", Phase: "spring 1570 movement",
			Units:     `Chosokabe: F Iyo`,
			Orders:    `Chosokabe: F Iyo - Suo => succeeds`,
			WantUnits: `Chosokabe: F Suo`},
		// A bridge is a border like any other: a unit supports across it.
		{ID: "Iyo-Suo/support", Variant: "sengoku", Phase: "spring 1570 movement",
			Units: `
				Chosokabe: F Iyo
				Mori: A Aki
				Oda: A Suo`,
			Orders: `
				Chosokabe: F Iyo Supports A Aki - Suo => succeeds
				Mori: A Aki - Suo => succeeds
				Oda: A Suo Hold => dislodged`,
			WantDislodged: `Oda: A Suo`},
		// Sado touches exactly Echigo and two seas.
		{ID: "Sado/seas", Variant: "sengoku", Phase: "spring 1570 movement",
			Units: `
				Uesugi: F Sado
				Hojo: F Toyama Bay`,
			Orders: `
				Uesugi: F Sado - North Sea of Japan => succeeds
				Hojo: F Toyama Bay - Sado => succeeds`,
			WantUnits: `
				Uesugi: F North Sea of Japan
				Hojo: F Sado`},
		{ID: "Sado/not Sea of Japan", Variant: "sengoku", Phase: "spring 1570 movement",
			Units:     `Uesugi: F Sado`,
			Orders:    `Uesugi: F Sado - Sea of Japan => illegal`,
			WantUnits: `Uesugi: F Sado`},
		// 5.0's other crossings over water are not borders.
		{ID: "no Iyo-Bungo", Variant: "sengoku", Phase: "spring 1570 movement",
			Units: `
				Chosokabe: F Iyo
				Shimazu: A Bungo`,
			Orders: `
				Chosokabe: F Iyo - Bungo => illegal
				Shimazu: A Bungo - Iyo => illegal`,
			WantUnits: `
				Chosokabe: F Iyo
				Shimazu: A Bungo`},
		// 5.0's ordinary border Awa-Kii stays.
		{ID: "Awa-Kii is an ordinary border", Variant: "sengoku", Phase: "spring 1570 movement",
			Units:     `Chosokabe: F Awa`,
			Orders:    `Chosokabe: F Awa - Kii => succeeds`,
			WantUnits: `Chosokabe: F Kii`},
	})
}

// TestSengokuRules plays the seed's special rules one by one.
func TestSengokuRules(t *testing.T) {
	phasetest.Run(t, []phasetest.Case{
		// "Each neutral territory is occupied by a neutral army that never
		// does anything but hold."
		{ID: "neutral armies take no orders", Variant: "sengoku", Phase: "spring 1570 movement",
			Units: `Neutral: A Bizen`,
			Orders: `
				Neutral: A Bizen - Harima => neutral
				Neutral: A Bizen Hold => neutral`,
			WantUnits: `Neutral: A Bizen`},
		{ID: "a neutral army holds against one attacker", Variant: "sengoku", Phase: "spring 1570 movement",
			Units: `
				Neutral: A Bizen
				Mori: A Bitchu`,
			Orders: `Mori: A Bitchu - Bizen => bounced`,
			WantUnits: `
				Neutral: A Bizen
				Mori: A Bitchu`},
		// "These armies may be supported by other players."
		{ID: "anyone may support a neutral army", Variant: "sengoku", Phase: "spring 1570 movement",
			Units: `
				Neutral: A Bizen
				Asakura: A Harima
				Asakura: A Tango
				Mori: A Hoki`,
			Orders: `
				Asakura: A Harima - Bizen => bounced
				Asakura: A Tango Supports A Harima - Bizen => succeeds
				Mori: A Hoki Supports A Bizen => succeeds`,
			WantDislodged: ``},
		// "They are disbanded immediately if dislodged": no retreat, even
		// with empty neighbours (phasetest lists it among the dislodged).
		{ID: "a dislodged neutral army is destroyed", Variant: "sengoku", Phase: "spring 1570 movement",
			Units: `
				Neutral: A Bizen
				Asakura: A Harima
				Asakura: A Tango`,
			Orders: `
				Asakura: A Harima - Bizen => succeeds
				Asakura: A Tango Supports A Harima - Bizen => succeeds`,
			WantDislodged: `Neutral: A Bizen`,
			WantUnits: `
				Asakura: A Bizen
				Asakura: A Tango`},
		// "Units may be built on any vacant supply center that you have
		// held for a fall."
		{ID: "build in any owned vacant centre", Variant: "sengoku", Phase: "winter 1570 adjustment",
			Owns: `
				Oda: owa mik ise min kai
				Takeda: ssh`,
			Units: `
				Oda: A Ise
				Takeda: A Kai`,
			Orders: `
				Oda: Build A Mino => succeeds
				Oda: Build A Ise => occupied
				Oda: Build A Kai => occupied
				Oda: Build A Totomi => no_build_site
				Oda: Build A Omi => no_build_site
				Oda: Build F Owari => succeeds`,
			WantUnits: `
				Oda: A Ise
				Oda: A Mino
				Oda: F Owari
				Takeda: A Kai
				Neutral: A Bizen
				Neutral: A Bungo
				Neutral: A Hizen
				Neutral: A Izumo
				Neutral: A Musashi
				Neutral: A Yamashiro`},
		// "... but rebuilt at the end of the year if the territory is not
		// occupied. Once occupied, the territory becomes a standard SC,
		// and never reverts to a neutral again." Mino is Oda's, Musashi is
		// occupied, Yamashiro still has its army: only the other four are
		// rebuilt. Neutral armies own nothing yet are never removed.
		{ID: "neutral armies are rebuilt in unowned empty neutral centres", Variant: "sengoku", Phase: "winter 1570 adjustment",
			Owns: `
				Oda: owa mik min
				Hojo: izu sag`,
			Units: `
				Oda: A Owari
				Hojo: A Musashi
				Hojo: F Izu
				Neutral: A Yamashiro`,
			Orders: `
				Oda: Build F Mikawa => succeeds`,
			WantUnits: `
				Oda: A Owari
				Oda: F Mikawa
				Hojo: A Musashi
				Hojo: F Izu
				Neutral: A Bizen
				Neutral: A Bungo
				Neutral: A Hizen
				Neutral: A Izumo
				Neutral: A Yamashiro`},
		// The rebuild also follows a Fall retreat phase when nobody adjusts:
		// here every neutral centre is empty and nobody's.
		{ID: "neutral armies are rebuilt after a Fall retreat", Variant: "sengoku", Phase: "fall 1570 movement",
			Owns: `
				Mori: iwa nag
				Chosokabe: iyo tos`,
			Units: `
				Mori: A Bitchu
				Mori: A Iwami
				Chosokabe: A Sanuki
				Chosokabe: F Inland Sea`,
			Orders: `
				Chosokabe: A Sanuki - Bitchu => succeeds
				Chosokabe: F Inland Sea Supports A Sanuki - Bitchu => succeeds`,
			WantDislodged: `Mori: A Bitchu`,
			ThenOrders:    `Mori: A Bitchu - Hoki => succeeds`,
			WantUnits: `
				Mori: A Hoki
				Mori: A Iwami
				Chosokabe: A Bitchu
				Chosokabe: F Inland Sea
				Neutral: A Bizen
				Neutral: A Bungo
				Neutral: A Hizen
				Neutral: A Izumo
				Neutral: A Mino
				Neutral: A Musashi
				Neutral: A Yamashiro`},
	})
}

// TestSengokuYearEnd checks the rebuild at the end of a year in which no
// clan adjusts (the core then skips the adjustment phase) and the fate of
// a dislodged neutral army in the contract: gone, with no retreat phase.
func TestSengokuYearEnd(t *testing.T) {
	v, names := sengoku(t)
	r := rules.NewResolver(v, rules.Options{})
	pos := v.Start.Clone()
	pos.Phase = rules.Phase{Season: rules.Fall, Year: 1570, Type: rules.MovementPhase}
	yas := sengokuProv(t, names, "yas")
	pos.Units[yas] = rules.Unit{}
	res, err := r.Adjudicate(pos, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := (rules.Phase{Season: rules.Spring, Year: 1571, Type: rules.MovementPhase}); res.Next.Phase != want {
		t.Fatalf("next phase %v, want %v (nobody adjusts)", res.Next.Phase, want)
	}
	if u := res.Next.Units[yas]; u.Type != rules.Army || u.Power != v.Neutral {
		t.Errorf("Yamashiro holds %v after the year end, want a neutral army", u)
	}

	// The same through the JSON contract, where the power is "neutral".
	j := judge.New(variants.MustLoad())
	out, err := j.Adjudicate(&judge.Input{
		Variant: "sengoku",
		Phase:   codec.Phase{Season: "spring", Year: 1570, Type: "movement"},
		Units: []codec.Unit{
			{Power: "neutral", Type: "army", Province: "Bizen"},
			{Power: "asakura", Type: "army", Province: "har"},
			{Power: "asakura", Type: "army", Province: "tan"},
			{Power: "mori", Type: "army", Province: "hok"},
		},
		Orders: map[string][]string{
			"asakura": {"A har - biz", "A tan S A har - biz"},
			"mori":    {"A hok - biz"},
			"neutral": {"A biz H"},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	var results []string
	for _, rs := range out.Results {
		results = append(results, rs.Power+" "+rs.Order+" "+rs.Result+" "+rs.Reason)
	}
	wantResults := []string{
		"Asakura A HAR - BIZ succeeded ", "Asakura A TAN S A HAR - BIZ succeeded ",
		"Mori A HOK - BIZ failed bounced", "Neutral A BIZ H illegal neutral",
	}
	if !slices.Equal(results, wantResults) {
		t.Errorf("results\n got  %q\n want %q", results, wantResults)
	}
	if out.Next.Phase != (codec.Phase{Season: "fall", Year: 1570, Type: "movement"}) || len(out.Next.Dislodged) != 0 {
		t.Errorf("next %+v with dislodged %+v, want fall 1570 movement and no retreats", out.Next.Phase, out.Next.Dislodged)
	}
	for _, u := range out.Next.Units {
		if strings.EqualFold(u.Power, "neutral") {
			t.Errorf("neutral unit %+v survived its dislodgement", u)
		}
	}
}

// TestSengokuVictory checks that 25 centres win and 24 do not.
func TestSengokuVictory(t *testing.T) {
	v, _ := sengoku(t)
	oda, _ := notation.NewNames(v.Map).Power("Oda")
	pos := v.Start.Clone()
	n := 0
	for p, pi := range v.Map.Provinces {
		if pi.SupplyCenter && n < 24 {
			pos.Owner[p] = oda
			n++
		}
	}
	if w := v.Winner(pos); w != rules.NoPower {
		t.Errorf("24 centres: %s wins", v.Map.PowerName(w))
	}
	for p, pi := range v.Map.Provinces {
		if pi.SupplyCenter && pos.Owner[p] != oda {
			pos.Owner[p] = oda
			break
		}
	}
	if w := v.Winner(pos); w != oda {
		t.Errorf("25 centres: winner %q, want Oda", v.Map.PowerName(w))
	}
}

// TestSengokuNeutralCentreReplay plays four years from the start. Oda
// takes Mino from its neutral army in Spring and leaves in Fall: the army
// comes back at the year end, both when nobody adjusts (1570) and after an
// adjustment phase (1571). In 1572 Oda stays through the Fall and owns
// Mino; when it leaves in 1573, no neutral army returns.
func TestSengokuNeutralCentreReplay(t *testing.T) {
	v, names := sengoku(t)
	r := rules.NewResolver(v, rules.Options{})
	pos := v.Start.Clone()
	min, hig := sengokuProv(t, names, "Mino"), sengokuProv(t, names, "Higo")
	oda, _ := names.Power("Oda")

	// play adjudicates one phase ("Oda: A owa - min" lines) and checks
	// that every order succeeds and that the next phase is want.
	play := func(want string, orders ...string) {
		t.Helper()
		var os []rules.Order
		for _, line := range orders {
			power, text, _ := strings.Cut(line, ":")
			pw, ok := names.Power(power)
			if !ok {
				t.Fatalf("unknown power in %q", line)
			}
			o, err := names.ParseOrder(text, pw, pos.Phase.Type)
			if err != nil {
				t.Fatal(err)
			}
			os = append(os, o)
		}
		res, err := r.Adjudicate(pos, os)
		if err != nil {
			t.Fatal(err)
		}
		for i, rs := range res.Results {
			if rs.Outcome != rules.Succeeded {
				t.Errorf("%v %s: %s %s", pos.Phase, orders[i], rs.Outcome, rs.Message(v.Map))
			}
		}
		if got := res.Next.Phase.String(); got != want {
			t.Fatalf("after %v: next phase %s, want %s", pos.Phase, got, want)
		}
		pos = res.Next.Clone()
	}
	mino := func(when string, want rules.Unit, owner rules.Power) {
		t.Helper()
		if got := pos.Units[min]; got != want {
			t.Errorf("%s: Mino holds %+v, want %+v", when, got, want)
		}
		if pos.Owner[min] != owner {
			t.Errorf("%s: Mino owned by %q, want %q", when, v.Map.PowerName(pos.Owner[min]), v.Map.PowerName(owner))
		}
	}
	neutral := rules.Unit{Type: rules.Army, Power: v.Neutral}
	odaArmy := rules.Unit{Type: rules.Army, Power: oda}

	// 1570: nobody adjusts, so the year ends without an adjustment phase.
	play("fall 1570 movement", "Oda: A owa - min", "Takeda: A ssh S A owa - min")
	mino("spring 1570", odaArmy, rules.NoPower)
	play("spring 1571 movement", "Oda: A min - owa")
	mino("end of 1570", neutral, rules.NoPower)

	// 1571: Shimazu takes Higo, so Winter has an adjustment phase.
	play("fall 1571 movement", "Oda: A owa - min", "Takeda: A ssh S A owa - min", "Shimazu: A sat - hig")
	play("winter 1571 adjustment", "Oda: A min - owa")
	mino("fall 1571", rules.Unit{}, rules.NoPower)
	if pos.Owner[hig] == rules.NoPower {
		t.Fatalf("Shimazu did not take Higo")
	}
	play("spring 1572 movement", "Shimazu: Build A sat")
	mino("end of 1571", neutral, rules.NoPower)

	// 1572: Oda holds Mino through the Fall and owns it for good.
	play("fall 1572 movement", "Oda: A owa - min", "Takeda: A ssh S A owa - min")
	play("winter 1572 adjustment")
	mino("fall 1572", odaArmy, oda)
	play("spring 1573 movement", "Oda: Build A owa")

	// 1573: Oda leaves Mino empty; it stays Oda's and nobody returns.
	play("fall 1573 movement", "Oda: A min - hid")
	play("spring 1574 movement")
	mino("end of 1573", rules.Unit{}, oda)
}
