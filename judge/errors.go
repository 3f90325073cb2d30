package judge

import (
	"fmt"

	"github.com/chancery/chancery/codec"
)

// inputErr returns an InputError about name in field.
func inputErr(field, name string, err error) error {
	return &codec.InputError{Field: field, Name: name, Err: err}
}

// unknown returns an InputError for a name field does not know.
func unknown(field, kind, name string) error {
	return &codec.InputError{Field: field, Name: name, Err: &codec.NameError{What: kind, Name: name}}
}

// badf returns an InputError about field, its cause written with
// fmt.Errorf (so that %w keeps a chain).
func badf(field, name, format string, args ...any) error {
	return &codec.InputError{Field: field, Name: name, Err: fmt.Errorf(format, args...)}
}
