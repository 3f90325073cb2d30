package game

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chancery/chancery/codec"
	"github.com/chancery/chancery/engine"
	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/table"
	"github.com/chancery/chancery/variants"
)

// storedGame reads a game of testdata, written by the code before issue
// 11, in the compact form the store keeps.
func storedGame(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, data); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestStoredGamesLoadAndWriteBackTheSameBytes: games stored before the
// position became typed (rows whose last phase repeats the position as
// "next") read strictly, and are written back byte for byte but for that
// copy, which is no longer kept.
func TestStoredGamesLoadAndWriteBackTheSameBytes(t *testing.T) {
	es := engine.NewEngines(variants.MustLoad())
	files, _ := filepath.Glob("testdata/*.json")
	if len(files) == 0 {
		t.Fatal("no stored games in testdata")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data := storedGame(t, filepath.Base(f))
			g, e, err := Decode(es, data)
			if err != nil {
				t.Fatal(err)
			}
			if e.V.Name != g.Variant {
				t.Errorf("engine %s for a %s game", e.V.Name, g.Variant)
			}
			back, err := json.Marshal(g)
			if err != nil {
				t.Fatal(err)
			}
			if next := bytes.Index(data, []byte(`,"next":{`)); next >= 0 {
				if g.Last == nil {
					t.Fatal("a row with a last phase read without it")
				}
				// "next" is the last field of "last", which ends the row.
				data = append(data[:next:next], "}}"...)
			} else if g.Last != nil {
				t.Fatal("a stored last phase without next: the test data is not the old form")
			}
			if !bytes.Equal(back, data) {
				t.Errorf("written back differently:\n got  %s\n want %s", back, data)
			}
		})
	}
}

// TestStoredGameWithAnUnreadableAttackerLoads: the lax reader this package
// had ignored an attacker_from it could not read; the strict codec refuses
// it, and Decode's compatibility read drops it, as the lax reader did, so
// such a row still loads (and is written back clean).
func TestStoredGameWithAnUnreadableAttackerLoads(t *testing.T) {
	es := engine.NewEngines(variants.MustLoad())
	data := storedGame(t, "standard-retreat.json")
	var raw map[string]json.RawMessage
	_ = json.Unmarshal(data, &raw)
	var jp codec.Position
	_ = json.Unmarshal(raw["position"], &jp)
	if len(jp.Dislodged) == 0 {
		t.Fatal("the stored retreat phase has no dislodged unit")
	}
	jp.Dislodged[0].AttackerFrom = "atlantis"
	jp.Dislodged[0].Retreats = append(jp.Dislodged[0].Retreats, "lyonesse")
	e := es.Get("standard")
	if _, err := e.Codec.DecodePosition(&jp); err == nil {
		t.Fatal("the strict codec read an unknown attacker_from")
	}
	raw["position"], _ = json.Marshal(jp)
	data, _ = json.Marshal(raw)

	g, _, err := Decode(es, data)
	if err != nil {
		t.Fatalf("a row the lax reader read does not load: %v", err)
	}
	d := g.Position.Dislodged[0]
	if d.AttackerFrom != rules.NoProvince || len(d.Retreats) != len(jp.Dislodged[0].Retreats)-1 {
		t.Errorf("dislodged %+v: want no attacker and the readable retreats", d)
	}
	back, _ := json.Marshal(g)
	if bytes.Contains(back, []byte("atlantis")) || bytes.Contains(back, []byte("lyonesse")) {
		t.Errorf("written back with the unreadable names: %s", back)
	}
}

