package rules_test

import (
	"flag"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestREADMEAllocations: the allocations the README's speed table gives
// for the resolver's benchmarks are what they allocate. (Times depend on
// the machine and its load; allocations do not, so they cannot drift
// unseen.)
func TestREADMEAllocations(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the benchmarks")
	}
	// A short run is enough to count allocations.
	if f := flag.Lookup("test.benchtime"); f != nil {
		old := f.Value.String()
		if err := f.Value.Set("20000x"); err != nil {
			t.Fatal(err)
		}
		defer f.Value.Set(old)
	}
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	benchmarks := map[string]func(*testing.B){
		"resolve Spring 1901 (22 orders)":                 BenchmarkSpring1901,
		"resolve a crowded mid-game movement (32 units)":  BenchmarkCrowdedMovement,
		"resolve a retreat phase":                         BenchmarkRetreat,
		"resolve an adjustment phase with civil disorder": BenchmarkAdjustment,
	}
	for label, bench := range benchmarks {
		var cells []string
		for _, line := range strings.Split(string(readme), "\n") {
			if strings.HasPrefix(line, "| "+label+" |") {
				cells = strings.Split(strings.Trim(line, "| "), " | ")
			}
		}
		if len(cells) != 3 {
			t.Errorf("the README has no row %q with a time and allocations", label)
			continue
		}
		want, err := strconv.Atoi(cells[2])
		if err != nil {
			t.Errorf("%s: allocations %q", label, cells[2])
			continue
		}
		if got := testing.Benchmark(bench).AllocsPerOp(); got != int64(want) {
			t.Errorf("%s: %d allocations a run; the README says %d", label, got, want)
		}
	}
}
