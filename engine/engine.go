// Package engine is one variant's rules at work, shared by the server's
// games, the command line and the tournament: the variant, its codec
// (names to ids and back, for what enters and leaves the process) and a
// pool of resolvers. It reads a person's orders once, checks them as a
// batch, reads the orders a store kept, and adjudicates a phase into its
// record.
package engine

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/chancery/chancery/codec"
	"github.com/chancery/chancery/notation"
	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/table"
	"github.com/chancery/chancery/variants"
)

// Engine is one variant's rules as the game layer uses them: the variant,
// its codec (names to ids and back, for what enters and leaves the
// process), and a pool of resolvers. It is safe for concurrent use.
type Engine struct {
	V     *rules.Variant
	Names *notation.Names
	Codec *codec.Codec
	pool  sync.Pool
}

// New returns the engine of variant v.
func New(v *rules.Variant) *Engine {
	c := codec.New(v)
	e := &Engine{V: v, Names: c.Names(), Codec: c}
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
		es.byName[n] = New(v)
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
	powers := e.V.Powers()
	out := make([]string, 0, len(powers))
	for _, p := range powers {
		out = append(out, e.V.Map.PowerName(p))
	}
	return out
}

// The errors of the engine beside the orders it refuses (table.OrdersError):
// the caller's own mistakes, never a player's.
var (
	// ErrUnknownPower: a power's name that the variant does not play.
	ErrUnknownPower = errors.New("unknown power")
	// ErrMisfiled: orders under a power that does not play, or filed under
	// another power's.
	ErrMisfiled = errors.New("misfiled orders")
)

// Power returns the id of a playing power's name.
func (e *Engine) Power(name string) (rules.Power, bool) {
	p, ok := e.Names.Power(name)
	if !ok || !e.V.Plays(p) {
		return rules.NoPower, false
	}
	return p, true
}

// Parse reads power's batch of orders, written by a person, and checks it
// against a position: this is where a person's text becomes typed orders,
// once. The batch is accepted or refused as a whole: an order that cannot
// be read, that is not power's, that does not belong to the phase or that
// the rules make illegal on its own (whatever the other powers order)
// makes the error, an *table.OrdersError, list every such order. The orders
// come back as the rules read them (coasts and unit types filled in).
func (e *Engine) Parse(pos *rules.Position, power string, texts []string) ([]rules.Order, error) {
	given := make([]Given, len(texts))
	for i, t := range texts {
		given[i].Text = t
	}
	return e.ParseGiven(pos, power, given)
}

// Given is one order of a batch as a person gives it: its text, or, when
// Parts is set, its parts (a client sends back one of the legal orders it
// was offered, by the parts they were listed with).
type Given struct {
	Text  string
	Parts *codec.OrderParts
}

// ParseGiven is Parse for a batch whose orders are each given by its text
// or by its parts: an order by its parts is read by the codec, strictly
// (codec.Codec.ReadOrder), never through text; the errors name it by its
// index and its canonical text, or, when its parts do not read, by its
// index alone (reason "syntax").
func (e *Engine) ParseGiven(pos *rules.Position, power string, given []Given) ([]rules.Order, error) {
	pw, ok := e.Power(power)
	if !ok {
		return nil, fmt.Errorf("%w %q", ErrUnknownPower, power)
	}
	var bad []table.OrderError
	orders := make([]rules.Order, 0, len(given))
	idx := make([]int, 0, len(given))
	texts := make([]string, len(given))
	for i, g := range given {
		var o rules.Order
		var err error
		if g.Parts != nil {
			o, err = e.Codec.ReadOrder(pw, g.Parts)
		} else {
			texts[i] = g.Text
			o, err = e.Names.ParseOrder(g.Text, pw, pos.Phase.Type)
		}
		if err != nil {
			bad = append(bad, table.OrderError{Index: i, Order: g.Text, Reason: "syntax", Message: err.Error()})
			continue
		}
		orders = append(orders, o)
		idx = append(idx, i)
	}
	return e.check(pos, pw, orders, idx, texts, bad)
}

