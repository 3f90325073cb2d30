package e2e

import (
	"fmt"
	"net/http"
	"sync/atomic"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestGamePageOutlastsARefusedStream: when the server refuses a game's
// live-update stream (here, as when a player has too many open), the
// browser gives up on it; the page says that live updates are
// interrupted, tries again by itself, and once the stream is back shows
// what happened meanwhile (a seat taken, press received), with no reload.
func TestGamePageOutlastsARefusedStream(t *testing.T) {
	t.Parallel()
	var refuse atomic.Bool
	s := newSiteWith(t, refusingStreams(&refuse))
	alice, bob := s.twoPeople()
	alice.expect["429 /api/v1/events"] = true
	bob.expect["429 /api/v1/events"] = true // his page opens while streams are refused too

	refuse.Store(true) // the games' streams, not the lobby's
	id := alice.newGame("standard", "#new-power=England")
	alice.wait("the notice that live updates stopped", `!!document.querySelector("#live-lost")`)
	mark := eval[bool](alice, `(window.__noReload = true)`)

	// Bob joins while alice's page has no stream.
	bob.do(chromedp.Navigate(s.URL + "/games/" + id))
	bob.click("#join")
	refuse.Store(false)
	alice.wait("the stream back", `!document.querySelector("#live-lost")`)
	alice.wait("bob in the seats", `document.querySelector(".forming .seats").textContent.includes("bob")`)
	if !mark || !eval[bool](alice, `window.__noReload === true`) {
		alice.fail("the page was reloaded")
	}

	// Live again: the start and the press come at once.
	alice.click("#start")
	bob.wait("the board", `document.body.dataset.ready === "1"`)
	bob.openPress()
	bob.click(`.channel[data-channel="England"]`)
	bob.do(chromedp.SendKeys(chromedp.CSS("#press-body"), "Hello again."), chromedp.Click(chromedp.CSS("#press-send")))
	alice.wait("bob's message counted", `document.querySelector("#tab-press .count")?.textContent === "1"`)
}

// refusingStreams makes a site's handler refuse the live-update streams
// that carry games (not the lobby's alone), as a server does to a player
// with too many open, while refuse is set.
func refusingStreams(refuse *atomic.Bool) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if refuse.Load() && r.URL.Path == "/api/v1/events" && r.URL.Query().Has("game") {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusTooManyRequests)
				fmt.Fprint(w, `{"error": "you have 8 live-update streams open, the most this server allows per user; close one before opening another"}`)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}
