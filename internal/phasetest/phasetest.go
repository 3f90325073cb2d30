// Package phasetest runs adjudication test cases written the way people
// write orders: the DATC cases of the rules core and the variants' rule
// cases share it.
package phasetest

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/chancery/chancery/judge"
	"github.com/chancery/chancery/notation"
	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/variants"
)

// A Case is one adjudication test written as people write orders.
//
// Every multi-line field holds one item per line, each starting with the
// power: "England: F North Sea".
//   - Units: the units on the board (for a retreat phase, the units that
//     were not dislodged).
//   - Dislodged: for a case that starts in a retreat phase, the dislodged
//     units with the attacker's origin: "Germany: A Munich <- Bohemia".
//   - Owns: supply-centre ownership, "Russia: stp war"; without it a
//     movement case has the variant's starting ownership and an
//     adjustment case has none.
//   - Orders: the orders of the first phase, each with its expected
//     outcome after "=>": succeeds, fails, illegal, or a reason word
//     (bounced, cut, dislodged, void, no_convoy, paradox, ...).
//   - ThenOrders: when set, the orders of the phase that follows (the
//     retreats after a movement phase), with expected outcomes.
//   - WantDislodged: the units dislodged by the movement phase, "Italy: A
//     Venice" (empty: none), including those disbanded at once for want of
//     a retreat. Checked for every movement phase.
//   - WantUnits: when set, every unit on the board at the end.
type Case struct {
	ID, Title     string
	Variant       string // default "standard"
	Phase         string // default "spring 1901 movement"
	Units         string
	Dislodged     string
	Owns          string
	Orders        string
	ThenOrders    string
	WantDislodged string
	WantUnits     string
	Options       rules.Options
}

// registry is loaded once: the embedded variant files never change.
var registry = variants.MustLoad()

func lines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "//") {
			out = append(out, l)
		}
	}
	return out
}

// splitPower splits "England: F nth" into the power and the rest.
func splitPower(t *testing.T, names *notation.Names, line string) (rules.Power, string) {
	t.Helper()
	name, rest, ok := strings.Cut(line, ":")
	if !ok {
		t.Fatalf("line %q does not start with a power and a colon", line)
	}
	p, ok := names.Power(strings.TrimSpace(name))
	if !ok {
		t.Fatalf("line %q: unknown power", line)
	}
	return p, strings.TrimSpace(rest)
}

func parsePhase(t *testing.T, s string) rules.Phase {
	t.Helper()
	if s == "" {
		return rules.Phase{Season: rules.Spring, Year: 1901, Type: rules.MovementPhase}
	}
	var jp judge.Phase
	if _, err := fmt.Sscanf(s, "%s %d %s", &jp.Season, &jp.Year, &jp.Type); err != nil {
		t.Fatalf("phase %q: %v", s, err)
	}
	ph, err := judge.ParsePhase(jp) // a mistyped phase fails, never runs as spring movement
	if err != nil {
		t.Fatalf("phase %q: %v", s, err)
	}
	return ph
}

// unitLine reads "F North Sea" or "A Munich <- Bohemia" as a unit.
func unitLine(t *testing.T, names *notation.Names, power rules.Power, s string) (rules.Unit, rules.Loc, rules.Province) {
	t.Helper()
	from := rules.NoProvince
	if body, att, ok := strings.Cut(s, "<-"); ok {
		p, ok := names.Province(strings.TrimSpace(att))
		if !ok {
			t.Fatalf("unknown attacker province in %q", s)
		}
		s, from = body, p
	}
	s = strings.TrimSpace(s)
	var typ rules.UnitType
	switch {
	case strings.HasPrefix(s, "A "):
		typ = rules.Army
	case strings.HasPrefix(s, "F "):
		typ = rules.Fleet
	default:
		t.Fatalf("unit %q must start with A or F", s)
	}
	l, ok := names.Loc(s[2:])
	if !ok {
		t.Fatalf("unknown location in unit %q", s)
	}
	return rules.Unit{Type: typ, Power: power, Coast: l.Coast}, l, from
}

func unitString(m *rules.Map, names *notation.Names, u rules.Unit, p rules.Province) string {
	return fmt.Sprintf("%s: %s %s", m.PowerName(u.Power), u.Type.Letter(), names.LocString(rules.Loc{Province: p, Coast: u.Coast}))
}

