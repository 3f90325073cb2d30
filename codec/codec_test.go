package codec

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/variants"
)

// TestCodecRefusesWhatTheJudgeRefuses: the one position decoder is strict
// about the forms a lax reader once took (issue 11): each is an InputError
// naming the field and the name, with a cause callers can test.
func TestCodecRefusesWhatTheJudgeRefuses(t *testing.T) {
	v, err := variants.MustLoad().Get("standard")
	if err != nil {
		t.Fatal(err)
	}
	c := New(v)
	spring := Phase{"spring", 1901, "movement"}
	retreat := Phase{"spring", 1901, "retreat"}
	tests := []struct {
		name        string
		pos         Position
		field, bad  string
		cause       error // matched with errors.Is, when set
		unknownKind string
	}{
		{"Fleet spelt with a capital is a fleet, and none stands in Paris",
			Position{Phase: spring, Units: []Unit{{Power: "France", Type: "Fleet", Province: "par"}}}, "units", "par", nil, ""},
		{"a fleet in Paris",
			Position{Phase: spring, Units: []Unit{{Power: "France", Type: "fleet", Province: "par"}}}, "units", "par", nil, ""},
		{"a fleet in stp without a coast",
			Position{Phase: spring, Units: []Unit{{Power: "Russia", Type: "fleet", Province: "stp"}}}, "units", "stp", ErrNoCoast, ""},
		{"two units in Paris",
			Position{Phase: spring, Units: []Unit{{Power: "France", Type: "army", Province: "par"}, {Power: "Germany", Type: "army", Province: "par"}}}, "units", "par", nil, ""},
		{"an army at sea",
			Position{Phase: spring, Units: []Unit{{Power: "France", Type: "army", Province: "mao"}}}, "units", "mao", nil, ""},
		{"an unknown attacker_from",
			Position{Phase: retreat, Dislodged: []Dislodged{{Power: "France", Type: "army", Province: "bur", AttackerFrom: "atlantis"}}},
			"dislodged", "atlantis", nil, "province"},
		{"an unknown unit type",
			Position{Phase: spring, Units: []Unit{{Power: "France", Type: "tank", Province: "par"}}}, "units", "tank", nil, "unit type"},
		{"an unknown power owning a centre",
			Position{Phase: spring, SupplyCenters: map[string]string{"par": "Narnia"}}, "supply_centers", "Narnia", nil, "power"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := c.DecodePosition(&tt.pos)
			var ie *InputError
			if !errors.As(err, &ie) || ie.Field != tt.field || ie.Name != tt.bad {
				t.Fatalf("got %#v (%v), want an InputError in %s about %q", err, err, tt.field, tt.bad)
			}
			if tt.cause != nil && !errors.Is(err, tt.cause) {
				t.Errorf("%v: the cause is not %v", err, tt.cause)
			}
			var ne *NameError
			if tt.unknownKind != "" && (!errors.As(err, &ne) || ne.What != tt.unknownKind || ne.Name != tt.bad) {
				t.Errorf("%v: want a NameError for the %s %q", err, tt.unknownKind, tt.bad)
			}
		})
	}
}

// TestCodecRoundTrip: decoding what the codec writes gives the same
// position, which it writes the same way, for every variant's start and
// for a retreat phase.
func TestCodecRoundTrip(t *testing.T) {
	reg := variants.MustLoad()
	for _, name := range reg.Names() {
		v, _ := reg.Get(name)
		c := New(v)
		jp := c.EncodePosition(v.Start)
		pos, err := c.DecodePosition(&jp)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(pos, v.Start) {
			t.Errorf("%s: the start position does not come back", name)
		}
		if again := c.EncodePosition(pos); !reflect.DeepEqual(again, jp) {
			t.Errorf("%s: written twice differently", name)
		}
	}
	v, _ := reg.Get("standard")
	c := New(v)
	var jp Position
	_ = json.Unmarshal([]byte(`{"phase": {"season": "fall", "year": 1902, "type": "retreat"},
		"units": [{"power": "Germany", "type": "army", "province": "bur"}, {"power": "Russia", "type": "fleet", "province": "stp/sc"}],
		"dislodged": [{"power": "France", "type": "army", "province": "par", "attacker_from": "bur", "by_convoy": false, "retreats": ["gas", "pic"]}],
		"supply_centers": {"par": "France", "stp": "Russia"}}`), &jp)
	pos, err := c.DecodePosition(&jp)
	if err != nil {
		t.Fatal(err)
	}
	if got := c.EncodePosition(pos); !reflect.DeepEqual(got, jp) {
		t.Errorf("a retreat phase comes back as\n%+v\nnot\n%+v", got, jp)
	}
}

