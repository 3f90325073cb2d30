package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chancery/chancery/engine"
	"github.com/chancery/chancery/game"
	"github.com/chancery/chancery/store"
	"github.com/chancery/chancery/variants"
	"github.com/chromedp/chromedp"
)

// TestGameMasterAndSubstituteInTheBrowser: alice creates a game (the
// policy for missed orders chosen in the form) and is its master; bob
// plays France. alice pauses the game with a reason (the header says
// paused, the log says who and why), resumes and extends it, and
// replaces bob; carol finds France under "replacement wanted" in the
// lobby, takes the seat, and plays France. bob never sees the master's
// controls. alice resumes with a new time and changes the phase
// lengths; a seat a bot takes is marked on every player's board until
// its person takes it back; the players replaced say so on their
// profile and in the lobby; a length refused is said in French.
func TestGameMasterAndSubstituteInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	alice, bob := s.twoPeople()
	carol := s.member("carol", "purple monkey")
	shots := os.Getenv("CHANCERY_SHOTS")
	shot := func(p *person, name, at string) {
		if shots != "" {
			eval[bool](p, fmt.Sprintf(`(document.querySelector(%q)?.scrollIntoView({block: "center"}), true)`, at))
			p.shot(shots, name)
		}
	}
	alice.desktop()
	carol.desktop()

	id := alice.newGame("standard", "#new-power=England", "#new-missed=extend", "#new-missed-after=3")
	bob.do(chromedp.Navigate(s.URL + "/games/" + id))
	bob.do(chromedp.WaitVisible(chromedp.CSS("#join")), chromedp.SetValue(chromedp.CSS("#join-power"), "France"))
	bob.click("#join")
	bob.wait("bob's seat", `!!document.querySelector("#my-seat")`)
	alice.click("#start")
	alice.wait("the game under way", `document.body.dataset.ready === "1"`)
	alice.click("#tab-powers")
	alice.wait("the master's controls", `!!document.querySelector("#master-pause")`)
	if got := alice.text("#policy-line"); got == "" || !strings.Contains(got, "extended once") || !strings.Contains(got, "3 movement phases") {
		alice.fail("the policy line says %q", got)
	}
	bob.wait("bob's page", `document.body.dataset.ready === "1"`)
	bob.click("#tab-powers")
	bob.wait("the master's name", fmt.Sprintf(`document.querySelector("#master-line")?.textContent.includes(%q)`, "alice"))
	if eval[bool](bob, `!!document.querySelector("#master-pause, #master-replace, #vote-pause")`) {
		bob.fail("bob, who is not the master, sees the master's controls")
	}

	// Pause, with a reason; the header says so; the log tells everyone.
	alice.do(chromedp.SendKeys(chromedp.CSS("#master-reason"), "Easter holidays"))
	alice.click("#master-pause")
	alice.wait("paused", `!!document.querySelector("#paused") && !!document.querySelector("#paused-note") && !!document.querySelector("#master-resume")`)
	bob.wait("the pause in bob's log", `[...document.querySelectorAll("#game-log li[data-action=pause]")].some(e => e.textContent.includes("alice") && e.textContent.includes("Easter holidays"))`)
	bob.wait("paused for bob", `!!document.querySelector("#paused")`)
	shot(alice, "master-paused", "#paused-note")

	// Resumed with a new time, a day, rather than the minute or so
	// that was left.
	if got := alice.text("#master-resume-with option[value='0']"); !strings.Contains(got, "the time that was left") {
		alice.fail("the resume control offers %q", got)
	}
	alice.do(chromedp.SetValue(chromedp.CSS("#master-resume-with"), "86400"))
	shot(alice, "master-resume-with", "#master-resume-with")
	alice.click("#master-resume")
	alice.wait("resumed", `!document.querySelector("#paused") && !!document.querySelector("#countdown")`)
	type schedule struct {
		Deadline             time.Time
		PhaseDeadlineSeconds int                          `json:"phase_deadline_seconds"`
		RetreatSeconds       int                          `json:"retreat_deadline_seconds"`
		DeadlineAt           *struct{ Time, Zone string } `json:"deadline_at"`
	}
	read := func() schedule {
		return awaited[schedule](alice, fmt.Sprintf(`fetch("/api/v1/games/%s").then(r => r.json())`, id))
	}
	resumed := read()
	if left := time.Until(resumed.Deadline); left < 23*time.Hour || left > 24*time.Hour {
		alice.fail("resumed with %v left, want a day", left)
	}
	alice.wait("the new time in the log", `[...document.querySelectorAll("#game-log li[data-action=resume]")].some(e => e.textContent.includes("1d"))`)
	alice.do(chromedp.SetValue(chromedp.CSS("#master-extend-by"), "86400"))
	alice.click("#master-extend")
	alice.wait("the extension in the log", `!!document.querySelector("#game-log li[data-action=extend]")`)

	// New phase lengths from the next phase on: two hours a phase, half
	// an hour for retreats, deadlines at 20:00 in Paris. The phase being
	// played keeps its deadline; everyone reads the new schedule.
	extended := read()
	alice.click("#master-lengths summary")
	eval[bool](alice, `(() => {
		const set = (sel, v, ev) => {
			const e = document.querySelector(sel);
			if (e.type === "checkbox") e.checked = v; else e.value = v;
			e.dispatchEvent(new Event(ev, {bubbles: true}));
		};
		set("#master-length-n", "2", "input");
		set("#master-length-unit", "3600", "change");
		set("#master-retreat", "30", "input");
		set("#master-daily", true, "change");
		set("#master-daily-time", "20:00", "input");
		set("#master-daily-zone", "Europe/Paris", "change");
		return true;
	})()`)
	alice.do(chromedp.SetValue(chromedp.CSS("#master-reason"), "evenings suit everyone"))
	shot(alice, "master-lengths", "#master-lengths")
	alice.click("#master-lengths-go")
	alice.wait("the lengths in the log", `[...document.querySelectorAll("#game-log li[data-action=lengths]")].some(e => e.textContent.includes("alice") && e.textContent.includes("evenings suit everyone") && e.textContent.includes("Europe/Paris") && e.textContent.includes("2h"))`)
	if v := read(); v.PhaseDeadlineSeconds != 7200 || v.RetreatSeconds != 1800 || v.DeadlineAt == nil || v.DeadlineAt.Time != "20:00" ||
		v.DeadlineAt.Zone != "Europe/Paris" || !v.Deadline.Equal(extended.Deadline) {
		alice.fail("after the new lengths the game is %+v, its deadline was %v", v, extended.Deadline)
	}
	bob.wait("the new schedule on bob's page", `document.querySelector("#schedule-line")?.textContent.includes("Europe/Paris")`)

	// bob leaves the game's page before he is replaced: it is no longer
	// his to read.
	bob.do(chromedp.Navigate(s.URL+"/"), chromedp.WaitVisible(chromedp.CSS("#create-form")))
	alice.do(chromedp.SetValue(chromedp.CSS("#master-replace-power"), "France"))
	alice.do(chromedp.SetValue(chromedp.CSS("#master-reason"), "no orders for a week"))
	alice.click("#master-replace")
	alice.wait("France wanted", `!!document.querySelector("#pane-powers tr[data-power=France] .wanted-mark") && !!document.querySelector("#seat-notice [data-wanted=France]")`)
	shot(alice, "master-replaced", "#seat-notice")

	// carol finds the seat in the lobby and takes it.
	carol.do(chromedp.Navigate(s.URL+"/"), chromedp.WaitVisible(chromedp.CSS("#create-form")))
	carol.wait("replacement wanted", fmt.Sprintf(`!!document.querySelector("#wanted-games [data-game='%s']")`, id))
	shot(carol, "lobby-replacement-wanted", "#wanted-games")
	carol.click(fmt.Sprintf(`#wanted-games [data-game='%s'] .join-game`, id))
	carol.do(chromedp.SetValue(chromedp.CSS(fmt.Sprintf(`#wanted-games [data-game='%s'] .join-power`, id)), "France"))
	carol.click(fmt.Sprintf(`#wanted-games [data-game='%s'] .join-go`, id))
	carol.wait("carol's game", `document.body.dataset.ready === "1"`)
	carol.click("#tab-powers")
	carol.wait("carol plays France", `!!document.querySelector("#pane-powers tr.me[data-power=France]")`)
	if eval[bool](carol, `!!document.querySelector("#master-pause")`) {
		carol.fail("the substitute sees the master's controls")
	}
	alice.wait("the substitute in the log", `[...document.querySelectorAll("#game-log li[data-action=substitute]")].some(e => e.textContent.includes("carol"))`)
	alice.wait("France's player", `document.querySelector("#pane-powers tr[data-power=France]")?.textContent.includes("carol")`)
	shot(alice, "master-log", "#game-log")

	// alice misses her phases: a bot takes England over (as the policy
	// would), and every page says so.
	s.editGame(id, func(g *game.Game) {
		for i := range g.Seats {
			if g.Seats[i].Power == "England" {
				g.Seats[i].Away, g.Seats[i].Bot = true, true
			}
		}
	})
	carol.wait("England's bot on carol's page", `!!document.querySelector("#seat-notice [data-away=England]") && document.querySelector("#pane-powers tr[data-power=England] td.away")?.textContent.includes("alice")`)
	alice.wait("alice told her seat is a bot's", `!!document.querySelector("#seat-notice .away-you")`)
	shot(carol, "seat-taken-over", "#seat-notice")
	shot(alice, "seat-taken-over-you", "#seat-notice")

	// The board itself says so, to every player: a robot beside each of
	// England's units and a note over the board.
	const robots = `(() => {
		const units = document.querySelectorAll("#pane-board .units [data-unit][data-power=England]").length;
		const bots = document.querySelectorAll("#pane-board .units [data-power=England] [data-bot=England]").length;
		const others = document.querySelectorAll("#pane-board [data-bot]:not([data-bot=England])").length;
		const note = document.querySelector("#board-bots");
		return units > 0 && bots === units && others === 0 && !note.hidden && note.textContent.includes("England");
	})()`
	carol.wait("robots on England's units, on carol's board", robots)
	alice.wait("robots on England's units, on alice's board", robots)
	if shots != "" {
		carol.shot(shots, "board-bot-desktop")
		carol.phone()
		carol.click("#tab-board")
		carol.wait("the board on a phone", robots)
		carol.shot(shots, "board-bot-phone")
		carol.click("#tab-powers")
		carol.desktop()
	}
	// alice gives orders and takes England back: the robots go.
	s.editGame(id, func(g *game.Game) {
		for i := range g.Seats {
			if g.Seats[i].Power == "England" {
				g.Seats[i].Away, g.Seats[i].Bot = false, false
			}
		}
	})
	const none = `document.querySelectorAll("#pane-board [data-bot]").length === 0 && document.querySelector("#board-bots").hidden && !!document.querySelector("#pane-board .units [data-power=England]")`
	carol.wait("no robot on carol's board", none)
	alice.wait("no robot on alice's board", none)

	// carol breaks the rules: removed, her seat is wanted again.
	alice.do(chromedp.SetValue(chromedp.CSS("#master-replace-power"), "France"))
	alice.click("#master-remove")
	alice.wait("the removal in the log", `[...document.querySelectorAll("#game-log li[data-action=remove]")].some(e => e.textContent.includes("carol"))`)
	alice.wait("France wanted again", `!!document.querySelector("#pane-powers tr[data-power=France] .wanted-mark")`)
	carol.expect["403 /api/v1/games/"+id+"/messages"] = true
	carol.expect["403 /api/v1/games/"+id+"/options"] = true

	// The players replaced: on their profile, and beside their name in
	// the lobby.
	bob.newGame("standard", "#new-power=France")
	alice.do(chromedp.Navigate(s.URL+"/"), chromedp.WaitVisible(chromedp.CSS("#create-form")))
	alice.wait("bob replaced once, in the lobby", `[...document.querySelectorAll(".players .reliability")].some(e => e.textContent.includes("replaced 1"))`)
	alice.do(chromedp.Navigate(s.URL + "/users/carol"))
	alice.wait("carol replaced once, on her profile", `document.querySelector("#departures")?.textContent === "Games left: 0 · replaced in: 1"`)

	// A length the game cannot have is refused in the master's language.
	alice.expect["422 /api/v1/games/"+id+"/lengths"] = true
	eval[bool](alice, `(localStorage.setItem("chancery.lang", "fr"), true)`)
	alice.do(chromedp.Navigate(s.URL + "/games/" + id))
	alice.wait("the game in French", `document.body.dataset.ready === "1"`)
	alice.click("#tab-powers")
	alice.click("#master-lengths summary")
	eval[bool](alice, `(() => {
		const n = document.querySelector("#master-length-n"), unit = document.querySelector("#master-length-unit");
		n.value = "8"; n.dispatchEvent(new Event("input", {bubbles: true}));
		unit.value = "86400"; unit.dispatchEvent(new Event("change", {bubbles: true}));
		return true;
	})()`)
	alice.click("#master-lengths-go")
	alice.wait("the refusal in French", `document.querySelector("#toast .error")?.textContent === "Une phase dure au plus 7 jours."`)
}

// editGame changes a Diplomacy game's state as it is stored, as the
// server would have; the server reads it afresh on its next request, and
// its live updates announce the change.
func (s *site) editGame(id string, edit func(g *game.Game)) {
	s.t.Helper()
	err := s.store.Update(context.Background(), func(tx store.Tx) error {
		row, err := tx.Game(id, true)
		if err != nil {
			return err
		}
		g, _, err := game.Decode(engine.NewEngines(variants.MustLoad()), row.Data)
		if err != nil {
			return err
		}
		edit(g)
		if row.Data, err = json.Marshal(g); err != nil {
			return err
		}
		return tx.SaveGame(row)
	})
	if err != nil {
		s.t.Fatalf("editing game %s: %v", id, err)
	}
}
