package server

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/chancery/chancery/mail"
	"github.com/chancery/chancery/store"
	"github.com/chancery/chancery/table"
)

// The lives of the tokens sent by mail.
const (
	verifyTTL = 24 * time.Hour
	resetTTL  = time.Hour
)

// newMailToken returns a token for a link (256 random bits) and its
// record, of which only the hash is stored.
func newMailToken(kind, userID, email string, now time.Time, ttl time.Duration) (string, *store.Token) {
	raw := make([]byte, 32)
	_, _ = rand.Read(raw)
	token := base64.RawURLEncoding.EncodeToString(raw)
	return token, &store.Token{Hash: tokenHash(token), Kind: kind, UserID: userID, Email: email, Created: now, Expires: now.Add(ttl)}
}

// meJSON is what GET /me answers.
func (s *Server) meJSON(u *store.User) map[string]any {
	return map[string]any{"id": u.ID, "name": u.Name, "email": u.Email, "verified": u.Email != "" && u.EmailVerified,
		"mail": s.cfg.Mail != nil}
}

func (s *Server) me(w http.ResponseWriter, r *http.Request) error {
	u := user(r)
	// The session's user was read with the session: read again, for the
	// address.
	if err := s.st.View(r.Context(), func(tx store.Tx) error {
		var err error
		u, err = tx.UserByID(u.ID)
		return err
	}); err != nil {
		return err
	}
	out := s.meJSON(u)
	if c := requestCredential(r); c.cookie {
		out["csrf"] = s.csrfToken(c.session) // for a page that lost its chancery_csrf cookie
	}
	return writeJSON(w, http.StatusOK, out)
}

// putMe sets the user's e-mail address ("" removes it). A new address is
// not verified: a mail with a link to verify it is queued, and the old
// address, if it was verified, is told.
func (s *Server) putMe(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Email string `json:"email"`
	}
	if err := decode(w, r, &req); err != nil {
		return err
	}
	email := ""
	if strings.TrimSpace(req.Email) != "" {
		var err error
		if email, err = mail.ValidAddress(req.Email); err != nil {
			return codedf(http.StatusUnprocessableEntity, "email_invalid", "email: %v", err)
		}
	}
	me := user(r)
	now := s.now()
	var out *store.User
	err := s.st.Update(r.Context(), func(tx store.Tx) error {
		u, err := tx.UserByID(me.ID)
		if err != nil {
			return err
		}
		out = u
		if email == u.Email && (u.EmailVerified || email == "") {
			return nil // nothing changes
		}
		if email != "" && s.cfg.Mail != nil {
			if wait := s.verifies.take(u.ID, now); wait > 0 {
				return tooSoon(w, wait, "email_rate", "too many addresses were given for this account (at most %s): try again in %s",
					s.cfg.VerifiesPerUser.describe(), roundUp(wait))
			}
		}
		if err := tx.SetEmail(u.ID, email, false); err != nil {
			return err
		}
		if err := tx.DropTokens(u.ID, "verify"); err != nil {
			return err
		}
		if u.EmailVerified && u.Email != "" && u.Email != email {
			l := &letter{Lang: mailLang(u.Language), Subject: "[Chancery] " + say(u.Language, "changed.subject"),
				Sections: []section{{Text: say(u.Language, "changed.body", u.Name, orNone(email))}}}
			if err := s.queueLetter(tx, "changed", "", u.ID, u.Email, "", l, now); err != nil {
				return err
			}
		}
		out.Email, out.EmailVerified = email, false
		if email == "" {
			return nil
		}
		token, tok := newMailToken("verify", u.ID, email, now, verifyTTL)
		if err := tx.CreateToken(tok); err != nil {
			return err
		}
		l := &letter{Lang: mailLang(u.Language), Subject: "[Chancery] " + say(u.Language, "verify.subject"),
			Sections: []section{{Text: say(u.Language, "verify.body", u.Name)}},
			Link:     s.link("/verify/" + token), LinkLabel: say(u.Language, "verify.link")}
		return s.queueLetter(tx, "verify", "", u.ID, email, "", l, now)
	})
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, s.meJSON(out))
}

func orNone(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

// tokenInvalid is the answer to a link's token that is wrong, spent or
// expired: which of them is not said.
func tokenInvalid() error {
	return codedf(http.StatusNotFound, "token_invalid", "this link is not valid: it was used already, it expired, or it was mistyped")
}

// verifyEmail follows the link of a verification mail: the token proves
// the address is the user's.
func (s *Server) verifyEmail(w http.ResponseWriter, r *http.Request) error {
	token := r.PathValue("token")
	if len(token) > 100 {
		return tokenInvalid()
	}
	var out *store.User
	err := s.st.Update(r.Context(), func(tx store.Tx) error {
		tok, err := tx.UseToken(tokenHash(token), "verify", s.now())
		if errors.Is(err, store.ErrNotFound) {
			return tokenInvalid()
		}
		if err != nil {
			return err
		}
		u, err := tx.UserByID(tok.UserID)
		if err != nil {
			return err
		}
		if u.Email != tok.Email {
			return tokenInvalid() // the address changed since
		}
		if err := tx.SetEmail(u.ID, u.Email, true); err != nil {
			return err
		}
		u.EmailVerified = true
		out = u
		return nil
	})
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"name": out.Name, "email": out.Email, "verified": true})
}

