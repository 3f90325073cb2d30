package rules_test

// DATC 6.D.
var datc6D = []phaseCase{}
