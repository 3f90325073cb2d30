package server

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"

	"github.com/chancery/chancery/internal/username"
	"github.com/chancery/chancery/store"
)

// Argon2id parameters: the OWASP recommendation's 19 MiB, 2 passes, one
// lane. At most one hash per CPU runs at a time, so memory stays bounded.
const (
	argonTime    = 2
	argonMemory  = 19 * 1024
	argonThreads = 1
	argonKeyLen  = 32
)

// argonCost is the passes and KiB of memory of the hashes a server makes.
type argonCost struct{ time, memory uint32 }

// The costs: production's, and the cheapest Argon2id allows, for a
// server whose Config asks for InsecurePasswordHashing (tests).
var (
	productionArgon = argonCost{argonTime, argonMemory}
	insecureArgon   = argonCost{1, 8 * argonThreads}
)

func (s *Server) hashPassword(password string, salt []byte) []byte {
	s.hashing <- struct{}{}
	defer func() { <-s.hashing }()
	return argon2.IDKey([]byte(password), salt, s.argon.time, s.argon.memory, argonThreads, argonKeyLen)
}

// newPasswordHash hashes password with a new salt and returns the PHC
// string form: $argon2id$v=19$m=...,t=...,p=...$salt$key.
func (s *Server) newPasswordHash(password string) string {
	salt := make([]byte, 16)
	_, _ = rand.Read(salt)
	return encodeHash(s.argon, salt, s.hashPassword(password, salt))
}

func encodeHash(c argonCost, salt, key []byte) string {
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, c.memory, c.time, argonThreads,
		b64.EncodeToString(salt), b64.EncodeToString(key))
}

// checkPassword compares in constant time. A malformed stored hash never
// matches.
func (s *Server) checkPassword(encoded, password string) bool {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false
	}
	var m, t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil || m > 1<<20 || t > 16 || p == 0 {
		return false
	}
	salt, err1 := base64.RawStdEncoding.DecodeString(parts[4])
	key, err2 := base64.RawStdEncoding.DecodeString(parts[5])
	if err1 != nil || err2 != nil || len(key) == 0 {
		return false
	}
	if s.passwordChecked != nil {
		s.passwordChecked()
	}
	s.hashing <- struct{}{}
	got := argon2.IDKey([]byte(password), salt, t, m, p, uint32(len(key)))
	<-s.hashing
	return subtle.ConstantTimeCompare(got, key) == 1
}

// dummyHash is the hash checked against when a name is unknown, at the
// server's cost, so that the answer takes as long as for a wrong
// password and does not reveal which names exist.
func dummyHash(c argonCost) string {
	return encodeHash(c, []byte("saltsaltsaltsalt"), make([]byte, argonKeyLen))
}

