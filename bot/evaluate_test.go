package bot

import (
	"testing"

	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/variants"
)

// TestEvaluationRewardsDislodging: two outcomes that leave our units in
// the same places, one where the enemy unit we attack is dislodged and
// one where it had stepped aside, are not worth the same: the dislodged
// unit is one attacker fewer next year (unitBlow).
func TestEvaluationRewardsDislodging(t *testing.T) {
	t.Parallel()
	v, _ := variants.MustLoad().Get("standard")
	m := v.Map
	prov := func(abbr string) rules.Province { return provinceOf(t, m, abbr) }
	boh, tyr, mun, ruh := prov("boh"), prov("tyr"), prov("mun"), prov("ruh")
	me, them := rules.Power(1), rules.Power(4)
	pos := v.Start.Clone()
	pos.Phase = rules.Phase{Season: rules.Spring, Year: pos.Phase.Year, Type: rules.MovementPhase}
	clear(pos.Units)
	pos.Units[boh] = rules.Unit{Type: rules.Army, Power: me}
	pos.Units[tyr] = rules.Unit{Type: rules.Army, Power: me}
	pos.Units[mun] = rules.Unit{Type: rules.Army, Power: them}
	move := func(p rules.Power, from, to rules.Province) rules.Order {
		return rules.Order{Power: p, Type: rules.Move, Unit: rules.Army, At: rules.At(from), Target: rules.At(to), Dest: noLoc}
	}
	ours := []rules.Order{move(me, boh, mun),
		{Power: me, Type: rules.Support, Unit: rules.Army, At: rules.At(tyr), Target: rules.At(boh), TargetUnit: rules.Army, Dest: rules.At(mun)}}
	a := newDecision(NewGraph(v), pos).view(me)
	r := rules.NewResolver(v, rules.Options{})
	score := func(theirs rules.Order) float64 {
		res, err := r.Adjudicate(pos, append(append([]rules.Order{}, ours...), theirs))
		if err != nil {
			t.Fatal(err)
		}
		if res.Next.Units[mun].Power != me {
			t.Fatalf("our army did not reach Munich against %v", theirs)
		}
		return a.evaluate(pos, res)
	}
	held := score(rules.HoldOrder(them, rules.Army, rules.At(mun)))
	stepped := score(move(them, mun, ruh))
	if held < stepped+0.1 {
		t.Errorf("dislodging the enemy army scores %.3f, letting it step aside %.3f: want at least 0.1 more", held, stepped)
	}
}

// provinceOf is the province of m abbreviated abbr; the test fails when m
// has none.
func provinceOf(t *testing.T, m *rules.Map, abbr string) rules.Province {
	t.Helper()
	for p := range m.Provinces {
		if m.Provinces[p].Abbr == abbr {
			return rules.Province(p)
		}
	}
	t.Fatalf("no province %q", abbr)
	return rules.NoProvince
}
