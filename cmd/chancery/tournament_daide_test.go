package main

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// TestMain lets the test binary stand in for an outside DAIDE bot: with
// CHANCERY_TEST_MAIN set, it runs the command line instead of the tests.
func TestMain(m *testing.M) {
	if os.Getenv("CHANCERY_TEST_MAIN") != "" {
		os.Exit(dispatch(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// TestTournamentWithOutsideBots: a tournament whose other seats are
// outside programs that speak DAIDE (here Chancery's own daide-bot, run
// as a separate process) plays its games to the end over the protocol,
// and one whose command crashes at once leaves its seats to civil
// disorder, reported, while the tournament goes on.
func TestTournamentWithOutsideBots(t *testing.T) {
	t.Setenv("CHANCERY_TEST_MAIN", "1")
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	code := dispatch([]string{"tournament", "--variant", "standard", "--solo", "easy", "--others",
		"exec:" + self + " daide-bot --level easy --host {host} --port {port}", "--games", "2", "--years", "2", "--json",
		"--join-time", "10m", "--phase-time", "10m"},
		nil, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var rep tournamentReport
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	var outside *levelReport
	for n, lr := range rep.Levels {
		if n != "easy" {
			outside = lr
		}
	}
	if outside == nil || outside.Seats != 12 || outside.Disorders != 0 || len(rep.Played) != 2 {
		t.Fatalf("report %+v, outside %+v", rep, outside)
	}
	for _, g := range rep.Played {
		total := 0
		for _, c := range g.Centres {
			total += c
		}
		if g.Year != 1902 || total < 22 {
			t.Errorf("game %+v: not played to 1902 with the centres taken", g)
		}
	}
	if rep.FairShare < 14.28 || rep.FairShare > 14.29 {
		t.Errorf("fair share %v", rep.FairShare)
	}

	out.Reset()
	errb.Reset()
	code = dispatch([]string{"tournament", "--solo", "easy", "--others", "exec:/bin/false", "--games", "1", "--years", "1",
		"--join-time", "200ms", "--json"}, nil, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	rep = tournamentReport{}
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	if lr := rep.Levels["false"]; lr == nil || lr.Disorders != 6 || !strings.Contains(errb.String(), "civil disorder") {
		t.Fatalf("a bot that never joins: %+v; stderr %s", rep.Levels, errb.String())
	}
}
