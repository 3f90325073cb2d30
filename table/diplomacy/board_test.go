package diplomacy

import (
	"bytes"
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chancery/chancery/codec"
	"github.com/chancery/chancery/judge"
	"github.com/chancery/chancery/table"
	"github.com/chancery/chancery/variants"
)

// playedGame plays a game of variant with easy bots at every seat but
// France's (or the first), whose person gives no orders, for phases
// phases (fewer if it ends), and returns it with its records.
func playedGame(t *testing.T, k *Kind, variant string, phases int) (*tableGame, *table.Row, *memRecords) {
	t.Helper()
	now := time.Unix(1_800_000_000, 0)
	g, err := k.New(variant, table.Player{ID: "u1", Name: "Alice"}, table.Options{PhaseSeconds: 3600, Bots: true},
		json.RawMessage(`{"bot_level": "easy"}`))
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Join(table.Player{ID: "u1", Name: "Alice"}, ""); err != nil {
		t.Fatal(err)
	}
	if err := g.Start("u1", now); err != nil {
		t.Fatal(err)
	}
	recs := &memRecords{}
	secret := bytes.Repeat([]byte{7}, 32)
	r := &table.Row{ID: "g1", Kind: Name, Variant: variant, Secret: secret, Records: recs}
	d := g.(*tableGame)
	for i := 0; i < phases && d.g.Status == table.Active; i++ {
		if err := thinkAndAdvance(d, r, now); err != nil {
			t.Fatal(err)
		}
	}
	return d, r, recs
}

// judged is phase p drawn as phase pictures were drawn before they were
// drawn from the record: its orders adjudicated again by a judge.
func judged(t *testing.T, k *Kind, d *tableGame, p table.Phase) []byte {
	t.Helper()
	var rec phaseRecord
	if err := json.Unmarshal(p.Data, &rec); err != nil {
		t.Fatal(err)
	}
	in := &judge.Input{Variant: d.e.V.Name, Phase: rec.Phase, Units: rec.Position.Units,
		Dislodged: rec.Position.Dislodged, SupplyCenters: rec.Position.SupplyCenters, Orders: rec.Orders}
	var buf bytes.Buffer
	if err := judge.New(k.reg).Draw(&buf, &k.boards, in); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestPhasePicturesAreDrawnAsBefore: every phase of bots' games, drawn
// from its record, is byte for byte the picture a judge drew by
// adjudicating the record's orders again, retreats, dislodged units and
// units destroyed included.
func TestPhasePicturesAreDrawnAsBefore(t *testing.T) {
	reg := variants.MustLoad()
	k := New(reg)
	seen := map[string]int{}
	for _, variant := range reg.Names() {
		if _, err := variants.Board(variant); err != nil {
			continue
		}
		t.Run(variant, func(t *testing.T) {
			d, r, recs := playedGame(t, k, variant, 40)
			for _, p := range recs.phases {
				var buf bytes.Buffer
				if err := d.Board(&buf, r, p.Seq); err != nil {
					t.Fatalf("phase %d: %v", p.Seq, err)
				}
				if want := judged(t, k, d, p); !bytes.Equal(buf.Bytes(), want) {
					t.Errorf("%s (phase %d) is drawn differently from its record:\n got  %s\n want %s", p.Name, p.Seq, buf.Bytes(), want)
				}
				pic := buf.String()
				seen["phases"]++
				seen["dislodged"] += strings.Count(pic, `data-destroyed="false"`)
				seen["destroyed"] += strings.Count(pic, `data-destroyed="true"`)
				if strings.Contains(p.Name, "retreat") && strings.Contains(pic, "stroke-dasharray=\"7 3 2 3\"") {
					seen["retreats"]++
				}
			}
		})
	}
	t.Logf("%v", seen)
	for _, what := range []string{"dislodged", "destroyed", "retreats"} {
		if seen[what] == 0 {
			t.Errorf("no %s in %d phases: the games do not test them", what, seen["phases"])
		}
	}
}

// recordWith returns the first phase of recs whose record contains s.
func recordWith(t *testing.T, recs *memRecords, s string) *table.Phase {
	t.Helper()
	for i := range recs.phases {
		if bytes.Contains(recs.phases[i].Data, []byte(s)) {
			return &recs.phases[i]
		}
	}
	t.Fatalf("no phase recorded with %s", s)
	return nil
}

// TestAPhasePictureDrawsTheRecordedResults: a phase's picture shows the
// results its record keeps, not those of its orders adjudicated again
// (here a record whose move is said to have bounced where the rules would
// let it succeed: the picture says it bounced).
func TestAPhasePictureDrawsTheRecordedResults(t *testing.T) {
	k := New(variants.MustLoad())
	d, r, recs := playedGame(t, k, "standard", 1)
	p := &recs.phases[0]
	move := regexp.MustCompile(`"order":"(A|F) [A-Z]+ - ([A-Z]+)",[^{}]*?"result":"succeeded"`).FindSubmatchIndex(p.Data)
	if move == nil {
		t.Fatalf("no move succeeded in %s", p.Data)
	}
	before := judged(t, k, d, *p)
	where := strings.ToLower(string(p.Data[move[4]:move[5]]))
	p.Data = slices.Concat(p.Data[:move[1]-len(`"succeeded"`)], []byte(`"failed","reason":"bounced","where":"`+where+`"`), p.Data[move[1]:])
	var buf bytes.Buffer
	if err := d.Board(&buf, r, p.Seq); err != nil {
		t.Fatal(err)
	}
	if got, was := strings.Count(buf.String(), ">bounced<"), strings.Count(string(before), ">bounced<"); got != was+1 {
		t.Errorf("the picture shows %d moves bounced, want the %d the orders make and the one the record says", got, was)
	}
}

// TestAnOldRecordIsStillDrawn: a movement phase recorded before its
// dislodged units were kept (no "dislodged" field) is drawn as before,
// its dislodged units shown.
func TestAnOldRecordIsStillDrawn(t *testing.T) {
	k := New(variants.MustLoad())
	d, r, recs := playedGame(t, k, "standard", 40)
	p := recordWith(t, recs, `"dislodged":[{`)
	var rec map[string]json.RawMessage
	if err := json.Unmarshal(p.Data, &rec); err != nil {
		t.Fatal(err)
	}
	delete(rec, "dislodged")
	var err error
	if p.Data, err = json.Marshal(rec); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := d.Board(&buf, r, p.Seq); err != nil {
		t.Fatal(err)
	}
	if want := judged(t, k, d, *p); !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("an old record is drawn differently:\n got  %s\n want %s", buf.Bytes(), want)
	}
	if !strings.Contains(buf.String(), "data-dislodged=") {
		t.Error("the old record's picture shows no dislodged unit")
	}
}

