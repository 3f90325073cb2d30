package game

import (
	"errors"
	"testing"

	"github.com/chancery/chancery/engine"
	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/table"
)

// TestAdvanceRefusesMisfiledOrders: an order filed under another power,
// or orders for the neutral power or no power, are a caller's bug.
func TestAdvanceRefusesMisfiledOrders(t *testing.T) {
	e := standard(t)
	g, _ := New(e, table.Player{ID: "u1"}, "England", 60, true)
	_ = g.Start("u1", t0)
	french, _ := e.Parse(g.Position, "France", []string{"A par - bur"})
	england, _ := e.Names.Power("England")
	for _, orders := range []engine.Orders{{england: french}, {rules.NoPower: nil}, {rules.Power(99): nil}} {
		if _, err := g.Advance(e, orders, t0); !errors.Is(err, engine.ErrMisfiled) {
			t.Errorf("%v: got %v", orders, err)
		}
	}
	if g.Seq != 0 {
		t.Errorf("a refused phase was played: seq %d", g.Seq)
	}
}
