package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/chancery/chancery/codec"
)

// provinceXY is where a province's unit stands on the screen.
func (p *person) provinceXY(id string) (float64, float64) {
	p.t.Helper()
	xy := eval[[]float64](p, fmt.Sprintf(`(() => {
		const el = document.querySelector('.board [data-province=%q]');
		const [x, y] = el.getAttribute("data-unit").split(" ").map(Number);
		const q = new DOMPoint(x, y).matrixTransform(el.ownerSVGElement.getScreenCTM());
		return [q.x, q.y];
	})()`, id))
	return xy[0], xy[1]
}

// clicksGive clicks provinces on the board, one click each, and checks
// that the last draft is then want.
func (p *person) clicksGive(want string, provinces ...string) {
	p.t.Helper()
	for _, id := range provinces {
		p.clickProvince(id)
	}
	drafts := strings.Split(p.drafts(), "; ")
	if got := drafts[len(drafts)-1]; got != want {
		p.fail("%d clicks on %v drafted %q, want %q", len(provinces), provinces, got, want)
	}
}

// TestTwoClickOrdersInTheBrowser: England orders by clicks on the board
// alone: a move in two clicks (the unit, where it goes), a hold in two
// (the unit twice), a support and a convoy in three (the unit, the unit
// it supports or carries, where that one goes; the supported unit twice
// to hold); by a key for the kind of order; and by dragging a unit onto
// a province.
func TestTwoClickOrdersInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	p := s.member("victoria", "correct horse")
	id := p.openSolo("standard", "England")
	// A fleet in the North Sea and an army in Yorkshire, beside Edinburgh's fleet.
	s.setPosition(id, func(pos *codec.Position) {
		moveUnit(t, pos, "England", "lon", "nth")
		moveUnit(t, pos, "England", "lvp", "yor")
	})
	p.do(chromedp.Reload())
	p.wait("the board", `document.body.dataset.ready === "1" && !!document.querySelector('#chooser .unit-choice[data-choice="nth"]')`)

	p.clicksGive("A YOR - LVP", "yor", "lvp")
	p.clicksGive("F EDI H", "edi", "edi")
	p.clicksGive("F EDI S F NTH - NWG", "edi", "nth", "nwg")
	p.clicksGive("F EDI S A YOR", "edi", "yor", "yor")
	p.clicksGive("F NTH C A YOR - NWY", "nth", "yor", "nwy")
	if got, want := p.drafts(), "A YOR - LVP; F EDI S A YOR; F NTH C A YOR - NWY"; got != want {
		p.fail("drafts %q, want %q", got, want)
	}
	if n := eval[int](p, `document.querySelectorAll(".board .orders .order.draft").length`); n != 3 {
		p.fail("%d arrows drawn, want 3", n)
	}

	// A key chooses the kind: s, and the fleet supports the army's move it could carry.
	p.clickProvince("nth")
	p.wait("the kind step", `document.querySelector("#prompt").textContent.includes("H M S C")`)
	p.do(chromedp.KeyEvent("s"))
	p.wait("the support's target", `document.querySelector("#prompt").textContent.includes("target")`)
	p.clicksGive("F NTH S A YOR - EDI", "yor", "edi")

	// A unit dragged onto a province moves there.
	x0, y0 := p.provinceXY("yor")
	x1, y1 := p.provinceXY("wal")
	p.do(
		chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, x0, y0, chromedp.ButtonLeft),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, (x0+x1)/2, (y0+y1)/2, chromedp.ButtonLeft),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x1, y1, chromedp.ButtonLeft),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, x1, y1, chromedp.ButtonLeft),
	)
	if got := p.drafts(); !strings.Contains(got, "A YOR - WAL") || strings.Contains(got, "A YOR - LVP") {
		p.fail("drafts %q after dragging Yorkshire's army onto Wales", got)
	}
	// Escape drops the order being built.
	p.clickProvince("edi")
	p.do(chromedp.KeyEvent(kb.Escape))
	p.wait("the order dropped", `!document.querySelector("#chooser .selected-unit")`)
}

