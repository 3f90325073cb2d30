package rules_test

// DATC 6.I: building. The DATC gives no full position; each case gives
// the power just the centres and units the description asks for.
var datc6I = []phaseCase{
	// 4.D.4 choice b: the first legal builds are used.
	{ID: "6.I.1", Title: "Too many build orders",
		Phase: "winter 1901 adjustment",
		Owns:  `Germany: ber kie mun`,
		Units: `Germany: A Berlin
			Germany: A Ruhr`,
		Orders: `Germany: Build A Warsaw => no_build_site
			Germany: Build A Kiel => succeeds
			Germany: Build A Munich => no_adjustments_left`,
		WantUnits: `Germany: A Berlin
			Germany: A Ruhr
			Germany: A Kiel`},
	// 4.C.4: the order is not changed into an army build.
	{ID: "6.I.2", Title: "Fleets cannot be build in land areas",
		Phase: "winter 1901 adjustment",
		Owns:  `Russia: mos stp war sev`,
		Units: `Russia: F St Petersburg(sc)
			Russia: A Warsaw
			Russia: F Sevastopol`,
		Orders: `Russia: Build F Moscow => wrong_terrain`,
		WantUnits: `Russia: F St Petersburg(sc)
			Russia: A Warsaw
			Russia: F Sevastopol`},
	{ID: "6.I.3", Title: "Supply center must be empty for building",
		Phase: "winter 1901 adjustment",
		Owns:  `Germany: ber kie mun`,
		Units: `Germany: A Berlin
			Germany: A Ruhr`,
		Orders: `Germany: Build A Berlin => occupied`,
		WantUnits: `Germany: A Berlin
			Germany: A Ruhr`},
	{ID: "6.I.4", Title: "Both coasts must be empty for building",
		Phase: "winter 1901 adjustment",
		Owns:  `Russia: mos stp war sev`,
		Units: `Russia: F St Petersburg(sc)
			Russia: A Warsaw
			Russia: F Sevastopol`,
		Orders: `Russia: Build A St Petersburg(nc) => occupied`,
		WantUnits: `Russia: F St Petersburg(sc)
			Russia: A Warsaw
			Russia: F Sevastopol`},
	{ID: "6.I.5", Title: "Building in home supply center that is not owned",
		Phase: "winter 1901 adjustment",
		Owns: `Germany: kie mun hol den
			Russia: ber war`,
		Units: `Germany: A Holland
			Germany: F Denmark
			Russia: A Warsaw
			Russia: A Prussia`,
		Orders: `Germany: Build A Berlin => no_build_site`,
		WantUnits: `Germany: A Holland
			Germany: F Denmark
			Russia: A Warsaw
			Russia: A Prussia`},
	{ID: "6.I.6", Title: "Building in owned supply center that is not a home supply center",
		Phase: "winter 1901 adjustment",
		Owns:  `Germany: ber kie mun war`,
		Units: `Germany: A Berlin
			Germany: F Kiel
			Germany: A Munich`,
		Orders: `Germany: Build A Warsaw => no_build_site`,
		WantUnits: `Germany: A Berlin
			Germany: F Kiel
			Germany: A Munich`},
	// 4.D.5 choice b: the first build order for a province is used.
	{ID: "6.I.7", Title: "Only one build in a home supply center",
		Phase: "winter 1901 adjustment",
		Owns:  `Russia: mos stp war sev`,
		Units: `Russia: A Warsaw
			Russia: F Sevastopol`,
		Orders: `Russia: Build A Moscow => succeeds
			Russia: Build A Moscow => occupied`,
		WantUnits: `Russia: A Moscow
			Russia: A Warsaw
			Russia: F Sevastopol`},
}
