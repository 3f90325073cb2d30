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

// reworded rewrites every played order's text in the history the server
// sends into words no pattern of the client reads ("order 3 of France,
// in words"), keeping the order's parts: what a change to the notation's
// wording would do.
func reworded(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, "/history") {
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
		phases, _ := body["phases"].([]any)
		for _, ph := range phases {
			results, _ := ph.(map[string]any)["results"].([]any)
			for i, r := range results {
				res := r.(map[string]any)
				res["order"] = fmt.Sprintf("order %d of %s, in words", i, res["power"])
			}
		}
		data, _ := json.Marshal(body)
		w.Write(bytes.TrimSpace(data))
	})
}

// TestPlayedOrdersAreDrawnFromTheirPartsInTheBrowser: the board draws a
// played phase's orders from the parts the server sends, not from their
// text: with every text reworded past the client's reading, each order is
// still drawn, with its result, from its unit (issue 25).
func TestPlayedOrdersAreDrawnFromTheirPartsInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSiteWith(t, reworded)
	p := s.person("olga")
	p.signUp("correct horse")
	p.soloGame("standard", "England")
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
