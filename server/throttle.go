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
// number of addresses make every anonymous client wait (a guessing attack
// spread over many machines). A client that presents a valid device
// cookie for the name (device.go: it signed in as that name before) is
// counted per device instead, ten wrong passwords per window, and is not
// held back by the two limits above: the owner still gets in from a
// browser or program they used before, and a guesser holding a cookie
// (their own, or a stolen one) gets ten guesses per window from it. A
// correct password clears its client's or device's count. It is per
// process: with several servers on one database each keeps its own
// counts, which still bounds guessing. Behind a reverse proxy every
// client has the proxy's address, and the first limit becomes one per
// name.
type loginGuard struct {
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
	host, _, err := net.SplitHostPort(remoteAddr)
	if err != nil {
		host = remoteAddr
	}
	return name + "\x00" + host
}

// wait returns how long a client must wait before trying name again.
// device is the id of the client's valid device cookie for name, or "".
func (g *loginGuard) wait(name, remoteAddr, device string, now time.Time) time.Duration {
	if device != "" {
		return g.perDevice.wait(device, now)
	}
	return max(g.perClient.wait(clientKey(name, remoteAddr), now), g.perName.wait(name, now))
}

// failed records a wrong password for name from remoteAddr or device.
func (g *loginGuard) failed(name, remoteAddr, device string, now time.Time) {
	if device != "" {
		g.perDevice.failed(device, now)
		return
	}
	g.perClient.failed(clientKey(name, remoteAddr), now)
	g.perName.failed(name, now)
}

// succeeded clears the count of name from remoteAddr, and of device.
func (g *loginGuard) succeeded(name, remoteAddr, device string) {
	if device != "" {
		g.perDevice.succeeded(device)
	}
	g.perClient.succeeded(clientKey(name, remoteAddr))
}

// loginThrottle counts wrong passwords by key: after maxFails within
// window, the key waits until the window since the first failure has
// passed.
type loginThrottle struct {
	mu       sync.Mutex
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
	t.mu.Lock()
	defer t.mu.Unlock()
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

// failed records a wrong password for key name.
func (t *loginThrottle) failed(name string, now time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
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
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.fails, strings.ToLower(name))
}
