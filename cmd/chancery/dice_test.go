package main

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/chancery/chancery/dice"
)

// runDiceWith runs `chancery dice args...` with the given standard input.
func runDiceWith(t *testing.T, stdin string, args ...string) (status int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	status = runDice(args, strings.NewReader(stdin), &out, &errb)
	return status, out.String(), errb.String()
}

func TestDiceBadUsageExitsWithStatus2AndOneLine(t *testing.T) {
	for _, args := range [][]string{
		{"roll"},
		{"play", "--players", "3"},
		{"play", "--players", "9"},
		{"play", "--humans", "6", "--players", "5"},
		{"play", "--bots", "genius"},
		{"play", "--names", "a,b"},
		{"play", "--start", "7"},
		{"play", "extra"},
		{"simulate", "--bogus"},
		{"simulate", "--games", "0"},
		{"simulate", "--players", "x"},
		{"simulate", "--bots", "random,smart"},
		{"simulate", "--max-turns", "-1"},
	} {
		status, out, errs := runDiceWith(t, "", args...)
		if status != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "chancery dice") {
			t.Errorf("%v: status %d, stdout %q, stderr %q; want 2 and one line on stderr", args, status, out, errs)
		}
	}
	if status, _, errs := runDiceWith(t, ""); status != 2 || !strings.Contains(errs, "usage") {
		t.Errorf("no subcommand: status %d, stderr %q", status, errs)
	}
	for _, args := range [][]string{{"-h"}, {"play", "-h"}, {"simulate", "-h"}} {
		if status, out, _ := runDiceWith(t, "", args...); status != 0 || !strings.Contains(out, "usage") {
			t.Errorf("%v: status %d, stdout %q", args, status, out)
		}
	}
}

func TestDiceSimulateIsReproducibleAndShaped(t *testing.T) {
	args := []string{"simulate", "--players", "6", "--games", "3000", "--seed", "11", "--bots", "heuristic,random", "--json"}
	_, a, _ := runDiceWith(t, "", args...)
	_, b, _ := runDiceWith(t, "", append(args, "--workers", "1")...)
	_, c, _ := runDiceWith(t, "", append(args, "--workers", "7")...)
	if a != b || a != c {
		t.Fatalf("same seed, different output:\n%s%s%s", a, b, c)
	}
	if strings.Count(a, "\n") != 1 {
		t.Fatalf("want one JSON line, got %q", a)
	}
	var r map[string]any
	if err := json.Unmarshal([]byte(a), &r); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"games", "players", "wins_by_seat", "wins_by_order", "wins_by_bot", "win_rate_by_bot", "draws", "avg_turns", "avg_wars", "seed", "bots"} {
		if _, ok := r[k]; !ok {
			t.Errorf("no %q in %s", k, a)
		}
	}
	var rep simReport
	if err := json.Unmarshal([]byte(a), &rep); err != nil {
		t.Fatal(err)
	}
	sum := func(xs []int) (s int) {
		for _, x := range xs {
			s += x
		}
		return s
	}
	if rep.Games != 3000 || rep.Players != 6 || len(rep.WinsBySeat) != 6 || len(rep.WinsByOrder) != 6 {
		t.Errorf("shape: %+v", rep)
	}
	if sum(rep.WinsBySeat)+rep.Draws != rep.Games || sum(rep.WinsByOrder)+rep.Draws != rep.Games {
		t.Errorf("wins %v + draws %d != %d games", rep.WinsBySeat, rep.Draws, rep.Games)
	}
	if rep.WinsByBot["heuristic"]+rep.WinsByBot["random"]+rep.Draws != rep.Games {
		t.Errorf("wins by bot %v", rep.WinsByBot)
	}
	if rep.AvgTurns <= 0 || rep.AvgWars <= 0 {
		t.Errorf("averages %+v", rep)
	}
	// The heuristic bot beats the random bot.
	if rep.WinRateByBot["heuristic"] <= rep.WinRateByBot["random"] {
		t.Errorf("heuristic %.3f, random %.3f", rep.WinRateByBot["heuristic"], rep.WinRateByBot["random"])
	}
	_, d, _ := runDiceWith(t, "", "simulate", "--players", "6", "--games", "3000", "--seed", "12", "--bots", "heuristic,random", "--json")
	if d == a {
		t.Error("another seed gave the same output")
	}
	status, text, _ := runDiceWith(t, "", "simulate", "--games", "50", "--start", "2")
	if status != 0 || !strings.Contains(text, "wins by turn order") {
		t.Errorf("text report: %d %q", status, text)
	}
}

// otherDie matches a table row of a bot whose die the human could not know.
var botRow = regexp.MustCompile(`(?m)^  \d+\s+\S+\s+(heuristic|random) bot\s+\d+\s+\d+\s+(\S+)(.*)$`)

