package rules_test

// DATC 6.B: coastal issues.
var datc6B = []phaseCase{
	{ID: "6.B.1", Title: "Moving with unspecified coast when coast is necessary",
		Units:         `France: F Portugal`,
		Orders:        `France: F Portugal - Spain => illegal`,
		WantDislodged: ``,
		WantUnits:     `France: F Portugal`},
	// DATC 4.B.2: the move goes to the only reachable coast.
	{ID: "6.B.2", Title: "Moving with unspecified coast when coast is not necessary",
		Units:         `France: F Gascony`,
		Orders:        `France: F Gascony - Spain => succeeds`,
		WantDislodged: ``,
		WantUnits:     `France: F Spain(nc)`},
	// DATC 4.B.3: a wrong coast makes the move illegal.
	{ID: "6.B.3", Title: "Moving with wrong coast when coast is not necessary",
		Units:         `France: F Gascony`,
		Orders:        `France: F Gascony - Spain(sc) => illegal`,
		WantDislodged: ``,
		WantUnits:     `France: F Gascony`},
	{ID: "6.B.4", Title: "Support to unreachable coast allowed",
		Units: `
			France: F Gascony
			France: F Marseilles
			Italy: F Western Mediterranean`,
		Orders: `
			France: F Gascony - Spain(nc) => succeeds
			France: F Marseilles Supports F Gascony - Spain(nc) => succeeds
			Italy: F Western Mediterranean - Spain(sc) => bounced`,
		WantDislodged: ``,
		WantUnits: `
			France: F Spain(nc)
			France: F Marseilles
			Italy: F Western Mediterranean`},
	{ID: "6.B.5", Title: "Support from unreachable coast not allowed",
		Units: `
			France: F Marseilles
			France: F Spain(nc)
			Italy: F Gulf of Lyon`,
		Orders: `
			France: F Marseilles - Gulf of Lyon => bounced
			France: F Spain(nc) Supports F Marseilles - Gulf of Lyon => illegal
			Italy: F Gulf of Lyon Hold => succeeds`,
		WantDislodged: ``,
		WantUnits: `
			France: F Marseilles
			France: F Spain(nc)
			Italy: F Gulf of Lyon`},
	{ID: "6.B.6", Title: "Support can be cut with other coast",
		Units: `
			England: F Irish Sea
			England: F North Atlantic Ocean
			France: F Spain(nc)
			France: F Mid-Atlantic Ocean
			Italy: F Gulf of Lyon`,
		Orders: `
			England: F Irish Sea Supports F North Atlantic Ocean - Mid-Atlantic Ocean => succeeds
			England: F North Atlantic Ocean - Mid-Atlantic Ocean => succeeds
			France: F Spain(nc) Supports F Mid-Atlantic Ocean => cut
			France: F Mid-Atlantic Ocean Hold => dislodged
			Italy: F Gulf of Lyon - Spain(sc) => bounced`,
		WantDislodged: `France: F Mid-Atlantic Ocean`},
	// DATC 4.B.4: a support without coast supports the move to either coast.
	{ID: "6.B.7", Title: "Supporting own unit with unspecified coast",
		Units: `
			France: F Portugal
			France: F Mid-Atlantic Ocean
			Italy: F Gulf of Lyon
			Italy: F Western Mediterranean`,
		Orders: `
			France: F Portugal Supports F Mid-Atlantic Ocean - Spain => succeeds
			France: F Mid-Atlantic Ocean - Spain(nc) => bounced
			Italy: F Gulf of Lyon Supports F Western Mediterranean - Spain(sc) => succeeds
			Italy: F Western Mediterranean - Spain(sc) => bounced`,
		WantDislodged: ``,
		WantUnits: `
			France: F Portugal
			France: F Mid-Atlantic Ocean
			Italy: F Gulf of Lyon
			Italy: F Western Mediterranean`},
	{ID: "6.B.8", Title: "Supporting with unspecified coast when only one coast is possible",
		Units: `
			France: F Portugal
			France: F Gascony
			Italy: F Gulf of Lyon
			Italy: F Western Mediterranean`,
		Orders: `
			France: F Portugal Supports F Gascony - Spain => succeeds
			France: F Gascony - Spain(nc) => bounced
			Italy: F Gulf of Lyon Supports F Western Mediterranean - Spain(sc) => succeeds
			Italy: F Western Mediterranean - Spain(sc) => bounced`,
		WantDislodged: ``,
		WantUnits: `
			France: F Portugal
			France: F Gascony
			Italy: F Gulf of Lyon
			Italy: F Western Mediterranean`},
	// DATC 4.B.4: a coast in a support must match the supported move.
	{ID: "6.B.9", Title: "Supporting with wrong coast",
		Units: `
			France: F Portugal
			France: F Mid-Atlantic Ocean
			Italy: F Gulf of Lyon
			Italy: F Western Mediterranean`,
		Orders: `
			France: F Portugal Supports F Mid-Atlantic Ocean - Spain(nc) => void
			France: F Mid-Atlantic Ocean - Spain(sc) => bounced
			Italy: F Gulf of Lyon Supports F Western Mediterranean - Spain(sc) => succeeds
			Italy: F Western Mediterranean - Spain(sc) => succeeds`,
		WantDislodged: ``,
		WantUnits: `
			France: F Portugal
			France: F Mid-Atlantic Ocean
			Italy: F Gulf of Lyon
			Italy: F Spain(sc)`},
	// DATC 4.B.5: the wrong coast of the ordered unit is ignored.
	{ID: "6.B.10", Title: "Unit ordered with wrong coast",
		Units:         `France: F Spain(sc)`,
		Orders:        `France: F Spain(nc) - Gulf of Lyon => succeeds`,
		WantDislodged: ``,
		WantUnits:     `France: F Gulf of Lyon`},
	{ID: "6.B.11", Title: "Coast cannot be ordered to change",
		Units:         `France: F Spain(nc)`,
		Orders:        `France: F Spain(sc) - Gulf of Lyon => illegal`,
		WantDislodged: ``,
		WantUnits:     `France: F Spain(nc)`},
	// DATC 4.B.6: the coast of an army move is ignored.
	{ID: "6.B.12", Title: "Army movement with coastal specification",
		Units:         `France: A Gascony`,
		Orders:        `France: A Gascony - Spain(nc) => succeeds`,
		WantDislodged: ``,
		WantUnits:     `France: A Spain`},
	{ID: "6.B.13", Title: "Coastal crawl not allowed",
		Units: `
			Turkey: F Bulgaria(sc)
			Turkey: F Constantinople`,
		Orders: `
			Turkey: F Bulgaria(sc) - Constantinople => bounced
			Turkey: F Constantinople - Bulgaria(ec) => bounced`,
		WantDislodged: ``,
		WantUnits: `
			Turkey: F Bulgaria(sc)
			Turkey: F Constantinople`},
	// DATC 4.B.7: a build without the needed coast fails.
	{ID: "6.B.14", Title: "Building with unspecified coast",
		Phase:  "winter 1901 adjustment",
		Owns:   `Russia: stp mos war sev`,
		Units:  `Russia: A Moscow`,
		Orders: `Russia: Build F St Petersburg => illegal`,
		WantUnits: `
			Russia: A Moscow`},
	// DATC 4.B.4: as in 6.B.7, the support without coast matches.
	{ID: "6.B.15", Title: "Supporting foreign unit with unspecified coast",
		Units: `
			France: F Portugal
			England: F Mid-Atlantic Ocean
			Italy: F Gulf of Lyon
			Italy: F Western Mediterranean`,
		Orders: `
			France: F Portugal Supports F Mid-Atlantic Ocean - Spain => succeeds
			England: F Mid-Atlantic Ocean - Spain(nc) => bounced
			Italy: F Gulf of Lyon Supports F Western Mediterranean - Spain(sc) => succeeds
			Italy: F Western Mediterranean - Spain(sc) => bounced`,
		WantDislodged: ``,
		WantUnits: `
			France: F Portugal
			England: F Mid-Atlantic Ocean
			Italy: F Gulf of Lyon
			Italy: F Western Mediterranean`},
}
