package bot

import (
	"flag"
	"fmt"
	"hash/fnv"
	"os"
	"strings"
	"testing"

	"github.com/chancery/chancery/notation"
	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/variants"
)

var update = flag.Bool("update", false, "rewrite testdata/play.golden with the orders the bots give now")

// playGolden records, per variant, seed and level, how many orders the
// level gave in a short seeded game and a digest of them.
const playGolden = "testdata/play.golden"

// TestLevelsPlayAsRecorded: every level gives, seed for seed, the very
// orders recorded in testdata/play.golden, in every variant, over
// movement, retreat and adjustment phases. The determinism tests compare
// two runs of one build; this one compares with the play of the build
// that recorded the file, so that work on the bots' speed cannot change
// how they play unnoticed. A deliberate change of play rewrites the file
// with go test ./bot -run TestLevelsPlayAsRecorded -update, and says so
// in its commit.
func TestLevelsPlayAsRecorded(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("plays a game per variant and seed")
	}
	reg := variants.MustLoad()
	var got []string
	phases := map[rules.PhaseType]int{}
	for _, name := range reg.Names() {
		v, _ := reg.Get(name)
		// The players keep the variant's graph, as a server's do; the
		// hard player's search must stop at its counts, never at a
		// clock, for its orders to repeat: no budget.
		g := NewGraph(v)
		players := map[Level]Player{Easy: EasyPlayer{Graph: g}, Normal: NormalPlayer{Graph: g},
			Hard: &HardPlayer{Candidates: 6, Samples: 2, Graph: g}}
		names := notation.NewNames(v.Map)
		for seed := range uint64(2) {
			rec := playLevels(t, v, seed, 3, mixed(seed), players)
			for _, p := range rec.pos {
				phases[p.Phase.Type]++
			}
			for _, l := range Levels {
				got = append(got, fmt.Sprintf("%s %d %s %d %016x", name, seed, l,
					len(rec.orders[l]), ordersDigest(names, rec.orders[l])))
			}
		}
	}
	for _, pt := range []rules.PhaseType{rules.MovementPhase, rules.RetreatPhase, rules.AdjustmentPhase} {
		if phases[pt] == 0 {
			t.Errorf("no %v phase was played", pt)
		}
	}
	t.Logf("%v phases", phases)
	text := strings.Join(got, "\n") + "\n"
	if *update {
		if err := os.WriteFile(playGolden, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(playGolden)
	if err != nil {
		t.Fatal(err)
	}
	wl := strings.Split(strings.TrimSuffix(string(want), "\n"), "\n")
	for i, g := range got {
		if i >= len(wl) || wl[i] != g {
			w := "nothing"
			if i < len(wl) {
				w = wl[i]
			}
			t.Errorf("play changed: got %q, recorded %q", g, w)
		}
	}
	if len(wl) != len(got) {
		t.Errorf("%d lines recorded, %d played", len(wl), len(got))
	}
}

// ordersDigest hashes the orders' text, one order a line.
func ordersDigest(names *notation.Names, orders []rules.Order) uint64 {
	h := fnv.New64a()
	for _, o := range orders {
		fmt.Fprintf(h, "%d %s\n", o.Power, names.FormatOrder(o))
	}
	return h.Sum64()
}