// TestStoredGameTheCodecRefusesIsADecodeError: a stored position the
// lax reader took but that has no one meaning is refused, with the field
// and the name, as damaged data (not a bad request: no table.ErrInvalid).
func TestStoredGameTheCodecRefusesIsADecodeError(t *testing.T) {
	es := engine.NewEngines(variants.MustLoad())
	data := storedGame(t, "standard-drawn.json") // the start: France's army in Paris
	tests := []struct {
		name, from, to, field, bad string
	}{
		{"Fleet for an army", `"power":"France","type":"army","province":"par"`, `"power":"France","type":"Fleet","province":"par"`, "units", "par"},
		{"a fleet in Paris", `"power":"France","type":"army","province":"par"`, `"power":"France","type":"fleet","province":"par"`, "units", "par"},
		{"a fleet in stp without a coast", `"power":"France","type":"army","province":"par"`, `"power":"France","type":"fleet","province":"stp"`, "units", "stp"},
		{"an unknown unit type", `"power":"France","type":"army","province":"par"`, `"power":"France","type":"tank","province":"par"`, "units", "tank"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !bytes.Contains(data, []byte(tt.from)) {
				t.Fatalf("the stored game has no %s", tt.from)
			}
			bad := bytes.Replace(data, []byte(tt.from), []byte(tt.to), 1)
			_, _, err := Decode(es, bad)
			var de *engine.DecodeError
			var ie *codec.InputError
			if !errors.As(err, &de) || de.Field != "position" || !errors.As(err, &ie) || ie.Field != tt.field || ie.Name != tt.bad {
				t.Fatalf("got %v, want a DecodeError of the position naming %s %q", err, tt.field, tt.bad)
			}
			if errors.Is(err, table.ErrInvalid) {
				t.Errorf("%v: damaged data classified as a bad request", err)
			}
			if !strings.HasPrefix(err.Error(), "stored game: position: units: ") {
				t.Errorf("message %q", err)
			}
		})
	}
	if _, _, err := Decode(es, []byte(`{"variant": "chess"}`)); !errors.As(err, new(*engine.DecodeError)) {
		t.Errorf("unknown variant: %v", err)
	}
}

// TestAGameIsReadOnlyThroughDecode: json.Unmarshal cannot know the
// variant, so it refuses rather than leave the position empty, and a Game
// not made by New or Decode cannot name its position.
func TestAGameIsReadOnlyThroughDecode(t *testing.T) {
	var g Game
	if err := json.Unmarshal(storedGame(t, "standard-drawn.json"), &g); err == nil {
		t.Error("json.Unmarshal read a game without its variant")
	}
	if _, err := json.Marshal(&Game{}); err == nil {
		t.Error("a game without an engine was written")
	}
	drawn, _, err := Decode(engine.NewEngines(variants.MustLoad()), storedGame(t, "standard-drawn.json"))
	if err != nil {
		t.Fatal(err)
	}
	byValue, _ := json.Marshal(*drawn)
	byPointer, _ := json.Marshal(drawn)
	if !bytes.Equal(byValue, byPointer) || !bytes.Contains(byValue, []byte(`"position":{`)) {
		t.Errorf("a game written by value:\n%s\nby pointer:\n%s", byValue, byPointer)
	}
}

// TestTheRowKeepsThePositionOnce: a game's row holds its position once,
// as "position"; the last phase's record does not repeat it as "next"
// (it once did: 1,555 bytes of a 3,606-byte standard row, read by nothing).
func TestTheRowKeepsThePositionOnce(t *testing.T) {
	es := engine.NewEngines(variants.MustLoad())
	data, _ := midGame(t, es)
	var row struct {
		Position json.RawMessage            `json:"position"`
		Last     map[string]json.RawMessage `json:"last"`
	}
	if err := json.Unmarshal(data, &row); err != nil {
		t.Fatal(err)
	}
	if row.Last == nil || len(row.Position) == 0 {
		t.Fatalf("no position or last phase in %s", data)
	}
	if next, ok := row.Last["next"]; ok {
		t.Errorf("the last phase repeats the position (%d of the row's %d bytes)", len(next), len(data))
	}
	t.Logf("a standard game's row in %s: %d bytes, its position %d", codec.FormatPhase(mustDecode(t, es, data).Position.Phase), len(data), len(row.Position))
}

func mustDecode(t *testing.T, es *engine.Engines, data []byte) *Game {
	t.Helper()
	g, _, err := Decode(es, data)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
