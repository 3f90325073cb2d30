package codec

import (
	"fmt"
	"strconv"
)

// InputError is bad input: an unknown variant, province, power or phase,
// or a position the variant's map cannot hold (an order that cannot be
// read is not bad input: it is an illegal order in the results). Like
// *fs.PathError it names where the fault is and wraps its cause, so a
// caller tests the cause with errors.Is and errors.As, and a person reads
// "units: a fleet in \"par\" ...".
type InputError struct {
	// Field is the part of the input at fault as the contract spells it
	// ("units", "dislodged", "supply_centers", "orders", "options",
	// "expect", "phase 3" of a record), or "" when the cause says it all.
	Field string
	// Name is the name at fault as the input spells it (a province, a
	// power, a unit type), when there is one.
	Name string
	// Err is the cause.
	Err error
}

func (e *InputError) Error() string {
	if e.Field == "" {
		return e.Err.Error()
	}
	return e.Field + ": " + e.Err.Error()
}

// Unwrap returns the cause.
func (e *InputError) Unwrap() error { return e.Err }

// NameError is a name the variant (or the contract) does not know.
type NameError struct {
	// What is what the name should denote: "province", "power", "unit
	// type", "season", "phase type", "variant", ...
	What string
	// Name is the name as the input spells it.
	Name string
	// Known, when set, lists what is known, for the message.
	Known string
}

func (e *NameError) Error() string {
	s := "unknown " + e.What + " " + strconv.Quote(e.Name)
	if e.Known != "" {
		s += " (" + e.Known + ")"
	}
	return s
}

// inputErr returns an InputError about name in field.
func inputErr(field, name string, err error) error {
	return &InputError{Field: field, Name: name, Err: err}
}

// unknown returns an InputError for a name field does not know.
func unknown(field, kind, name string) error {
	return &InputError{Field: field, Name: name, Err: &NameError{What: kind, Name: name}}
}

// badf returns an InputError about field, its cause written with
// fmt.Errorf (so that %w keeps a chain).
func badf(field, name, format string, args ...any) error {
	return &InputError{Field: field, Name: name, Err: fmt.Errorf(format, args...)}
}
