package rules_test

// DATC 6.C.
var datc6C = []phaseCase{}
