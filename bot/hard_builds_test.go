package bot

import (
	"math/rand/v2"
	"testing"

	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/variants"
)

// TestBuildsSeeTheYear: Germany, one build due and only Berlin free,
// its fleets already in Kiel, Denmark and Sweden, beside England's big
// holdings across the sea and an empty Warsaw of Russia's, whose one
// unit is a fleet in Sevastopol. Normal builds where the values are
// highest, a fleet, which has nothing to take; an army marches on
// Warsaw and takes it in the fall. Played on through the year, the
// hard level builds the army.
func TestBuildsSeeTheYear(t *testing.T) {
	t.Parallel()
	v, _ := variants.MustLoad().Get("standard")
	m := v.Map
	prov := func(abbr string) rules.Province { return provinceOf(t, m, abbr) }
	germany, england, russia := rules.Power(4), rules.Power(2), rules.Power(6)
	pos := v.Start.Clone()
	pos.Phase = rules.Phase{Season: rules.Winter, Year: pos.Phase.Year, Type: rules.AdjustmentPhase}
	clear(pos.Units)
	unit := func(abbr string, ut rules.UnitType, p rules.Power) {
		pos.Units[prov(abbr)] = rules.Unit{Type: ut, Power: p}
	}
	for _, c := range []string{"den", "swe", "hol"} {
		pos.Owner[prov(c)] = germany
	}
	unit("mun", rules.Army, germany)
	unit("kie", rules.Fleet, germany)
	unit("den", rules.Fleet, germany)
	unit("swe", rules.Fleet, germany)
	unit("hol", rules.Army, germany)
	for _, c := range []string{"nwy", "bel", "bre", "par"} {
		pos.Owner[prov(c)] = england
	}
	unit("lon", rules.Fleet, england)
	unit("edi", rules.Fleet, england)
	unit("sev", rules.Fleet, russia)
	if due := v.AdjustmentDue(pos, germany); due != 1 {
		t.Fatalf("Germany is due %d adjustments, want one build", due)
	}
	g := NewGraph(v)
	for seed := uint64(1); seed <= 3; seed++ {
		normal := NormalPlayer{Graph: g}.Orders(v, pos, germany, rand.New(rand.NewPCG(seed, 2)))
		if len(normal) != 1 || normal[0].Unit != rules.Fleet {
			t.Fatalf("seed %d: normal builds %v: want the fleet that tests the search", seed, normal)
		}
		h := NewHard()
		h.Budget, h.Graph = 0, g
		hard := h.Orders(v, pos, germany, rand.New(rand.NewPCG(seed, 2)))
		want := rules.Order{Power: germany, Type: rules.Build, Unit: rules.Army, At: rules.At(prov("ber")), Target: noLoc, Dest: noLoc}
		if len(hard) != 1 || hard[0] != want {
			t.Errorf("seed %d: hard builds %v, want an army in Berlin", seed, hard)
		}
	}
}

// BenchmarkHardBuilds times one power's builds at the hard level with its
// default settings and no budget, over the winters of a seeded game of
// every variant played by the easy level, for each power with a build
// due; it reports the CPU time per decision as BenchmarkHardDecision
// does, the figure to compare with that benchmark's.
func BenchmarkHardBuilds(b *testing.B) {
	reg := variants.MustLoad()
	for _, name := range reg.Names() {
		v, _ := reg.Get(name)
		type winter struct {
			pos   *rules.Position
			power rules.Power
		}
		var winters []winter
		rnd := rand.New(rand.NewPCG(1, 2))
		r := rules.NewResolver(v, rules.Options{})
		pos := v.Start.Clone()
		for pos.Phase.Year < v.Start.Phase.Year+6 {
			var orders []rules.Order
			for _, p := range v.Powers() {
				if pos.Phase.Type == rules.AdjustmentPhase && v.AdjustmentDue(pos, p) > 0 {
					winters = append(winters, winter{pos, p})
				}
				orders = append(orders, EasyPlayer{}.Orders(v, pos, p, rnd)...)
			}
			res, err := r.Adjudicate(pos, orders)
			if err != nil {
				b.Fatal(err)
			}
			pos = res.Next.Clone()
		}
		if len(winters) == 0 {
			continue
		}
		h := NewHard()
		h.Budget, h.Graph = 0, NewGraph(v)
		b.Run(name, func(b *testing.B) {
			cpu := processCPU()
			for i := 0; i < b.N; i++ {
				w := winters[i%len(winters)]
				h.Orders(v, w.pos, w.power, rnd)
			}
			if cpu >= 0 {
				b.ReportMetric(float64(processCPU()-cpu)/1e6/float64(b.N), "cpu-ms/op")
			}
		})
	}
}
