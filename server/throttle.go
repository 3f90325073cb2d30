package server

import (
	"net"
	"strings"
	"sync"
	"time"
)

// loginGuard slows down password guessing without letting a stranger lock
// a player out. Ten wrong passwords for one name from one client address
// within 15 minutes make that client wait; a hundred for one name from any
// number of addresses make every anonymous client either wait or pay a
// proof of work for each try (a guessing attack spread over many
// machines; see loginWork). A client that presents a valid device cookie
// for the name (device.go: it signed in as that name before) is counted
// per device instead, ten wrong passwords per window, and is not held
// back by the two limits above: the owner still gets in from a browser or
// program they used before, and a guesser holding a cookie (their own, or
// a stolen one) gets ten guesses per window from it. A correct password
// clears its client's or device's count.
//
// An attempt is counted before its password is checked, as if it were
// wrong (reserve), and uncounted when the password turns out right: a
// burst of attempts sent at once gets no more checks than the limits,
// however many arrive while the first are being hashed.
//
// It is per process: with several servers on one database each keeps its
// own counts, which still bounds guessing. Behind a reverse proxy every
// client has the proxy's address, and the first limit becomes one per
// name.
type loginGuard struct {
	mu        sync.Mutex
	perClient *loginThrottle // key: name and client address
	perName   *loginThrottle // key: name
	perDevice *loginThrottle // key: device id
}

func newLoginGuard(maxFails int, window time.Duration) *loginGuard {
	return &loginGuard{perClient: newLoginThrottle(maxFails, window), perName: newLoginThrottle(10*maxFails, window),
		perDevice: newLoginThrottle(maxFails, window)}
}

// clientKey is the key of name tried from remoteAddr (host:port).
func clientKey(name, remoteAddr string) string {
	return name + "\x00" + clientHost(remoteAddr)
}

// clientHost is the address of a client at remoteAddr (host:port),
// without the port.
func clientHost(remoteAddr string) string {
	host, _, err := net.SplitHostPort(remoteAddr)
	if err != nil {
		host = remoteAddr
	}
	return host
}

// A lock says which limit holds an attempt back.
type lock int

const (
	unlocked   lock = iota
	lockClient      // this name from this address
	lockName        // this name from anywhere, for anonymous clients
	lockDevice      // this name from this device
)

// loginAttempt is a sign-in attempt counted as failed until it succeeds.
type loginAttempt struct {
	g                 *loginGuard
	name, client, dev string
	now               time.Time
}

// reserve counts an attempt to sign in as name from remoteAddr or from
// device (the id of the client's valid device cookie for name, or ""),
// as a wrong password until succeeded says otherwise. If a limit holds
// the attempt back, nothing is counted: reserve returns the lock and how
// long it lasts. proven says the client paid the proof of work that lets
// an anonymous attempt past the per-name lock (it is still counted there).
func (g *loginGuard) reserve(name, remoteAddr, device string, proven bool, now time.Time) (*loginAttempt, lock, time.Duration) {
	g.mu.Lock()
	defer g.mu.Unlock()
	a := &loginAttempt{g: g, name: name, client: clientKey(name, remoteAddr), dev: device, now: now}
	if device != "" {
		if w := g.perDevice.wait(device, now); w > 0 {
			return nil, lockDevice, w
		}
		g.perDevice.failed(device, now)
		return a, unlocked, 0
	}
	if w := g.perClient.wait(a.client, now); w > 0 {
		return nil, lockClient, w
	}
	if w := g.perName.wait(name, now); w > 0 && !proven {
		return nil, lockName, w
	}
	g.perClient.failed(a.client, now)
	g.perName.failed(name, now)
	return a, unlocked, 0
}

// succeeded takes back the attempt's count: the password was right. It
// clears the count of the attempt's client and device.
func (a *loginAttempt) succeeded() {
	g := a.g
	g.mu.Lock()
	defer g.mu.Unlock()
	g.perClient.succeeded(a.client)
	if a.dev != "" {
		g.perDevice.succeeded(a.dev)
		return
	}
	g.perName.undo(a.name, a.now)
}

// nameFails is how many wrong passwords for name from anonymous clients
// the current window holds.
func (g *loginGuard) nameFails(name string, now time.Time) int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.perName.count(name, now)
}

// loginThrottle counts wrong passwords by key: after maxFails within
// window, the key waits until the window since the first failure has
// passed. Its caller (loginGuard) holds the lock.
type loginThrottle struct {
	fails    map[string]*loginFails
	maxFails int
	window   time.Duration
}

type loginFails struct {
	n     int
	first time.Time
}

// maxTracked bounds the names the throttle remembers; past it, entries
// older than the window are dropped first.
const maxTracked = 10000

func newLoginThrottle(maxFails int, window time.Duration) *loginThrottle {
	return &loginThrottle{fails: map[string]*loginFails{}, maxFails: maxFails, window: window}
}

// wait returns how long the key must wait before trying again (0: now).
func (t *loginThrottle) wait(name string, now time.Time) time.Duration {
	f := t.fails[strings.ToLower(name)]
	if f == nil || f.n < t.maxFails {
		return 0
	}
	if left := f.first.Add(t.window).Sub(now); left > 0 {
		return left
	}
	delete(t.fails, strings.ToLower(name))
	return 0
}

// count returns the failures of key name in the current window.
func (t *loginThrottle) count(name string, now time.Time) int {
	f := t.fails[strings.ToLower(name)]
	if f == nil || now.Sub(f.first) > t.window {
		return 0
	}
	return f.n
}

// failed records a wrong password for key name.
func (t *loginThrottle) failed(name string, now time.Time) {
	key := strings.ToLower(name)
	f := t.fails[key]
	if f == nil || now.Sub(f.first) > t.window {
		if f == nil && len(t.fails) >= maxTracked {
			t.evict(now)
		}
		f = &loginFails{first: now}
		t.fails[key] = f
	}
	f.n++
}

// undo takes back one failure of key name recorded at or after since.
func (t *loginThrottle) undo(name string, since time.Time) {
	key := strings.ToLower(name)
	if f := t.fails[key]; f != nil && !f.first.After(since) && f.n > 0 {
		f.n--
	}
}

// evict makes room for one more key: it drops the keys whose window has
// passed, or else the key whose window started first. Refusing to count a
// new key instead would let a guesser fill the table with throwaway names
// and then guess one real name without limit.
func (t *loginThrottle) evict(now time.Time) {
	var oldest string
	var first time.Time
	for k, f := range t.fails {
		if now.Sub(f.first) > t.window {
			delete(t.fails, k)
		} else if oldest == "" || f.first.Before(first) {
			oldest, first = k, f.first
		}
	}
	if len(t.fails) >= maxTracked {
		delete(t.fails, oldest)
	}
}

// succeeded clears the count of key name.
func (t *loginThrottle) succeeded(name string) {
	delete(t.fails, strings.ToLower(name))
}
