package bot

import (
	"math/rand/v2"
	"testing"

	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/variants"
)

// TestLookaheadSeesTheFall: in the spring, an army that steps from
// Vienna to Budapest, beside two empty neutral centres, gains nothing the
// spring's outcome can count (it stands on no new centre); played on
// through the fall, it takes one of them, which holding in Vienna, beside
// no centre but our own, never does.
func TestLookaheadSeesTheFall(t *testing.T) {
	t.Parallel()
	v, _ := variants.MustLoad().Get("standard")
	m := v.Map
	prov := func(abbr string) rules.Province { return provinceOf(t, m, abbr) }
	vie, bud, nwg := prov("vie"), prov("bud"), prov("nwg")
	austria, england := rules.Power(1), rules.Power(2)
	pos := v.Start.Clone()
	pos.Phase = rules.Phase{Season: rules.Spring, Year: pos.Phase.Year + 1, Type: rules.MovementPhase}
	clear(pos.Units)
	pos.Units[vie] = rules.Unit{Type: rules.Army, Power: austria}
	pos.Units[nwg] = rules.Unit{Type: rules.Fleet, Power: england}
	a := newDecision(NewGraph(v), pos).view(austria)
	rnd := rand.New(rand.NewPCG(1, 2))
	tc := newTactics(a, deadline{})
	for range 8 {
		tc.profiles = append(tc.profiles, a.d.plainView(england).orders(rnd, normalNoise))
	}
	hold := []rules.Order{rules.HoldOrder(austria, rules.Army, rules.At(vie))}
	step := []rules.Order{{Power: austria, Type: rules.Move, Unit: rules.Army, At: rules.At(vie), Target: rules.At(bud), Dest: noLoc}}
	h1, ok1 := tc.score(hold)
	s1, ok2 := tc.score(step)
	la := newLookahead(tc, rnd)
	h2, ok3 := la.score(hold)
	s2, ok4 := la.score(step)
	if !ok1 || !ok2 || !ok3 || !ok4 {
		t.Fatal("could not score")
	}
	t.Logf("spring alone: hold %.3f, step %.3f; through the fall: hold %.3f, step %.3f", h1, s1, h2, s2)
	if d := s1 - h1; d > 0.5 {
		t.Fatalf("the spring alone already sees %.3f more in the step: the position does not test the lookahead", d)
	}
	if d := s2 - h2; d < 0.8 {
		t.Errorf("through the fall, the step to Budapest scores %.3f more than holding: want a centre more (at least 0.8)", d)
	}
}
