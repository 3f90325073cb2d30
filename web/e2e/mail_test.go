package e2e

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/chancery/chancery/internal/smtptest"
	"github.com/chancery/chancery/mail"
	"github.com/chancery/chancery/server"
	"github.com/chancery/chancery/store"
	"github.com/chancery/chancery/variants"
)

// newMailSite is a site whose server sends its mail to an SMTP server
// started in the test, with links to the site.
func newMailSite(t *testing.T) (*site, *smtptest.Server) {
	t.Helper()
	needChromium(t, pagesBrowser())
	sink := smtptest.Start(t)
	relay, err := mail.ParseURL(sink.URL(), "games@chancery.test")
	if err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(context.Background(), emptyDB(t))
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewUnstartedServer(nil)
	url := "http://" + hs.Listener.Addr().String()
	srv, err := server.New(server.Config{Store: st, Variants: variants.MustLoad(), Poll: 50 * time.Millisecond,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), MinPhase: time.Second, InsecurePasswordHashing: true,
		Mail: mail.NewSMTP(relay), PublicURL: url})
	if err != nil {
		t.Fatal(err)
	}
	hs.Config.Handler = srv.Handler()
	hs.Start()
	t.Cleanup(func() {
		hs.Close()
		srv.Close()
		_ = st.Close()
	})
	root, err := browser()
	if err != nil {
		t.Fatal(err)
	}
	return &site{t: t, URL: hs.URL, root: root, store: st, conns: new(atomic.Int64), streams: new(atomic.Int64)}, sink
}

var mailLink = regexp.MustCompile(`http://[^\s]+/(verify|reset)/[A-Za-z0-9_-]+`)

// linkIn waits for the n'th mail and returns its link.
func linkIn(t *testing.T, sink *smtptest.Server, n int) string {
	t.Helper()
	got, err := sink.Wait(n, time.Until(patience(t)))
	if err != nil {
		t.Fatal(err)
	}
	link := mailLink.FindString(got[n-1].Text)
	if link == "" {
		t.Fatalf("no link in %q", got[n-1].Text)
	}
	return link
}

// TestSettingsAndResetInTheBrowser: alice gives her address on the
// settings page and follows the link of the mail to verify it, changes
// her notifications, reads her calendar feed's address; signed out, she
// asks for a new password from the sign-in page and sets it from the
// mail's link.
func TestSettingsAndResetInTheBrowser(t *testing.T) {
	t.Parallel()
	s, sink := newMailSite(t)
	alice := s.signedIn("alice", "correct horse")
	alice.desktop()

	alice.click("#nav-settings")
	alice.wait("the settings", `!!document.querySelector("#settings-email")`)
	if got := alice.text("#email-status"); got != "No address." {
		alice.fail("the status of no address reads %q", got)
	}
	alice.do(chromedp.SendKeys(chromedp.CSS("#settings-email"), "alice@example.org"))
	alice.click("#save-email")
	alice.wait("the address not verified", `document.querySelector("#email-status").textContent.startsWith("Not verified yet")`)

	alice.do(chromedp.Navigate(linkIn(t, sink, 1)))
	alice.wait("the address verified", `document.querySelector("#verify-status")?.textContent === "The address alice@example.org is verified."`)

	alice.do(chromedp.Navigate(s.URL + "/settings"))
	alice.wait("the settings", `document.querySelector("#email-status")?.textContent === "Verified."`)
	alice.click("#notify-press")
	alice.do(chromedp.SetValue(chromedp.CSS("#notify-reminder-hours"), "12"), chromedp.SetValue(chromedp.CSS("#notify-language"), "fr"))
	alice.click("#save-notify")
	alice.wait("the notice", `document.querySelector("#toast")?.textContent.includes("Saved.") === true`)
	if shots := os.Getenv("CHANCERY_SHOTS"); shots != "" {
		alice.shot(shots, "settings")
		alice.phone()
		alice.shot(shots, "settings-phone")
		alice.desktop()
	}
	var u *store.User
	if err := s.store.View(context.Background(), func(tx store.Tx) error {
		var err error
		u, err = tx.UserByName("alice")
		return err
	}); err != nil {
		t.Fatal(err)
	}
	var n struct {
		Press           bool `json:"press"`
		ReminderMinutes int  `json:"reminder_minutes"`
	}
	if err := json.Unmarshal([]byte(u.Notify), &n); err != nil || n.Press || n.ReminderMinutes != 720 || u.Language != "fr" {
		alice.fail("the settings saved are %s in %q (%v)", u.Notify, u.Language, err)
	}
	if feed := eval[string](alice, `document.querySelector("#calendar-url").value`); !strings.Contains(feed, "/api/v1/me/calendar.ics?key=") {
		alice.fail("the calendar feed's address is %q", feed)
	}

	alice.click("#sign-out")
	alice.click("#forgot")
	alice.do(chromedp.SendKeys(chromedp.CSS("#forgot-email"), "alice@example.org"))
	alice.click("#forgot-send")
	alice.wait("the answer", `document.querySelector("form.auth [role=status]").textContent.startsWith("If an account has this verified address")`)
	reset := linkIn(t, sink, 2)
	alice.do(chromedp.Navigate(reset))
	alice.do(chromedp.SendKeys(chromedp.CSS("#reset-password"), "a new password"))
	alice.click("#reset-save")
	alice.wait("the password changed", `document.querySelector("#reset-done")?.textContent.startsWith("The password of alice is changed") === true`)
	// The link served once: followed again, the form says why it fails.
	alice.expect["404 /api/v1/password-resets/*"] = true
	alice.do(chromedp.Navigate(reset))
	alice.do(chromedp.SendKeys(chromedp.CSS("#reset-password"), "yet another password"))
	alice.click("#reset-save")
	alice.wait("the used link refused", `(() => { const p = document.querySelector("form.auth [role=status]");
		return p !== null && p.classList.contains("error") && p.textContent !== ""; })()`)
	alice.do(chromedp.Navigate(s.URL+"/signin"),
		chromedp.SendKeys(chromedp.CSS("#auth-name"), "alice"),
		chromedp.SendKeys(chromedp.CSS("#auth-password"), "a new password"),
		chromedp.Click(chromedp.CSS("#sign-in")),
		chromedp.WaitVisible(chromedp.CSS("#create-form")))
}
