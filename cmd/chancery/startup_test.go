package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"testing"
	"time"
)

// BenchmarkAdjudicateProcess is "chancery adjudicate <
// examples/spring-1901.json" as programs that start a process a phase
// call it: from the process's start to its exit, one op a process. It
// builds the command first, as the README says to build it ("default")
// and as it recommends for that use ("noserve": CGO_ENABLED=0, -tags
// noserve), so it takes a minute. Besides the wall-clock time (ns/op),
// it reports the process's CPU time (cpu-ns/op, user and system) and the
// median wall-clock time of the runs (median-ns/op), which the load of a
// busy machine inflates less than the mean.
func BenchmarkAdjudicateProcess(b *testing.B) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		b.Skip("no go command")
	}
	input, err := os.ReadFile("../../examples/spring-1901.json")
	if err != nil {
		b.Fatal(err)
	}
	builds := []struct {
		name string
		env  []string
		args []string
	}{
		{"default", nil, nil},
		{"noserve", []string{"CGO_ENABLED=0"}, []string{"-tags", "noserve"}},
	}
	dir := b.TempDir()
	for _, bd := range builds {
		bin := filepath.Join(dir, "chancery-"+bd.name)
		cmd := exec.Command(gobin, append(append([]string{"build", "-o", bin}, bd.args...), ".")...)
		cmd.Env = append(os.Environ(), bd.env...)
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("go build (%s): %v\n%s", bd.name, err, out)
		}
		b.Run(bd.name, func(b *testing.B) {
			var cpu time.Duration
			walls := make([]time.Duration, 0, b.N)
			for b.Loop() {
				cmd := exec.Command(bin, "adjudicate")
				cmd.Stdin = bytes.NewReader(input)
				var out bytes.Buffer
				cmd.Stdout = &out
				start := time.Now()
				if err := cmd.Run(); err != nil {
					b.Fatalf("%v: %s", err, out.Bytes())
				}
				walls = append(walls, time.Since(start))
				cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
				if !bytes.Contains(out.Bytes(), []byte(`"results"`)) {
					b.Fatalf("no results in %s", out.Bytes())
				}
			}
			sort.Slice(walls, func(i, j int) bool { return walls[i] < walls[j] })
			b.ReportMetric(float64(cpu)/float64(len(walls)), "cpu-ns/op")
			b.ReportMetric(float64(walls[len(walls)/2]), "median-ns/op")
		})
	}
}
