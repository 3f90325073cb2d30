package variants_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/chancery/chancery/codec"
	"github.com/chancery/chancery/judge"
)

// TestColonialGame replays ../testdata/colonial-game.json, two years of a
// plausible Colonial game, phase by phase through the adjudication
// contract (judge.Judge), and checks what the record shows of the
// variant's rules: a railway move and a blocked one, China taking Hong
// Kong (nobody's after the Fall), a Turkish fleet through the Suez Canal
// with Britain's permission, and the positions the record expects. Every
// order of the record is legal.
func TestColonialGame(t *testing.T) {
	data, err := os.ReadFile("../testdata/colonial-game.json")
	if err != nil {
		t.Fatal(err)
	}
	var rec judge.Record
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	j := judge.New(colonialRegistry)
	cur, err := j.Start(rec.Variant)
	if err != nil {
		t.Fatal(err)
	}
	unitAt := func(p codec.Position, prov string) string {
		for _, u := range p.Units {
			if u.Province == prov {
				return u.Power + " " + u.Type
			}
		}
		return ""
	}
	result := func(out *judge.Output, power, order string) codec.Result {
		for _, r := range out.Results {
			if r.Power == power && r.Order == order {
				return r
			}
		}
		t.Fatalf("no result for %s %q in %+v", power, order, out.Results)
		return codec.Result{}
	}
	for i, ph := range rec.Phases {
		in := judge.Input{Variant: rec.Variant, Phase: cur.Phase, Units: cur.Units, Dislodged: cur.Dislodged,
			SupplyCenters: cur.SupplyCenters, Orders: ph.Orders, Options: rec.Options}
		if ph.Phase != nil && *ph.Phase != cur.Phase {
			t.Fatalf("phase %d: the record says %+v, the game is at %+v", i+1, *ph.Phase, cur.Phase)
		}
		out, err := j.Adjudicate(&in)
		if err != nil {
			t.Fatalf("phase %d: %v", i+1, err)
		}
		for _, r := range out.Results {
			if r.Result == "illegal" {
				t.Errorf("phase %d: %s %s is illegal: %s", i+1, r.Power, r.Order, r.Message)
			}
		}
		if ph.Expect != nil {
			if diff := judge.Compare(&out.Next, ph.Expect); diff != "" {
				t.Errorf("phase %d: %s", i+1, diff)
			}
		}
		switch i {
		case 0: // Spring 1870: Moscow to Irkutsk by the railway, through Omsk's Russian army.
			if r := result(out, "Russia", "A MOS - TSR - IRK"); r.Result != "succeeded" || unitAt(out.Next, "irk") != "Russia army" {
				t.Errorf("the railway move: %+v", r)
			}
		case 1: // Fall 1870: China holds Hong Kong: it is nobody's.
			if unitAt(out.Next, "hon") != "China army" {
				t.Error("China should hold Hong Kong")
			}
			if o, ok := out.Next.SupplyCenters["hon"]; ok {
				t.Errorf("Hong Kong is owned by %s after China held it in the Fall, want nobody", o)
			}
		case 3: // Spring 1871: Britain in Egypt lets the Turkish fleet through; China blocks the railway.
			if r := result(out, "Britain", "EGY PERMITS F MED - RED"); r.Result != "succeeded" {
				t.Errorf("the permission: %+v", r)
			}
			if r := result(out, "Turkey", "F MED - RED"); r.Result != "succeeded" || unitAt(out.Next, "red") != "Turkey fleet" {
				t.Errorf("the fleet through the canal: %+v", r)
			}
			r := result(out, "Russia", "A IRK - TSR - OMS")
			if r.Result != "failed" || r.Message != "blocked at Krasnoyarsk, stayed in Irkutsk" {
				t.Errorf("the blocked railway move: %+v", r)
			}
		case 4: // Fall 1871: the railway is free.
			if r := result(out, "Russia", "A IRK - TSR - OMS"); r.Result != "succeeded" || unitAt(out.Next, "oms") != "Russia army" {
				t.Errorf("the railway move: %+v", r)
			}
			if o, ok := out.Next.SupplyCenters["hon"]; ok {
				t.Errorf("Hong Kong is owned by %s, want nobody while China holds it", o)
			}
		}
		cur = out.Next
	}

	// chancery replay --check plays the same record the same way.
	res, err := j.Replay(&rec, true)
	if err != nil {
		t.Fatal(err)
	}
	if res.Phases != len(rec.Phases) || len(res.Mismatches) > 0 {
		t.Errorf("replay: %d phases, mismatches %v", res.Phases, res.Mismatches)
	}
}
