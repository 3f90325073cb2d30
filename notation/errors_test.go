package notation_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chancery/chancery/codec"
	"github.com/chancery/chancery/internal/randgame"
	"github.com/chancery/chancery/judge"
	"github.com/chancery/chancery/notation"
	"github.com/chancery/chancery/rules"
)

var updateErrorTexts = flag.Bool("update-error-texts", false, "rewrite testdata/error_texts.txt from the parser")

// TestErrorTextsAsBefore reads the orders of random games of every
// variant, and each cut short and with one word changed, and compares the
// message of every one that cannot be read with testdata/error_texts.txt.gz,
// written by the parser that formatted its messages with fmt (before the
// errors were built from constant parts): what players and API users read
// is unchanged. Every error is a *notation.Error whose Error method gives
// that message, from Names.ParseOrder and from a reused Parser alike.
func TestErrorTextsAsBefore(t *testing.T) {
	var got strings.Builder
	for _, vn := range registry.Names() {
		v, err := registry.Get(vn)
		if err != nil {
			t.Fatal(err)
		}
		n := codec.New(v).Names()
		p := n.NewParser()
		seen := map[string]bool{}
		check := func(pw rules.Power, pt rules.PhaseType, s string) {
			k := fmt.Sprint(pw, pt, s)
			if seen[k] {
				return
			}
			seen[k] = true
			_, err := n.ParseOrder(s, pw, pt)
			_, err2 := p.ParseOrder(s, pw, pt)
			if (err == nil) != (err2 == nil) || err != nil && err.Error() != err2.Error() {
				t.Fatalf("%s %q: Names.ParseOrder %v, Parser.ParseOrder %v", vn, s, err, err2)
			}
			if err == nil {
				return
			}
			var ne *notation.Error
			if !errors.As(err, &ne) || ne.Order != s || !errors.Is(err, ne) {
				t.Fatalf("%s %q: %T %v, want a *notation.Error of the order", vn, s, err, err)
			}
			fmt.Fprintf(&got, "%s\t%d\t%d\t%q\t%s\n", vn, pw, pt, s, err)
		}
		// Orders of the forms random games do not give.
		for _, s := range []string{"", "F STP (NC - BOT", "F STP / - BOT", "F STP /", "F STP (", "A PAR H", "France: A PAR H",
			"Italy A ROM H", "A LON - NTH - NWY VIA CONVOY", "EGY PERMITS F MED", "EGY PERMITS F MED RS", "A MOS - TSR", "A MOS - TSR VLA"} {
			for pw := rules.NoPower; pw <= 2; pw++ {
				for _, pt := range []rules.PhaseType{rules.MovementPhase, rules.RetreatPhase, rules.AdjustmentPhase} {
					check(pw, pt, s)
				}
			}
		}
		for seed := uint64(1); seed <= 1; seed++ {
			ins, err := randgame.Inputs(registry, vn, seed, 12)
			if err != nil {
				t.Fatal(err)
			}
			for _, src := range ins {
				var in judge.Input
				if err := json.Unmarshal(src, &in); err != nil {
					t.Fatal(err)
				}
				ph, err := codec.ParsePhase(in.Phase)
				if err != nil {
					t.Fatal(err)
				}
				for _, pwName := range slices.Sorted(maps.Keys(in.Orders)) {
					pw, _ := n.Power(pwName)
					for _, o := range in.Orders[pwName] {
						for _, s := range mutations(o) {
							check(pw, ph.Type, s)
						}
					}
				}
			}
		}
	}
	path := filepath.Join("testdata", "error_texts.txt.gz")
	if *updateErrorTexts {
		var b bytes.Buffer
		z, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
		z.Write([]byte(got.String()))
		if err := z.Close(); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	want, err := io.ReadAll(z)
	if err != nil {
		t.Fatal(err)
	}
	g, w := strings.Split(got.String(), "\n"), strings.Split(string(want), "\n")
	for i := 0; i < len(g) && i < len(w); i++ {
		if g[i] != w[i] {
			t.Fatalf("line %d:\ngot  %s\nwant %s", i+1, g[i], w[i])
		}
	}
	if len(g) != len(w) {
		t.Fatalf("%d messages, want %d", len(g)-1, len(w)-1)
	}
}

// mutations returns s, s cut short after each of its words, and s with
// each word in turn replaced by one no map knows, or dropped.
func mutations(s string) []string {
	out := []string{s}
	w := strings.Fields(s)
	for i := range w {
		out = append(out, strings.Join(w[:i], " "))
		c := append([]string(nil), w...)
		c[i] = "XQZ"
		out = append(out, strings.Join(c, " "))
		out = append(out, strings.Join(append(append([]string(nil), w[:i]...), w[i+1:]...), " "))
	}
	return out
}
