package server

import (
	"strings"
	"testing"
)

// TestTextThatShowsNothingIsRefused: game names and press bodies made of
// invisible characters only, press with NUL or other control characters,
// and names with marks piled on one letter are refused with their codes;
// text around a right-to-left override is kept as written (the client
// isolates it).
func TestTextThatShowsNothingIsRefused(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		anon := &client{e: e}
		wantCode(t, anon.do("POST", "/users", map[string]string{"name": "ab" + strings.Repeat("\u0300", 30), "password": "long enough"}),
			422, "name_invalid")
		a, b := e.user(), e.user()
		for _, name := range []string{"\u200b\u200b\u200b", "\u2060\ufeff", " \u200b ", "\u202e\u202c", "a\x00b", "two\nlines"} {
			wantCode(t, a.do("POST", "/games", map[string]any{"variant": "standard", "name": name, "bots": true}), 422, "game_name_invalid")
		}
		id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 600, "bots": true, "power": "England"})
		b.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "France"})
		for _, body := range []string{"\u200b\u200b\u200b", "\x00", "\x00\x00", "hello\x00", "\u200b\n\u200d\t", "bell\a"} {
			wantCode(t, a.do("POST", "/games/"+id+"/messages", map[string]any{"body": body}), 422, "press_invalid")
		}
		for _, body := range []string{"two\nlines\tand a tab", "abc \u202eevil\u202c def", "é\u0301"} {
			a.must(201, "POST", "/games/"+id+"/messages", map[string]any{"body": body})
		}
	})
}

// TestPicturesHaveAContentSecurityPolicy: the board and a phase's map,
// opened as pages, run no script.
func TestPicturesHaveAContentSecurityPolicy(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	a := e.user()
	id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 3600, "bots": true, "power": "Germany"})
	a.must(200, "POST", "/games/"+id+"/start", nil)
	for _, path := range []string{"/variants/standard/board.svg", "/games/" + id + "/phases/0/map.svg"} {
		r := a.must(200, "GET", path, nil)
		if csp := r.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'none'") || strings.Contains(csp, "script") {
			t.Errorf("GET %s: Content-Security-Policy %q", path, csp)
		}
	}
}
