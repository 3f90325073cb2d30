package rules_test

// DATC 6.D: supports and dislodges.
var datc6D = []phaseCase{
	{ID: "6.D.1", Title: "Supported hold can prevent dislodgement",
		Units: `
			Austria: F Adriatic Sea
			Austria: A Trieste
			Italy: A Venice
			Italy: A Tyrolia`,
		Orders: `
			Austria: F Adriatic Sea Supports A Trieste - Venice => succeeds
			Austria: A Trieste - Venice => bounced
			Italy: A Venice Hold => succeeds
			Italy: A Tyrolia Supports A Venice => succeeds`,
		WantDislodged: ``,
		WantUnits: `
			Austria: F Adriatic Sea
			Austria: A Trieste
			Italy: A Venice
			Italy: A Tyrolia`},
	{ID: "6.D.2", Title: "A move cuts support on hold",
		Units: `
			Austria: F Adriatic Sea
			Austria: A Trieste
			Austria: A Vienna
			Italy: A Venice
			Italy: A Tyrolia`,
		Orders: `
			Austria: F Adriatic Sea Supports A Trieste - Venice => succeeds
			Austria: A Trieste - Venice => succeeds
			Austria: A Vienna - Tyrolia => bounced
			Italy: A Venice Hold => dislodged
			Italy: A Tyrolia Supports A Venice => cut`,
		WantDislodged: `Italy: A Venice`},
	{ID: "6.D.3", Title: "A move cuts support on move",
		Units: `
			Austria: F Adriatic Sea
			Austria: A Trieste
			Italy: A Venice
			Italy: F Ionian Sea`,
		Orders: `
			Austria: F Adriatic Sea Supports A Trieste - Venice => cut
			Austria: A Trieste - Venice => bounced
			Italy: A Venice Hold => succeeds
			Italy: F Ionian Sea - Adriatic Sea => bounced`,
		WantDislodged: ``,
		WantUnits: `
			Austria: F Adriatic Sea
			Austria: A Trieste
			Italy: A Venice
			Italy: F Ionian Sea`},
	{ID: "6.D.4", Title: "Support to hold on unit supporting a hold allowed",
		Units: `
			Germany: A Berlin
			Germany: F Kiel
			Russia: F Baltic Sea
			Russia: A Prussia`,
		Orders: `
			Germany: A Berlin Supports F Kiel => cut
			Germany: F Kiel Supports A Berlin => succeeds
			Russia: F Baltic Sea Supports A Prussia - Berlin => succeeds
			Russia: A Prussia - Berlin => bounced`,
		WantDislodged: ``,
		WantUnits: `
			Germany: A Berlin
			Germany: F Kiel
			Russia: F Baltic Sea
			Russia: A Prussia`},
	{ID: "6.D.5", Title: "Support to hold on unit supporting a move allowed",
		Units: `
			Germany: A Berlin
			Germany: F Kiel
			Germany: A Munich
			Russia: F Baltic Sea
			Russia: A Prussia`,
		Orders: `
			Germany: A Berlin Supports A Munich - Silesia => cut
			Germany: F Kiel Supports A Berlin => succeeds
			Germany: A Munich - Silesia => succeeds
			Russia: F Baltic Sea Supports A Prussia - Berlin => succeeds
			Russia: A Prussia - Berlin => bounced`,
		WantDislodged: ``,
		WantUnits: `
			Germany: A Berlin
			Germany: F Kiel
			Germany: A Silesia
			Russia: F Baltic Sea
			Russia: A Prussia`},
	{ID: "6.D.6", Title: "Support to hold on convoying unit allowed",
		Units: `
			Germany: A Berlin
			Germany: F Baltic Sea
			Germany: F Prussia
			Russia: F Livonia
			Russia: F Gulf of Bothnia`,
		Orders: `
			Germany: A Berlin - Sweden => succeeds
			Germany: F Baltic Sea Convoys A Berlin - Sweden => succeeds
			Germany: F Prussia Supports F Baltic Sea => succeeds
			Russia: F Livonia - Baltic Sea => bounced
			Russia: F Gulf of Bothnia Supports F Livonia - Baltic Sea => succeeds`,
		WantDislodged: ``,
		WantUnits: `
			Germany: A Sweden
			Germany: F Baltic Sea
			Germany: F Prussia
			Russia: F Livonia
			Russia: F Gulf of Bothnia`},
	{ID: "6.D.7", Title: "Support to hold on moving unit not allowed",
		Units: `
			Germany: F Baltic Sea
			Germany: F Prussia
			Russia: F Livonia
			Russia: F Gulf of Bothnia
			Russia: A Finland`,
		Orders: `
			Germany: F Baltic Sea - Sweden => fails
			Germany: F Prussia Supports F Baltic Sea => void
			Russia: F Livonia - Baltic Sea => succeeds
			Russia: F Gulf of Bothnia Supports F Livonia - Baltic Sea => succeeds
			Russia: A Finland - Sweden => bounced`,
		WantDislodged: `Germany: F Baltic Sea`},
	// DATC 4.E.1: the convoy to Naples was possible, so the move is not
	// illegal, fails, and cannot receive hold support.
	{ID: "6.D.8", Title: "Failed convoy cannot receive hold support",
		Units: `
			Austria: F Ionian Sea
			Austria: A Serbia
			Austria: A Albania
			Turkey: A Greece
			Turkey: A Bulgaria`,
		Orders: `
			Austria: F Ionian Sea Hold => succeeds
			Austria: A Serbia Supports A Albania - Greece => succeeds
			Austria: A Albania - Greece => succeeds
			Turkey: A Greece - Naples => fails
			Turkey: A Bulgaria Supports A Greece => void`,
		WantDislodged: `Turkey: A Greece`},
	{ID: "6.D.9", Title: "Support to move on holding unit not allowed",
		Units: `
			Italy: A Venice
			Italy: A Tyrolia
			Austria: A Albania
			Austria: A Trieste`,
		Orders: `
			Italy: A Venice - Trieste => succeeds
			Italy: A Tyrolia Supports A Venice - Trieste => succeeds
			Austria: A Albania Supports A Trieste - Serbia => void
			Austria: A Trieste Hold => dislodged`,
		WantDislodged: `Austria: A Trieste`},
	{ID: "6.D.10", Title: "Self dislodgment prohibited",
		Units: `
			Germany: A Berlin
			Germany: F Kiel
			Germany: A Munich`,
		Orders: `
			Germany: A Berlin Hold => succeeds
			Germany: F Kiel - Berlin => fails
			Germany: A Munich Supports F Kiel - Berlin => succeeds`,
		WantDislodged: ``,
		WantUnits: `
			Germany: A Berlin
			Germany: F Kiel
			Germany: A Munich`},
	{ID: "6.D.11", Title: "No self dislodgment of returning unit",
		Units: `
			Germany: A Berlin
			Germany: F Kiel
			Germany: A Munich
			Russia: A Warsaw`,
		Orders: `
			Germany: A Berlin - Prussia => bounced
			Germany: F Kiel - Berlin => fails
			Germany: A Munich Supports F Kiel - Berlin => succeeds
			Russia: A Warsaw - Prussia => bounced`,
		WantDislodged: ``,
		WantUnits: `
			Germany: A Berlin
			Germany: F Kiel
			Germany: A Munich
			Russia: A Warsaw`},
	{ID: "6.D.12", Title: "Supporting a foreign unit to dislodge own unit prohibited",
		Units: `
			Austria: F Trieste
			Austria: A Vienna
			Italy: A Venice`,
		Orders: `
			Austria: F Trieste Hold => succeeds
			Austria: A Vienna Supports A Venice - Trieste => succeeds
			Italy: A Venice - Trieste => fails`,
		WantDislodged: ``,
		WantUnits: `
			Austria: F Trieste
			Austria: A Vienna
			Italy: A Venice`},
	{ID: "6.D.13", Title: "Supporting a foreign unit to dislodge a returning own unit prohibited",
		Units: `
			Austria: F Trieste
			Austria: A Vienna
			Italy: A Venice
			Italy: F Apulia`,
		Orders: `
			Austria: F Trieste - Adriatic Sea => bounced
			Austria: A Vienna Supports A Venice - Trieste => succeeds
			Italy: A Venice - Trieste => fails
			Italy: F Apulia - Adriatic Sea => bounced`,
		WantDislodged: ``,
		WantUnits: `
			Austria: F Trieste
			Austria: A Vienna
			Italy: A Venice
			Italy: F Apulia`},
	{ID: "6.D.14", Title: "Supporting a foreign unit is not enough to prevent dislodgement",
		Units: `
			Austria: F Trieste
			Austria: A Vienna
			Italy: A Venice
			Italy: A Tyrolia
			Italy: F Adriatic Sea`,
		Orders: `
			Austria: F Trieste Hold => dislodged
			Austria: A Vienna Supports A Venice - Trieste => succeeds
			Italy: A Venice - Trieste => succeeds
			Italy: A Tyrolia Supports A Venice - Trieste => succeeds
			Italy: F Adriatic Sea Supports A Venice - Trieste => succeeds`,
		WantDislodged: `Austria: F Trieste`},
	{ID: "6.D.15", Title: "Defender cannot cut support for attack on itself",
		Units: `
			Russia: F Constantinople
			Russia: F Black Sea
			Turkey: F Ankara`,
		Orders: `
			Russia: F Constantinople Supports F Black Sea - Ankara => succeeds
			Russia: F Black Sea - Ankara => succeeds
			Turkey: F Ankara - Constantinople => fails`,
		WantDislodged: `Turkey: F Ankara`},
	{ID: "6.D.16", Title: "Convoying a unit dislodging a unit of same power is allowed",
		Units: `
			England: A London
			England: F North Sea
			France: F English Channel
			France: A Belgium`,
		Orders: `
			England: A London Hold => dislodged
			England: F North Sea Convoys A Belgium - London => succeeds
			France: F English Channel Supports A Belgium - London => succeeds
			France: A Belgium - London => succeeds`,
		WantDislodged: `England: A London`},
	{ID: "6.D.17", Title: "Dislodgement cuts supports",
		Units: `
			Russia: F Constantinople
			Russia: F Black Sea
			Turkey: F Ankara
			Turkey: A Smyrna
			Turkey: A Armenia`,
		Orders: `
			Russia: F Constantinople Supports F Black Sea - Ankara => fails
			Russia: F Black Sea - Ankara => bounced
			Turkey: F Ankara - Constantinople => succeeds
			Turkey: A Smyrna Supports F Ankara - Constantinople => succeeds
			Turkey: A Armenia - Ankara => bounced`,
		WantDislodged: `Russia: F Constantinople`},
	{ID: "6.D.18", Title: "A surviving unit will sustain support",
		Units: `
			Russia: F Constantinople
			Russia: F Black Sea
			Russia: A Bulgaria
			Turkey: F Ankara
			Turkey: A Smyrna
			Turkey: A Armenia`,
		Orders: `
			Russia: F Constantinople Supports F Black Sea - Ankara => succeeds
			Russia: F Black Sea - Ankara => succeeds
			Russia: A Bulgaria Supports F Constantinople => succeeds
			Turkey: F Ankara - Constantinople => fails
			Turkey: A Smyrna Supports F Ankara - Constantinople => succeeds
			Turkey: A Armenia - Ankara => bounced`,
		WantDislodged: `Turkey: F Ankara`},
	{ID: "6.D.19", Title: "Even when surviving is in alternative way",
		Units: `
			Russia: F Constantinople
			Russia: F Black Sea
			Russia: A Smyrna
			Turkey: F Ankara`,
		Orders: `
			Russia: F Constantinople Supports F Black Sea - Ankara => succeeds
			Russia: F Black Sea - Ankara => succeeds
			Russia: A Smyrna Supports F Ankara - Constantinople => succeeds
			Turkey: F Ankara - Constantinople => fails`,
		WantDislodged: `Turkey: F Ankara`},
	{ID: "6.D.20", Title: "Unit cannot cut support of its own country",
		Units: `
			England: F London
			England: F North Sea
			England: A Yorkshire
			France: F English Channel`,
		Orders: `
			England: F London Supports F North Sea - English Channel => succeeds
			England: F North Sea - English Channel => succeeds
			England: A Yorkshire - London => fails
			France: F English Channel Hold => dislodged`,
		WantDislodged: `France: F English Channel`},
	{ID: "6.D.21", Title: "Dislodging does not cancel a support cut",
		Units: `
			Austria: F Trieste
			Italy: A Venice
			Italy: A Tyrolia
			Germany: A Munich
			Russia: A Silesia
			Russia: A Berlin`,
		Orders: `
			Austria: F Trieste Hold => succeeds
			Italy: A Venice - Trieste => bounced
			Italy: A Tyrolia Supports A Venice - Trieste => cut
			Germany: A Munich - Tyrolia => fails
			Russia: A Silesia - Munich => succeeds
			Russia: A Berlin Supports A Silesia - Munich => succeeds`,
		WantDislodged: `Germany: A Munich`},
	{ID: "6.D.22", Title: "Impossible fleet move cannot be supported",
		Units: `
			Germany: F Kiel
			Germany: A Burgundy
			Russia: A Munich
			Russia: A Berlin`,
		Orders: `
			Germany: F Kiel - Munich => illegal
			Germany: A Burgundy Supports F Kiel - Munich => illegal
			Russia: A Munich - Kiel => succeeds
			Russia: A Berlin Supports A Munich - Kiel => succeeds`,
		WantDislodged: `Germany: F Kiel`},
	{ID: "6.D.23", Title: "Impossible coast move cannot be supported",
		Units: `
			Italy: F Gulf of Lyon
			Italy: F Western Mediterranean
			France: F Spain(nc)
			France: F Marseilles`,
		Orders: `
			Italy: F Gulf of Lyon - Spain(sc) => succeeds
			Italy: F Western Mediterranean Supports F Gulf of Lyon - Spain(sc) => succeeds
			France: F Spain(nc) - Gulf of Lyon => illegal
			France: F Marseilles Supports F Spain(nc) - Gulf of Lyon => illegal`,
		WantDislodged: `France: F Spain(nc)`},
	{ID: "6.D.24", Title: "Impossible army move cannot be supported",
		Units: `
			France: A Marseilles
			France: F Spain(sc)
			Italy: F Gulf of Lyon
			Turkey: F Tyrrhenian Sea
			Turkey: F Western Mediterranean`,
		Orders: `
			France: A Marseilles - Gulf of Lyon => illegal
			France: F Spain(sc) Supports A Marseilles - Gulf of Lyon => illegal
			Italy: F Gulf of Lyon Hold => dislodged
			Turkey: F Tyrrhenian Sea Supports F Western Mediterranean - Gulf of Lyon => succeeds
			Turkey: F Western Mediterranean - Gulf of Lyon => succeeds`,
		WantDislodged: `Italy: F Gulf of Lyon`},
	{ID: "6.D.25", Title: "Failing hold support can be supported",
		Units: `
			Germany: A Berlin
			Germany: F Kiel
			Russia: F Baltic Sea
			Russia: A Prussia`,
		Orders: `
			Germany: A Berlin Supports A Prussia => fails
			Germany: F Kiel Supports A Berlin => succeeds
			Russia: F Baltic Sea Supports A Prussia - Berlin => succeeds
			Russia: A Prussia - Berlin => bounced`,
		WantDislodged: ``,
		WantUnits: `
			Germany: A Berlin
			Germany: F Kiel
			Russia: F Baltic Sea
			Russia: A Prussia`},
	{ID: "6.D.26", Title: "Failing move support can be supported",
		Units: `
			Germany: A Berlin
			Germany: F Kiel
			Russia: F Baltic Sea
			Russia: A Prussia`,
		Orders: `
			Germany: A Berlin Supports A Prussia - Silesia => fails
			Germany: F Kiel Supports A Berlin => succeeds
			Russia: F Baltic Sea Supports A Prussia - Berlin => succeeds
			Russia: A Prussia - Berlin => bounced`,
		WantDislodged: ``,
		WantUnits: `
			Germany: A Berlin
			Germany: F Kiel
			Russia: F Baltic Sea
			Russia: A Prussia`},
	{ID: "6.D.27", Title: "Failing convoy can be supported",
		Units: `
			England: F Sweden
			England: F Denmark
			Germany: A Berlin
			Russia: F Baltic Sea
			Russia: F Prussia`,
		Orders: `
			England: F Sweden - Baltic Sea => bounced
			England: F Denmark Supports F Sweden - Baltic Sea => succeeds
			Germany: A Berlin Hold => succeeds
			Russia: F Baltic Sea Convoys A Berlin - Livonia => void
			Russia: F Prussia Supports F Baltic Sea => succeeds`,
		WantDislodged: ``,
		WantUnits: `
			England: F Sweden
			England: F Denmark
			Germany: A Berlin
			Russia: F Baltic Sea
			Russia: F Prussia`},
	// DATC 4.E.1: an illegal order is ignored; the unit holds and can
	// receive hold support.
	{ID: "6.D.28", Title: "Impossible move and support",
		Units: `
			Austria: A Budapest
			Russia: F Rumania
			Turkey: F Black Sea
			Turkey: A Bulgaria`,
		Orders: `
			Austria: A Budapest Supports F Rumania => succeeds
			Russia: F Rumania - Holland => illegal
			Turkey: F Black Sea - Rumania => bounced
			Turkey: A Bulgaria Supports F Black Sea - Rumania => succeeds`,
		WantDislodged: ``,
		WantUnits: `
			Austria: A Budapest
			Russia: F Rumania
			Turkey: F Black Sea
			Turkey: A Bulgaria`},
	// DATC 4.E.1, as in 6.D.28.
	{ID: "6.D.29", Title: "Move to impossible coast and support",
		Units: `
			Austria: A Budapest
			Russia: F Rumania
			Turkey: F Black Sea
			Turkey: A Bulgaria`,
		Orders: `
			Austria: A Budapest Supports F Rumania => succeeds
			Russia: F Rumania - Bulgaria(sc) => illegal
			Turkey: F Black Sea - Rumania => bounced
			Turkey: A Bulgaria Supports F Black Sea - Rumania => succeeds`,
		WantDislodged: ``,
		WantUnits: `
			Austria: A Budapest
			Russia: F Rumania
			Turkey: F Black Sea
			Turkey: A Bulgaria`},
	// DATC 4.E.1, as in 6.D.28; the move without coast is illegal (4.B.1).
	{ID: "6.D.30", Title: "Move without coast and support",
		Units: `
			Italy: F Aegean Sea
			Russia: F Constantinople
			Turkey: F Black Sea
			Turkey: A Bulgaria`,
		Orders: `
			Italy: F Aegean Sea Supports F Constantinople => succeeds
			Russia: F Constantinople - Bulgaria => illegal
			Turkey: F Black Sea - Constantinople => bounced
			Turkey: A Bulgaria Supports F Black Sea - Constantinople => succeeds`,
		WantDislodged: ``,
		WantUnits: `
			Italy: F Aegean Sea
			Russia: F Constantinople
			Turkey: F Black Sea
			Turkey: A Bulgaria`},
	// DATC 4.E.1: the support by the only possible convoying fleet is
	// illegal; the army's move is possible by convoy and fails for want
	// of one.
	{ID: "6.D.31", Title: "A tricky impossible support",
		Units: `
			Austria: A Rumania
			Turkey: F Black Sea`,
		Orders: `
			Austria: A Rumania - Armenia => fails
			Turkey: F Black Sea Supports A Rumania - Armenia => illegal`,
		WantDislodged: ``,
		WantUnits: `
			Austria: A Rumania
			Turkey: F Black Sea`},
	// DATC 4.E.1: a move by convoy with no fleet that could convoy it is
	// illegal, so Yorkshire holds and receives the French hold support.
	{ID: "6.D.32", Title: "A missing fleet",
		Units: `
			England: F Edinburgh
			England: A Liverpool
			France: F London
			Germany: A Yorkshire`,
		Orders: `
			England: F Edinburgh Supports A Liverpool - Yorkshire => succeeds
			England: A Liverpool - Yorkshire => bounced
			France: F London Supports A Yorkshire => succeeds
			Germany: A Yorkshire - Holland => illegal`,
		WantDislodged: ``,
		WantUnits: `
			England: F Edinburgh
			England: A Liverpool
			France: F London
			Germany: A Yorkshire`},
	{ID: "6.D.33", Title: "Unwanted support allowed",
		Units: `
			Austria: A Serbia
			Austria: A Vienna
			Russia: A Galicia
			Turkey: A Bulgaria`,
		Orders: `
			Austria: A Serbia - Budapest => succeeds
			Austria: A Vienna - Budapest => bounced
			Russia: A Galicia Supports A Serbia - Budapest => succeeds
			Turkey: A Bulgaria - Serbia => succeeds`,
		WantDislodged: ``,
		WantUnits: `
			Austria: A Budapest
			Austria: A Vienna
			Russia: A Galicia
			Turkey: A Serbia`},
	{ID: "6.D.34", Title: "Support targeting own area not allowed",
		Units: `
			Germany: A Berlin
			Germany: A Silesia
			Germany: F Baltic Sea
			Italy: A Prussia
			Russia: A Warsaw
			Russia: A Livonia`,
		Orders: `
			Germany: A Berlin - Prussia => succeeds
			Germany: A Silesia Supports A Berlin - Prussia => succeeds
			Germany: F Baltic Sea Supports A Berlin - Prussia => succeeds
			Italy: A Prussia Supports Livonia - Prussia => illegal
			Russia: A Warsaw Supports A Livonia - Prussia => succeeds
			Russia: A Livonia - Prussia => bounced`,
		WantDislodged: `Italy: A Prussia`},
}
