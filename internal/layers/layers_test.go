package layers

import (
	"go/build"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const module = "github.com/chancery/chancery/"

// drawing reads the layers as docs/design.md draws them: the code block
// under "## The layers", a line per layer from the top, its packages
// first on the line, then two or more spaces and what they hold. It
// returns each package's line, from 0 at the top.
func drawing(t *testing.T) map[string]int {
	t.Helper()
	data, err := os.ReadFile("../../docs/design.md")
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(data), "## The layers\n")
	if !ok {
		t.Fatal("docs/design.md has no section The layers")
	}
	_, block, _ := strings.Cut(after, "```\n")
	block, _, _ = strings.Cut(block, "```")
	layers := map[string]int{}
	for i, line := range strings.Split(strings.TrimSpace(block), "\n") {
		// Packages are separated by one or two spaces; the description
		// starts after a wider gap, or at the first word that is not a
		// package path.
		for _, f := range strings.Fields(line) {
			if _, err := os.Stat(filepath.Join("../..", f)); err != nil || f != strings.ToLower(f) {
				break
			}
			layers[f] = i
		}
	}
	if len(layers) == 0 {
		t.Fatal("no layers drawn")
	}
	return layers
}

// packages lists the module's packages but internal helpers, tests only
// (web/e2e) and the web client's build tools, by directory.
func packages(t *testing.T) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir("../..", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel("../..", path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			switch {
			case rel == ".":
				return nil
			case strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules" || d.Name() == "testdata" ||
				rel == "internal" || rel == "web/e2e" || rel == "web/build" || rel == "web/nodetest" || strings.HasPrefix(rel, "web/internal"):
				return filepath.SkipDir
			}
			if p, err := build.ImportDir(path, 0); err == nil && len(p.GoFiles) > 0 {
				out = append(out, rel)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestTheLayersAreAsDrawn: every package of the module is in the drawing
// of docs/design.md, and imports only packages on lines below its own.
func TestTheLayersAreAsDrawn(t *testing.T) {
	layers := drawing(t)
	for _, dir := range packages(t) {
		line, ok := layers[dir]
		if !ok {
			t.Errorf("%s is not in the drawing of the layers (docs/design.md)", dir)
			continue
		}
		p, err := build.ImportDir(filepath.Join("../..", dir), 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range p.Imports {
			dep, ok := strings.CutPrefix(imp, module)
			if !ok || strings.HasPrefix(dep, "internal/") || strings.HasPrefix(dep, dir+"/internal/") {
				continue
			}
			below, ok := layers[dep]
			switch {
			case !ok:
				t.Errorf("%s imports %s, which is not in the drawing", dir, dep)
			case below <= line:
				t.Errorf("%s imports %s, drawn on its line or above it", dir, dep)
			}
		}
	}
}

// TestTheReadmeListsEveryPackage: the README's layout table names every
// package of the module, helpers and commands included.
func TestTheReadmeListsEveryPackage(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(data), "## Layout\n")
	if !ok {
		t.Fatal("README.md has no section Layout")
	}
	table, _, _ = strings.Cut(table, "\n## ")
	err = filepath.WalkDir("../..", func(path string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel("../..", path)
		rel = filepath.ToSlash(rel)
		if rel != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules" || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if p, err := build.ImportDir(path, build.ImportComment); err == nil && rel != "." && !strings.Contains(table, "`"+rel+"`") {
			t.Errorf("%s (package %s) is not in the README's layout table", rel, p.Name)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
