package server

import (
	"bytes"
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/crypto/hkdf"

	"github.com/chancery/chancery/store"
)

// pushService is a push service started in the test: it takes the
// pushes of the browsers it made (browser), checks their VAPID
// signature, and decrypts them with the browser's keys as a browser does
// (RFC 8291, 8188).
type pushService struct {
	t   *testing.T
	srv *httptest.Server
	// vapid is the server's public key, which every push must be signed
	// with (set once read).
	vapid string

	mu       sync.Mutex
	browsers map[string]*testBrowser
	got      map[string][]pushMessage
	gone     map[string]bool
}

// testBrowser is a subscription's private side.
type testBrowser struct {
	key  *ecdh.PrivateKey
	auth []byte
}

func startPushService(t *testing.T) *pushService {
	p := &pushService{t: t, browsers: map[string]*testBrowser{}, got: map[string][]pushMessage{}, gone: map[string]bool{}}
	p.srv = httptest.NewTLSServer(http.HandlerFunc(p.serve))
	t.Cleanup(p.srv.Close)
	return p
}

// browser makes a browser's keys and returns its subscription as
// PushSubscription.toJSON gives it.
func (p *pushService) browser(name string) map[string]any {
	key, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		p.t.Fatal(err)
	}
	auth := make([]byte, 16)
	_, _ = rand.Read(auth)
	p.mu.Lock()
	p.browsers[name] = &testBrowser{key: key, auth: auth}
	p.mu.Unlock()
	return map[string]any{"endpoint": p.srv.URL + "/push/" + name, "expirationTime": nil,
		"keys": map[string]string{"p256dh": base64.RawURLEncoding.EncodeToString(key.PublicKey().Bytes()),
			"auth": base64.RawURLEncoding.EncodeToString(auth)}}
}

// forget makes the push service answer 410 Gone for a browser.
func (p *pushService) forget(name string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.gone[name] = true
}

func (p *pushService) messages(name string) []pushMessage {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]pushMessage(nil), p.got[name]...)
}

func (p *pushService) serve(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(r.URL.Path, "/push/")
	p.mu.Lock()
	b, gone := p.browsers[name], p.gone[name]
	vapid := p.vapid
	p.mu.Unlock()
	if b == nil || gone {
		http.Error(w, "no such subscription", http.StatusGone)
		return
	}
	body, _ := io.ReadAll(r.Body)
	if err := checkVAPID(r.Header.Get("Authorization"), vapid, "https://"+r.Host); err != nil {
		p.t.Errorf("push to %s: %v", name, err)
		http.Error(w, err.Error(), http.StatusUnauthorized)
		return
	}
	if ce := r.Header.Get("Content-Encoding"); ce != "aes128gcm" || r.Header.Get("TTL") == "" {
		p.t.Errorf("push to %s: Content-Encoding %q, TTL %q", name, ce, r.Header.Get("TTL"))
	}
	plain, err := decryptPush(b, body)
	if err != nil {
		p.t.Errorf("push to %s: %v", name, err)
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var m pushMessage
	if err := json.Unmarshal(plain, &m); err != nil {
		p.t.Errorf("push to %s: %v: %q", name, err, plain)
	}
	p.mu.Lock()
	p.got[name] = append(p.got[name], m)
	p.mu.Unlock()
	w.WriteHeader(http.StatusCreated)
}

// checkVAPID checks an Authorization header of RFC 8292: "vapid t=JWT,
// k=KEY", KEY the server's, the JWT signed with it (ES256) for audience.
func checkVAPID(header, key, audience string) error {
	rest, ok := strings.CutPrefix(header, "vapid t=")
	jwt, k, ok2 := strings.Cut(rest, ", k=")
	if !ok || !ok2 {
		return fmt.Errorf("authorization %q is not VAPID's", header)
	}
	if k != key {
		return fmt.Errorf("signed with key %s, not the server's %s", k, key)
	}
	raw, err := base64.RawURLEncoding.DecodeString(k)
	if err != nil {
		return err
	}
	pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), raw)
	if err != nil {
		return fmt.Errorf("key %s: %w", k, err)
	}
	parts := strings.Split(jwt, ".")
	if len(parts) != 3 {
		return fmt.Errorf("a JWT of %d parts", len(parts))
	}
	sig, err := base64.RawURLEncoding.DecodeString(parts[2])
	if err != nil || len(sig) != 64 {
		return fmt.Errorf("a signature of %d bytes: %v", len(sig), err)
	}
	sum := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	if !ecdsa.Verify(pub, sum[:], new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])) {
		return fmt.Errorf("the JWT's signature is wrong")
	}
	claims, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		return err
	}
	var c struct {
		Aud string `json:"aud"`
		Exp int64  `json:"exp"`
		Sub string `json:"sub"`
	}
	if err := json.Unmarshal(claims, &c); err != nil {
		return err
	}
	if c.Aud != audience || c.Sub == "" || c.Exp < time.Now().Unix() {
		return fmt.Errorf("claims %s: want audience %s, a subject, an expiry to come", claims, audience)
	}
	return nil
}

