// Package judge implements the adjudication contract of the command line
// (see docs/contract.md): a position and orders as JSON in, the results
// and the next position as JSON out. It turns names into the rules core's
// ids at the edge and back.
package judge

import (
	"fmt"
	"sort"
	"strings"

	"github.com/chancery/chancery/notation"
	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/variants"
)

// Phase is a phase in the contract: {"season": "spring", "year": 1901, "type": "movement"}.
type Phase struct {
	Season string `json:"season"`
	Year   int    `json:"year"`
	Type   string `json:"type"`
}

// Unit is a unit in the contract.
type Unit struct {
	Power    string `json:"power"`
	Type     string `json:"type"`
	Province string `json:"province"`
}

// Dislodged is a dislodged unit in the contract.
type Dislodged struct {
	Power        string `json:"power"`
	Type         string `json:"type"`
	Province     string `json:"province"`
	AttackerFrom string `json:"attacker_from"`
	// ByConvoy is set when the attacker came by convoy: the unit may then
	// retreat to the attacker's origin (DATC 4.A.5).
	ByConvoy bool `json:"by_convoy,omitempty"`
	// Retreats lists where the unit may retreat. In the output it is
	// always present; in the input it may be left out, and then every
	// empty neighbour but the attacker's origin is allowed (standoffs of
	// the movement phase are not known).
	Retreats []string `json:"retreats"`
}

// Position is the whole position of a game at a phase.
type Position struct {
	Variant       string            `json:"variant,omitempty"`
	Phase         Phase             `json:"phase"`
	Units         []Unit            `json:"units"`
	Dislodged     []Dislodged       `json:"dislodged"`
	SupplyCenters map[string]string `json:"supply_centers"`
}

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
	Phase         Phase               `json:"phase"`
	Units         []Unit              `json:"units"`
	Dislodged     []Dislodged         `json:"dislodged"`
	SupplyCenters map[string]string   `json:"supply_centers"`
	Orders        map[string][]string `json:"orders"`
	Options       *Options            `json:"options,omitempty"`
}

// Result is the outcome of one order.
type Result struct {
	Power   string `json:"power"`
	Order   string `json:"order"`
	Result  string `json:"result"`
	Reason  string `json:"reason,omitempty"`
	Message string `json:"message,omitempty"`
}

// Output is what "chancery adjudicate" writes.
type Output struct {
	Results []Result `json:"results"`
	Next    Position `json:"next"`
	Winner  *string  `json:"winner"`
}

// InputError is bad input: an unknown variant, province, power or phase
// in the position (an order that cannot be read is not bad input: it is an
// illegal order in the results).
type InputError struct{ Msg string }

func (e *InputError) Error() string { return e.Msg }

func badf(format string, args ...any) error {
	return &InputError{Msg: fmt.Sprintf(format, args...)}
}

// Judge adjudicates contract inputs for the variants of a registry. It
// caches a resolver and the names of each variant; it is not safe for
// concurrent use.
type Judge struct {
	reg   *variants.Registry
	cache map[string]*engine
}

type engine struct {
	v      *rules.Variant
	names  *notation.Names
	parse  *notation.Parser
	res    map[rules.Options]*rules.Resolver
	pos    rules.Position
	out    rules.Resolution
	ords   []rules.Order
	texts  []ordText
	powers []namedPower
}

// namedPower is a power as the input names it, with its orders.
type namedPower struct {
	id     rules.Power
	orders []string
}

type ordText struct {
	power string
	text  string
	err   error
}

// New returns a judge for the variants of reg.
func New(reg *variants.Registry) *Judge {
	return &Judge{reg: reg, cache: map[string]*engine{}}
}

