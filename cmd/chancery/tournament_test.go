package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestTournamentPrintsTheIssuesObject: --json prints one object with the
// fields the issue names, the same for the same seed.
func TestTournamentPrintsTheIssuesObject(t *testing.T) {
	args := []string{"tournament", "--variant", "standard", "--solo", "normal", "--others", "easy",
		"--games", "2", "--years", "2", "--seed", "3", "--json"}
	code, out, errs := runCmd(t, "", args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rep struct {
		Variant string `json:"variant"`
		Games   int    `json:"games"`
		Levels  map[string]struct {
			Seats              int        `json:"seats"`
			Wins               int        `json:"wins"`
			Draws              int        `json:"draws"`
			Survived           int        `json:"survived"`
			CentreShare        float64    `json:"centre_share"`
			CentreShareCI95    [2]float64 `json:"centre_share_ci95"`
			SecondsPerDecision float64    `json:"seconds_per_decision"`
		} `json:"levels"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	if rep.Variant != "standard" || rep.Games != 2 || rep.Levels["normal"].Seats != 2 || rep.Levels["easy"].Seats != 12 {
		t.Errorf("report %+v", rep)
	}
	n := rep.Levels["normal"]
	if n.CentreShareCI95[0] > n.CentreShare || n.CentreShareCI95[1] < n.CentreShare || n.Survived > n.Seats {
		t.Errorf("normal's figures do not hold together: %+v", n)
	}
	_, again, _ := runCmd(t, "", args...)
	if timeless(t, again) != timeless(t, out) {
		t.Errorf("the same seed gave\n%s\nthen\n%s", out, again)
	}
}

// TestTournamentRepeatsHardPlay: the hard level's search stops at its
// counts in a tournament (no --budget), so a seed plays the same games
// however loaded the machine is.
func TestTournamentRepeatsHardPlay(t *testing.T) {
	args := []string{"tournament", "--variant", "standard", "--solo", "hard", "--others", "normal",
		"--games", "1", "--years", "1", "--seed", "5", "--json"}
	code, out, errs := runCmd(t, "", args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	_, again, _ := runCmd(t, "", args...)
	if timeless(t, again) != timeless(t, out) {
		t.Errorf("the same seed gave\n%s\nthen\n%s", out, again)
	}
}

// timeless is a JSON report without its timings, which vary from run to
// run.
func timeless(t *testing.T, out string) string {
	t.Helper()
	var rep map[string]any
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	for _, l := range rep["levels"].(map[string]any) {
		delete(l.(map[string]any), "seconds_per_decision")
	}
	b, _ := json.Marshal(rep)
	return string(b)
}

func TestTournamentRefusesBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"tournament", "--solo", "expert"},
		{"tournament", "--games", "0"},
		{"tournament", "--variant", "nowhere"},
		{"tournament", "--budget", "-1s"},
	} {
		if code, _, errs := runCmd(t, "", args...); code != 2 || errs == "" {
			t.Errorf("%v: exit %d, %q", args, code, errs)
		}
	}
}

// TestPlayChoosesBotLevels: --bots takes a level for every seat and
// levels per power, and refuses unknown ones.
func TestPlayChoosesBotLevels(t *testing.T) {
	code, out, errs := runCmd(t, "quit\n", "play", "--power", "england", "--seed", "1", "--bots", "hard,France=easy")
	if code != 0 || !strings.Contains(out, "Goodbye") {
		t.Fatalf("exit %d: %s %s", code, out, errs)
	}
	for _, bad := range []string{"expert", "Atlantis=hard", "France=genius"} {
		if code, _, errs := runCmd(t, "quit\n", "play", "--bots", bad); code != 2 || !strings.Contains(errs, "--bots") {
			t.Errorf("--bots %s: exit %d, %q", bad, code, errs)
		}
	}
}
