package maps

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chancery/chancery/mapfile"
	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/variants"
)

// committedBoard is a variant whose board SVG is committed, with its
// layout's island list.
type committedBoard struct {
	name    string
	svg     []byte
	board   *Board
	islands map[string]bool
	v       *rules.Variant
}

func committedBoards(t testing.TB) []committedBoard {
	t.Helper()
	files, err := filepath.Glob("../variants/*.svg")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no board SVGs committed in variants/")
	}
	reg := variants.MustLoad()
	var out []committedBoard
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".svg")
		svg, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		b, err := ReadBoard(bytes.NewReader(svg))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		lf, err := os.Open(filepath.Join("../variants", name+".layout"))
		if err != nil {
			t.Fatalf("%s has no layout file: %v", f, err)
		}
		l, err := ParseLayout(lf)
		lf.Close()
		if err != nil {
			t.Fatalf("%s.layout: %v", name, err)
		}
		v, err := reg.Get(b.Variant)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out = append(out, committedBoard{name, svg, b, l.Islands, v})
	}
	return out
}

// TestBoardsHaveExactlyTheRulesBorders is the proof: every committed board
// shows exactly its variant's borders.
func TestBoardsHaveExactlyTheRulesBorders(t *testing.T) {
	for _, cb := range committedBoards(t) {
		t.Run(cb.name, func(t *testing.T) {
			pr := Prove(cb.board, cb.v.Map, cb.islands)
			for _, p := range pr.Problems {
				t.Errorf("%s: %s", cb.name, p)
			}
			t.Logf("%s: %d rules borders checked, %d marked links, %d problems", cb.name, pr.Borders, pr.Links, len(pr.Problems))
		})
	}
}

// TestProofFailsWhenTheMapChanges adds a border to and removes one from a
// variant's map and expects the proof to name each.
func TestProofFailsWhenTheMapChanges(t *testing.T) {
	{ // the standard board: the test fails if it is missing, never skips
		cb := boardOf(t, "standard")
		src, err := os.ReadFile("../variants/standard.map")
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			name, from, to, want string
		}{
			{"a border added", "army bur: gas mar mun par pic ruh", "army bur: gas mar mun par pic ruh ber", "missing army border ber-bur"},
			{"an army border removed", "army bur: gas mar mun par pic ruh", "army bur: gas mar mun par pic", "extra army border bur-ruh"},
			{"a fleet border removed", "fleet ska: den nth nwy swe", "fleet ska: den nth nwy", "extra fleet border ska-swe"},
			{"a coast's sea changed", "fleet bar: nwy nwg stp/nc", "fleet bar: nwy nwg", "extra fleet border bar-stp/nc"},
			{"a border added across the land", "both lon: wal yor", "both lon: wal yor\narmy lon: lvp", "missing army border lon-lvp"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				mutated := strings.Replace(string(src), tc.from, tc.to, 1)
				if mutated == string(src) {
					t.Fatalf("the map has no line %q", tc.from)
				}
				v, err := variantFrom(mutated)
				if err != nil {
					t.Fatal(err)
				}
				pr := Prove(cb.board, v.Map, cb.islands)
				found := false
				for _, p := range pr.Problems {
					if p == tc.want {
						found = true
					}
				}
				if !found {
					t.Fatalf("the proof says %q, want it to include %q", pr.Problems, tc.want)
				}
			})
		}
	}
}

func BenchmarkProof(b *testing.B) {
	cbs := committedBoards(b)
	for i := 0; i < b.N; i++ {
		for _, cb := range cbs {
			board, err := ReadBoard(bytes.NewReader(cb.svg))
			if err != nil {
				b.Fatal(err)
			}
			Prove(board, cb.v.Map, cb.islands)
		}
	}
}

func variantFrom(src string) (*rules.Variant, error) {
	return mapfile.Parse(strings.NewReader(src))
}

// TestProofFollowsTheRailways: the drawn railway must run through exactly
// the rules' stations, in order; a railway the rules lack, or one they
// have and the board does not draw, is a problem.
func TestProofFollowsTheRailways(t *testing.T) {
	{ // the colonial board: the test fails if it is missing, never skips
		cb := boardOf(t, "colonial")
		src, err := os.ReadFile("../variants/colonial.map")
		if err != nil {
			t.Fatal(err)
		}
		const line = "railway tsr Russia: mos prm oms kra irk vla"
		// A crossing the rules drop leaves its marked link over.
		t.Run("a crossing removed", func(t *testing.T) {
			mutated := strings.Replace(string(src), "both ota: aki[bridge] sak[bridge]", "both ota: aki[bridge]", 1)
			v, err := variantFrom(mutated)
			if err != nil || mutated == string(src) {
				t.Fatalf("mutating colonial.map: %v", err)
			}
			if pr := Prove(cb.board, v.Map, cb.islands); !slices.Contains(pr.Problems, "link ota-sak is no rules border") {
				t.Fatalf("the proof says %q", pr.Problems)
			}
		})
		for _, tc := range []struct{ name, to, want string }{
			{"a station fewer", "railway tsr Russia: mos prm oms kra irk", "railway tsr drawn through mos prm oms kra irk vla, not mos prm oms kra irk"},
			{"no railway", "", "railway tsr is no railway of the rules"},
			{"another railway", line + "\nrailway tsr2 Russia: mos prm", "railway tsr2 not drawn"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				mutated := strings.Replace(string(src), line, tc.to, 1)
				if mutated == string(src) {
					t.Fatalf("the map has no line %q", line)
				}
				v, err := variantFrom(mutated)
				if err != nil {
					t.Fatal(err)
				}
				pr := Prove(cb.board, v.Map, cb.islands)
				if !slices.Contains(pr.Problems, tc.want) {
					t.Fatalf("the proof says %q, want it to include %q", pr.Problems, tc.want)
				}
			})
		}
	}
}

// boardOf returns the committed board of variant name, and fails the test
// when there is none.
func boardOf(t *testing.T, name string) committedBoard {
	t.Helper()
	for _, cb := range committedBoards(t) {
		if cb.name == name {
			return cb
		}
	}
	t.Fatalf("no committed board of %s", name)
	return committedBoard{}
}

// TestProofFindsCrossingOutlines draws two provinces that overlap (their
// outlines cross, with no segment shared): the proof must name the pair.
func TestProofFindsCrossingOutlines(t *testing.T) {
	v, err := variantFrom(tinyMap)
	if err != nil {
		t.Fatal(err)
	}
	sq := func(x, y float64) [][]Point { return [][]Point{{{x, y}, {x + 10, y}, {x + 10, y + 10}, {x, y + 10}}} }
	b := &Board{Width: 100, Height: 100, Provinces: map[string]*Shape{}, Coasts: map[string]*CoastLine{}}
	for id, r := range map[string][][]Point{"aaa": sq(0, 0), "bbb": sq(5, 5), "wst": sq(50, 0), "est": sq(70, 0)} {
		b.Provinces[id] = &Shape{ID: id, Rings: r}
		b.Order = append(b.Order, id)
	}
	slices.Sort(b.Order)
	found := false
	for _, p := range Prove(b, v.Map, nil).Problems {
		found = found || strings.Contains(p, "outlines of aaa and bbb cross")
	}
	if !found {
		t.Errorf("the proof does not see aaa and bbb overlap: %q", Prove(b, v.Map, nil).Problems)
	}
}
