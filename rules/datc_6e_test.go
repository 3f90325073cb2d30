package rules_test

// DATC 6.E: head-to-head battles and beleaguered garrisons.
var datc6E = []phaseCase{
	{ID: "6.E.1", Title: "Dislodged unit has no effect on attacker's area",
		Units: `
			Germany: A Berlin
			Germany: F Kiel
			Germany: A Silesia
			Russia: A Prussia`,
		Orders: `
			Germany: A Berlin - Prussia => succeeds
			Germany: F Kiel - Berlin => succeeds
			Germany: A Silesia Supports A Berlin - Prussia => succeeds
			Russia: A Prussia - Berlin => fails`,
		WantDislodged: `Russia: A Prussia`,
		WantUnits: `
			Germany: A Prussia
			Germany: F Berlin
			Germany: A Silesia`},
	{ID: "6.E.2", Title: "No self dislodgement in head-to-head battle",
		Units: `
			Germany: A Berlin
			Germany: F Kiel
			Germany: A Munich`,
		Orders: `
			Germany: A Berlin - Kiel => bounced
			Germany: F Kiel - Berlin => bounced
			Germany: A Munich Supports A Berlin - Kiel => succeeds`,
		WantDislodged: ``},
	{ID: "6.E.3", Title: "No help in dislodging own unit",
		Units: `
			Germany: A Berlin
			Germany: A Munich
			England: F Kiel`,
		Orders: `
			Germany: A Berlin - Kiel => bounced
			Germany: A Munich Supports F Kiel - Berlin => succeeds
			England: F Kiel - Berlin => bounced`,
		WantDislodged: ``},
	{ID: "6.E.4", Title: "Non-dislodged loser still has effect",
		Units: `
			Germany: F Holland
			Germany: F Heligoland Bight
			Germany: F Skagerrak
			France: F North Sea
			France: F Belgium
			England: F Edinburgh
			England: F Yorkshire
			England: F Norwegian Sea
			Austria: A Kiel
			Austria: A Ruhr`,
		Orders: `
			Germany: F Holland - North Sea => bounced
			Germany: F Heligoland Bight Supports F Holland - North Sea => succeeds
			Germany: F Skagerrak Supports F Holland - North Sea => succeeds
			France: F North Sea - Holland => bounced
			France: F Belgium Supports F North Sea - Holland => succeeds
			England: F Edinburgh Supports F Norwegian Sea - North Sea => succeeds
			England: F Yorkshire Supports F Norwegian Sea - North Sea => succeeds
			England: F Norwegian Sea - North Sea => bounced
			Austria: A Kiel Supports A Ruhr - Holland => succeeds
			Austria: A Ruhr - Holland => bounced`,
		WantDislodged: ``},
	{ID: "6.E.5", Title: "Loser dislodged by another army still has effect",
		Units: `
			Germany: F Holland
			Germany: F Heligoland Bight
			Germany: F Skagerrak
			France: F North Sea
			France: F Belgium
			England: F Edinburgh
			England: F Yorkshire
			England: F Norwegian Sea
			England: F London
			Austria: A Kiel
			Austria: A Ruhr`,
		Orders: `
			Germany: F Holland - North Sea => bounced
			Germany: F Heligoland Bight Supports F Holland - North Sea => succeeds
			Germany: F Skagerrak Supports F Holland - North Sea => succeeds
			France: F North Sea - Holland => fails
			France: F Belgium Supports F North Sea - Holland => succeeds
			England: F Edinburgh Supports F Norwegian Sea - North Sea => succeeds
			England: F Yorkshire Supports F Norwegian Sea - North Sea => succeeds
			England: F Norwegian Sea - North Sea => succeeds
			England: F London Supports F Norwegian Sea - North Sea => succeeds
			Austria: A Kiel Supports A Ruhr - Holland => succeeds
			Austria: A Ruhr - Holland => bounced`,
		WantDislodged: `France: F North Sea`},
	{ID: "6.E.6", Title: "Not dislodge because of own support still has effect",
		Units: `
			Germany: F Holland
			Germany: F Heligoland Bight
			France: F North Sea
			France: F Belgium
			France: F English Channel
			Austria: A Kiel
			Austria: A Ruhr`,
		Orders: `
			Germany: F Holland - North Sea => bounced
			Germany: F Heligoland Bight Supports F Holland - North Sea => succeeds
			France: F North Sea - Holland => bounced
			France: F Belgium Supports F North Sea - Holland => succeeds
			France: F English Channel Supports F Holland - North Sea => succeeds
			Austria: A Kiel Supports A Ruhr - Holland => succeeds
			Austria: A Ruhr - Holland => bounced`,
		WantDislodged: ``},
	{ID: "6.E.7", Title: "No self dislodgement with beleaguered garrison",
		Units: `
			England: F North Sea
			England: F Yorkshire
			Germany: F Holland
			Germany: F Heligoland Bight
			Russia: F Skagerrak
			Russia: F Norway`,
		Orders: `
			England: F North Sea Hold => succeeds
			England: F Yorkshire Supports F Norway - North Sea => succeeds
			Germany: F Holland Supports F Heligoland Bight - North Sea => succeeds
			Germany: F Heligoland Bight - North Sea => bounced
			Russia: F Skagerrak Supports F Norway - North Sea => succeeds
			Russia: F Norway - North Sea => bounced`,
		WantDislodged: ``},
	{ID: "6.E.8", Title: "No self dislodgement with beleaguered garrison and head-to-head battle",
		Units: `
			England: F North Sea
			England: F Yorkshire
			Germany: F Holland
			Germany: F Heligoland Bight
			Russia: F Skagerrak
			Russia: F Norway`,
		Orders: `
			England: F North Sea - Norway => bounced
			England: F Yorkshire Supports F Norway - North Sea => succeeds
			Germany: F Holland Supports F Heligoland Bight - North Sea => succeeds
			Germany: F Heligoland Bight - North Sea => bounced
			Russia: F Skagerrak Supports F Norway - North Sea => succeeds
			Russia: F Norway - North Sea => bounced`,
		WantDislodged: ``},
	{ID: "6.E.9", Title: "Almost self dislodgement with beleaguered garrison",
		Units: `
			England: F North Sea
			England: F Yorkshire
			Germany: F Holland
			Germany: F Heligoland Bight
			Russia: F Skagerrak
			Russia: F Norway`,
		Orders: `
			England: F North Sea - Norwegian Sea => succeeds
			England: F Yorkshire Supports F Norway - North Sea => succeeds
			Germany: F Holland Supports F Heligoland Bight - North Sea => succeeds
			Germany: F Heligoland Bight - North Sea => bounced
			Russia: F Skagerrak Supports F Norway - North Sea => succeeds
			Russia: F Norway - North Sea => succeeds`,
		WantDislodged: ``,
		WantUnits: `
			England: F Norwegian Sea
			England: F Yorkshire
			Germany: F Holland
			Germany: F Heligoland Bight
			Russia: F Skagerrak
			Russia: F North Sea`},
	{ID: "6.E.10", Title: "Almost circular movement with no self dislodgement with beleaguered garrison",
		Units: `
			England: F North Sea
			England: F Yorkshire
			Germany: F Holland
			Germany: F Heligoland Bight
			Germany: F Denmark
			Russia: F Skagerrak
			Russia: F Norway`,
		Orders: `
			England: F North Sea - Denmark => bounced
			England: F Yorkshire Supports F Norway - North Sea => succeeds
			Germany: F Holland Supports F Heligoland Bight - North Sea => succeeds
			Germany: F Heligoland Bight - North Sea => bounced
			Germany: F Denmark - Heligoland Bight => bounced
			Russia: F Skagerrak Supports F Norway - North Sea => succeeds
			Russia: F Norway - North Sea => bounced`,
		WantDislodged: ``},
	{ID: "6.E.11", Title: "No self dislodgement with beleaguered garrison, unit swap with adjacent convoying and two coasts",
		Units: `
			France: A Spain
			France: F Mid-Atlantic Ocean
			France: F Gulf of Lyon
			Germany: A Marseilles
			Germany: A Gascony
			Italy: F Portugal
			Italy: F Western Mediterranean`,
		Orders: `
			France: A Spain - Portugal via convoy => succeeds
			France: F Mid-Atlantic Ocean Convoys A Spain - Portugal => succeeds
			France: F Gulf of Lyon Supports F Portugal - Spain(nc) => succeeds
			Germany: A Marseilles Supports A Gascony - Spain => succeeds
			Germany: A Gascony - Spain => bounced
			Italy: F Portugal - Spain(nc) => succeeds
			Italy: F Western Mediterranean Supports F Portugal - Spain(nc) => succeeds`,
		WantDislodged: ``,
		WantUnits: `
			France: A Portugal
			France: F Mid-Atlantic Ocean
			France: F Gulf of Lyon
			Germany: A Marseilles
			Germany: A Gascony
			Italy: F Spain(nc)
			Italy: F Western Mediterranean`},
	{ID: "6.E.12", Title: "Support on attack on own unit can be used for other means",
		Units: `
			Austria: A Budapest
			Austria: A Serbia
			Italy: A Vienna
			Russia: A Galicia
			Russia: A Rumania`,
		Orders: `
			Austria: A Budapest - Rumania => bounced
			Austria: A Serbia Supports A Vienna - Budapest => succeeds
			Italy: A Vienna - Budapest => bounced
			Russia: A Galicia - Budapest => bounced
			Russia: A Rumania Supports A Galicia - Budapest => succeeds`,
		WantDislodged: ``},
	{ID: "6.E.13", Title: "Three way beleaguered garrison",
		Units: `
			England: F Edinburgh
			England: F Yorkshire
			France: F Belgium
			France: F English Channel
			Germany: F North Sea
			Russia: F Norwegian Sea
			Russia: F Norway`,
		Orders: `
			England: F Edinburgh Supports F Yorkshire - North Sea => succeeds
			England: F Yorkshire - North Sea => bounced
			France: F Belgium - North Sea => bounced
			France: F English Channel Supports F Belgium - North Sea => succeeds
			Germany: F North Sea Hold => succeeds
			Russia: F Norwegian Sea - North Sea => bounced
			Russia: F Norway Supports F Norwegian Sea - North Sea => succeeds`,
		WantDislodged: ``},
	{ID: "6.E.14", Title: "Illegal head-to-head battle can still defend",
		Units: `
			England: A Liverpool
			Russia: F Edinburgh`,
		Orders: `
			England: A Liverpool - Edinburgh => bounced
			Russia: F Edinburgh - Liverpool => illegal`,
		WantDislodged: ``},
	{ID: "6.E.15", Title: "The friendly head-to-head battle",
		Units: `
			England: F Holland
			England: A Ruhr
			France: A Kiel
			France: A Munich
			France: A Silesia
			Germany: A Berlin
			Germany: F Denmark
			Germany: F Heligoland Bight
			Russia: F Baltic Sea
			Russia: A Prussia`,
		Orders: `
			England: F Holland Supports A Ruhr - Kiel => succeeds
			England: A Ruhr - Kiel => bounced
			France: A Kiel - Berlin => bounced
			France: A Munich Supports A Kiel - Berlin => succeeds
			France: A Silesia Supports A Kiel - Berlin => succeeds
			Germany: A Berlin - Kiel => bounced
			Germany: F Denmark Supports A Berlin - Kiel => succeeds
			Germany: F Heligoland Bight Supports A Berlin - Kiel => succeeds
			Russia: F Baltic Sea Supports A Prussia - Berlin => succeeds
			Russia: A Prussia - Berlin => bounced`,
		WantDislodged: ``},
}