// decryptPush decrypts a body of content coding aes128gcm (RFC 8188)
// with a browser's keys (RFC 8291).
func decryptPush(b *testBrowser, body []byte) ([]byte, error) {
	if len(body) < 21 {
		return nil, fmt.Errorf("a body of %d bytes", len(body))
	}
	salt, rs, idlen := body[:16], binary.BigEndian.Uint32(body[16:20]), int(body[20])
	if idlen != 65 || len(body) < 21+idlen {
		return nil, fmt.Errorf("a key id of %d bytes, not a P-256 point", idlen)
	}
	serverKey, err := ecdh.P256().NewPublicKey(body[21 : 21+idlen])
	if err != nil {
		return nil, err
	}
	records := body[21+idlen:]
	if len(records) > int(rs) {
		return nil, fmt.Errorf("%d bytes of records, more than one record of %d", len(records), rs)
	}
	secret, err := b.key.ECDH(serverKey)
	if err != nil {
		return nil, err
	}
	expand := func(secret, salt, info []byte, n int) []byte {
		out := make([]byte, n)
		_, _ = io.ReadFull(hkdf.New(sha256.New, secret, salt, info), out)
		return out
	}
	info := append([]byte("WebPush: info\x00"), b.key.PublicKey().Bytes()...)
	info = append(info, serverKey.Bytes()...)
	ikm := expand(secret, b.auth, info, 32)
	cek := expand(ikm, salt, []byte("Content-Encoding: aes128gcm\x00"), 16)
	nonce := expand(ikm, salt, []byte("Content-Encoding: nonce\x00"), 12)
	block, err := aes.NewCipher(cek)
	if err != nil {
		return nil, err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	plain, err := gcm.Open(nil, nonce, records, nil)
	if err != nil {
		return nil, fmt.Errorf("decrypting: %w", err)
	}
	// The last record ends with 2, then padding zeros.
	plain = bytes.TrimRight(plain, "\x00")
	if len(plain) == 0 || plain[len(plain)-1] != 2 {
		return nil, fmt.Errorf("no last-record delimiter")
	}
	return plain[:len(plain)-1], nil
}

// waitPush waits for a push to browser whose title holds title.
func waitPush(t *testing.T, p *pushService, browser, title string) pushMessage {
	t.Helper()
	var found pushMessage
	if !eventually(t, func() bool {
		for _, m := range p.messages(browser) {
			if strings.Contains(strings.ToLower(m.Title), strings.ToLower(title)) {
				found = m
				return true
			}
		}
		return false
	}) {
		t.Fatalf("no push to %s titled %q; got %+v", browser, title, p.messages(browser))
	}
	return found
}

func TestPushGame(t *testing.T) {
	t.Parallel()
	for _, backend := range backends(t) {
		t.Run(backend, func(t *testing.T) {
			ps := startPushService(t)
			e := newEnvWith(t, backend, func(cfg *Config) {
				cfg.PushClient = ps.srv.Client()
				cfg.MailRetry = 100 * time.Millisecond
			})
			a, b := e.user(), e.user()
			var keys struct {
				Key           string
				Subscriptions []pushSubscriptionJSON
			}
			a.must(200, "GET", "/me/push-subscriptions", nil).json(t, &keys)
			if len(keys.Subscriptions) != 0 || len(keys.Key) != 87 {
				t.Fatalf("before subscribing: %+v (the key should be 65 bytes in base64url)", keys)
			}
			ps.mu.Lock()
			ps.vapid = keys.Key
			ps.mu.Unlock()

			// Bad subscriptions are refused, with a code.
			bad := ps.browser("bad")
			bad["endpoint"] = "http://example.org/push"
			if r := a.do("POST", "/me/push-subscriptions", bad); r.Status != 422 || !strings.Contains(string(r.Body), "push_subscription_invalid") {
				t.Errorf("an http endpoint: %d %s", r.Status, r.Body)
			}
			bad = ps.browser("bad")
			bad["keys"].(map[string]string)["auth"] = "c2hvcnQ"
			if r := a.do("POST", "/me/push-subscriptions", bad); r.Status != 422 {
				t.Errorf("a short auth secret: %d %s", r.Status, r.Body)
			}

			var sub pushSubscriptionJSON
			a.must(201, "POST", "/me/push-subscriptions", ps.browser("alice")).json(t, &sub)
			a.must(200, "PUT", "/me/notifications", map[string]any{"press_minutes": 1, "push": map[string]any{"game_events": true}})
			b.must(201, "POST", "/me/push-subscriptions", ps.browser("bob"))
			ps.forget("bob") // bob's browser unsubscribed behind our back
			a.must(200, "GET", "/me/push-subscriptions", nil).json(t, &keys)
			if len(keys.Subscriptions) != 1 || keys.Subscriptions[0].ID != sub.ID || keys.Subscriptions[0].Service != ps.srv.URL {
				t.Fatalf("after subscribing: %+v, want %+v", keys.Subscriptions, sub)
			}

			id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 60, "bots": true, "power": "England"})
			b.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "France"})
			a.must(200, "POST", "/games/"+id+"/start", nil)
			start := waitPush(t, ps, "alice", "has started")
			if !strings.Contains(start.Body, "Your orders (or your answer) are due by") || start.URL != "/games/"+id || !start.Urgent {
				t.Errorf("the start: %+v", start)
			}
			// Bob's push service said 410: his subscription is gone.
			if !eventually(t, func() bool {
				var k struct{ Subscriptions []pushSubscriptionJSON }
				b.must(200, "GET", "/me/push-subscriptions", nil).json(t, &k)
				return len(k.Subscriptions) == 0
			}) {
				t.Error("a subscription its push service calls gone is kept")
			}

			a.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{"F Lon - Nth", "A Lvp - Yor", "F Edi - Nwg"}})
			b.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{"A Par - Bur", "A Mar S A Par - Bur", "F Bre - Mao"}})
			b.must(201, "POST", "/games/"+id+"/messages", map[string]any{"to": []string{"England"}, "body": "Shall we share the Channel?"})
			b.must(201, "POST", "/games/"+id+"/messages", map[string]any{"to": []string{"Germany"}, "body": "Secret for Berlin only"})

			e.clock.Advance(31 * time.Second)
			waitPush(t, ps, "alice", "orders due soon")

			e.clock.Advance(30 * time.Second)
			a.waitSeq(id, 1)
			played := waitPush(t, ps, "alice", "Spring 1901 movement played")
			if !strings.Contains(played.Body, "England holds 3 supply centres.") || !strings.Contains(strings.ToLower(played.Body), "lvp - yor") {
				t.Errorf("the phase played gives no results for England: %+v", played)
			}

			e.clock.Advance(31 * time.Second)
			digest := waitPush(t, ps, "alice", "new press")
			if !strings.Contains(digest.Body, "France") {
				t.Errorf("the digest names no sender: %+v", digest)
			}

			// Push of game events off: the end of the game is not pushed.
			a.must(200, "PUT", "/me/notifications", map[string]any{"push": map[string]any{"game_events": false}})
			n := a.must(200, "GET", "/me/notifications", nil).m(t)
			if p, _ := n["push"].(map[string]any); p["game_events"] != false || p["press"] != true {
				t.Errorf("push settings: %v", n["push"])
			}
			a.must(200, "PUT", "/games/"+id+"/votes", map[string]any{"draw": true})
			b.must(200, "PUT", "/games/"+id+"/votes", map[string]any{"draw": true})
			if g := a.waitSeq(id, 99); g.Status != "finished" {
				t.Fatalf("the draw did not end the game: %s", g.Status)
			}

			if err := e.st.View(context.Background(), func(tx store.Tx) error {
				items, err := tx.OutboxItems(channelPush, 100)
				for _, it := range items {
					if strings.Contains(it.Dedup, ":finished") {
						t.Errorf("the game's end is pushed though game events are off: %+v", it)
					}
				}
				return err
			}); err != nil {
				t.Fatal(err)
			}

			digests := 0
			for _, m := range ps.messages("alice") {
				if strings.Contains(m.Title, "new press") {
					digests++
				}
				all := strings.ToLower(m.Title + " " + m.Body)
				for _, secret := range []string{"secret for berlin", "share the channel", "par - bur", "bre - mao"} {
					if strings.Contains(all, secret) {
						t.Errorf("%q tells England %q", m.Title, secret)
					}
				}
			}
			if digests != 1 {
				t.Errorf("%d press pushes, want 1", digests)
			}

			// Unsubscribing: the id is the browser's to compute.
			a.must(204, "DELETE", "/me/push-subscriptions/"+sub.ID, nil)
			if r := a.do("DELETE", "/me/push-subscriptions/"+sub.ID, nil); r.Status != 404 || !strings.Contains(string(r.Body), "push_subscription_not_found") {
				t.Errorf("unsubscribing twice: %d %s", r.Status, r.Body)
			}
		})
	}
}

