package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runCmd(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func TestAdjudicateExamples(t *testing.T) {
	for _, f := range []string{"spring-1901.json", "fall-1901-retreat.json", "winter-1901-adjustment.json"} {
		t.Run(f, func(t *testing.T) {
			in, err := os.ReadFile("../../examples/" + f)
			if err != nil {
				t.Fatal(err)
			}
			code, out, errs := runCmd(t, string(in), "adjudicate")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			var o struct {
				Results []struct{ Result string }
				Next    struct{ Units []any }
			}
			if err := json.Unmarshal([]byte(out), &o); err != nil || len(o.Results) == 0 || len(o.Next.Units) == 0 {
				t.Fatalf("output %q: %v", out, err)
			}
		})
	}
}

func TestAdjudicateBadInputExits2WithOneLine(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"malformed JSON", `{"variant": `, "malformed input"},
		{"unknown field", `{"variant": "standard", "phaze": {}}`, "unknown field"},
		{"unknown variant", `{"variant": "chess", "phase": {"season": "spring", "year": 1901, "type": "movement"}}`, "unknown variant"},
		{"unknown province", `{"variant": "standard", "phase": {"season": "spring", "year": 1901, "type": "movement"}, "units": [{"power": "England", "type": "army", "province": "xyz"}]}`, `unknown province "xyz"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := runCmd(t, tt.in, "adjudicate")
			if code != 2 || out != "" {
				t.Fatalf("exit %d, stdout %q", code, out)
			}
			if strings.Count(errs, "\n") != 1 || !strings.Contains(errs, tt.want) {
				t.Errorf("stderr %q: want one line containing %q", errs, tt.want)
			}
		})
	}
}

func TestVariantsJSON(t *testing.T) {
	code, out, errs := runCmd(t, "", "variants", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var vs []struct {
		Name      string
		Powers    []string
		Provinces []struct{ ID string }
		Borders   []struct{ From, To, Kind string }
	}
	if err := json.Unmarshal([]byte(out), &vs); err != nil {
		t.Fatal(err)
	}
	if len(vs) == 0 || vs[0].Name != "standard" || len(vs[0].Powers) != 7 || len(vs[0].Provinces) != 76 {
		t.Fatalf("standard: %+v", vs[0].Name)
	}
	// Every border is listed in both directions.
	seen := map[string]bool{}
	for _, b := range vs[0].Borders {
		seen[b.From+">"+b.To] = true
	}
	for _, b := range vs[0].Borders {
		if !seen[b.To+">"+b.From] {
			t.Errorf("border %s-%s has no way back", b.From, b.To)
		}
	}
}

func TestReplayAndBench(t *testing.T) {
	rec := `{"variant": "standard", "phases": [
		{"phase": {"season": "spring", "year": 1901, "type": "movement"}, "orders": {"France": ["A PAR - BUR"]}},
		{"phase": {"season": "fall", "year": 1901, "type": "movement"}, "orders": {"France": ["A BUR - BEL"]},
		 "expect": {"phase": {"season": "winter", "year": 1901, "type": "adjustment"}, "units": [], "dislodged": []}}]}`
	code, out, errs := runCmd(t, rec, "replay")
	if code != 0 || !strings.Contains(out, `"bel"`) {
		t.Fatalf("replay exit %d: %s %s", code, out, errs)
	}
	// With --check, the expectation (a board without units) differs.
	if code, _, errs := runCmd(t, rec, "replay", "--check"); code != 1 || !strings.Contains(errs, "units") {
		t.Errorf("replay --check: exit %d, %s", code, errs)
	}
	bad := `{"variant": "standard", "phases": [{"phase": {"season": "fall", "year": 1901, "type": "movement"}, "orders": {}}]}`
	if code, _, errs := runCmd(t, bad, "replay"); code != 2 || !strings.Contains(errs, "the game is at spring 1901 movement") {
		t.Errorf("replay of a record out of step: exit %d, %s", code, errs)
	}
	// An expectation that names an unknown province is bad input.
	broken := strings.Replace(rec, `"units": []`, `"units": [{"power": "France", "type": "army", "province": "xyz"}]`, 1)
	if code, _, errs := runCmd(t, broken, "replay", "--check"); code != 2 || !strings.Contains(errs, `expect: units: unknown province "xyz"`) {
		t.Errorf("replay --check with a broken expectation: exit %d, %s", code, errs)
	}
	if code, _, _ := runCmd(t, "", "bench"); code != 2 {
		t.Errorf("bench without cases: exit %d", code)
	}
	// bench replays game records: twice two phases here; the record's
	// wrong expectation is reported once, before the timing.
	dir := t.TempDir()
	file := filepath.Join(dir, "game.json")
	if err := os.WriteFile(file, []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errs := runCmd(t, "", "bench", "--count", "2", file); code != 1 || !strings.Contains(out, "1 game, 4 phases") ||
		strings.Count(errs, "units") != 1 {
		t.Errorf("bench of a record with a wrong expectation: exit %d, %s %s", code, out, errs)
	}
	plain := `{"variant": "standard", "phases": [
		{"phase": {"season": "spring", "year": 1901, "type": "movement"}, "orders": {"France": ["A PAR - BUR"]}},
		{"phase": {"season": "fall", "year": 1901, "type": "movement"}, "orders": {"France": ["A BUR - BEL"]}}]}`
	if err := os.WriteFile(file, []byte(plain), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errs := runCmd(t, "", "bench", "--count", "3", file); code != 0 || !strings.Contains(out, "1 game, 6 phases") {
		t.Errorf("bench of a record: exit %d, %s %s", code, out, errs)
	}
	notRecord := filepath.Join(dir, "input.json")
	if err := os.WriteFile(notRecord, []byte(`{"variant": "standard", "phase": {"season": "spring", "year": 1901, "type": "movement"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := runCmd(t, "", "bench", notRecord); code != 2 || !strings.Contains(errs, "case files need --cases") {
		t.Errorf("bench of an adjudicate input as a record: exit %d, %s", code, errs)
	}
	if code, _, errs := runCmd(t, "", "bench", "--cases", "--count", "-1", "x.json"); code != 2 || !strings.Contains(errs, "--count") {
		t.Errorf("bench --count -1: exit %d, %s", code, errs)
	}
}