// TestUnitClickShowsItsOrdersInTheBrowser (issue 24, defect 5): on a
// desktop whose side shows press or the powers, clicking a unit on the
// board brings its order's choices into view.
func TestUnitClickShowsItsOrdersInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	p := s.member("marianne", "correct horse")
	p.openSolo("standard", "France")
	for _, width := range []int64{1400, 1000} {
		p.do(chromedp.EmulateViewport(width, 900))
		for _, tab := range []string{"#tab-powers", "#tab-press"} {
			if !eval[bool](p, fmt.Sprintf(`getComputedStyle(document.querySelector(%q)).display !== "none"`, tab)) {
				continue // press is beside the orders at this width
			}
			p.click(tab)
			p.clickProvince("par")
			p.wait("the orders of the unit clicked", `document.querySelector("#chooser .selected-unit")?.offsetParent != null && document.querySelector("#chooser .selected-unit").textContent === "A PAR"`)
			p.do(chromedp.KeyEvent(kb.Escape))
		}
	}
}

// TestSignedOutVisitInTheBrowser (issue 24, defect 7): a signed-out
// visit meets no refusal (the page does not ask the server who is signed
// in), and a file the client lacks is not found rather than answered
// with the page.
func TestSignedOutVisitInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	p := s.person("marianne")
	delete(p.expect, "401 /api/v1/me")
	p.wait("the sign-in form", `!!document.querySelector("#auth-name")`)
	p.mu.Lock()
	refused := append([]string(nil), p.errors...)
	p.mu.Unlock()
	if len(refused) > 0 {
		p.fail("a signed-out visit met %v", refused)
	}
	favicon := `(() => { const x = new XMLHttpRequest(); x.open("GET", "/favicon.ico", false); x.send(); return x.status + " " + x.getResponseHeader("Content-Type"); })()`
	if got := eval[string](p, favicon); strings.Contains(got, "html") || strings.HasPrefix(got, "200") {
		p.fail("GET /favicon.ico answers %q, want not found", got)
	}
}

// TestSupportPromptInTheBrowser (issue 24, defect 7): the support prompt
// offers "hold" only where the supported unit may be supported to hold:
// Marseilles may support Paris into Burgundy, not in Paris, which it
// does not border.
func TestSupportPromptInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	p := s.member("marianne", "correct horse")
	p.openSolo("standard", "France")
	p.order("mar", "support", "par")
	p.wait("the destination's prompt", `document.querySelector("#prompt").textContent.includes("supported unit goes")`)
	if got := p.text("#prompt"); strings.Contains(got, "hold") || eval[bool](p, `!!document.querySelector('#chooser .choice[data-choice=""]')`) {
		p.fail("the prompt reads %q, offering a hold Paris cannot be supported in", got)
	}
}

// typeOrders types orders into the typed orders' box and adds them.
func (p *person) typeOrders(text string) {
	p.t.Helper()
	if !eval[bool](p, `document.querySelector("details.typed").open`) {
		p.click(".typed summary")
	}
	p.do(chromedp.SendKeys(chromedp.CSS("#typed"), text))
	p.click("#add-typed")
}

// arrows lists the drafts drawn on the board.
func (p *person) arrows() string {
	return strings.Join(eval[[]string](p, `[...document.querySelectorAll(".board .orders .order.draft")].map(o => o.dataset.order)`), "; ")
}

// TestTypedWithoutSpacesInTheBrowser (issue 24, defect 7): an order
// typed without spaces is read as the server writes it, and drawn at once.
func TestTypedWithoutSpacesInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	p := s.member("marianne", "correct horse")
	p.openSolo("standard", "France")
	p.typeOrders("f bre-mao")
	if got, want := p.drafts()+" / "+p.arrows(), "F BRE - MAO / F BRE - MAO"; got != want {
		p.fail("drafts / arrows %q, want %q", got, want)
	}
}

