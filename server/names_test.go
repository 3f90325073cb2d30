package server

import (
	"strings"
	"testing"
)

// TestLookAlikeNamesAreRefused: a name that passes for another cannot be
// registered, and signing in prepares the name as registering does.
func TestLookAlikeNamesAreRefused(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		anon := &client{e: e}
		pw := "long enough"
		anon.must(201, "POST", "/users", map[string]string{"name": "alice", "password": pw})
		// Each refusal has a code, for a client to explain it in its
		// reader's language.
		for _, tc := range []struct {
			name, password string
			status         int
			want, code     string
		}{
			{"\u0430lice", pw, 422, "mixes the Cyrillic and Latin scripts", "name_invalid"}, // Cyrillic а
			{"\u0430lic\u0435x", pw, 422, "mixes", "name_invalid"},                          // Cyrillic а and е, elsewhere free
			{"ｂｏｂ\u03bf", pw, 422, "mixes", "name_invalid"},                                 // fullwidth Latin with a Greek ο
			{"ａｌｉｃｅ", pw, 409, "taken", "name_taken"},                                       // fullwidth: the same name
			{"ALICE", pw, 409, "taken", "name_taken"},
			{"bob১", pw, 422, "mixes", "name_invalid"},       // a Bengali digit in a Latin name
			{"bob١", pw, 422, "not allowed", "name_invalid"}, // an Arabic-Indic digit
			{"bob", "short", 422, "password", "password_invalid"},
		} {
			r := anon.do("POST", "/users", map[string]string{"name": tc.name, "password": tc.password})
			msg, _ := r.m(t)["error"].(string)
			code, _ := r.m(t)["code"].(string)
			if r.Status != tc.status || !strings.Contains(msg, tc.want) || code != tc.code {
				t.Errorf("register %q: %d %q %q, want %d saying %q, code %q", tc.name, r.Status, msg, code, tc.status, tc.want, tc.code)
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
		r := anon.must(401, "POST", "/sessions", map[string]string{"name": "\u0430lice", "password": pw})
		if code, _ := r.m(t)["code"].(string); code != "wrong_password" {
			t.Errorf("a wrong sign-in's code: %q, want wrong_password", code)
		}
	})
}

// TestConfusableNamesAreRefused: a name written wholly in one script that
// looks like a registered name (UTS #39: a skeleton in common, of the
// lower-case key, of the name as shown or of its capitals) is refused
// with a 422 that says so, whichever of the two came first; names that
// only resemble each other in spelling register.
func TestConfusableNamesAreRefused(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		anon := &client{e: e}
		pw := "long enough"
		for _, name := range []string{"paypal", "\u0430\u04cf\u0456\u0441\u0435", "tom", "ABE", "\u0412\u041e\u0420"} { // аӏісе: all Cyrillic; ВОР: Cyrillic capitals
			anon.must(201, "POST", "/users", map[string]string{"name": name, "password": pw})
		}
		for _, name := range []string{
			"\u0440\u0430\u0443\u0440\u0430\u04cf", // раураӏ: all Cyrillic, beside paypal
			"PAYPAL",                               // the same key: still 409, below
			"alice",                                // Latin, after its Cyrillic look-alike
			"Alice",
			"torn",               // "rn" passes for "m": refused by choice (docs/server.md)
			"\u0391\u0392\u0395", // ΑΒΕ in Greek capitals, shown as ABE
			"\u0392\u039f\u03a1", // ΒΟΡ in Greek capitals, beside ВОР
			"BOP",                // Latin, after its Cyrillic look-alike
			"bop",                // shown in capitals, BOP
		} {
			r := anon.do("POST", "/users", map[string]string{"name": name, "password": pw})
			msg, _ := r.m(t)["error"].(string)
			code, _ := r.m(t)["code"].(string)
			want, says, wantCode := 422, "looks like an existing player's name", "name_confusable"
			if name == "PAYPAL" {
				want, says, wantCode = 409, "taken", "name_taken"
			}
			if r.Status != want || !strings.Contains(msg, says) || code != wantCode {
				t.Errorf("register %q: %d %q %q, want %d saying %q, code %q", name, r.Status, msg, code, want, says, wantCode)
			}
		}
		// Different names, however alike in spelling, register.
		for _, name := range []string{"bob", "rob", "ivan", "Иван", "alicia", "paypal2", "tomas", "modern art", "ABBA", "\u0391\u0392\u0392\u0391\u03a3", "山田たろう", "山田はなこ"} {
			anon.must(201, "POST", "/users", map[string]string{"name": name, "password": pw})
		}
	})
}
