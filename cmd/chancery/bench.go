package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
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
		fmt.Fprintln(stderr, "usage: chancery bench [--cases] FILE... [--time 2s | --count N] [--json]")
		fmt.Fprintln(stderr, "Replays game records (the form of chancery replay) in a loop, or with --cases adjudicates")
		fmt.Fprintln(stderr, "recorded phases (build the position, parse the orders, resolve), and reports the speed.")
		fs.PrintDefaults()
	}
	cases := fs.Bool("cases", false, "the arguments are case files (JSON arrays of {name, input, expect})")
	dur := fs.Duration("time", 2*time.Second, "how long to loop")
	count := fs.Int("count", 0, "loop over the cases this many times instead of for --time")
	asJSON := fs.Bool("json", false, "print one JSON line")
	fallback := fs.Bool("convoy-fallback", false, "play cases and records without options with the DATC v2 land fall-back for \"via convoy\" (the reading under which the recorded reference games were judged)")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return 2
	}
	if len(files) == 0 {
		fs.Usage()
		return 2
	}
	if *count < 0 || *dur <= 0 {
		fmt.Fprintln(stderr, "chancery bench: --count must be 0 (use --time) or more, and --time more than 0")
		return 2
	}
	reg, err := variants.Load()
	if err != nil {
		fmt.Fprintf(stderr, "chancery bench: %v\n", err)
		return 1
	}
	j := judge.New(reg)
	var w benchWork
	if *cases {
		w, err = loadCases(j, files, *fallback, stderr)
	} else {
		w, err = loadRecords(j, files, *fallback, stderr)
	}
	if err != nil {
		fmt.Fprintf(stderr, "chancery bench: %v\n", err)
		return 2
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
		n, err := w.round()
		if err != nil {
			fmt.Fprintf(stderr, "chancery bench: %v\n", err)
			return 1
		}
		phases += n
	}
	el := time.Since(start).Seconds()
	rep := benchReport{Cases: w.items, Phases: phases, Seconds: el, PhasesPerSec: float64(phases) / el,
		MicrosPerPhase: el * 1e6 / float64(phases), Mismatches: w.mismatches}
	if *asJSON {
		if code := writeJSON(stdout, stderr, rep, false); code != 0 {
			return code
		}
	} else {
		noun := w.noun
		if rep.Cases == 1 {
			noun = strings.TrimSuffix(noun, "s")
		}
		fmt.Fprintf(stdout, "%d %s, %d phases in %.2fs: %.0f phases/s, %.2f µs/phase, %d mismatches\n",
			rep.Cases, noun, rep.Phases, rep.Seconds, rep.PhasesPerSec, rep.MicrosPerPhase, rep.Mismatches)
	}
	if w.mismatches > 0 {
		if !*fallback {
			fmt.Fprintln(stderr, "chancery bench: if the expectations come from a judge that lets an army ordered \"via convoy\" with no convoy move by land (DATC version 2), --convoy-fallback plays that reading")
		}
		return 1
	}
	return 0
}

// benchWork is what one round of "chancery bench" does, checked once
// against the expectations before the timing starts.
type benchWork struct {
	noun       string // "cases" or "games"
	items      int
	mismatches int
	round      func() (phases int, err error)
}

// loadCases reads case files and checks every case once.
func loadCases(j *judge.Judge, files []string, fallback bool, stderr io.Writer) (benchWork, error) {
	var all []judge.Case
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return benchWork{}, err
		}
		var cs []judge.Case
		if err := decodeStrict(data, &cs); err != nil {
			return benchWork{}, fmt.Errorf("%s: %w", f, err)
		}
		all = append(all, cs...)
	}
	if len(all) == 0 {
		return benchWork{}, errors.New("no cases")
	}
	w := benchWork{noun: "cases", items: len(all)}
	for i := range all {
		if fallback && all[i].Input.Options == nil {
			all[i].Input.Options = &judge.Options{ConvoyFallback: true}
		}
		out, err := j.Adjudicate(&all[i].Input)
		if err != nil {
			return w, fmt.Errorf("case %s: %w", all[i].Name, err)
		}
		want, err := j.Canonical(all[i].Input.Variant, &all[i].Expect)
		if err != nil {
			return w, fmt.Errorf("case %s: %w", all[i].Name, err)
		}
		if diff := judge.Compare(&out.Next, want); diff != "" {
			w.mismatches++
			fmt.Fprintf(stderr, "chancery bench: case %s differs from its expectation: %s\n", all[i].Name, diff)
		}
	}
	w.round = func() (int, error) {
		for i := range all {
			if _, err := j.Resolve(&all[i].Input); err != nil {
				return 0, err
			}
		}
		return len(all), nil
	}
	return w, nil
}

// loadRecords reads game records (one per file) and replays each once,
// checking the expectations it carries.
func loadRecords(j *judge.Judge, files []string, fallback bool, stderr io.Writer) (benchWork, error) {
	var recs []*judge.Record
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return benchWork{}, err
		}
		var rec judge.Record
		if err := decodeStrict(data, &rec); err != nil {
			return benchWork{}, fmt.Errorf("%s: %w (a game record; case files need --cases)", f, err)
		}
		if len(rec.Phases) == 0 {
			return benchWork{}, fmt.Errorf("%s: a game record with no phases (case files need --cases)", f)
		}
		if fallback && rec.Options == nil {
			rec.Options = &judge.Options{ConvoyFallback: true}
		}
		recs = append(recs, &rec)
	}
	w := benchWork{noun: "games", items: len(recs)}
	for i, rec := range recs {
		out, err := j.Replay(rec, true)
		if err != nil {
			return w, fmt.Errorf("%s: %w", files[i], err)
		}
		for _, m := range out.Mismatches {
			w.mismatches++
			fmt.Fprintf(stderr, "chancery bench: %s: %s\n", files[i], m)
		}
	}
	w.round = func() (int, error) {
		n := 0
		for _, rec := range recs {
			out, err := j.Replay(rec, false)
			if err != nil {
				return 0, err
			}
			n += out.Phases
		}
		return n, nil
	}
	return w, nil
}
