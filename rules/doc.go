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
// Variants plug in through declarative data only, read from their map
// files: border kinds with their own strength, support, cut, retreat and
// convoy behaviour (a cape route, a bridge), a gated border kind whose
// crossing needs the gate holder's Permit order (a canal), railway lines
// (Railway orders travel them), supply centres that bar a power (Colonial's
// Hong Kong), and the variant's flags (build anywhere, neutral units,
// victory thresholds, no draws). The resolver has no variant hooks: a rule
// that data cannot say is a new declarative property of the core.
package rules
