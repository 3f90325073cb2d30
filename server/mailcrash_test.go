package server

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chancery/chancery/internal/pgtest"
	"github.com/chancery/chancery/internal/smtptest"
	"github.com/chancery/chancery/store"
)

// startMailBinary runs "chancery serve" with mail through relay, each
// mail claimed by a process that dies sent by another 2 s later.
func startMailBinary(t *testing.T, bin, dsn, relay string) (*exec.Cmd, string) {
	t.Helper()
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--db", dsn, "--quiet", "--min-phase", "1s", "--mail-lease", "2s")
	// The relay and sender from the environment, as a deployment that
	// keeps a password off the command line gives them.
	cmd.Env = append(os.Environ(), "CHANCERY_SMTP="+relay, "CHANCERY_MAIL_FROM=Chancery <games@chancery.test>")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		_ = cmd.Process.Kill()
		t.Fatalf("the server printed no address: %v", err)
	}
	f := strings.Fields(line)
	if len(f) < 3 {
		t.Fatalf("unexpected first line %q", line)
	}
	return cmd, f[2]
}

// TestMailKillDashNine kills the real server with SIGKILL while it sends
// queued mails, the relay holding one mid-DATA, and restarts it: every
// mail arrives once, none lost, none twice.
func TestMailKillDashNine(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds and kills the real binary")
	}
	bin := chanceryBinary(t)
	for _, backend := range backends(t) {
		t.Run(backend, func(t *testing.T) {
			dsn := filepath.Join(t.TempDir(), "mail.db")
			if backend == "postgres" {
				dsn = pgtest.Database(t)
			}
			sink := smtptest.Start(t)
			held := make(chan struct{})
			sink.Hold(func(n int) bool {
				if n == 3 {
					close(held)
					return true
				}
				return false
			})
			cmd, url := startMailBinary(t, bin, dsn, sink.URL())
			e := &env{t: t, URL: url}
			const n = 6
			for i := range n {
				c := e.user()
				c.must(200, "PUT", "/me", map[string]any{"email": fmt.Sprintf("player%d@example.org", i)})
			}
			select {
			case <-held:
			case <-giveUp(t):
				t.Fatal("the third mail never reached the relay")
			}
			if err := cmd.Process.Kill(); err != nil { // SIGKILL, the third mail mid-DATA
				t.Fatal(err)
			}
			_ = cmd.Wait()
			sink.Release(false) // the connection is gone: the relay keeps nothing

			cmd, _ = startMailBinary(t, bin, dsn, sink.URL())
			if _, err := sink.Wait(n, mailWait(t)); err != nil {
				t.Fatal(err)
			}
			_ = cmd.Process.Signal(os.Interrupt)
			_ = cmd.Wait()
			// Every item settled sent: nothing is left to go again.
			st, err := store.Open(context.Background(), dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			var items []*store.OutboxItem
			if err := st.View(context.Background(), func(tx store.Tx) error {
				items, err = tx.OutboxItems(channelEmail, 100)
				return err
			}); err != nil {
				t.Fatal(err)
			}
			if len(items) != n {
				t.Fatalf("%d items in the outbox, want %d", len(items), n)
			}
			for _, it := range items {
				if it.State != store.OutboxSent {
					t.Errorf("the mail to %s is %s after %d attempts: %s", it.Recipient, it.State, it.Attempts, it.LastError)
				}
			}
			got := sink.Messages()
			seen := map[string]int{}
			for _, m := range got {
				seen[m.To[0]]++
			}
			for i := range n {
				if to := fmt.Sprintf("player%d@example.org", i); seen[to] != 1 {
					t.Errorf("%s received %d mails, want 1", to, seen[to])
				}
			}
			if len(got) != n {
				t.Errorf("%d mails received, want %d", len(got), n)
			}
		})
	}
}
