package bot

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/chancery/chancery/notation"
	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/variants"
)

// play runs a game with a bot in every seat for at most years years and
// returns every order given.
func play(t *testing.T, v *rules.Variant, seed uint64, years int) []rules.Order {
	t.Helper()
	rnd := rand.New(rand.NewPCG(seed, 1))
	r := rules.NewResolver(v, rules.Options{})
	pos := v.Start.Clone()
	var all []rules.Order
	for pos.Phase.Year < v.Start.Phase.Year+years {
		var orders []rules.Order
		for p := 1; p < len(v.Map.Powers); p++ {
			if rules.Power(p) == v.Neutral {
				continue
			}
			orders = append(orders, Orders(v, pos, rules.Power(p), rnd)...)
		}
		res, err := r.Adjudicate(pos, orders)
		if err != nil {
			t.Fatalf("%s %v: %v", v.Name, pos.Phase, err)
		}
		for _, rs := range res.Results {
			if rs.Outcome == rules.Illegal {
				t.Fatalf("%s %v: bot gave an illegal order %+v: %v", v.Name, pos.Phase, rs.Order, rs.Reason)
			}
		}
		all = append(all, orders...)
		pos = res.Next.Clone()
		if res.Winner != rules.NoPower {
			break
		}
	}
	return all
}

func TestBotsGiveOnlyLegalOrdersInEveryVariant(t *testing.T) {
	t.Parallel()
	reg := variants.MustLoad()
	for _, name := range reg.Names() {
		v, _ := reg.Get(name)
		t.Run(name, func(t *testing.T) {
			for seed := range uint64(4) {
				if len(play(t, v, seed, 15)) == 0 {
					t.Fatal("no orders at all")
				}
			}
		})
	}
}

func TestBotsAreDeterministicForOneSource(t *testing.T) {
	t.Parallel()
	v, _ := variants.MustLoad().Get("standard")
	a, b := play(t, v, 7, 6), play(t, v, 7, 6)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("the same seed gave different orders")
	}
}

func TestBotsTakeCentres(t *testing.T) {
	t.Parallel()
	v, _ := variants.MustLoad().Get("standard")
	rnd := rand.New(rand.NewPCG(1, 2))
	r := rules.NewResolver(v, rules.Options{})
	pos := v.Start.Clone()
	for range 2 { // spring and fall 1901
		var orders []rules.Order
		for p := 1; p < len(v.Map.Powers); p++ {
			orders = append(orders, Orders(v, pos, rules.Power(p), rnd)...)
		}
		res, err := r.Adjudicate(pos, orders)
		if err != nil {
			t.Fatal(err)
		}
		pos = res.Next.Clone()
	}
	owned := 0
	for _, c := range pos.CentreCount(v.Map) {
		owned += c
	}
	if owned <= 22 {
		t.Fatalf("after 1901 the bots own %d centres; they should take neutral centres", owned)
	}
}

// TestBotsConvoyArmiesOffIslands: an army that cannot march to any centre
// worth taking (England's, on its island) is carried across by a fleet of
// its own in a neighbouring sea, and lands.
func TestBotsConvoyArmiesOffIslands(t *testing.T) {
	t.Parallel()
	v, _ := variants.MustLoad().Get("standard")
	m := v.Map
	names := notation.NewNames(m)
	prov := func(s string) rules.Province {
		p, ok := names.Province(s)
		if !ok {
			t.Fatalf("no province %q", s)
		}
		return p
	}
	england, _ := names.Power("England")
	pos := v.Start.Clone()
	clear(pos.Units)
	pos.Units[prov("yor")] = rules.Unit{Type: rules.Army, Power: england}
	pos.Units[prov("nth")] = rules.Unit{Type: rules.Fleet, Power: england}
	for seed := range uint64(10) {
		orders := Orders(v, pos, england, rand.New(rand.NewPCG(seed, 5)))
		res, err := rules.NewResolver(v, rules.Options{}).Adjudicate(pos, orders)
		if err != nil {
			t.Fatal(err)
		}
		landed := false
		for p, u := range res.Next.Units {
			if u.Type == rules.Army && u.Power == england {
				landed = !slices.Contains([]string{"yor", "lon", "edi", "lvp", "wal", "cly"}, m.Provinces[p].Abbr)
			}
		}
		if !landed {
			t.Fatalf("seed %d: the army did not cross: %+v", seed, res.Results)
		}
		for _, o := range orders { // the server passes bot orders as text
			s := names.FormatOrder(o)
			if back, err := names.ParseOrder(s, england, rules.MovementPhase); err != nil || names.FormatOrder(back) != s {
				t.Errorf("%q reads back as %q (%v)", s, names.FormatOrder(back), err)
			}
		}
	}
}

// TestBotsConvoyInPlay: over whole bot games of the standard map, the bots
// give convoy orders, and legal ones (play fails on an illegal order).
func TestBotsConvoyInPlay(t *testing.T) {
	t.Parallel()
	v, _ := variants.MustLoad().Get("standard")
	convoys := 0
	for seed := range uint64(4) {
		for _, o := range play(t, v, seed, 10) {
			if o.Type == rules.Convoy {
				convoys++
			}
		}
	}
	if convoys == 0 {
		t.Fatal("in 40 years of bot play no army was convoyed")
	}
	t.Logf("%d convoy orders", convoys)
}
