package rules_test

// DATC 6.J.
var datc6J = []phaseCase{}
