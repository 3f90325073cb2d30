package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/chancery/chancery/codec"
	"github.com/chancery/chancery/judge"
	"github.com/chancery/chancery/variants"
)

// maxInput bounds what adjudicate reads, so a runaway pipe cannot exhaust memory.
const maxInput = 16 << 20

func runAdjudicate(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("adjudicate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: chancery adjudicate < input.json > output.json")
		fmt.Fprintln(stderr, "Reads one phase (variant, phase, units, dislodged, supply_centers, orders) as JSON; writes the results and the next position.")
		fs.PrintDefaults()
	}
	indent := fs.Bool("indent", true, "indent the output JSON")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "chancery adjudicate: unexpected argument %q (the input is read from standard input)\n", fs.Arg(0))
		return 2
	}
	data, err := readInput(stdin)
	if err != nil {
		fmt.Fprintf(stderr, "chancery adjudicate: %v\n", err)
		return 2
	}
	var in judge.Input
	if err := decodeStrict(data, &in); err != nil {
		fmt.Fprintf(stderr, "chancery adjudicate: malformed input: %v\n", err)
		return 2
	}
	reg, err := variants.Load()
	if err != nil {
		fmt.Fprintf(stderr, "chancery adjudicate: %v\n", err)
		return 1
	}
	out, err := judge.New(reg).Adjudicate(&in)
	if err != nil {
		var ie *codec.InputError
		if errors.As(err, &ie) {
			fmt.Fprintf(stderr, "chancery adjudicate: %v\n", err)
			return 2
		}
		fmt.Fprintf(stderr, "chancery adjudicate: %v\n", err)
		return 1
	}
	return writeJSON(stdout, stderr, out, *indent)
}

// readInput reads standard input, refusing more than maxInput bytes.
func readInput(r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxInput+1))
	if err != nil {
		return nil, fmt.Errorf("reading input: %w", err)
	}
	if len(data) > maxInput {
		return nil, fmt.Errorf("input larger than %d bytes", maxInput)
	}
	return data, nil
}

// decodeStrict decodes exactly one JSON value, refusing unknown fields so
// that a misspelt field is reported instead of silently ignored.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("more than one JSON value")
	}
	return nil
}

func writeJSON(stdout, stderr io.Writer, v any, indent bool) int {
	enc := json.NewEncoder(stdout)
	if indent {
		enc.SetIndent("", "  ")
	}
	if err := enc.Encode(v); err != nil {
		if closedOutput(err) {
			return 0 // nobody reads the rest
		}
		fmt.Fprintf(stderr, "chancery: writing output: %v\n", err)
		return 1
	}
	return 0
}
