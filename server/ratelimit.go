package server

import (
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Rate is a token bucket's measure: a bucket holds N tokens, and refills
// at N per Per. A burst of N goes at once; after it, one every Per/N.
// N < 0 means no limit; the zero Rate, in a Config, the default.
type Rate struct {
	N   int
	Per time.Duration
}

// String writes a rate as ParseRate reads it: "30/1m0s", or "off".
func (r Rate) String() string {
	if r.N < 0 {
		return "off"
	}
	return fmt.Sprintf("%d/%v", r.N, r.Per)
}

// describe says a rate in words: "30 a minute".
func (r Rate) describe() string {
	switch r.Per {
	case time.Second:
		return fmt.Sprintf("%d a second", r.N)
	case time.Minute:
		return fmt.Sprintf("%d a minute", r.N)
	case time.Hour:
		return fmt.Sprintf("%d an hour", r.N)
	}
	return fmt.Sprintf("%d per %v", r.N, r.Per)
}

// ParseRate reads a rate written "N/duration" ("30/1m": 30 at once, 30 a
// minute), or "off" for none.
func ParseRate(s string) (Rate, error) {
	if s == "off" {
		return Rate{N: -1}, nil
	}
	n, per, ok := strings.Cut(s, "/")
	v, err1 := strconv.Atoi(n)
	d, err2 := time.ParseDuration(per)
	if !ok || err1 != nil || err2 != nil || v < 1 || d <= 0 {
		return Rate{}, fmt.Errorf("rate %q: a number, a slash and a duration (\"30/1m\"), or \"off\"", s)
	}
	return Rate{N: v, Per: d}, nil
}

// Set reads a rate as ParseRate does: a Rate is a flag.Value.
func (r *Rate) Set(s string) error {
	v, err := ParseRate(s)
	if err == nil {
		*r = v
	}
	return err
}

// orDefault returns r, or def for the zero Rate.
func (r Rate) orDefault(def Rate) Rate {
	if r.N == 0 || (r.N > 0 && r.Per <= 0) {
		return def
	}
	return r
}

// maxBuckets bounds the keys a limiter remembers; past it, the buckets
// that have refilled are forgotten (a forgotten bucket is full anyway).
const maxBuckets = 100000

// limiter holds a token bucket per key (a user, a game, an address).
type limiter struct {
	rate    Rate
	mu      sync.Mutex
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	at     time.Time
}

func newLimiter(r Rate) *limiter {
	return &limiter{rate: r, buckets: map[string]*bucket{}}
}

// fill brings b's tokens up to now.
func (l *limiter) fill(b *bucket, now time.Time) {
	if d := now.Sub(b.at); d > 0 {
		b.tokens = math.Min(float64(l.rate.N), b.tokens+float64(l.rate.N)*d.Seconds()/l.rate.Per.Seconds())
		b.at = now
	}
}

// take takes a token of key's bucket, or returns how long until there is
// one (taking nothing).
func (l *limiter) take(key string, now time.Time) time.Duration {
	if l.rate.N < 0 {
		return 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.buckets[key]
	if b == nil {
		if len(l.buckets) >= maxBuckets {
			l.forget(now)
		}
		b = &bucket{tokens: float64(l.rate.N), at: now}
		l.buckets[key] = b
	}
	l.fill(b, now)
	if b.tokens >= 1 {
		b.tokens--
		return 0
	}
	return time.Duration((1 - b.tokens) * float64(l.rate.Per) / float64(l.rate.N))
}

// give gives back a token taken from key's bucket.
func (l *limiter) give(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if b := l.buckets[key]; b != nil {
		b.tokens = math.Min(float64(l.rate.N), b.tokens+1)
	}
}

// forget drops the buckets that are full again, or else any one.
func (l *limiter) forget(now time.Time) {
	for k, b := range l.buckets {
		if l.fill(b, now); b.tokens >= float64(l.rate.N) {
			delete(l.buckets, k)
		}
	}
	for k := range l.buckets {
		if len(l.buckets) < maxBuckets {
			break
		}
		delete(l.buckets, k)
	}
}

// retryAfter is the value of a Retry-After header for a wait: whole
// seconds, at least one.
func retryAfter(wait time.Duration) string {
	return strconv.Itoa(int(math.Ceil(wait.Seconds())))
}

// roundUp is d rounded up to whole seconds, for messages.
func roundUp(d time.Duration) time.Duration {
	return time.Duration(math.Ceil(d.Seconds())) * time.Second
}

// tooSoon is the 429 of a limit: it sets Retry-After.
func tooSoon(w http.ResponseWriter, wait time.Duration, code, format string, args ...any) error {
	w.Header().Set("Retry-After", retryAfter(wait))
	return codedf(http.StatusTooManyRequests, code, format, args...)
}
