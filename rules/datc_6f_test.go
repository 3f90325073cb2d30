package rules_test

// DATC 6.F.
var datc6F = []phaseCase{}
