package game

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/chancery/chancery/judge"
	"github.com/chancery/chancery/notation"
	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/variants"
)

// Engine is one variant's rules as the game layer uses them: the variant,
// its names, and a pool of resolvers. It is safe for concurrent use.
type Engine struct {
	V     *rules.Variant
	Names *notation.Names
	pool  sync.Pool
}

// NewEngine returns the engine of variant v.
func NewEngine(v *rules.Variant) *Engine {
	e := &Engine{V: v, Names: notation.NewNames(v.Map)}
	e.pool.New = func() any { return rules.NewResolver(v, rules.Options{}) }
	return e
}

// Engines holds an engine per variant of a registry.
type Engines struct {
	byName map[string]*Engine
	names  []string
}

// NewEngines builds the engines of every variant in reg.
func NewEngines(reg *variants.Registry) *Engines {
	es := &Engines{byName: map[string]*Engine{}}
	for _, n := range reg.Names() {
		v, err := reg.Get(n)
		if err != nil {
			continue
		}
		es.byName[n] = NewEngine(v)
		es.names = append(es.names, n)
	}
	return es
}

// Get returns the engine of a variant (case-insensitive), or nil.
func (es *Engines) Get(name string) *Engine { return es.byName[strings.ToLower(name)] }

// Names returns the variants' names.
func (es *Engines) Names() []string { return append([]string(nil), es.names...) }

// Powers returns the names of the playing powers (the neutral power, if
// any, is not one).
func (e *Engine) Powers() []string {
	m := e.V.Map
	out := make([]string, 0, len(m.Powers))
	for p := 1; p < len(m.Powers); p++ {
		if rules.Power(p) != e.V.Neutral {
			out = append(out, m.Powers[p])
		}
	}
	return out
}

// power returns the id of a playing power's name.
func (e *Engine) power(name string) (rules.Power, bool) {
	p, ok := e.Names.Power(name)
	if !ok || p == e.V.Neutral {
		return rules.NoPower, false
	}
	return p, true
}

// StartPosition is the variant's starting position in the contract's form.
func (e *Engine) StartPosition() judge.Position {
	return judge.FormatPosition(e.V, e.Names, e.V.Start)
}

// Core turns a position in the contract's form (as games store it) into
// the rules core's position.
func (e *Engine) Core(jp judge.Position) (*rules.Position, error) {
	m := e.V.Map
	ph, err := judge.ParsePhase(jp.Phase)
	if err != nil {
		return nil, err
	}
	pos := rules.NewPosition(m, ph)
	for prov, power := range jp.SupplyCenters {
		p, ok := e.Names.Province(prov)
		if !ok {
			return nil, fmt.Errorf("supply centre %q: unknown province", prov)
		}
		pw, ok := e.Names.Power(power)
		if !ok {
			return nil, fmt.Errorf("supply centre %q: unknown power %q", prov, power)
		}
		pos.Owner[p] = pw
	}
	unit := func(power, typ, prov string) (rules.Unit, rules.Loc, error) {
		pw, ok := e.Names.Power(power)
		if !ok {
			return rules.Unit{}, rules.Loc{}, fmt.Errorf("unit in %q: unknown power %q", prov, power)
		}
		l, ok := e.Names.Loc(prov)
		if !ok {
			return rules.Unit{}, rules.Loc{}, fmt.Errorf("unit: unknown province %q", prov)
		}
		t := rules.Army
		if typ == "fleet" {
			t = rules.Fleet
		}
		return rules.Unit{Type: t, Power: pw, Coast: l.Coast}, l, nil
	}
	for _, u := range jp.Units {
		cu, l, err := unit(u.Power, u.Type, u.Province)
		if err != nil {
			return nil, err
		}
		pos.Units[l.Province] = cu
	}
	for _, d := range jp.Dislodged {
		cu, l, err := unit(d.Power, d.Type, d.Province)
		if err != nil {
			return nil, err
		}
		dl := rules.Dislodged{Unit: cu, Province: l.Province, AttackerFrom: rules.NoProvince, ByConvoy: d.ByConvoy, Retreats: []rules.Loc{}}
		if a, ok := e.Names.Province(d.AttackerFrom); ok {
			dl.AttackerFrom = a
		}
		for _, r := range d.Retreats {
			if rl, ok := e.Names.Loc(r); ok {
				dl.Retreats = append(dl.Retreats, rl)
			}
		}
		pos.Dislodged = append(pos.Dislodged, dl)
	}
	return pos, nil
}

// OrderError is one order of a batch that cannot be accepted.
type OrderError struct {
	Index   int    `json:"index"`
	Order   string `json:"order"`
	Message string `json:"message"`
}

// OrdersError is a batch of orders refused as a whole: one entry per bad
// order.
type OrdersError struct{ Orders []OrderError }

func (e *OrdersError) Error() string {
	msgs := make([]string, len(e.Orders))
	for i, o := range e.Orders {
		msgs[i] = fmt.Sprintf("order %d (%q): %s", o.Index+1, o.Order, o.Message)
	}
	return "invalid orders: " + strings.Join(msgs, "; ")
}