// TestOrderPartsRoundTrip: every legal order of every variant's opening
// (railways and canal permissions among them), and an order of each
// retreat and adjustment kind, comes back from its parts as the rules
// read it, and its parts are the ones its text says (issue 25: a reader
// draws results from their parts, never parsing the text again).
func TestOrderPartsRoundTrip(t *testing.T) {
	reg := variants.MustLoad()
	kinds := map[string]bool{}
	check := func(c *Codec, o rules.Order, t2 rules.PhaseType) {
		t.Helper()
		p := c.EncodeOrder(o)
		kinds[p.Type] = true
		back, err := c.DecodeOrder(o.Power, &p)
		if err != nil || back != o {
			t.Errorf("%s: parts %+v read back as %+v, %v; want %+v", c.names.FormatOrder(o), p, back, err, o)
		}
		text := c.names.FormatOrder(o)
		parsed, err := c.names.ParseOrder(text, o.Power, t2)
		if err != nil || parsed != o {
			t.Errorf("%s parsed as %+v, %v; parts say %+v", text, parsed, err, o)
		}
		r := Result{Power: c.v.Map.PowerName(o.Power), Order: text, Result: "succeeded"}
		if !c.FillOrderParts(&r, t2) || r.OrderParts != p {
			t.Errorf("%s: filled %+v, want %+v", text, r.OrderParts, p)
		}
	}
	for _, name := range reg.Names() {
		v, err := reg.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		c := New(v)
		r := rules.NewResolver(v, rules.Options{})
		pos := v.Start.Clone()
		for pw := rules.Power(1); int(pw) <= v.Map.NumPowers(); pw++ {
			list, err := r.LegalOrders(pos, pw, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, o := range list {
				check(c, o, rules.MovementPhase)
			}
		}
	}
	for _, tc := range []struct {
		variant, text string
		phase         rules.PhaseType
	}{
		{"colonial", "EGY PERMITS F MED - RED", rules.MovementPhase}, {"standard", "F ENG C A LON - BRE", rules.MovementPhase},
		{"standard", "A PAR R BUR", rules.RetreatPhase}, {"standard", "F STP/SC D", rules.RetreatPhase},
		{"standard", "BUILD F STP/NC", rules.AdjustmentPhase}, {"standard", "REMOVE A PAR", rules.AdjustmentPhase},
		{"standard", "WAIVE", rules.AdjustmentPhase}, {"standard", "A PAR - BUR VIA CONVOY", rules.MovementPhase},
		{"standard", "A PAR S A MAR", rules.MovementPhase},
	} {
		v, err := reg.Get(tc.variant)
		if err != nil {
			t.Fatal(err)
		}
		c := New(v)
		o, err := c.names.ParseOrder(tc.text, 1, tc.phase)
		if err != nil {
			t.Fatalf("%s: %v", tc.text, err)
		}
		check(c, o, tc.phase)
	}
	for _, k := range []string{"hold", "move", "support", "convoy", "retreat", "disband", "build", "remove", "waive", "railway", "permit"} {
		if !kinds[k] {
			t.Errorf("no %s order was tried", k)
		}
	}
	// A result whose order could not be read keeps no parts.
	v, _ := reg.Get("standard")
	c := New(v)
	bad := SyntaxResult("France", "A PAR BUR PAR", errors.New("syntax"))
	if c.FillOrderParts(&bad, rules.MovementPhase) || bad.Type != "" {
		t.Errorf("a syntax error was given parts: %+v", bad)
	}
}

// TestCentreTable: every variant's centres have a slot each in the table
// readCentres finds them by, and a name of three bytes that is not a
// centre's abbreviation finds none (it is read by the map's names, which
// say what is wrong).
func TestCentreTable(t *testing.T) {
	reg := variants.MustLoad()
	for _, name := range reg.Names() {
		v, _ := reg.Get(name)
		c := New(v)
		if c.centreAt == nil {
			t.Errorf("%s: no table of the centres", name)
			continue
		}
		for _, ce := range c.centres {
			k := key3(ce.abbr)
			if sl := c.centreAt[(k*c.centreMul)>>(32-centreBits)]; sl.key != k || sl.p != ce.p || sl.barred != ce.barred {
				t.Errorf("%s: centre %s has slot %+v", name, ce.abbr, sl)
			}
		}
		for p, pr := range v.Map.Provinces {
			if pr.SupplyCenter || len(pr.Abbr) != 3 {
				continue
			}
			pos := &rules.Position{Owner: make([]rules.Power, v.Map.NumProvinces())}
			if c.readCentres(pos, map[string]string{pr.Abbr: ""}) {
				t.Errorf("%s: %s (province %d) is read as a centre", name, pr.Abbr, p)
			}
		}
	}
}

// TestCentreOwnersSpelt: readCentres reads an owner spelt as the map
// spells it, or otherwise as Names.Power reads it, and refuses a name
// that begins as a power's does.
func TestCentreOwnersSpelt(t *testing.T) {
	v, _ := variants.MustLoad().Get("standard")
	c := New(v)
	for _, tc := range []struct {
		power string
		want  rules.Power
		ok    bool
	}{
		{"France", 3, true},
		{"france", 3, true},
		{"FRANCE", 3, true},
		{"Fran", 0, false},
		{"Francx", 0, false},
		{"Franc", 0, false},
		{"Francee", 0, false},
	} {
		if v.Map.Powers[3] != "France" {
			t.Fatalf("power 3 is %s", v.Map.Powers[3])
		}
		pos := &rules.Position{Owner: make([]rules.Power, v.Map.NumProvinces())}
		ok := c.readCentres(pos, map[string]string{"par": tc.power})
		par, _ := c.names.Province("par")
		if ok != tc.ok || ok && pos.Owner[par] != tc.want {
			t.Errorf("%q: read %v, owner %d; want %v, %d", tc.power, ok, pos.Owner[par], tc.ok, tc.want)
		}
	}
}
