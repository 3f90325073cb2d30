package server

import (
	"net/http"

	"github.com/chancery/chancery/store"
	"github.com/chancery/chancery/table"
)

// A game's settings (table.Settings) are its creator's choices that the
// server applies whatever the kind: the press allowed (postMessage), who
// may find and join the game (listGames, joinGame), and who may follow it
// (admit). They are columns of the game's row, fixed at its creation.

// settingsOf returns the settings of the game stored in row.
func settingsOf(row *store.GameRow) table.Settings {
	return table.Settings{Press: table.Press(row.Press), Private: row.Private, Spectators: row.Spectators}
}

// insider reports whether user created, plays or is the master of the
// game seated at t: every setting is open to them.
func insider(t *table.Table, userID string) bool {
	return userID != "" && (t.Creator == userID || t.SeatOf(userID) >= 0 || t.MasterOf() == userID)
}

// admit checks that a user may see the game stored in row and seated at
// t (its view, history, boards and live updates), holding the invitation
// code invitation (as the page's link carries it, "" for none). Its
// creator and players always may; anyone else needs the code of a
// private game, and the game must admit spectators while it is played
// (once it has ended, it is a public record).
// While a game forms, or a seat of a game under way waits for a
// substitute, whoever may join it may look at its seats.
func admit(row *store.GameRow, t *table.Table, userID, invitation string) error {
	if insider(t, userID) {
		return nil
	}
	if row.Private && !table.CheckInvitation(row.Secret, invitation) {
		return codedf(http.StatusForbidden, table.CodeInvitation, "this game is private: seeing it needs its invitation link")
	}
	// A finished game is a public record, unless it is private.
	if !row.Spectators && t.Status == table.Active && len(t.Wanted()) == 0 {
		return codedf(http.StatusForbidden, table.CodeNoSpectators, "this game admits no spectators")
	}
	return nil
}

// admitJoin checks that a user may join the game stored in row and seated
// at t, holding the invitation code invitation: a private game needs its
// code, but from its creator (who may have created it without a seat).
func admitJoin(row *store.GameRow, t *table.Table, userID, invitation string) error {
	if row.Private && t.Creator != userID && !table.CheckInvitation(row.Secret, invitation) {
		return codedf(http.StatusForbidden, table.CodeInvitation, "this game is private: joining needs its invitation link")
	}
	return nil
}

// invitation returns the invitation code a request carries in its query
// (?invitation=), "" for none.
func invitation(r *http.Request) string {
	return r.URL.Query().Get("invitation")
}
