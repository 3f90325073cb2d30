package server

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"testing"
)

// TestMain runs more of the package's tests at once than go test's
// default of one per CPU, unless -parallel says how many: the tests
// spend most of their time waiting on the database's writes to disk and
// on the servers' background work, not on the CPU. It removes the
// chancery command the tests built, if they did.
func TestMain(m *testing.M) {
	flag.Parse()
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.parallel" })
	if !set {
		_ = flag.Set("test.parallel", strconv.Itoa(4*runtime.GOMAXPROCS(0)))
	}
	code := m.Run()
	if theBinary.dir != "" {
		_ = os.RemoveAll(theBinary.dir)
	}
	os.Exit(code)
}

// builtBinary is the chancery command, built once for all the tests that
// run the real process: a build links the whole program, seconds of CPU
// that each test paid again.
type builtBinary struct {
	once sync.Once
	dir  string // removed by TestMain
	path string
	err  error
}

var theBinary builtBinary

// chanceryBinary returns the path of the chancery command, built by the
// first call.
func chanceryBinary(t *testing.T) string {
	t.Helper()
	b := &theBinary
	b.once.Do(func() {
		if b.dir, b.err = os.MkdirTemp("", "chancery-server-test-"); b.err != nil {
			return
		}
		b.path = filepath.Join(b.dir, "chancery")
		if out, err := exec.Command("go", "build", "-o", b.path, "github.com/chancery/chancery/cmd/chancery").CombinedOutput(); err != nil {
			b.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if b.err != nil {
		t.Fatal(b.err)
	}
	return b.path
}
