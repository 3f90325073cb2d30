package main

import (
	"strings"
	"testing"
)

// TestPlayAGameInTheTerminal plays a year of standard Diplomacy as England
// with typed orders: good orders are taken, a bad one is refused with the
// offending word, the phase is resolved, and the game stops as asked.
func TestPlayAGameInTheTerminal(t *testing.T) {
	in := strings.Join([]string{
		"F LON - NTH",
		"A LVP - XYZ", // refused
		"F EDI - NWG",
		"A LVP - YOR",
		"orders",
		"", // end of spring orders
		"F NTH C A YOR - NWY",
		"A YOR - NWY",
		"F NWG S A YOR - NWY",
		"done",
		"", "", "", "", // whatever else 1901 asks
	}, "\n") + "\n"
	code, out, errs := runCmd(t, in, "play", "--power", "england", "--seed", "7", "--years", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{
		"You play England against 6 bots (seed 7",
		"=== Spring 1901 movement ===",
		"ok: F LON - NTH",
		`unknown province "XYZ"`,
		"England:         F LON - NTH              succeeded",
		"=== Fall 1901 movement ===",
		"A YOR - NWY",
		"Stopped after 1 game year(s)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the game never says %q", want)
		}
	}
	if t.Failed() {
		t.Logf("output:\n%s", out)
	}
}

// TestPlayEveryVariant: a year of each variant with no orders typed plays
// through, bots and all, and the same seed plays the same game.
func TestPlayEveryVariant(t *testing.T) {
	blank := strings.Repeat("\n", 20)
	for _, v := range []string{"standard", "1900", "sengoku", "colonial"} {
		t.Run(v, func(t *testing.T) {
			code, out, errs := runCmd(t, blank, "play", "--variant", v, "--seed", "3", "--years", "1")
			if code != 0 || !strings.Contains(out, "Stopped after 1 game year(s)") {
				t.Fatalf("exit %d: %s\n%s", code, errs, out)
			}
			if _, again, _ := runCmd(t, blank, "play", "--variant", v, "--seed", "3", "--years", "1"); again != out {
				t.Error("the same seed played another game")
			}
		})
	}
}

// TestWatchBotsPlay: with --watch the bots play every power and every
// power's orders are shown with their results; nothing is read from the
// terminal, and the same seed plays the same game.
func TestWatchBotsPlay(t *testing.T) {
	code, out, errs := runCmd(t, "", "play", "--watch", "--seed", "5", "--years", "1", "--bots", "easy,France=normal")
	if code != 0 || !strings.Contains(out, "Stopped after 1 game year(s)") {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	if !strings.Contains(out, "7 bots play (seed 5") || strings.Contains(out, "You ") {
		t.Errorf("a watched game speaks as if somebody played:\n%s", out)
	}
	spring, _, _ := strings.Cut(out, "=== Fall 1901")
	for _, power := range []string{"Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"} {
		if n := strings.Count(spring, "\n  "+power+": "); n < 3+1 { // the board's line and three orders at least
			t.Errorf("spring 1901 shows %d lines of %s, want its units and orders:\n%s", n, power, spring)
		}
	}
	if _, again, _ := runCmd(t, "", "play", "--watch", "--seed", "5", "--years", "1", "--bots", "easy,France=normal"); again != out {
		t.Error("the same seed played another game")
	}
}

func TestPlayRefusesBadSettingsAndEndsOnQuit(t *testing.T) {
	for _, args := range [][]string{
		{"play", "--power", "Narnia"},
		{"play", "--variant", "chess"},
		{"play", "--years", "-1"},
		{"play", "extra"},
		{"play", "--watch", "--power", "France"},
	} {
		if code, _, errs := runCmd(t, "", args...); code != 2 || strings.Count(strings.TrimSpace(errs), "\n") > 6 {
			t.Errorf("%v: exit %d, %s", args, code, errs)
		}
	}
	if code, out, _ := runCmd(t, "quit\n", "play", "--seed", "1"); code != 0 || !strings.HasSuffix(out, "Goodbye.\n") {
		t.Errorf("quit: exit %d, %q", code, out[max(0, len(out)-80):])
	}
	if code, out, _ := runCmd(t, "", "play", "--seed", "1"); code != 0 || !strings.HasSuffix(out, "Goodbye.\n") {
		t.Errorf("end of input: exit %d", code)
	}
}

// TestPlaySecondOrderReplacesTheFirst: a second order for a unit says at
// once that it replaces the first, and only the second is played.
func TestPlaySecondOrderReplacesTheFirst(t *testing.T) {
	in := "F LON - NTH\nF LON - ENG\norders\n\n"
	_, out, _ := runCmd(t, in, "play", "--power", "england", "--seed", "7", "--years", "1")
	if !strings.Contains(out, "ok: F LON - ENG (replaces F LON - NTH)") {
		t.Errorf("the second order does not say it replaces the first:\n%s", out)
	}
	if strings.Contains(out, "taken back") {
		t.Errorf("an order was taken back after it was accepted:\n%s", out)
	}
	if !strings.Contains(out, "England:         F LON - ENG ") {
		t.Errorf("the second order was not played:\n%s", out)
	}
}

// TestUnknownVariantListsTheKnownOnce: every command that plays a
// variant refuses one it does not know, listing the known variants once.
func TestUnknownVariantListsTheKnownOnce(t *testing.T) {
	for _, cmd := range []string{"play", "tournament", "daide-serve"} {
		code, _, errs := runCmd(t, "", cmd, "--variant", "nosuch")
		if code != 2 || strings.Count(errs, "known:") != 1 || !strings.Contains(errs, "known: standard") ||
			!strings.HasPrefix(errs, "chancery "+cmd+": ") {
			t.Errorf("%s: exit %d: %q", cmd, code, errs)
		}
	}
}

// TestPlayHelpShowsTheVariantsSyntax: the in-game help shows the railway
// orders of a variant that has a railway (Colonial), and not elsewhere.
func TestPlayHelpShowsTheVariantsSyntax(t *testing.T) {
	_, out, _ := runCmd(t, "help\nquit\n", "play", "--variant", "colonial", "--power", "russia", "--seed", "1")
	if strings.Count(out, "A MOS - TSR - VLA") < 2 {
		t.Errorf("Colonial's help does not show the railway orders (twice: at the start and on help):\n%s", out)
	}
	_, out, _ = runCmd(t, "quit\n", "play", "--seed", "1")
	if strings.Contains(out, "TSR") {
		t.Errorf("the standard game's help speaks of a railway:\n%s", out)
	}
}
