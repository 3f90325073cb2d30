package codec

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"

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
			if tt.unknownKind != "" && (!errors.As(err, &ne) || ne.Kind != tt.unknownKind || ne.Name != tt.bad) {
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
