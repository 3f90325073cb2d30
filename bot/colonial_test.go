package bot

import (
	"math/rand/v2"
	"testing"

	"github.com/chancery/chancery/notation"
	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/variants"
)

// TestBotsUseColonialSpecialOrders: in Colonial games the bots ride the
// Trans-Siberian Railroad and let their own fleets through the Suez Canal
// when they hold Egypt, and every such order is legal (play fails on an
// illegal one).
func TestBotsUseColonialSpecialOrders(t *testing.T) {
	t.Parallel()
	v, _ := variants.MustLoad().Get("colonial")
	names := notation.NewNames(v.Map)
	kinds := map[rules.OrderType]int{}
	for seed := range uint64(8) {
		for _, o := range play(t, v, seed, 20) {
			kinds[o.Type]++
			if o.Type != rules.Railway && o.Type != rules.Permit {
				continue
			}
			// The server hands bot orders over as text: they must read
			// back as what the bot meant.
			s := names.FormatOrder(o)
			back, err := names.ParseOrder(s, o.Power, rules.MovementPhase)
			if err != nil || names.FormatOrder(back) != s || back.Type != o.Type {
				t.Errorf("%q reads back as %q (%v)", s, names.FormatOrder(back), err)
			}
		}
	}
	t.Logf("railway moves %d, canal permissions %d", kinds[rules.Railway], kinds[rules.Permit])
	if kinds[rules.Railway] == 0 {
		t.Error("no bot ever used the Trans-Siberian Railroad")
	}
	if kinds[rules.Permit] == 0 {
		t.Error("no bot ever let a fleet through the Suez Canal")
	}
}

// TestBotPermitsItsOwnFleetThroughTheCanal: a power holding Egypt whose
// fleet in the Mediterranean heads for the Red Sea gives the canal
// permission with the move, and the fleet gets through.
func TestBotPermitsItsOwnFleetThroughTheCanal(t *testing.T) {
	t.Parallel()
	v, _ := variants.MustLoad().Get("colonial")
	m := v.Map
	prov := func(abbr string) rules.Province {
		for i := range m.Provinces {
			if m.Provinces[i].Abbr == abbr {
				return rules.Province(i)
			}
		}
		t.Fatalf("no province %q", abbr)
		return rules.NoProvince
	}
	var britain rules.Power
	for i, name := range m.Powers {
		if name == "Britain" {
			britain = rules.Power(i)
		}
	}
	pos := v.Start.Clone()
	clear(pos.Units)
	pos.Units[prov("egy")] = rules.Unit{Type: rules.Army, Power: britain}
	pos.Units[prov("med")] = rules.Unit{Type: rules.Fleet, Power: britain}
	for p := range pos.Owner {
		if m.Provinces[p].SupplyCenter {
			pos.Owner[p] = britain
		}
	}
	pos.Owner[prov("sud")] = rules.NoPower // the one centre worth taking

	for seed := range uint64(10) {
		orders := Orders(v, pos, britain, rand.New(rand.NewPCG(seed, 3)))
		var permit bool
		for _, o := range orders {
			permit = permit || o.Type == rules.Permit
		}
		if !permit {
			t.Fatalf("seed %d: no permission in %+v", seed, orders)
		}
		res, err := rules.NewResolver(v, rules.Options{}).Adjudicate(pos, orders)
		if err != nil {
			t.Fatal(err)
		}
		if u := res.Next.Units[prov("red")]; u.Type != rules.Fleet || u.Power != britain {
			t.Fatalf("seed %d: the fleet did not reach the Red Sea: %+v", seed, res.Results)
		}
	}
}
