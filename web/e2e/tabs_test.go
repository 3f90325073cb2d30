package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// apiJS defines, in a page, call(method, path, body): a request to the
// API as the page makes it (the session cookie, the CSRF header), which
// throws on an error.
const apiJS = `const call = async (method, path, body) => {
	const csrf = document.cookie.split("; ").find((c) => c.startsWith("chancery_csrf="))?.slice("chancery_csrf=".length) ?? "";
	const r = await fetch("/api/v1" + path, { method, headers: { "X-CSRF-Token": csrf, "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
	if (!r.ok) throw new Error(method + " " + path + ": " + r.status + " " + (await r.text()));
	return r.status === 204 ? null : r.json();
};`

// startGames creates and starts n standard games in which p plays
// England against bots, through the API from p's page, and returns their
// ids.
func (p *person) startGames(n int) []string {
	p.t.Helper()
	js := fmt.Sprintf(`(async () => {
		%s
		const ids = [];
		for (let i = 0; i < %d; i++) {
			const g = await call("POST", "/games", { variant: "standard", power: "England", bots: true, phase_deadline_seconds: 7200 });
			await call("POST", "/games/" + g.id + "/start");
			ids.push(g.id);
		}
		return JSON.stringify(ids);
	})()`, apiJS, n)
	ctx, cancel := context.WithDeadline(p.ctx, patience(p.t))
	defer cancel()
	out, err := chromedp.Run(ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
	if err != nil {
		p.fail("starting %d games: %v", n, err)
	}
	var ids []string
	if err := json.Unmarshal([]byte(out), &ids); err != nil || len(ids) != n {
		p.fail("starting %d games: %q (%v)", n, out, err)
	}
	return ids
}

// playPhase has p, from its page, get ready with no orders in game id,
// whose other powers are bots: the phase is played at once.
func (p *person) playPhase(id string) {
	p.t.Helper()
	js := fmt.Sprintf(`(async () => {
		%s
		const g = await call("GET", "/games/%s");
		await call("PUT", "/games/%s/orders", { orders: [], ready: true, phase: g.phase });
		return true;
	})()`, apiJS, id, id)
	ctx, cancel := context.WithDeadline(p.ctx, patience(p.t))
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js, chromedp.EvalAwaitPromise)); err != nil {
		p.fail("getting ready in game %s: %v", id, err)
	}
}

// load opens url in p's tab and waits for its page to load. A browser
// holds six connections to a host over HTTP/1.1: a page that never loads
// most likely waits for one that live-update streams hold.
func (p *person) load(url string) {
	p.t.Helper()
	ctx, cancel := context.WithDeadline(p.ctx, patience(p.t))
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		p.fail("%s did not load, with %d connections open to the server, %d of them live-update streams (are streams holding every connection the browser allows?): %v",
			url, p.s.conns.Load(), p.s.streams.Load(), err)
	}
}

// readyGame waits for a game page's board, and marks the page so that a
// reload shows.
func (p *person) readyGame() string {
	p.t.Helper()
	ctx, cancel := context.WithDeadline(p.ctx, patience(p.t))
	defer cancel()
	const ready = `document.body.dataset.ready === "1" && !!document.querySelector(".board svg .units .unit")`
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](ready, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(0))); err != nil {
		p.fail("the board of %s was not ready, with %d connections open to the server, %d of them live-update streams (are streams holding every connection the browser allows?): %v",
			eval[string](p, `location.pathname`), p.s.conns.Load(), p.s.streams.Load(), err)
	}
	eval[bool](p, `(window.__noReload = true)`)
	return p.text("#phase")
}

// waitPhaseAfter waits for the page to show the phase after label,
// live (the page not reloaded).
func (p *person) waitPhaseAfter(label string) string {
	p.t.Helper()
	p.wait("the phase after "+label+", live", fmt.Sprintf(`document.querySelector("#phase")?.textContent !== %q && document.body.dataset.ready === "1"`, label))
	if !eval[bool](p, `window.__noReload === true`) {
		p.fail("the page was reloaded")
	}
	return p.text("#phase")
}

// gamePages is how many game pages the tests of many tabs open besides
// the lobby: three, which shows the pages sharing one stream, or as many
// as CHANCERY_E2E_PAGES says. .ci/run says six: with the lobby, more
// pages than the six connections a browser holds to a host over
// HTTP/1.1, which were all it took to stop the seventh page from
// loading when each page held a stream. (Each page costs the browser
// about a second of CPU.)
func gamePages() int {
	if n, err := strconv.Atoi(os.Getenv("CHANCERY_E2E_PAGES")); err == nil && n >= 3 {
		return n
	}
	return 3
}

