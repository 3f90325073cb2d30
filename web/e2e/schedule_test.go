package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestCustomDeadlineAndSandboxInTheBrowser: alice creates a game whose
// phases last 90 minutes, typed as she says it, retreats 10 minutes, and
// whose deadlines fall at 20:00 in Paris on weekdays; the game's page
// says so and its first deadline is a weekday's 20:00 in Paris. She then
// tries the variant alone in a sandbox, playing France from the bar above
// the board, and, once her game has ended, opens a sandbox at its first
// phase from the end-of-game view; her profile lists her game.
func TestCustomDeadlineAndSandboxInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	alice := s.signedIn("alice", "correct horse")
	alice.do(chromedp.SetValue(chromedp.CSS("#new-variant"), "standard"))
	eval[bool](alice, `(() => {
		const n = document.querySelector("#new-length-n"), u = document.querySelector("#new-length-unit");
		n.value = "90"; n.dispatchEvent(new Event("input"));
		u.value = "60"; u.dispatchEvent(new Event("change"));
		return true;
	})()`)
	shots := os.Getenv("CHANCERY_SHOTS")
	id := alice.newGame("standard", "#new-power=England", "#new-bots", "#new-bots", "#new-retreat=10", "#new-daily", "#new-daily-zone=Europe/Paris", "#new-daily-weekends")
	if shots != "" {
		alice.shot(shots, "schedule-forming")
	}
	line := alice.text("#schedule-line")
	for _, want := range []string{"20:00 (Europe/Paris)", "weekdays only", "retreats: 10"} {
		if !strings.Contains(line, want) {
			alice.fail("the schedule reads %q, without %q", line, want)
		}
	}
	type view struct {
		PhaseDeadlineSeconds   int    `json:"phase_deadline_seconds"`
		RetreatDeadlineSeconds int    `json:"retreat_deadline_seconds"`
		Deadline               string `json:"deadline"`
		Seq                    int    `json:"seq"`
		Sandbox                bool   `json:"sandbox"`
		DeadlineAt             struct {
			Time, Zone   string
			SkipWeekends bool `json:"skip_weekends"`
		} `json:"deadline_at"`
	}
	read := func(p *person, id string) view {
		return awaited[view](p, fmt.Sprintf(`fetch("/api/v1/games/%s").then(r => r.json())`, id))
	}
	v := read(alice, id)
	if v.PhaseDeadlineSeconds != 5400 || v.RetreatDeadlineSeconds != 600 || v.DeadlineAt.Time != "20:00" || v.DeadlineAt.Zone != "Europe/Paris" || !v.DeadlineAt.SkipWeekends {
		alice.fail("the game's schedule: %+v", v)
	}
	alice.click("#start")
	alice.wait("the board", `document.body.dataset.ready === "1"`)
	v = read(alice, id)
	at, err := time.Parse(time.RFC3339, v.Deadline)
	if err != nil {
		alice.fail("deadline %q: %v", v.Deadline, err)
	}
	paris, _ := time.LoadLocation("Europe/Paris")
	if local := at.In(paris); local.Hour() != 20 || local.Minute() != 0 || local.Weekday() == time.Saturday || local.Weekday() == time.Sunday {
		alice.fail("the first deadline is %v in Paris, not a weekday's 20:00", local)
	}

	// A sandbox of the variant, from the lobby: every power hers.
	alice.do(chromedp.Navigate(s.URL+"/"), chromedp.WaitVisible(chromedp.CSS("#create-form")))
	alice.do(chromedp.SetValue(chromedp.CSS("#new-variant"), "standard"))
	alice.click("#sandbox-variant")
	alice.wait("the sandbox", `!!document.querySelector("#sandbox-bar") && document.body.dataset.ready === "1"`)
	eval[bool](alice, `(() => { const s = document.querySelector("#sandbox-power"); s.value = "France"; s.dispatchEvent(new Event("change")); return true; })()`)
	alice.wait("France played", `location.search.includes("power=France") && document.querySelector("#pane-powers tr.me")?.dataset.power === "France" && !!document.querySelector(".board [data-province]")`)
	if shots != "" {
		alice.shot(shots, "sandbox")
	}
	sandbox := eval[string](alice, `location.pathname.split("/").pop()`)
	if v := read(alice, sandbox); !v.Sandbox || v.Seq != 0 {
		alice.fail("the sandbox's view: %+v", v)
	}

	// Her game ends in a draw; its first phase opens as a sandbox.
	csrf := `document.cookie.split("; ").find(c => c.startsWith("chancery_csrf=")).split("=")[1]`
	awaited[int](alice, fmt.Sprintf(`fetch("/api/v1/games/%s/votes", {method: "PUT", headers: {"X-CSRF-Token": %s, "Content-Type": "application/json"}, body: JSON.stringify({draw: true})}).then(r => r.status)`, id, csrf))
	alice.do(chromedp.Navigate(s.URL + "/games/" + id))
	alice.wait("the end of the game", `!!document.querySelector("#endgame #open-sandbox")`)
	if href := eval[string](alice, `document.querySelector("#record").getAttribute("href")`); !strings.HasSuffix(href, "/record") {
		alice.fail("the record link is %q, not the game's record", href)
	}
	alice.click("#open-sandbox")
	alice.wait("a sandbox of the game", fmt.Sprintf(`!!document.querySelector("#sandbox-bar") && !location.pathname.endsWith(%q) && document.body.dataset.ready === "1"`, id))
	from := eval[string](alice, `location.pathname.split("/").pop()`)
	if v := read(alice, from); !v.Sandbox || v.Seq != 0 {
		alice.fail("the sandbox of the game's phase: %+v", v)
	}

	// Her profile lists the game, not the sandboxes.
	alice.do(chromedp.Navigate(s.URL + "/users/alice"))
	alice.wait("the profile", `!!document.querySelector("#profile #reliability")`)
	if shots != "" {
		alice.shot(shots, "profile")
	}
	games := eval[[]string](alice, `[...document.querySelectorAll("#profile-games [data-game]")].map(e => e.dataset.game)`)
	if len(games) != 1 || games[0] != id {
		alice.fail("the profile lists %v, want only %s", games, id)
	}

	// The game's record, downloaded, imports into a sandbox from the lobby.
	record := awaited[string](alice, fmt.Sprintf(`fetch("/api/v1/games/%s/record").then(r => r.text())`, id))
	file := filepath.Join(t.TempDir(), "record.json")
	if err := os.WriteFile(file, []byte(record), 0o644); err != nil {
		t.Fatal(err)
	}
	alice.do(chromedp.Navigate(s.URL+"/"), chromedp.WaitVisible(chromedp.CSS("#create-form")))
	alice.do(chromedp.SetUploadFiles(chromedp.CSS("#import-record"), []string{file}))
	alice.wait("the imported sandbox", `!!document.querySelector("#sandbox-bar")`)
	imported := eval[string](alice, `location.pathname.split("/").pop()`)
	if v := read(alice, imported); !v.Sandbox || v.Seq != read(alice, id).Seq {
		alice.fail("the imported sandbox: %+v", v)
	}
}

// awaited is eval of an expression whose value is a promise: its result.
func awaited[T any](p *person, js string) T {
	p.t.Helper()
	ctx, cancel := context.WithDeadline(p.ctx, patience(p.t))
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		p.fail("evaluating %s: %v", js, err)
	}
	return v
}