// TestTypedIllegalNotDrawnInTheBrowser (issue 24, defect 7): a typed line
// that is none of the player's legal orders is listed, not drawn.
func TestTypedIllegalNotDrawnInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	p := s.member("marianne", "correct horse")
	p.openSolo("standard", "France")
	p.typeOrders("A PAR - MOS\nA MAR - BUR")
	if got, want := p.drafts()+" / "+p.arrows(), "A PAR - MOS; A MAR - BUR / A MAR - BUR"; got != want {
		p.fail("drafts / arrows %q, want %q", got, want)
	}
}

// TestBadLineSavesTheOthersInTheBrowser (issue 24, defect 7): one order
// the server refuses does not keep the others from being saved, and the
// state points to where the refusal is said, above it.
func TestBadLineSavesTheOthersInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	p := s.member("marianne", "correct horse")
	id := p.openSolo("standard", "France")
	p.typeOrders("A PAR - MOS\nA MAR - BUR")
	p.expectRefusal(id)
	p.click("#save")
	p.wait("the refusal", `!!document.querySelector("#drafts .bad .error")`)
	if got := p.text("#save-state"); strings.Contains(got, "below") || !strings.Contains(got, "above") {
		p.fail("the save state reads %q, but the refusal is said above it", got)
	}
	p.do(chromedp.Reload())
	p.wait("the game", `document.body.dataset.ready === "1"`)
	if got := p.drafts(); got != "A MAR - BUR" {
		p.fail("saved orders %q, want the good one (the bad line kept none from being saved)", got)
	}
}

// TestOneUnitInTheBrowser (issue 24, defect 7): one build due is "one
// unit", not "1 unit(s)".
func TestOneUnitInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	p := s.member("marianne", "correct horse")
	id := p.openSolo("standard", "France")
	s.setPosition(id, func(pos *codec.Position) {
		pos.Phase = codec.Phase{Season: "winter", Year: 1901, Type: "adjustment"}
		moveUnit(t, pos, "France", "par", "bur")
		pos.SupplyCenters["spa"] = "France"
	})
	p.do(chromedp.Reload())
	p.wait("the winter", `document.body.dataset.ready === "1" && document.querySelector("#phase").textContent.includes("Winter 1901")`)
	if got := p.text("#pane-orders .note"); got != "You may build one unit." {
		p.fail("the builds due read %q", got)
	}
}

// TestTapOnATouchScreenInTheBrowser (issue 24, defect 7): a touch screen
// is told to tap, not to click.
func TestTapOnATouchScreenInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	p := s.member("pat", "correct horse")
	p.phone()
	p.openSolo("standard", "France")
	if got := p.text("#prompt"); !strings.HasPrefix(got, "Tap ") || strings.Contains(got, "Click") {
		p.fail("the prompt on a touch screen reads %q", got)
	}
	p.click("#chooser .unit-choice")
	if got := p.text("#prompt"); strings.Contains(got, "Click") || strings.Contains(got, "click") {
		p.fail("the prompt on a touch screen reads %q", got)
	}
}

// TestJoinChoosingAPowerInTheBrowser: joining from the lobby asks which
// free power to take, and seats the player there.
func TestJoinChoosingAPowerInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	alice, bob := s.twoPeople()
	id := alice.newGame("standard", "#new-power=England")
	bob.wait("the open game", fmt.Sprintf(`!!document.querySelector('#open-games [data-game=%q]')`, id))
	bob.click(fmt.Sprintf(`#open-games [data-game=%q] .join-game`, id))
	sel := fmt.Sprintf(`#open-games [data-game=%q] .join-power`, id)
	bob.wait("the free powers", fmt.Sprintf(`document.querySelectorAll('%s option').length === 7`, sel))
	if eval[bool](bob, fmt.Sprintf(`!!document.querySelector('%s option[value="England"]')`, sel)) {
		bob.fail("England, alice's, is offered")
	}
	bob.do(chromedp.SetValue(chromedp.CSS(sel), "France"))
	bob.click(fmt.Sprintf(`#open-games [data-game=%q] .join-go`, id))
	bob.wait("bob's seat", `!!document.querySelector(".forming #my-seat")`)
	if got := bob.text(".forming #my-seat"); !strings.Contains(got, "France") {
		bob.fail("bob sits %q, want France", got)
	}
}

