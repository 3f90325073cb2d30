package e2e

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// TestFormsOutliveLiveUpdatesInTheBrowser: alice, the game's master,
// half fills the form of the phase lengths and a reason, her caret in
// the middle of it, when bob gets ready and the phase is extended from
// another of her tabs (live updates that change nothing of her controls) and when the game is paused from another of
// her tabs (one that changes them: pause becomes resume). What she typed,
// the form she opened, her focus and her caret are all still there.
// Then she writes press while bob's message and another extension arrive: her
// words and her caret stay too.
func TestFormsOutliveLiveUpdatesInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	alice, bob := s.twoPeople()
	status, g := alice.call("POST", "/games", map[string]any{"variant": "standard", "power": "England", "bots": true, "phase_deadline_seconds": 86400})
	if status != 201 {
		alice.fail("creating the game: %d %v", status, g)
	}
	id, _ := g["id"].(string)
	must := func(p *person, want int, method, path string, body any) {
		p.t.Helper()
		if status, got := p.call(method, path, body); status != want {
			p.fail("%s %s: %d %v, want %d", method, path, status, got, want)
		}
	}
	must(bob, 200, "POST", "/games/"+id+"/join", map[string]any{"power": "France"})
	must(alice, 200, "POST", "/games/"+id+"/start", nil)

	alice.desktop()
	alice.do(chromedp.Navigate(s.URL + "/games/" + id))
	alice.wait("the game under way", `document.body.dataset.ready === "1"`)
	alice.click("#tab-powers")
	alice.wait("the master's controls", `!!document.querySelector("#master-pause")`)
	alice.click("#master-lengths summary")
	alice.do(chromedp.SendKeys(chromedp.CSS("#master-retreat"), "45"))
	alice.do(chromedp.SendKeys(chromedp.CSS("#master-reason"), "a long weekend for all"))
	// The caret after "a long", as if she went back to mend a word.
	eval[bool](alice, `(document.querySelector("#master-reason").setSelectionRange(6, 6), true)`)
	kept := func(what string) {
		t.Helper()
		got := eval[map[string]any](alice, `(() => {
			const a = document.activeElement;
			return {
				reason: document.querySelector("#master-reason")?.value,
				retreat: document.querySelector("#master-retreat")?.value,
				open: !!document.querySelector("#master-lengths")?.open,
				focus: a?.id ?? "",
				caret: a?.selectionStart ?? -1,
			};
		})()`)
		if got["reason"] != "a long weekend for all" || got["retreat"] != "45" || got["open"] != true || got["focus"] != "master-reason" || got["caret"] != float64(6) {
			alice.fail("after %s, the master's form is %v", what, got)
		}
	}
	kept("typing")

	// bob gets ready, and another tab of alice's extends the phase.
	must(bob, 200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}, "ready": true})
	must(alice, 200, "POST", "/games/"+id+"/extend", map[string]any{"seconds": 3600})
	alice.wait("the extension, on alice's page", `!!document.querySelector("#game-log li[data-action=extend]")`)
	kept("the phase was extended")

	// Another tab of alice's pauses the game: the controls change.
	must(alice, 200, "POST", "/games/"+id+"/pause", nil)
	alice.wait("paused, on alice's page", `!!document.querySelector("#master-resume")`)
	kept("the game was paused")

	// Press: alice writes while bob writes to her and changes his mind.
	must(alice, 200, "POST", "/games/"+id+"/resume", nil)
	alice.wait("resumed", `!!document.querySelector("#master-pause")`)
	alice.openPress()
	alice.do(chromedp.SendKeys(chromedp.CSS("#press-body"), "Shall we share the Channel?"))
	eval[bool](alice, `(document.querySelector("#press-body").setSelectionRange(9, 9), true)`)
	must(bob, 201, "POST", "/games/"+id+"/messages", map[string]any{"to": []string{"England"}, "body": "Hello from Paris"})
	must(bob, 200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}, "ready": false})
	must(alice, 200, "POST", "/games/"+id+"/extend", map[string]any{"seconds": 3600})
	alice.wait("bob's message, on alice's page", `!!document.querySelector("#pane-press .channel[data-channel=France] .count")`)
	alice.wait("the extension, on alice's page", `document.querySelectorAll("#game-log li[data-action=extend]").length === 2`)
	got := eval[map[string]any](alice, `({body: document.querySelector("#press-body").value, focus: document.activeElement?.id ?? "", caret: document.activeElement?.selectionStart ?? -1})`)
	if got["body"] != "Shall we share the Channel?" || got["focus"] != "press-body" || got["caret"] != float64(9) {
		alice.fail("after bob's message, the press box is %v", got)
	}
}

// TestTheJoinFormOutlivesLiveUpdatesInTheBrowser: bob picks the power he
// means to join a forming game with when carol joins it: the page says
// carol is in, and Germany is still picked, his focus on it.
func TestTheJoinFormOutlivesLiveUpdatesInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	alice, bob := s.twoPeople()
	carol := s.member("carol", "purple monkey") // joins through the API
	status, g := alice.call("POST", "/games", map[string]any{"variant": "standard", "power": "England"})
	if status != 201 {
		alice.fail("creating the game: %d %v", status, g)
	}
	id, _ := g["id"].(string)
	bob.do(chromedp.Navigate(s.URL + "/games/" + id))
	bob.wait("the join form", `!!document.querySelector("#join-power")`)
	eval[bool](bob, `(() => {
		const pick = document.querySelector("#join-power");
		pick.focus();
		pick.value = "Germany";
		pick.dispatchEvent(new Event("change", {bubbles: true}));
		return true;
	})()`)
	carol.api("POST", "/api/v1/games/"+id+"/join", map[string]any{"power": "Italy"}, nil)
	bob.wait("carol in, on bob's page", `document.querySelector(".forming")?.textContent.includes("carol")`)
	got := eval[map[string]any](bob, `({power: document.querySelector("#join-power").value, focus: document.activeElement?.id ?? ""})`)
	if got["power"] != "Germany" || got["focus"] != "join-power" {
		bob.fail("after carol joined, bob's join form is %v", got)
	}
}
