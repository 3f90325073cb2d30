package judge_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chancery/chancery/internal/randgame"
	"github.com/chancery/chancery/judge"
	"github.com/chancery/chancery/variants"
)

// slowJSON is what AdjudicateJSON must write: the input read by
// DecodeInput, adjudicated, the output written by encoding/json.
func slowJSON(j *judge.Judge, src []byte) ([]byte, error) {
	in, err := judge.DecodeInput(src)
	if err != nil {
		return nil, err
	}
	out, err := j.Adjudicate(in)
	if err != nil {
		return nil, err
	}
	return json.Marshal(out)
}

// recordedInputs are the inputs of the recorded phases of ../shared, as
// JSON, each with and without the convoy fall-back.
func recordedInputs(t *testing.T) [][]byte {
	files, _ := filepath.Glob("../../shared/reference/games/*.cases.json")
	if len(files) == 0 {
		t.Skip("no reference games in ../shared")
	}
	var out [][]byte
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var cases []struct{ Input json.RawMessage }
		if err := json.Unmarshal(data, &cases); err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			out = append(out, c.Input)
			var in judge.Input
			if err := json.Unmarshal(c.Input, &in); err != nil {
				t.Fatal(err)
			}
			in.Options = &judge.Options{ConvoyFallback: true}
			b, err := json.Marshal(&in)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, b)
		}
	}
	return out
}

// randomInputs are the inputs of games of random orders in every variant.
func randomInputs(t *testing.T, reg *variants.Registry) [][]byte {
	var out [][]byte
	for _, name := range reg.Names() {
		for seed := uint64(1); seed <= 3; seed++ {
			ins, err := randgame.Inputs(reg, name, seed, 40)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			out = append(out, ins...)
		}
	}
	return out
}

// TestAdjudicateJSONReadsAndWritesAsEncodingJSON checks that the fast way
// of AdjudicateJSON reads every recorded phase and phases of random games
// of every variant, and writes exactly what encoding/json writes.
func TestAdjudicateJSONReadsAndWritesAsEncodingJSON(t *testing.T) {
	reg := variants.MustLoad()
	j := judge.New(reg)
	check := func(t *testing.T, inputs [][]byte) {
		for i, src := range inputs {
			want, err := slowJSON(j, src)
			if err != nil {
				t.Fatalf("input %d: %v\n%s", i, err, src)
			}
			got, ok := j.AdjudicateRead(nil, src)
			if !ok {
				t.Fatalf("input %d: the fast way did not read it\n%s", i, src)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("input %d:\n%s\ngot  %s\nwant %s", i, src, got, want)
			}
			// Indented, as the command writes it by default, too.
			if got2, err := j.AdjudicateJSON(nil, indent(t, src)); err != nil || !bytes.Equal(got2, want) {
				t.Fatalf("input %d indented: %v\ngot  %s\nwant %s", i, err, got2, want)
			}
		}
	}
	t.Run("recorded", func(t *testing.T) { check(t, recordedInputs(t)) })
	t.Run("random", func(t *testing.T) { check(t, randomInputs(t, reg)) })
}

func indent(t *testing.T, src []byte) []byte {
	var b bytes.Buffer
	if err := json.Indent(&b, src, "", "\t"); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestAdjudicateJSONErrors checks that input the fast way does not read,
// or reads and finds bad, gets DecodeInput's and Adjudicate's errors.
func TestAdjudicateJSONErrors(t *testing.T) {
	j := judge.New(variants.MustLoad())
	const phase = `"phase": {"season": "spring", "year": 1901, "type": "movement"}`
	tests := []struct{ name, in, want string }{
		{"malformed", `{"variant": `, "malformed input: unexpected EOF"},
		{"unknown field", `{"variant": "standard", "phaze": {}}`, `malformed input: json: unknown field "phaze"`},
		{"two values", `{"variant": "standard", ` + phase + `} {}`, "malformed input: more than one JSON value"},
		{"unknown variant", `{"variant": "chess", ` + phase + `}`, `unknown variant "chess"`},
		{"unknown province", `{"variant": "standard", ` + phase + `, "units": [{"power": "England", "type": "army", "province": "xyz"}]}`, `units: unknown province "xyz"`},
		{"unknown power", `{"variant": "standard", ` + phase + `, "orders": {"Atlantis": ["A PAR H"]}}`, `orders: unknown power "Atlantis"`},
		{"year as text", `{"variant": "standard", "phase": {"season": "spring", "year": "1901", "type": "movement"}}`, "malformed input: json: cannot unmarshal string"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := j.AdjudicateJSON([]byte("kept"), []byte(tt.in))
			if err == nil || !bytes.Contains([]byte(err.Error()), []byte(tt.want)) {
				t.Fatalf("error %v, want one containing %q", err, tt.want)
			}
			if string(out) != "kept" {
				t.Errorf("dst became %q", out)
			}
		})
	}
}

