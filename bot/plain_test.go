package bot

import (
	"math/rand/v2"
	"testing"

	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/variants"
)

// TestPlainChoiceWalksDownFromTheBest: the plain model's unit takes the
// next best destination with even chances when it is as good as the best,
// and never one a fifth worse or more.
func TestPlainChoiceWalksDownFromTheBest(t *testing.T) {
	t.Parallel()
	v, _ := variants.MustLoad().Get("standard")
	m := v.Map
	prov := func(abbr string) rules.Province { return provinceOf(t, m, abbr) }
	vie, boh := prov("vie"), prov("boh")
	pos := v.Start.Clone()
	a := newDecision(NewGraph(v), pos).plainView(pos.Units[vie].Power)
	val := a.value[rules.Army]
	for p := range val {
		val[p] = 0.5
	}
	val[vie], val[boh] = 1, 1
	val[prov("gal")] = 0.79 // just over a fifth worse
	rnd := rand.New(rand.NewPCG(3, 4))
	first := map[rules.Province]int{}
	const draws = 2000
	for range draws {
		pl := &plan{analysis: a, rnd: rnd}
		opts := pl.plainOptions(vie)
		if len(opts) != 1+len(m.Neighbours(rules.Army, rules.At(vie))) {
			t.Fatalf("%d options, want the hold and every neighbour", len(opts))
		}
		first[opts[0].to.Province]++
	}
	if h, b := first[vie], first[boh]; h < draws*2/5 || b < draws*2/5 || h+b != draws {
		t.Errorf("first choices %v: want Vienna (hold) and Bohemia about half each, nothing else", first)
	}
}

// TestPlainModelGivesLegalOrders: every power played by the plain model
// in the movement phases (normal in the others) gives legal orders in
// every variant.
func TestPlainModelGivesLegalOrders(t *testing.T) {
	t.Parallel()
	reg := variants.MustLoad()
	for _, name := range reg.Names() {
		v, _ := reg.Get(name)
		t.Run(name, func(t *testing.T) {
			g := NewGraph(v)
			r := rules.NewResolver(v, rules.Options{})
			rnd := rand.New(rand.NewPCG(5, 6))
			pos := v.Start.Clone()
			moves := 0
			for pos.Phase.Year < v.Start.Phase.Year+8 {
				d := newDecision(g, pos)
				var orders []rules.Order
				for _, p := range v.Powers() {
					a := d.view(p)
					if pos.Phase.Type == rules.MovementPhase {
						a = d.plainView(p)
						moves++
					}
					orders = append(orders, a.orders(rnd, normalNoise)...)
				}
				res, err := r.Adjudicate(pos, orders)
				if err != nil {
					t.Fatalf("%v: %v", pos.Phase, err)
				}
				for _, rs := range res.Results {
					if rs.Outcome == rules.Illegal {
						t.Fatalf("%v: illegal order %+v: %v", pos.Phase, rs.Order, rs.Reason)
					}
				}
				pos = res.Next.Clone()
				if res.Winner != rules.NoPower {
					break
				}
			}
			if moves == 0 {
				t.Fatal("no movement phase played")
			}
		})
	}
}
