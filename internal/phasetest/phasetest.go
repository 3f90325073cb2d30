// Package phasetest runs adjudication test cases written the way people
// write orders: the DATC cases of the rules core and the variants' rule
// cases share it.
package phasetest

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/chancery/chancery/codec"
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

// splitPower splits "England: F nth" into the power's name and the rest.
func splitPower(t *testing.T, line string) (string, string) {
	t.Helper()
	name, rest, ok := strings.Cut(line, ":")
	if !ok {
		t.Fatalf("line %q does not start with a power and a colon", line)
	}
	return strings.TrimSpace(name), strings.TrimSpace(rest)
}

func parsePhase(t *testing.T, s string) codec.Phase {
	t.Helper()
	if s == "" {
		return codec.Phase{Season: "spring", Year: 1901, Type: "movement"}
	}
	var jp codec.Phase
	if _, err := fmt.Sscanf(s, "%s %d %s", &jp.Season, &jp.Year, &jp.Type); err != nil {
		t.Fatalf("phase %q: %v", s, err)
	}
	if _, err := codec.ParsePhase(jp); err != nil { // a mistyped phase fails, never runs as spring movement
		t.Fatalf("phase %q: %v", s, err)
	}
	return jp
}

// unitLine reads "England: F North Sea" or "Germany: A Munich <- Bohemia"
// as a unit in the contract's form and the attacker's origin, if any.
func unitLine(t *testing.T, line string) (codec.Unit, string) {
	t.Helper()
	power, s := splitPower(t, line)
	from := ""
	if body, att, ok := strings.Cut(s, "<-"); ok {
		s, from = strings.TrimSpace(body), strings.TrimSpace(att)
	}
	typ, loc, ok := strings.Cut(s, " ")
	if !ok || (typ != "A" && typ != "F") {
		t.Fatalf("unit %q must start with A or F", s)
	}
	return codec.Unit{Power: power, Type: typ, Province: strings.TrimSpace(loc)}, from
}

// position reads the case's position through the variant's codec, the one
// reader of positions: a case cannot set up a position the judge refuses.
func (c *Case) position(t *testing.T, cd *codec.Codec) *rules.Position {
	t.Helper()
	jp := codec.Position{Phase: parsePhase(t, c.Phase)}
	// Without Owns, a movement case has the variant's starting ownership
	// (the codec's default) and the others have none.
	if c.Owns != "" || jp.Phase.Type != "movement" {
		jp.SupplyCenters = map[string]string{}
	}
	for _, l := range lines(c.Owns) {
		power, rest := splitPower(t, l)
		for _, s := range strings.Fields(rest) {
			jp.SupplyCenters[s] = power
		}
	}
	for _, l := range lines(c.Units) {
		u, _ := unitLine(t, l)
		jp.Units = append(jp.Units, u)
	}
	for _, l := range lines(c.Dislodged) {
		u, from := unitLine(t, l)
		jp.Dislodged = append(jp.Dislodged, codec.Dislodged{Power: u.Power, Type: u.Type, Province: u.Province, AttackerFrom: from})
	}
	pos, err := cd.DecodePosition(&jp)
	if err != nil {
		t.Fatalf("the case's position: %v", err)
	}
	return pos
}

// unitSet writes units as sorted "Power: T loc" strings.
func unitSet(units []codec.Unit) string {
	out := make([]string, 0, len(units))
	for _, u := range units {
		out = append(out, fmt.Sprintf("%s: %s %s", u.Power, strings.ToUpper(u.Type[:1]), u.Province))
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}

// wantUnits reads a list of expected units, through the codec so that
// they are spelled as the codec writes them.
func wantUnits(t *testing.T, cd *codec.Codec, text string) string {
	t.Helper()
	jp := codec.Position{Phase: codec.Phase{Season: "spring", Year: 1901, Type: "movement"}, SupplyCenters: map[string]string{}}
	for _, l := range lines(text) {
		u, _ := unitLine(t, l)
		jp.Units = append(jp.Units, u)
	}
	pos, err := cd.DecodePosition(&jp)
	if err != nil {
		t.Fatalf("expected units: %v", err)
	}
	return unitSet(cd.EncodePosition(pos).Units)
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
	cd := codec.New(v)
	names := cd.Names()
	pos := c.position(t, cd)
	r := rules.NewResolver(v, c.Options)
	res := c.phase1(t, r, names, pos, c.Orders)
	if pos.Phase.Type == rules.MovementPhase {
		var dislodged []codec.Unit
		for _, d := range append(append([]rules.Dislodged(nil), res.Next.Dislodged...), res.Disbanded...) {
			dislodged = append(dislodged, cd.EncodeUnit(d.Unit, d.Province))
		}
		got, want := unitSet(dislodged), wantUnits(t, cd, c.WantDislodged)
		if got != want {
			t.Errorf("dislodged units:\n got  [%s]\n want [%s]", got, want)
		}
	}
	if c.ThenOrders != "" {
		res = c.phase1(t, r, names, res.Next, c.ThenOrders)
	}
	if c.WantUnits != "" {
		got, want := unitSet(cd.EncodePosition(res.Next).Units), wantUnits(t, cd, c.WantUnits)
		if got != want {
			t.Errorf("units at the end:\n got  [%s]\n want [%s]", got, want)
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
		power, rest := splitPower(t, body)
		pw, ok := names.Power(power)
		if !ok {
			t.Fatalf("line %q: unknown power", l)
		}
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
