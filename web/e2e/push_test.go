package e2e

import (
	"context"
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/serviceworker"
	"github.com/chromedp/chromedp"
)

// stubPush replaces the page's PushManager with one that subscribes
// without a push service (headless Chromium has none to reach), giving
// a subscription with real P-256 keys, and keeps what subscribe was
// asked (window.subscribedWith).
const stubPush = `(async () => {
	const kp = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
	const raw = new Uint8Array(await crypto.subtle.exportKey("raw", kp.publicKey));
	const b64 = (a) => btoa(String.fromCharCode(...a)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
	const auth = crypto.getRandomValues(new Uint8Array(16));
	let current = null;
	PushManager.prototype.subscribe = async function (opts) {
		window.subscribedWith = { userVisibleOnly: opts.userVisibleOnly, key: b64(new Uint8Array(opts.applicationServerKey)) };
		current = {
			endpoint: "https://push.example/e2e/" + b64(crypto.getRandomValues(new Uint8Array(8))),
			toJSON() { return { endpoint: this.endpoint, expirationTime: null, keys: { p256dh: b64(raw), auth: b64(auth) } }; },
			async unsubscribe() { current = null; return true; },
		};
		return current;
	};
	PushManager.prototype.getSubscription = async function () { return current; };
	return true;
})()`

// evalAsync evaluates js in p's page, waiting for the promise it gives.
func evalAsync[T any](p *person, js string) T {
	p.t.Helper()
	ctx, cancel := context.WithDeadline(p.ctx, patience(p.t))
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		p.fail("evaluating %s: %v", js, err)
	}
	return v
}

// apiGet reads an API path from the page, as the page's session.
func apiGet(p *person, path string) string {
	p.t.Helper()
	return evalAsync[string](p, fmt.Sprintf(`fetch("/api/v1%s").then((r) => r.text())`, path))
}

