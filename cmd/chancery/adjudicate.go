package main

import (
	"bufio"
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
		fmt.Fprintln(stderr, "usage: chancery adjudicate [--jsonl] < input.json > output.json")
		fmt.Fprintln(stderr, "Reads one phase (variant, phase, units, dislodged, supply_centers, orders) as JSON; writes the results and the next position.")
		fmt.Fprintln(stderr, "With --jsonl, reads one phase per line and writes one output per line, until the input ends.")
		fs.PrintDefaults()
	}
	indent := fs.Bool("indent", true, "indent the output JSON (not with --jsonl)")
	lines := fs.Bool("jsonl", false, "read one phase per line and write each one's output on a line of its own, as soon as it is known; a line that is not good input gets {\"error\", \"code\", \"line\"} instead, and the stream goes on")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "chancery adjudicate: unexpected argument %q (the input is read from standard input)\n", fs.Arg(0))
		return 2
	}
	reg, err := variants.Load()
	if err != nil {
		fmt.Fprintf(stderr, "chancery adjudicate: %v\n", err)
		return 1
	}
	j := judge.New(reg)
	if *lines {
		if err := adjudicateLines(j, stdin, stdout); err != nil {
			if closedOutput(err) {
				return 0
			}
			fmt.Fprintf(stderr, "chancery adjudicate: %v\n", err)
			return 1
		}
		return 0
	}
	data, err := readInput(stdin)
	if err != nil {
		fmt.Fprintf(stderr, "chancery adjudicate: %v\n", err)
		return 2
	}
	out, err := j.AdjudicateJSON(nil, data)
	if err != nil {
		fmt.Fprintf(stderr, "chancery adjudicate: %v\n", err)
		if errorCode(err) == "failed" {
			return 1
		}
		return 2
	}
	if *indent {
		if out, err = appendIndent(make([]byte, 0, 2*len(out)), out); err != nil {
			fmt.Fprintf(stderr, "chancery adjudicate: %v\n", err)
			return 1
		}
	}
	if _, err := stdout.Write(append(out, '\n')); err != nil && !closedOutput(err) {
		fmt.Fprintf(stderr, "chancery: writing output: %v\n", err)
		return 1
	}
	return 0
}

// errorCode is the code of an adjudication's error: "malformed" for input
// that is not the contract's JSON, "bad_input" for a position or name the
// variant does not have, "failed" for anything else.
func errorCode(err error) string {
	var de *judge.DecodeError
	var ie *codec.InputError
	switch {
	case errors.As(err, &de):
		return "malformed"
	case errors.As(err, &ie):
		return "bad_input"
	}
	return "failed"
}

// adjudicateLines is "chancery adjudicate --jsonl": each line of in is a
// phase, and its output, or an error object, is a line of out, in the
// same order. Output is flushed whenever the input has no more lines
// waiting, so that a program that writes a phase and waits for its answer
// gets it. Only a failure to read or write ends the stream.
func adjudicateLines(j *judge.Judge, in io.Reader, out io.Writer) error {
	r := bufio.NewReaderSize(in, 256<<10)
	w := bufio.NewWriterSize(out, 256<<10)
	var buf, long []byte
	for n := 1; ; n++ {
		line, err := r.ReadSlice('\n')
		tooLong := false
		if err == bufio.ErrBufferFull {
			// A line longer than the buffer: gathered, up to maxInput.
			long = append(long[:0], line...)
			for err == bufio.ErrBufferFull {
				line, err = r.ReadSlice('\n')
				if len(long)+len(line) > maxInput+1 {
					tooLong = true
					continue
				}
				long = append(long, line...)
			}
			line = long
		}
		if err != nil && err != io.EOF {
			return fmt.Errorf("reading line %d: %w", n, err)
		}
		if err == io.EOF && len(line) == 0 {
			break
		}
		line = bytes.TrimSuffix(bytes.TrimSuffix(line, []byte("\n")), []byte("\r"))
		var aerr error
		if tooLong {
			aerr = errLineTooLong
		} else {
			buf, aerr = j.AdjudicateJSON(buf[:0], line)
		}
		if aerr != nil {
			buf = appendLineError(buf[:0], n, aerr)
		}
		buf = append(buf, '\n')
		if _, err := w.Write(buf); err != nil {
			return err
		}
		if err == io.EOF {
			break
		}
		if r.Buffered() == 0 {
			if err := w.Flush(); err != nil {
				return err
			}
		}
	}
	return w.Flush()
}

// errLineTooLong is the error of a line of more than maxInput bytes.
var errLineTooLong = fmt.Errorf("line longer than %d bytes", maxInput)

// lineError is the line "chancery adjudicate --jsonl" writes for a line
// it cannot adjudicate.
type lineError struct {
	Error string `json:"error"`
	Code  string `json:"code"`
	Line  int    `json:"line"`
}

func appendLineError(b []byte, line int, err error) []byte {
	code := errorCode(err)
	if err == errLineTooLong {
		code = "too_long"
	}
	data, merr := json.Marshal(lineError{Error: err.Error(), Code: code, Line: line})
	if merr != nil {
		return append(b, `{"error":"unprintable error","code":"failed"}`...)
	}
	return append(b, data...)
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
