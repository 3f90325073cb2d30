package table

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base32"
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestParsePressKnowsThreeKindsAndTheDefault(t *testing.T) {
	for name, want := range map[string]Press{"": FullPress, "full": FullPress, "public": PublicPress, "none": NoPress} {
		if p, err := ParsePress(name); err != nil || p != want {
			t.Errorf("ParsePress(%q) = %q, %v; want %q", name, p, err, want)
		}
	}
	for _, name := range []string{"Full", "private", "gunboat", " none"} {
		_, err := ParsePress(name)
		if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "full, public or none") {
			t.Errorf("ParsePress(%q): %v, want an invalid-value error naming the choices", name, err)
		}
	}
}

// TestInvitationIsStableSecretAndApart: a game's code is the same each
// time, differs between games, is accepted in either case and only
// whole, and is none of the values the bots' seeds are made of.
func TestInvitationIsStableSecretAndApart(t *testing.T) {
	s1, s2 := bytes.Repeat([]byte{1}, 32), bytes.Repeat([]byte{2}, 32)
	c1 := Invitation(s1)
	if len(c1) != 16 || c1 != strings.ToLower(c1) {
		t.Fatalf("code %q: want 16 lower-case characters", c1)
	}
	if Invitation(s1) != c1 || Invitation(s2) == c1 {
		t.Fatal("a game's code should be its own and stay the same")
	}
	if !CheckInvitation(s1, c1) || !CheckInvitation(s1, strings.ToUpper(c1)) {
		t.Error("the game's own code is refused")
	}
	for _, bad := range []string{"", c1[:15], c1 + "a", Invitation(s2)} {
		if CheckInvitation(s1, bad) {
			t.Errorf("code %q accepted", bad)
		}
	}
	// No secret, no code: nothing is accepted, not even "".
	if Invitation(nil) != "" || CheckInvitation(nil, "") || CheckInvitation([]byte("short"), Invitation([]byte("short"))) {
		t.Error("a game without a secret has a code")
	}
	// The bots' seeds are HMAC(secret, "chancery bots, phase N") (see
	// table/diplomacy): the code must not be a prefix of any of them.
	for seq := range 100 {
		mac := hmac.New(sha256.New, s1)
		fmt.Fprintf(mac, "chancery bots, phase %d", seq)
		if bytes.HasPrefix(mac.Sum(nil), decodeCode(t, c1)) {
			t.Fatalf("the code is the seed of phase %d", seq)
		}
	}
}

// decodeCode returns the bytes of an invitation code.
func decodeCode(t *testing.T, code string) []byte {
	t.Helper()
	b, err := base32.StdEncoding.WithPadding(base32.NoPadding).DecodeString(strings.ToUpper(code))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestHeaderShowsTheCodeToCreatorAndPlayersOnly: every view says the
// game's settings; only the creator and the players of a private game
// get its invitation code.
func TestHeaderShowsTheCodeToCreatorAndPlayersOnly(t *testing.T) {
	tb, err := NewTable("creator", []string{"North", "South"}, 60, true)
	if err != nil {
		t.Fatal(err)
	}
	if err := tb.Join(Player{ID: "player"}, "North", byName(tb)); err != nil {
		t.Fatal(err)
	}
	secret := bytes.Repeat([]byte{7}, 32)
	private := &Row{ID: "g", Secret: secret, Settings: Settings{Press: PublicPress, Private: true}}
	for user, want := range map[string]string{"creator": Invitation(secret), "player": Invitation(secret), "other": "", "": ""} {
		h := Header(private, tb, 0, user)
		if h.Invitation != want {
			t.Errorf("%q sees code %q, want %q", user, h.Invitation, want)
		}
		if h.Press != PublicPress || !h.Private || h.Spectators {
			t.Errorf("%q sees settings %q %v %v", user, h.Press, h.Private, h.Spectators)
		}
	}
	public := &Row{ID: "g", Secret: secret, Settings: DefaultSettings()}
	if h := Header(public, tb, 0, "creator"); h.Invitation != "" || h.Press != FullPress || h.Private || !h.Spectators {
		t.Errorf("a public game's header: %+v", h)
	}
}
