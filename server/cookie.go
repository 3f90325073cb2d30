package server

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/chancery/chancery/store"
)

// Browser sessions. A browser signs in like any client (POST /sessions,
// or POST /users with "session": true) and gets, besides the bearer token
// in the body, two cookies: chancery_session holds the same token,
// HttpOnly so that no script can read it; chancery_csrf holds the
// session's CSRF value (csrf.go), readable by the page's script, which
// sends it back in the X-CSRF-Token header of every request that changes
// something. A request authenticates by its Authorization header when it
// has one, else by the session cookie; only the cookie needs the CSRF
// header, since a browser attaches cookies to requests other sites make
// but never an Authorization header.
const (
	sessionCookieName = "chancery_session"
	csrfCookieName    = "chancery_csrf"
	csrfHeader        = "X-CSRF-Token"
)

// credential says how an authenticated request proved who it is.
type credential struct {
	// session is the token hash of its session.
	session string
	// cookie is set when it came by the session cookie, not by a bearer
	// token: it must then carry the CSRF header to change anything.
	cookie bool
}

const credKey ctxKey = 1

// requestCredential returns how an authenticated request authenticated.
func requestCredential(r *http.Request) credential {
	c, _ := r.Context().Value(credKey).(credential)
	return c
}

// requestSession returns the token hash of an authenticated request's
// session.
func requestSession(r *http.Request) string { return requestCredential(r).session }

// withUser returns r carrying its authenticated user and credential.
func withUser(r *http.Request, u *store.User, c credential) *http.Request {
	ctx := context.WithValue(r.Context(), userKey, u)
	return r.WithContext(context.WithValue(ctx, credKey, c))
}

// authenticate finds the user of the request's bearer token or, without
// an Authorization header, of its session cookie. A request that has
// both is judged by the header alone.
func (s *Server) authenticate(w http.ResponseWriter, r *http.Request) (*store.User, credential, error) {
	var token string
	var cookie bool
	if h := r.Header.Get("Authorization"); h != "" {
		scheme, t, ok := strings.Cut(h, " ")
		if !ok || !strings.EqualFold(scheme, "Bearer") || len(t) < 20 || len(t) > 100 {
			return nil, credential{}, errorf(http.StatusUnauthorized, "malformed Authorization header: expected Bearer <token>")
		}
		token = t
	} else if c, err := r.Cookie(sessionCookieName); err == nil && c.Value != "" {
		token, cookie = c.Value, true
	} else {
		return nil, credential{}, errorf(http.StatusUnauthorized,
			"authentication required: send Authorization: Bearer <token>, or the %s cookie (POST /api/v1/sessions)", sessionCookieName)
	}
	var u *store.User
	session := tokenHash(token)
	err := store.ErrNotFound // a cookie too short or too long to be a token
	if len(token) >= 20 && len(token) <= 100 {
		err = s.st.View(r.Context(), func(tx store.Tx) error {
			var err error
			u, err = tx.SessionUser(session, s.now())
			return err
		})
	}
	if errors.Is(err, store.ErrNotFound) {
		if cookie {
			// The browser keeps a cookie that can no longer sign it in:
			// drop it, so that the page knows to ask for a sign-in.
			clearSessionCookies(w, r)
			return nil, credential{}, errorf(http.StatusUnauthorized, "the session cookie is unknown, expired or revoked; sign in again")
		}
		return nil, credential{}, errorf(http.StatusUnauthorized, "the token is unknown, expired or revoked; sign in again")
	}
	if err != nil {
		return nil, credential{}, err
	}
	return u, credential{session: session, cookie: cookie}, nil
}

// newSession makes a session for u: its token, to give to the client
// once, and its record, to store.
func (s *Server) newSession(u *store.User) (string, *store.Session) {
	raw := make([]byte, 32)
	_, _ = rand.Read(raw)
	token := base64.RawURLEncoding.EncodeToString(raw)
	now := s.now()
	return token, &store.Session{TokenHash: tokenHash(token), UserID: u.ID, Created: now, Expires: now.Add(s.cfg.TokenTTL)}
}

// sessionJSON is the answer to a sign-in: the bearer token for API
// clients, and the CSRF value the page's script also finds in the
// chancery_csrf cookie.
type sessionJSON struct {
	Token   string            `json:"token"`
	Expires string            `json:"expires"`
	User    map[string]string `json:"user"`
	CSRF    string            `json:"csrf"`
}

// startSession sets the cookies of a session that has been stored and
// returns the answer's body.
func (s *Server) startSession(w http.ResponseWriter, r *http.Request, u *store.User, token string, sess *store.Session) sessionJSON {
	secure := secureRequest(r)
	maxAge := int(sess.Expires.Sub(sess.Created).Seconds())
	csrf := s.csrfToken(sess.TokenHash)
	http.SetCookie(w, &http.Cookie{Name: sessionCookieName, Value: token, Path: "/", MaxAge: maxAge, Expires: sess.Expires,
		HttpOnly: true, Secure: secure, SameSite: http.SameSiteLaxMode})
	http.SetCookie(w, &http.Cookie{Name: csrfCookieName, Value: csrf, Path: "/", MaxAge: maxAge, Expires: sess.Expires,
		Secure: secure, SameSite: http.SameSiteStrictMode})
	return sessionJSON{Token: token, Expires: sess.Expires.UTC().Format(time.RFC3339),
		User: map[string]string{"id": u.ID, "name": u.Name}, CSRF: csrf}
}

// clearSessionCookies tells the browser to forget both session cookies.
func clearSessionCookies(w http.ResponseWriter, r *http.Request) {
	secure := secureRequest(r)
	http.SetCookie(w, &http.Cookie{Name: sessionCookieName, Value: "", Path: "/", MaxAge: -1,
		HttpOnly: true, Secure: secure, SameSite: http.SameSiteLaxMode})
	http.SetCookie(w, &http.Cookie{Name: csrfCookieName, Value: "", Path: "/", MaxAge: -1,
		Secure: secure, SameSite: http.SameSiteStrictMode})
}

// signedOut clears the session cookies of a request whose session has
// just been revoked, if it carries them (whether it authenticated by the
// cookie or by the same token as a bearer).
func signedOut(w http.ResponseWriter, r *http.Request, session string) {
	if c, err := r.Cookie(sessionCookieName); err == nil && tokenHash(c.Value) == session {
		clearSessionCookies(w, r)
	}
}