// visible says whether an element is on screen, whole, beside the others named.
func (p *person) visible(sel string) bool {
	return eval[bool](p, fmt.Sprintf(`(() => {
		const el = document.querySelector(%q);
		if (!el || el.offsetParent === null) return false;
		const r = el.getBoundingClientRect();
		return r.width > 0 && r.height > 0 && r.left >= 0 && r.right <= innerWidth && r.top < innerHeight;
	})()`, sel))
}

// TestPressBesideTheBoardInTheBrowser: at 1280 px and wider the board,
// the orders and the conversation are on screen together, side by side;
// narrower, press is a tab, and a new message shows a preview above the
// orders, which stay in view; the preview opens press.
func TestPressBesideTheBoardInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	alice, bob := s.twoPeople()
	id := alice.newGame("standard", "#new-power=England")
	bob.do(chromedp.Navigate(s.URL + "/games/" + id))
	bob.click("#join")
	alice.wait("bob seated", `document.querySelector(".forming .seats").textContent.includes("bob")`)
	alice.click("#start")
	alice.desktop()
	bob.do(chromedp.EmulateViewport(1000, 800))
	for _, p := range []*person{alice, bob} {
		p.wait("the board", `document.body.dataset.ready === "1"`)
	}
	for _, sel := range []string{"#pane-board", "#pane-orders", "#pane-press .channels", "#press-body"} {
		if !alice.visible(sel) {
			alice.fail("%s is not on screen at 1280 px", sel)
		}
	}
	if !eval[bool](alice, `(() => {
		const [b, o, m] = ["#pane-board", "#pane-orders", "#pane-press"].map((s) => document.querySelector(s).getBoundingClientRect());
		return b.right <= o.left && o.right <= m.left;
	})()`) {
		alice.fail("the board, the orders and press are not side by side")
	}

	bobPower := eval[string](bob, `document.querySelector("#pane-orders h2").textContent.split(" — ")[0].trim()`)
	alice.click(fmt.Sprintf(`.channel[data-channel=%q]`, bobPower))
	alice.do(chromedp.SendKeys(chromedp.CSS("#press-body"), "Shall we?"), chromedp.Click(chromedp.CSS("#press-send")))
	bob.wait("the preview", `document.querySelector("#press-preview")?.textContent.includes("Shall we?") && !document.querySelector("#press-preview").hidden`)
	if !bob.visible("#pane-orders") || bob.visible("#pane-press") {
		bob.fail("the preview did not leave bob on his orders")
	}
	bob.click("#press-preview .preview-open")
	bob.wait("press open", `document.querySelector("#tab-press").getAttribute("aria-selected") === "true" && document.querySelector("#pane-press").offsetParent !== null`)
	if !bob.visible("#pane-press .messages") {
		bob.fail("press is not on screen after the preview was clicked")
	}
}

// TestProvinceNamesInTheBrowser: a desktop names a province on hover (its
// title); a long press on a touch screen names it too.
func TestProvinceNamesInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	p := s.member("pat", "correct horse")
	p.phone()
	p.openSolo("standard", "France")
	if got := eval[string](p, `document.querySelector('.board [data-province="bur"] > title')?.textContent ?? ""`); got != "Burgundy" {
		p.fail("Burgundy's title reads %q", got)
	}
	p.click("#tab-board")
	x, y := p.provinceXY("bur")
	touch := func(typ input.DispatchTouchEventType, points []*input.TouchPoint) {
		p.t.Helper()
		if _, err := chromedp.Call(p.ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: points}); err != nil {
			p.fail("touch %s: %v", typ, err)
		}
	}
	touch(input.DispatchTouchEventTypeTouchStart, []*input.TouchPoint{{X: x, Y: y}})
	p.wait("the name", `document.querySelector(".board .province-name")?.textContent === "BUR · Burgundy"`)
	touch(input.DispatchTouchEventTypeTouchEnd, []*input.TouchPoint{})
	if eval[bool](p, `!!document.querySelector("#board-chooser .choice")`) {
		p.fail("a long press started an order")
	}
}