// createPasswordReset sends a reset link to every account with this
// address verified. The answer is 202 whether or not there is one, so it
// tells nobody which addresses have accounts; asking too often from one
// client is refused (429), asking too often for one address sends
// nothing more (and still answers 202).
func (s *Server) createPasswordReset(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Email string `json:"email"`
	}
	if err := decode(w, r, &req); err != nil {
		return err
	}
	email, err := mail.ValidAddress(req.Email)
	if err != nil {
		return codedf(http.StatusUnprocessableEntity, "email_invalid", "email: %v", err)
	}
	now := s.now()
	if wait := s.resetsByClient.take(clientHost(r.RemoteAddr), now); wait > 0 {
		return tooSoon(w, wait, "reset_rate", "too many password resets were asked from your address (at most %s): try again in %s",
			s.cfg.ResetsPerClient.describe(), roundUp(wait))
	}
	accepted := func() error {
		return writeJSON(w, http.StatusAccepted, map[string]any{"accepted": true})
	}
	if s.cfg.Mail == nil {
		return accepted()
	}
	if wait := s.resetsByAddress.take(strings.ToLower(email), now); wait > 0 {
		s.log.Info("password reset not sent: too many for the address", "wait", roundUp(wait))
		return accepted()
	}
	err = s.st.Update(r.Context(), func(tx store.Tx) error {
		users, err := tx.UsersByEmail(email)
		if err != nil {
			return err
		}
		for _, u := range users {
			if !u.EmailVerified {
				continue
			}
			token, tok := newMailToken("reset", u.ID, email, now, resetTTL)
			if err := tx.CreateToken(tok); err != nil {
				return err
			}
			l := &letter{Lang: mailLang(u.Language), Subject: "[Chancery] " + say(u.Language, "reset.subject"),
				Sections: []section{{Text: say(u.Language, "reset.body", u.Name)}},
				Link:     s.link("/reset/" + token), LinkLabel: say(u.Language, "reset.link")}
			if err := s.queueLetter(tx, "reset", "", u.ID, email, "", l, now); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return accepted()
}

// resetPassword sets a new password with a reset link's token, and signs
// every session of the account out.
func (s *Server) resetPassword(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Password string `json:"password"`
	}
	if err := decode(w, r, &req); err != nil {
		return err
	}
	if n := utf8.RuneCountInString(req.Password); n < 8 || len(req.Password) > 256 {
		return codedf(http.StatusUnprocessableEntity, "password_invalid", "password: 8 to 256 characters")
	}
	token := r.PathValue("token")
	if len(token) > 100 {
		return tokenInvalid()
	}
	if wait := s.resetsByClient.take(clientHost(r.RemoteAddr), s.now()); wait > 0 {
		return tooSoon(w, wait, "reset_rate", "too many password resets were tried from your address (at most %s): try again in %s",
			s.cfg.ResetsPerClient.describe(), roundUp(wait))
	}
	hash := s.newPasswordHash(req.Password)
	var name string
	err := s.st.Update(r.Context(), func(tx store.Tx) error {
		tok, err := tx.UseToken(tokenHash(token), "reset", s.now())
		if errors.Is(err, store.ErrNotFound) {
			return tokenInvalid()
		}
		if err != nil {
			return err
		}
		u, err := tx.UserByID(tok.UserID)
		if err != nil {
			return err
		}
		name = u.Name
		if err := tx.SetPassword(u.ID, hash); err != nil {
			return err
		}
		if err := tx.DropTokens(u.ID, "reset"); err != nil {
			return err
		}
		return tx.RevokeSessions(u.ID)
	})
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"name": name})
}

// ResetLink makes a one-time password reset link for the user called
// name, valid for an hour, for whoever runs the server (chancery user
// reset-password): the way back into an account where no mail is sent.
// publicURL is the server's address, as Config.PublicURL.
func ResetLink(ctx context.Context, st store.Store, publicURL, name string, now time.Time) (string, error) {
	var token string
	err := st.Update(ctx, func(tx store.Tx) error {
		u, err := tx.UserByName(name)
		if errors.Is(err, store.ErrNotFound) {
			return fmt.Errorf("no user is called %q", name)
		}
		if err != nil {
			return err
		}
		var tok *store.Token
		token, tok = newMailToken("reset", u.ID, "", now, resetTTL)
		return tx.CreateToken(tok)
	})
	if err != nil {
		return "", err
	}
	return strings.TrimSuffix(publicURL, "/") + "/reset/" + token, nil
}

// notificationsJSON is what GET /me/notifications answers.
type notificationsJSON struct {
	notifySettings
	Language    string `json:"language"`
	Email       string `json:"email"`
	Verified    bool   `json:"verified"`
	Mail        bool   `json:"mail"`
	CalendarURL string `json:"calendar_url"`
}