func (j *Judge) engine(name string) (*engine, error) {
	if e, ok := j.cache[name]; ok {
		return e, nil
	}
	v, err := j.reg.Get(name)
	if err != nil {
		return nil, &InputError{Msg: err.Error()}
	}
	e := &engine{v: v, names: notation.NewNames(v.Map), res: map[rules.Options]*rules.Resolver{}}
	e.parse = e.names.NewParser()
	j.cache[name] = e
	j.cache[v.Name] = e
	return e, nil
}

// resolver returns the engine's resolver for the options.
func (e *engine) resolver(opt rules.Options) *rules.Resolver {
	r := e.res[opt]
	if r == nil {
		r = rules.NewResolver(e.v, opt)
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
		return opt, badf("options: unknown paradox rule %q (szykman or all-hold)", o.Paradox)
	}
	opt.ConvoyFallback = o.ConvoyFallback
	opt.IgnoreUnitType = o.IgnoreUnitType
	switch strings.ToLower(o.Railway) {
	case "", "2.2", "vdiplomacy":
	case "ah1996", "avalon-hill-1996", "avalonhill":
		opt.Railway = rules.RailwayAH1996
	default:
		return opt, badf("options: unknown railway reading %q (2.2 or ah1996)", o.Railway)
	}
	return opt, nil
}

// ParsePhase reads a contract phase.
func ParsePhase(p Phase) (rules.Phase, error) {
	var ph rules.Phase
	switch asciiLower(p.Season) {
	case "spring":
		ph.Season = rules.Spring
	case "fall", "autumn":
		ph.Season = rules.Fall
	case "winter":
		ph.Season = rules.Winter
	default:
		return ph, badf("unknown season %q (spring, fall or winter)", p.Season)
	}
	switch asciiLower(p.Type) {
	case "movement":
		ph.Type = rules.MovementPhase
	case "retreat", "retreats":
		ph.Type = rules.RetreatPhase
	case "adjustment", "adjustments", "build", "builds":
		ph.Type = rules.AdjustmentPhase
	default:
		return ph, badf("unknown phase type %q (movement, retreat or adjustment)", p.Type)
	}
	ph.Year = p.Year
	if p.Year < 1 || p.Year > 9999 {
		return ph, badf("year %d: years run from 1 to 9999", p.Year)
	}
	if !ph.Valid() {
		return ph, badf("phase %s %d %s does not exist (adjustments are in winter, movement and retreats in spring and fall)", p.Season, p.Year, p.Type)
	}
	return ph, nil
}

// FormatPhase writes a phase in the contract's form.
func FormatPhase(p rules.Phase) Phase {
	return Phase{Season: p.Season.String(), Year: p.Year, Type: p.Type.String()}
}

func unitType(s string) (rules.UnitType, bool) {
	// The contract's own spelling first, without lowering.
	switch s {
	case "army":
		return rules.Army, true
	case "fleet":
		return rules.Fleet, true
	}
	switch asciiLower(s) {
	case "army", "a":
		return rules.Army, true
	case "fleet", "f":
		return rules.Fleet, true
	}
	return rules.NoUnit, false
}

