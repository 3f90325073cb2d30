package dice

// Title, Victory and Description tell players what Diceplomacy is, as a
// server lists it beside the Diplomacy variants.
const (
	Title = "Diceplomacy"
	// Victory is how the game is won. A surrender ends a war, not the
	// game: it scores wins and losses like a battle.
	Victory = "the first player to 3 wins (ties broken by fewer losses, then the higher die; still tied, a draw)"
	// Description is the game in a sentence or two.
	Description = "A dice game of war and diplomacy for 4 to 8 players. Each player's die, their power, is secret until revealed in battle. " +
		"Declare war, make and break alliances, invite others to your defence, surrender or fight on: winners of a war score a win, " +
		"losers a loss; three losses put a player out, and the first player to three wins wins the game."
)
