package e2e

import (
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// inOrder is a script that says whether, in the first text of the element
// sel, the first character of word is drawn left of its last: false when
// a right-to-left override from outside reverses it.
func inOrder(sel, word string) string {
	return fmt.Sprintf(`(() => {
		const el = document.querySelector(%q);
		const node = [...el.childNodes].find((n) => n.nodeType === 3 && n.textContent.includes(%q));
		const i = node.textContent.indexOf(%q), j = i + %d - 1;
		const x = (k) => { const r = document.createRange(); r.setStart(node, k); r.setEnd(node, k + 1); return r.getBoundingClientRect().x; };
		return x(i) < x(j);
	})()`, sel, word, word, len(word))
}

// TestUserTextIsIsolatedInTheBrowser: a game name that ends in a
// right-to-left override reverses nothing after it, in the game's title
// or in the lobby; press bodies are isolated too, and the press panel
// says who will read what is sent.
func TestUserTextIsIsolatedInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	alice := s.signedIn("alice", "correct horse")
	alice.newGame("standard", "#new-name=Borders\u202e", "#new-power=England")
	alice.click("#start")
	alice.wait("the game", `document.body.dataset.ready === "1"`)
	if !eval[bool](alice, inOrder(".game-title span", "Standard")) {
		alice.fail("the game's title shows %q reversed by the name's override", alice.text(".game-title span"))
	}
	alice.openPress()
	alice.do(chromedp.SendKeys(chromedp.CSS("#press-body"), "\u202eevil"), chromedp.Click(chromedp.CSS("#press-send")))
	alice.wait("the message", `!!document.querySelector(".msg .body")`)
	if got := eval[string](alice, `getComputedStyle(document.querySelector(".msg .body")).unicodeBidi`); got != "isolate" {
		alice.fail("a press body's unicode-bidi is %q, want isolate", got)
	}
	if got := alice.text("#press-heirs"); !strings.Contains(got, "takes a power over during the game") {
		alice.fail("the press panel does not say who reads press after a change of player: %q", got)
	}
	if dir := os.Getenv("CHANCERY_SHOTS"); dir != "" {
		alice.shot(dir, "web-press-isolated")
	}
	alice.do(chromedp.Navigate(s.URL + "/"))
	alice.wait("the lobby's row", `!!document.querySelector(".game-row .muted")`)
	if !eval[bool](alice, inOrder(".game-row .muted", "Standard")) {
		alice.fail("the lobby shows %q reversed by the name's override", alice.text(".game-row .muted"))
	}
}

// TestTheOwnerSignsInDuringAGuessingAttackInTheBrowser: a hundred wrong
// passwords from ten addresses lock carol's name for anonymous clients;
// carol, in a browser that never signed in, types her password and gets
// in (the page does the proof of work the server asks), while the
// guessing goes on.
func TestTheOwnerSignsInDuringAGuessingAttackInTheBrowser(t *testing.T) {
	t.Parallel()
	// The test's requests say which address they come from.
	s := newSiteWith(t, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if a := r.Header.Get("X-Test-Address"); a != "" {
				r.RemoteAddr = a + ":80"
			}
			h.ServeHTTP(w, r)
		})
	})
	post := func(addr, path, body string) int {
		req, _ := http.NewRequest("POST", s.URL+"/api/v1"+path, strings.NewReader(body))
		req.Header.Set("X-Test-Address", addr)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if status := post("10.0.0.1", "/users", `{"name": "carol", "password": "correct horse"}`); status != 201 {
		t.Fatalf("sign-up: %d", status)
	}
	guess := func(i int) int {
		return post(fmt.Sprintf("10.1.%d.%d", i/10, i%10), "/sessions", `{"name": "carol", "password": "a guess"}`)
	}
	for i := range 100 {
		if status := guess(i); status != 401 {
			t.Fatalf("guess %d: %d", i, status)
		}
	}
	if status := guess(100); status != 429 {
		t.Fatalf("after a hundred guesses: %d, want 429", status)
	}
	carol := s.person("carol")
	carol.expect["429 /api/v1/sessions"] = true
	carol.do(
		chromedp.WaitVisible(chromedp.CSS("#auth-name")),
		chromedp.SendKeys(chromedp.CSS("#auth-name"), "carol"),
		chromedp.SendKeys(chromedp.CSS("#auth-password"), "correct horse"),
	)
	start := time.Now()
	carol.click("#sign-in")
	for i := 101; i < 120; i++ { // the guessing goes on
		guess(i)
	}
	carol.wait("carol signed in", `!!document.querySelector("#create-form")`)
	carol.mu.Lock()
	asked := strings.Contains(strings.Join(carol.errors, ";"), "429 /api/v1/sessions")
	carol.mu.Unlock()
	if !asked {
		t.Error("carol got in without being asked for work: was the name locked?")
	}
	t.Logf("carol signed in %v after clicking, proof of work included", time.Since(start).Round(time.Millisecond))
}
