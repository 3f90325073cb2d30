package e2e

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/chromedp/cdproto/input"
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

	// Bob joins while alice's page has no stream. His page says so too,
	// over the page: the notice moves nothing (a click under way when
	// it came landed elsewhere, and bob's join was lost).
	bob.do(chromedp.Navigate(s.URL + "/games/" + id))
	bob.wait("the notice on bob's page", `!!document.querySelector("#live-lost") && !!document.querySelector("#join")`)
	const top = `document.querySelector(".forming").getBoundingClientRect().top`
	was := eval[float64](bob, top)
	bob.click("#join")
	refuse.Store(false)
	alice.wait("the stream back", `!document.querySelector("#live-lost")`)
	bob.wait("the stream back on bob's page", `!document.querySelector("#live-lost")`)
	if now := eval[float64](bob, top); now != was {
		bob.fail("the seats moved from %v px down the page to %v when the notice went", was, now)
	}
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

// TestClickOutlastsALiveRedraw: a live update that redraws a forming
// game's page while its creator's click on Start is under way (the button
// pressed, not yet released: a click takes a moment) leaves the button as
// it was, so the click starts the game. The page drew the whole part
// anew, and the click, pressed on one button and released on its copy,
// was lost: the page stayed waiting for players (the flaky
// TestDiceplomacyEndInTheBrowser, whose page redrew itself twice as it
// opened).
func TestClickOutlastsALiveRedraw(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ variant, started string }{
		{"diceplomacy", `!!document.querySelector(".seats-grid .seat.mine")`},
		{"standard", `document.body.dataset.ready === "1"`},
	} {
		t.Run(c.variant, func(t *testing.T) {
			t.Parallel()
			s := newSite(t)
			alice, bob := s.twoPeople()
			id := alice.newGame(c.variant)
			alice.wait("the start button", `!!document.querySelector("#start")`)
			xy := eval[[]float64](alice, `(() => {
				window.pressed = document.querySelector("#start");
				window.clicked = [];
				for (const k of ["click", "mousedown", "mouseup", "pointerdown", "pointerup", "pointercancel"]) addEventListener(k, (e) => clicked.push(k + ":" + (e.target.id || e.target.tagName)), true);
				const r = pressed.getBoundingClientRect();
				return [r.x + r.width / 2, r.y + r.height / 2];
			})()`)
			alice.do(chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, xy[0], xy[1], chromedp.ButtonLeft, chromedp.ClickCount(1)))

			// Bob joins meanwhile: alice's page shows him, through a live update.
			bob.do(chromedp.Navigate(s.URL + "/games/" + id))
			bob.click("#join")
			alice.wait("bob in the seats", `document.querySelector(".forming .seats").textContent.includes("bob")`)

			alice.do(chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, xy[0], xy[1], chromedp.ButtonLeft, chromedp.ClickCount(1)))
			if got := eval[[]string](alice, `clicked`); !slices.Equal(slices.DeleteFunc(slices.Clone(got), func(e string) bool { return !strings.HasPrefix(e, "click:") }), []string{"click:start"}) {
				alice.fail("the click pressed on Start before a live update and released after it did not click it, once (the events: %q; the button pressed still shown: %v)",
					got, eval[bool](alice, `document.contains(pressed)`))
			}
			alice.wait("the game started", c.started)
		})
	}
}
