package rules_test

import (
	"reflect"
	"testing"

	"github.com/chancery/chancery/rules"
)

// TestCopyFromDoesNotAlias: CopyFrom is a deep copy, down to the retreat
// lists of dislodged units, and it keeps "not known" (nil) apart from
// "nowhere" (empty).
func TestCopyFromDoesNotAlias(t *testing.T) {
	q := &rules.Position{
		Units: make([]rules.Unit, 3),
		Owner: make([]rules.Power, 3),
		Dislodged: []rules.Dislodged{
			{Unit: rules.Unit{Type: rules.Army, Power: 1}, Province: 0, Retreats: []rules.Loc{rules.At(1), rules.At(2)}},
			{Unit: rules.Unit{Type: rules.Army, Power: 2}, Province: 1},
			{Unit: rules.Unit{Type: rules.Army, Power: 2}, Province: 2, Retreats: []rules.Loc{}},
		},
	}
	want := q.Clone()
	p := &rules.Position{}
	p.CopyFrom(q)
	if !reflect.DeepEqual(p, want) {
		t.Fatalf("CopyFrom = %+v, want %+v", p, want)
	}
	if p.Dislodged[1].Retreats != nil || p.Dislodged[2].Retreats == nil {
		t.Errorf("nil and empty retreat lists not kept apart: %#v, %#v", p.Dislodged[1].Retreats, p.Dislodged[2].Retreats)
	}
	q.Dislodged[0].Retreats[0] = rules.At(2)
	q.Units[0] = rules.Unit{Type: rules.Fleet, Power: 1}
	q.Owner[0] = 1
	if !reflect.DeepEqual(p, want) {
		t.Fatalf("changing the source changed the copy: %+v, want %+v", p, want)
	}

	// Copying again reuses p's storage, never the earlier source's.
	r := want.Clone()
	r.Dislodged[0].Retreats[0] = rules.At(0)
	p.CopyFrom(r)
	p.Dislodged[0].Retreats[1] = rules.At(0)
	if got := q.Dislodged[0].Retreats; !reflect.DeepEqual(got, []rules.Loc{rules.At(2), rules.At(2)}) {
		t.Errorf("a second CopyFrom wrote into the first source: %v", got)
	}
	if got := r.Dislodged[0].Retreats; !reflect.DeepEqual(got, []rules.Loc{rules.At(0), rules.At(2)}) {
		t.Errorf("writing into the copy changed the source: %v", got)
	}
}