// Validate checks power's batch of orders against a position and returns
// them in canonical form. The batch is accepted or refused as a whole: an
// order that cannot be read, that is not power's, that does not belong to
// the phase or that the rules make illegal on its own (whatever the other
// powers order) makes the error list every such order.
func (e *Engine) Validate(pos *rules.Position, power string, texts []string) ([]string, error) {
	pw, ok := e.power(power)
	if !ok {
		return nil, fmt.Errorf("%w: unknown power %q", ErrInvalid, power)
	}
	var bad []OrderError
	orders := make([]rules.Order, 0, len(texts))
	idx := make([]int, 0, len(texts))
	for i, t := range texts {
		o, err := e.Names.ParseOrder(t, pw, pos.Phase.Type)
		if err != nil {
			bad = append(bad, OrderError{Index: i, Order: t, Message: err.Error()})
			continue
		}
		if o.Power != pw {
			bad = append(bad, OrderError{Index: i, Order: t, Message: "order for another power"})
			continue
		}
		orders = append(orders, o)
		idx = append(idx, i)
	}
	r := e.pool.Get().(*rules.Resolver)
	res, err := r.Adjudicate(pos, orders)
	e.pool.Put(r)
	if err != nil {
		return nil, fmt.Errorf("game position does not fit the map: %v", err)
	}
	canon := make([]string, len(texts))
	for k, rs := range res.Results {
		i := idx[k]
		// A canal permission is the one check that depends on another
		// power's orders: it is settled at adjudication.
		if rs.Outcome == rules.Illegal && rs.Reason != rules.NoPermission {
			bad = append(bad, OrderError{Index: i, Order: texts[i], Message: rs.Message(e.V.Map)})
			continue
		}
		canon[i] = e.Names.FormatOrder(rs.Order)
	}
	if len(bad) > 0 {
		sort.Slice(bad, func(a, b int) bool { return bad[a].Index < bad[b].Index })
		return nil, &OrdersError{Orders: bad}
	}
	return canon, nil
}

// Owes reports whether power has anything to order in pos: units in a
// movement phase, dislodged units in a retreat phase, builds it can make
// or removals it must make in an adjustment phase.
func (e *Engine) Owes(pos *rules.Position, power string) bool {
	pw, ok := e.power(power)
	if !ok {
		return false
	}
	m := e.V.Map
	switch pos.Phase.Type {
	case rules.MovementPhase:
		for _, u := range pos.Units {
			if u.Type != rules.NoUnit && u.Power == pw {
				return true
			}
		}
	case rules.RetreatPhase:
		for _, d := range pos.Dislodged {
			if d.Power == pw {
				return true
			}
		}
	case rules.AdjustmentPhase:
		due := e.V.AdjustmentDue(pos, pw)
		if due < 0 {
			return true
		}
		if due > 0 {
			for p := range m.Provinces {
				if e.V.BuildSite(pos, pw, rules.Province(p)) {
					return true
				}
			}
		}
	}
	return false
}

// Alive reports whether power still plays: it owns a supply centre or has
// a unit.
func (e *Engine) Alive(pos *rules.Position, power string) bool {
	pw, ok := e.power(power)
	if !ok {
		return false
	}
	if pos.CentreCount(e.V.Map)[pw] > 0 {
		return true
	}
	for _, u := range pos.Units {
		if u.Type != rules.NoUnit && u.Power == pw {
			return true
		}
	}
	for _, d := range pos.Dislodged {
		if d.Power == pw {
			return true
		}
	}
	return false
}

// Resolution is one adjudicated phase in the contract's form.
type Resolution struct {
	Phase     judge.Phase         `json:"phase"`
	Orders    map[string][]string `json:"orders"`
	Results   []judge.Result      `json:"results"`
	Disbanded []judge.Unit        `json:"disbanded"`
	Next      judge.Position      `json:"next"`
	Winner    string              `json:"winner,omitempty"`
}

// Resolve adjudicates pos with each power's orders (already validated; an
// order that no longer parses is reported illegal, not an error). Powers
// with no orders are treated by the rules: units hold, missing retreats
// disband, missing adjustments follow civil disorder.
func (e *Engine) Resolve(pos *rules.Position, orders map[string][]string) (*Resolution, error) {
	m := e.V.Map
	out := &Resolution{Phase: judge.FormatPhase(pos.Phase), Orders: map[string][]string{}, Results: []judge.Result{}, Disbanded: []judge.Unit{}}
	var core []rules.Order
	type text struct {
		power, order, err string
	}
	var texts []text
	for _, power := range e.Powers() {
		pw, _ := e.power(power)
		for _, t := range orders[power] {
			out.Orders[power] = append(out.Orders[power], t)
			o, err := e.Names.ParseOrder(t, pw, pos.Phase.Type)
			if err != nil {
				texts = append(texts, text{power, t, err.Error()})
				continue
			}
			core = append(core, o)
			texts = append(texts, text{power: power, order: t})
		}
	}
	r := e.pool.Get().(*rules.Resolver)
	res, err := r.Adjudicate(pos, core)
	e.pool.Put(r)
	if err != nil {
		return nil, err
	}
	k := 0
	for _, t := range texts {
		if t.err != "" {
			out.Results = append(out.Results, judge.Result{Power: t.power, Order: t.order, Result: "illegal", Reason: "syntax", Message: t.err})
			continue
		}
		rs := &res.Results[k]
		k++
		out.Results = append(out.Results, judge.Result{Power: t.power, Order: e.Names.FormatOrder(rs.Order),
			Result: rs.Outcome.String(), Reason: rs.Reason.String(), Message: rs.Message(m)})
	}
	for _, d := range res.Disbanded {
		out.Disbanded = append(out.Disbanded, judge.Unit{Power: m.PowerName(d.Power), Type: d.Type.String(), Province: e.Names.LocString(d.Loc())})
	}
	out.Next = judge.FormatPosition(e.V, e.Names, res.Next)
	if res.Winner != rules.NoPower {
		out.Winner = m.PowerName(res.Winner)
	}
	return out, nil
}