func tokenHash(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

type credentials struct {
	Name     string `json:"name"`
	Password string `json:"password"`
	// Challenge and Solution are a proof of work (work.go), asked when
	// many wrong passwords were tried for the name.
	Challenge string `json:"challenge,omitempty"`
	Solution  string `json:"solution,omitempty"`
}

// signUpRequest is the body of POST /users: credentials, and whether to sign in
// at once (a browser gets its session cookies with the account).
type signUpRequest struct {
	Name     string `json:"name"`
	Password string `json:"password"`
	Session  bool   `json:"session"`
}

func (s *Server) createUser(w http.ResponseWriter, r *http.Request) error {
	var c signUpRequest
	if err := decode(w, r, &c); err != nil {
		return err
	}
	name, err := username.Prepare(c.Name)
	if err != nil {
		return codedf(http.StatusUnprocessableEntity, "name_invalid", "%v", err)
	}
	if n := utf8.RuneCountInString(c.Password); n < 8 || len(c.Password) > 256 {
		return codedf(http.StatusUnprocessableEntity, "password_invalid", "password: 8 to 256 characters")
	}
	if wait := s.signUps.take(clientHost(r.RemoteAddr), s.now()); wait > 0 {
		return tooSoon(w, wait, "signup_rate", "too many accounts were made from your address (at most %s): try again in %s",
			s.cfg.SignUpsPerAddress.describe(), roundUp(wait))
	}
	u := &store.User{ID: newID(), Name: name, PassHash: s.newPasswordHash(c.Password), Created: s.now()}
	var token string
	var sess *store.Session
	if c.Session {
		token, sess = s.newSession(u)
	}
	err = s.st.Update(r.Context(), func(tx store.Tx) error {
		if err := tx.CreateUser(u); err != nil || sess == nil {
			return err
		}
		return tx.CreateSession(sess)
	})
	if errors.Is(err, store.ErrConflict) {
		return codedf(http.StatusConflict, "name_taken", "the name %q is taken (names are compared without case and width)", name)
	}
	if errors.Is(err, store.ErrConfusable) {
		return codedf(http.StatusUnprocessableEntity, "name_confusable", "the name %q looks like an existing player's name (letters of one script that pass for another's, or \"rn\" for \"m\", \"1\" for \"l\"); choose another", name)
	}
	if err != nil {
		return err
	}
	if sess == nil {
		return writeJSON(w, http.StatusCreated, map[string]any{"id": u.ID, "name": u.Name})
	}
	http.SetCookie(w, s.devices.issue(username.Fold(u.Name), s.now(), secureRequest(r)))
	body := s.startSession(w, r, u, token, sess)
	return writeJSON(w, http.StatusCreated, map[string]any{"id": u.ID, "name": u.Name,
		"token": body.Token, "expires": body.Expires, "user": body.User, "csrf": body.CSRF})
}

func (s *Server) createSession(w http.ResponseWriter, r *http.Request) error {
	var c credentials
	if err := decode(w, r, &c); err != nil {
		return err
	}
	if len(c.Name) > 200 || len(c.Password) > 256 {
		return codedf(http.StatusUnauthorized, "wrong_password", "wrong name or password")
	}
	// Attempts are counted by the name as accounts are compared, so that
	// "ＣＡＲＯＬ" and "carol" are one name to the throttle too.
	key := username.Fold(c.Name)
	now := s.now()
	// A valid device cookie for this name: counted per device, not held
	// back by the anonymous lockouts (device.go).
	device := s.devices.device(r, key, now)
	proven := device == "" && c.Challenge != "" && s.work.spend(key, c.Challenge, c.Solution, now)
	attempt, locked, wait := s.logins.reserve(key, r.RemoteAddr, device, proven, now)
	if locked != unlocked {
		w.Header().Set("Retry-After", strconv.Itoa(int(wait.Seconds())+1))
		if locked == lockName {
			// Anyone may try, one proof of work per try (work.go).
			return &apiError{Status: http.StatusTooManyRequests, Code: "work_required",
				Message: fmt.Sprintf("many wrong passwords were tried for this name: prove some work to try (or wait %d minutes)", int(wait.Minutes())+1),
				Extra:   map[string]any{"challenge": s.work.challenge(key, s.logins.nameFails(key, now), s.logins.perName.maxFails, now)}}
		}
		from := "for this name"
		if locked == lockDevice {
			from = "from this device"
		}
		return codedf(http.StatusTooManyRequests, "too_many_tries", "too many wrong passwords %s; try again in %d minutes", from, int(wait.Minutes())+1)
	}
	var u *store.User
	err := s.st.View(r.Context(), func(tx store.Tx) error {
		var err error
		u, err = tx.UserByName(c.Name)
		return err
	})
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return err
	}
	hash := s.dummyHash
	if u != nil {
		hash = u.PassHash
	}
	if !s.checkPassword(hash, c.Password) || u == nil {
		return codedf(http.StatusUnauthorized, "wrong_password", "wrong name or password")
	}
	attempt.succeeded()
	http.SetCookie(w, s.devices.issue(key, s.now(), secureRequest(r)))
	token, sess := s.newSession(u)
	if err := s.st.Update(r.Context(), func(tx store.Tx) error { return tx.CreateSession(sess) }); err != nil {
		return err
	}
	return writeJSON(w, http.StatusCreated, s.startSession(w, r, u, token, sess))
}

func (s *Server) deleteSession(w http.ResponseWriter, r *http.Request) error {
	session := requestSession(r)
	if err := s.st.Update(r.Context(), func(tx store.Tx) error { return tx.RevokeSession(session) }); err != nil {
		return err
	}
	s.hub.revoke(session)
	signedOut(w, r, session)
	w.WriteHeader(http.StatusNoContent)
	return nil
}
