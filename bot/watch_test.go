package bot

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/chancery/chancery/notation"
	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/variants"
)

// TestWatch plays one game, normal in one seat (a power's number) against
// easy in the others, and prints every phase's centres and normal's orders
// with their outcomes, to watch how it plays rather than guess:
//
//	WATCH=standard:3:2:6 go test -run TestWatch -v ./bot
//
// WATCHALL=1 prints every power's orders, WATCHVAL=1 the values normal
// sees from each of its units.
func TestWatch(t *testing.T) {
	spec := os.Getenv("WATCH")
	if spec == "" {
		t.Skip("WATCH not set")
	}
	f := strings.Split(spec, ":")
	if len(f) != 4 {
		t.Fatalf("WATCH=%q: want variant:seat:seed:years", spec)
	}
	reg, err := variants.Load()
	if err != nil {
		t.Fatal(err)
	}
	v, err := reg.Get(f[0])
	if err != nil {
		t.Fatal(err)
	}
	seat, _ := strconv.Atoi(f[1])
	seed, _ := strconv.ParseUint(f[2], 10, 64)
	years, _ := strconv.Atoi(f[3])
	m := v.Map
	names := notation.NewNames(m)
	solo := rules.Power(seat)
	rnd := rand.New(rand.NewPCG(seed, 0))
	r := rules.NewResolver(v, rules.Options{})
	pos := v.Start.Clone()
	for pos.Phase.Year < v.Start.Phase.Year+years {
		var orders []rules.Order
		for p := 1; p < len(m.Powers); p++ {
			pw := rules.Power(p)
			if pw == v.Neutral {
				continue
			}
			var got []rules.Order
			if pw == solo {
				got = NormalPlayer{}.Orders(v, pos, pw, rnd)
			} else {
				got = EasyPlayer{}.Orders(v, pos, pw, rnd)
			}
			orders = append(orders, got...)
		}
		res, err := r.Adjudicate(pos, orders)
		if err != nil {
			t.Fatal(err)
		}
		cc := pos.CentreCount(m)
		fmt.Printf("== %v  centres:", pos.Phase)
		for p := 1; p < len(m.Powers); p++ {
			mark := ""
			if rules.Power(p) == solo {
				mark = "*"
			}
			fmt.Printf(" %s%s=%d", mark, m.Powers[p], cc[p])
		}
		fmt.Println()
		if pos.Phase.Type == rules.MovementPhase && os.Getenv("WATCHVAL") != "" {
			a := analyse(newGraph(v), pos, solo)
			for p, u := range pos.Units {
				if u.Type != rules.NoUnit && u.Power == solo {
					fmt.Printf("   val %s: here %.2f;", names.LocString(pos.LocOf(rules.Province(p))), a.value[u.Type][p])
					for _, br := range m.Neighbours(u.Type, pos.LocOf(rules.Province(p))) {
						fmt.Printf(" %s %.2f", names.LocString(br.To), a.value[u.Type][br.To.Province])
					}
					fmt.Println()
				}
			}
		}
		for _, rs := range res.Results {
			if rs.Order.Power == solo || os.Getenv("WATCHALL") != "" {
				fmt.Printf("   %-10s %-40s %v %v\n", m.Powers[rs.Order.Power], names.FormatOrder(rs.Order), rs.Outcome, rs.Reason)
			}
		}
		pos = res.Next.Clone()
		if res.Winner != rules.NoPower {
			break
		}
	}
	cc := pos.CentreCount(m)
	fmt.Println("final", cc)
}
