package rules_test

import "github.com/chancery/chancery/rules"

// allHold is the game option that breaks a convoy paradox by the "All
// Hold" rule of DATC 4.A.2 instead of the preferred Szykman rule.
var allHold = rules.Options{Paradox: rules.AllHold}

// DATC 6.F: convoys, including the convoy paradoxes (6.F.14 to 6.F.25).
// Each case from 6.F.14 on is also run under the All Hold rule ("all the
// moves part of the paradoxical situation fail"): every unit in the
// paradox holds, the convoy fails, a support in it is not cut. Where the
// 2000/2023 multi-route rule leaves no paradox (6.F.19 to 6.F.21, 6.F.25),
// the All Hold case asserts the same outcome as the preferred one.
var datc6F = []phaseCase{
	// No route of convoying spaces joins Greece to Sevastopol (Constantinople
	// is a coast), so the move and every convoy of it are impossible on
	// their own: illegal (DATC 4.E.1); the army stays in Greece.
	{ID: "6.F.1", Title: "No convoy in coastal areas",
		Units: `
			Turkey: A Greece
			Turkey: F Aegean Sea
			Turkey: F Constantinople
			Turkey: F Black Sea`,
		Orders: `
			Turkey: A Greece - Sevastopol => illegal
			Turkey: F Aegean Sea Convoys A Greece - Sevastopol => illegal
			Turkey: F Constantinople Convoys A Greece - Sevastopol => illegal
			Turkey: F Black Sea Convoys A Greece - Sevastopol => illegal`,
		WantDislodged: ``,
		WantUnits: `
			Turkey: A Greece
			Turkey: F Aegean Sea
			Turkey: F Constantinople
			Turkey: F Black Sea`},
	{ID: "6.F.2", Title: "An army being convoyed can bounce as normal",
		Units: `
			England: F English Channel
			England: A London
			France: A Paris`,
		Orders: `
			England: F English Channel Convoys A London - Brest => succeeds
			England: A London - Brest => bounced
			France: A Paris - Brest => bounced`,
		WantDislodged: ``},
	{ID: "6.F.3", Title: "An army being convoyed can receive support",
		Units: `
			England: F English Channel
			England: A London
			England: F Mid-Atlantic Ocean
			France: A Paris`,
		Orders: `
			England: F English Channel Convoys A London - Brest => succeeds
			England: A London - Brest => succeeds
			England: F Mid-Atlantic Ocean Supports A London - Brest => succeeds
			France: A Paris - Brest => bounced`,
		WantDislodged: ``,
		WantUnits: `
			England: F English Channel
			England: A Brest
			England: F Mid-Atlantic Ocean
			France: A Paris`},
	{ID: "6.F.4", Title: "An attacked convoy is not disrupted",
		Units: `
			England: F North Sea
			England: A London
			Germany: F Skagerrak`,
		Orders: `
			England: F North Sea Convoys A London - Holland => succeeds
			England: A London - Holland => succeeds
			Germany: F Skagerrak - North Sea => bounced`,
		WantDislodged: ``,
		WantUnits: `
			England: F North Sea
			England: A Holland
			Germany: F Skagerrak`},
	{ID: "6.F.5", Title: "A beleaguered convoy is not disrupted",
		Units: `
			England: F North Sea
			England: A London
			France: F English Channel
			France: F Belgium
			Germany: F Skagerrak
			Germany: F Denmark`,
		Orders: `
			England: F North Sea Convoys A London - Holland => succeeds
			England: A London - Holland => succeeds
			France: F English Channel - North Sea => bounced
			France: F Belgium Supports F English Channel - North Sea => succeeds
			Germany: F Skagerrak - North Sea => bounced
			Germany: F Denmark Supports F Skagerrak - North Sea => succeeds`,
		WantDislodged: ``,
		WantUnits: `
			England: F North Sea
			England: A Holland
			France: F English Channel
			France: F Belgium
			Germany: F Skagerrak
			Germany: F Denmark`},
	{ID: "6.F.6", Title: "Dislodged convoy does not cut support",
		Units: `
			England: F North Sea
			England: A London
			Germany: A Holland
			Germany: A Belgium
			Germany: F Heligoland Bight
			Germany: F Skagerrak
			France: A Picardy
			France: A Burgundy`,
		Orders: `
			England: F North Sea Convoys A London - Holland => dislodged
			England: A London - Holland => no_convoy
			Germany: A Holland Supports A Belgium => succeeds
			Germany: A Belgium Supports A Holland => cut
			Germany: F Heligoland Bight Supports F Skagerrak - North Sea => succeeds
			Germany: F Skagerrak - North Sea => succeeds
			France: A Picardy - Belgium => bounced
			France: A Burgundy Supports A Picardy - Belgium => succeeds`,
		WantDislodged: `England: F North Sea`},
	{ID: "6.F.7", Title: "Dislodged convoy does not cause contested area",
		Units: `
			England: F North Sea
			England: A London
			Germany: F Heligoland Bight
			Germany: F Skagerrak`,
		Orders: `
			England: F North Sea Convoys A London - Holland => dislodged
			England: A London - Holland => no_convoy
			Germany: F Heligoland Bight Supports F Skagerrak - North Sea => succeeds
			Germany: F Skagerrak - North Sea => succeeds`,
		WantDislodged: `England: F North Sea`,
		ThenOrders:    `England: F North Sea - Holland => succeeds`,
		WantUnits: `
			England: F Holland
			England: A London
			Germany: F Heligoland Bight
			Germany: F North Sea`},
	{ID: "6.F.8", Title: "Dislodged convoy does not cause a bounce",
		Units: `
			England: F North Sea
			England: A London
			Germany: F Heligoland Bight
			Germany: F Skagerrak
			Germany: A Belgium`,
		Orders: `
			England: F North Sea Convoys A London - Holland => dislodged
			England: A London - Holland => no_convoy
			Germany: F Heligoland Bight Supports F Skagerrak - North Sea => succeeds
			Germany: F Skagerrak - North Sea => succeeds
			Germany: A Belgium - Holland => succeeds`,
		WantDislodged: `England: F North Sea`},
	{ID: "6.F.9", Title: "Dislodge of multi-route convoy",
		Units: `
			England: F English Channel
			England: F North Sea
			England: A London
			France: F Brest
			France: F Mid-Atlantic Ocean`,
		Orders: `
			England: F English Channel Convoys A London - Belgium => dislodged
			England: F North Sea Convoys A London - Belgium => succeeds
			England: A London - Belgium => succeeds
			France: F Brest Supports F Mid-Atlantic Ocean - English Channel => succeeds
			France: F Mid-Atlantic Ocean - English Channel => succeeds`,
		WantDislodged: `England: F English Channel`,
		WantUnits: `
			England: F North Sea
			England: A Belgium
			France: F Brest
			France: F English Channel`},
	{ID: "6.F.10", Title: "Dislodge of multi-route convoy with foreign fleet",
		Units: `
			England: F North Sea
			England: A London
			Germany: F English Channel
			France: F Brest
			France: F Mid-Atlantic Ocean`,
		Orders: `
			England: F North Sea Convoys A London - Belgium => succeeds
			England: A London - Belgium => succeeds
			Germany: F English Channel Convoys A London - Belgium => dislodged
			France: F Brest Supports F Mid-Atlantic Ocean - English Channel => succeeds
			France: F Mid-Atlantic Ocean - English Channel => succeeds`,
		WantDislodged: `Germany: F English Channel`,
		WantUnits: `
			England: F North Sea
			England: A Belgium
			France: F Brest
			France: F English Channel`},
	{ID: "6.F.11", Title: "Dislodge of multi-route convoy with only foreign fleets",
		Units: `
			England: A London
			Germany: F English Channel
			Russia: F North Sea
			France: F Brest
			France: F Mid-Atlantic Ocean`,
		Orders: `
			England: A London - Belgium => succeeds
			Germany: F English Channel Convoys A London - Belgium => dislodged
			Russia: F North Sea Convoys A London - Belgium => succeeds
			France: F Brest Supports F Mid-Atlantic Ocean - English Channel => succeeds
			France: F Mid-Atlantic Ocean - English Channel => succeeds`,
		WantDislodged: `Germany: F English Channel`,
		WantUnits: `
			England: A Belgium
			Russia: F North Sea
			France: F Brest
			France: F English Channel`},
	// The fleet in the Irish Sea lies on no route from London to Belgium,
	// so its convoy order is impossible on its own: illegal (DATC 4.E.1, as
	// in 6.G.19). It still holds and is dislodged; the convoy succeeds.
	{ID: "6.F.12", Title: "Dislodged convoying fleet not on route",
		Units: `
			England: F English Channel
			England: A London
			England: F Irish Sea
			France: F North Atlantic Ocean
			France: F Mid-Atlantic Ocean`,
		Orders: `
			England: F English Channel Convoys A London - Belgium => succeeds
			England: A London - Belgium => succeeds
			England: F Irish Sea Convoys A London - Belgium => illegal
			France: F North Atlantic Ocean Supports F Mid-Atlantic Ocean - Irish Sea => succeeds
			France: F Mid-Atlantic Ocean - Irish Sea => succeeds`,
		WantDislodged: `England: F Irish Sea`,
		WantUnits: `
			England: F English Channel
			England: A Belgium
			France: F North Atlantic Ocean
			France: F Irish Sea`},
	{ID: "6.F.13", Title: "The unwanted alternative",
		Units: `
			England: A London
			England: F North Sea
			France: F English Channel
			Germany: F Holland
			Germany: F Denmark`,
		Orders: `
			England: A London - Belgium => succeeds
			England: F North Sea Convoys A London - Belgium => dislodged
			France: F English Channel Convoys A London - Belgium => succeeds
			Germany: F Holland Supports F Denmark - North Sea => succeeds
			Germany: F Denmark - North Sea => succeeds`,
		WantDislodged: `England: F North Sea`,
		WantUnits: `
			England: A Belgium
			France: F English Channel
			Germany: F Holland
			Germany: F North Sea`},

	// The paradoxes.
	{ID: "6.F.14", Title: "Simple convoy paradox",
		Units: `
			England: F London
			England: F Wales
			France: A Brest
			France: F English Channel`,
		Orders: `
			England: F London Supports F Wales - English Channel => succeeds
			England: F Wales - English Channel => succeeds
			France: A Brest - London => paradox
			France: F English Channel Convoys A Brest - London => paradox`,
		WantDislodged: `France: F English Channel`,
		WantUnits: `
			England: F London
			England: F English Channel
			France: A Brest`},
	// All Hold gives a different result here than every rulebook (DATC
	// 4.A.2): Wales's move is in the paradox and fails too.
	{ID: "6.F.14/all-hold", Title: "Simple convoy paradox", Options: allHold,
		Units: `
			England: F London
			England: F Wales
			France: A Brest
			France: F English Channel`,
		Orders: `
			England: F London Supports F Wales - English Channel => succeeds
			England: F Wales - English Channel => fails
			France: A Brest - London => paradox
			France: F English Channel Convoys A Brest - London => paradox`,
		WantDislodged: ``,
		WantUnits: `
			England: F London
			England: F Wales
			France: A Brest
			France: F English Channel`},
	{ID: "6.F.15", Title: "Simple convoy paradox with additional convoy",
		Units: `
			England: F London
			England: F Wales
			France: A Brest
			France: F English Channel
			Italy: F Irish Sea
			Italy: F Mid-Atlantic Ocean
			Italy: A North Africa`,
		Orders: `
			England: F London Supports F Wales - English Channel => succeeds
			England: F Wales - English Channel => succeeds
			France: A Brest - London => paradox
			France: F English Channel Convoys A Brest - London => paradox
			Italy: F Irish Sea Convoys A North Africa - Wales => succeeds
			Italy: F Mid-Atlantic Ocean Convoys A North Africa - Wales => succeeds
			Italy: A North Africa - Wales => succeeds`,
		WantDislodged: `France: F English Channel`,
		WantUnits: `
			England: F London
			England: F English Channel
			France: A Brest
			Italy: F Irish Sea
			Italy: F Mid-Atlantic Ocean
			Italy: A Wales`},
	// Under All Hold the Italian convoy is still outside the paradox and
	// carries the army, but Wales holds, so the army bounces there.
	{ID: "6.F.15/all-hold", Title: "Simple convoy paradox with additional convoy", Options: allHold,
		Units: `
			England: F London
			England: F Wales
			France: A Brest
			France: F English Channel
			Italy: F Irish Sea
			Italy: F Mid-Atlantic Ocean
			Italy: A North Africa`,
		Orders: `
			England: F London Supports F Wales - English Channel => succeeds
			England: F Wales - English Channel => fails
			France: A Brest - London => paradox
			France: F English Channel Convoys A Brest - London => paradox
			Italy: F Irish Sea Convoys A North Africa - Wales => succeeds
			Italy: F Mid-Atlantic Ocean Convoys A North Africa - Wales => succeeds
			Italy: A North Africa - Wales => bounced`,
		WantDislodged: ``,
		WantUnits: `
			England: F London
			England: F Wales
			France: A Brest
			France: F English Channel
			Italy: F Irish Sea
			Italy: F Mid-Atlantic Ocean
			Italy: A North Africa`},
	{ID: "6.F.16", Title: "Pandin's paradox",
		Units: `
			England: F London
			England: F Wales
			France: A Brest
			France: F English Channel
			Germany: F North Sea
			Germany: F Belgium`,
		Orders: `
			England: F London Supports F Wales - English Channel => succeeds
			England: F Wales - English Channel => bounced
			France: A Brest - London => paradox
			France: F English Channel Convoys A Brest - London => paradox
			Germany: F North Sea Supports F Belgium - English Channel => succeeds
			Germany: F Belgium - English Channel => bounced`,
		WantDislodged: ``},
	{ID: "6.F.16/all-hold", Title: "Pandin's paradox", Options: allHold,
		Units: `
			England: F London
			England: F Wales
			France: A Brest
			France: F English Channel
			Germany: F North Sea
			Germany: F Belgium`,
		Orders: `
			England: F London Supports F Wales - English Channel => succeeds
			England: F Wales - English Channel => fails
			France: A Brest - London => paradox
			France: F English Channel Convoys A Brest - London => paradox
			Germany: F North Sea Supports F Belgium - English Channel => succeeds
			Germany: F Belgium - English Channel => fails`,
		WantDislodged: ``},
	{ID: "6.F.17", Title: "Pandin's extended paradox",
		Units: `
			England: F London
			England: F Wales
			France: A Brest
			France: F English Channel
			France: F Yorkshire
			Germany: F North Sea
			Germany: F Belgium`,
		Orders: `
			England: F London Supports F Wales - English Channel => succeeds
			England: F Wales - English Channel => bounced
			France: A Brest - London => paradox
			France: F English Channel Convoys A Brest - London => paradox
			France: F Yorkshire Supports A Brest - London => succeeds
			Germany: F North Sea Supports F Belgium - English Channel => succeeds
			Germany: F Belgium - English Channel => bounced`,
		WantDislodged: ``},
	{ID: "6.F.17/all-hold", Title: "Pandin's extended paradox", Options: allHold,
		Units: `
			England: F London
			England: F Wales
			France: A Brest
			France: F English Channel
			France: F Yorkshire
			Germany: F North Sea
			Germany: F Belgium`,
		Orders: `
			England: F London Supports F Wales - English Channel => succeeds
			England: F Wales - English Channel => fails
			France: A Brest - London => paradox
			France: F English Channel Convoys A Brest - London => paradox
			France: F Yorkshire Supports A Brest - London => succeeds
			Germany: F North Sea Supports F Belgium - English Channel => succeeds
			Germany: F Belgium - English Channel => fails`,
		WantDislodged: ``},
	// The DATC text says "the convoy in the English Channel fails"; the
	// convoying fleet of this case is the one in the North Sea.
	{ID: "6.F.18", Title: "Betrayal paradox",
		Units: `
			England: F North Sea
			England: A London
			England: F English Channel
			France: F Belgium
			Germany: F Heligoland Bight
			Germany: F Skagerrak`,
		Orders: `
			England: F North Sea Convoys A London - Belgium => paradox
			England: A London - Belgium => paradox
			England: F English Channel Supports A London - Belgium => succeeds
			France: F Belgium Supports F North Sea => succeeds
			Germany: F Heligoland Bight Supports F Skagerrak - North Sea => succeeds
			Germany: F Skagerrak - North Sea => bounced`,
		WantDislodged: ``},
	{ID: "6.F.18/all-hold", Title: "Betrayal paradox", Options: allHold,
		Units: `
			England: F North Sea
			England: A London
			England: F English Channel
			France: F Belgium
			Germany: F Heligoland Bight
			Germany: F Skagerrak`,
		Orders: `
			England: F North Sea Convoys A London - Belgium => paradox
			England: A London - Belgium => paradox
			England: F English Channel Supports A London - Belgium => succeeds
			France: F Belgium Supports F North Sea => succeeds
			Germany: F Heligoland Bight Supports F Skagerrak - North Sea => succeeds
			Germany: F Skagerrak - North Sea => fails`,
		WantDislodged: ``},
	{ID: "6.F.19", Title: "Multi-route convoy disruption paradox",
		Units: `
			France: A Tunis
			France: F Tyrrhenian Sea
			France: F Ionian Sea
			Italy: F Naples
			Italy: F Rome`,
		Orders: `
			France: A Tunis - Naples => bounced
			France: F Tyrrhenian Sea Convoys A Tunis - Naples => succeeds
			France: F Ionian Sea Convoys A Tunis - Naples => succeeds
			Italy: F Naples Supports F Rome - Tyrrhenian Sea => cut
			Italy: F Rome - Tyrrhenian Sea => bounced`,
		WantDislodged: ``},
	{ID: "6.F.19/all-hold", Title: "Multi-route convoy disruption paradox", Options: allHold,
		Units: `
			France: A Tunis
			France: F Tyrrhenian Sea
			France: F Ionian Sea
			Italy: F Naples
			Italy: F Rome`,
		Orders: `
			France: A Tunis - Naples => bounced
			France: F Tyrrhenian Sea Convoys A Tunis - Naples => succeeds
			France: F Ionian Sea Convoys A Tunis - Naples => succeeds
			Italy: F Naples Supports F Rome - Tyrrhenian Sea => cut
			Italy: F Rome - Tyrrhenian Sea => bounced`,
		WantDislodged: ``},
	{ID: "6.F.20", Title: "Unwanted multi-route convoy paradox",
		Units: `
			France: A Tunis
			France: F Tyrrhenian Sea
			Italy: F Naples
			Italy: F Ionian Sea
			Turkey: F Aegean Sea
			Turkey: F Eastern Mediterranean`,
		Orders: `
			France: A Tunis - Naples => bounced
			France: F Tyrrhenian Sea Convoys A Tunis - Naples => succeeds
			Italy: F Naples Supports F Ionian Sea => cut
			Italy: F Ionian Sea Convoys A Tunis - Naples => dislodged
			Turkey: F Aegean Sea Supports F Eastern Mediterranean - Ionian Sea => succeeds
			Turkey: F Eastern Mediterranean - Ionian Sea => succeeds`,
		WantDislodged: `Italy: F Ionian Sea`},
	{ID: "6.F.20/all-hold", Title: "Unwanted multi-route convoy paradox", Options: allHold,
		Units: `
			France: A Tunis
			France: F Tyrrhenian Sea
			Italy: F Naples
			Italy: F Ionian Sea
			Turkey: F Aegean Sea
			Turkey: F Eastern Mediterranean`,
		Orders: `
			France: A Tunis - Naples => bounced
			France: F Tyrrhenian Sea Convoys A Tunis - Naples => succeeds
			Italy: F Naples Supports F Ionian Sea => cut
			Italy: F Ionian Sea Convoys A Tunis - Naples => dislodged
			Turkey: F Aegean Sea Supports F Eastern Mediterranean - Ionian Sea => succeeds
			Turkey: F Eastern Mediterranean - Ionian Sea => succeeds`,
		WantDislodged: `Italy: F Ionian Sea`},
	// The DATC only speaks of the North Atlantic; with Clyde's support cut
	// by the army from Norway (carried by an undisturbed convoy, strength
	// two against one), the fleet in Clyde is dislodged as well.
	{ID: "6.F.21", Title: "Dad's army convoy",
		Units: `
			Russia: A Edinburgh
			Russia: F Norwegian Sea
			Russia: A Norway
			France: F Irish Sea
			France: F Mid-Atlantic Ocean
			England: A Liverpool
			England: F North Atlantic Ocean
			England: F Clyde`,
		Orders: `
			Russia: A Edinburgh Supports A Norway - Clyde => succeeds
			Russia: F Norwegian Sea Convoys A Norway - Clyde => succeeds
			Russia: A Norway - Clyde => succeeds
			France: F Irish Sea Supports F Mid-Atlantic Ocean - North Atlantic Ocean => succeeds
			France: F Mid-Atlantic Ocean - North Atlantic Ocean => succeeds
			England: A Liverpool - Clyde via convoy => no_convoy
			England: F North Atlantic Ocean Convoys A Liverpool - Clyde => dislodged
			England: F Clyde Supports F North Atlantic Ocean => dislodged`,
		WantDislodged: `
			England: F North Atlantic Ocean
			England: F Clyde`,
		WantUnits: `
			Russia: A Edinburgh
			Russia: F Norwegian Sea
			Russia: A Clyde
			France: F Irish Sea
			France: F North Atlantic Ocean
			England: A Liverpool`},
	{ID: "6.F.21/all-hold", Title: "Dad's army convoy", Options: allHold,
		Units: `
			Russia: A Edinburgh
			Russia: F Norwegian Sea
			Russia: A Norway
			France: F Irish Sea
			France: F Mid-Atlantic Ocean
			England: A Liverpool
			England: F North Atlantic Ocean
			England: F Clyde`,
		Orders: `
			Russia: A Edinburgh Supports A Norway - Clyde => succeeds
			Russia: F Norwegian Sea Convoys A Norway - Clyde => succeeds
			Russia: A Norway - Clyde => succeeds
			France: F Irish Sea Supports F Mid-Atlantic Ocean - North Atlantic Ocean => succeeds
			France: F Mid-Atlantic Ocean - North Atlantic Ocean => succeeds
			England: A Liverpool - Clyde via convoy => no_convoy
			England: F North Atlantic Ocean Convoys A Liverpool - Clyde => dislodged
			England: F Clyde Supports F North Atlantic Ocean => dislodged`,
		WantDislodged: `
			England: F North Atlantic Ocean
			England: F Clyde`,
		WantUnits: `
			Russia: A Edinburgh
			Russia: F Norwegian Sea
			Russia: A Clyde
			France: F Irish Sea
			France: F North Atlantic Ocean
			England: A Liverpool`},
	{ID: "6.F.22", Title: "Second order paradox with two resolutions",
		Units: `
			England: F Edinburgh
			England: F London
			France: A Brest
			France: F English Channel
			Germany: F Belgium
			Germany: F Picardy
			Russia: A Norway
			Russia: F North Sea`,
		Orders: `
			England: F Edinburgh - North Sea => succeeds
			England: F London Supports F Edinburgh - North Sea => succeeds
			France: A Brest - London => paradox
			France: F English Channel Convoys A Brest - London => paradox
			Germany: F Belgium Supports F Picardy - English Channel => succeeds
			Germany: F Picardy - English Channel => succeeds
			Russia: A Norway - Belgium => paradox
			Russia: F North Sea Convoys A Norway - Belgium => paradox`,
		WantDislodged: `
			France: F English Channel
			Russia: F North Sea`,
		WantUnits: `
			England: F North Sea
			England: F London
			France: A Brest
			Germany: F Belgium
			Germany: F English Channel
			Russia: A Norway`},
	// Under All Hold both fleet moves are in the paradox, so nothing moves
	// and nobody is dislodged.
	{ID: "6.F.22/all-hold", Title: "Second order paradox with two resolutions", Options: allHold,
		Units: `
			England: F Edinburgh
			England: F London
			France: A Brest
			France: F English Channel
			Germany: F Belgium
			Germany: F Picardy
			Russia: A Norway
			Russia: F North Sea`,
		Orders: `
			England: F Edinburgh - North Sea => fails
			England: F London Supports F Edinburgh - North Sea => succeeds
			France: A Brest - London => paradox
			France: F English Channel Convoys A Brest - London => paradox
			Germany: F Belgium Supports F Picardy - English Channel => succeeds
			Germany: F Picardy - English Channel => fails
			Russia: A Norway - Belgium => paradox
			Russia: F North Sea Convoys A Norway - Belgium => paradox`,
		WantDislodged: ``},
	{ID: "6.F.23", Title: "Second order paradox with two exclusive convoys",
		Units: `
			England: F Edinburgh
			England: F Yorkshire
			France: A Brest
			France: F English Channel
			Germany: F Belgium
			Germany: F London
			Italy: F Mid-Atlantic Ocean
			Italy: F Irish Sea
			Russia: A Norway
			Russia: F North Sea`,
		Orders: `
			England: F Edinburgh - North Sea => bounced
			England: F Yorkshire Supports F Edinburgh - North Sea => succeeds
			France: A Brest - London => paradox
			France: F English Channel Convoys A Brest - London => paradox
			Germany: F Belgium Supports F English Channel => succeeds
			Germany: F London Supports F North Sea => succeeds
			Italy: F Mid-Atlantic Ocean - English Channel => bounced
			Italy: F Irish Sea Supports F Mid-Atlantic Ocean - English Channel => succeeds
			Russia: A Norway - Belgium => paradox
			Russia: F North Sea Convoys A Norway - Belgium => paradox`,
		WantDislodged: ``},
	{ID: "6.F.23/all-hold", Title: "Second order paradox with two exclusive convoys", Options: allHold,
		Units: `
			England: F Edinburgh
			England: F Yorkshire
			France: A Brest
			France: F English Channel
			Germany: F Belgium
			Germany: F London
			Italy: F Mid-Atlantic Ocean
			Italy: F Irish Sea
			Russia: A Norway
			Russia: F North Sea`,
		Orders: `
			England: F Edinburgh - North Sea => fails
			England: F Yorkshire Supports F Edinburgh - North Sea => succeeds
			France: A Brest - London => paradox
			France: F English Channel Convoys A Brest - London => paradox
			Germany: F Belgium Supports F English Channel => succeeds
			Germany: F London Supports F North Sea => succeeds
			Italy: F Mid-Atlantic Ocean - English Channel => fails
			Italy: F Irish Sea Supports F Mid-Atlantic Ocean - English Channel => succeeds
			Russia: A Norway - Belgium => paradox
			Russia: F North Sea Convoys A Norway - Belgium => paradox`,
		WantDislodged: ``},
	{ID: "6.F.24", Title: "Second order paradox with no resolution",
		Units: `
			England: F Edinburgh
			England: F London
			England: F Irish Sea
			England: F Mid-Atlantic Ocean
			France: A Brest
			France: F English Channel
			France: F Belgium
			Russia: A Norway
			Russia: F North Sea`,
		Orders: `
			England: F Edinburgh - North Sea => succeeds
			England: F London Supports F Edinburgh - North Sea => succeeds
			England: F Irish Sea - English Channel => bounced
			England: F Mid-Atlantic Ocean Supports F Irish Sea - English Channel => succeeds
			France: A Brest - London => paradox
			France: F English Channel Convoys A Brest - London => paradox
			France: F Belgium Supports F English Channel => succeeds
			Russia: A Norway - Belgium => paradox
			Russia: F North Sea Convoys A Norway - Belgium => paradox`,
		WantDislodged: `Russia: F North Sea`,
		WantUnits: `
			England: F North Sea
			England: F London
			England: F Irish Sea
			England: F Mid-Atlantic Ocean
			France: A Brest
			France: F English Channel
			France: F Belgium
			Russia: A Norway`},
	// Under All Hold the move from Edinburgh is in the paradox too (its
	// support depends on the army from Brest), so the North Sea survives.
	{ID: "6.F.24/all-hold", Title: "Second order paradox with no resolution", Options: allHold,
		Units: `
			England: F Edinburgh
			England: F London
			England: F Irish Sea
			England: F Mid-Atlantic Ocean
			France: A Brest
			France: F English Channel
			France: F Belgium
			Russia: A Norway
			Russia: F North Sea`,
		Orders: `
			England: F Edinburgh - North Sea => fails
			England: F London Supports F Edinburgh - North Sea => succeeds
			England: F Irish Sea - English Channel => fails
			England: F Mid-Atlantic Ocean Supports F Irish Sea - English Channel => succeeds
			France: A Brest - London => paradox
			France: F English Channel Convoys A Brest - London => paradox
			France: F Belgium Supports F English Channel => succeeds
			Russia: A Norway - Belgium => paradox
			Russia: F North Sea Convoys A Norway - Belgium => paradox`,
		WantDislodged: ``},
	// The DATC writes "Rhur" and leaves out some unit types.
	{ID: "6.F.25", Title: "Cut support last",
		Units: `
			Germany: A Ruhr
			Germany: A Holland
			Germany: A Denmark
			Germany: F Skagerrak
			Germany: A Finland
			England: A Yorkshire
			England: F North Sea
			England: F Heligoland Bight
			England: A Belgium
			Russia: F Norwegian Sea
			Russia: F Norway
			Russia: F Sweden`,
		Orders: `
			Germany: A Ruhr - Belgium => bounced
			Germany: A Holland Supports A Ruhr - Belgium => dislodged
			Germany: A Denmark - Norway => succeeds
			Germany: F Skagerrak Convoys A Denmark - Norway => succeeds
			Germany: A Finland Supports A Denmark - Norway => succeeds
			England: A Yorkshire - Holland => succeeds
			England: F North Sea Convoys A Yorkshire - Holland => succeeds
			England: F Heligoland Bight Supports A Yorkshire - Holland => succeeds
			England: A Belgium Hold => succeeds
			Russia: F Norwegian Sea - North Sea => bounced
			Russia: F Norway Supports F Norwegian Sea - North Sea => dislodged
			Russia: F Sweden - Skagerrak => bounced`,
		WantDislodged: `
			Germany: A Holland
			Russia: F Norway`,
		WantUnits: `
			Germany: A Ruhr
			Germany: A Norway
			Germany: F Skagerrak
			Germany: A Finland
			England: A Holland
			England: F North Sea
			England: F Heligoland Bight
			England: A Belgium
			Russia: F Norwegian Sea
			Russia: F Sweden`},
	{ID: "6.F.25/all-hold", Title: "Cut support last", Options: allHold,
		Units: `
			Germany: A Ruhr
			Germany: A Holland
			Germany: A Denmark
			Germany: F Skagerrak
			Germany: A Finland
			England: A Yorkshire
			England: F North Sea
			England: F Heligoland Bight
			England: A Belgium
			Russia: F Norwegian Sea
			Russia: F Norway
			Russia: F Sweden`,
		Orders: `
			Germany: A Ruhr - Belgium => bounced
			Germany: A Holland Supports A Ruhr - Belgium => dislodged
			Germany: A Denmark - Norway => succeeds
			Germany: F Skagerrak Convoys A Denmark - Norway => succeeds
			Germany: A Finland Supports A Denmark - Norway => succeeds
			England: A Yorkshire - Holland => succeeds
			England: F North Sea Convoys A Yorkshire - Holland => succeeds
			England: F Heligoland Bight Supports A Yorkshire - Holland => succeeds
			England: A Belgium Hold => succeeds
			Russia: F Norwegian Sea - North Sea => bounced
			Russia: F Norway Supports F Norwegian Sea - North Sea => dislodged
			Russia: F Sweden - Skagerrak => bounced`,
		WantDislodged: `
			Germany: A Holland
			Russia: F Norway`},
}