// FuzzReadInput checks that whatever the fast way of AdjudicateJSON reads
// and adjudicates, the slow way (encoding/json) reads too and adjudicates
// to exactly the same bytes: the fast reader accepts nothing the contract
// refuses and reads nothing differently.
func FuzzReadInput(f *testing.F) {
	for _, name := range []string{"spring-1901.json", "fall-1901-retreat.json", "winter-1901-adjustment.json"} {
		data, err := os.ReadFile("../examples/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"variant":"standard","phase":{"season":"spring","year":1901,"type":"movement"},"supply_centers":{"par":"France","PAR":"Germany"}}`))
	f.Add([]byte(`{"variant":"standard","phase":{"season":"spring","year":1901,"type":"movement"},"orders":{"England":["F LON - NTH"],"england":["F LON H"]}}`))
	f.Add([]byte(`{"variant":"standard","phase":{"season":"fall","year":1901,"type":"retreat"},"units":[],"dislodged":[{"power":"France","type":"army","province":"bur","attacker_from":"mun","retreats":[]}],"orders":{"France":["A BUR R PAR"]},"options":{"paradox":"all-hold","convoy_fallback":true}}`))
	// What the quick readings of a unit and a centre must leave to the
	// full reading, or refuse.
	f.Add([]byte(`{"variant":"standard","phase":{"season":"spring","year":1901,"type":"movement"},"units":[{"power":"Russia","type":"fleet","province":"stp"},{"power":"Englandx","type":"army","province":"lon"},{"power":"France","type":"fleet","province":"spa/sc"},{"power":"Italy","type":"fleet","province":"ven"},{"power":"Italy","type":"army","province":"ven"}],"supply_centers":{"lon":"England","lon":"England","par":"Frances","mos":"","bur":"France"}}`))
	f.Add([]byte(`{"variant":"standard","phase":{"season":"spring","year":1901,"type":"movement"},"units":[{"power":"Austria","type":"army","province":"nth"},{"power":"Germany","type":"fleet","province":"mun"}],"supply_centers":{"vie":"Austria" ,"BUD":"Austria"}}`))
	f.Add([]byte(`{"Variant":"standard","phase":{"season":"spring","year":1901,"type":"movement"},"units":null,"orders":null}`))
	reg := variants.MustLoad()
	fast, slow := judge.New(reg), judge.New(reg)
	f.Fuzz(func(t *testing.T, src []byte) {
		got, ok := fast.AdjudicateRead(nil, src)
		if !ok {
			return
		}
		want, err := slowJSON(slow, src)
		if err != nil {
			t.Fatalf("the fast way read what encoding/json refuses (%v):\n%s", err, src)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("%s\ngot  %s\nwant %s", src, got, want)
		}
	})
}

// TestSyntaxErrorsAsEncodingJSON checks that the fast way writes the
// message of an order that cannot be read, which it writes from the
// error's parts, exactly as encoding/json writes the error's text:
// orders with quotes, backslashes, HTML's characters, control
// characters, other scripts and bytes that are not UTF-8.
func TestSyntaxErrorsAsEncodingJSON(t *testing.T) {
	j := judge.New(variants.MustLoad())
	orders := []string{
		`A PAR - `, `A PAR X BUR`, `F "LON" - NTH`, `A PAR\ - BUR`, `A PAR - <BUR> & MAR`,
		"A PAR\t-\x01 BUR", "A PÄRIS - BÜR", "A PAR - \xff\xfe", "A PAR - BUR \u2028", "F 倫敦 - 北海", "A PAR\u00a0- BUR",
		`A PAR S`, `A PAR S A`, `F LON C A`, `build`, `A`, ``, `  `,
	}
	read := 0
	for _, o := range orders {
		// The order as it is where JSON allows it (encoding/json would
		// escape HTML's characters, U+2028 and bytes not UTF-8).
		text := []byte(`"` + o + `"`)
		if strings.ContainsAny(o, "\"\\\t\x01") {
			text, _ = json.Marshal(o)
		}
		in := []byte(`{"variant":"standard","phase":{"season":"spring","year":1901,"type":"movement"},"orders":{"France":[` +
			string(text) + `]}}`)
		want, err := slowJSON(j, in)
		if err != nil {
			t.Fatalf("%q: %v", o, err)
		}
		got, ok := j.AdjudicateRead(nil, in)
		if !ok {
			// Escapes in the input (quotes, backslashes, control
			// characters) are left to the slow way.
			continue
		}
		read++
		if !bytes.Equal(got, want) {
			t.Errorf("%q:\ngot  %s\nwant %s", o, got, want)
		}
	}
	if read < len(orders)-4 {
		t.Errorf("the fast way read %d of %d inputs", read, len(orders))
	}
}