// position builds the core position of an input in e.pos.
func (e *engine) position(in *Input) error {
	m := e.v.Map
	ph, err := ParsePhase(in.Phase)
	if err != nil {
		return err
	}
	n := m.NumProvinces()
	pos := &e.pos
	pos.Phase = ph
	pos.Units = resize(pos.Units, n)
	pos.Dislodged = pos.Dislodged[:0]
	if in.SupplyCenters == nil {
		pos.Owner = append(pos.Owner[:0], e.v.Start.Owner...)
	} else {
		pos.Owner = resize(pos.Owner, n)
		for prov, power := range in.SupplyCenters {
			p, ok := e.names.Province(prov)
			if !ok {
				return badf("supply_centers: unknown province %q", prov)
			}
			if !m.Provinces[p].SupplyCenter {
				return badf("supply_centers: %q is not a supply centre", prov)
			}
			if power == "" {
				continue
			}
			pw, ok := e.names.Power(power)
			if !ok {
				return badf("supply_centers: unknown power %q", power)
			}
			if !e.v.MayOwn(p, pw) {
				return badf("supply_centers: %s cannot own %q in %s", power, prov, e.v.Name)
			}
			pos.Owner[p] = pw
		}
	}
	for _, u := range in.Units {
		pw, t, l, err := e.unit(u.Power, u.Type, u.Province, "units")
		if err != nil {
			return err
		}
		if pos.Units[l.Province].Type != rules.NoUnit {
			return badf("units: two units in %q", u.Province)
		}
		pos.Units[l.Province] = rules.Unit{Type: t, Power: pw, Coast: l.Coast}
	}
	if len(in.Dislodged) > 0 && ph.Type != rules.RetreatPhase {
		return badf("dislodged: units wait to retreat only in a retreat phase, not in %s", phaseString(in.Phase))
	}
	for i, d := range in.Dislodged {
		pw, t, l, err := e.unit(d.Power, d.Type, d.Province, "dislodged")
		if err != nil {
			return err
		}
		for _, other := range pos.Dislodged[:i] {
			if other.Province == l.Province {
				return badf("dislodged: two units dislodged from %q", d.Province)
			}
		}
		dl := rules.Dislodged{Unit: rules.Unit{Type: t, Power: pw, Coast: l.Coast}, Province: l.Province,
			AttackerFrom: rules.NoProvince, ByConvoy: d.ByConvoy}
		if d.AttackerFrom != "" {
			a, ok := e.names.Loc(d.AttackerFrom)
			if !ok {
				return badf("dislodged: unknown province %q in attacker_from", d.AttackerFrom)
			}
			dl.AttackerFrom = a.Province
		}
		if d.Retreats != nil {
			dl.Retreats = []rules.Loc{}
			for _, r := range d.Retreats {
				rl, ok := e.names.Loc(r)
				if !ok {
					return badf("dislodged: unknown province %q in retreats", r)
				}
				dl.Retreats = append(dl.Retreats, rl)
			}
		}
		pos.Dislodged = append(pos.Dislodged, dl)
	}
	return nil
}

