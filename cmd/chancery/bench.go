package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/chancery/chancery/judge"
	"github.com/chancery/chancery/variants"
)

// benchReport is the --json line of "chancery bench".
type benchReport struct {
	Cases          int     `json:"cases"`
	Phases         int     `json:"phases"`
	Seconds        float64 `json:"seconds"`
	PhasesPerSec   float64 `json:"phases_per_second"`
	MicrosPerPhase float64 `json:"microseconds_per_phase"`
	Mismatches     int     `json:"mismatches"`
}

func runBench(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: chancery bench --cases FILE... [--time 2s | --count N] [--json]")
		fmt.Fprintln(stderr, "Adjudicates every case in a loop (build the position, parse the orders, resolve) and reports the speed.")
		fs.PrintDefaults()
	}
	cases := fs.Bool("cases", false, "the arguments are case files (JSON arrays of {name, input, expect})")
	dur := fs.Duration("time", 2*time.Second, "how long to loop")
	count := fs.Int("count", 0, "loop over the cases this many times instead of for --time")
	asJSON := fs.Bool("json", false, "print one JSON line")
	fallback := fs.Bool("convoy-fallback", false, "play cases without options with the DATC v2 land fall-back for \"via convoy\" (as the recorded games of ../shared were judged)")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return 2
	}
	if !*cases || len(files) == 0 {
		fs.Usage()
		return 2
	}
	if *count < 0 || *dur <= 0 {
		fmt.Fprintln(stderr, "chancery bench: --count must be 0 (use --time) or more, and --time more than 0")
		return 2
	}
	var all []judge.Case
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			fmt.Fprintf(stderr, "chancery bench: %v\n", err)
			return 2
		}
		var cs []judge.Case
		if err := json.Unmarshal(data, &cs); err != nil {
			fmt.Fprintf(stderr, "chancery bench: %s: %v\n", f, err)
			return 2
		}
		all = append(all, cs...)
	}
	for i := range all {
		if *fallback && all[i].Input.Options == nil {
			all[i].Input.Options = &judge.Options{ConvoyFallback: true}
		}
	}
	if len(all) == 0 {
		fmt.Fprintln(stderr, "chancery bench: no cases")
		return 2
	}
	reg, err := variants.Load()
	if err != nil {
		fmt.Fprintf(stderr, "chancery bench: %v\n", err)
		return 1
	}
	j := judge.New(reg)
	// Check every case once.
	mismatches := 0
	for i := range all {
		out, err := j.Adjudicate(&all[i].Input)
		if err != nil {
			fmt.Fprintf(stderr, "chancery bench: case %s: %v\n", all[i].Name, err)
			return 2
		}
		want, err := j.Canonical(all[i].Input.Variant, &all[i].Expect)
		if err != nil {
			fmt.Fprintf(stderr, "chancery bench: case %s: %v\n", all[i].Name, err)
			return 2
		}
		if diff := judge.Compare(&out.Next, want); diff != "" {
			mismatches++
			fmt.Fprintf(stderr, "chancery bench: case %s differs from its expectation: %s\n", all[i].Name, diff)
		}
	}
	phases := 0
	start := time.Now()
	for round := 0; ; round++ {
		if *count > 0 && round >= *count {
			break
		}
		if *count == 0 && round > 0 && time.Since(start) >= *dur {
			break
		}
		for i := range all {
			if _, err := j.Resolve(&all[i].Input); err != nil {
				fmt.Fprintf(stderr, "chancery bench: %v\n", err)
				return 1
			}
		}
		phases += len(all)
	}
	el := time.Since(start).Seconds()
	rep := benchReport{Cases: len(all), Phases: phases, Seconds: el, PhasesPerSec: float64(phases) / el,
		MicrosPerPhase: el * 1e6 / float64(phases), Mismatches: mismatches}
	if *asJSON {
		if code := writeJSON(stdout, stderr, rep, false); code != 0 {
			return code
		}
	} else {
		fmt.Fprintf(stdout, "%d cases, %d phases in %.2fs: %.0f phases/s, %.2f µs/phase, %d mismatches\n",
			rep.Cases, rep.Phases, rep.Seconds, rep.PhasesPerSec, rep.MicrosPerPhase, rep.Mismatches)
	}
	if mismatches > 0 {
		if !*fallback {
			fmt.Fprintln(stderr, "chancery bench: judges that let an army ordered \"via convoy\" with no convoy move by land (DATC version 2) disagree with the DATC 3.1 default here; --convoy-fallback plays their reading")
		}
		return 1
	}
	return 0
}
