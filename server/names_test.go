package server

import (
	"strings"
	"testing"
)

// TestLookAlikeNamesAreRefused: a name that passes for another cannot be
// registered, and signing in prepares the name as registering does.
func TestLookAlikeNamesAreRefused(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		anon := &client{e: e}
		pw := "long enough"
		anon.must(201, "POST", "/users", map[string]string{"name": "alice", "password": pw})
		for _, tc := range []struct {
			name   string
			status int
			want   string
		}{
			{"\u0430lice", 422, "mixes the Cyrillic and Latin scripts"}, // Cyrillic а
			{"\u0430lic\u0435x", 422, "mixes"},                          // Cyrillic а and е, elsewhere free
			{"ｂｏｂ\u03bf", 422, "mixes"},                                 // fullwidth Latin with a Greek ο
			{"ａｌｉｃｅ", 409, "taken"},                                     // fullwidth: the same name
			{"ALICE", 409, "taken"},
			{"bob১", 422, "mixes"},       // a Bengali digit in a Latin name
			{"bob١", 422, "not allowed"}, // an Arabic-Indic digit
		} {
			r := anon.do("POST", "/users", map[string]string{"name": tc.name, "password": pw})
			msg, _ := r.m(t)["error"].(string)
			if r.Status != tc.status || !strings.Contains(msg, tc.want) {
				t.Errorf("register %q: %d %q, want %d saying %q", tc.name, r.Status, msg, tc.status, tc.want)
			}
		}
		// One script, or the scripts of Japanese together, is a name.
		for _, name := range []string{"Ζωή Παππά", "Иван", "山田たろう", "ヤマダ タロウ", "ゆき_2", "Ana-María", "Ngọc Lan"} {
			anon.must(201, "POST", "/users", map[string]string{"name": name, "password": pw})
		}
		// Fullwidth ＡＬＩＣＥ signs in as alice, as registering compares it.
		var s struct{ User struct{ Name string } }
		anon.must(201, "POST", "/sessions", map[string]string{"name": "ＡＬＩＣＥ", "password": pw}).json(t, &s)
		if s.User.Name != "alice" {
			t.Errorf("signed in as %q", s.User.Name)
		}
		anon.must(401, "POST", "/sessions", map[string]string{"name": "\u0430lice", "password": pw})
	})
}

// TestConfusableNamesAreRefused: a name written wholly in one script that
// looks like a registered name (UTS #39: the same skeleton) is refused
// with a 422 that says so, whichever of the two came first; names that
// only resemble each other in spelling register.
func TestConfusableNamesAreRefused(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		anon := &client{e: e}
		pw := "long enough"
		for _, name := range []string{"paypal", "\u0430\u04cf\u0456\u0441\u0435", "tom"} { // аӏісе: all Cyrillic
			anon.must(201, "POST", "/users", map[string]string{"name": name, "password": pw})
		}
		for _, name := range []string{
			"\u0440\u0430\u0443\u0440\u0430\u04cf", // раураӏ: all Cyrillic, beside paypal
			"PAYPAL",                               // the same key: still 409, below
			"alice",                                // Latin, after its Cyrillic look-alike
			"Alice",
			"torn", // "rn" passes for "m": refused by choice (docs/server.md)
		} {
			r := anon.do("POST", "/users", map[string]string{"name": name, "password": pw})
			msg, _ := r.m(t)["error"].(string)
			want, says := 422, "looks like an existing player's name"
			if name == "PAYPAL" {
				want, says = 409, "taken"
			}
			if r.Status != want || !strings.Contains(msg, says) {
				t.Errorf("register %q: %d %q, want %d saying %q", name, r.Status, msg, want, says)
			}
		}
		// Different names, however alike in spelling, register.
		for _, name := range []string{"bob", "rob", "ivan", "Иван", "alicia", "paypal2", "tomas", "modern art"} {
			anon.must(201, "POST", "/users", map[string]string{"name": name, "password": pw})
		}
	})
}
