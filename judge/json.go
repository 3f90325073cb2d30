package judge

import (
	"bytes"
	"encoding/json"
	"errors"
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
// dst. A decoding error is a *SyntaxError-like error of package
// encoding/json or a plain error; an adjudication error is Adjudicate's.
func (j *Judge) AdjudicateJSON(dst, src []byte) ([]byte, error) {
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
