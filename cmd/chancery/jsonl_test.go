package main

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chancery/chancery/internal/randgame"
	"github.com/chancery/chancery/judge"
	"github.com/chancery/chancery/variants"
)

// jsonlInputs are the inputs of the recorded phases of ../shared and of
// random games of every variant, one per line.
func jsonlInputs(t *testing.T) []string {
	var lines []string
	files, _ := filepath.Glob("../../../shared/reference/games/*.cases.json")
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
			lines = append(lines, string(c.Input))
		}
	}
	if len(files) > 0 && len(lines) != 159 {
		t.Fatalf("%d recorded phases, want 159", len(lines))
	}
	reg := variants.MustLoad()
	for _, name := range reg.Names() {
		for seed := uint64(1); seed <= 2; seed++ {
			ins, err := randgame.Inputs(reg, name, seed, 30)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			for _, in := range ins {
				lines = append(lines, string(in))
			}
		}
	}
	return lines
}

// TestAdjudicateJSONLAsOnePhaseCalls checks that "adjudicate --jsonl"
// answers every line as "adjudicate" answers it alone: the same output for
// every recorded phase and random positions of every variant, and for a
// bad line an error object with the same message on its own line, the
// stream going on after it.
func TestAdjudicateJSONLAsOnePhaseCalls(t *testing.T) {
	const phase = `"phase": {"season": "spring", "year": 1901, "type": "movement"}`
	bad := []string{
		`{"variant": `,
		``,
		`{"variant": "standard", "phaze": {}}`,
		`{"variant": "chess", ` + phase + `}`,
		`{"variant": "standard", ` + phase + `, "units": [{"power": "England", "type": "army", "province": "xyz"}]}`,
		`[1, 2]`,
	}
	var lines []string
	for i, in := range jsonlInputs(t) {
		lines = append(lines, in)
		if i%37 == 5 {
			lines = append(lines, bad[len(lines)%len(bad)])
		}
	}
	lines = append(lines, bad...)
	code, out, errs := runCmd(t, strings.Join(lines, "\n")+"\n", "adjudicate", "--jsonl")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d: %s", code, errs)
	}
	got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(got) != len(lines) {
		t.Fatalf("%d lines out for %d in", len(got), len(lines))
	}
	errorLines := 0
	for i, in := range lines {
		code, want, errs := runCmd(t, in, "adjudicate", "--indent=false")
		if code == 0 {
			if got[i]+"\n" != want {
				t.Fatalf("line %d: %s\n--jsonl: %s\nalone:   %s", i+1, in, got[i], want)
			}
			continue
		}
		errorLines++
		var e lineError
		if err := json.Unmarshal([]byte(got[i]), &e); err != nil {
			t.Fatalf("line %d: %q is not an error object: %v", i+1, got[i], err)
		}
		wantCode := map[int]string{2: "bad_input", 1: "failed"}[code]
		if strings.Contains(errs, "malformed input") {
			wantCode = "malformed"
		}
		if e.Line != i+1 || e.Code != wantCode || "chancery adjudicate: "+e.Error+"\n" != errs {
			t.Errorf("line %d: %+v; alone: exit %d, %q (code %s)", i+1, e, code, errs, wantCode)
		}
	}
	if errorLines < len(bad) {
		t.Errorf("%d error lines, want at least %d", errorLines, len(bad))
	}
}

// TestAdjudicateJSONLAnswersEachLineAtOnce checks that each line's answer
// is written before the next line is read: a program may send a phase and
// wait for its result.
func TestAdjudicateJSONLAnswersEachLineAtOnce(t *testing.T) {
	in, err := os.ReadFile("../../examples/spring-1901.json")
	if err != nil {
		t.Fatal(err)
	}
	line := strings.ReplaceAll(string(in), "\n", " ") + "\n"
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan int, 1)
	var stderr strings.Builder
	go func() {
		done <- run([]string{"adjudicate", "--jsonl"}, inR, outW, &stderr)
		outW.Close()
	}()
	answers := bufio.NewReader(outR)
	for i := 0; i < 3; i++ {
		if _, err := io.WriteString(inW, line); err != nil {
			t.Fatal(err)
		}
		// Blocks until the answer is written: with the answer held in a
		// buffer until the input ends, the test would wait forever.
		got, err := answers.ReadString('\n')
		if err != nil {
			t.Fatalf("answer %d: %v", i+1, err)
		}
		if !strings.HasPrefix(got, `{"results":[`) {
			t.Fatalf("answer %d: %s", i+1, got)
		}
	}
	inW.Close()
	if _, err := answers.ReadString('\n'); err != io.EOF {
		t.Errorf("more output after the input ended: %v", err)
	}
	if code := <-done; code != 0 {
		t.Errorf("exit %d: %s", code, stderr.String())
	}
}

// BenchmarkAdjudicateJSONL measures "adjudicate --jsonl" over the recorded
// phases, reading and writing in memory; ns/op is per phase (line).
func BenchmarkAdjudicateJSONL(b *testing.B) {
	files, _ := filepath.Glob("../../../shared/reference/games/*.cases.json")
	if len(files) == 0 {
		b.Skip("no reference games in ../shared")
	}
	var lines []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		var cases []struct{ Input json.RawMessage }
		if err := json.Unmarshal(data, &cases); err != nil {
			b.Fatal(err)
		}
		for _, c := range cases {
			lines = append(lines, string(c.Input))
		}
	}
	text := strings.Join(lines, "\n") + "\n"
	j := judge.New(variants.MustLoad())
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuTime()
	if err := adjudicateLines(j, &lineCycler{text: text, left: b.N}, io.Discard); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
}

// lineCycler reads the lines of text over and over, left lines in all.
type lineCycler struct {
	text string
	at   int
	left int
}

func (c *lineCycler) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) && c.left > 0 {
		end := strings.IndexByte(c.text[c.at:], '\n') + c.at + 1
		if end-c.at > len(p)-n {
			if n > 0 {
				break
			}
			m := copy(p, c.text[c.at:end])
			c.at += m
			return m, nil
		}
		n += copy(p[n:], c.text[c.at:end])
		c.at = end
		c.left--
		if c.at == len(c.text) {
			c.at = 0
		}
	}
	if n == 0 {
		return 0, io.EOF
	}
	return n, nil
}

// cpuTime is the CPU time the process has used (all its threads, user and
// system): on a machine shared with other work, it varies less than the
// wall-clock time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkAdjudicateJSONLVariants is BenchmarkAdjudicateJSONL over the
// phases of random games of each variant (internal/randgame), one
// sub-benchmark a variant; ns/op is per phase.
func BenchmarkAdjudicateJSONLVariants(b *testing.B) {
	reg := variants.MustLoad()
	for _, name := range reg.Names() {
		var lines []string
		for seed := uint64(1); seed <= 4; seed++ {
			ins, err := randgame.Inputs(reg, name, seed, 40)
			if err != nil {
				b.Fatalf("%s: %v", name, err)
			}
			for _, in := range ins {
				lines = append(lines, string(in))
			}
		}
		text := strings.Join(lines, "\n") + "\n"
		b.Run(name, func(b *testing.B) {
			j := judge.New(reg)
			b.ReportAllocs()
			b.ResetTimer()
			cpu := cpuTime()
			if err := adjudicateLines(j, &lineCycler{text: text, left: b.N}, io.Discard); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
		})
	}
}
