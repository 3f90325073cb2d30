package rules_test

// DATC 6.C: circular movement.
var datc6C = []phaseCase{
	{ID: "6.C.1", Title: "Three army circular movement",
		Units: `
			Turkey: F Ankara
			Turkey: A Constantinople
			Turkey: A Smyrna`,
		Orders: `
			Turkey: F Ankara - Constantinople => succeeds
			Turkey: A Constantinople - Smyrna => succeeds
			Turkey: A Smyrna - Ankara => succeeds`,
		WantDislodged: ``,
		WantUnits: `
			Turkey: F Constantinople
			Turkey: A Smyrna
			Turkey: A Ankara`},
	{ID: "6.C.2", Title: "Three army circular movement with support",
		Units: `
			Turkey: F Ankara
			Turkey: A Constantinople
			Turkey: A Smyrna
			Turkey: A Bulgaria`,
		Orders: `
			Turkey: F Ankara - Constantinople => succeeds
			Turkey: A Constantinople - Smyrna => succeeds
			Turkey: A Smyrna - Ankara => succeeds
			Turkey: A Bulgaria Supports F Ankara - Constantinople => succeeds`,
		WantDislodged: ``,
		WantUnits: `
			Turkey: F Constantinople
			Turkey: A Smyrna
			Turkey: A Ankara
			Turkey: A Bulgaria`},
	{ID: "6.C.3", Title: "A disrupted three army circular movement",
		Units: `
			Turkey: F Ankara
			Turkey: A Constantinople
			Turkey: A Smyrna
			Turkey: A Bulgaria`,
		Orders: `
			Turkey: F Ankara - Constantinople => bounced
			Turkey: A Constantinople - Smyrna => fails
			Turkey: A Smyrna - Ankara => fails
			Turkey: A Bulgaria - Constantinople => bounced`,
		WantDislodged: ``,
		WantUnits: `
			Turkey: F Ankara
			Turkey: A Constantinople
			Turkey: A Smyrna
			Turkey: A Bulgaria`},
	{ID: "6.C.4", Title: "A circular movement with attacked convoy",
		Units: `
			Austria: A Trieste
			Austria: A Serbia
			Turkey: A Bulgaria
			Turkey: F Aegean Sea
			Turkey: F Ionian Sea
			Turkey: F Adriatic Sea
			Italy: F Naples`,
		Orders: `
			Austria: A Trieste - Serbia => succeeds
			Austria: A Serbia - Bulgaria => succeeds
			Turkey: A Bulgaria - Trieste => succeeds
			Turkey: F Aegean Sea Convoys A Bulgaria - Trieste => succeeds
			Turkey: F Ionian Sea Convoys A Bulgaria - Trieste => succeeds
			Turkey: F Adriatic Sea Convoys A Bulgaria - Trieste => succeeds
			Italy: F Naples - Ionian Sea => bounced`,
		WantDislodged: ``,
		WantUnits: `
			Austria: A Serbia
			Austria: A Bulgaria
			Turkey: A Trieste
			Turkey: F Aegean Sea
			Turkey: F Ionian Sea
			Turkey: F Adriatic Sea
			Italy: F Naples`},
	// The DATC does not judge the orders of the convoying fleets that stay:
	// Chancery reports a convoy by a fleet that is not dislodged as
	// succeeded even when the route is broken elsewhere.
	{ID: "6.C.5", Title: "A disrupted circular movement due to dislodged convoy",
		Units: `
			Austria: A Trieste
			Austria: A Serbia
			Turkey: A Bulgaria
			Turkey: F Aegean Sea
			Turkey: F Ionian Sea
			Turkey: F Adriatic Sea
			Italy: F Naples
			Italy: F Tunis`,
		Orders: `
			Austria: A Trieste - Serbia => fails
			Austria: A Serbia - Bulgaria => fails
			Turkey: A Bulgaria - Trieste => no_convoy
			Turkey: F Aegean Sea Convoys A Bulgaria - Trieste => succeeds
			Turkey: F Ionian Sea Convoys A Bulgaria - Trieste => dislodged
			Turkey: F Adriatic Sea Convoys A Bulgaria - Trieste => succeeds
			Italy: F Naples - Ionian Sea => succeeds
			Italy: F Tunis Supports F Naples - Ionian Sea => succeeds`,
		WantDislodged: `Turkey: F Ionian Sea`,
		WantUnits: `
			Austria: A Trieste
			Austria: A Serbia
			Turkey: A Bulgaria
			Turkey: F Aegean Sea
			Turkey: F Adriatic Sea
			Italy: F Ionian Sea
			Italy: F Tunis`},
	{ID: "6.C.6", Title: "Two armies with two convoys",
		Units: `
			England: F North Sea
			England: A London
			France: F English Channel
			France: A Belgium`,
		Orders: `
			England: F North Sea Convoys A London - Belgium => succeeds
			England: A London - Belgium => succeeds
			France: F English Channel Convoys A Belgium - London => succeeds
			France: A Belgium - London => succeeds`,
		WantDislodged: ``,
		WantUnits: `
			England: F North Sea
			England: A Belgium
			France: F English Channel
			France: A London`},
	{ID: "6.C.7", Title: "Disrupted unit swap",
		Units: `
			England: F North Sea
			England: A London
			France: F English Channel
			France: A Belgium
			France: A Burgundy`,
		Orders: `
			England: F North Sea Convoys A London - Belgium => succeeds
			England: A London - Belgium => bounced
			France: F English Channel Convoys A Belgium - London => succeeds
			France: A Belgium - London => fails
			France: A Burgundy - Belgium => bounced`,
		WantDislodged: ``,
		WantUnits: `
			England: F North Sea
			England: A London
			France: F English Channel
			France: A Belgium
			France: A Burgundy`},
	{ID: "6.C.8", Title: "No self dislodgement in disrupted circular movement",
		Units: `
			Turkey: F Constantinople
			Turkey: A Bulgaria
			Turkey: A Smyrna
			Russia: F Black Sea
			Austria: A Serbia`,
		Orders: `
			Turkey: F Constantinople - Black Sea => fails
			Turkey: A Bulgaria - Constantinople => fails
			Turkey: A Smyrna Supports A Bulgaria - Constantinople => succeeds
			Russia: F Black Sea - Bulgaria(ec) => fails
			Austria: A Serbia - Bulgaria => fails`,
		WantDislodged: ``,
		WantUnits: `
			Turkey: F Constantinople
			Turkey: A Bulgaria
			Turkey: A Smyrna
			Russia: F Black Sea
			Austria: A Serbia`},
	{ID: "6.C.9", Title: "No help in dislodgement of own unit in disrupted circular movement",
		Units: `
			Turkey: F Constantinople
			Turkey: A Smyrna
			Russia: F Black Sea
			Austria: A Serbia
			Austria: A Bulgaria`,
		Orders: `
			Turkey: F Constantinople - Black Sea => fails
			Turkey: A Smyrna Supports A Bulgaria - Constantinople => succeeds
			Russia: F Black Sea - Bulgaria(ec) => fails
			Austria: A Serbia - Bulgaria => fails
			Austria: A Bulgaria - Constantinople => fails`,
		WantDislodged: ``,
		WantUnits: `
			Turkey: F Constantinople
			Turkey: A Smyrna
			Russia: F Black Sea
			Austria: A Serbia
			Austria: A Bulgaria`},
}
