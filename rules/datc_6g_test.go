package rules_test

import "github.com/chancery/chancery/rules"

// DATC 6.G: convoying to adjacent provinces. Issue 4.A.3 is played by the
// 2023 rules: an adjacent army goes by convoy when ordered "via convoy"
// or when a fleet of its own power is legally ordered to convoy it, and
// then only by convoy (no fall-back to the land route).
var datc6G = []phaseCase{
	{ID: "6.G.1", Title: "Two units can swap provinces by convoy",
		Units: `England: A Norway
			England: F Skagerrak
			Russia: A Sweden`,
		Orders: `England: A Norway - Sweden => succeeds
			England: F Skagerrak Convoys A Norway - Sweden => succeeds
			Russia: A Sweden - Norway => succeeds`,
		WantUnits: `England: A Sweden
			England: F Skagerrak
			Russia: A Norway`},
	{ID: "6.G.2", Title: "Kidnapping an army",
		Units: `England: A Norway
			Russia: F Sweden
			Germany: F Skagerrak`,
		Orders: `England: A Norway - Sweden => bounced
			Russia: F Sweden - Norway => bounced
			Germany: F Skagerrak Convoys A Norway - Sweden => fails`,
		WantUnits: `England: A Norway
			Russia: F Sweden
			Germany: F Skagerrak`},
	{ID: "6.G.3", Title: "An unwanted disrupted convoy to adjacent province",
		Units: `France: F Brest
			France: A Picardy
			France: A Burgundy
			France: F Mid-Atlantic Ocean
			England: F English Channel`,
		Orders: `France: F Brest - English Channel => succeeds
			France: A Picardy - Belgium => succeeds
			France: A Burgundy Supports A Picardy - Belgium => succeeds
			France: F Mid-Atlantic Ocean Supports F Brest - English Channel => succeeds
			England: F English Channel Convoys A Picardy - Belgium => fails`,
		WantDislodged: `England: F English Channel`,
		WantUnits: `France: F English Channel
			France: A Belgium
			France: A Burgundy
			France: F Mid-Atlantic Ocean`},
	{ID: "6.G.4", Title: "An unwanted disrupted convoy to adjacent province and opposite move",
		Units: `France: F Brest
			France: A Picardy
			France: A Burgundy
			France: F Mid-Atlantic Ocean
			England: F English Channel
			England: A Belgium`,
		Orders: `France: F Brest - English Channel => succeeds
			France: A Picardy - Belgium => succeeds
			France: A Burgundy Supports A Picardy - Belgium => succeeds
			France: F Mid-Atlantic Ocean Supports F Brest - English Channel => succeeds
			England: F English Channel Convoys A Picardy - Belgium => fails
			England: A Belgium - Picardy => fails`,
		WantDislodged: `England: F English Channel
			England: A Belgium`,
		WantUnits: `France: F English Channel
			France: A Belgium
			France: A Burgundy
			France: F Mid-Atlantic Ocean`},
	{ID: "6.G.5", Title: "Swapping with multiple fleets with one own fleet",
		Units: `Italy: A Rome
			Italy: F Tyrrhenian Sea
			Turkey: A Apulia
			Turkey: F Ionian Sea`,
		Orders: `Italy: A Rome - Apulia => succeeds
			Italy: F Tyrrhenian Sea Convoys A Apulia - Rome => succeeds
			Turkey: A Apulia - Rome => succeeds
			Turkey: F Ionian Sea Convoys A Apulia - Rome => succeeds`,
		WantUnits: `Italy: A Apulia
			Italy: F Tyrrhenian Sea
			Turkey: A Rome
			Turkey: F Ionian Sea`},
	// The English fleet in the Channel is on no route the Russian fleets
	// complete, but its order shows England's intent (2023 rules).
	{ID: "6.G.6", Title: "Swapping with unintended intent",
		Units: `England: A Liverpool
			England: F English Channel
			Germany: A Edinburgh
			France: F Irish Sea
			France: F North Sea
			Russia: F Norwegian Sea
			Russia: F North Atlantic Ocean`,
		Orders: `England: A Liverpool - Edinburgh => succeeds
			England: F English Channel Convoys A Liverpool - Edinburgh => succeeds
			Germany: A Edinburgh - Liverpool => succeeds
			France: F Irish Sea Hold => succeeds
			France: F North Sea Hold => succeeds
			Russia: F Norwegian Sea Convoys A Liverpool - Edinburgh => succeeds
			Russia: F North Atlantic Ocean Convoys A Liverpool - Edinburgh => succeeds`,
		WantUnits: `England: A Edinburgh
			England: F English Channel
			Germany: A Liverpool
			France: F Irish Sea
			France: F North Sea
			Russia: F Norwegian Sea
			Russia: F North Atlantic Ocean`},
	// 4.E.1: the Russian fleet in the Gulf of Bothnia cannot be on a route
	// from Sweden to Norway, so its order is illegal and shows no intent.
	{ID: "6.G.7", Title: "Swapping with illegal intent",
		Units: `England: F Skagerrak
			England: F Norway
			Russia: A Sweden
			Russia: F Gulf of Bothnia`,
		Orders: `England: F Skagerrak Convoys A Sweden - Norway => fails
			England: F Norway - Sweden => bounced
			Russia: A Sweden - Norway => bounced
			Russia: F Gulf of Bothnia Convoys A Sweden - Norway => illegal`,
		WantUnits: `England: F Skagerrak
			England: F Norway
			Russia: A Sweden
			Russia: F Gulf of Bothnia`},
	// 4.A.3: no fall-back to the land route for an explicit "via convoy".
	{ID: "6.G.8", Title: "Explicit convoy that isn't there",
		Units: `France: A Belgium
			England: F North Sea
			England: A Holland`,
		Orders: `France: A Belgium - Holland via convoy => no_convoy
			England: F North Sea - Heligoland Bight => succeeds
			England: A Holland - Kiel => succeeds`,
		WantUnits: `France: A Belgium
			England: F Heligoland Bight
			England: A Kiel`},
	// The same under the DATC version 2 reading of 4.A.3, a game option:
	// with no fleet ordered to convoy it, the army goes by land.
	{ID: "6.G.8/convoy-fallback", Title: "Explicit convoy that isn't there",
		Options: rules.Options{ConvoyFallback: true},
		Units: `France: A Belgium
			England: F North Sea
			England: A Holland`,
		Orders: `France: A Belgium - Holland via convoy => succeeds
			England: F North Sea - Heligoland Bight => succeeds
			England: A Holland - Kiel => succeeds`,
		WantUnits: `France: A Holland
			England: F Heligoland Bight
			England: A Kiel`},
	// With a fleet ordered to convoy it, the fall-back does not apply: the
	// route is ordered and disrupted, and the army stays (as in 6.G.20).
	{ID: "6.G.20/convoy-fallback", Title: "Explicit convoy to adjacent province disrupted",
		Options: rules.Options{ConvoyFallback: true},
		Units: `France: F Brest
			France: A Picardy
			France: A Burgundy
			France: F Mid-Atlantic Ocean
			England: F English Channel`,
		Orders: `France: F Brest - English Channel => succeeds
			France: A Picardy - Belgium via Convoy => no_convoy
			France: A Burgundy Supports A Picardy - Belgium => succeeds
			France: F Mid-Atlantic Ocean Supports F Brest - English Channel => succeeds
			England: F English Channel Convoys A Picardy - Belgium => dislodged`,
		WantDislodged: `England: F English Channel`},
	{ID: "6.G.9", Title: "Swapped or dislodged?",
		Units: `England: A Norway
			England: F Skagerrak
			England: F Finland
			Russia: A Sweden`,
		Orders: `England: A Norway - Sweden => succeeds
			England: F Skagerrak Convoys A Norway - Sweden => succeeds
			England: F Finland Supports A Norway - Sweden => succeeds
			Russia: A Sweden - Norway => succeeds`,
		WantUnits: `England: A Sweden
			England: F Skagerrak
			England: F Finland
			Russia: A Norway`},
	// 4.A.7 choice b: a dislodged unit that was not in a head-to-head
	// battle still bounces a third unit in the attacker's province.
	{ID: "6.G.10", Title: "Swapped or an head-to-head battle?",
		Units: `England: A Norway
			England: F Denmark
			England: F Finland
			Germany: F Skagerrak
			Russia: A Sweden
			Russia: F Barents Sea
			France: F Norwegian Sea
			France: F North Sea`,
		Orders: `England: A Norway - Sweden via convoy => succeeds
			England: F Denmark Supports A Norway - Sweden => succeeds
			England: F Finland Supports A Norway - Sweden => succeeds
			Germany: F Skagerrak Convoys A Norway - Sweden => succeeds
			Russia: A Sweden - Norway => bounced
			Russia: F Barents Sea Supports A Sweden - Norway => succeeds
			France: F Norwegian Sea - Norway => bounced
			France: F North Sea Supports F Norwegian Sea - Norway => succeeds`,
		WantDislodged: `Russia: A Sweden`,
		WantUnits: `England: A Sweden
			England: F Denmark
			England: F Finland
			Germany: F Skagerrak
			Russia: F Barents Sea
			France: F Norwegian Sea
			France: F North Sea`},
	// 4.A.3 without fall-back: the army is convoyed, its convoy is
	// disrupted, and it stays in Sweden.
	{ID: "6.G.11", Title: "A convoy to an adjacent province with a paradox",
		Units: `England: F Norway
			England: F North Sea
			Russia: A Sweden
			Russia: F Skagerrak
			Russia: F Barents Sea`,
		Orders: `England: F Norway Supports F North Sea - Skagerrak => succeeds
			England: F North Sea - Skagerrak => succeeds
			Russia: A Sweden - Norway => fails
			Russia: F Skagerrak Convoys A Sweden - Norway => fails
			Russia: F Barents Sea Supports A Sweden - Norway => succeeds`,
		WantDislodged: `Russia: F Skagerrak`,
		WantUnits: `England: F Norway
			England: F Skagerrak
			Russia: A Sweden
			Russia: F Barents Sea`},
	{ID: "6.G.12", Title: "Swapping two units with two convoys",
		Units: `England: A Liverpool
			England: F North Atlantic Ocean
			England: F Norwegian Sea
			Germany: A Edinburgh
			Germany: F North Sea
			Germany: F English Channel
			Germany: F Irish Sea`,
		Orders: `England: A Liverpool - Edinburgh via convoy => succeeds
			England: F North Atlantic Ocean Convoys A Liverpool - Edinburgh => succeeds
			England: F Norwegian Sea Convoys A Liverpool - Edinburgh => succeeds
			Germany: A Edinburgh - Liverpool via convoy => succeeds
			Germany: F North Sea Convoys A Edinburgh - Liverpool => succeeds
			Germany: F English Channel Convoys A Edinburgh - Liverpool => succeeds
			Germany: F Irish Sea Convoys A Edinburgh - Liverpool => succeeds`,
		WantUnits: `England: A Edinburgh
			England: F North Atlantic Ocean
			England: F Norwegian Sea
			Germany: A Liverpool
			Germany: F North Sea
			Germany: F English Channel
			Germany: F Irish Sea`},
	// 4.A.4 choice a: the convoyed army attacks from Trieste, so it does
	// not cut the support of an attack on Trieste.
	{ID: "6.G.13", Title: "Support cut on attack on itself via convoy",
		Units: `Austria: F Adriatic Sea
			Austria: A Trieste
			Italy: A Venice
			Italy: F Albania`,
		Orders: `Austria: F Adriatic Sea Convoys A Trieste - Venice => succeeds
			Austria: A Trieste - Venice via convoy => bounced
			Italy: A Venice Supports F Albania - Trieste => succeeds
			Italy: F Albania - Trieste => succeeds`,
		WantDislodged: `Austria: A Trieste`},
	// 4.A.7 choice b.
	{ID: "6.G.14", Title: "Bounce by convoy to adjacent province",
		Units: `England: A Norway
			England: F Denmark
			England: F Finland
			France: F Norwegian Sea
			France: F North Sea
			Germany: F Skagerrak
			Russia: A Sweden
			Russia: F Barents Sea`,
		Orders: `England: A Norway - Sweden => succeeds
			England: F Denmark Supports A Norway - Sweden => succeeds
			England: F Finland Supports A Norway - Sweden => succeeds
			France: F Norwegian Sea - Norway => bounced
			France: F North Sea Supports F Norwegian Sea - Norway => succeeds
			Germany: F Skagerrak Convoys A Sweden - Norway => succeeds
			Russia: A Sweden - Norway via convoy => bounced
			Russia: F Barents Sea Supports A Sweden - Norway => succeeds`,
		WantDislodged: `Russia: A Sweden`,
		WantUnits: `England: A Sweden
			England: F Denmark
			England: F Finland
			France: F Norwegian Sea
			France: F North Sea
			Germany: F Skagerrak
			Russia: F Barents Sea`},
	// 4.A.7 choice b.
	{ID: "6.G.15", Title: "Bounce and dislodge with double convoy",
		Units: `England: F North Sea
			England: A Holland
			England: A Yorkshire
			England: A London
			France: F English Channel
			France: A Belgium`,
		Orders: `England: F North Sea Convoys A London - Belgium => succeeds
			England: A Holland Supports A London - Belgium => succeeds
			England: A Yorkshire - London => bounced
			England: A London - Belgium via convoy => succeeds
			France: F English Channel Convoys A Belgium - London => succeeds
			France: A Belgium - London via convoy => bounced`,
		WantDislodged: `France: A Belgium`,
		WantUnits: `England: F North Sea
			England: A Holland
			England: A Yorkshire
			England: A Belgium
			France: F English Channel`},
	{ID: "6.G.16", Title: "The two unit in one area bug, moving by convoy",
		Units: `England: A Norway
			England: A Denmark
			England: F Baltic Sea
			England: F North Sea
			Russia: A Sweden
			Russia: F Skagerrak
			Russia: F Norwegian Sea`,
		Orders: `England: A Norway - Sweden => succeeds
			England: A Denmark Supports A Norway - Sweden => succeeds
			England: F Baltic Sea Supports A Norway - Sweden => succeeds
			England: F North Sea - Norway => bounced
			Russia: A Sweden - Norway via convoy => succeeds
			Russia: F Skagerrak Convoys A Sweden - Norway => succeeds
			Russia: F Norwegian Sea Supports A Sweden - Norway => succeeds`,
		WantUnits: `England: A Sweden
			England: A Denmark
			England: F Baltic Sea
			England: F North Sea
			Russia: A Norway
			Russia: F Skagerrak
			Russia: F Norwegian Sea`},
	{ID: "6.G.17", Title: "The two unit in one area bug, moving over land",
		Units: `England: A Norway
			England: A Denmark
			England: F Baltic Sea
			England: F Skagerrak
			England: F North Sea
			Russia: A Sweden
			Russia: F Norwegian Sea`,
		Orders: `England: A Norway - Sweden via convoy => succeeds
			England: A Denmark Supports A Norway - Sweden => succeeds
			England: F Baltic Sea Supports A Norway - Sweden => succeeds
			England: F Skagerrak Convoys A Norway - Sweden => succeeds
			England: F North Sea - Norway => bounced
			Russia: A Sweden - Norway => succeeds
			Russia: F Norwegian Sea Supports A Sweden - Norway => succeeds`,
		WantUnits: `England: A Sweden
			England: A Denmark
			England: F Baltic Sea
			England: F Skagerrak
			England: F North Sea
			Russia: A Norway
			Russia: F Norwegian Sea`},
	{ID: "6.G.18", Title: "The two unit in one area bug, with double convoy",
		Units: `England: F North Sea
			England: A Holland
			England: A Yorkshire
			England: A London
			England: A Ruhr
			France: F English Channel
			France: A Belgium
			France: A Wales`,
		Orders: `England: F North Sea Convoys A London - Belgium => succeeds
			England: A Holland Supports A London - Belgium => succeeds
			England: A Yorkshire - London => bounced
			England: A London - Belgium => succeeds
			England: A Ruhr Supports A London - Belgium => succeeds
			France: F English Channel Convoys A Belgium - London => succeeds
			France: A Belgium - London => succeeds
			France: A Wales Supports A Belgium - London => succeeds`,
		WantUnits: `England: F North Sea
			England: A Holland
			England: A Yorkshire
			England: A Belgium
			England: A Ruhr
			France: F English Channel
			France: A London
			France: A Wales`},
	// 4.E.1: the fleet in the Western Mediterranean is necessary for no
	// convoy route from Marseilles to Spain, so its order is illegal and
	// shows no intent; the Italian fleet is foreign.
	{ID: "6.G.19", Title: "Swapping with intent of unnecessary convoy",
		Units: `France: A Marseilles
			France: F Western Mediterranean
			Italy: F Gulf of Lyon
			Italy: A Spain`,
		Orders: `France: A Marseilles - Spain => bounced
			France: F Western Mediterranean Convoys A Marseilles - Spain => illegal
			Italy: F Gulf of Lyon Convoys A Marseilles - Spain => fails
			Italy: A Spain - Marseilles => bounced`,
		WantUnits: `France: A Marseilles
			France: F Western Mediterranean
			Italy: F Gulf of Lyon
			Italy: A Spain`},
	// 4.A.3: no fall-back to the land route.
	{ID: "6.G.20", Title: "Explicit convoy to adjacent province disrupted",
		Units: `France: F Brest
			France: A Picardy
			France: A Burgundy
			France: F Mid-Atlantic Ocean
			England: F English Channel`,
		Orders: `France: F Brest - English Channel => succeeds
			France: A Picardy - Belgium via Convoy => no_convoy
			France: A Burgundy Supports A Picardy - Belgium => succeeds
			France: F Mid-Atlantic Ocean Supports F Brest - English Channel => succeeds
			England: F English Channel Convoys A Picardy - Belgium => dislodged`,
		WantDislodged: `England: F English Channel`,
		WantUnits: `France: F English Channel
			France: A Picardy
			France: A Burgundy
			France: F Mid-Atlantic Ocean`},
}
