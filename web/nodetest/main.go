// Command nodetest runs the web client's unit tests (web/test/*.test.ts)
// with Node's own test runner: esbuild, the Go module that builds the
// client, compiles each test with the sources it imports into a
// temporary folder, and `node --test` runs them. Run it from the web
// folder (.ci/run does): go run ./nodetest
package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

func main() {
	if err := run("."); err != nil {
		fmt.Fprintln(os.Stderr, "nodetest:", err)
		os.Exit(1)
	}
}

func run(dir string) error {
	tests, err := filepath.Glob(filepath.Join(dir, "test", "*.test.ts"))
	if err != nil {
		return err
	}
	if len(tests) == 0 {
		return errors.New("no tests in " + filepath.Join(dir, "test"))
	}
	out, err := os.MkdirTemp("", "chancery-nodetest-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(out)
	res := api.Build(api.BuildOptions{
		EntryPoints:  tests,
		Bundle:       true,
		Write:        true,
		Outdir:       out,
		OutExtension: map[string]string{".js": ".mjs"},
		Format:       api.FormatESModule,
		Platform:     api.PlatformNode,
		Target:       api.ES2022,
		External:     []string{"node:*"},
		LogLevel:     api.LogLevelSilent,
	})
	if len(res.Errors) > 0 {
		msgs := api.FormatMessages(res.Errors, api.FormatMessagesOptions{Kind: api.ErrorMessage})
		return errors.New("compiling the tests:\n" + strings.Join(msgs, ""))
	}
	files, err := filepath.Glob(filepath.Join(out, "*.mjs"))
	if err != nil {
		return err
	}
	cmd := exec.Command("node", append([]string{"--test"}, files...)...)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("node --test: %w", err)
	}
	return nil
}
