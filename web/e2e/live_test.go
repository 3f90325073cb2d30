package e2e

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"github.com/chancery/chancery/codec"
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

// TestClickOutlastsALiveRedraw: a live update that redraws a page while
// a click is under way (the button pressed, not yet released: a click
// takes a moment) leaves the button as it was, so the click does what it
// says. The pages drew their parts anew, and a click pressed on one
// button and released on its copy was lost: a forming game's creator
// clicked Start and the page stayed waiting for players (the flaky
// TestDiceplomacyEndInTheBrowser, whose page redrew itself twice as it
// opened); a player's Join in the lobby did nothing; a vote for a draw
// and a Ready pressed as another's move came were lost (the flaky end of
// TestWholeGameInTheBrowser). A vote withdrawn elsewhere shows withdrawn:
// a box kept across a redraw shows the server's state.
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
			// Bob joins meanwhile: alice's page shows him, through a live update.
			alice.clickAcross("#start", func() {
				bob.do(chromedp.Navigate(s.URL + "/games/" + id))
				bob.click("#join")
				alice.wait("bob in the seats", `document.querySelector(".forming .seats").textContent.includes("bob")`)
			})
			alice.wait("the game started", c.started)
			if c.variant != "standard" {
				return
			}
			// Bob votes for a draw while Russia loses a unit (a position
			// set up in the store): his page shows it, through a live
			// update that redraws the powers pane his vote box is in (the
			// flaky draw vote of TestWholeGameInTheBrowser).
			bob.wait("the board", c.started)
			bob.click("#tab-powers")
			const russiasUnits = `document.querySelector("#pane-powers tr[data-power=Russia] td:nth-of-type(3)").textContent`
			if n := bob.text("#pane-powers tr[data-power=Russia] td:nth-of-type(3)"); n != "4" {
				bob.fail("Russia has %q units at the start", n)
			}
			bob.clickAcross("#vote-draw", func() {
				s.setPosition(id, func(pos *codec.Position) {
					pos.Units = slices.DeleteFunc(pos.Units, func(u codec.Unit) bool { return u.Power == "Russia" && u.Province == "mos" })
				})
				bob.wait("Russia's units in bob's powers pane", russiasUnits+` === "3"`)
			})
			bob.waitGame(id, "bob's vote for a draw", `g.my_votes.draw`)
			// Withdrawn elsewhere (another tab of his), the vote shows
			// withdrawn here too: the box is not kept ticked. The live
			// update moves no unit: the board leaves its units be (it
			// drew them all again on every update of the game).
			eval[bool](bob, `(window.keptUnit = document.querySelector('.board .units .unit[data-unit="lon"]'), !!window.keptUnit)`)
			evalAsync[bool](bob, fmt.Sprintf(`fetch("/api/v1/games/%s/votes", {method: "PUT", headers: {"Content-Type": "application/json", "X-CSRF-Token": document.cookie.match(/chancery_csrf=([^;]*)/)[1]}, body: JSON.stringify({draw: false, concede: false})}).then((r) => r.ok)`, id))
			bob.wait("bob's vote withdrawn in his page", `!document.querySelector("#vote-draw").checked`)
			if !eval[bool](bob, `document.contains(window.keptUnit)`) {
				bob.fail("a live update that moved no unit drew the board's units again")
			}
			// So with his Ready box, as Russia loses another unit.
			bob.click("#tab-orders")
			bob.clickAcross("#ready", func() {
				s.setPosition(id, func(pos *codec.Position) {
					pos.Units = slices.DeleteFunc(pos.Units, func(u codec.Unit) bool { return u.Power == "Russia" && u.Province == "war" })
				})
				bob.wait("Russia's units in bob's powers pane", russiasUnits+` === "2"`)
			})
			bob.waitGame(id, "bob ready", `g.my_orders.ready`)
		})
	}
	t.Run("lobby", func(t *testing.T) {
		t.Parallel()
		s := newSite(t)
		alice, bob := s.twoPeople()
		carol := s.person("carol")
		carol.signUp("tr0ub4dor")
		alice.newGame("standard")
		alice.newGame("standard")
		bob.wait("alice's games in the lobby", `document.querySelectorAll('#open-games .join-game').length === 2`)
		// Bob joins the first listed; carol joins the same game meanwhile:
		// bob's lobby shows her in its line, through a live update, and
		// the line grows (a name and a reliability more) but its Join
		// button stays where it was pressed.
		first := eval[string](bob, `document.querySelector("#open-games [data-game]").dataset.game`)
		if !strings.Contains(bob.text(fmt.Sprintf(`#open-games [data-game=%q]`, first)), "alice") {
			bob.fail("the lobby lists alice's new game without her")
		}
		bob.clickAcross(fmt.Sprintf(`#open-games [data-game=%q] .join-game`, first), func() {
			carol.do(chromedp.Navigate(s.URL + "/games/" + first))
			carol.click("#join")
			bob.wait("carol in the game's line", fmt.Sprintf(`(document.querySelector('#open-games [data-game=%q]')?.textContent ?? "").includes("carol")`, first))
		})
		bob.wait("the choice of a power", fmt.Sprintf(`!!document.querySelector('#open-games [data-game=%q] .join-power')`, first))
	})
}

// clickAcross clicks sel with the mouse, pressing it before meanwhile and
// releasing it after, and fails unless that clicked it, once.
func (p *person) clickAcross(sel string, meanwhile func()) {
	p.t.Helper()
	p.wait(sel, fmt.Sprintf(`!!document.querySelector(%q)`, sel))
	xy := eval[[]float64](p, fmt.Sprintf(`(() => {
		window.pressed = document.querySelector(%q);
		window.clicked = [];
		const note = (e) => clicked.push(e.type + (e.target === pressed ? ":pressed" : ":" + (e.target.id || e.target.className || e.target.tagName)));
		window.unnote?.();
		window.unnote = () => { for (const k of ["mousedown", "mouseup", "click"]) removeEventListener(k, note, true); };
		for (const k of ["mousedown", "mouseup", "click"]) addEventListener(k, note, true);
		pressed.scrollIntoView({block: "center"});
		const r = pressed.getBoundingClientRect();
		return [r.x + r.width / 2, r.y + r.height / 2];
	})()`, sel))
	p.do(chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, xy[0], xy[1], chromedp.ButtonLeft, chromedp.ClickCount(1)))
	meanwhile()
	p.do(chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, xy[0], xy[1], chromedp.ButtonLeft, chromedp.ClickCount(1)))
	got := eval[[]string](p, `clicked`)
	if clicks := slices.DeleteFunc(slices.Clone(got), func(e string) bool { return !strings.HasPrefix(e, "click") }); !slices.Equal(clicks, []string{"click:pressed"}) {
		p.fail("a click on %s pressed before a live update and released after it did not click it, once (the events: %q; the button pressed still shown: %v)",
			sel, got, eval[bool](p, `document.contains(pressed)`))
	}
}

// waitGame waits until game id as the server gives it to p (g, in
// JavaScript) has cond true: what p's page sent has arrived.
func (p *person) waitGame(id, what, cond string) {
	p.t.Helper()
	js := fmt.Sprintf(`fetch("/api/v1/games/%s").then((r) => r.json()).then((g) => %s)`, id, cond)
	for deadline := patience(p.t); !evalAsync[bool](p, js); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			p.fail("the server never had %s (%s)", what, cond)
		}
	}
}
