package e2e

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	stdpng "image/png"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// TestPictures draws the pictures of docs/web.md: the lobby, a game of
// each variant with its first phase's results drawn, the Diceplomacy
// table, a phone and a Japanese page. It runs only when asked:
//
//	CHANCERY_SHOTS=$PWD/docs go test ./web/e2e -run TestPictures
//
// With CHANCERY_SHOTS_ALL=1 it also draws every page in every language
// at 1280 and 360 pixels wide (all-LANG-PAGE-WIDTH.png), to look at: with
// the lobby's form to create a game (and with Colonial chosen, whose
// description it shows), a private game's invitation, the notice that
// live updates are interrupted, and on a phone each game's results.
func TestPictures(t *testing.T) {
	t.Parallel()
	dir := os.Getenv("CHANCERY_SHOTS")
	if dir == "" {
		t.Skip("draws the pictures of docs/ when CHANCERY_SHOTS names a folder")
	}
	// Game pages' live updates are refused while refuse is set.
	var refuse atomic.Bool
	s := newSiteWith(t, refusingStreams(&refuse))
	p := s.member("alice", "correct horse")
	p.expect["429 /api/v1/games/*"] = true
	p.desktop()

	// A game of each variant, its first phase played: its page shows the
	// orders and results of that phase.
	type game struct{ name, id string }
	var games []game
	for _, v := range []struct {
		variant, power string
		orders         [][]string // unit, kind, targets
	}{
		{"standard", "France", [][]string{{"par", "move", "bur"}, {"mar", "support", "par", "bur"}, {"bre", "move", "mao"}}},
		{"1900", "France", [][]string{{"par", "move", "bur"}, {"bre", "move", "mao"}}},
		{"colonial", "Russia", [][]string{{"vla", "railway", "mos"}}},
		{"sengoku", "Oda", [][]string{{"owa", "move", "ise"}, {"mik", "move", "tot"}}},
	} {
		id := p.openSolo(v.variant, v.power)
		for _, o := range v.orders {
			p.order(o[0], o[1], o[2:]...)
		}
		p.click("#ready")
		p.wait("the first phase played", `document.querySelectorAll("#results .res").length > 0`)
		if v.variant == "standard" {
			// Press beside the board has a message to show, and the orders a draft.
			p.do(chromedp.SendKeys(chromedp.CSS("#press-body"), "Italy: Burgundy is mine, the Alps are yours?"), chromedp.Click(chromedp.CSS("#press-send")))
			p.wait("the message", `document.querySelector(".messages").textContent.includes("Burgundy is mine")`)
			p.order("mar", "move", "spa")
			p.click("#save")
		}
		games = append(games, game{v.variant, id})
	}
	games = append(games, game{"diceplomacy", p.diceTable()})

	langs := []string{"en", "ja"}
	all := os.Getenv("CHANCERY_SHOTS_ALL") != ""
	var private string
	if all {
		langs = append(langs, "fr")
		// A private game forming, whose page shows its invitation.
		p.do(chromedp.Navigate(s.URL+"/"), chromedp.WaitVisible(chromedp.CSS("#create-form")))
		private = p.newGame("standard", "#new-power=England", "#new-press=public", "#new-private")
		p.wait("the invitation", `!!document.querySelector(".forming #invite-link")`)
	}
	for _, lang := range langs {
		eval[bool](p, fmt.Sprintf(`(localStorage.setItem("chancery.lang", %q), true)`, lang))
		for _, phone := range []bool{false, true} {
			if phone {
				p.phone()
			} else {
				p.desktop()
			}
			width := map[bool]string{false: "1280", true: "360"}[phone]
			p.do(chromedp.Navigate(s.URL + "/"))
			p.wait("the lobby", `!!document.querySelector("#create-form") && document.querySelectorAll("#my-games li").length > 0`)
			if lang == "en" && !phone {
				p.shot(dir, "web-lobby")
			}
			if all {
				p.shot(dir, "all-"+lang+"-lobby-"+width)
				eval[bool](p, `(document.querySelector("#create-form").scrollIntoView(), true)`)
				p.shot(dir, "all-"+lang+"-create-"+width)
				// A variant with a description, said in the reader's language.
				eval[bool](p, `(() => { const v = document.querySelector("#new-variant"); v.value = "colonial"; v.dispatchEvent(new Event("change")); document.querySelector("#new-describe").scrollIntoView(); return true })()`)
				p.shot(dir, "all-"+lang+"-create-colonial-"+width)

				p.do(chromedp.Navigate(s.URL + "/games/" + private))
				p.wait("the invitation", `!!document.querySelector(".forming #invite-link")`)
				eval[bool](p, `(document.querySelector("#invite-link").scrollIntoView({block: "center"}), true)`)
				p.shot(dir, "all-"+lang+"-invitation-"+width)

				// A page whose live updates are refused says so.
				refuse.Store(true)
				p.do(chromedp.Navigate(s.URL + "/games/" + games[0].id))
				p.wait("the notice", `!!document.querySelector("#live-lost") && document.body.dataset.ready === "1"`)
				p.shot(dir, "all-"+lang+"-livelost-"+width)
				refuse.Store(false)
			}
			for _, g := range games {
				p.do(chromedp.Navigate(s.URL + "/games/" + g.id))
				if g.name == "diceplomacy" {
					p.wait("the table", `!!document.querySelector(".seats-grid .seat.mine") && !!document.querySelector("#dice-log li")`)
				} else {
					p.wait("the game", `document.body.dataset.ready === "1"`)
					if phone {
						p.click("#tab-board")
					}
					p.click("#show-last")
					p.wait("the results drawn", `document.querySelectorAll(".board .orders .order[class*=r-]").length > 0`)
					// Back to the top, which the click scrolled away from.
					eval[bool](p, `(scrollTo(0, 0), true)`)
				}
				switch {
				case lang == "en" && !phone:
					p.shot(dir, "web-"+g.name)
				case lang == "en" && phone && g.name == "standard":
					p.shot(dir, "web-phone")
				case lang == "ja" && !phone && g.name == "sengoku":
					p.shot(dir, "web-ja")
				}
				if all {
					p.shot(dir, "all-"+lang+"-"+g.name+"-"+width)
					if phone && g.name != "diceplomacy" {
						// The results, explained in words beneath the board.
						eval[bool](p, `(document.querySelector("#results").scrollIntoView(), true)`)
						p.shot(dir, "all-"+lang+"-"+g.name+"-results-"+width)
					}
				}
			}
		}
	}
}

