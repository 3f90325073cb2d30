package rules_test

// DATC 6.H: retreating. Orders holds the movement phase, ThenOrders the
// retreat phase that follows. A dislodged unit without a legal retreat is
// disbanded at once and takes part in no retreat phase.
var datc6H = []phaseCase{
	{ID: "6.H.1", Title: "No supports during retreat",
		Units: `Austria: F Trieste
			Austria: A Serbia
			Turkey: F Greece
			Italy: A Venice
			Italy: A Tyrolia
			Italy: F Ionian Sea
			Italy: F Aegean Sea`,
		Orders: `Austria: F Trieste Hold => dislodged
			Austria: A Serbia Hold => succeeds
			Turkey: F Greece Hold => dislodged
			Italy: A Venice Supports A Tyrolia - Trieste => succeeds
			Italy: A Tyrolia - Trieste => succeeds
			Italy: F Ionian Sea - Greece => succeeds
			Italy: F Aegean Sea Supports F Ionian Sea - Greece => succeeds`,
		WantDislodged: `Austria: F Trieste
			Turkey: F Greece`,
		ThenOrders: `Austria: F Trieste - Albania => retreat_clash
			Austria: A Serbia Supports F Trieste - Albania => illegal
			Turkey: F Greece - Albania => retreat_clash`,
		WantUnits: `Austria: A Serbia
			Italy: A Venice
			Italy: A Trieste
			Italy: F Greece
			Italy: F Aegean Sea`},
	{ID: "6.H.2", Title: "No supports from retreating unit",
		Units: `England: A Liverpool
			England: F Yorkshire
			England: F Norway
			Germany: A Kiel
			Germany: A Ruhr
			Russia: F Edinburgh
			Russia: A Sweden
			Russia: A Finland
			Russia: F Holland`,
		Orders: `England: A Liverpool - Edinburgh => succeeds
			England: F Yorkshire Supports A Liverpool - Edinburgh => succeeds
			England: F Norway Hold => dislodged
			Germany: A Kiel Supports A Ruhr - Holland => succeeds
			Germany: A Ruhr - Holland => succeeds
			Russia: F Edinburgh Hold => dislodged
			Russia: A Sweden Supports A Finland - Norway => succeeds
			Russia: A Finland - Norway => succeeds
			Russia: F Holland Hold => dislodged`,
		WantDislodged: `England: F Norway
			Russia: F Edinburgh
			Russia: F Holland`,
		ThenOrders: `England: F Norway - North Sea => retreat_clash
			Russia: F Edinburgh - North Sea => retreat_clash
			Russia: F Holland Supports F Edinburgh - North Sea => illegal`,
		WantUnits: `England: A Edinburgh
			England: F Yorkshire
			Germany: A Kiel
			Germany: A Holland
			Russia: A Sweden
			Russia: A Norway`},
	{ID: "6.H.3", Title: "No convoy during retreat",
		Units: `England: F North Sea
			England: A Holland
			Germany: F Kiel
			Germany: A Ruhr`,
		Orders: `England: F North Sea Hold => succeeds
			England: A Holland Hold => dislodged
			Germany: F Kiel Supports A Ruhr - Holland => succeeds
			Germany: A Ruhr - Holland => succeeds`,
		WantDislodged: `England: A Holland`,
		ThenOrders: `England: A Holland - Yorkshire => illegal
			England: F North Sea Convoys A Holland - Yorkshire => illegal`,
		WantUnits: `England: F North Sea
			Germany: F Kiel
			Germany: A Holland`},
	{ID: "6.H.4", Title: "No other moves during retreat",
		Units: `England: F North Sea
			England: A Holland
			Germany: F Kiel
			Germany: A Ruhr`,
		Orders: `England: F North Sea Hold => succeeds
			England: A Holland Hold => dislodged
			Germany: F Kiel Supports A Ruhr - Holland => succeeds
			Germany: A Ruhr - Holland => succeeds`,
		WantDislodged: `England: A Holland`,
		ThenOrders: `England: A Holland - Belgium => succeeds
			England: F North Sea - Norwegian Sea => illegal`,
		WantUnits: `England: F North Sea
			England: A Belgium
			Germany: F Kiel
			Germany: A Holland`},
	{ID: "6.H.5", Title: "A unit may not retreat to the area from which it is attacked",
		Units: `Russia: F Constantinople
			Russia: F Black Sea
			Turkey: F Ankara`,
		Orders: `Russia: F Constantinople Supports F Black Sea - Ankara => succeeds
			Russia: F Black Sea - Ankara => succeeds
			Turkey: F Ankara Hold => dislodged`,
		WantDislodged: `Turkey: F Ankara`,
		ThenOrders:    `Turkey: F Ankara - Black Sea => bad_retreat`,
		WantUnits: `Russia: F Constantinople
			Russia: F Ankara`},
	{ID: "6.H.6", Title: "Unit may not retreat to a contested area",
		Units: `Austria: A Budapest
			Austria: A Trieste
			Germany: A Munich
			Germany: A Silesia
			Italy: A Vienna`,
		Orders: `Austria: A Budapest Supports A Trieste - Vienna => succeeds
			Austria: A Trieste - Vienna => succeeds
			Germany: A Munich - Bohemia => bounced
			Germany: A Silesia - Bohemia => bounced
			Italy: A Vienna Hold => dislodged`,
		WantDislodged: `Italy: A Vienna`,
		ThenOrders:    `Italy: A Vienna - Bohemia => bad_retreat`,
		WantUnits: `Austria: A Budapest
			Austria: A Vienna
			Germany: A Munich
			Germany: A Silesia`},
	{ID: "6.H.7", Title: "Multiple retreat to same area will disband units",
		Units: `Austria: A Budapest
			Austria: A Trieste
			Germany: A Munich
			Germany: A Silesia
			Italy: A Vienna
			Italy: A Bohemia`,
		Orders: `Austria: A Budapest Supports A Trieste - Vienna => succeeds
			Austria: A Trieste - Vienna => succeeds
			Germany: A Munich Supports A Silesia - Bohemia => succeeds
			Germany: A Silesia - Bohemia => succeeds
			Italy: A Vienna Hold => dislodged
			Italy: A Bohemia Hold => dislodged`,
		WantDislodged: `Italy: A Vienna
			Italy: A Bohemia`,
		ThenOrders: `Italy: A Bohemia - Tyrolia => retreat_clash
			Italy: A Vienna - Tyrolia => retreat_clash`,
		WantUnits: `Austria: A Budapest
			Austria: A Vienna
			Germany: A Munich
			Germany: A Bohemia`},
	{ID: "6.H.8", Title: "Triple retreat to same area will disband units",
		Units: `England: A Liverpool
			England: F Yorkshire
			England: F Norway
			Germany: A Kiel
			Germany: A Ruhr
			Russia: F Edinburgh
			Russia: A Sweden
			Russia: A Finland
			Russia: F Holland`,
		Orders: `England: A Liverpool - Edinburgh => succeeds
			England: F Yorkshire Supports A Liverpool - Edinburgh => succeeds
			England: F Norway Hold => dislodged
			Germany: A Kiel Supports A Ruhr - Holland => succeeds
			Germany: A Ruhr - Holland => succeeds
			Russia: F Edinburgh Hold => dislodged
			Russia: A Sweden Supports A Finland - Norway => succeeds
			Russia: A Finland - Norway => succeeds
			Russia: F Holland Hold => dislodged`,
		WantDislodged: `England: F Norway
			Russia: F Edinburgh
			Russia: F Holland`,
		ThenOrders: `England: F Norway - North Sea => retreat_clash
			Russia: F Edinburgh - North Sea => retreat_clash
			Russia: F Holland - North Sea => retreat_clash`,
		WantUnits: `England: A Edinburgh
			England: F Yorkshire
			Germany: A Kiel
			Germany: A Holland
			Russia: A Sweden
			Russia: A Norway`},
	// The Russian army, dislodged in Prussia, gets no retreat order and is
	// disbanded.
	{ID: "6.H.9", Title: "Dislodged unit will not make attackers area contested",
		Units: `England: F Heligoland Bight
			England: F Denmark
			Germany: A Berlin
			Germany: F Kiel
			Germany: A Silesia
			Russia: A Prussia`,
		Orders: `England: F Heligoland Bight - Kiel => succeeds
			England: F Denmark Supports F Heligoland Bight - Kiel => succeeds
			Germany: A Berlin - Prussia => succeeds
			Germany: F Kiel Hold => dislodged
			Germany: A Silesia Supports A Berlin - Prussia => succeeds
			Russia: A Prussia - Berlin => fails`,
		WantDislodged: `Germany: F Kiel
			Russia: A Prussia`,
		ThenOrders: `Germany: F Kiel - Berlin => succeeds`,
		WantUnits: `England: F Kiel
			England: F Denmark
			Germany: A Prussia
			Germany: A Silesia
			Germany: F Berlin`},
	{ID: "6.H.10", Title: "Not retreating to attacker does not mean contested",
		Units: `England: A Kiel
			Germany: A Berlin
			Germany: A Munich
			Germany: A Prussia
			Russia: A Warsaw
			Russia: A Silesia`,
		Orders: `England: A Kiel Hold => dislodged
			Germany: A Berlin - Kiel => succeeds
			Germany: A Munich Supports A Berlin - Kiel => succeeds
			Germany: A Prussia Hold => dislodged
			Russia: A Warsaw - Prussia => succeeds
			Russia: A Silesia Supports A Warsaw - Prussia => succeeds`,
		WantDislodged: `England: A Kiel
			Germany: A Prussia`,
		ThenOrders: `England: A Kiel - Berlin => bad_retreat
			Germany: A Prussia - Berlin => succeeds`,
		WantUnits: `Germany: A Kiel
			Germany: A Munich
			Germany: A Berlin
			Russia: A Prussia
			Russia: A Silesia`},
	// 4.A.5 choice b (2023 rules): a unit dislodged by a convoyed army may
	// retreat to the army's origin.
	{ID: "6.H.11", Title: "Retreat when dislodged by adjacent convoy",
		Units: `France: A Gascony
			France: A Burgundy
			France: F Mid-Atlantic Ocean
			France: F Western Mediterranean
			France: F Gulf of Lyon
			Italy: A Marseilles`,
		Orders: `France: A Gascony - Marseilles via convoy => succeeds
			France: A Burgundy Supports A Gascony - Marseilles => succeeds
			France: F Mid-Atlantic Ocean Convoys A Gascony - Marseilles => succeeds
			France: F Western Mediterranean Convoys A Gascony - Marseilles => succeeds
			France: F Gulf of Lyon Convoys A Gascony - Marseilles => succeeds
			Italy: A Marseilles Hold => dislodged`,
		WantDislodged: `Italy: A Marseilles`,
		ThenOrders:    `Italy: A Marseilles - Gascony => succeeds`,
		WantUnits: `France: A Marseilles
			France: A Burgundy
			France: F Mid-Atlantic Ocean
			France: F Western Mediterranean
			France: F Gulf of Lyon
			Italy: A Gascony`},
	// 4.A.5 choice b (2023 rules). The dislodged English fleet gets no
	// retreat order and is disbanded.
	{ID: "6.H.12", Title: "Retreat when dislodged by adjacent convoy while trying to do the same",
		Units: `England: A Liverpool
			England: F Irish Sea
			England: F English Channel
			England: F North Sea
			France: F Brest
			France: F Mid-Atlantic Ocean
			Russia: A Edinburgh
			Russia: F Norwegian Sea
			Russia: F North Atlantic Ocean
			Russia: A Clyde`,
		Orders: `England: A Liverpool - Edinburgh via convoy => no_convoy
			England: F Irish Sea Convoys A Liverpool - Edinburgh => succeeds
			England: F English Channel Convoys A Liverpool - Edinburgh => dislodged
			England: F North Sea Convoys A Liverpool - Edinburgh => succeeds
			France: F Brest - English Channel => succeeds
			France: F Mid-Atlantic Ocean Supports F Brest - English Channel => succeeds
			Russia: A Edinburgh - Liverpool via convoy => succeeds
			Russia: F Norwegian Sea Convoys A Edinburgh - Liverpool => succeeds
			Russia: F North Atlantic Ocean Convoys A Edinburgh - Liverpool => succeeds
			Russia: A Clyde Supports A Edinburgh - Liverpool => succeeds`,
		WantDislodged: `England: A Liverpool
			England: F English Channel`,
		ThenOrders: `England: A Liverpool - Edinburgh => succeeds`,
		WantUnits: `England: A Edinburgh
			England: F Irish Sea
			England: F North Sea
			France: F English Channel
			France: F Mid-Atlantic Ocean
			Russia: A Liverpool
			Russia: F Norwegian Sea
			Russia: F North Atlantic Ocean
			Russia: A Clyde`},
	{ID: "6.H.13", Title: "No retreat with convoy in movement phase",
		Units: `England: A Picardy
			England: F English Channel
			France: A Paris
			France: A Brest`,
		Orders: `England: A Picardy Hold => dislodged
			England: F English Channel Convoys A Picardy - London => void
			France: A Paris - Picardy => succeeds
			France: A Brest Supports A Paris - Picardy => succeeds`,
		WantDislodged: `England: A Picardy`,
		ThenOrders:    `England: A Picardy - London => bad_retreat`,
		WantUnits: `England: F English Channel
			France: A Picardy
			France: A Brest`},
	{ID: "6.H.14", Title: "No retreat with support in movement phase",
		Units: `England: A Picardy
			England: F English Channel
			France: A Paris
			France: A Brest
			France: A Burgundy
			Germany: A Munich
			Germany: A Marseilles`,
		Orders: `England: A Picardy Hold => dislodged
			England: F English Channel Supports A Picardy - Belgium => void
			France: A Paris - Picardy => succeeds
			France: A Brest Supports A Paris - Picardy => succeeds
			France: A Burgundy Hold => dislodged
			Germany: A Munich Supports A Marseilles - Burgundy => succeeds
			Germany: A Marseilles - Burgundy => succeeds`,
		WantDislodged: `England: A Picardy
			France: A Burgundy`,
		ThenOrders: `England: A Picardy - Belgium => retreat_clash
			France: A Burgundy - Belgium => retreat_clash`,
		WantUnits: `England: F English Channel
			France: A Picardy
			France: A Brest
			Germany: A Munich
			Germany: A Burgundy`},
	// Chancery disbands the fleet at once: it has no legal retreat, so
	// there is no retreat phase in which to order it to Spain(nc).
	{ID: "6.H.15", Title: "No coastal crawl in retreat",
		Units: `England: F Portugal
			France: F Spain(sc)
			France: F Mid-Atlantic Ocean`,
		Orders: `England: F Portugal Hold => dislodged
			France: F Spain(sc) - Portugal => succeeds
			France: F Mid-Atlantic Ocean Supports F Spain(sc) - Portugal => succeeds`,
		WantDislodged: `England: F Portugal`,
		WantUnits: `France: F Portugal
			France: F Mid-Atlantic Ocean`},
	// The same question asked of the retreat phase itself.
	{ID: "6.H.15/retreat-phase", Title: "No coastal crawl in retreat",
		Phase: "spring 1901 retreat",
		Units: `France: F Portugal
			France: F Mid-Atlantic Ocean`,
		Dislodged: `England: F Portugal <- Spain`,
		Orders:    `England: F Portugal - Spain(nc) => bad_retreat`,
		WantUnits: `France: F Portugal
			France: F Mid-Atlantic Ocean`},
	{ID: "6.H.16", Title: "Contested for both coasts",
		Units: `France: F Mid-Atlantic Ocean
			France: F Gascony
			France: F Western Mediterranean
			Italy: F Tunis
			Italy: F Tyrrhenian Sea`,
		Orders: `France: F Mid-Atlantic Ocean - Spain(nc) => bounced
			France: F Gascony - Spain(nc) => bounced
			France: F Western Mediterranean Hold => dislodged
			Italy: F Tunis Supports F Tyrrhenian Sea - Western Mediterranean => succeeds
			Italy: F Tyrrhenian Sea - Western Mediterranean => succeeds`,
		WantDislodged: `France: F Western Mediterranean`,
		ThenOrders:    `France: F Western Mediterranean - Spain(sc) => bad_retreat`,
		WantUnits: `France: F Mid-Atlantic Ocean
			France: F Gascony
			Italy: F Tunis
			Italy: F Western Mediterranean`},
}
