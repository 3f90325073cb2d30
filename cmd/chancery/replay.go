package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/chancery/chancery/codec"
	"github.com/chancery/chancery/judge"
	"github.com/chancery/chancery/variants"
)

func runReplay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: chancery replay [--check] [FILE]")
		fmt.Fprintln(stderr, `Plays a game record {"variant": ..., "phases": [{"phase": ..., "orders": {...}, "expect": ...}]}`)
		fmt.Fprintln(stderr, "from the variant's start (standard input when FILE is absent) and prints the final position.")
		fs.PrintDefaults()
	}
	check := fs.Bool("check", false, "compare each phase's result with the record's expected position; exit 1 on a difference")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	var data []byte
	var err error
	switch fs.NArg() {
	case 0:
		data, err = readInput(stdin)
	case 1:
		data, err = os.ReadFile(fs.Arg(0))
	default:
		fmt.Fprintln(stderr, "chancery replay: give one record file")
		return 2
	}
	if err != nil {
		fmt.Fprintf(stderr, "chancery replay: %v\n", err)
		return 2
	}
	var rec judge.Record
	if err := decodeStrict(data, &rec); err != nil {
		fmt.Fprintf(stderr, "chancery replay: malformed record: %v\n", err)
		return 2
	}
	reg, err := variants.Load()
	if err != nil {
		fmt.Fprintf(stderr, "chancery replay: %v\n", err)
		return 1
	}
	res, err := judge.New(reg).Replay(&rec, *check)
	if err != nil {
		fmt.Fprintf(stderr, "chancery replay: %v\n", err)
		var ie *codec.InputError
		if errors.As(err, &ie) {
			return 2
		}
		return 1
	}
	if code := writeJSON(stdout, stderr, res, true); code != 0 {
		return code
	}
	if *check && len(res.Mismatches) > 0 {
		for _, m := range res.Mismatches {
			fmt.Fprintf(stderr, "chancery replay: %s\n", m)
		}
		return 1
	}
	return 0
}