// TestManyGamesOpenInOneBrowser: a player in several games opens the
// lobby and each game in a tab of one browser; every page loads and
// becomes interactive, the pages share one live-update stream, the lobby
// lists the games it was told of live, and each game page shows its
// next phase live. (With a live-update stream per page, a browser's six
// connections to a host over HTTP/1.1 were all taken by the sixth page,
// and the seventh never loaded.)
func TestManyGamesOpenInOneBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	alice := s.signedIn("alice", "correct horse")
	ids := alice.startGames(gamePages())
	alice.wait("the lobby listing the games, told live", fmt.Sprintf(`document.querySelectorAll("#my-games [data-game]").length === %d`, len(ids)))

	tabs := make([]*person, len(ids))
	labels := make([]string, len(ids))
	for i, id := range ids {
		tabs[i] = alice.tab(fmt.Sprintf("alice's tab %d", i+2))
		tabs[i].load(s.URL + "/games/" + id)
		labels[i] = tabs[i].readyGame()
	}
	t.Logf("with the lobby and %d game pages open: %d TCP connections to the server, %d of them live-update streams", len(ids), s.conns.Load(), s.streams.Load())
	s.waitStreams(1, fmt.Sprintf("with the lobby and %d game pages open", len(ids)))

	for i, id := range ids {
		alice.playPhase(id)
		tabs[i].waitPhaseAfter(labels[i])
	}
	// The lobby is still live, and still a page that loads.
	if !eval[bool](alice, `!!document.querySelector("#create-form")`) {
		alice.fail("the lobby lost its form")
	}
}

// TestGamePageAfterGamePageInOneTab: a player goes from game page to
// game page in one tab, several times (gamePages) by address in a browser
// with a back-forward cache (a page left may stay alive there) and as
// many by the links inside the page: every page loads and becomes
// interactive, those whose game moves on show it live, and the last, put
// away in the cache and shown again, shows its next phase live.
func TestGamePageAfterGamePageInOneTab(t *testing.T) {
	t.Parallel()
	s := newSiteCaching(t, nil, true)
	alice := s.signedIn("alice", "correct horse")
	ids := alice.startGames(gamePages())
	tab := alice.tab("alice's other tab")
	for _, id := range ids {
		tab.load(s.URL + "/games/" + id)
		tab.readyGame()
	}
	t.Logf("after %d game pages in one tab: %d TCP connections to the server, %d of them live-update streams", len(ids), s.conns.Load(), s.streams.Load())

	// Inside the page, from the lobby to a game and back, as many times:
	// the page follows each game it shows, and only those.
	for i, id := range ids {
		tab.click(`header a[href="/"]`)
		tab.wait("the lobby's games", fmt.Sprintf(`!!document.querySelector('#my-games [data-game=%q] a.game-name')`, id))
		tab.click(fmt.Sprintf(`#my-games [data-game=%q] a.game-name`, id))
		tab.wait("the game's page", fmt.Sprintf(`location.pathname.endsWith(%q)`, id))
		label := tab.readyGame()
		if i%3 == 2 { // now and then, a phase played meanwhile shows live
			alice.playPhase(id)
			tab.waitPhaseAfter(label)
		}
	}
	t.Logf("and %d more inside the page: %d TCP connections to the server, %d of them live-update streams", len(ids), s.conns.Load(), s.streams.Load())

	// The last page is put away in the back-forward cache and shown
	// again, as a browser does going back to it (pagehide and pageshow,
	// persisted; chromedp cannot follow a page restored from the cache):
	// it follows its game again, and shows its next phase live.
	label := tab.text("#phase")
	eval[bool](tab, `dispatchEvent(new PageTransitionEvent("pagehide", { persisted: true })), dispatchEvent(new PageTransitionEvent("pageshow", { persisted: true }))`)
	alice.playPhase(ids[len(ids)-1])
	tab.waitPhaseAfter(label)
}

// without makes p's tab a browser's without the named globals
// (SharedWorker, BroadcastChannel, Navigator.prototype.locks), from its
// next page on.
func (p *person) without(names ...string) {
	p.t.Helper()
	js := ""
	for _, n := range names {
		js += "delete window." + n + ";"
	}
	if _, err := chromedp.Call(p.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: js}); err != nil {
		p.fail("taking %v away: %v", names, err)
	}
}

