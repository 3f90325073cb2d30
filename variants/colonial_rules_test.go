package variants_test

import (
	"strings"
	"testing"

	"github.com/chancery/chancery/internal/phasetest"
	"github.com/chancery/chancery/rules"
)

// colonialPlay adjudicates one phase of pos with the given orders, each
// starting with its power.
func colonialPlay(t *testing.T, pos *rules.Position, opt rules.Options, orders ...string) *rules.Resolution {
	t.Helper()
	v, names := colonial(t)
	var os []rules.Order
	for _, s := range orders {
		o, err := names.ParseOrder(s, rules.NoPower, pos.Phase.Type)
		if err != nil {
			t.Fatal(err)
		}
		os = append(os, o)
	}
	res, err := rules.NewResolver(v, opt).Adjudicate(pos, os)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestColonialHongKong: Hong Kong is a centre for every power but China
// (rules/colonial.md). China holding it after a Fall makes it nobody's, so
// it never counts for China; the power that owned it loses it; another
// power takes it from China as a normal centre.
func TestColonialHongKong(t *testing.T) {
	v, names := colonial(t)
	m := v.Map
	hk := colonialProv(t, names, "Hong Kong")
	britain, _ := names.Power("Britain")
	china, _ := names.Power("China")
	france, _ := names.Power("France")

	// Fall 1870: Britain's fleet leaves, China's army from Canton walks in.
	pos := v.Start.Clone()
	pos.Phase.Season = rules.Fall
	res := colonialPlay(t, pos, rules.Options{}, "Britain: F HK - SCS", "China: A CAN - HK")
	next := res.Next
	if next.Units[hk].Power != china {
		t.Fatalf("China did not enter Hong Kong: %+v", res.Results)
	}
	if o := next.Owner[hk]; o != rules.NoPower {
		t.Errorf("Hong Kong is owned by %q after China took it, want nobody", m.PowerName(o))
	}
	counts := next.CentreCount(m)
	if counts[china] != 5 || counts[britain] != 5 {
		t.Errorf("China owns %d and Britain %d centres, want 5 and 5: China gains nothing, Britain loses Hong Kong", counts[china], counts[britain])
	}
	if next.Phase.Type != rules.AdjustmentPhase {
		t.Fatalf("after the Fall: %v, want the adjustments (Britain has a unit too many)", next.Phase)
	}

	// China stays another year: still nobody's. A French army (put there
	// for the test) then takes it from China as a normal centre.
	pos = next.Clone()
	pos.Phase = rules.Phase{Season: rules.Fall, Year: 1871, Type: rules.MovementPhase}
	pos.Dislodged = nil
	res = colonialPlay(t, pos, rules.Options{})
	if o := res.Next.Owner[hk]; o != rules.NoPower {
		t.Errorf("Hong Kong is owned by %q with China still there, want nobody", m.PowerName(o))
	}
	pos.Units[hk] = rules.Unit{Type: rules.Army, Power: france}
	res = colonialPlay(t, pos, rules.Options{})
	if o := res.Next.Owner[hk]; o != france {
		t.Errorf("Hong Kong is owned by %q after France took it, want France", m.PowerName(o))
	}
	// An empty Hong Kong keeps its owner, as any centre does.
	pos.Units[hk] = rules.Unit{}
	pos.Owner[hk] = britain
	res = colonialPlay(t, pos, rules.Options{})
	if o := res.Next.Owner[hk]; o != britain {
		t.Errorf("an empty Hong Kong went to %q, want it kept by Britain", m.PowerName(o))
	}
	// Other centres follow the standard rule, for China too.
	can := colonialProv(t, names, "Canton")
	pos.Units[can] = rules.Unit{Type: rules.Army, Power: china}
	pos.Owner[can] = france
	res = colonialPlay(t, pos, rules.Options{})
	if o := res.Next.Owner[can]; o != china {
		t.Errorf("Canton is owned by %q after China held it, want China", m.PowerName(o))
	}
}

// TestColonialCanal adds to vDiplomacy's SUEZ cases what they leave
// implicit: a permission still lets the fleet through after the unit in
// Egypt leaves or is dislodged; the gate lets one fleet through a turn; a
// permission must name a move through the canal; no retreat goes through
// it; and a move without permission says why it is illegal.
func TestColonialCanal(t *testing.T) {
	phasetest.Run(t, colonialCases(t, []phasetest.Case{
		{ID: "leaving", Title: "The permission holds when the unit in Egypt leaves",
			Orders: `
				Britain: A Egypt - Sudan => succeeds
				Britain: EGY PERMITS F MED - RS => succeeds
				Turkey: F Mediterranean Sea - Red Sea => succeeds`,
			WantUnits: `
				Britain: A Sudan
				Turkey: F Red Sea`},
		{ID: "dislodged", Title: "The permission holds when the unit in Egypt is dislodged",
			Orders: `
				Britain: A Egypt Hold => dislodged
				Britain: EGY PERMITS F RS - MED => succeeds
				France: F Red Sea - Mediterranean Sea => succeeds
				Turkey: A Syria - Egypt => succeeds
				Turkey: A Mecca S A Syria - Egypt => succeeds`,
			WantDislodged: `Britain: A Egypt`,
			WantUnits: `
				France: F Mediterranean Sea
				Turkey: A Egypt
				Turkey: A Mecca`},
		{ID: "one a turn", Title: "A second permission is refused",
			Orders: `
				Britain: A Egypt Hold => succeeds
				Britain: EGY PERMITS F MED - RS => succeeds
				Britain: EGY PERMITS F RS - MED => duplicate
				Turkey: F Mediterranean Sea - Red Sea => bounced
				France: F Red Sea - Mediterranean Sea => no_permission`,
			WantUnits: `
				Britain: A Egypt
				Turkey: F Mediterranean Sea
				France: F Red Sea`},
		{ID: "through the canal", Title: "A permission names a move through the canal",
			Orders: `
				Britain: A Egypt Hold => succeeds
				Britain: EGY PERMITS F MED - BLA => not_allowed
				Turkey: F Mediterranean Sea Hold => succeeds`},
		{ID: "a fleet", Title: "A permission names a fleet",
			Units: `Britain: A Egypt`,
			Orders: `
				Britain: EGY PERMITS F MED - RS => no_unit`},
		{ID: "head to head", Title: "With permission, a fleet fights through the canal like any move",
			Orders: `
				Turkey: F Egypt Hold => succeeds
				Turkey: EGY PERMITS F MED - RS => succeeds
				Turkey: F Mediterranean Sea - Red Sea => succeeds
				Turkey: F Eritrea S F Mediterranean Sea - Red Sea => succeeds
				France: F Red Sea Hold => dislodged`,
			WantDislodged: `France: F Red Sea`},
	}))

	// No retreat through the canal: a fleet dislodged in the Red Sea may
	// go to Aden, the one free neighbour, but not to the Mediterranean.
	v, names := colonial(t)
	pos := rules.NewPosition(v.Map, rules.Phase{Season: rules.Spring, Year: 1870, Type: rules.MovementPhase})
	for _, u := range []struct{ power, typ, at string }{
		{"France", "F", "red"}, {"Turkey", "F", "eri"}, {"Turkey", "F", "goa"},
		{"Britain", "A", "egy"}, {"Britain", "F", "sud"}, {"Britain", "A", "mec"},
	} {
		pw, _ := names.Power(u.power)
		typ := rules.Army
		if u.typ == "F" {
			typ = rules.Fleet
		}
		pos.Place(pw, typ, rules.At(colonialProv(t, names, u.at)))
	}
	res := colonialPlay(t, pos, rules.Options{}, "Turkey: F ERI - RS", "Turkey: F GOA S F ERI - RS")
	if len(res.Next.Dislodged) != 1 {
		t.Fatalf("dislodged %+v, want the French fleet: %+v", res.Next.Dislodged, res.Results)
	}
	var where []string
	for _, l := range res.Next.Dislodged[0].Retreats {
		where = append(where, names.LocString(l))
	}
	if strings.Join(where, " ") != "ade" {
		t.Errorf("the fleet may retreat to %v, want Aden only", where)
	}

	// The message of a move without permission.
	pos = rules.NewPosition(v.Map, rules.Phase{Season: rules.Spring, Year: 1870, Type: rules.MovementPhase})
	tur, _ := names.Power("Turkey")
	pos.Place(tur, rules.Fleet, rules.At(colonialProv(t, names, "med")))
	res = colonialPlay(t, pos, rules.Options{}, "Turkey: F MED - RS")
	if msg := res.Results[0].Message(v.Map); res.Results[0].Outcome != rules.Illegal || !strings.Contains(msg, "no canal permission") {
		t.Errorf("F MED - RS without permission: %v %q", res.Results[0].Outcome, msg)
	}
}
