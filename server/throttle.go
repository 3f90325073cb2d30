package server

import (
	"strings"
	"sync"
	"time"
)

// loginThrottle slows down password guessing: after maxFails wrong
// passwords for one name within window, further attempts for that name are
// refused until the window since the first failure has passed. A correct
// password clears the count. It is per process: with several servers on
// one database each keeps its own count, which still bounds guessing.
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

// wait returns how long the name must wait before trying again (0: now).
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

// failed records a wrong password for name.
func (t *loginThrottle) failed(name string, now time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	key := strings.ToLower(name)
	f := t.fails[key]
	if f == nil || now.Sub(f.first) > t.window {
		if len(t.fails) >= maxTracked {
			for k, old := range t.fails {
				if now.Sub(old.first) > t.window {
					delete(t.fails, k)
				}
			}
		}
		if len(t.fails) >= maxTracked {
			return // still full of fresh entries: do not grow without bound
		}
		f = &loginFails{first: now}
		t.fails[key] = f
	}
	f.n++
}

// succeeded clears the count of name.
func (t *loginThrottle) succeeded(name string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.fails, strings.ToLower(name))
}