// waitStreams waits until the server serves want live-update streams.
func (s *site) waitStreams(want int64, what string) {
	s.t.Helper()
	waitFor(s.t, fmt.Sprintf("%d live-update streams open %s", want, what), func() bool { return s.streams.Load() == want })
}

// TestLeaderTabRelaysWithoutSharedWorkers: in a browser without shared
// workers but with BroadcastChannel (Chrome on Android), one tab holds
// the browser's one stream and relays it to the others: the lobby and
// the game pages load (gamePages; in CI more pages than a browser's six
// connections to a host), the server sees one stream, and each page shows its next phase
// live; when the leader's tab is closed, another tab takes the stream
// over and every page left shows its next phase live again; so again
// when the new leader's tab is frozen, and the frozen page, running
// again, is live too. The leader is the tab holding a Web Lock, or in a
// browser without them the tab a heartbeat over the channel elects; with
// Web Locks, the leader also forgets a tab gone without a word, and the
// game it followed. (With a stream per page, the sixth game page never
// loaded.)
func TestLeaderTabRelaysWithoutSharedWorkers(t *testing.T) {
	t.Parallel()
	t.Run("web locks", func(t *testing.T) {
		t.Parallel()
		leaderTabRelays(t, "SharedWorker")
	})
	t.Run("heartbeat", func(t *testing.T) {
		t.Parallel()
		leaderTabRelays(t, "SharedWorker", "Navigator.prototype.locks")
	})
}

func leaderTabRelays(t *testing.T, missing ...string) {
	var mu sync.Mutex
	var lastStream string // the games of the last stream asked for
	s := newSiteWith(t, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.URL.Path, "/events") {
				mu.Lock()
				lastStream = r.URL.RawQuery
				mu.Unlock()
			}
			next.ServeHTTP(w, r)
		})
	})
	streamHas := func(id string) bool {
		mu.Lock()
		defer mu.Unlock()
		return strings.Contains(lastStream, id)
	}
	alice := s.member("alice", "correct horse")
	alice.without(missing...)
	// The games are made from a page of the site that is not the lobby,
	// which is loaded once they are there: a lobby more costs the browser
	// half a second of CPU.
	alice.load(s.URL + "/api/v1/me")
	ids := alice.startGames(gamePages() + 1)
	ghostGame, ids := ids[len(ids)-1], ids[:len(ids)-1]
	alice.load(s.URL + "/")
	alice.wait("the lobby listing the games", fmt.Sprintf(`document.querySelectorAll("#my-games [data-game]").length === %d`, len(ids)+1))
	tabs := []*person{alice}
	labels := []string{""}
	for i, id := range ids {
		tab := alice.tab(fmt.Sprintf("alice's tab %d", i+2))
		tab.without(missing...)
		tab.load(s.URL + "/games/" + id)
		tabs = append(tabs, tab)
		labels = append(labels, tab.readyGame())
	}
	if eval[bool](tabs[1], `typeof SharedWorker !== "undefined" || typeof BroadcastChannel === "undefined"`) {
		tabs[1].fail("the page has shared workers, or no BroadcastChannel")
	}
	s.waitStreams(1, fmt.Sprintf("with the lobby and %d game pages open in a browser without shared workers", len(ids)))
	leader := theLeader(tabs)
	locks := eval[bool](tabs[1], `!!navigator.locks`)
	if locks == slices.Contains(missing, "Navigator.prototype.locks") {
		t.Fatalf("the pages have Web Locks: %v, want the opposite", locks)
	}
	t.Logf("tab %d leads (Web Locks: %v)", leader+1, locks)
	games := append([]string{""}, ids...)
	allLive(tabs, games, labels)

	if locks {
		// A tab gone without a word (discarded, crashed) follows a game:
		// the leader follows it, then forgets the tab, which holds no lock.
		eval[bool](tabs[1], fmt.Sprintf(`new BroadcastChannel("chancery-live-relay-1").postMessage({ t: "subs", tab: "ghost", subs: [["1", { game: %q }]] }), true`, ghostGame))
		waitFor(t, "the stream following the ghost's game", func() bool { return streamHas(ghostGame) })
		waitFor(t, "the stream no longer following the ghost's game", func() bool { return !streamHas(ghostGame) })
	}

	// The leader's tab is closed: another takes over, where it stopped.
	if _, err := chromedp.Call(tabs[leader].ctx, page.Close, cdp.Empty{}); err != nil {
		t.Fatalf("closing the leader's tab: %v", err)
	}
	tabs, games, labels = drop(tabs, leader), drop(games, leader), drop(labels, leader)
	allLive(tabs, games, labels)
	s.waitStreams(1, "after the leader's tab was closed")

	// The new leader's tab is frozen in the background, as Chrome on
	// Android does: it gives the lead up and another takes over; when it
	// runs again it follows its game again.
	leader = theLeader(tabs)
	frozen, game, label := tabs[leader], games[leader], labels[leader]
	lifecycle(frozen, page.SetWebLifecycleStateStateFrozen)
	tabs, games, labels = drop(tabs, leader), drop(games, leader), drop(labels, leader)
	allLive(tabs, games, labels)
	t.Logf("with the leader's tab frozen: %d live-update streams", s.streams.Load())
	theLeader(tabs)
	lifecycle(frozen, page.SetWebLifecycleStateStateActive)
	if game != "" {
		allLive([]*person{frozen}, []string{game}, []string{label})
	}
	s.waitStreams(1, "after the frozen tab ran again")
}

