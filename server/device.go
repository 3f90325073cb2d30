package server

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/chancery/chancery/store"
)

// Device cookies (OWASP's "device cookie" pattern against lockouts): a
// successful sign-in sets a cookie that says "this browser or program
// signed in as this name before", signed with the server's key. A sign-in
// that presents a valid cookie for the name it signs in as is counted per
// device and is not held back by the lockouts that stop anonymous
// guessers, so a guesser spread over many addresses cannot lock the owner
// out of a device they use. The cookie is stateless: nothing is stored
// per device, and the key alone tells a real cookie from a forged one.
const (
	deviceCookieName = "chancery_device"
	// deviceTTL is how long a device cookie is good for; each sign-in
	// issues a fresh one.
	deviceTTL = 365 * 24 * time.Hour
	// deviceKeySetting names the settings row that holds the key.
	deviceKeySetting = "device_key"
)

// deviceSigner issues and checks device cookies with an HMAC key.
type deviceSigner struct{ key []byte }

// loadDeviceSigner reads the device-cookie key from the store, making it
// on first use: the key is shared by every process on the database and
// survives restarts, so cookies do too.
func loadDeviceSigner(ctx context.Context, st store.Store) (*deviceSigner, error) {
	fresh := make([]byte, 32)
	_, _ = rand.Read(fresh)
	var encoded string
	err := st.Update(ctx, func(tx store.Tx) error {
		if err := tx.InitSetting(deviceKeySetting, hex.EncodeToString(fresh)); err != nil {
			return err
		}
		var err error
		encoded, err = tx.Setting(deviceKeySetting)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("the device-cookie key: %w", err)
	}
	key, err := hex.DecodeString(encoded)
	if err != nil || len(key) < 16 {
		return nil, errors.New("the device-cookie key in the settings table is malformed")
	}
	return &deviceSigner{key: key}, nil
}

// mac signs a cookie's nonce and expiry for the name key it was issued to.
func (d *deviceSigner) mac(nameKey, nonce, expires string) []byte {
	h := hmac.New(sha256.New, d.key)
	h.Write([]byte("chancery device cookie\x00" + nameKey + "\x00" + nonce + "\x00" + expires))
	return h.Sum(nil)
}

// issue returns a device cookie for nameKey (username.Fold of the name).
func (d *deviceSigner) issue(nameKey string, now time.Time, secure bool) *http.Cookie {
	raw := make([]byte, 16)
	_, _ = rand.Read(raw)
	nonce := base64.RawURLEncoding.EncodeToString(raw)
	expires := now.Add(deviceTTL)
	exp := strconv.FormatInt(expires.Unix(), 10)
	value := nonce + "." + exp + "." + base64.RawURLEncoding.EncodeToString(d.mac(nameKey, nonce, exp))
	return &http.Cookie{Name: deviceCookieName, Value: value, Path: "/api/v1/sessions", Expires: expires,
		MaxAge: int(deviceTTL.Seconds()), HttpOnly: true, Secure: secure, SameSite: http.SameSiteStrictMode}
}

// device returns the id of the device that r's cookie names, if the
// cookie is valid, unexpired, and was issued to nameKey; "" otherwise.
func (d *deviceSigner) device(r *http.Request, nameKey string, now time.Time) string {
	c, err := r.Cookie(deviceCookieName)
	if err != nil {
		return ""
	}
	nonce, rest, ok1 := strings.Cut(c.Value, ".")
	exp, sig, ok2 := strings.Cut(rest, ".")
	if !ok1 || !ok2 || nonce == "" {
		return ""
	}
	got, err := base64.RawURLEncoding.DecodeString(sig)
	if err != nil || !hmac.Equal(got, d.mac(nameKey, nonce, exp)) {
		return ""
	}
	if unix, err := strconv.ParseInt(exp, 10, 64); err != nil || now.Unix() >= unix {
		return ""
	}
	return nonce
}

// secureRequest reports whether r came over TLS, directly or through a
// proxy that says so, so that its cookies may be marked Secure.
func secureRequest(r *http.Request) bool {
	return r.TLS != nil || strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https")
}
