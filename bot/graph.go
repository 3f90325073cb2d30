package bot

import (
	"slices"

	"github.com/chancery/chancery/rules"
)

// Graph is a variant's map as the bots read it: its adjacency at province
// level, per unit type. It depends on the variant alone and never changes
// once made, so one Graph serves every decision in that variant, from any
// number of goroutines. A caller that asks for many decisions in one
// variant (a server, a tournament) makes it once with NewGraph and hands
// it to its players (New, PhaseOrders); a player without one, or with
// another variant's, makes its own for each decision.
type Graph struct {
	v *rules.Variant
	m *rules.Map
	// adj[t][p]: the provinces a unit of type t in p may move to, over
	// any of p's coasts (t is rules.Army or rules.Fleet).
	adj [3][][]rules.Province
	// any[p]: the provinces that share a border with p, for armies or
	// fleets (borders go both ways, so p is among their neighbours too).
	any [][]rules.Province
}

// NewGraph returns the graph of v's map.
func NewGraph(v *rules.Variant) *Graph {
	m := v.Map
	n := m.NumProvinces()
	g := &Graph{v: v, m: m}
	for t := rules.Army; t <= rules.Fleet; t++ {
		g.adj[t] = make([][]rules.Province, n)
	}
	g.any = make([][]rules.Province, n)
	for _, br := range m.Borders() {
		f, to := br.From.Province, br.To.Province
		if br.Army && !slices.Contains(g.adj[rules.Army][f], to) {
			g.adj[rules.Army][f] = append(g.adj[rules.Army][f], to)
		}
		if br.Fleet && !slices.Contains(g.adj[rules.Fleet][f], to) {
			g.adj[rules.Fleet][f] = append(g.adj[rules.Fleet][f], to)
		}
		if !slices.Contains(g.any[f], to) {
			g.any[f] = append(g.any[f], to)
		}
	}
	return g
}

// Variant returns the variant whose map g is.
func (g *Graph) Variant() *rules.Variant { return g.v }

// of returns g when it is v's graph (g may be nil), and otherwise a new
// graph of v.
func (g *Graph) of(v *rules.Variant) *Graph {
	if g != nil && g.v == v {
		return g
	}
	return NewGraph(v)
}
