package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestNoserveLinksNoDatabase checks what "go build -tags noserve" is
// for: a command line for programs that start "chancery adjudicate" once
// a phase, which links neither the server nor the store and its database
// drivers, whose package initialisation every command would otherwise pay
// for at start.
func TestNoserveLinksNoDatabase(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	out, err := exec.Command(gobin, "list", "-deps", "-tags", "noserve", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, pkg := range strings.Fields(string(out)) {
		switch {
		case pkg == "github.com/chancery/chancery/server", pkg == "github.com/chancery/chancery/store",
			strings.HasPrefix(pkg, "modernc.org/sqlite"), strings.HasPrefix(pkg, "github.com/jackc/pgx"):
			t.Errorf("the noserve build links %s", pkg)
		}
	}
}
