package server

import (
	"context"
	"sync"
	"testing"

	"github.com/chancery/chancery/internal/smtptest"
	"github.com/chancery/chancery/store"
)

// readCounter is a store that counts, in its write transactions, the
// reads a save of a game may cost: GameVersion, and the orders read after
// a save (which only the notifications read, asking whom the game waits
// for).
type readCounter struct {
	store.Store
	mu                   sync.Mutex
	versions, afterSaves int
}

func (c *readCounter) Update(ctx context.Context, fn func(store.Tx) error) error {
	return c.Store.Update(ctx, func(tx store.Tx) error { return fn(&countingTx{Tx: tx, c: c}) })
}

func (c *readCounter) counts() (versions, afterSaves int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.versions, c.afterSaves
}

type countingTx struct {
	store.Tx
	c     *readCounter
	saved bool
}

func (t *countingTx) GameVersion(id string) (int64, int, string, error) {
	t.c.mu.Lock()
	t.c.versions++
	t.c.mu.Unlock()
	return t.Tx.GameVersion(id)
}

func (t *countingTx) SaveGame(row *store.GameRow) error {
	t.saved = true
	return t.Tx.SaveGame(row)
}

func (t *countingTx) Orders(id string, seq int) ([]*store.Orders, error) {
	if t.saved {
		t.c.mu.Lock()
		t.c.afterSaves++
		t.c.mu.Unlock()
	}
	return t.Tx.Orders(id, seq)
}

// TestSaveReadsOnce counts what saving games costs in reads, with mail
// and push (a browser subscribed) and with neither: no save reads the
// game's version again, and a change that starts a game or plays a phase
// reads whom it waits for once, for mail and push alike; without mail and
// without a subscribed browser, not at all.
func TestSaveReadsOnce(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		mail    bool
		waiting int
	}{{"mail and push", true, 2}, {"neither", false, 0}} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var counter *readCounter
			count := func(cfg *Config) {
				counter = &readCounter{Store: cfg.Store}
				cfg.Store = counter
			}
			var e *env
			var sink *smtptest.Server
			ps := startPushService(t)
			if tc.mail {
				e, sink = mailEnv(t, "sqlite", func(cfg *Config) {
					cfg.PushClient = ps.srv.Client()
					count(cfg)
				})
			} else {
				e = newEnvWith(t, "sqlite", count)
			}
			a := e.user()
			if tc.mail {
				verify(t, a, sink, "alice@example.org")
				var keys struct{ Key string }
				a.must(200, "GET", "/me/push-subscriptions", nil).json(t, &keys)
				ps.mu.Lock()
				ps.vapid = keys.Key
				ps.mu.Unlock()
				a.must(201, "POST", "/me/push-subscriptions", ps.browser("alice"))
			}
			id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 3600, "bots": true, "power": "England"})
			a.must(200, "POST", "/games/"+id+"/start", nil)
			a.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}, "ready": true})
			a.waitSeq(id, 1)
			a.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{"F Lon - Nth"}})
			versions, waiting := counter.counts()
			if versions != 0 {
				t.Errorf("the saves read the game's version %d times, want 0", versions)
			}
			if waiting != tc.waiting {
				t.Errorf("the start and one phase read whom the game waits for %d times, want %d", waiting, tc.waiting)
			}
		})
	}
}
