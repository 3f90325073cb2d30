package server

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"math/bits"
	"strconv"
	"strings"
	"sync"
	"time"
)

// A proof of work lets the owner of a name sign in from a new browser
// while a guesser spread over many addresses holds the name's anonymous
// lock (throttle.go). The server cannot tell the owner from a guesser
// before it checks the password, so instead of refusing every anonymous
// client until the window ends, it asks each for a proof of work: a seed
// it signs, and a number the client finds such that SHA-256 of seed "."
// number starts with a given count of zero bits. The web client finds it
// by itself in a second or so (web/src/work.ts), once per sign-in. A
// proof is good for one try, for one name, for a few minutes; the
// per-address limit still holds, and the work asked grows with the
// failures (one more bit, twice the work, each time they double past the
// per-name limit), so a guesser pays for every check and pays more the
// longer the attack goes on, while the owner pays once.

// workChallenge is the proof of work asked of a sign-in: find a solution
// such that SHA-256(seed "." solution) starts with bits zero bits.
type workChallenge struct {
	Seed string `json:"seed"`
	Bits int    `json:"bits"`
}

const (
	// workTTL is how long a challenge may be answered.
	workTTL = 5 * time.Minute
	// maxExtraWorkBits bounds the growth of the work with the failures:
	// 64 times the base work at most, so that the owner can still pay.
	maxExtraWorkBits = 6
	// maxSpentProofs bounds the proofs remembered as spent.
	maxSpentProofs = 100000
)

// workGuard issues and checks challenges, and remembers the proofs
// spent until they expire.
type workGuard struct {
	key   []byte
	base  int // bits asked at the per-name limit
	mu    sync.Mutex
	spent map[string]time.Time // seed nonce → expiry
}

func newWorkGuard(key []byte, base int) *workGuard {
	return &workGuard{key: key, base: base, spent: map[string]time.Time{}}
}

func (w *workGuard) mac(nameKey, nonce, exp, bits string) string {
	h := hmac.New(sha256.New, w.key)
	h.Write([]byte("chancery sign-in work\x00" + nameKey + "\x00" + nonce + "\x00" + exp + "\x00" + bits))
	return base64.RawURLEncoding.EncodeToString(h.Sum(nil))
}

// challenge returns a challenge for a sign-in as nameKey, the name having
// fails failures in the window against a limit of limit.
func (w *workGuard) challenge(nameKey string, fails, limit int, now time.Time) workChallenge {
	n := w.base
	if limit > 0 && fails >= 2*limit {
		n += min(maxExtraWorkBits, bits.Len(uint(fails/limit))-1)
	}
	raw := make([]byte, 12)
	_, _ = rand.Read(raw)
	nonce := base64.RawURLEncoding.EncodeToString(raw)
	exp := strconv.FormatInt(now.Add(workTTL).Unix(), 10)
	b := strconv.Itoa(n)
	return workChallenge{Seed: nonce + "." + exp + "." + b + "." + w.mac(nameKey, nonce, exp, b), Bits: n}
}

// spend checks a proof for a sign-in as nameKey: seed must be a challenge
// issued for the name, unexpired and not spent, and solution must do its
// work. A good proof is spent.
func (w *workGuard) spend(nameKey, seed, solution string, now time.Time) bool {
	parts := strings.Split(seed, ".")
	if len(parts) != 4 || len(solution) == 0 || len(solution) > 32 {
		return false
	}
	nonce, exp, b := parts[0], parts[1], parts[2]
	if !hmac.Equal([]byte(parts[3]), []byte(w.mac(nameKey, nonce, exp, b))) {
		return false
	}
	unix, err1 := strconv.ParseInt(exp, 10, 64)
	n, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || now.Unix() >= unix || !worked(seed, solution, n) {
		return false
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if _, ok := w.spent[nonce]; ok {
		return false
	}
	if len(w.spent) >= maxSpentProofs {
		for k, e := range w.spent {
			if !now.Before(e) {
				delete(w.spent, k)
			}
		}
		if len(w.spent) >= maxSpentProofs {
			return false // so many unexpired proofs: every one cost work
		}
	}
	w.spent[nonce] = time.Unix(unix, 0)
	return true
}

// worked reports whether SHA-256(seed "." solution) starts with n zero
// bits.
func worked(seed, solution string, n int) bool {
	sum := sha256.Sum256([]byte(seed + "." + solution))
	zeros := 0
	for _, c := range sum {
		if c != 0 {
			zeros += bits.LeadingZeros8(c)
			break
		}
		zeros += 8
	}
	return zeros >= n
}

// solveWork finds a solution to c, as the web client does (for tests and
// programs that sign in).
func solveWork(c workChallenge) string {
	for i := 0; ; i++ {
		if s := strconv.Itoa(i); worked(c.Seed, s, c.Bits) {
			return s
		}
	}
}
