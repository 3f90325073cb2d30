package rules_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chancery/chancery/notation"
	"github.com/chancery/chancery/rules"
)

// benchPosition builds a standard position from "Power: A loc" lines and
// parses "Power: order" lines for it.
func benchPosition(b *testing.B, ph rules.Phase, units, orders string) (*rules.Variant, *rules.Position, []rules.Order) {
	v, err := registry.Get("standard")
	if err != nil {
		b.Fatal(err)
	}
	n := notation.NewNames(v.Map)
	pos := rules.NewPosition(v.Map, ph)
	copy(pos.Owner, v.Start.Owner)
	for _, l := range strings.Split(strings.TrimSpace(units), "\n") {
		pw, rest, _ := strings.Cut(strings.TrimSpace(l), ":")
		p, _ := n.Power(pw)
		o, err := n.ParseOrder(strings.TrimSpace(rest)+" H", p, rules.MovementPhase)
		if err != nil {
			b.Fatal(err)
		}
		pos.Place(p, o.Unit, o.At)
	}
	var out []rules.Order
	for _, l := range strings.Split(strings.TrimSpace(orders), "\n") {
		o, err := n.ParseOrder(strings.TrimSpace(l), rules.NoPower, ph.Type)
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, o)
	}
	return v, pos, out
}

func benchResolve(b *testing.B, v *rules.Variant, pos *rules.Position, orders []rules.Order) {
	r := rules.NewResolver(v, rules.Options{})
	var res rules.Resolution
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := r.AdjudicateInto(pos, orders, &res); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSpring1901 resolves the usual openings of all seven powers.
func BenchmarkSpring1901(b *testing.B) {
	v, err := registry.Get("standard")
	if err != nil {
		b.Fatal(err)
	}
	n := notation.NewNames(v.Map)
	var orders []rules.Order
	for _, s := range []string{
		"Austria: A VIE - GAL", "Austria: A BUD - SER", "Austria: F TRI - ALB",
		"England: F LON - NTH", "England: F EDI - NWG", "England: A LVP - YOR",
		"France: F BRE - MAO", "France: A PAR - BUR", "France: A MAR S A PAR - BUR",
		"Germany: F KIE - DEN", "Germany: A BER - KIE", "Germany: A MUN - RUH",
		"Italy: F NAP - ION", "Italy: A ROM - APU", "Italy: A VEN H",
		"Russia: F STP/SC - BOT", "Russia: A MOS - UKR", "Russia: A WAR - GAL", "Russia: F SEV - BLA",
		"Turkey: F ANK - BLA", "Turkey: A CON - BUL", "Turkey: A SMY - ARM",
	} {
		o, err := n.ParseOrder(s, rules.NoPower, rules.MovementPhase)
		if err != nil {
			b.Fatal(err)
		}
		orders = append(orders, o)
	}
	benchResolve(b, v, v.Start, orders)
}

// crowded is a mid-game board with 32 units, supports, cuts, a convoy and
// a three-way bounce.
const crowdedUnits = `
England: F NTH
England: F NWG
England: A YOR
England: F ENG
England: F LON
Germany: A HOL
Germany: A KIE
Germany: A MUN
Germany: F HEL
Germany: F DEN
Germany: A BER
France: A BEL
France: A BUR
France: A PIC
France: F MAO
France: A PAR
Italy: A TYR
Italy: A VEN
Italy: F ION
Italy: F TYS
Italy: A PIE
Austria: A VIE
Austria: A BUD
Austria: A SER
Austria: F GRE
Russia: A WAR
Russia: A GAL
Russia: A RUM
Russia: F SWE
Turkey: A BUL
Turkey: F AEG
Turkey: F BLA`

const crowdedOrders = `
England: F NTH C A YOR - NWY
England: A YOR - NWY
England: F NWG S A YOR - NWY
England: F ENG - BEL
England: F LON S F ENG - BEL
Germany: A HOL S A KIE - RUH
Germany: A KIE - RUH
Germany: A MUN - BUR
Germany: F HEL - NTH
Germany: F DEN S F HEL - NTH
Germany: A BER - SIL
France: A BEL H
France: A BUR S A BEL
France: A PIC S A BEL
France: F MAO - BRE
France: A PAR S A BUR
Italy: A TYR - VIE
Italy: A VEN S A TYR
Italy: F ION - GRE
Italy: F TYS S F ION
Italy: A PIE - MAR
Austria: A VIE S A BUD
Austria: A BUD - GAL
Austria: A SER S F GRE
Austria: F GRE H
Russia: A WAR - SIL
Russia: A GAL S A WAR - SIL
Russia: A RUM - BUD
Russia: F SWE - NWY
Turkey: A BUL - SER
Turkey: F AEG S A BUL - SER
Turkey: F BLA - RUM`

// BenchmarkCrowdedMovement resolves a crowded mid-game movement phase.
func BenchmarkCrowdedMovement(b *testing.B) {
	v, pos, orders := benchPosition(b, rules.Phase{Season: rules.Fall, Year: 1905, Type: rules.MovementPhase}, crowdedUnits, crowdedOrders)
	benchResolve(b, v, pos, orders)
}

// BenchmarkRetreat resolves the retreat phase after the crowded movement.
func BenchmarkRetreat(b *testing.B) {
	v, pos, orders := benchPosition(b, rules.Phase{Season: rules.Fall, Year: 1905, Type: rules.MovementPhase}, crowdedUnits, crowdedOrders)
	res, err := rules.NewResolver(v, rules.Options{}).Adjudicate(pos, orders)
	if err != nil {
		b.Fatal(err)
	}
	if res.Next.Phase.Type != rules.RetreatPhase {
		b.Fatalf("no retreat phase: %v", res.Next.Phase)
	}
	var retreats []rules.Order
	for _, d := range res.Next.Dislodged {
		retreats = append(retreats, rules.Order{Power: d.Power, Type: rules.Retreat, Unit: d.Type, At: d.Loc(), Target: d.Retreats[0]})
	}
	benchResolve(b, v, res.Next, retreats)
}

// BenchmarkAdjustment resolves a winter with builds, a waive and a civil
// disorder removal.
func BenchmarkAdjustment(b *testing.B) {
	v, pos, orders := benchPosition(b, rules.Phase{Season: rules.Winter, Year: 1905, Type: rules.AdjustmentPhase}, crowdedUnits, `
England: BUILD F EDI
England: BUILD A LVP
Russia: BUILD F STP/NC
Russia: WAIVE
Italy: REMOVE A PIE`)
	benchResolve(b, v, pos, orders)
}

// BenchmarkGame replays a 40-phase game of random orders from the start.
func BenchmarkGame(b *testing.B) {
	v, err := registry.Get("standard")
	if err != nil {
		b.Fatal(err)
	}
	r := rules.NewResolver(v, rules.Options{})
	rnd := rand.New(rand.NewPCG(7, 7))
	var game [][]rules.Order
	pos := v.Start
	for len(game) < 40 {
		orders := randomOrders(v, pos, rnd)
		res, err := r.Adjudicate(pos, orders)
		if err != nil {
			b.Fatal(err)
		}
		game = append(game, orders)
		pos = res.Next
	}
	var res [2]rules.Resolution
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		pos := v.Start
		for k, orders := range game {
			out := &res[k%2]
			if err := r.AdjudicateInto(pos, orders, out); err != nil {
				b.Fatal(err)
			}
			pos = out.Next
		}
	}
}
