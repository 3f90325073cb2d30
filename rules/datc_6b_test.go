package rules_test

// DATC 6.B.
var datc6B = []phaseCase{}