// Check is Parse for orders already typed (a terminal that read them one
// by one checks the batch at the end): the errors name each bad order by
// its index and its canonical text.
func (e *Engine) Check(pos *rules.Position, power string, orders []rules.Order) ([]rules.Order, error) {
	pw, ok := e.Power(power)
	if !ok {
		return nil, fmt.Errorf("%w %q", ErrUnknownPower, power)
	}
	idx := make([]int, len(orders))
	for i := range idx {
		idx[i] = i
	}
	return e.check(pos, pw, orders, idx, nil, nil)
}

// check adjudicates a batch of pw's orders alone — idx gives the index of
// each in the batch as given, texts the batch's text when it was text —
// and adds to bad the orders that are another power's or that the rules
// refuse whatever the other powers order.
func (e *Engine) check(pos *rules.Position, pw rules.Power, orders []rules.Order, idx []int, texts []string,
	bad []table.OrderError) ([]rules.Order, error) {
	mine := make([]rules.Order, 0, len(orders))
	mineIdx := make([]int, 0, len(orders))
	for k, o := range orders {
		if o.Power != pw {
			bad = append(bad, table.OrderError{Index: idx[k], Order: e.orderText(texts, idx[k], o), Reason: "other_power",
				Message: "order for another power"})
			continue
		}
		mine = append(mine, o)
		mineIdx = append(mineIdx, idx[k])
	}
	r := e.pool.Get().(*rules.Resolver)
	res, err := r.Adjudicate(pos, mine)
	e.pool.Put(r)
	if err != nil {
		return nil, fmt.Errorf("game position does not fit the map: %w", err)
	}
	out := make([]rules.Order, 0, len(mine))
	for k, rs := range res.Results {
		// A canal permission is the one check that depends on another
		// power's orders: it is settled at adjudication.
		if rs.Outcome == rules.Illegal && rs.Reason != rules.NoPermission {
			why := e.Codec.EncodeResult(pw, &rs)
			bad = append(bad, table.OrderError{Index: mineIdx[k], Order: e.orderText(texts, mineIdx[k], mine[k]), Reason: why.Reason,
				Where: why.Where, Message: why.Message})
			continue
		}
		out = append(out, rs.Order)
	}
	if len(bad) > 0 {
		return nil, e.ordersError(bad)
	}
	return out, nil
}

// orderText is the i-th order of a batch as it was given: its text, or the
// canonical text of a typed order (or of one given by its parts).
func (e *Engine) orderText(texts []string, i int, o rules.Order) string {
	if texts != nil && texts[i] != "" {
		return texts[i]
	}
	return e.Names.FormatOrder(o)
}

func (e *Engine) ordersError(bad []table.OrderError) error {
	sort.Slice(bad, func(a, b int) bool { return bad[a].Index < bad[b].Index })
	return &table.OrdersError{Orders: bad}
}

// ReadOrders reads power's orders kept as their canonical texts (as a
// server kept them before it kept their parts). They were checked when given, so a text that
// no longer reads is damaged data (or a variant whose names changed under
// a running game): a *DecodeError naming the power and the order, never an
// order silently dropped.
func (e *Engine) ReadOrders(power string, t rules.PhaseType, texts []string) ([]rules.Order, error) {
	pw, ok := e.Power(power)
	if !ok {
		return nil, &DecodeError{Field: "orders", Err: &codec.NameError{What: "power", Name: power}}
	}
	orders := make([]rules.Order, 0, len(texts))
	for i, text := range texts {
		o, err := e.Names.ParseOrder(text, pw, t)
		if err != nil {
			return nil, &DecodeError{Field: fmt.Sprintf("orders of %s[%d]", power, i), Err: err}
		}
		orders = append(orders, o)
	}
	return orders, nil
}

// Owes reports whether power has anything to order in pos (the
// variant's rule, rules.Variant.Owes).
func (e *Engine) Owes(pos *rules.Position, power string) bool {
	pw, ok := e.Power(power)
	return ok && e.V.Owes(pos, pw)
}

// Alive reports whether power still plays: it owns a supply centre or has
// a unit (the variant's rule, rules.Variant.Alive).
func (e *Engine) Alive(pos *rules.Position, power string) bool {
	pw, ok := e.Power(power)
	return ok && e.V.Alive(pos, pw)
}

