package rules_test

// DATC 6.G.
var datc6G = []phaseCase{}
