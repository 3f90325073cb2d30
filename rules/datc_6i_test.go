package rules_test

// DATC 6.I.
var datc6I = []phaseCase{}
