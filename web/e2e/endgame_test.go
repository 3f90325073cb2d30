package e2e

import (
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestEndOfGameInTheBrowser: France saves an order, never plays it, and
// votes for a draw, which the bots accept. The page announces the end
// (not "... has been played"), draws the final board without the order,
// and turns into the end-of-game view: the result, a chart of every
// power's centres, each power's player, and the whole record.
func TestEndOfGameInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	p := s.member("marianne", "correct horse")
	id := p.openSolo("standard", "France")
	p.click(".typed summary")
	p.do(chromedp.SendKeys("#typed", "A PAR - BUR"))
	p.click("#add-typed")
	p.click("#save")
	p.wait("saved", `document.querySelector("#save-state").classList.contains("s-saved")`)
	if n := eval[int](p, `document.querySelectorAll(".board .orders .draft").length`); n != 1 {
		p.fail("%d orders drawn before the end, want the saved one", n)
	}
	p.click("#tab-powers")
	p.click("#vote-draw")
	p.wait("the end announced", `[...document.querySelectorAll("#toast .toast")].some(e => e.textContent.startsWith("The game is over: Draw between "))`)
	if eval[bool](p, `[...document.querySelectorAll("#toast .toast")].some(e => e.textContent.includes("has been played"))`) {
		p.fail("the end is announced as a phase played")
	}
	p.wait("the end-of-game view", `!!document.querySelector("#endgame")`)
	if n := eval[int](p, `document.querySelectorAll(".board .orders .order").length`); n != 0 {
		p.fail("the final board draws %d orders never played", n)
	}
	if got := p.text("#endgame .result"); !strings.HasPrefix(got, "Draw between ") {
		p.fail("the end-of-game view says %q, want the draw", got)
	}
	if n := eval[int](p, `document.querySelectorAll("#endgame .centre-chart .series polyline").length`); n != 7 {
		p.fail("the chart has %d powers' lines, want 7", n)
	}
	if got := eval[string](p, `document.querySelector('#endgame .centre-chart .series[data-power="France"] .name').textContent`); got != "France 3" {
		p.fail("France's line ends %q, want \"France 3\"", got)
	}
	if got := eval[string](p, `document.querySelector('#endgame tr[data-power="France"] td').textContent`); got != "marianne" {
		p.fail("France's player is given as %q", got)
	}
	if got := eval[string](p, `document.querySelector("#endgame #record").getAttribute("href")`); got != "/api/v1/games/"+id+"/record" {
		p.fail("the record links to %q", got)
	}
	if dir := os.Getenv("CHANCERY_SHOTS"); dir != "" {
		p.shot(dir, "endgame")
	}
	p.click("#replay")
	p.wait("the first phase", `document.querySelector("#phase").textContent.includes("Spring 1901")`)
}