func (s *Server) notificationsOf(u *store.User) notificationsJSON {
	return notificationsJSON{notifySettings: notifyOf(u), Language: mailLang(u.Language), Email: u.Email,
		Verified: u.Email != "" && u.EmailVerified, Mail: s.cfg.Mail != nil,
		CalendarURL: s.link("/api/v1/me/calendar.ics?key=" + s.calendarKey(u))}
}

func (s *Server) getNotifications(w http.ResponseWriter, r *http.Request) error {
	var u *store.User
	if err := s.st.View(r.Context(), func(tx store.Tx) error {
		var err error
		u, err = tx.UserByID(user(r).ID)
		return err
	}); err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, s.notificationsOf(u))
}

// putNotifications changes the settings sent and keeps the others;
// new_calendar_url makes a new calendar feed key, the old one ceasing to
// work.
func (s *Server) putNotifications(w http.ResponseWriter, r *http.Request) error {
	body, err := readBody(w, r)
	if err != nil {
		return err
	}
	var req struct {
		OrdersDue       *bool    `json:"orders_due"`
		Reminder        *bool    `json:"reminder"`
		ReminderMinutes *int     `json:"reminder_minutes"`
		PhasePlayed     *bool    `json:"phase_played"`
		Press           *bool    `json:"press"`
		PressMinutes    *int     `json:"press_minutes"`
		GameEvents      *bool    `json:"game_events"`
		MutedGames      []string `json:"muted_games"`
		Push            *struct {
			OrdersDue   *bool `json:"orders_due"`
			Reminder    *bool `json:"reminder"`
			PhasePlayed *bool `json:"phase_played"`
			Press       *bool `json:"press"`
			GameEvents  *bool `json:"game_events"`
		} `json:"push"`
		Language       *string `json:"language"`
		NewCalendarURL bool    `json:"new_calendar_url"`
	}
	if err := table.Decode(body, &req); err != nil {
		return err
	}
	var u *store.User
	err = s.st.Update(r.Context(), func(tx store.Tx) error {
		var err error
		if u, err = tx.UserByID(user(r).ID); err != nil {
			return err
		}
		n := notifyOf(u)
		set := func(dst *bool, v *bool) {
			if v != nil {
				*dst = *v
			}
		}
		set(&n.OrdersDue, req.OrdersDue)
		set(&n.Reminder, req.Reminder)
		set(&n.PhasePlayed, req.PhasePlayed)
		set(&n.Press, req.Press)
		set(&n.GameEvents, req.GameEvents)
		if p := req.Push; p != nil {
			set(&n.Push.OrdersDue, p.OrdersDue)
			set(&n.Push.Reminder, p.Reminder)
			set(&n.Push.PhasePlayed, p.PhasePlayed)
			set(&n.Push.Press, p.Press)
			set(&n.Push.GameEvents, p.GameEvents)
		}
		if req.ReminderMinutes != nil {
			n.ReminderMinutes = *req.ReminderMinutes
		}
		if req.PressMinutes != nil {
			n.PressMinutes = *req.PressMinutes
		}
		if req.MutedGames != nil {
			n.MutedGames = req.MutedGames
		}
		if err := n.check(); err != nil {
			return err
		}
		lang := u.Language
		if req.Language != nil {
			if !slices.Contains(mailLanguages, *req.Language) {
				return codedf(http.StatusUnprocessableEntity, "notify_invalid", "language: %s, not %q", strings.Join(mailLanguages, ", "), *req.Language)
			}
			lang = *req.Language
		}
		data, err := json.Marshal(n)
		if err != nil {
			return err
		}
		if err := tx.SetUserPrefs(u.ID, lang, string(data)); err != nil {
			return err
		}
		u.Language, u.Notify = lang, string(data)
		if req.NewCalendarURL {
			u.CalendarKey = newID()
			return tx.SetCalendarKey(u.ID, u.CalendarKey)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, s.notificationsOf(u))
}

// unsubscribe is the one-click unsubscription of RFC 8058: a POST to the
// List-Unsubscribe URL of a notification (its body,
// "List-Unsubscribe=One-Click", is not needed) turns every notification
// of the user off. The token is signed: a forged one is refused (404).
func (s *Server) unsubscribe(w http.ResponseWriter, r *http.Request) error {
	_, _ = io.Copy(io.Discard, http.MaxBytesReader(w, r.Body, maxBody))
	id := s.checkLinkToken(r.PathValue("token"), func(id string) string { return "unsubscribe\x00" + id })
	if id == "" {
		return tokenInvalid()
	}
	err := s.st.Update(r.Context(), func(tx store.Tx) error {
		u, err := tx.UserByID(id)
		if errors.Is(err, store.ErrNotFound) {
			return tokenInvalid()
		}
		if err != nil {
			return err
		}
		n := notifyOf(u)
		n.OrdersDue, n.Reminder, n.PhasePlayed, n.Press, n.GameEvents = false, false, false, false, false
		data, err := json.Marshal(n)
		if err != nil {
			return err
		}
		return tx.SetUserPrefs(u.ID, u.Language, string(data))
	})
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"unsubscribed": true})
}
