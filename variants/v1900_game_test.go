package variants_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/chancery/chancery/codec"
	"github.com/chancery/chancery/judge"
	"github.com/chancery/chancery/variants"
)

// game1900 is a short game of 1900 (Spring 1900 to Spring 1902) as a
// record for "chancery replay", with the position each phase leads to.
const game1900 = "../testdata/1900-game.json"

// TestGame1900 plays the recorded game phase by phase through the
// adjudication contract and checks each phase's position, the orders that
// tell its story, and that the record replays as a whole.
func TestGame1900(t *testing.T) {
	data, err := os.ReadFile(game1900)
	if err != nil {
		t.Fatal(err)
	}
	var rec judge.Record
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatalf("%s: %v", game1900, err)
	}
	j := judge.New(variants.MustLoad())
	cur, err := j.Start(rec.Variant)
	if err != nil {
		t.Fatal(err)
	}
	// Orders whose result the story of the game depends on.
	story := map[string]string{
		// Spring 1900: around the Cape at half strength, Egypt loses the
		// Mid-Atlantic to Brest.
		"spring 1900 movement F EGY - MAO": "failed bounced",
		"spring 1900 movement F BRE - MAO": "succeeded ",
		// "Building in Africa is prohibited."
		"winter 1900 adjustment BUILD F EGY": "illegal no_build_site",
		"winter 1900 adjustment BUILD F LVP": "succeeded ",
		// Spring 1901: supported from Morocco, 1.5 beats Portugal's 1;
		// Turkey walks into the Egypt the fleet left.
		"spring 1901 movement F EGY - MAO":         "succeeded ",
		"spring 1901 movement F POR - MAO":         "failed bounced",
		"spring 1901 movement A PAL - EGY":         "succeeded ",
		"spring 1901 movement A SPA - GIB":         "succeeded ",
		"fall 1901 movement A BEL H":               "failed dislodged",
		"fall 1901 retreat A BEL R NET":            "succeeded ",
		"winter 1901 adjustment REMOVE A CYR":      "succeeded ",
		"winter 1901 adjustment BUILD A MOS":       "succeeded ",
		"fall 1901 movement A CYR - EGY":           "failed bounced",
		"fall 1901 movement F MAO - SPA/WC":        "failed bounced",
		"winter 1900 adjustment BUILD F NAP":       "succeeded ",
		"spring 1901 movement F MOR S F EGY - MAO": "succeeded ",
	}
	seen := 0
	for i, ph := range rec.Phases {
		if ph.Phase == nil || *ph.Phase != cur.Phase {
			t.Fatalf("phase %d: the record says %v, the game is at %v", i+1, ph.Phase, cur.Phase)
		}
		name := cur.Phase.Season + " " + itoa(cur.Phase.Year) + " " + cur.Phase.Type
		in := judge.Input{Variant: rec.Variant, Phase: cur.Phase, Units: cur.Units, Dislodged: cur.Dislodged,
			SupplyCenters: cur.SupplyCenters, Orders: ph.Orders}
		out, err := j.Adjudicate(&in)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, r := range out.Results {
			if r.Reason == "syntax" {
				t.Errorf("%s: %s: %s", name, r.Order, r.Message)
			}
			key := name + " " + r.Order
			if want, ok := story[key]; ok {
				seen++
				if got := r.Result + " " + r.Reason; got != want {
					t.Errorf("%s: got %q, want %q", key, got, want)
				}
			} else if r.Result == "illegal" {
				t.Errorf("%s: unexpected illegal order %s (%s)", name, r.Order, r.Reason)
			}
		}
		if ph.Expect == nil {
			t.Fatalf("%s: the record has no expected position", name)
		}
		if diff := judge.Compare(&out.Next, ph.Expect); diff != "" {
			t.Errorf("%s: %s", name, diff)
		}
		if out.Winner != nil {
			t.Errorf("%s: %s wins a two-year game", name, *out.Winner)
		}
		cur = out.Next
	}
	if seen != len(story) {
		t.Errorf("found %d of the %d story orders", seen, len(story))
	}
	if cur.Phase != (codec.Phase{Season: "spring", Year: 1902, Type: "movement"}) {
		t.Errorf("the game ends at %v", cur.Phase)
	}

	res, err := j.Replay(&rec, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Mismatches) > 0 || res.Phases != len(rec.Phases) {
		t.Errorf("replay: %d phases, mismatches %v", res.Phases, res.Mismatches)
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