func TestDicePlayAFullGameWithScriptedInput(t *testing.T) {
	// Bad lines first, then real moves; when the script ends the human's
	// decisions take their defaults and the bots finish the game.
	script := strings.Join([]string{
		"", "dance", "war", "war 0", "war 9", "war zed", "treaty now", "yes",
		"ally 1", "reroll", "yes", "no", "status", "help", "log", "no", "reroll", "war 2", "no",
	}, "\n") + "\n"
	status, out, errs := runDiceWith(t, script, "play", "--seed", "7", "--players", "5")
	if status != 0 || errs != "" {
		t.Fatalf("status %d, stderr %q", status, errs)
	}
	for _, want := range []string{
		"seed 7",
		"Your turn: war <player> | ally <player> | treaty | reroll",
		`? type a command`,
		`? unknown command "dance"`,
		"? war whom?",
		"? bad target: a player cannot name themself",
		"? no seat 9 (seats are 0 to 4)",
		`? no player called "zed"`,
		"? treaty takes no player",
		`? "yes" does not answer this question; answer war <player>, ally <player>, treaty or reroll`,
		"You propose an alliance to Bob.",
		"(input ended",
		"Game over:",
		"Final table",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	// What a player may know: a bot's die appears only once shown.
	for _, m := range botRow.FindAllStringSubmatch(out[:strings.Index(out, "Game over")], -1) {
		if die := m[2]; die != "?" && die != "-" && !strings.HasPrefix(m[3], " (shown)") {
			t.Errorf("the table shows a bot's secret die: %q", m[0])
		}
	}
	// The same seed and input replay the same game.
	_, again, _ := runDiceWith(t, script, "play", "--seed", "7", "--players", "5")
	if again != out {
		t.Error("same seed and input, different game")
	}
}

func TestDicePlayHotSeatAndQuit(t *testing.T) {
	status, out, _ := runDiceWith(t, "\nreroll\n\nquit\n", "play", "--seed", "3", "--players", "4", "--humans", "2", "--start", "0")
	if status != 0 {
		t.Fatalf("status %d", status)
	}
	for _, want := range []string{"Pass the keyboard to Alice (seat 0)", "Pass the keyboard to Bob (seat 1)", "Bob left the game."} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "Your die:") {
		t.Error("hot-seat narration shows a private roll to the whole table")
	}
}

func TestDicePlayWatchingBots(t *testing.T) {
	status, out, _ := runDiceWith(t, "", "play", "--seed", "5", "--players", "8", "--humans", "0", "--bots", "random,heuristic")
	if status != 0 || !strings.Contains(out, "Game over") || strings.Contains(out, "Your") {
		t.Fatalf("status %d:\n%s", status, out)
	}
}

func TestParseCommand(t *testing.T) {
	tests := []struct {
		line string
		want command
		err  string
	}{
		{"war 3", command{"war", "3"}, ""},
		{"  ATTACK   Carol ", command{"war", "carol"}, ""},
		{"ally bob", command{"ally", "bob"}, ""},
		{"r", command{"reroll", ""}, ""},
		{"Reorganize", command{"reroll", ""}, ""},
		{"y", command{"yes", ""}, ""},
		{"invite 4", command{"invite", "4"}, ""},
		{"done", command{"done", ""}, ""},
		{"", command{}, "type a command"},
		{"war", command{}, "whom"},
		{"war 1 2", command{}, "one player"},
		{"yes please", command{}, "takes no player"},
		{"fly", command{}, "unknown command"},
	}
	for _, tc := range tests {
		got, err := parseCommand(tc.line)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want %q", tc.line, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("%q: %+v %v, want %+v", tc.line, got, err, tc.want)
		}
	}
}

func TestSeatOf(t *testing.T) {
	g, _ := dice.New(dice.Config{Players: 5, Names: []string{"You", "Bob", "Carol", "Cat", "Erin"}, Start: 0}, rand.New(rand.NewPCG(1, 1)))
	v := g.View(0)
	for arg, want := range map[string]dice.Seat{"0": 0, "1": 1, "bob": 1, "b": 1, "carol": 2, "cat": 3, "e": 4, "4": 4} {
		if got, err := seatOf(arg, &v); err != nil || got != want {
			t.Errorf("%q: %v %v, want %v", arg, got, err, want)
		}
	}
	for _, arg := range []string{"c", "-1", "5", "zoe"} {
		if _, err := seatOf(arg, &v); err == nil {
			t.Errorf("%q accepted", arg)
		}
	}
}

// FuzzCommandLine feeds arbitrary lines through the parser and the move
// builder at every kind of request: nothing panics, a parsed command is
// well formed, and a move the engine refuses leaves the game as it was.
func FuzzCommandLine(f *testing.F) {
	for _, s := range []string{"war 2", "ally carol", "treaty", "reroll", "yes", "no", "invite 3", "done", "war -1", "ally 99999999999999999999", "w \x00", "ÿ"} {
		f.Add(s, uint8(0))
	}
	f.Fuzz(func(t *testing.T, line string, steps uint8) {
		c, err := parseCommand(line)
		if err != nil {
			return
		}
		if v, ok := verbs()[c.verb]; !ok || v.verb != c.verb || v.needsSeat != (c.arg != "") {
			t.Fatalf("%q parsed to unknown verb %q", line, c.verb)
		}
		if strings.ContainsAny(c.arg, " \t\n") {
			t.Fatalf("%q: argument %q has spaces", line, c.arg)
		}
		// Walk a seeded game a few moves in, to meet other requests.
		g, _ := dice.New(dice.Config{Players: 6, Start: dice.RandomStart}, rand.New(rand.NewPCG(uint64(steps), 3)))
		for range int(steps) % 12 {
			r := g.Pending()[0]
			legal := g.LegalMoves(r.Seat)
			if err := g.Apply(legal[int(steps)%len(legal)]); err != nil {
				t.Fatal(err)
			}
			if g.Over() {
				return
			}
		}
		seat := g.Pending()[0].Seat
		v := g.View(seat)
		m, err := moveFor(c, &v)
		if err != nil {
			return
		}
		before := len(g.Log())
		if err := g.Apply(m); err != nil && len(g.Log()) != before {
			t.Fatalf("refused move %v changed the log", m)
		}
	})
}