// run plays the case and reports every difference from its expectations.
func (c *Case) run(t *testing.T) {
	t.Helper()
	name := c.Variant
	if name == "" {
		name = "standard"
	}
	v, err := registry.Get(name)
	if err != nil {
		t.Fatal(err)
	}
	m := v.Map
	names := notation.NewNames(m)
	pos := rules.NewPosition(m, parsePhase(t, c.Phase))
	if c.Owns == "" && pos.Phase.Type == rules.MovementPhase {
		copy(pos.Owner, v.Start.Owner)
	}
	for _, l := range lines(c.Owns) {
		pw, rest := splitPower(t, names, l)
		for _, s := range strings.Fields(rest) {
			p, ok := names.Province(s)
			if !ok {
				t.Fatalf("owns: unknown province %q", s)
			}
			pos.Owner[p] = pw
		}
	}
	for _, l := range lines(c.Units) {
		pw, rest := splitPower(t, names, l)
		u, loc, _ := unitLine(t, names, pw, rest)
		pos.Units[loc.Province] = u
	}
	for _, l := range lines(c.Dislodged) {
		pw, rest := splitPower(t, names, l)
		u, loc, from := unitLine(t, names, pw, rest)
		pos.Dislodged = append(pos.Dislodged, rules.Dislodged{Unit: u, Province: loc.Province, AttackerFrom: from})
	}
	r := rules.NewResolver(v, c.Options)
	res := c.phase1(t, r, names, pos, c.Orders)
	if pos.Phase.Type == rules.MovementPhase {
		var got []string
		for _, d := range append(append([]rules.Dislodged(nil), res.Next.Dislodged...), res.Disbanded...) {
			got = append(got, unitString(m, names, d.Unit, d.Province))
		}
		var want []string
		for _, l := range lines(c.WantDislodged) {
			pw, rest := splitPower(t, names, l)
			u, loc, _ := unitLine(t, names, pw, rest)
			want = append(want, unitString(m, names, u, loc.Province))
		}
		sort.Strings(got)
		sort.Strings(want)
		if strings.Join(got, ", ") != strings.Join(want, ", ") {
			t.Errorf("dislodged units:\n got  [%s]\n want [%s]", strings.Join(got, ", "), strings.Join(want, ", "))
		}
	}
	if c.ThenOrders != "" {
		res = c.phase1(t, r, names, res.Next, c.ThenOrders)
	}
	if c.WantUnits != "" {
		var got, want []string
		for p, u := range res.Next.Units {
			if u.Type != rules.NoUnit {
				got = append(got, unitString(m, names, u, rules.Province(p)))
			}
		}
		for _, l := range lines(c.WantUnits) {
			pw, rest := splitPower(t, names, l)
			u, loc, _ := unitLine(t, names, pw, rest)
			want = append(want, unitString(m, names, u, loc.Province))
		}
		sort.Strings(got)
		sort.Strings(want)
		if strings.Join(got, ", ") != strings.Join(want, ", ") {
			t.Errorf("units at the end:\n got  [%s]\n want [%s]", strings.Join(got, ", "), strings.Join(want, ", "))
		}
	}
}

// phase1 adjudicates one phase of orders and checks their outcomes.
func (c *Case) phase1(t *testing.T, r *rules.Resolver, names *notation.Names, pos *rules.Position, text string) *rules.Resolution {
	t.Helper()
	var orders []rules.Order
	var wants []string
	for _, l := range lines(text) {
		body, want, ok := strings.Cut(l, "=>")
		if !ok {
			t.Fatalf("order %q has no expected outcome after =>", l)
		}
		pw, rest := splitPower(t, names, body)
		o, err := names.ParseOrder(rest, pw, pos.Phase.Type)
		if err != nil {
			t.Fatalf("case order: %v", err)
		}
		orders = append(orders, o)
		wants = append(wants, strings.TrimSpace(want))
	}
	res, err := r.Adjudicate(pos, orders)
	if err != nil {
		t.Fatal(err)
	}
	for i, rs := range res.Results {
		want := wants[i]
		got := rs.Outcome.String()
		ok := false
		switch want {
		case "succeeds":
			ok = rs.Outcome == rules.Succeeded
		case "fails":
			ok = rs.Outcome == rules.Failed
		case "illegal":
			ok = rs.Outcome == rules.Illegal
		default:
			ok = rs.Reason.String() == want
		}
		if !ok {
			t.Errorf("%s: got %s %s (%s), want %s", lines(text)[i], got, rs.Reason, rs.Message(r.Variant().Map), want)
		}
	}
	return res
}

// Run runs each case as a subtest named by its ID.
func Run(t *testing.T, cases []Case) {
	t.Helper()
	for i := range cases {
		c := &cases[i]
		t.Run(c.ID, func(t *testing.T) {
			c.run(t)
		})
	}
}
