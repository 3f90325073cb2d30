package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/variants"
)

// parseInterleaved parses flags that may come before, between or after the
// positional arguments ("bench --cases a.json b.json --json"), and returns
// the positional arguments.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return pos, nil
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// newFlags returns the flag set of subcommand name, which reports to
// stderr; its -h prints usage, a line each, then the flags.
func newFlags(name string, stderr io.Writer, usage ...string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		for _, line := range usage {
			fmt.Fprintln(stderr, line)
		}
		fs.PrintDefaults()
	}
	return fs
}

// parseFlagsOnly parses the flags of a subcommand that takes no other
// argument, and reports whether they are good (if not, it is said on
// stderr, and the exit status is 2).
func parseFlagsOnly(fs *flag.FlagSet, args []string, stderr io.Writer) bool {
	if err := fs.Parse(args); err != nil {
		return false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "chancery %s: unexpected argument %q (flags only; -h lists them)\n", fs.Name(), fs.Arg(0))
		return false
	}
	return true
}

// loadVariant returns the variant called name for subcommand cmd, or the
// exit status when there is none (said on stderr): 1 when the variants do
// not load, 2 for a name not known (the error lists the known ones).
func loadVariant(cmd, name string, stderr io.Writer) (*rules.Variant, int) {
	reg, err := variants.Load()
	if err != nil {
		fmt.Fprintf(stderr, "chancery %s: %v\n", cmd, err)
		return nil, 1
	}
	v, err := reg.Get(name)
	if err != nil {
		fmt.Fprintf(stderr, "chancery %s: %v\n", cmd, err)
		return nil, 2
	}
	return v, 0
}
