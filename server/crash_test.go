package server

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/chancery/chancery/internal/pgtest"
)

// chancery is the command the tests that run the real server build once
// (chanceryBinary); dir, when not empty, is removed when the tests end
// (TestMain).
var chancery struct {
	once      sync.Once
	dir, path string
	err       error
}

// chanceryPackage is the command the tests run.
const chanceryPackage = "github.com/chancery/chancery/cmd/chancery"

// chanceryBinary builds the chancery command, once for the package's
// tests, and returns its path; a test that runs it is skipped with
// -short.
//
// Linking the command takes a core two seconds, on the path of the
// longest tests: the go command keeps the executables of go run in its
// build cache (since Go 1.24), and go run -exec echo says where, so an
// unchanged command is linked once, not at every go test. When it does
// not say (the first go run puts it there, or another Go keeps it
// elsewhere), go build makes one for these tests alone.
func chanceryBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the real binary")
	}
	chancery.once.Do(func() {
		if echo, err := exec.LookPath("echo"); err == nil {
			for range 2 {
				out, err := exec.Command("go", "run", "-exec", echo, chanceryPackage).Output()
				path := strings.TrimSpace(string(out))
				if err != nil || !filepath.IsAbs(path) {
					break
				}
				// An executable in a directory of go run's own, removed
				// when it ended, is not kept.
				if _, err := os.Stat(path); err == nil {
					chancery.path = path
					return
				}
			}
		}
		dir, err := os.MkdirTemp("", "chancery-test-")
		if err != nil {
			chancery.err = err
			return
		}
		chancery.dir, chancery.path = dir, filepath.Join(dir, "chancery")
		out, err := exec.Command("go", "build", "-o", chancery.path, chanceryPackage).CombinedOutput()
		if err != nil {
			chancery.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if chancery.err != nil {
		t.Fatal(chancery.err)
	}
	return chancery.path
}

// binaryDSN is an empty database for the real server on backend.
func binaryDSN(t *testing.T, backend string) string {
	if backend == "postgres" {
		return pgtest.Recycled(t)
	}
	return filepath.Join(t.TempDir(), "chancery.db")
}

// startBinary runs "chancery serve" on dsn and a free loopback port, with
// args and env added, and returns the process and its API URL. Its
// phases are paced by the second (the shortest --min-phase), so that play
// goes on at once after a restart that follows a burst of phases.
func startBinary(t *testing.T, dsn string, env []string, args ...string) (*exec.Cmd, string) {
	t.Helper()
	args = append([]string{"serve", "--addr", "127.0.0.1:0", "--db", dsn, "--quiet", "--min-phase", "1s"}, args...)
	cmd := exec.Command(chanceryBinary(t), args...)
	cmd.Env = append(os.Environ(), env...)
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
	// "chancery: serving http://127.0.0.1:PORT/api/v1 (sqlite: ...)"
	f := strings.Fields(line)
	if len(f) < 3 {
		t.Fatalf("unexpected first line %q", line)
	}
	return cmd, f[2]
}

// TestKillDashNineLosesNothing kills the real server with SIGKILL while
// phases are being adjudicated as fast as players make them due, restarts
// it, and checks that every game is whole: each phase recorded once, the
// game's phase counter equal to its history, and play going on.
func TestKillDashNineLosesNothing(t *testing.T) {
	t.Parallel()
	chanceryBinary(t)
	for _, backend := range backends(t) {
		t.Run(backend, func(t *testing.T) {
			dsn := binaryDSN(t, backend)
			cmd, url := startBinary(t, dsn, nil)
			e := &env{t: t, URL: url}
			a := e.user()
			var ids []string
			for range 8 {
				id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 3600, "bots": true, "power": "Germany"})
				a.must(200, "POST", "/games/"+id+"/start", nil)
				ids = append(ids, id)
			}
			// Players declare themselves ready as fast as they can: every
			// request makes a phase due at once.
			stop := make(chan struct{})
			var wg sync.WaitGroup
			for _, id := range ids {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for {
						select {
						case <-stop:
							return
						default:
						}
						// Errors are expected once the server dies.
						_ = a.try("PUT", url+"/games/"+id+"/orders", `{"orders": [], "ready": true}`)
					}
				}()
			}
			// Kill it once two phases a game have been played, with
			// more being adjudicated.
			before := 0
			if !eventually(t, func() bool {
				before = 0
				for _, id := range ids {
					before += a.game(id).Seq
				}
				return before >= 2*len(ids)
			}) {
				t.Fatalf("only %d phases were played before the kill", before)
			}
			if err := cmd.Process.Kill(); err != nil { // SIGKILL
				t.Fatal(err)
			}
			_ = cmd.Wait()
			close(stop)
			wg.Wait()

			cmd, url = startBinary(t, dsn, nil)
			defer func() {
				_ = cmd.Process.Signal(os.Interrupt)
				_ = cmd.Wait()
			}()
			e.URL = url
			total := 0
			for _, id := range ids {
				// A phase due at the kill may resolve while we look: read
				// until the game stands still around the history.
				var g gameView
				var h struct{ Phases []struct{ Seq int } }
				for {
					g = a.game(id)
					a.must(200, "GET", "/games/"+id+"/history", nil).json(t, &h)
					if a.game(id).Seq == g.Seq {
						break
					}
				}
				if len(h.Phases) != g.Seq {
					t.Fatalf("game %s: seq %d but %d phases recorded", id, g.Seq, len(h.Phases))
				}
				for i, p := range h.Phases {
					if p.Seq != i {
						t.Fatalf("game %s: entry %d is phase %d", id, i, p.Seq)
					}
				}
				total += g.Seq
				// Play goes on (unless a phase due at the kill, resolved on
				// restart, has just ended the game).
				if g.Status == "active" {
					if r := a.do("PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}, "ready": true}); r.Status == 200 {
						a.waitSeq(id, g.Seq+1)
					} else if a.game(id).Status != "finished" {
						t.Fatalf("game %s after the restart: %d %s", id, r.Status, r.Body)
					}
				}
			}
			t.Logf("%d phases played before the kill, none lost or doubled", total)
			if total < before {
				t.Fatalf("%d phases after the restart, %d seen before the kill", total, before)
			}
		})
	}
}
