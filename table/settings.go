package table

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base32"
	"strings"
)

// Press is how a game's players may talk to each other.
type Press string

// The kinds of press a game may allow.
const (
	// FullPress: messages to every power, to one, or to any group.
	FullPress Press = "full"
	// PublicPress: only messages to every power at once.
	PublicPress Press = "public"
	// NoPress: no messages at all.
	NoPress Press = "none"
)

// ParsePress returns the press a name means: "full", "public" or "none"
// ("" is full press, the default).
func ParsePress(name string) (Press, error) {
	switch p := Press(name); p {
	case "":
		return FullPress, nil
	case FullPress, PublicPress, NoPress:
		return p, nil
	}
	return "", Errorf(ErrInvalid, "press: full, public or none, not %q", name)
}

// Settings are the choices of a game's creator that every kind of game
// has alike and the server applies, whatever the rules: who may talk,
// who may find the game, who may watch it. They are kept beside the
// game's state (columns of its row, so that listing can filter by them),
// not in it, and never change once the game is made.
type Settings struct {
	Press Press
	// Private: the game is listed only to its creator and players, and
	// joining it (or, for anyone else, seeing it) needs its invitation
	// code (Invitation).
	Private bool
	// Spectators: people who neither created nor play the game may
	// follow it once it has started (what is public of it only). A
	// forming game's seats are visible to whoever may join it.
	Spectators bool
}

// DefaultSettings returns a game's settings when its creator chooses
// none, which are those of every game made before there were settings:
// full press, listed, open to spectators.
func DefaultSettings() Settings { return Settings{Press: FullPress, Spectators: true} }

// invitationLabel separates the invitation code from every other value
// derived from a game's secret (the bots' seeds are HMACs of "chancery
// bots, phase N"): HMAC is a pseudo-random function, so values of
// different messages tell nothing of each other, and the code, which
// players see, tells nothing of the bots' seeds.
const invitationLabel = "chancery invitation"

// invitationBytes is the length of an invitation code before base32:
// 80 bits, as long as a game's id, far beyond guessing.
const invitationBytes = 10

// Invitation returns the invitation code of the game whose secret is
// secret: 16 characters of lower-case base32, made from the secret
// alone, so that it needs no storage and never changes. A game without a
// secret (fewer than 16 bytes) has no code: "" (and CheckInvitation
// accepts none).
func Invitation(secret []byte) string {
	if len(secret) < 16 {
		return ""
	}
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte(invitationLabel))
	sum := mac.Sum(nil)
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(sum[:invitationBytes]))
}

// CheckInvitation reports whether code is the invitation code of the game
// whose secret is secret, in constant time (case does not count: a code
// copied by hand may come in capitals).
func CheckInvitation(secret []byte, code string) bool {
	want := Invitation(secret)
	if want == "" || len(code) != len(want) {
		return false
	}
	return subtle.ConstantTimeCompare([]byte(want), []byte(strings.ToLower(code))) == 1
}