func (e *engine) unit(power, typ, prov, field string) (rules.Power, rules.UnitType, rules.Loc, error) {
	pw, ok := e.names.Power(power)
	if !ok {
		return 0, 0, rules.Loc{}, badf("%s: unknown power %q", field, power)
	}
	t, ok := unitType(typ)
	if !ok {
		return 0, 0, rules.Loc{}, badf("%s: unknown unit type %q (army or fleet)", field, typ)
	}
	l, ok := e.names.Loc(prov)
	if !ok {
		return 0, 0, rules.Loc{}, badf("%s: unknown province %q", field, prov)
	}
	if t == rules.Fleet && l.Coast == rules.NoCoast && e.v.Map.HasCoasts(l.Province) {
		return 0, 0, rules.Loc{}, badf("%s: a fleet in %q must name its coast", field, prov)
	}
	if t == rules.Army && l.Coast != rules.NoCoast {
		return 0, 0, rules.Loc{}, badf("%s: an army stands in a province, not on a coast: %q", field, prov)
	}
	if !e.v.Map.CanOccupy(t, l) {
		return 0, 0, rules.Loc{}, badf("%s: a%s %s cannot stand in %q", field, map[bool]string{true: "n", false: ""}[t == rules.Army], t, prov)
	}
	return pw, t, l, nil
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

func (j *Judge) resolve(in *Input) (*engine, error) {
	e, err := j.engine(in.Variant)
	if err != nil {
		return nil, err
	}
	if err := e.position(in); err != nil {
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
	if err := r.AdjudicateInto(&e.pos, e.ords, &e.out); err != nil {
		return nil, &InputError{Msg: err.Error()}
	}
	return e, nil
}

// orders parses each power's orders for a phase of type t, power by power
// in the map's order.
func (e *engine) orders(byPower map[string][]string, t rules.PhaseType) error {
	e.ords = e.ords[:0]
	e.texts = e.texts[:0]
	// Powers in the map's order, so that results read the same every time.
	powers := e.powers[:0]
	for name, texts := range byPower {
		pw, ok := e.names.Power(name)
		if !ok {
			return badf("orders: unknown power %q", name)
		}
		powers = append(powers, namedPower{pw, texts})
	}
	for i := 1; i < len(powers); i++ {
		for k := i; k > 0 && powers[k-1].id > powers[k].id; k-- {
			powers[k-1], powers[k] = powers[k], powers[k-1]
		}
	}
	e.powers = powers
	for _, p := range powers {
		name := e.v.Map.PowerName(p.id)
		for _, text := range p.orders {
			o, err := e.parse.ParseOrder(text, p.id, t)
			if err != nil {
				e.texts = append(e.texts, ordText{power: name, text: text, err: err})
				continue
			}
			e.ords = append(e.ords, o)
			e.texts = append(e.texts, ordText{power: name, text: text})
		}
	}
	return nil
}

func (e *engine) output() *Output {
	m := e.v.Map
	out := &Output{Results: make([]Result, 0, len(e.texts))}
	k := 0
	for _, t := range e.texts {
		if t.err != nil {
			out.Results = append(out.Results, Result{Power: t.power, Order: t.text, Result: "illegal",
				Reason: "syntax", Message: t.err.Error()})
			continue
		}
		r := &e.out.Results[k]
		k++
		out.Results = append(out.Results, Result{
			Power:   t.power,
			Order:   e.names.FormatOrder(r.Order),
			Result:  r.Outcome.String(),
			Reason:  r.Reason.String(),
			Message: r.Message(m),
		})
	}
	out.Next = e.formatPosition(e.out.Next)
	if e.out.Winner != rules.NoPower {
		w := m.PowerName(e.out.Winner)
		out.Winner = &w
	}
	return out
}

// FormatPosition writes a core position in the contract's form.
func FormatPosition(v *rules.Variant, names *notation.Names, pos *rules.Position) Position {
	e := &engine{v: v, names: names}
	return e.formatPosition(pos)
}

func (e *engine) formatPosition(pos *rules.Position) Position {
	m := e.v.Map
	p := Position{Phase: FormatPhase(pos.Phase), Units: []Unit{}, Dislodged: []Dislodged{},
		SupplyCenters: map[string]string{}}
	for pw := 1; pw < len(m.Powers); pw++ {
		for pr, u := range pos.Units {
			if u.Type == rules.NoUnit || int(u.Power) != pw {
				continue
			}
			p.Units = append(p.Units, Unit{Power: m.Powers[pw], Type: u.Type.String(),
				Province: e.names.LocString(rules.Loc{Province: rules.Province(pr), Coast: u.Coast})})
		}
	}
	for _, d := range pos.Dislodged {
		dj := Dislodged{Power: m.PowerName(d.Power), Type: d.Type.String(), Province: e.names.LocString(d.Loc()),
			ByConvoy: d.ByConvoy, Retreats: []string{}}
		if d.AttackerFrom != rules.NoProvince {
			dj.AttackerFrom = m.Provinces[d.AttackerFrom].Abbr
		}
		for _, l := range d.Retreats {
			dj.Retreats = append(dj.Retreats, e.names.LocString(l))
		}
		sort.Strings(dj.Retreats)
		p.Dislodged = append(p.Dislodged, dj)
	}
	for pr, o := range pos.Owner {
		if o != rules.NoPower && m.Provinces[pr].SupplyCenter {
			p.SupplyCenters[m.Provinces[pr].Abbr] = m.PowerName(o)
		}
	}
	return p
}

func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// asciiLower lowers ASCII letters, without allocating for words that are
// already lower case.
func asciiLower(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			return strings.ToLower(s)
		}
	}
	return s
}
