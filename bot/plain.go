package bot

import (
	"cmp"
	"slices"

	"github.com/chancery/chancery/rules"
)

// The plain positional model: the published DumbBot algorithm as it is
// described, without what the normal level adds to it. The hard level
// models half of the others' replies with it, since the bot every
// Diplomacy AI is measured against plays that way. It differs from
// normal's positional policy in:
//
//   - the weights of attack and defence: 700 and 300 in the spring, 600
//     and 400 in the fall (normal: 900 and 100);
//   - a neutral centre is worth the size of a power owning all the
//     centres nobody owns yet, so that the opening years go for them
//     (normal: a middling power's);
//   - no half-weight defence against units two moves away, no push near
//     victory, no fall bonus for centres, no convoys, and the strength
//     of the units around a province hardly counts;
//   - the choice among destinations: from the best, each next one is
//     taken with a chance that falls with how much worse it is (even
//     chances when it is as good, none when it is a fifth worse or more),
//     instead of a small noise on the values.

// Plain weights of the movement phases.
var (
	plainSpringWeights = weights{prox: springWeights.prox, attack: 700, defence: 300, plain: true}
	plainFallWeights   = weights{prox: fallWeights.prox, attack: 600, defence: 400, plain: true}
)

// Chances of the plain choice among destinations: a next destination is
// considered with plainAlternative, and taken unless a draw under its
// shortfall from the current one, relative to it, times plainDifference
// says otherwise.
const (
	plainAlternative = 0.5
	plainDifference  = 5.0
)

// plainView returns power me's plain analysis of a movement phase's
// position (see plainSpringWeights).
func (d *decision) plainView(me rules.Power) *analysis {
	if d.plain[me] == nil {
		w := plainSpringWeights
		if d.pos.Phase.Season == rules.Fall {
			w = plainFallWeights
		}
		d.plain[me] = d.analyse(me, w)
	}
	return d.plain[me]
}

// unowned counts the supply centres nobody owns.
func (a *analysis) unowned() int {
	n := 0
	for p, o := range a.pos.Owner {
		if o == rules.NoPower && a.m.Provinces[p].SupplyCenter {
			n++
		}
	}
	return n
}

// plainOptions lists what the unit in p may do, in the order the plain
// choice tries them: a destination is drawn by walking down from the
// best, and when the plan cannot use it the draw starts again without
// it.
func (pl *plan) plainOptions(p rules.Province) []option {
	a := pl.analysis
	u := a.pos.Units[p]
	at := a.pos.LocOf(p)
	val := a.value[u.Type]
	opts := []option{{to: at, hold: true, rail: -1, gate: rules.NoProvince, score: val[p] + 1e-9}}
	for _, br := range a.m.Neighbours(u.Type, at) {
		k := &a.m.BorderKinds[br.Kind]
		if k.Gate != rules.NoProvince {
			g := a.pos.Units[k.Gate]
			if g.Type == rules.NoUnit || g.Power != a.me || pl.gateUsed(k.Gate) {
				continue
			}
		}
		opts = append(opts, option{to: br.To, kind: br.Kind, gate: k.Gate, rail: -1, score: val[br.To.Province]})
	}
	slices.SortStableFunc(opts, func(x, y option) int { return cmp.Compare(y.score, x.score) })
	out := make([]option, 0, len(opts))
	for len(opts) > 0 {
		i := 0
		for i+1 < len(opts) {
			cur, next := opts[i].score, opts[i+1].score
			stop := 0.0 // the chance of keeping the current one once the next is considered
			if cur > 0 {
				stop = (cur - next) * plainDifference / cur
			}
			if pl.rnd.Float64() < plainAlternative && pl.rnd.Float64() >= stop {
				i++
				continue
			}
			break
		}
		out = append(out, opts[i])
		opts = slices.Delete(opts, i, i+1)
	}
	return out
}
