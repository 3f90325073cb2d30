package rules_test

// DATC 6.A: basic checks.
var datc6A = []phaseCase{
	{ID: "6.A.1", Title: "Moving to an area that is not a neighbour",
		Units:  `England: F North Sea`,
		Orders: `England: F North Sea - Picardy => illegal`},
	{ID: "6.A.2", Title: "Move army to sea",
		Units:  `England: A Liverpool`,
		Orders: `England: A Liverpool - Irish Sea => illegal`},
}
