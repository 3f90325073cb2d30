package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// rewriting passes the JSON answers to the requests match takes through
// edit on their way to the browser.
func rewriting(next http.Handler, match func(*http.Request) bool, edit func(body map[string]any)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !match(r) {
			next.ServeHTTP(w, r)
			return
		}
		r.Header.Del("Accept-Encoding") // the answer is read here
		rec := httptest.NewRecorder()
		next.ServeHTTP(rec, r)
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		var body map[string]any
		if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &body) != nil {
			w.WriteHeader(rec.Code)
			w.Write(rec.Body.Bytes())
			return
		}
		w.Header().Del("Content-Length")
		w.Header().Del("ETag")
		edit(body)
		data, _ := json.Marshal(body)
		w.Write(bytes.TrimSpace(data))
	})
}

// reworded rewrites every played order's text in the history the server
// sends into words no pattern of the client reads ("order 3 of France,
// in words"), keeping the order's parts: what a change to the notation's
// wording would do.
func reworded(next http.Handler) http.Handler {
	return rewriting(next, func(r *http.Request) bool { return strings.HasSuffix(r.URL.Path, "/history") }, func(body map[string]any) {
		phases, _ := body["phases"].([]any)
		for _, ph := range phases {
			results, _ := ph.(map[string]any)["results"].([]any)
			for i, r := range results {
				res := r.(map[string]any)
				res["order"] = fmt.Sprintf("order %d of %s, in words", i, res["power"])
			}
		}
	})
}

// savedReworded rewrites the text of the player's saved orders, in the
// game's view and in the answer to saving them, into words no pattern of
// the client reads and no legal order's text matches ("my order 1, in
// words"), keeping their parts.
func savedReworded(next http.Handler) http.Handler {
	match := func(r *http.Request) bool {
		rest, ok := strings.CutPrefix(r.URL.Path, "/api/v1/games/")
		return ok && (!strings.Contains(rest, "/") || r.Method == http.MethodPut && strings.HasSuffix(rest, "/orders"))
	}
	return rewriting(next, match, func(body map[string]any) {
		saved := body
		if mine, ok := body["my_orders"].(map[string]any); ok {
			saved = mine
		}
		texts, _ := saved["orders"].([]any)
		parts, _ := saved["parts"].([]any)
		for i := range texts {
			texts[i] = fmt.Sprintf("my order %d, in words", i)
		}
		for i, p := range parts {
			p.(map[string]any)["order"] = fmt.Sprintf("my order %d, in words", i)
		}
	})
}

// TestSavedOrdersAreDrawnFromTheirPartsInTheBrowser: the board draws the
// player's saved orders from the parts the server sends, not from their
// text: with their texts reworded past the client's reading, when the
// orders are saved and when the page is read again, each is listed by the
// server's words, not marked unknown, and drawn from its unit (issue 25).
func TestSavedOrdersAreDrawnFromTheirPartsInTheBrowser(t *testing.T) {
	s := newSiteWith(t, savedReworded)
	p := s.member("olga", "correct horse")
	p.openSolo("standard", "England")
	p.click(".typed summary")
	p.do(chromedp.SendKeys("#typed", "F EDI - NTH\nF LON - ENG\nA LVP - YOR"))
	p.click("#add-typed")
	p.click("#save")
	p.wait("saved", `document.querySelector("#save-state").classList.contains("s-saved")`)
	for _, when := range []string{"saved", "read again"} {
		if when == "read again" {
			p.do(chromedp.Reload())
			p.wait("the board", `document.body.dataset.ready === "1"`)
		}
		p.wait("the reworded orders ("+when+")", `document.querySelectorAll("#drafts li").length === 3 && document.querySelector("#drafts").textContent.includes("my order 2, in words")`)
		if n := eval[int](p, `document.querySelectorAll("#drafts li.unknown").length`); n != 0 {
			p.fail("%s: %d saved orders marked unknown", when, n)
		}
		if n := eval[int](p, `document.querySelectorAll(".board .orders .order.draft.k-move").length`); n != 3 {
			p.fail("%s: %d saved moves drawn, want 3", when, n)
		}
	}
}

// TestPlayedOrdersAreDrawnFromTheirPartsInTheBrowser: the board draws a
// played phase's orders from the parts the server sends, not from their
// text: with every text reworded past the client's reading, each order is
// still drawn, with its result, from its unit (issue 25).
func TestPlayedOrdersAreDrawnFromTheirPartsInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSiteWith(t, reworded)
	p := s.member("olga", "correct horse")
	p.openSolo("standard", "England")
	p.click(".typed summary")
	p.do(chromedp.SendKeys("#typed", "F EDI - NTH\nF LON - ENG\nA LVP - YOR"))
	p.click("#add-typed")
	p.click("#save")
	p.wait("saved", `document.querySelector("#save-state").classList.contains("s-saved")`)
	p.readyAndWait("Autumn 1901")
	p.click("#hist-prev")
	p.wait("spring 1901 in the history", `document.querySelector(".hist-label").textContent.includes("Spring 1901")`)
	p.wait("the reworded results", `document.querySelector("#results").textContent.includes("in words")`)
	if n := eval[int](p, `document.querySelectorAll(".board .orders .order[class*=r-]").length`); n < 20 {
		p.fail("%d orders drawn with results in spring 1901, want every power's (22)", n)
	}
	if n := eval[int](p, `document.querySelectorAll(".board .orders .order.k-move.r-succeeded").length`); n == 0 {
		p.fail("no move drawn as succeeded")
	}
}
