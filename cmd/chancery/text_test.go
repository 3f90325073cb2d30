package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chancery/chancery/dice"
	"github.com/chancery/chancery/judge"
	"github.com/chancery/chancery/variants"
)

// makingOf are phrases that speak of how the project was made rather than
// of the game: where its sources lie on a development machine, the seed
// documents it was built from, its rules pages.
var makingOf = []*regexp.Regexp{
	regexp.MustCompile(`\.\./shared|shared/(rules|seeds|reference)\b`),
	regexp.MustCompile(`\bseeds/`),
	regexp.MustCompile(`(?i)\bthe seed\b|\bseed's\b|\bseed text\b`),
	regexp.MustCompile(`(?i)\brules page\b|\bthis project\b`),
	machinePath,
}

// machinePath is an absolute path of a development machine.
var machinePath = regexp.MustCompile(`(^|[\s("'\x60:=])(/work|/home|/Users|/root)/`)

// checkText reports the phrases of makingOf found in text.
func checkText(t *testing.T, where, text string) {
	t.Helper()
	for _, re := range makingOf {
		if m := re.FindString(text); m != "" {
			t.Errorf("%s speaks of how the project was made: %q", where, strings.TrimSpace(m))
		}
	}
}

// TestPlayersReadAboutTheGame: what players and users read (every
// variant's title, victory and description as the server serves them,
// Diceplomacy's, every command's help, the documents for users) speaks of
// the game and its rules, never of how the project was made. Tests and
// the developers' documents (docs/design.md, the README) may cite ../shared.
func TestPlayersReadAboutTheGame(t *testing.T) {
	reg := variants.MustLoad()
	for _, name := range reg.Names() {
		v, _ := reg.Get(name)
		d := judge.Describe(v)
		checkText(t, "variant "+name, d.Title+"\n"+d.Victory+"\n"+d.Description)
	}
	checkText(t, "Diceplomacy", dice.Title+"\n"+dice.Victory+"\n"+dice.Description)

	for _, args := range [][]string{{"help"}, {"adjudicate", "-h"}, {"replay", "-h"}, {"bench", "-h"},
		{"variants", "-h"}, {"play", "-h"}, {"dice", "help"}, {"dice", "play", "-h"}, {"dice", "simulate", "-h"}, {"serve", "-h"}} {
		_, out, errs := runCmd(t, "", args...)
		if out+errs == "" {
			t.Errorf("chancery %s prints no help", strings.Join(args, " "))
		}
		checkText(t, "chancery "+strings.Join(args, " "), out+errs)
	}

	docs, err := filepath.Glob("../../docs/*.md")
	if err != nil || len(docs) == 0 {
		t.Fatalf("no documents: %v", err)
	}
	for _, p := range docs {
		if filepath.Base(p) == "design.md" {
			continue // for developers
		}
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		checkText(t, "docs/"+filepath.Base(p), string(b))
	}
}

// TestNoMachinePaths: no file of the project, tests and developers'
// documents included, names a path of a development machine; the project
// is read and built anywhere.
func TestNoMachinePaths(t *testing.T) {
	err := filepath.WalkDir("../..", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if strings.HasPrefix(d.Name(), ".") && p != "../.." {
				return filepath.SkipDir
			}
			return nil
		}
		switch filepath.Ext(p) {
		case ".go", ".md", ".yaml", ".yml", ".map", ".json", ".txt", ".sql", "":
		default:
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if m := machinePath.FindString(string(b)); m != "" {
			t.Errorf("%s names a path of a development machine: %q", p, strings.TrimSpace(m))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