// TestPushInTheBrowser: a player subscribes this browser to Web Push in
// the settings and unsubscribes it; the service worker shows a pushed
// message as a notification; the tab's title and favicon count the games
// waiting for the player, and a game that comes to need them while the
// tab is hidden is notified by the page.
func TestPushInTheBrowser(t *testing.T) {
	t.Parallel()
	s := newSiteInFullChromium(t)
	// The service worker's registration, for the push delivered below.
	var mu sync.Mutex
	var regID serviceworker.RegistrationID
	p := s.open(s.root, "alice", chromedp.WithNewBrowserContext(), chromedp.WithListener(func(ev any) {
		if e, ok := ev.(*serviceworker.EventWorkerRegistrationUpdated); ok {
			for _, r := range e.Registrations {
				if r.ScopeURL == s.URL+"/" && !r.IsDeleted {
					mu.Lock()
					regID = r.RegistrationID
					mu.Unlock()
				}
			}
		}
	}))
	p.do(chromedp.Navigate(s.URL + "/"))
	p.signUp("correct horse")
	// The browser allows the site's notifications, as the player would
	// at the prompt.
	c := chromedp.FromContext(p.ctx)
	if _, err := chromedp.Call(p.ctx, cdpbrowser.SetPermission, cdpbrowser.SetPermissionParams{
		Permission: &cdpbrowser.PermissionDescriptor{Name: "notifications"}, Setting: cdpbrowser.PermissionSettingGranted,
		Origin: s.URL, BrowserContextID: c.BrowserContextID}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(p.ctx, serviceworker.Enable, struct{}{}); err != nil {
		t.Fatal(err)
	}

	// A game of England against bots: it waits for alice's orders, which
	// the title and the favicon count on every page.
	p.soloGame("standard", "England")
	p.wait("the count in the title", `document.title === "(1) Chancery"`)
	p.wait("the count on the favicon", `document.querySelector('link[rel="icon"]').dataset.count === "1" && document.querySelector('link[rel="icon"]').href.startsWith("data:image/png")`)
	icon := eval[string](p, `document.querySelector('link[rel="icon"]').href`)

	p.do(chromedp.Navigate(s.URL + "/settings"))
	p.wait("the push card", `!!document.querySelector("#push-toggle") && document.querySelector("#push-status").textContent !== ""`)
	p.wait("the count in the settings' title", `document.title === "(1) Chancery"`)

	// Subscribing: with the browser's own push service where it has one,
	// else with a stub of PushManager (headless Chromium reaches none).
	real := evalAsync[string](p, `(async () => {
		try {
			const reg = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
			await navigator.serviceWorker.ready;
			const key = (await (await fetch("/api/v1/me/push-subscriptions")).json()).key;
			const b = Uint8Array.from(atob(key.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
			const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: b });
			await sub.unsubscribe();
			return "";
		} catch (e) {
			return String(e);
		}
	})()`)
	if real != "" {
		t.Logf("Chromium refused a real push subscription (%s): the flow is tested with a stubbed PushManager", real)
		evalAsync[bool](p, stubPush)
	}
	p.click("#push-toggle")
	p.wait("the subscription", `document.querySelector("#push-status").textContent === "This browser receives push notifications."`)
	if !strings.Contains(apiGet(p, "/me/push-subscriptions"), `"service":"https://`) {
		t.Errorf("the server holds no subscription: %s", apiGet(p, "/me/push-subscriptions"))
	}
	if real != "" {
		key := evalAsync[string](p, `(async () => (await (await fetch("/api/v1/me/push-subscriptions")).json()).key)()`)
		if got := eval[string](p, `window.subscribedWith.userVisibleOnly + " " + window.subscribedWith.key`); got != "true "+key {
			t.Errorf("subscribed with %q, want the server's key %q", got, key)
		}
	}
	if sw := evalAsync[string](p, `navigator.serviceWorker.getRegistration("/").then((r) => r?.active?.scriptURL ?? "")`); sw != s.URL+"/sw.js" {
		t.Errorf("the service worker is %q", sw)
	}

	// A push delivered to the service worker is shown.
	mu.Lock()
	id := regID
	mu.Unlock()
	if id == "" {
		t.Error("no registration of the service worker was reported")
	} else {
		// What the worker shows is noted in the worker itself: headless
		// Chromium may close a notification before a look at the
		// registration's would find it.
		sw := p.worker(s.URL + "/sw.js")
		evalIn[bool](p, sw, `(self.shown = [], ((show) => {
			self.registration.showNotification = function (title, opts) { self.shown.push(title + " " + opts.tag); return show.call(this, title, opts); };
		})(self.registration.showNotification), true)`)
		data := `{"title":"Game 1: your orders are due","body":"Your orders are due by 2026-01-01 12:00 UTC.","url":"/games/x","tag":"game-x","urgent":true}`
		if _, err := chromedp.Call(p.ctx, serviceworker.DeliverPushMessage, serviceworker.DeliverPushMessageParams{Origin: s.URL, RegistrationID: id, Data: data}); err != nil {
			t.Fatal(err)
		}
		// (chromedp's Poll needs a page: a worker is asked in turn.)
		for end := patience(t); !evalIn[bool](p, sw, `self.shown.includes("Game 1: your orders are due game-x")`); time.Sleep(50 * time.Millisecond) {
			if time.Now().After(end) {
				p.fail("the service worker showed %v, not the pushed notification", evalIn[[]string](p, sw, `self.shown`))
			}
		}
	}

	// Push settings.
	p.click("#push-press")
	p.wait("press pushes off", `fetch("/api/v1/me/notifications").then((r) => r.json()).then((n) => n.push.press === false)`)

	p.click("#push-toggle")
	p.wait("the unsubscription", `document.querySelector("#push-status").textContent === "This browser receives no push notifications."`)
	if got := apiGet(p, "/me/push-subscriptions"); !strings.Contains(got, `"subscriptions":[]`) {
		t.Errorf("after unsubscribing the server holds %s", got)
	}

	// The page's own notifications: on, then a game that comes to need
	// alice while the tab is hidden is notified, once.
	p.click("#page-notify-toggle")
	p.wait("page notifications on", `document.querySelector("#page-notify-status").textContent === "The page shows notifications while its tab is hidden."`)
	shots(t, p, icon)
	eval[bool](p, `(Object.defineProperty(document, "hidden", { get: () => true }), true)`)
	eval[bool](p, `(window.shown = [], ((show) => {
		ServiceWorkerRegistration.prototype.showNotification = function (title, opts) { window.shown.push(title); return show.call(this, title, opts); };
	})(ServiceWorkerRegistration.prototype.showNotification), true)`)
	evalAsync[bool](p, `(async () => {
		const csrf = document.cookie.split("; ").find((c) => c.startsWith("chancery_csrf=")).slice(14);
		const post = (path, body) => fetch("/api/v1" + path, { method: "POST", headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf }, body: JSON.stringify(body) }).then((r) => r.json());
		const g = await post("/games", { variant: "standard", name: "Second front", bots: true, power: "France" });
		await post("/games/" + g.id + "/start", {});
		return true;
	})()`)
	p.wait("the count of two", `document.title === "(2) Chancery"`)
	// Headless Chromium closes a notification of its own accord after a
	// while: what the page asked to show is what is checked.
	p.wait("the page's notification", `window.shown.length > 0`)
	if got := evalAsync[string](p, `JSON.stringify(window.shown)`); got != `["Second front: your orders are due"]` {
		t.Errorf("the page notified %s, want the second game once", got)
	}
	// Another tab is told the count by the first, which reads the games.
	q := p.tab("alice's second tab")
	q.do(chromedp.Navigate(s.URL + "/settings"))
	q.wait("the count in the second tab", `document.title === "(2) Chancery" && document.querySelector('link[rel="icon"]').dataset.count === "2"`)
}

// shots saves the settings page and the favicon with its badge where
// CHANCERY_SHOTS names a folder.
func shots(t *testing.T, p *person, icon string) {
	dir := os.Getenv("CHANCERY_SHOTS")
	if dir == "" {
		return
	}
	ctx, cancel := context.WithTimeout(p.ctx, 30*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, "settings-push.png"), png, 0o644)
	}
	if err != nil {
		t.Error(err)
	}
	b, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(icon, "data:image/png;base64,"))
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, "favicon-badge.png"), b, 0o644)
	}
	if err != nil {
		t.Error(err)
	}
}

// worker returns a context attached to the service worker whose script is
// url, in p's browser.
func (p *person) worker(url string) context.Context {
	p.t.Helper()
	targets, err := chromedp.Targets(p.ctx)
	if err != nil {
		p.fail("listing the browser's targets: %v", err)
	}
	for _, tg := range targets {
		if tg.Type == "service_worker" && tg.URL == url {
			ctx, cancel := chromedp.NewContext(p.ctx, chromedp.WithTargetID(tg.TargetID))
			p.t.Cleanup(cancel)
			if err := chromedp.Do(ctx); err != nil {
				p.fail("attaching to the service worker %s: %v", url, err)
			}
			return ctx
		}
	}
	p.fail("no service worker runs %s", url)
	return nil
}

// evalIn is eval in another target of p's browser (a worker).
func evalIn[T any](p *person, target context.Context, js string) T {
	p.t.Helper()
	ctx, cancel := context.WithDeadline(target, patience(p.t))
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		p.fail("evaluating %s in a worker: %v", js, err)
	}
	return v
}
