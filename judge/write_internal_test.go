package judge

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"

	"github.com/chancery/chancery/engine"
	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/variants"
)

// FuzzAppendString checks that appendString and escapeTail write a string
// as encoding/json writes it: HTML's characters, control characters,
// invalid UTF-8 and U+2028 and U+2029 escaped, the rest as it is.
func FuzzAppendString(f *testing.F) {
	for _, s := range []string{"", "A PAR - BUR", "<&>", "a\"b\\c", "\x00\x1f\x7f", "caf\xc3\xa9", "\xff\xfe", "\u2028\u2029",
		"Moscow - Vladivostok <by rail> & more, long enough", "12345678\"", "1234567<", "abcdefgh\x80ijk"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := appendString([]byte("x"), s); !bytes.Equal(got[1:], want) || got[0] != 'x' {
			t.Fatalf("appendString(%q) = %s, want %s", s, got[1:], want)
		}
		got := append([]byte(`"`), s...)
		got = append(escapeTail(got, 1), '"')
		if !bytes.Equal(got, want) {
			t.Fatalf("escapeTail(%q) = %s, want %s", s, got, want)
		}
	})
}

// TestWordsArePlain checks what appendWord relies on: the rules core's
// words for kinds of order, units, outcomes, reasons, seasons and phases
// are written by encoding/json as they are.
func TestWordsArePlain(t *testing.T) {
	var words []string
	for i := 0; i < 256; i++ {
		words = append(words, rules.OrderType(i).String(), rules.UnitType(i).String(), rules.Outcome(i).String(),
			rules.Reason(i).String(), rules.Season(i).String(), rules.PhaseType(i).String())
	}
	for _, w := range words {
		want, _ := json.Marshal(w)
		if got := appendWord(nil, w); !bytes.Equal(got, want) {
			t.Errorf("appendWord(%q) = %s, want %s", w, got, want)
		}
	}
}

// TestMessagesArePlain: the rules' own messages (a result without a
// variant's note), which appendResult writes without escaping them, are
// what encoding/json writes as they are, for every reason and unit type,
// with and without a province.
func TestMessagesArePlain(t *testing.T) {
	v, err := variants.MustLoad().Get("standard")
	if err != nil {
		t.Fatal(err)
	}
	m := v.Map
	for reason := rules.Reason(0); reason < 255; reason++ {
		for _, where := range []rules.Province{rules.NoProvince, 0} {
			for _, u := range []rules.UnitType{rules.Army, rules.Fleet} {
				r := rules.Result{Reason: reason, Where: where, Order: rules.Order{Unit: u}}
				text, _ := r.MessageParts(m)
				want, _ := json.Marshal(text)
				if got := appendWord(nil, text); !bytes.Equal(got, want) {
					t.Errorf("reason %v: %s, want %s", reason, got, want)
				}
			}
		}
	}
}

// TestJSONNamesAsEncodingJSON checks the names the writer copies against
// encoding/json's strings, on a map whose names all need no escaping (as
// every variant's) and on one whose power and province names do.
func TestJSONNamesAsEncodingJSON(t *testing.T) {
	v, err := variants.MustLoad().Get("standard")
	if err != nil {
		t.Fatal(err)
	}
	m := *v.Map
	m.Powers = slices.Clone(m.Powers)
	m.Provinces = slices.Clone(m.Provinces)
	m.Powers[1] = "Éng\"la<nd"
	m.Provinces[0].Name = "Lon\\don & \u2028 <x>"
	odd := *v
	odd.Map = &m
	quoted := func(s string) string {
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	for _, v := range []*rules.Variant{v, &odd} {
		nm := (&state{Engine: engine.New(v)}).jsonNames()
		for i, p := range v.Map.Powers {
			if got, want := nm.power[i], quoted(p); got != want {
				t.Errorf("power %d: %s, want %s", i, got, want)
			}
			if got, want := nm.unitHead[i][rules.Army], `{"power":`+quoted(p)+`,"type":"army","province":`; got != want {
				t.Errorf("unit head %d: %s, want %s", i, got, want)
			}
		}
		for i, p := range v.Map.Provinces {
			if got, want := `"`+nm.provName[i]+`"`, quoted(p.Name); got != want {
				t.Errorf("province %d: %s, want %s", i, got, want)
			}
			if got, want := nm.abbr[i], quoted(p.Abbr); got != want {
				t.Errorf("abbreviation %d: %s, want %s", i, got, want)
			}
			// Every location, the map's and the others (which the
			// tables leave to the slow way).
			for c := rules.Coast(0); c < numCoasts; c++ {
				l := rules.Loc{Province: rules.Province(i), Coast: c}
				if got, want := nm.locJSON(l), quoted(nm.names.LocString(l)); got != want {
					t.Errorf("location %v: %s, want %s", l, got, want)
				}
			}
		}
	}
}
