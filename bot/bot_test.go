package bot

import (
	"math/rand/v2"
	"reflect"
	"testing"

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
	v, _ := variants.MustLoad().Get("standard")
	a, b := play(t, v, 7, 6), play(t, v, 7, 6)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("the same seed gave different orders")
	}
}

func TestBotsTakeCentres(t *testing.T) {
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
