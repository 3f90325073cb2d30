package table

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// TestTheServerAndTheKindEachReadTheirFields: DecodeSplit reads the
// fields every kind has and hands the rest, untouched, to the kind, whose
// DecodeSettings refuses a field it has not as a setting it has not
// (ErrInvalid), and a field of the wrong type as malformed.
func TestTheServerAndTheKindEachReadTheirFields(t *testing.T) {
	type common struct {
		Variant string `json:"variant"`
		Bots    bool   `json:"bots"`
	}
	type settings struct {
		Players int `json:"players"`
	}
	var c common
	rest, err := DecodeSplit([]byte(`{"variant": "dice", "players": 5, "bots": true}`), &c)
	if err != nil || c != (common{"dice", true}) || string(rest) != `{"players":5}` {
		t.Fatalf("split: %+v, rest %s, %v", c, rest, err)
	}
	var s settings
	if err := DecodeSettings(rest, &s, "Dice"); err != nil || s.Players != 5 {
		t.Fatalf("settings: %+v, %v", s, err)
	}
	if err := DecodeSettings(nil, &s, "Dice"); err != nil {
		t.Fatalf("no settings: %v", err)
	}
	for _, tc := range []struct {
		name, body string
		class      error
		says       string
	}{
		{"a common field in another case", `{"Variant": "dice"}`, ErrMalformed, `unknown field "Variant" (field names are case-sensitive: "variant")`},
		{"a duplicated key", `{"variant": "dice", "players": 4, "players": 5}`, ErrMalformed, `"players" appears twice`},
		{"a common field of the wrong type", `{"variant": "dice", "bots": "yes"}`, ErrMalformed, "expected true or false"},
		{"another kind's setting", `{"variant": "dice", "bot_level": "hard"}`, ErrInvalid, "bot_level: not a setting of Dice games"},
		{"a setting of the wrong type", `{"variant": "dice", "players": "five"}`, ErrMalformed, "expected an integer"},
		{"a setting in another case", `{"variant": "dice", "Players": 5}`, ErrMalformed, `case-sensitive: "players"`},
		{"not an object", `[1]`, ErrMalformed, "expected an object"},
	} {
		var c common
		var s settings
		rest, err := DecodeSplit([]byte(tc.body), &c)
		if err == nil {
			err = DecodeSettings(rest, &s, "Dice")
		}
		if !errors.Is(err, tc.class) || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%s: %v, want %v saying %s", tc.name, err, tc.class, tc.says)
		}
	}
	var raw json.RawMessage
	if err := Decode([]byte(`{"a": 1} {}`), &raw); !errors.Is(err, ErrMalformed) {
		t.Errorf("two objects: %v", err)
	}
}
