package rules_test

// DATC 6.E.
var datc6E = []phaseCase{}