// Resolution is one adjudicated phase in the contract's form: the record
// of the phase, for the history and for people.
type Resolution struct {
	Phase     codec.Phase         `json:"phase"`
	Orders    map[string][]string `json:"orders"`
	Results   []codec.Result      `json:"results"`
	Disbanded []codec.Unit        `json:"disbanded"`
	// Dislodged are the units the phase dislodged, each with where its
	// attacker came from: those that may retreat (in Next) and those
	// disbanded at once (also in Disbanded).
	Dislodged []codec.Dislodged `json:"dislodged,omitempty"`
	// The position that follows is not here: it is the game's (the
	// core's Next), written once, as the game's position. Records stored
	// before kept it again as "next", which reading them ignores.
	Winner string `json:"winner,omitempty"`
}

// Orders are the orders of one phase, power by power: typed, as the game
// takes them (a person's text is read once, by Parse; a bot's orders go
// straight in).
type Orders map[rules.Power][]rules.Order

// Resolve adjudicates pos with each power's orders and returns the record
// of the phase, with the orders written once as text, and the core's
// resolution (its Next is the position that follows, the caller's to
// keep and to write: the record does not repeat it). Powers with no orders are treated by the rules: units hold,
// missing retreats disband, missing adjustments follow civil disorder.
// Orders under a power that does not play, or filed under another
// power's id, are an error.
func (e *Engine) Resolve(pos *rules.Position, orders Orders) (*Resolution, *rules.Resolution, error) {
	m := e.V.Map
	var core []rules.Order
	for pw, list := range orders {
		if !e.V.Plays(pw) {
			return nil, nil, fmt.Errorf("%w: orders for power %d, which does not play", ErrMisfiled, pw)
		}
		for _, o := range list {
			if o.Power != pw {
				return nil, nil, fmt.Errorf("%w: an order of %s among %s's", ErrMisfiled, m.PowerName(o.Power), m.PowerName(pw))
			}
		}
	}
	// Powers in the map's order, so that results read the same every time.
	for p := 1; p < len(m.Powers); p++ {
		core = append(core, orders[rules.Power(p)]...)
	}
	r := e.pool.Get().(*rules.Resolver)
	res, err := r.Adjudicate(pos, core)
	e.pool.Put(r)
	if err != nil {
		return nil, nil, err
	}
	out := &Resolution{Phase: codec.FormatPhase(pos.Phase), Orders: map[string][]string{},
		Results: make([]codec.Result, 0, len(res.Results)), Disbanded: []codec.Unit{}}
	for i := range res.Results {
		o, rs := core[i], &res.Results[i]
		r := e.Codec.EncodeResult(o.Power, rs)
		text := r.Order // the order as given, unless the rules read it otherwise
		if rs.Order != o {
			text = e.Names.FormatOrder(o)
		}
		out.Orders[r.Power] = append(out.Orders[r.Power], text)
		out.Results = append(out.Results, r)
	}
	out.Dislodged = []codec.Dislodged{}
	if pos.Phase.Type == rules.MovementPhase {
		for i := range res.Next.Dislodged {
			out.Dislodged = append(out.Dislodged, e.Codec.EncodeDislodged(&res.Next.Dislodged[i]))
		}
	}
	for i, d := range res.Disbanded {
		out.Disbanded = append(out.Disbanded, e.Codec.EncodeUnit(d.Unit, d.Province))
		if pos.Phase.Type == rules.MovementPhase {
			out.Dislodged = append(out.Dislodged, e.Codec.EncodeDislodged(&res.Disbanded[i]))
		}
	}
	if res.Winner != rules.NoPower {
		out.Winner = m.PowerName(res.Winner)
	}
	return out, res, nil
}

// DecodeError is stored data that does not read: the field at fault and
// the cause (often a *codec.InputError naming the province or power). A
// server that meets one serves a damaged row or has a bug: it answers 500
// and logs the error, never 422.
type DecodeError struct {
	Field string
	Err   error
}

func (e *DecodeError) Error() string { return "stored game: " + e.Field + ": " + e.Err.Error() }

// Unwrap returns the cause.
func (e *DecodeError) Unwrap() error { return e.Err }
