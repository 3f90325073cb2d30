// Package judge implements the adjudication contract of the command line
// (see docs/contract.md): a position and orders as JSON in, the results
// and the next position as JSON out, and game records replayed. The
// contract's positions, units and results are package codec's, which
// turns names into the rules core's ids and back for every edge.
package judge

import (
	"strings"

	"github.com/chancery/chancery/codec"
	"github.com/chancery/chancery/engine"
	"github.com/chancery/chancery/notation"
	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/variants"
)

// Options are the game options of the contract.
type Options struct {
	// Paradox is "szykman" (the default) or "all-hold" (DATC 4.A.2).
	Paradox string `json:"paradox,omitempty"`
	// ConvoyFallback moves an army ordered "via convoy" to an adjacent
	// province by land when no fleet is ordered to convoy it (the DATC
	// version 2 reading of 4.A.3; the default is the 3.1 reading: it
	// stays).
	ConvoyFallback bool `json:"convoy_fallback,omitempty"`
	// Railway is the reading of the railway rules (Colonial's
	// Trans-Siberian Railroad): "2.2" (vDiplomacy's revision 2.2, the
	// default) or "ah1996" (Avalon Hill's 1996 clarifications).
	Railway string `json:"railway,omitempty"`
	// IgnoreUnitType carries out an order that names the wrong unit type
	// as if it named the right one (the DATC's preference for 4.C.2); by
	// default, as rules/standard.md decides, such an order is illegal.
	IgnoreUnitType bool `json:"ignore_unit_type,omitempty"`
}

// Input is what "chancery adjudicate" reads.
type Input struct {
	Variant       string              `json:"variant"`
	Phase         codec.Phase         `json:"phase"`
	Units         []codec.Unit        `json:"units"`
	Dislodged     []codec.Dislodged   `json:"dislodged"`
	SupplyCenters map[string]string   `json:"supply_centers"`
	Orders        map[string][]string `json:"orders"`
	Options       *Options            `json:"options,omitempty"`
}

// Output is what "chancery adjudicate" writes.
type Output struct {
	Results []codec.Result `json:"results"`
	Next    codec.Position `json:"next"`
	Winner  *string        `json:"winner"`
}

// Judge adjudicates contract inputs for the variants of a registry. It
// caches a resolver and the names of each variant; it is not safe for
// concurrent use.
type Judge struct {
	reg   *variants.Registry
	cache map[string]*state
	read  reader
}

// state is a judge's state for one variant: the variant's engine (its
// codec and names), resolvers by options and scratch space reused from
// one input to the next.
type state struct {
	*engine.Engine
	parse  *notation.Parser
	res    map[rules.Options]*rules.Resolver
	pos    rules.Position
	out    rules.Resolution
	ords   []rules.Order
	texts  []ordText
	powers []namedPower
	// What AdjudicateJSON writes with: the names as JSON strings, built
	// when first needed, and scratch space.
	json      *jsonNames
	unitOrder []rules.Province
	retreats  []rules.Loc
	msg       []byte // appendErrorText's
}

// namedPower is a power as the input names it, with its orders.
type namedPower struct {
	id     rules.Power
	orders []string
}

// ordText is an order as the input wrote it, and why it cannot be read.
type ordText struct {
	power rules.Power
	text  string
	err   error
}

// New returns a judge for the variants of reg.
func New(reg *variants.Registry) *Judge {
	return &Judge{reg: reg, cache: map[string]*state{}}
}

func (j *Judge) state(name string) (*state, error) {
	if e, ok := j.cache[name]; ok {
		return e, nil
	}
	v, err := j.reg.Get(name)
	if err != nil {
		return nil, &codec.InputError{Err: err}
	}
	e := &state{Engine: engine.New(v), res: map[rules.Options]*rules.Resolver{}}
	e.parse = e.Names.NewParser()
	// The name may be a substring of AdjudicateJSON's input, which its
	// caller reuses: the cache keeps a copy.
	j.cache[strings.Clone(name)] = e
	j.cache[v.Name] = e
	return e, nil
}

// resolver returns the state's resolver for the options.
func (e *state) resolver(opt rules.Options) *rules.Resolver {
	r := e.res[opt]
	if r == nil {
		r = rules.NewResolver(e.V, opt)
		e.res[opt] = r
	}
	return r
}

