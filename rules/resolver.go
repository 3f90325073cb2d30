package rules

import "fmt"

// Resolver adjudicates the phases of one variant. It keeps its scratch
// space between calls, so one Resolver reused for many phases allocates
// little; it is not safe for concurrent use.
type Resolver struct {
	v   *Variant
	m   *Map
	opt Options
	pos *Position

	ord []Order // per province: the order of the unit standing there
	// pv is the scratch state of each province (its unit's move, the
	// guess algorithm's state), one struct a province so that what one
	// province's adjudication reads lies together. NewResolver makes it
	// and it is never resized, so that a pointer to a province's state
	// stays good through the recursion.
	pv    []provState
	clean []provState // clearState for every province, for clearAll
	// The guess algorithm's cycle (DATC 5.F): the orders in it (each
	// marked inCycle), whether the value being computed rests on a
	// guess, and the count of recursion hits.
	deps       []Province
	guessBased bool
	hits       int

	units     []Province // the provinces with a unit, this phase
	touched   []Province // provinces whose scratch state is not the default
	convoyers []Province // fleets with a legal convoy order this phase
	seen      []uint32
	seenGen   uint32
	queue     []Province
	nbuf      []Border // scratch for neighbour lists
	due       []int    // per power: builds (+) or removals (-) due
	centres   []int    // per power: supply centres owned
	dist      []int    // per province: distance for civil disorder
	permits   []Order
	rail      railState  // railway moves (railway.go)
	scs       []Province // the supply centres
}

// provState is the resolver's scratch state of one province.
type provState struct {
	resIdx             int32 // the index of its given order, or -1
	intoHead, intoNext int32 // movers into each province
	supHead, supNext   int32 // matching supports of each unit's order
	convHead, convNext int32 // matching convoys of each army
	dest               Province
	destLoc            Loc
	state              uint8
	moving             bool // the unit makes a legal move
	convoyed           bool // the move travels by convoy
	noPath             bool // the paradox rule broke this army's convoy
	half               bool // the move crosses a half-strength border
	noCut              bool // the move crosses a border that does not cut support
	pathHalf           bool // the convoy route's last step has half strength
	res                bool
	inCycle            bool
	contested          bool // a move into the province failed (standoff)
}

// clearState is a province's scratch state by default (clearProvince);
// the lists' next links need none.
var clearState = provState{resIdx: -1, intoHead: -1, supHead: -1, convHead: -1, dest: NoProvince, state: unresolved}

// NewResolver returns a resolver for variant v with the given options.
func NewResolver(v *Variant, opt Options) *Resolver {
	n := v.Map.NumProvinces()
	r := &Resolver{v: v, m: v.Map, opt: opt}
	r.ord = make([]Order, n)
	r.pv = make([]provState, n)
	r.clean = make([]provState, n)
	for p := range r.clean {
		r.clean[p] = clearState
	}
	r.seen = make([]uint32, n)
	for p := range v.Map.Provinces {
		if v.Map.Provinces[p].SupplyCenter {
			r.scs = append(r.scs, Province(p))
		}
	}
	for p := 0; p < n; p++ {
		r.clearProvince(Province(p))
	}
	return r
}

// countCentres is countCentres of pos by the resolver's list of supply
// centres.
func (r *Resolver) countCentres(pos *Position, n []int) []int {
	n = resize(n, len(r.m.Powers))
	for _, p := range r.scs {
		if o := pos.Owner[p]; o != NoPower {
			n[o]++
		}
	}
	return n
}

// Variant returns the resolver's variant.
func (r *Resolver) Variant() *Variant { return r.v }

// Adjudicate resolves one phase of pos with the given orders and returns
// the results and the position at the next phase that needs orders. An
// order that cannot be carried out is a result (Illegal), never an error;
// the error is for a position that does not fit the variant's map.
func (r *Resolver) Adjudicate(pos *Position, orders []Order) (*Resolution, error) {
	res := &Resolution{}
	if err := r.AdjudicateInto(pos, orders, res); err != nil {
		return nil, err
	}
	return res, nil
}

