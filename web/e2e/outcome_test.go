package e2e

import (
	"os"
	"strings"
	"testing"

	"github.com/chancery/chancery/codec"
	"github.com/chromedp/chromedp"
)

// TestDislodgedAndDestroyedInTheBrowser: Austria's army in Budapest is
// dislodged by a supported attack from Galicia with nowhere to retreat,
// and disbanded at once. The results say so (whatever Budapest's own
// order was: a move that bounced said only "bounced" before), and the
// board draws the destroyed unit struck out beside Budapest, in the
// history and after the phase.
func TestDislodgedAndDestroyedInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	p := s.member("ivan", "correct horse")
	id := p.openSolo("standard", "Russia")
	s.setPosition(id, func(pos *codec.Position) {
		// Austria keeps Budapest alone; Russia surrounds it.
		var units []codec.Unit
		for _, u := range pos.Units {
			if u.Power != "Austria" && u.Power != "Russia" || u.Province == "bud" {
				units = append(units, u)
			}
		}
		for _, prov := range []string{"gal", "rum", "vie", "ser", "tri"} {
			units = append(units, codec.Unit{Power: "Russia", Type: "army", Province: prov})
		}
		pos.Units = units
	})
	p.do(chromedp.Reload())
	p.wait("the game", `document.body.dataset.ready === "1" && !!document.querySelector('.board .unit[data-unit="gal"]')`)
	p.click(".typed summary")
	p.do(chromedp.SendKeys("#typed", "A GAL - BUD\nA RUM S A GAL - BUD\nA VIE S A GAL - BUD\nA SER S A GAL - BUD\nA TRI S A GAL - BUD"))
	p.click("#add-typed")
	p.click("#save")
	p.wait("saved", `document.querySelector("#save-state").classList.contains("s-saved")`)
	p.click("#ready")
	p.wait("the phase played", `!document.querySelector("#phase").textContent.includes("Spring 1901")`)

	p.wait("Budapest destroyed in the results", `!!document.querySelector('#dislodged li.destroyed[data-unit="bud"]')`)
	if txt := p.text(`#dislodged li[data-unit="bud"]`); !strings.Contains(txt, "Galicia") || !strings.Contains(txt, "destroyed") {
		p.fail("the results say of Budapest %q, want who dislodged it (Galicia) and that it was destroyed", txt)
	}
	if n := eval[int](p, `document.querySelectorAll('#results .res .res-dislodged').length`); n != 1 {
		p.fail("%d orders marked as their unit's dislodgement, want Budapest's", n)
	}
	if n := eval[int](p, `document.querySelectorAll('.board .outcomes .unit.destroyed[data-unit="bud"]').length`); n != 1 {
		p.fail("%d destroyed units drawn at Budapest after the phase, want 1", n)
	}
	shots := os.Getenv("CHANCERY_SHOTS")
	if shots != "" {
		p.do(chromedp.ScrollIntoView("#dislodged"))
		p.shot(shots, "dislodged-after")
	}
	// The phase in the history: the same, beside the orders.
	p.click("#hist-prev")
	p.wait("the history's phase", `document.querySelector("#phase").textContent.includes("Spring 1901")`)
	if n := eval[int](p, `document.querySelectorAll('.board .outcomes .unit.destroyed[data-unit="bud"]').length`); n != 1 {
		p.fail("%d destroyed units drawn at Budapest in the history, want 1", n)
	}
	if !eval[bool](p, `!!document.querySelector('#dislodged li.destroyed[data-unit="bud"]')`) {
		p.fail("the history's results do not say Budapest was destroyed")
	}
	if shots != "" {
		p.shot(shots, "dislodged-history")
	}
}
