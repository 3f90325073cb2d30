// Package rules is Chancery's rules core: the map graph, positions, typed
// orders and the resolver for movement, retreat and adjustment phases.
//
// The core is pure and deterministic. It does no I/O, holds no global state
// and never parses text: provinces, coasts, powers and unit types are small
// integers, and a Map turns names into ids only at the edges (see the
// notation and variants packages).
//
// Movement is resolved with a general dependency resolver (the "guess and
// check" algorithm of DATC section 5): each order is a decision that is
// computed from the decisions it depends on; cycles are detected, both
// guesses are tried, and where the rules give no answer or two answers the
// backup rule applies (circular movement succeeds; a convoy paradox is broken
// by the Szykman rule by default). No test position is special-cased.
//
// Variants plug in through named, declarative properties of the map (border
// kinds with their own strength, support, cut and retreat behaviour; build
// anywhere; neutral units; victory thresholds) and through the small Hooks
// interface for what data cannot say (an ownership rule such as Colonial's
// Hong Kong, or extra order kinds such as a railway move).
package rules
