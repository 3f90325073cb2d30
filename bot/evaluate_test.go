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

// TestEvaluationLeavesRoomForBuilds: in the fall, with more centres than
// units, units that step off their home centres, where nobody threatens,
// make room for the winter's builds; units that stay on them waste the
// centres they won. Watched against DumbBot: hard at 17 centres played
// a year with 12 units, every home centre occupied by its own units.
func TestEvaluationLeavesRoomForBuilds(t *testing.T) {
	t.Parallel()
	v, _ := variants.MustLoad().Get("standard")
	m := v.Map
	prov := func(abbr string) rules.Province { return provinceOf(t, m, abbr) }
	ber, mun, kie, pru, boh := prov("ber"), prov("mun"), prov("kie"), prov("pru"), prov("boh")
	germany := rules.Power(4)
	pos := v.Start.Clone()
	pos.Phase = rules.Phase{Season: rules.Fall, Year: pos.Phase.Year, Type: rules.MovementPhase}
	clear(pos.Units)
	pos.Units[ber] = rules.Unit{Type: rules.Army, Power: germany}
	pos.Units[mun] = rules.Unit{Type: rules.Army, Power: germany}
	pos.Units[kie] = rules.Unit{Type: rules.Fleet, Power: germany}
	for _, c := range []string{"hol", "den"} {
		pos.Owner[prov(c)] = germany // five centres, three units
	}
	a := newDecision(NewGraph(v), pos).view(germany)
	r := rules.NewResolver(v, rules.Options{})
	score := func(orders ...rules.Order) float64 {
		res, err := r.Adjudicate(pos, orders)
		if err != nil {
			t.Fatal(err)
		}
		return a.evaluate(pos, res)
	}
	move := func(from, to rules.Province) rules.Order {
		return rules.Order{Power: germany, Type: rules.Move, Unit: rules.Army, At: rules.At(from), Target: rules.At(to), Dest: noLoc}
	}
	stay := score()
	leave := score(move(ber, pru), move(mun, boh))
	if leave < stay+0.5 {
		t.Errorf("leaving two home centres free for the two builds due scores %.3f, staying on them %.3f: want at least 0.5 more", leave, stay)
	}
}
