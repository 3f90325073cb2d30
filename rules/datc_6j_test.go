package rules_test

// DATC 6.J: civil disorder and disbands, by the 2023 rules (4.D.8): units
// not on a supply centre first, then the farthest from an owned supply
// centre counting every border, fleets before armies, then alphabetical
// order. The DATC gives no full position; each case gives the power just
// the centres and units the description asks for.
var datc6J = []phaseCase{
	// 4.D.6 choice b: the first legal removals are used.
	{ID: "6.J.1", Title: "Too many disband orders",
		Phase: "winter 1901 adjustment",
		Owns:  `France: par`,
		Units: `France: A Paris
			France: A Picardy`,
		Orders: `France: Remove F Gulf of Lyon => no_unit
			France: Remove A Picardy => succeeds
			France: Remove A Paris => no_adjustments_left`,
		WantUnits: `France: A Paris`},
	// The second removal comes from the civil disorder rules: the fleet in
	// the Mid-Atlantic Ocean is farther from Paris than the army in
	// Picardy.
	{ID: "6.J.2", Title: "Removing the same unit twice",
		Phase: "winter 1901 adjustment",
		Owns:  `France: par`,
		Units: `France: A Paris
			France: A Picardy
			France: F Mid-Atlantic Ocean`,
		Orders: `France: Remove A Paris => succeeds
			France: Remove A Paris => duplicate`,
		WantUnits: `France: A Picardy`},
	{ID: "6.J.3", Title: "Civil disorder two armies with different distance",
		Phase: "winter 1901 adjustment",
		Owns:  `Russia: stp`,
		Units: `Russia: A Livonia
			Russia: A Prussia`,
		WantUnits: `Russia: A Livonia`},
	{ID: "6.J.4", Title: "Civil disorder two armies with equal distance",
		Phase: "winter 1901 adjustment",
		Owns:  `Russia: mos`,
		Units: `Russia: A Livonia
			Russia: A Ukraine`,
		WantUnits: `Russia: A Ukraine`},
	{ID: "6.J.5", Title: "Civil disorder two fleets with different distance",
		Phase: "winter 1901 adjustment",
		Owns:  `Russia: stp`,
		Units: `Russia: F Skagerrak
			Russia: F North Atlantic Ocean`,
		WantUnits: `Russia: F Skagerrak`},
	{ID: "6.J.6", Title: "Civil disorder two fleets with equal distance",
		Phase: "winter 1901 adjustment",
		Owns:  `Russia: mun`,
		Units: `Russia: F Gulf of Bothnia
			Russia: F North Sea`,
		WantUnits: `Russia: F North Sea`},
	{ID: "6.J.7", Title: "Civil disorder two fleets and army with equal distance",
		Phase: "winter 1901 adjustment",
		Owns:  `Russia: stp war`,
		Units: `Russia: A Bohemia
			Russia: F Skagerrak
			Russia: F North Sea`,
		WantUnits: `Russia: A Bohemia
			Russia: F Skagerrak`},
	{ID: "6.J.8", Title: "Civil disorder a fleet with shorter distance than the army",
		Phase: "winter 1901 adjustment",
		Owns:  `Russia: war`,
		Units: `Russia: A Tyrolia
			Russia: F Baltic Sea`,
		WantUnits: `Russia: F Baltic Sea`},
	{ID: "6.J.9", Title: "Civil disorder must be counted from both coasts",
		Phase: "winter 1901 adjustment",
		Owns:  `Russia: stp sev`,
		Units: `Russia: A Albania
			Russia: A Sevastopol
			Russia: F Baltic Sea`,
		WantUnits: `Russia: A Sevastopol
			Russia: F Baltic Sea`},
	// The second situation of 6.J.9.
	{ID: "6.J.9/skagerrak", Title: "Civil disorder must be counted from both coasts",
		Phase: "winter 1901 adjustment",
		Owns:  `Russia: stp sev`,
		Units: `Russia: A Albania
			Russia: A Sevastopol
			Russia: F Skagerrak`,
		WantUnits: `Russia: A Sevastopol
			Russia: F Skagerrak`},
	{ID: "6.J.10", Title: "Civil disorder counting convoying distance",
		Phase: "winter 1901 adjustment",
		Owns:  `Italy: nap`,
		Units: `Italy: A Albania
			Italy: A Piedmont`,
		WantUnits: `Italy: A Albania`},
	{ID: "6.J.11", Title: "Distance to owned supply center",
		Phase: "winter 1901 adjustment",
		Owns:  `Italy: war`,
		Units: `Italy: A Warsaw
			Italy: A Tuscany`,
		WantUnits: `Italy: A Warsaw`},
}
