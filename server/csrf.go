package server

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
)

// The CSRF value of a session is derived, not stored: HMAC-SHA256 of the
// session's token hash under the server's key (the device-cookie key of
// the settings table, with a label of its own so that neither MAC can
// stand for the other). So it needs no migration and no read of the store
// to check; every process on the database derives the same value; it is
// bound to its session (another session, even of the same user, has
// another) and dies with it; and no one without the key can compute it
// from anything a browser holds. A cross-site page can make the browser
// send the session cookie but can neither read the chancery_csrf cookie
// nor set the X-CSRF-Token header, so a forged request fails the check.

// csrfToken returns the CSRF value of the session with token hash session.
func (s *Server) csrfToken(session string) string {
	h := hmac.New(sha256.New, s.devices.key)
	h.Write([]byte("chancery csrf\x00" + session))
	return base64.RawURLEncoding.EncodeToString(h.Sum(nil))
}

// safeMethod reports whether a method only reads: such requests need no
// CSRF header.
func safeMethod(m string) bool {
	return m == http.MethodGet || m == http.MethodHead || m == http.MethodOptions || m == http.MethodTrace
}

// checkCSRF refuses a request that authenticated by the session cookie,
// and would change something, unless its X-CSRF-Token header holds the
// session's CSRF value. Bearer requests need no such header.
func (s *Server) checkCSRF(r *http.Request, c credential) error {
	if !c.cookie || safeMethod(r.Method) {
		return nil
	}
	got := r.Header.Get(csrfHeader)
	if got == "" {
		return errorf(http.StatusForbidden, "missing %s header: a %s request signed in by the %s cookie must send the %s cookie's value in it",
			csrfHeader, r.Method, sessionCookieName, csrfCookieName)
	}
	if !hmac.Equal([]byte(got), []byte(s.csrfToken(c.session))) {
		return errorf(http.StatusForbidden, "wrong %s header: it must hold the %s cookie's value of this session (sign in again if it was lost)",
			csrfHeader, csrfCookieName)
	}
	return nil
}

// signInGuard refuses a sign-in or sign-up that a browser sent from
// another site (login CSRF: a page elsewhere posting a form, which the
// lax body decoder would read as JSON, could otherwise sign the browser
// in to the attacker's account and collect what its owner plays). It
// goes by what browsers say of a request's origin (Sec-Fetch-Site, else
// Origin against Host, as net/http.CrossOriginProtection does); programs
// that send neither are let through.
func signInGuard(fn handlerFunc) handlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		if err := http.NewCrossOriginProtection().Check(r); err != nil {
			return errorf(http.StatusForbidden, "a browser sent this sign-in from another site (%v): sign in on this site's own page", err)
		}
		return fn(w, r)
	}
}
