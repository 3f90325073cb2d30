package e2e

import (
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// TestJapaneseRefusalInTheBrowser: a reader of Japanese who asks for a
// seat someone has just taken is told so in Japanese, not in the server's
// English. Bob's page hears no live updates (its streams never speak, and
// no slow timer fires), so it still offers France after carol takes it.
func TestJapaneseRefusalInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	alice, bob, carol := s.signedIn("alice", "correct horse"), s.signedIn("bob", "battery staple"), s.member("carol", "tr0ub4dor&3")

	id := alice.newGame("standard", "#new-power=England")

	if _, err := chromedp.Call(bob.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: `
		delete window.SharedWorker; // the page's own stream, then, which never speaks:
		window.EventSource = class { static CLOSED = 2; readyState = 0; addEventListener() {} close() {} };
		for (const name of ["setTimeout", "setInterval"]) {
			const real = window[name];
			window[name] = (fn, ms, ...args) => (ms >= 10000 ? 0 : real.call(window, fn, ms, ...args));
		}`}); err != nil {
		t.Fatal(err)
	}
	eval[bool](bob, `(localStorage.setItem("chancery.lang", "ja"), true)`)
	bob.do(chromedp.Navigate(s.URL + "/games/" + id))
	bob.wait("France free on bob's page", `!!document.querySelector('#join-power option[value="France"]')`)

	carol.do(chromedp.Navigate(s.URL + "/games/" + id))
	carol.wait("the seats", `!!document.querySelector('#join-power option[value="France"]')`)
	carol.do(chromedp.SetValue(chromedp.CSS("#join-power"), "France"))
	carol.click("#join")
	carol.wait("carol's seat", `document.querySelector(".forming").textContent.includes("You play France")`)

	bob.expect["409 /api/v1/games/"+id+"/join"] = true
	bob.do(chromedp.SetValue(chromedp.CSS("#join-power"), "France"))
	bob.click("#join")
	bob.wait("the refusal in Japanese", `document.querySelector("#toast .error")?.textContent === "その席はたった今ほかの人が取りました。別の席を選んでください。"`)
}
