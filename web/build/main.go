// Command build compiles the web client into web/dist (run by go generate
// in package web).
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/chancery/chancery/web/internal/bundle"
)

func main() {
	if err := run("."); err != nil {
		fmt.Fprintln(os.Stderr, "web/build:", err)
		os.Exit(1)
	}
}

func run(dir string) error {
	files, err := bundle.Build(dir)
	if err != nil {
		return err
	}
	dist := filepath.Join(dir, "dist")
	if err := os.RemoveAll(dist); err != nil {
		return err
	}
	for name, b := range files {
		p := filepath.Join(dist, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return err
		}
	}
	return nil
}