// AdjudicateInto is Adjudicate writing into res, reusing its storage
// (res.Results and res.Next) so that a loop over many phases allocates
// almost nothing.
func (r *Resolver) AdjudicateInto(pos *Position, orders []Order, res *Resolution) error {
	if err := r.check(pos); err != nil {
		return err
	}
	r.AdjudicateChecked(pos, orders, res)
	return nil
}

// AdjudicateChecked is AdjudicateInto for a position already known to fit
// the variant's map, as AdjudicateInto checks it: every unit of a power of
// the map where a unit of its type can stand, a valid phase, Units and
// Owner as long as the map has provinces. A position decoded by package
// codec, which checks each unit as it places it, or one that the resolver
// wrote, fits; checking it again is work thrown away on the path of a
// phase from names to results.
func (r *Resolver) AdjudicateChecked(pos *Position, orders []Order, res *Resolution) {
	if res.Next == nil {
		res.Next = &Position{}
	}
	res.Results = res.Results[:0]
	res.Winner = NoPower
	res.Disbanded = res.Disbanded[:0]
	r.pos = pos
	switch pos.Phase.Type {
	case MovementPhase:
		r.movement(pos, orders, res)
	case RetreatPhase:
		r.retreat(pos, orders, res)
	case AdjustmentPhase:
		r.adjustment(pos, orders, res)
	}
	r.pos = nil
}

// check verifies that a position fits the map.
func (r *Resolver) check(pos *Position) error {
	n := r.m.NumProvinces()
	if len(pos.Units) != n || len(pos.Owner) != n {
		return fmt.Errorf("position has %d provinces, the %s map has %d", len(pos.Units), r.v.Name, n)
	}
	if !pos.Phase.Valid() {
		return fmt.Errorf("invalid phase %v", pos.Phase)
	}
	for p, u := range pos.Units {
		if u.Type == NoUnit {
			continue
		}
		if int(u.Power) >= len(r.m.Powers) || u.Power == NoPower {
			return fmt.Errorf("unit in %s has no valid power", r.m.Provinces[p].Abbr)
		}
		if !r.m.CanOccupy(u.Type, Loc{Province: Province(p), Coast: u.Coast}) {
			return fmt.Errorf("%s cannot stand in %s%s", u.Type, r.m.Provinces[p].Abbr, coastSuffix(u.Coast))
		}
	}
	for _, d := range pos.Dislodged {
		if int(d.Province) >= n || !r.m.CanOccupy(d.Type, d.Loc()) {
			return fmt.Errorf("dislodged %s cannot stand there", d.Type)
		}
	}
	return nil
}

func coastSuffix(c Coast) string {
	if c == NoCoast {
		return ""
	}
	return "/" + c.String()
}

// illegal marks result i illegal.
func illegal(res *Resolution, i int, why Reason) {
	res.Results[i].Outcome = Illegal
	res.Results[i].Reason = why
}

// advance moves next to the phase after a completed movement or retreat
// phase of season s, updating ownership after Fall and skipping an
// adjustment phase that nobody needs.
func (r *Resolver) advance(next *Position, res *Resolution) {
	ph := next.Phase
	if len(next.Dislodged) > 0 {
		next.Phase.Type = RetreatPhase
		return
	}
	if ph.Season == Spring {
		next.Phase = Phase{Season: Fall, Year: ph.Year, Type: MovementPhase}
		return
	}
	// After Fall: centres change hands.
	for _, p := range r.scs {
		next.Owner[p] = r.v.ownerAfterFall(p, next.Units[p], next.Owner[p])
	}
	if r.v.VictoryCentres > 0 {
		r.centres = r.countCentres(next, r.centres)
		res.Winner = r.v.winner(r.centres)
	}
	next.Phase = Phase{Season: Winter, Year: ph.Year, Type: AdjustmentPhase}
	if !r.adjustmentNeeded(next) {
		r.neutralRebuild(next)
		next.Phase = Phase{Season: Spring, Year: ph.Year + 1, Type: MovementPhase}
	}
}
