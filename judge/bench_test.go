package judge

import (
	"encoding/json"
	"syscall"
	"testing"
	"time"

	"github.com/chancery/chancery/variants"
)

// BenchmarkCorpus measures the whole work of a phase (build the position,
// parse the orders, resolve) over the recorded games; ns/op is per phase.
func BenchmarkCorpus(b *testing.B) {
	cases := loadCases(b, referenceGames)
	j := New(variants.MustLoad())
	for i := range cases {
		if _, err := j.Resolve(&cases[i].Input); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuTime()
	for i := 0; i < b.N; i++ {
		if _, err := j.Resolve(&cases[i%len(cases)].Input); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, cpu)
}

// BenchmarkReplayGame replays one recorded game of 56 phases from the
// standard start through the contract (JSON shapes in and out), as
// "chancery replay" does; ns/op is per game.
func BenchmarkReplayGame(b *testing.B) {
	cases := loadCases(b, referenceGames)
	rec := &Record{Variant: "standard", Options: &Options{ConvoyFallback: true}}
	first := cases[0].Name[:8]
	for _, c := range cases {
		if c.Name[:8] == first {
			rec.Phases = append(rec.Phases, RecordPhase{Orders: c.Input.Orders})
		}
	}
	j := New(variants.MustLoad())
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := j.Replay(rec, false); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(rec.Phases)), "ns/phase")
}

// BenchmarkCorpusJSON measures a recorded phase from the contract's JSON
// input to its JSON output, in process (AdjudicateJSON); ns/op is per
// phase.
func BenchmarkCorpusJSON(b *testing.B) {
	cases := loadCases(b, referenceGames)
	inputs := make([][]byte, len(cases))
	for i := range cases {
		data, err := json.Marshal(&cases[i].Input)
		if err != nil {
			b.Fatal(err)
		}
		inputs[i] = data
	}
	j := New(variants.MustLoad())
	var out []byte
	// Once through, so that what the judge builds once per variant and
	// the scratch space it grows are not counted.
	for _, in := range inputs {
		var err error
		if out, err = j.AdjudicateJSON(out[:0], in); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuTime()
	for i := 0; i < b.N; i++ {
		var err error
		if out, err = j.AdjudicateJSON(out[:0], inputs[i%len(inputs)]); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, cpu)
}

// cpuTime is the CPU time the process has used (all its threads, user and
// system). On a machine shared with other work, the CPU time a benchmark
// uses varies less than the wall-clock time it takes.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU reports the CPU time used since start per operation, as
// cpu-ns/op.
func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
}
