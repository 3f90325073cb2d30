package server

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"testing"

	"github.com/chancery/chancery/internal/pgtest"
)

// TestMain runs more of the package's tests at once than go test's
// default of one per CPU, unless -parallel says how many: the tests
// spend most of their time waiting on the database's writes to disk and
// on the servers' background work, not on the CPU.
func TestMain(m *testing.M) {
	flag.Parse()
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.parallel" })
	if !set {
		_ = flag.Set("test.parallel", strconv.Itoa(4*runtime.GOMAXPROCS(0)))
	}
	code := m.Run()
	if err := pgtest.Close(); err != nil {
		fmt.Fprintln(os.Stderr, err)
	}
	if chancery.dir != "" {
		_ = os.RemoveAll(chancery.dir)
	}
	os.Exit(code)
}
