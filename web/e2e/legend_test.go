package e2e

import (
	"os"
	"testing"

	"github.com/chancery/chancery/codec"
	"github.com/chromedp/chromedp"
)

// TestCentreOwnershipAndLegendInTheBrowser: a German army stands in Paris,
// which France owns. Paris's centre keeps France's colour, drawn over the
// unit so that no unit hides whose it is; the land keeps France's tint;
// and the board has a legend of the powers, units, centres and marks.
func TestCentreOwnershipAndLegendInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	p := s.member("marianne", "correct horse")
	id := p.openSolo("standard", "France")
	s.setPosition(id, func(pos *codec.Position) {
		moveUnit(t, pos, "France", "par", "gas")
		moveUnit(t, pos, "Germany", "mun", "par")
	})
	p.do(chromedp.Reload())
	p.wait("the German army in Paris", `document.body.dataset.ready === "1" && document.querySelector('.board .units .unit[data-unit="par"]')?.dataset.power === "Germany"`)
	// France is the third power of the standard game: colour 2.
	if !eval[bool](p, `document.querySelector('.board circle[data-centre-for="par"]').classList.contains("own2")`) {
		p.fail("Paris's centre does not show its owner, France, under a German army")
	}
	if !eval[bool](p, `[...document.querySelectorAll('.board path[data-province="par"]')].every(e => e.classList.contains("own2"))`) {
		p.fail("Paris's land does not keep France's tint under a German army")
	}
	if !eval[bool](p, `!!(document.querySelector('.board .units .unit[data-unit="par"]').compareDocumentPosition(document.querySelector('.board circle[data-centre-for="par"]')) & Node.DOCUMENT_POSITION_FOLLOWING)`) {
		p.fail("Paris's centre is drawn under the unit standing on it")
	}

	p.click("#legend summary")
	if n := eval[int](p, `document.querySelectorAll("#legend .legend-powers li").length`); n != 7 {
		p.fail("the legend lists %d powers, want 7", n)
	}
	for _, want := range []string{"army (A)", "fleet (F)", "supply centre, in its owner's colour", "supply centre nobody owns", "move or retreat", "support", "convoy", "hold", "build", "disband or remove", "failed", "your order, not yet played", "dislodged unit", "unit destroyed"} {
		if !eval[bool](p, `document.querySelector("#legend .legend-marks").textContent.includes(`+jsString(want)+`)`) {
			p.fail("the legend has no %q", want)
		}
	}
	if dir := os.Getenv("CHANCERY_SHOTS"); dir != "" {
		p.do(chromedp.ScrollIntoView("#legend"))
		p.shot(dir, "legend")
	}
}

func jsString(s string) string {
	b := []byte{'"'}
	for _, r := range s {
		if r == '"' || r == '\\' {
			b = append(b, '\\')
		}
		b = append(b, string(r)...)
	}
	return string(append(b, '"'))
}
