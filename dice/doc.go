// Package dice is the engine of Diceplomacy, a dice game of war and
// diplomacy for 4 to 8 players (docs/diceplomacy.md describes its rules as
// this package plays them).
//
// The engine is pure and deterministic: a [Game] holds the whole [State],
// changes only through [Game.Apply] (a [Move] answering a pending
// [Request]) or [Game.Timeout] (the request's default), and draws every die
// and the start player from an explicit [Source]. It does no I/O and keeps
// no global state, so the same configuration, source and moves always give
// the same game.
//
// At any moment the game waits for one or more requests: the current
// player's action, an answer to an alliance proposal, the outnumbered
// defender's invitations, invited players' answers, or each member of a side
// deciding whether to surrender. Every request carries a default (reorganise
// / refuse / stop inviting / do not join / do not surrender), so a server can
// apply it when a deadline passes and an absent player never blocks the game.
//
// Everything that happens is recorded as an [Event] in the game's log, the
// moves included, so [Replay] can rebuild any game exactly from its
// configuration and log. [Game.View] and [Game.LogFor] give what one player
// may know: another player's die appears only once it has been revealed in a
// battle, and only until its owner rerolls.
package dice
