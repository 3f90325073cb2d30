package judge

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"testing"

	"github.com/chancery/chancery/variants"
)

// Case is one recorded phase: an input and the position that followed.
type Case struct {
	Name   string   `json:"name"`
	Input  Input    `json:"input"`
	Expect Position `json:"expect"`
}

// referenceGames are the recorded real games beside the project in
// ../shared (not copied into the project); the test is skipped without them.
const referenceGames = "../../shared/reference/games/*.cases.json"

func loadCases(t testing.TB, pattern string) []Case {
	files, _ := filepath.Glob(pattern)
	if len(files) == 0 {
		t.Skipf("no reference games at %s", pattern)
	}
	var all []Case
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var cs []Case
		if err := json.Unmarshal(data, &cs); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		all = append(all, cs...)
	}
	return all
}

// TestRecordedGames checks every recorded phase of three real standard
// games: units, dislodged units and centre ownership after the phase.
func TestRecordedGames(t *testing.T) {
	cases := loadCases(t, referenceGames)
	if len(cases) != 159 {
		t.Errorf("found %d recorded phases, want 159", len(cases))
	}
	j := New(variants.MustLoad())
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			out, err := j.Adjudicate(&c.Input)
			if err != nil {
				t.Fatal(err)
			}
			if diff := Compare(&out.Next, &c.Expect); diff != "" {
				t.Errorf("%s\nresults: %+v", diff, out.Results)
			}
		})
	}
}

// Compare returns "" when two positions have the same phase (when the
// expectation gives one), units, dislodged units and centre ownership, or
// a description of the first difference.
func Compare(got, want *Position) string {
	if want.Phase.Season != "" && got.Phase != want.Phase {
		return "phase: got " + phaseString(got.Phase) + ", want " + phaseString(want.Phase)
	}
	if g, w := unitSet(got.Units), unitSet(want.Units); !reflect.DeepEqual(g, w) {
		return "units:\n got  " + join(g) + "\n want " + join(w)
	}
	// The attacker's origin is compared where the expectation gives it.
	withAttacker := false
	for _, d := range want.Dislodged {
		withAttacker = withAttacker || d.AttackerFrom != ""
	}
	var gd, wd []string
	for _, d := range got.Dislodged {
		s := d.Power + " " + d.Type + " " + d.Province
		if withAttacker {
			s += " <- " + d.AttackerFrom
		}
		gd = append(gd, s)
	}
	for _, d := range want.Dislodged {
		s := d.Power + " " + d.Type + " " + d.Province
		if withAttacker {
			s += " <- " + d.AttackerFrom
		}
		wd = append(wd, s)
	}
	sort.Strings(gd)
	sort.Strings(wd)
	if !reflect.DeepEqual(gd, wd) {
		return "dislodged:\n got  " + join(gd) + "\n want " + join(wd)
	}
	if want.SupplyCenters != nil && !reflect.DeepEqual(got.SupplyCenters, want.SupplyCenters) {
		return "supply centres differ"
	}
	return ""
}

func phaseString(p Phase) string { return p.Season + " " + itoa(p.Year) + " " + p.Type }

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func unitSet(us []Unit) []string {
	out := []string{}
	for _, u := range us {
		out = append(out, u.Power+" "+u.Type+" "+u.Province)
	}
	sort.Strings(out)
	return out
}

func join(s []string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