// TestARecordKeepsThePositionAsTheRowHeldIt: the position a phase is
// played from is written by name once, when it is reached, for the game's
// row; the phase's record takes it from the row as read, not written again
// (here a row whose units are in another order than the codec writes them:
// the record keeps that order). The row written after the phase holds the
// new position.
func TestARecordKeepsThePositionAsTheRowHeldIt(t *testing.T) {
	k := New(variants.MustLoad())
	played, r, recs := playedGame(t, k, "standard", 2)
	data, err := json.Marshal(played)
	if err != nil {
		t.Fatal(err)
	}
	var row map[string]json.RawMessage
	if err := json.Unmarshal(data, &row); err != nil {
		t.Fatal(err)
	}
	var pos codec.Position
	if err := json.Unmarshal(row["position"], &pos); err != nil {
		t.Fatal(err)
	}
	slices.Reverse(pos.Units)
	if row["position"], err = json.Marshal(pos); err != nil {
		t.Fatal(err)
	}
	if data, err = json.Marshal(row); err != nil {
		t.Fatal(err)
	}
	g, err := k.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	d := g.(*tableGame)
	if err := thinkAndAdvance(d, r, time.Unix(1_800_000_000, 0)); err != nil {
		t.Fatal(err)
	}
	var rec phaseRecord
	if err := json.Unmarshal(recs.phases[len(recs.phases)-1].Data, &rec); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(rec.Position.Units, pos.Units) {
		t.Errorf("the record's units are not the row's:\n got  %v\n want %v", rec.Position.Units, pos.Units)
	}
	after, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(after, &row); err != nil {
		t.Fatal(err)
	}
	var next codec.Position
	if err := json.Unmarshal(row["position"], &next); err != nil {
		t.Fatal(err)
	}
	if want := d.e.Codec.EncodePosition(d.g.Position); next.Phase == pos.Phase || !slices.Equal(next.Units, want.Units) {
		t.Errorf("the row after the phase holds %v %v, want %v %v", next.Phase, next.Units, want.Phase, want.Units)
	}
}
