// Package game is a Diplomacy game's life between phases: seats (the
// table every kind of game shares, package table), start, orders, votes,
// adjudication, the end. It holds the rules core's typed
// position and takes typed orders; names appear only where a game enters
// or leaves the process, through its variant's codec.Codec.
//
// The road of one phase on a server: Decode reads the stored game
// (names to ids, once, strictly); engine.Engine.ReadOrders reads the
// orders people stored (checked and made canonical by
// engine.Engine.Validate when they were given), and bots' orders are typed
// already; Game.Advance resolves them with the variant's engine and returns the phase's record, written with names
// once, for the history and for people; the game is stored again as JSON
// (Game.MarshalJSON, ids to names).
package game