func (p *person) desktop() {
	p.t.Helper()
	p.do(chromedp.EmulateViewport(1280, 800))
}

func (p *person) phone() {
	p.t.Helper()
	p.do(chromedp.EmulateViewport(360, 740, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateScale(2)))
}

// diceTable starts a Diceplomacy table of four with bots and plays until
// its log has a war, or a few moves.
func (p *person) diceTable() string {
	p.t.Helper()
	p.do(chromedp.Navigate(p.s.URL+"/"), chromedp.WaitVisible(chromedp.CSS("#create-form")))
	id := p.newGame("diceplomacy", "#new-players=4")
	p.click("#start")
	p.wait("the table", `!!document.querySelector(".seats-grid .seat.mine")`)
	deadline := patience(p.t)
	for moves := 0; moves < 12 && time.Now().Before(deadline); {
		if eval[bool](p, `!!document.querySelector("#dice-log .ev-war")`) && moves >= 3 {
			break
		}
		ms := p.moves()
		if len(ms) == 0 {
			time.Sleep(200 * time.Millisecond)
			continue
		}
		pick := ms[0]
		for _, m := range ms {
			if strings.HasPrefix(m, "declare_war:") {
				pick = m
			}
		}
		p.play(fmt.Sprintf(`#dice-actions [data-move=%q]`, pick))
		moves++
	}
	return id
}

// shot saves a screenshot of the viewport as dir/NAME.png, in few colours.
func (p *person) shot(dir, name string) {
	p.t.Helper()
	// Passing notices would hide the board in the pictures: hidden while
	// the picture is taken (the page keeps its place for the next ones).
	eval[bool](p, `(document.head.append(Object.assign(document.createElement("style"), {id: "no-toast", textContent: "#toast {display: none !important}"})), true)`)
	defer eval[bool](p, `(document.getElementById("no-toast")?.remove(), true)`)
	ctx, cancel := context.WithDeadline(p.ctx, patience(p.t))
	defer cancel()
	res, err := chromedp.Call(ctx, page.CaptureScreenshot, page.CaptureScreenshotParams{})
	if err != nil {
		p.t.Errorf("screenshot %s: %v", name, err)
		return
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), paletted(res.Data), 0o644); err != nil {
		p.t.Error(err)
	}
}

// paletted turns a screenshot into a PNG of its 256 commonest colours
// (a screenshot of the page has few), a fifth of the size, or leaves it
// as it is if it cannot be read.
func paletted(b []byte) []byte {
	img, err := stdpng.Decode(bytes.NewReader(b))
	if err != nil {
		return b
	}
	type sum struct{ r, g, b, n int }
	buckets := map[int]*sum{}
	r := img.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			k := int(cr>>11)<<10 | int(cg>>11)<<5 | int(cb>>11)
			s := buckets[k]
			if s == nil {
				s = &sum{}
				buckets[k] = s
			}
			s.r, s.g, s.b, s.n = s.r+int(cr>>8), s.g+int(cg>>8), s.b+int(cb>>8), s.n+1
		}
	}
	all := make([]*sum, 0, len(buckets))
	for _, s := range buckets {
		all = append(all, s)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].n > all[j].n })
	var pal color.Palette
	for _, s := range all[:min(256, len(all))] {
		pal = append(pal, color.RGBA{uint8(s.r / s.n), uint8(s.g / s.n), uint8(s.b / s.n), 255})
	}
	out := image.NewPaletted(r, pal)
	draw.Draw(out, r, img, r.Min, draw.Src)
	var buf bytes.Buffer
	if err := (&stdpng.Encoder{CompressionLevel: stdpng.BestCompression}).Encode(&buf, out); err != nil {
		return b
	}
	return buf.Bytes()
}
