package rules_test

// DATC 6.A: basic checks.
var datc6A = []phaseCase{
	{ID: "6.A.1", Title: "Moving to an area that is not a neighbour",
		Units:         `England: F North Sea`,
		Orders:        `England: F North Sea - Picardy => illegal`,
		WantDislodged: ``,
		WantUnits:     `England: F North Sea`},
	{ID: "6.A.2", Title: "Move army to sea",
		Units:         `England: A Liverpool`,
		Orders:        `England: A Liverpool - Irish Sea => illegal`,
		WantDislodged: ``,
		WantUnits:     `England: A Liverpool`},
	{ID: "6.A.3", Title: "Move fleet to land",
		Units:         `Germany: F Kiel`,
		Orders:        `Germany: F Kiel - Munich => illegal`,
		WantDislodged: ``,
		WantUnits:     `Germany: F Kiel`},
	{ID: "6.A.4", Title: "Move to own sector",
		Units:         `Germany: F Kiel`,
		Orders:        `Germany: F Kiel - Kiel => illegal`,
		WantDislodged: ``,
		WantUnits:     `Germany: F Kiel`},
	{ID: "6.A.5", Title: "Move to own sector with convoy",
		Units: `
			England: F North Sea
			England: A Yorkshire
			England: A Liverpool
			Germany: F London
			Germany: A Wales`,
		Orders: `
			England: F North Sea Convoys A Yorkshire - Yorkshire => illegal
			England: A Yorkshire - Yorkshire => illegal
			England: A Liverpool Supports A Yorkshire - Yorkshire => illegal
			Germany: F London - Yorkshire => succeeds
			Germany: A Wales Supports F London - Yorkshire => succeeds`,
		WantDislodged: `England: A Yorkshire`},
	{ID: "6.A.6", Title: "Ordering a unit of another country",
		Units:         `England: F London`,
		Orders:        `Germany: F London - North Sea => no_unit`,
		WantDislodged: ``,
		WantUnits:     `England: F London`},
	// The DATC only prescribes the fleet's move; a convoy of the fleet in
	// London is taken as impossible (illegal), which Chancery does.
	{ID: "6.A.7", Title: "Only armies can be convoyed",
		Units: `
			England: F London
			England: F North Sea`,
		Orders: `
			England: F London - Belgium => illegal
			England: F North Sea Convoys A London - Belgium => illegal`,
		WantDislodged: ``,
		WantUnits: `
			England: F London
			England: F North Sea`},
	{ID: "6.A.8", Title: "Support to hold yourself is not possible",
		Units: `
			Italy: A Venice
			Italy: A Tyrolia
			Austria: F Trieste`,
		Orders: `
			Italy: A Venice - Trieste => succeeds
			Italy: A Tyrolia Supports A Venice - Trieste => succeeds
			Austria: F Trieste Supports F Trieste => illegal`,
		WantDislodged: `Austria: F Trieste`},
	{ID: "6.A.9", Title: "Fleets must follow coast if not on sea",
		Units:         `Italy: F Rome`,
		Orders:        `Italy: F Rome - Venice => illegal`,
		WantDislodged: ``,
		WantUnits:     `Italy: F Rome`},
	{ID: "6.A.10", Title: "Support on unreachable destination not possible",
		Units: `
			Austria: A Venice
			Italy: F Rome
			Italy: A Apulia`,
		Orders: `
			Austria: A Venice Hold => succeeds
			Italy: F Rome Supports A Apulia - Venice => illegal
			Italy: A Apulia - Venice => bounced`,
		WantDislodged: ``,
		WantUnits: `
			Austria: A Venice
			Italy: F Rome
			Italy: A Apulia`},
	{ID: "6.A.11", Title: "Simple bounce",
		Units: `
			Austria: A Vienna
			Italy: A Venice`,
		Orders: `
			Austria: A Vienna - Tyrolia => bounced
			Italy: A Venice - Tyrolia => bounced`,
		WantDislodged: ``,
		WantUnits: `
			Austria: A Vienna
			Italy: A Venice`},
	{ID: "6.A.12", Title: "Bounce of three units",
		Units: `
			Austria: A Vienna
			Germany: A Munich
			Italy: A Venice`,
		Orders: `
			Austria: A Vienna - Tyrolia => bounced
			Germany: A Munich - Tyrolia => bounced
			Italy: A Venice - Tyrolia => bounced`,
		WantDislodged: ``,
		WantUnits: `
			Austria: A Vienna
			Germany: A Munich
			Italy: A Venice`},
}
