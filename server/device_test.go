package server

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// signIn posts a sign-in to the server's handler as a client at addr
// would, with a device cookie when cookie is not nil, and returns the
// status and the device cookie the answer sets, if any.
func signIn(t *testing.T, h http.Handler, addr, name, password string, cookie *http.Cookie) (int, *http.Cookie) {
	t.Helper()
	body := fmt.Sprintf(`{"name": %q, "password": %q}`, name, password)
	req := httptest.NewRequest("POST", "/api/v1/sessions", strings.NewReader(body))
	req.RemoteAddr = addr
	if cookie != nil {
		req.AddCookie(cookie)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	for _, c := range rec.Result().Cookies() {
		if c.Name == deviceCookieName {
			return rec.Code, c
		}
	}
	return rec.Code, nil
}

// TestADeviceCookieLetsTheOwnerInDuringALockout: guessing spread over
// many addresses locks a name out for anonymous clients, but not for the
// owner on a device they signed in from before; a forged cookie, or one
// for another name, is anonymous; a guesser's own device cookie is
// throttled per device.
func TestADeviceCookieLetsTheOwnerInDuringALockout(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	h := e.srv.Handler()
	anon := &client{e: e}
	pw := "long enough"
	anon.must(201, "POST", "/users", map[string]string{"name": "carol", "password": pw})
	anon.must(201, "POST", "/users", map[string]string{"name": "mallory", "password": pw})

	status, carolDevice := signIn(t, h, "198.51.100.7:4000", "carol", pw, nil)
	if status != 201 || carolDevice == nil {
		t.Errorf("carol signs in: %d, device cookie %v", status, carolDevice)
	}
	if carolDevice == nil {
		carolDevice = &http.Cookie{Name: deviceCookieName, Value: "none"}
	}
	if !carolDevice.HttpOnly || carolDevice.SameSite != http.SameSiteStrictMode {
		t.Errorf("the device cookie should be HttpOnly and SameSite=Strict: %v", carolDevice)
	}
	_, malloryDevice := signIn(t, h, "203.0.113.66:4000", "mallory", pw, nil)
	if malloryDevice == nil {
		t.Fatal("no device cookie for mallory")
	}

	// Ten wrong passwords from each of ten addresses.
	for i := range 10 {
		for range 10 {
			if status, _ := signIn(t, h, fmt.Sprintf("192.0.2.%d:80", i), "carol", "a wrong guess", nil); status != 401 {
				t.Fatalf("guess from 192.0.2.%d: %d", i, status)
			}
		}
	}
	if status, _ := signIn(t, h, "203.0.113.5:80", "carol", pw, nil); status != 429 {
		t.Errorf("anonymous clients should wait during the lockout: %d", status)
	}
	// The owner, from the device she signed in from, gets in.
	if status, _ := signIn(t, h, "198.51.100.99:5000", "CAROL", pw, carolDevice); status != 201 {
		t.Errorf("carol with her device cookie: %d, want 201", status)
	}

	// A forged cookie, or a real one for another name, is no device.
	forged := *carolDevice
	forged.Value = carolDevice.Value[:len(carolDevice.Value)-2] + "AA"
	if forged.Value == carolDevice.Value {
		forged.Value = carolDevice.Value[:len(carolDevice.Value)-2] + "BB"
	}
	for what, c := range map[string]*http.Cookie{"a forged cookie": &forged, "mallory's cookie": malloryDevice,
		"a cookie of another nonce": {Name: deviceCookieName, Value: "AAAA" + carolDevice.Value[4:]}} {
		if status, _ := signIn(t, h, "203.0.113.66:4000", "carol", pw, c); status != 429 {
			t.Errorf("carol's name with %s: %d, want 429", what, status)
		}
	}

	// A guesser's own device cookie is throttled per device.
	for range 10 {
		if status, _ := signIn(t, h, "203.0.113.66:4000", "mallory", "a wrong guess", malloryDevice); status != 401 {
			t.Fatalf("mallory's wrong password on her device: %d", status)
		}
	}
	if status, _ := signIn(t, h, "203.0.113.67:4000", "mallory", pw, malloryDevice); status != 429 {
		t.Errorf("after ten wrong passwords the device waits, from any address: %d", status)
	}
	// A stolen cookie gives a guesser no more than its device's ten.
	for range 10 {
		signIn(t, h, "192.0.2.200:80", "carol", "a wrong guess", carolDevice)
	}
	if status, _ := signIn(t, h, "192.0.2.200:80", "carol", pw, carolDevice); status != 429 {
		t.Errorf("a stolen device cookie after ten wrong passwords: %d, want 429", status)
	}
}

// TestTheDeviceKeyOutlivesARestart: the key that signs device cookies is
// kept in the database, so cookies stay good across restarts (and
// processes sharing a database).
func TestTheDeviceKeyOutlivesARestart(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		anon := &client{e: e}
		anon.must(201, "POST", "/users", map[string]string{"name": "carol", "password": "long enough"})
		_, device := signIn(t, e.srv.Handler(), "198.51.100.7:4000", "carol", "long enough", nil)
		if device == nil {
			t.Fatal("no device cookie")
		}
		e.restart()
		for range 10 {
			signIn(t, e.srv.Handler(), "198.51.100.7:4000", "carol", "a wrong guess", nil)
		}
		if status, _ := signIn(t, e.srv.Handler(), "198.51.100.7:4000", "carol", "long enough", device); status != 201 {
			t.Errorf("carol's device cookie after a restart: %d, want 201", status)
		}
	})
}
