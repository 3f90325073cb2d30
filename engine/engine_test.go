package engine

import (
	"errors"
	"testing"

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
	if len(orders) != 2 || orders[0].Kind != rules.Move || e.Names.FormatOrder(orders[0]) != "F LON - NTH" {
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