// ParseOptions reads the contract's game options; nil means the defaults
// (the DATC's preferences, but for a wrong unit type: see Options).
func ParseOptions(o *Options) (rules.Options, error) {
	var opt rules.Options
	if o == nil {
		return opt, nil
	}
	switch strings.ToLower(o.Paradox) {
	case "", "szykman":
	case "all-hold", "allhold":
		opt.Paradox = rules.AllHold
	default:
		return opt, inputErr("options", o.Paradox, &codec.NameError{What: "paradox rule", Name: o.Paradox, Known: "szykman or all-hold"})
	}
	opt.ConvoyFallback = o.ConvoyFallback
	opt.IgnoreUnitType = o.IgnoreUnitType
	switch strings.ToLower(o.Railway) {
	case "", "2.2", "vdiplomacy":
	case "ah1996", "avalon-hill-1996", "avalonhill":
		opt.Railway = rules.RailwayAH1996
	default:
		return opt, inputErr("options", o.Railway, &codec.NameError{What: "railway reading", Name: o.Railway, Known: "2.2 or ah1996"})
	}
	return opt, nil
}

// Adjudicate resolves one contract input.
func (j *Judge) Adjudicate(in *Input) (*Output, error) {
	e, err := j.resolve(in)
	if err != nil {
		return nil, err
	}
	return e.output(), nil
}

// Resolve does the whole work of one phase — builds the position, parses
// the orders, resolves — and returns the core's resolution without
// formatting it. The resolution is owned by the judge and valid until the
// next call: this is what benchmarks measure.
func (j *Judge) Resolve(in *Input) (*rules.Resolution, error) {
	e, err := j.resolve(in)
	if err != nil {
		return nil, err
	}
	return &e.out, nil
}

func (j *Judge) resolve(in *Input) (*state, error) {
	e, err := j.state(in.Variant)
	if err != nil {
		return nil, err
	}
	if err := e.Codec.DecodePositionInto(&e.pos, &codec.Position{Phase: in.Phase, Units: in.Units, Dislodged: in.Dislodged,
		SupplyCenters: in.SupplyCenters}); err != nil {
		return nil, err
	}
	opt, err := ParseOptions(in.Options)
	if err != nil {
		return nil, err
	}
	r := e.resolver(opt)
	if err := e.orders(in.Orders, e.pos.Phase.Type); err != nil {
		return nil, err
	}
	// The codec checked the position as it built it.
	r.AdjudicateChecked(&e.pos, e.ords, &e.out)
	return e, nil
}

// orders parses each power's orders for a phase of type t, power by power
// in the map's order.
func (e *state) orders(byPower map[string][]string, t rules.PhaseType) error {
	// Each power looked up by its name, in the map's order, without
	// iterating over the map; when that does not find every entry (a
	// power named otherwise, or unknown), the map's entries one by one.
	powers := e.powers[:0]
	for pw := 1; pw < len(e.V.Map.Powers) && len(powers) < len(byPower); pw++ {
		if texts, ok := byPower[e.V.Map.Powers[pw]]; ok {
			powers = append(powers, namedPower{rules.Power(pw), texts})
		}
	}
	if len(powers) == len(byPower) {
		e.powers = powers
		e.parseOrders(t)
		return nil
	}
	powers = powers[:0]
	for name, texts := range byPower {
		pw, ok := e.Names.Power(name)
		if !ok {
			return unknown("orders", "power", name)
		}
		powers = append(powers, namedPower{pw, texts})
	}
	e.powers = powers
	e.parseOrders(t)
	return nil
}

// parseOrders parses the orders of e.powers for a phase of type t, power
// by power in the map's order.
func (e *state) parseOrders(t rules.PhaseType) {
	e.ords = e.ords[:0]
	e.texts = e.texts[:0]
	// Powers in the map's order, so that results read the same every time.
	powers := e.powers
	for i := 1; i < len(powers); i++ {
		for k := i; k > 0 && powers[k-1].id > powers[k].id; k-- {
			powers[k-1], powers[k] = powers[k], powers[k-1]
		}
	}
	for _, p := range powers {
		for _, text := range p.orders {
			o, err := e.parse.ParseOrder(text, p.id, t)
			if err != nil {
				e.texts = append(e.texts, ordText{power: p.id, text: text, err: err})
				continue
			}
			e.ords = append(e.ords, o)
			e.texts = append(e.texts, ordText{power: p.id, text: text})
		}
	}
}

func (e *state) output() *Output {
	m := e.V.Map
	out := &Output{Results: make([]codec.Result, 0, len(e.texts))}
	k := 0
	for _, t := range e.texts {
		if t.err != nil {
			out.Results = append(out.Results, codec.SyntaxResult(m.PowerName(t.power), t.text, t.err))
			continue
		}
		out.Results = append(out.Results, e.Codec.EncodeResult(t.power, &e.out.Results[k]))
		k++
	}
	out.Next = e.Codec.EncodePosition(e.out.Next)
	if e.out.Winner != rules.NoPower {
		w := m.PowerName(e.out.Winner)
		out.Winner = &w
	}
	return out
}