// waitFor waits until ok, at most until the test's patience.
func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for end := patience(t); !ok(); time.Sleep(100 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("still no %s", what)
		}
	}
}

// drop returns s without its element i, in a new slice.
func drop[T any](s []T, i int) []T {
	return append(s[:i:i], s[i+1:]...)
}

// allLive has each game page of tabs (games[i] its game, "" for the
// lobby) play a phase of its game and show the next live; labels are the
// phases the pages show, before and after.
func allLive(tabs []*person, games, labels []string) {
	for i, tab := range tabs {
		if games[i] == "" {
			continue
		}
		tab.playPhase(games[i])
		labels[i] = tab.waitPhaseAfter(labels[i])
	}
}

// lifecycle puts p's page in a state of the page lifecycle: frozen (as a
// browser does to a tab in the background) or active.
func lifecycle(p *person, state page.SetWebLifecycleStateState) {
	p.t.Helper()
	if _, err := chromedp.Call(p.ctx, page.SetWebLifecycleState, page.SetWebLifecycleStateParams{State: state}); err != nil {
		p.fail("making the page %s: %v", state, err)
	}
}

// theLeader returns the index of the one tab of tabs that holds the
// browser's stream for all.
func theLeader(tabs []*person) int {
	leader := -1
	for i, tab := range tabs {
		if eval[string](tab, `document.documentElement.dataset.live ?? ""`) == "leader" {
			if leader >= 0 {
				tab.fail("tabs %d and %d both lead", leader+1, i+1)
			}
			leader = i
		}
	}
	if leader < 0 {
		tabs[0].fail("no tab leads")
	}
	return leader
}

// TestLiveUpdatesWithoutSharedWorkers: in a browser without shared
// workers or BroadcastChannel each page holds a stream of its own, which it gives up when it
// is left; the pages are live all the same.
func TestLiveUpdatesWithoutSharedWorkers(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	alice := s.member("alice", "correct horse")
	alice.without("SharedWorker", "BroadcastChannel")
	// The games are made from a page of the site that is not the lobby,
	// which is loaded once they are there: a lobby more costs the browser
	// half a second of CPU.
	alice.load(s.URL + "/api/v1/me")
	ids := alice.startGames(3)
	alice.load(s.URL + "/")
	alice.wait("the lobby listing the games", fmt.Sprintf(`document.querySelectorAll("#my-games [data-game]").length === %d`, len(ids)))
	tabs := make([]*person, len(ids))
	labels := make([]string, len(ids))
	for i, id := range ids {
		tabs[i] = alice.tab(fmt.Sprintf("alice's tab %d", i+2))
		tabs[i].without("SharedWorker", "BroadcastChannel")
		tabs[i].load(s.URL + "/games/" + id)
		labels[i] = tabs[i].readyGame()
	}
	if eval[bool](tabs[0], `typeof SharedWorker !== "undefined"`) {
		tabs[0].fail("the page has shared workers")
	}
	for i, id := range ids {
		alice.playPhase(id)
		tabs[i].waitPhaseAfter(labels[i])
	}
	if n := s.streams.Load(); n != int64(len(ids)+1) {
		t.Errorf("%d streams open for the lobby and %d game pages without shared workers, want one each", n, len(ids))
	}
	// A page left gives its stream up.
	tabs[0].load("about:blank")
	s.waitStreams(int64(len(ids)), "after a game page was left")
}
