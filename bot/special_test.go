package bot

import (
	"math/rand/v2"
	"testing"

	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/variants"
)

// specialUses counts, over seeded games with every seat at level l, the
// orders that use each variant's special rules; it stops playing once
// every use in want has been seen, since more play cannot change whether
// it was.
func specialUses(t *testing.T, variant string, l Level, games uint64, years int, want []string) map[string]int {
	t.Helper()
	v, _ := variants.MustLoad().Get(variant)
	m := v.Map
	players := testPlayers(v, Tactics{}) // how they play: normal's tactical layer
	uses := map[string]int{}
	seen := func() bool {
		for _, k := range want {
			if uses[k] == 0 {
				return false
			}
		}
		return true
	}
	for i := range games {
		// The last seed first: in Colonial the permission shows within
		// ten years there, and only late or never in the others.
		seed := games - 1 - i
		counted := 0 // orders of the game counted so far
		playLevelsUntil(t, v, seed, years, func(rules.Power) Level { return l }, players, func(rec *record) bool {
			for i, o := range rec.orders[l][counted:] {
				countUse(v, m, rec.pos[rec.at[l][counted+i]], o, uses)
			}
			counted = len(rec.orders[l])
			return seen()
		})
		if seen() {
			break
		}
	}
	return uses
}

// countUse counts o, given in pos, in uses under the special rule it
// uses, if any.
func countUse(v *rules.Variant, m *rules.Map, pos *rules.Position, o rules.Order, uses map[string]int) {
	switch o.Type {
	case rules.Railway:
		uses["railway"]++
	case rules.Permit:
		uses["permit"]++
	case rules.Move:
		if ok, k := m.Edge(o.Unit, o.At, o.Target); ok && m.BorderKinds[k].HalfStrength {
			uses["half-strength move"]++
		}
		if u := pos.Units[o.Target.Province]; v.Neutral != rules.NoPower && u.Type != rules.NoUnit && u.Power == v.Neutral {
			uses["attack on a neutral"]++
		}
	case rules.Support:
		if o.Dest.Province == rules.NoProvince || v.Neutral == rules.NoPower {
			break
		}
		if u := pos.Units[o.Dest.Province]; u.Type != rules.NoUnit && u.Power == v.Neutral {
			uses["support against a neutral"]++
		}
	case rules.Build:
		if m.Provinces[o.At.Province].Home != o.Power {
			uses["build away from home"]++
		}
	}
}

// TestNormalAndHardUseEverySpecialRule: over a seeded set of games, the
// normal and hard levels ride Colonial's railway and give its canal
// permission, move round 1900's cape, attack Sengoku's neutral armies
// with support and build away from home there.
func TestNormalAndHardUseEverySpecialRule(t *testing.T) {
	t.Parallel()
	want := map[string][]string{
		"colonial": {"railway", "permit"},
		"1900":     {"half-strength move"},
		"sengoku":  {"attack on a neutral", "support against a neutral", "build away from home"},
	}
	for variant, kinds := range want {
		for _, l := range []Level{Normal, Hard} {
			t.Run(variant+"/"+l.String(), func(t *testing.T) {
				t.Parallel()
				uses := specialUses(t, variant, l, 4, 15, kinds)
				t.Logf("%v", uses)
				for _, k := range kinds {
					if uses[k] == 0 {
						t.Errorf("no %s in 4 games", k)
					}
				}
			})
		}
	}
}

// TestNormalAndHardPlayForTheVictoryCondition: a power one centre short
// of the variant's victory, with an army beside an empty centre in the
// fall, takes it and wins; in 1900 the win needs a lead as well, which it
// has.
func TestNormalAndHardPlayForTheVictoryCondition(t *testing.T) {
	t.Parallel()
	reg := variants.MustLoad()
	for _, name := range reg.Names() {
		v, _ := reg.Get(name)
		m := v.Map
		for _, p := range []Player{NormalPlayer{}, quickHard()} {
			pos := v.Start.Clone()
			pos.Phase = rules.Phase{Season: rules.Fall, Year: pos.Phase.Year, Type: rules.MovementPhase}
			me := rules.Power(1)
			clear(pos.Units)
			for i := range pos.Owner {
				pos.Owner[i] = rules.NoPower
			}
			// Our army beside an unowned centre; every other centre ours
			// until we are one short.
			var target, from rules.Province = rules.NoProvince, rules.NoProvince
			for c := range m.Provinces {
				if !m.Provinces[c].SupplyCenter || m.Provinces[c].Terrain == rules.Sea || !v.MayOwn(rules.Province(c), me) {
					continue
				}
				for _, br := range m.Neighbours(rules.Army, rules.At(rules.Province(c))) {
					if !m.Provinces[br.To.Province].SupplyCenter {
						target, from = rules.Province(c), br.To.Province
						break
					}
				}
				if target != rules.NoProvince {
					break
				}
			}
			if target == rules.NoProvince {
				t.Fatalf("%s: no centre for the test", name)
			}
			pos.Units[from] = rules.Unit{Type: rules.Army, Power: me}
			owned := 0
			for c := range m.Provinces {
				if owned < v.VictoryCentres-1 && m.Provinces[c].SupplyCenter && rules.Province(c) != target && v.MayOwn(rules.Province(c), me) {
					pos.Owner[c] = me
					owned++
				}
			}
			orders := p.Orders(v, pos, me, rand.New(rand.NewPCG(5, 5)))
			res, err := rules.NewResolver(v, rules.Options{}).Adjudicate(pos, orders)
			if err != nil {
				t.Fatal(err)
			}
			if res.Winner != me {
				t.Errorf("%s, %T: did not win with %v (target %s)", name, p, orders, m.Provinces[target].Abbr)
			}
		}
	}
}
