package rules_test

// DATC 6.H.
var datc6H = []phaseCase{}