// TestPushRefusesPrivateAddresses: an endpoint is a URL a user gave; the
// client that posts pushes reaches no loopback or private address.
func TestPushRefusesPrivateAddresses(t *testing.T) {
	t.Parallel()
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t.Errorf("the push reached %s", r.URL)
	}))
	defer srv.Close()
	c := publicPushClient()
	c.Transport.(*http.Transport).TLSClientConfig = srv.Client().Transport.(*http.Transport).TLSClientConfig
	for _, u := range []string{srv.URL + "/push", strings.Replace(srv.URL, "127.0.0.1", "localhost", 1) + "/push",
		"https://10.1.2.3/push", "https://[::1]:1/push", "https://169.254.169.254/latest"} {
		res, err := c.Post(u, "application/octet-stream", nil)
		if err == nil {
			res.Body.Close()
			t.Errorf("%s: posted (%s)", u, res.Status)
		} else if !strings.Contains(err.Error(), "not a public address") {
			t.Errorf("%s: %v, not refused as private", u, err)
		}
	}
}

func TestCheckPushSubscription(t *testing.T) {
	t.Parallel()
	key, _ := ecdh.P256().GenerateKey(rand.Reader)
	p256dh := base64.RawURLEncoding.EncodeToString(key.PublicKey().Bytes())
	auth := base64.RawURLEncoding.EncodeToString(make([]byte, 16))
	for _, c := range []struct {
		endpoint, p256dh, auth string
		ok                     bool
	}{
		{"https://fcm.googleapis.com/fcm/send/abc", p256dh, auth, true},
		{"https://fcm.googleapis.com/fcm/send/abc", p256dh + "==", auth + "==", true},
		{"http://fcm.googleapis.com/fcm/send/abc", p256dh, auth, false},
		{"https://user:pw@push.example/abc", p256dh, auth, false},
		{"https:///abc", p256dh, auth, false},
		{"https://push.example/" + strings.Repeat("a", 2048), p256dh, auth, false},
		{"https://push.example/abc", auth, auth, false},
		{"https://push.example/abc", base64.RawURLEncoding.EncodeToString(append([]byte{4}, make([]byte, 64)...)), auth, false},
		{"https://push.example/abc", p256dh, p256dh, false},
		{"https://push.example/abc", p256dh, "!!", false},
	} {
		err := checkPushSubscription(c.endpoint, c.p256dh, c.auth)
		if (err == nil) != c.ok {
			t.Errorf("%.60s %.10s %.10s: %v, want ok %v", c.endpoint, c.p256dh, c.auth, err, c.ok)
		}
	}
}
