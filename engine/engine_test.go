package engine

import (
	"errors"
	"slices"
	"testing"

	"github.com/chancery/chancery/codec"
	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/table"
	"github.com/chancery/chancery/variants"
)

func standard(t *testing.T) *Engine {
	t.Helper()
	return NewEngines(variants.MustLoad()).Get("standard")
}

// TestTypedOrdersGoStraightIn: Parse reads a person's text once; Check
// takes a typed batch (as a terminal builds it) and names a bad order by
// its index and canonical text.
func TestTypedOrdersGoStraightIn(t *testing.T) {
	e := standard(t)
	pos := e.V.Start
	orders, err := e.Parse(pos, "England", []string{"f lon - nth", "A lvp - yor"})
	if err != nil {
		t.Fatal(err)
	}
	if len(orders) != 2 || orders[0].Type != rules.Move || e.Names.FormatOrder(orders[0]) != "F LON - NTH" {
		t.Fatalf("parsed %+v", orders)
	}
	if _, err := e.Check(pos, "England", orders); err != nil {
		t.Fatalf("a good typed batch: %v", err)
	}
	bad := append(orders, orders[0]) // the fleet ordered twice
	_, err = e.Check(pos, "England", bad)
	var oe *table.OrdersError
	if !errors.As(err, &oe) || len(oe.Orders) == 0 || oe.Orders[0].Order != "F LON - NTH" {
		t.Fatalf("a duplicate order: %v", err)
	}
	french, _ := e.Parse(pos, "France", []string{"A par - bur"})
	if _, err := e.Check(pos, "England", french); !errors.As(err, &oe) || oe.Orders[0].Message != "order for another power" ||
		oe.Orders[0].Reason != "other_power" {
		t.Fatalf("France's order in England's batch: %v", err)
	}
	// Each refusal carries its reason's word, and the province it refers
	// to, for a client to explain it in its reader's language.
	_, err = e.Parse(pos, "England", []string{"F LON - XYZ", "F EDI - MOS", "F LON - NTH", "F EDI - NTH", "A LVP - YOR"})
	want := []table.OrderError{{Index: 0, Reason: "syntax"}, {Index: 1, Reason: "not_adjacent"}, {Index: 3, Reason: "duplicate"}}
	if !errors.As(err, &oe) || len(oe.Orders) != len(want) {
		t.Fatalf("a batch with an unreadable, an unreachable and a duplicate order: %v", err)
	}
	for i, w := range want {
		if got := oe.Orders[i]; got.Index != w.Index || got.Reason != w.Reason || got.Message == "" {
			t.Errorf("refusal %d: %+v, want index %d reason %s", i, got, w.Index, w.Reason)
		}
	}
}

// TestReadOrdersIsStrict: stored orders that no longer read are damaged
// data, named, not dropped.
func TestReadOrdersIsStrict(t *testing.T) {
	e := standard(t)
	got, err := e.ReadOrders("England", rules.MovementPhase, []string{"F LON - NTH", "A LVP - YOR"})
	if err != nil || len(got) != 2 {
		t.Fatalf("%v %+v", err, got)
	}
	_, err = e.ReadOrders("England", rules.MovementPhase, []string{"F LON - NTH", "F LON - ATLANTIS"})
	var de *DecodeError
	if !errors.As(err, &de) || de.Field != "orders of England[1]" || errors.Is(err, ErrUnknownPower) {
		t.Fatalf("got %v", err)
	}
	if _, err := e.ReadOrders("Narnia", rules.MovementPhase, nil); !errors.As(err, &de) {
		t.Fatalf("unknown power: %v", err)
	}
}

// TestOrdersGivenByTheirParts: a batch may give each order by its text or
// by its parts, as the legal orders list them; both read to the same
// orders, and a refusal names an order given by its parts by its
// canonical text.
func TestOrdersGivenByTheirParts(t *testing.T) {
	e := standard(t)
	pos := e.V.Start
	given := []Given{
		{Parts: &codec.OrderParts{Type: "move", Unit: "F", At: "lon", Target: "nth"}},
		{Text: "a lvp - yor"},
		{Parts: &codec.OrderParts{Type: "support", Unit: "F", At: "edi", Target: "lon", TargetUnit: "F", Dest: "nth"}},
	}
	orders, err := e.ParseGiven(pos, "England", given)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, o := range orders {
		got = append(got, e.Names.FormatOrder(o))
	}
	if want := []string{"F LON - NTH", "A LVP - YOR", "F EDI S F LON - NTH"}; !slices.Equal(got, want) {
		t.Fatalf("read %q, want %q", got, want)
	}
	_, err = e.ParseGiven(pos, "England", []Given{
		{Parts: &codec.OrderParts{Type: "move", Unit: "F", At: "lon", Target: "mos"}},
		{Parts: &codec.OrderParts{Type: "move", At: "lon"}},
		{Parts: &codec.OrderParts{Type: "march", At: "lon"}},
	})
	var oe *table.OrdersError
	if !errors.As(err, &oe) || len(oe.Orders) != 3 {
		t.Fatalf("three bad orders by their parts: %v", err)
	}
	if o := oe.Orders[0]; o.Order != "F LON - MOS" || o.Reason != "not_adjacent" {
		t.Errorf("an unreachable move by its parts: %+v", o)
	}
	for _, o := range oe.Orders[1:] {
		if o.Reason != "syntax" || o.Message == "" {
			t.Errorf("parts that do not read: %+v", o)
		}
	}
}

// TestOrdersOfEveryShapeByTheirParts: whatever parts a person gives, of
// any kind of order, in every kind of phase, the batch is refused with a
// reason or read to an order that its canonical text gives again: nothing
// fails or panics, and no order is kept that no text could give.
func TestOrdersOfEveryShapeByTheirParts(t *testing.T) {
	e := standard(t)
	kinds := []string{"hold", "move", "support", "convoy", "retreat", "disband", "build", "remove", "waive", "permit", "railway"}
	for _, typ := range []rules.PhaseType{rules.MovementPhase, rules.RetreatPhase, rules.AdjustmentPhase} {
		pos := e.V.Start.Clone()
		pos.Phase.Type = typ
		if typ == rules.AdjustmentPhase {
			pos.Phase.Season = rules.Winter
		}
		for _, kind := range kinds {
			for set := 0; set < 1<<6; set++ {
				p := &codec.OrderParts{Type: kind}
				for i, f := range []*string{&p.At, &p.Unit, &p.Target, &p.TargetUnit, &p.Dest} {
					if set&(1<<i) != 0 {
						*f = []string{"lon", "F", "nth", "A", "nwy"}[i]
					}
				}
				p.ViaConvoy = set&(1<<5) != 0
				orders, err := e.ParseGiven(pos, "England", []Given{{Parts: p}})
				var oe *table.OrdersError
				if err != nil && (!errors.As(err, &oe) || oe.Orders[0].Reason == "") {
					t.Errorf("%v, %+v: %v", typ, p, err)
				}
				if err == nil {
					text := e.Names.FormatOrder(orders[0])
					again, err := e.Parse(pos, "England", []string{text})
					if err != nil || again[0] != orders[0] {
						t.Errorf("%v, %+v read to %q, which reads to %+v (%v), not %+v", typ, p, text, again, err, orders[0])
					}
				}
			}
		}
	}
}
