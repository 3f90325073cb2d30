package judge

import (
	"bytes"
	"encoding/json"
	"errors"
	"unsafe"
)

// DecodeInput reads one contract input, strictly: exactly one JSON value,
// no unknown fields (a misspelt field is reported, not silently ignored).
func DecodeInput(data []byte) (*Input, error) {
	var in Input
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, errors.New("more than one JSON value")
	}
	return &in, nil
}

// AdjudicateJSON adjudicates one phase given as the contract's JSON input
// and appends the output's JSON, compact and without a final newline, to
// dst: the bytes that encoding/json writes for Adjudicate's output. Bad
// input is a *DecodeError, or Adjudicate's error.
//
// The common form of the input is read and the output written without
// allocating (see reader and appendOutput); anything else, bad input
// included, goes through DecodeInput, Adjudicate and encoding/json, which
// say what the contract accepts and how errors read.
func (j *Judge) AdjudicateJSON(dst, src []byte) ([]byte, error) {
	if out, ok := j.adjudicateRead(dst, src); ok {
		return out, nil
	}
	in, err := DecodeInput(src)
	if err != nil {
		return dst, &DecodeError{Err: err}
	}
	out, err := j.Adjudicate(in)
	if err != nil {
		return dst, err
	}
	b, err := json.Marshal(out)
	if err != nil {
		return dst, err
	}
	return append(dst, b...), nil
}

// DecodeError is an input that is not the contract's JSON: malformed, an
// unknown field, a value of the wrong type.
type DecodeError struct{ Err error }

func (e *DecodeError) Error() string { return "malformed input: " + e.Err.Error() }

// Unwrap returns the cause.
func (e *DecodeError) Unwrap() error { return e.Err }

// adjudicateRead is AdjudicateJSON's fast way: it reports false, having
// written nothing, when the reader cannot read src or the input is bad,
// for the slow way to read it again and say what is wrong.
func (j *Judge) adjudicateRead(dst, src []byte) ([]byte, bool) {
	r := &j.read
	// The reader's strings are substrings of src, without a copy. They
	// are used during this call only (the state cache keeps a copy of the
	// variant's name; errors are left to the slow way, which copies), and
	// the scratch space that still holds them after it is overwritten
	// before it is read again.
	e, ok := r.read(j, unsafe.String(unsafe.SliceData(src), len(src)))
	if !ok {
		return dst, false
	}
	var options *Options
	if r.optioned {
		options = &r.options
	}
	opt, err := ParseOptions(options)
	if err != nil {
		return dst, false
	}
	e.parseOrders(e.pos.Phase.Type)
	// The codec checked the position as it built it.
	e.resolver(opt).AdjudicateChecked(&e.pos, e.ords, &e.out)
	return e.appendOutput(dst), true
}
