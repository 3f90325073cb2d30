// Package codec is the one translation between names and the rules
// core's ids: the JSON forms of phases, positions, units and results that
// the command line's contract, the API and the stored games write, and the
// Codec that reads them into a variant's ids, strictly, and writes them
// back. Every edge goes through it, so that what one edge refuses every
// edge refuses.
package codec

import (
	"errors"
	"sort"
	"strings"

	"github.com/chancery/chancery/notation"
	"github.com/chancery/chancery/rules"
)

// Codec translates between one variant's names — the contract's JSON form
// of positions, units and results — and the rules core's ids. It is the one
// place where a position's names become ids and ids names: the command
// line, the game layer (and through it the store's stored games) and the
// tests all go through it, so that what one edge refuses every edge
// refuses. It is strict: an unknown name, a unit where it cannot stand, a
// fleet in a province with coasts that does not name its coast, an army on
// a coast, two units in one province are InputErrors, never guessed at.
//
// Orders are text only for people: notation reads them (Names) and writes
// them (Names.FormatOrder); programs keep and draw them by their parts
// (EncodeOrder, DecodeOrder). A Codec is safe for concurrent use.
type Codec struct {
	v     *rules.Variant
	names *notation.Names
	// stand says, by province, which unit types may stand in it without
	// naming a coast: bit 1<<t for unit type t.
	stand []uint8
	// centres are the supply centres, in the map's order, with their
	// abbreviations and the power each bars (rules.Variant.MayOwn).
	centres []centre
	// centreAt finds a centre by its abbreviation of three bytes without
	// hashing a string: slot centreHash(key) holds the key of the centre
	// there, its province and the power it bars. Nil when the variant's
	// centres have no such table (an abbreviation of other than three
	// bytes, or no multiplier found).
	centreAt  *[1 << centreBits]centreSlot
	centreMul uint32
	// spelt is, by its first byte, the one power whose name (of four to
	// eight bytes) begins with it: readCentres matches a name spelt as
	// the map spells it without a call (Names.Power's common way).
	spelt [256]speltPower
}

// speltPower is a power's name as Codec.spelt holds it: its first and
// last four bytes (first in the low byte) and its length.
type speltPower struct {
	head, tail uint32
	n          int
	power      rules.Power
}

// centreBits is the size of Codec.centreAt's index: with 1,024 slots,
// the first or third multiplier tried gives each centre a slot of its own
// in every variant (standard's 34 to colonial's 58).
const centreBits = 10

// centreSlot is a slot of Codec.centreAt: the three bytes of a centre's
// abbreviation (first in the low byte), or noKey; its province; the power
// it bars (rules.Variant.MayOwn).
type centreSlot struct {
	key    uint32
	p      rules.Province
	barred rules.Power
}

// noKey marks an empty centreSlot: three bytes leave the top one zero.
const noKey = 1 << 31

// centre is a supply centre as centresByAbbr reads it.
type centre struct {
	abbr   string
	p      rules.Province
	barred rules.Power
}

// New returns the codec of variant v.
func New(v *rules.Variant) *Codec {
	c := &Codec{v: v, names: notation.NewNames(v.Map), stand: make([]uint8, v.Map.NumProvinces())}
	for p := range c.stand {
		if v.Map.Provinces[p].SupplyCenter {
			c.centres = append(c.centres, centre{v.Map.Provinces[p].Abbr, rules.Province(p), v.Map.Provinces[p].Barred})
		}
		for _, t := range [...]rules.UnitType{rules.Army, rules.Fleet} {
			if v.Map.CanOccupy(t, rules.Loc{Province: rules.Province(p)}) {
				c.stand[p] |= 1 << t
			}
		}
	}
	c.hashCentres()
	var starts [256]int
	for i := 1; i < len(v.Map.Powers); i++ {
		if name := v.Map.Powers[i]; len(name) >= 4 && len(name) <= 8 {
			starts[name[0]]++
			c.spelt[name[0]] = speltPower{load32(name), load32(name[len(name)-4:]), len(name), rules.Power(i)}
		}
	}
	for b, n := range starts {
		if n > 1 {
			c.spelt[b] = speltPower{}
		}
	}
	return c
}

// load32 reads the first four bytes of s, the first in the low byte (one
// load: the compiler combines the four).
func load32(s string) uint32 {
	_ = s[3]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}

// key3 is a name of three bytes as one number, its first byte in the low
// one.
func key3(s string) uint32 {
	_ = s[2]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16
}

// hashCentres builds centreAt, indexed by the top bits of an
// abbreviation's key times a multiplier found by trying odd numbers until
// no two centres share a slot; none found leaves it nil, and the centres
// are looked up by the map.
func (c *Codec) hashCentres() {
	for _, ce := range c.centres {
		if len(ce.abbr) != 3 {
			return
		}
	}
	tab := new([1 << centreBits]centreSlot)
	for i := range tab {
		tab[i].key = noKey
	}
	for mul := uint32(0x9E3779B1); mul < 0x9E3779B1+2*4096; mul += 2 {
		placed := 0
		for _, ce := range c.centres {
			k := key3(ce.abbr)
			sl := &tab[(k*mul)>>(32-centreBits)]
			if sl.key != noKey {
				break
			}
			*sl = centreSlot{key: k, p: ce.p, barred: ce.barred}
			placed++
		}
		if placed == len(c.centres) {
			c.centreAt, c.centreMul = tab, mul
			return
		}
		for _, ce := range c.centres[:placed] { // empty the table again
			tab[(key3(ce.abbr)*mul)>>(32-centreBits)].key = noKey
		}
	}
}

// Variant returns the codec's variant.
func (c *Codec) Variant() *rules.Variant { return c.v }

// Names returns the names of the codec's map, which read and write orders.
func (c *Codec) Names() *notation.Names { return c.names }

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
		return ph, inputErr("", p.Season, &NameError{What: "season", Name: p.Season, Known: "spring, fall or winter"})
	}
	switch asciiLower(p.Type) {
	case "movement":
		ph.Type = rules.MovementPhase
	case "retreat", "retreats":
		ph.Type = rules.RetreatPhase
	case "adjustment", "adjustments", "build", "builds":
		ph.Type = rules.AdjustmentPhase
	default:
		return ph, inputErr("", p.Type, &NameError{What: "phase type", Name: p.Type, Known: "movement, retreat or adjustment"})
	}
	ph.Year = p.Year
	if p.Year < 1 || p.Year > 9999 {
		return ph, badf("", "", "year %d: years run from 1 to 9999", p.Year)
	}
	if !ph.Valid() {
		return ph, badf("", "", "phase %s %d %s does not exist (adjustments are in winter, movement and retreats in spring and fall)", p.Season, p.Year, p.Type)
	}
	return ph, nil
}

// FormatPhase writes a phase in the contract's form.
func FormatPhase(p rules.Phase) Phase {
	return Phase{Season: p.Season.String(), Year: p.Year, Type: p.Type.String()}
}

// unitType reads a unit type: the contract's "army" or "fleet" (which
// asciiLower returns as they are), in any case, or A or F.
func unitType(s string) (rules.UnitType, bool) {
	switch s { // the contract's spelling, without folding
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

// DecodePosition reads a position in the contract's form (its Variant
// field is not looked at: the codec knows its variant). Without
// supply_centers the variant's starting ownership applies, as in the
// contract; a retreats list left out lets the rules find the retreats.
func (c *Codec) DecodePosition(p *Position) (*rules.Position, error) {
	pos := &rules.Position{}
	if err := c.DecodePositionInto(pos, p); err != nil {
		return nil, err
	}
	return pos, nil
}

// DecodePositionInto is DecodePosition into pos, reusing its storage (its
// dislodged units' retreats included: pos must not share them).
func (c *Codec) DecodePositionInto(pos *rules.Position, p *Position) error {
	if err := c.startPosition(pos, p.Phase, p.SupplyCenters != nil); err != nil {
		return err
	}
	if !c.readCentres(pos, p.SupplyCenters) {
		// Centres named otherwise than by their abbreviations, or bad
		// input: the map's entries one by one, which say what is wrong.
		clear(pos.Owner)
		for prov, power := range p.SupplyCenters {
			if _, err := c.setOwner(pos, prov, power); err != nil {
				return err
			}
		}
	}
	return c.placeUnits(pos, p.Phase, p.Units, p.Dislodged)
}

// readCentres reads supply_centers as centresByAbbr does. With the
// table of the centres' abbreviations it iterates over the map once and
// finds each entry's centre by its slot in the table, which costs less
// than a look-up in the map for each centre (callgrind: about 2,000
// instructions of a recorded phase's 35,000).
func (c *Codec) readCentres(pos *rules.Position, owners map[string]string) bool {
	if owners == nil {
		return true
	}
	if c.centreAt == nil {
		return c.centresByAbbr(pos, owners)
	}
	neutral := c.v.Neutral
	tab, mul := c.centreAt, c.centreMul
	for abbr, power := range owners {
		if len(abbr) != 3 {
			return false
		}
		k := key3(abbr)
		sl := &tab[(k*mul)>>(32-centreBits)]
		if sl.key != k {
			return false
		}
		if power == "" {
			continue
		}
		var pw rules.Power
		if len(power) >= 4 {
			head := load32(power)
			f := &c.spelt[byte(head)]
			if len(power) == f.n && head == f.head && load32(power[len(power)-4:]) == f.tail {
				pw = f.power
			}
		}
		if pw == rules.NoPower {
			var ok bool
			if pw, ok = c.names.Power(power); !ok {
				return false
			}
		}
		// What MayOwn says, from the centre's own fields.
		if pw == neutral || pw == sl.barred {
			return false
		}
		pos.Owner[sl.p] = pw
	}
	return true
}

// centresByAbbr reads supply_centers without iterating over the map:
// each of the variant's centres looked up by its abbreviation, which
// costs about what iterating did (callgrind: within 2% of a recorded
// phase) and reads the same. It reports false, having set some owners,
// when that does not read every entry or an entry is bad; a nil map is
// read as left out.
func (c *Codec) centresByAbbr(pos *rules.Position, owners map[string]string) bool {
	if owners == nil {
		return true
	}
	found := 0
	neutral := c.v.Neutral
	for i := range c.centres {
		ce := &c.centres[i]
		power, ok := owners[ce.abbr]
		if !ok {
			continue
		}
		found++
		if power == "" {
			continue
		}
		// What MayOwn says, from the centre's own fields.
		pw, ok := c.names.Power(power)
		if !ok || pw == neutral || pw == ce.barred {
			return false
		}
		pos.Owner[ce.p] = pw
	}
	return found == len(owners)
}

// startPosition reads the phase into pos and empties its units; owned
// says whether the input lists the centres' owners (else the variant's
// starting ownership applies).
func (c *Codec) startPosition(pos *rules.Position, p Phase, owned bool) error {
	ph, err := ParsePhase(p)
	if err != nil {
		return err
	}
	n := c.v.Map.NumProvinces()
	pos.Phase = ph
	pos.Units = resize(pos.Units, n)
	pos.Dislodged = pos.Dislodged[:0]
	if owned {
		pos.Owner = resize(pos.Owner, n)
	} else {
		pos.Owner = append(pos.Owner[:0], c.v.Start.Owner...)
	}
	return nil
}

// setOwner reads one entry of supply_centers into pos and returns its
// province.
func (c *Codec) setOwner(pos *rules.Position, prov, power string) (rules.Province, error) {
	v, m := c.v, c.v.Map
	pr, ok := c.names.Province(prov)
	if !ok {
		return pr, unknown("supply_centers", "province", prov)
	}
	if !m.Provinces[pr].SupplyCenter {
		return pr, badf("supply_centers", prov, "%q is not a supply centre", prov)
	}
	if power == "" {
		return pr, nil
	}
	pw, ok := c.names.Power(power)
	if !ok {
		return pr, unknown("supply_centers", "power", power)
	}
	if !v.MayOwn(pr, pw) {
		return pr, badf("supply_centers", prov, "%s cannot own %q in %s", power, prov, v.Name)
	}
	pos.Owner[pr] = pw
	return pr, nil
}

// placeUnits reads the units and dislodged units of a position into pos,
// which startPosition began.
func (c *Codec) placeUnits(pos *rules.Position, ph Phase, units []Unit, dislodged []Dislodged) error {
	b := Builder{c: c, pos: pos, phase: ph}
	for i := range units {
		u := &units[i]
		// The commonest case in one call (Builder.Unit's, without its
		// two calls on the way).
		if pw, t, l, ok := c.names.Unit(u.Power, u.Type, u.Province); ok && l.Coast == rules.NoCoast &&
			c.stand[l.Province]&(1<<(t&7)) != 0 && pos.Units[l.Province].Type == rules.NoUnit {
			pos.Units[l.Province] = rules.Unit{Type: t, Power: pw}
			continue
		}
		if err := b.Unit(u.Power, u.Type, u.Province); err != nil {
			return err
		}
	}
	for i := range dislodged {
		if err := b.Dislodged(&dislodged[i]); err != nil {
			return err
		}
	}
	return nil
}

// DecodeDislodged reads a dislodged unit (EncodeDislodged's form). A
// retreats list left out stays nil: the rules then find the retreats.
func (c *Codec) DecodeDislodged(d *Dislodged) (rules.Dislodged, error) {
	return c.decodeDislodged(d, nil)
}

// decodeDislodged is DecodeDislodged, its retreats appended to spare.
func (c *Codec) decodeDislodged(d *Dislodged, spare []rules.Loc) (rules.Dislodged, error) {
	pw, t, l, err := c.unit(d.Power, d.Type, d.Province, "dislodged")
	if err != nil {
		return rules.Dislodged{}, err
	}
	dl := rules.Dislodged{Unit: rules.Unit{Type: t, Power: pw, Coast: l.Coast}, Province: l.Province,
		AttackerFrom: rules.NoProvince, ByConvoy: d.ByConvoy}
	if d.AttackerFrom != "" {
		a, ok := c.names.Loc(d.AttackerFrom)
		if !ok {
			return rules.Dislodged{}, badf("dislodged", d.AttackerFrom, "%w in attacker_from", &NameError{What: "province", Name: d.AttackerFrom})
		}
		dl.AttackerFrom = a.Province
	}
	if d.Retreats != nil {
		dl.Retreats = spare[:0]
		if dl.Retreats == nil {
			dl.Retreats = []rules.Loc{}
		}
		for _, r := range d.Retreats {
			rl, ok := c.names.Loc(r)
			if !ok {
				return rules.Dislodged{}, badf("dislodged", r, "%w in retreats", &NameError{What: "province", Name: r})
			}
			dl.Retreats = append(dl.Retreats, rl)
		}
	}
	return dl, nil
}

// ErrNoCoast is the cause of a fleet in a province with coasts that does
// not name its coast.
var ErrNoCoast = errors.New("must name its coast")

// unit reads a unit of field.
func (c *Codec) unit(power, typ, prov, field string) (rules.Power, rules.UnitType, rules.Loc, error) {
	// The common cases: a unit that may stand where it is without a
	// coast, by the table of who may stand where, and a fleet on a coast.
	if pw, t, l, ok := c.names.Unit(power, typ, prov); ok {
		if l.Coast == rules.NoCoast && c.stand[l.Province]&(1<<t) != 0 ||
			l.Coast != rules.NoCoast && t == rules.Fleet && c.v.Map.CanOccupy(t, l) {
			return pw, t, l, nil
		}
	}
	return c.unitChecked(power, typ, prov, field)
}

// unitChecked is unit when the table does not say the unit may stand
// where it is: a coast, or bad input, which it says what is wrong with.
func (c *Codec) unitChecked(power, typ, prov, field string) (rules.Power, rules.UnitType, rules.Loc, error) {
	pw, ok := c.names.Power(power)
	if !ok {
		return 0, 0, rules.Loc{}, unknown(field, "power", power)
	}
	t, ok := unitType(typ)
	if !ok {
		return 0, 0, rules.Loc{}, inputErr(field, typ, &NameError{What: "unit type", Name: typ, Known: "army or fleet"})
	}
	l, ok := c.names.Loc(prov)
	if !ok {
		return 0, 0, rules.Loc{}, unknown(field, "province", prov)
	}
	m := c.v.Map
	if t == rules.Fleet && l.Coast == rules.NoCoast && m.HasCoasts(l.Province) {
		return 0, 0, rules.Loc{}, badf(field, prov, "a fleet in %q %w", prov, ErrNoCoast)
	}
	if t == rules.Army && l.Coast != rules.NoCoast {
		return 0, 0, rules.Loc{}, badf(field, prov, "an army stands in a province, not on a coast: %q", prov)
	}
	if !m.CanOccupy(t, l) {
		article := "a"
		if t == rules.Army {
			article = "an"
		}
		return 0, 0, rules.Loc{}, badf(field, prov, "%s %s cannot stand in %q", article, t, prov)
	}
	return pw, t, l, nil
}

// EncodePosition writes a core position in the contract's form: units
// power by power in the map's order, retreats sorted, centres by
// abbreviation. Decoding what it writes gives the position back.
func (c *Codec) EncodePosition(pos *rules.Position) Position {
	m := c.v.Map
	p := Position{Phase: FormatPhase(pos.Phase), Units: []Unit{}, Dislodged: []Dislodged{},
		SupplyCenters: map[string]string{}}
	for pw := 1; pw < len(m.Powers); pw++ {
		for pr, u := range pos.Units {
			if u.Type == rules.NoUnit || int(u.Power) != pw {
				continue
			}
			p.Units = append(p.Units, c.EncodeUnit(u, rules.Province(pr)))
		}
	}
	for i := range pos.Dislodged {
		p.Dislodged = append(p.Dislodged, c.EncodeDislodged(&pos.Dislodged[i]))
	}
	for pr, o := range pos.Owner {
		if o != rules.NoPower && m.Provinces[pr].SupplyCenter {
			p.SupplyCenters[m.Provinces[pr].Abbr] = m.PowerName(o)
		}
	}
	return p
}

// EncodeDislodged writes a dislodged unit.
func (c *Codec) EncodeDislodged(d *rules.Dislodged) Dislodged {
	m := c.v.Map
	dj := Dislodged{Power: m.PowerName(d.Power), Type: d.Type.String(), Province: c.names.LocString(d.Loc()),
		ByConvoy: d.ByConvoy, Retreats: []string{}}
	if d.AttackerFrom != rules.NoProvince {
		dj.AttackerFrom = m.Provinces[d.AttackerFrom].Abbr
	}
	for _, l := range d.Retreats {
		dj.Retreats = append(dj.Retreats, c.names.LocString(l))
	}
	sort.Strings(dj.Retreats)
	return dj
}

// EncodeUnit writes the unit u standing in province p.
func (c *Codec) EncodeUnit(u rules.Unit, p rules.Province) Unit {
	return Unit{Power: c.v.Map.PowerName(u.Power), Type: u.Type.String(),
		Province: c.names.LocString(rules.Loc{Province: p, Coast: u.Coast})}
}

// EncodeResult writes the result of one order of power.
func (c *Codec) EncodeResult(power rules.Power, r *rules.Result) Result {
	out := Result{Power: c.v.Map.PowerName(power), Order: c.names.FormatOrder(r.Order), OrderParts: c.EncodeOrder(r.Order),
		Result: r.Outcome.String(), Reason: r.Reason.String(), Message: r.Message(c.v.Map)}
	if r.Where != rules.NoProvince && int(r.Where) < c.v.Map.NumProvinces() {
		out.Where = c.v.Map.Provinces[r.Where].Abbr
	}
	return out
}

// DecodeResult reads the result of an order of a phase of type t
// (EncodeResult's form) back into the rules' terms: the order as the
// rules read it (from its parts; from its text only in a result written
// before results had parts), its outcome, reason and province. The message is not
// read back: a variant's own note is lost.
func (c *Codec) DecodeResult(r *Result, t rules.PhaseType) (rules.Result, error) {
	pw, ok := c.names.Power(r.Power)
	if !ok {
		return rules.Result{}, unknown("results", "power", r.Power)
	}
	var o rules.Order
	var err error
	if r.Type != "" {
		o, err = c.DecodeOrder(pw, &r.OrderParts)
	} else if o, err = c.names.ParseOrder(r.Order, pw, t); err != nil {
		err = inputErr("results", r.Order, err)
	}
	if err != nil {
		return rules.Result{}, err
	}
	out := rules.Result{Order: o, Where: rules.NoProvince}
	if out.Outcome, ok = rules.ParseOutcome(r.Result); !ok {
		return rules.Result{}, inputErr("results", r.Result, &NameError{What: "result", Name: r.Result, Known: "succeeded, failed or illegal"})
	}
	if out.Reason, ok = rules.ParseReason(r.Reason); !ok {
		return rules.Result{}, inputErr("results", r.Reason, &NameError{What: "reason", Name: r.Reason})
	}
	if r.Where != "" {
		if out.Where, ok = c.names.Province(r.Where); !ok {
			return rules.Result{}, unknown("results", "province", r.Where)
		}
	}
	return out, nil
}

// EncodeOrder writes the parts of order o.
func (c *Codec) EncodeOrder(o rules.Order) OrderParts {
	loc := func(l rules.Loc) string {
		if l.Province == rules.NoProvince {
			return ""
		}
		return c.names.LocString(l)
	}
	p := OrderParts{Type: o.Type.String(), Unit: o.Unit.Letter(), TargetUnit: o.TargetUnit.Letter(),
		Target: loc(o.Target), Dest: loc(o.Dest), ViaConvoy: o.ViaConvoy}
	if o.Type != rules.Waive {
		p.At = loc(o.At)
	}
	return p
}

// DecodeOrder reads the parts of an order of power (EncodeOrder's form)
// back into the rules' terms. It reads names only: whether the order is
// legal is the rules' to say.
func (c *Codec) DecodeOrder(power rules.Power, p *OrderParts) (rules.Order, error) {
	o := rules.Order{Power: power, At: rules.Loc{Province: rules.NoProvince},
		Target: rules.Loc{Province: rules.NoProvince}, Dest: rules.Loc{Province: rules.NoProvince}, ViaConvoy: p.ViaConvoy}
	kind, ok := orderType(p.Type)
	if !ok {
		return o, unknown("kind", "order kind", p.Type)
	}
	o.Type = kind
	for _, u := range []struct {
		field, s string
		t        *rules.UnitType
	}{{"unit", p.Unit, &o.Unit}, {"target_unit", p.TargetUnit, &o.TargetUnit}} {
		if u.s == "" {
			continue
		}
		if *u.t, ok = unitType(u.s); !ok {
			return o, unknown(u.field, "unit type", u.s)
		}
	}
	for _, l := range []struct {
		field, s string
		l        *rules.Loc
	}{{"at", p.At, &o.At}, {"target", p.Target, &o.Target}, {"dest", p.Dest, &o.Dest}} {
		if l.s == "" {
			continue
		}
		if *l.l, ok = c.names.Loc(l.s); !ok {
			return o, unknown(l.field, "location", l.s)
		}
	}
	return o, nil
}

// orderShapes says, for each order kind, which parts an order of that kind
// must have (2), may have (1) or must not have (0): at, unit, target,
// target_unit, dest. A build names the unit it builds; a support's
// destination is left out when it supports a hold.
var orderShapes = [...][5]uint8{
	rules.Hold:    {2, 1, 0, 0, 0},
	rules.Move:    {2, 1, 2, 0, 0},
	rules.Support: {2, 1, 2, 1, 1},
	rules.Convoy:  {2, 1, 2, 1, 2},
	rules.Retreat: {2, 1, 2, 0, 0},
	rules.Disband: {2, 1, 0, 0, 0},
	rules.Build:   {2, 2, 0, 0, 0},
	rules.Remove:  {2, 1, 0, 0, 0},
	rules.Waive:   {0, 0, 0, 0, 0},
	rules.Permit:  {2, 1, 2, 1, 2},
	rules.Railway: {2, 1, 2, 0, 0},
}

// ReadOrder reads an order of power that a person gives by its parts (a
// client sends back an order of the legal orders it was offered), as
// DecodeOrder does, but strictly: the order must have every part its
// kind needs and none that it has not, so that the rules receive only
// orders of the shapes a text could give. Whether it is legal is still
// the rules' to say.
func (c *Codec) ReadOrder(power rules.Power, p *OrderParts) (rules.Order, error) {
	o, err := c.DecodeOrder(power, p)
	if err != nil {
		return o, err
	}
	if p.ViaConvoy && o.Type != rules.Move {
		return o, badf("via_convoy", "", "only a move goes via convoy, not a %s", o.Type)
	}
	for i, part := range [...]struct{ field, s string }{{"at", p.At}, {"unit", p.Unit}, {"target", p.Target}, {"target_unit", p.TargetUnit}, {"dest", p.Dest}} {
		switch need := orderShapes[o.Type][i]; {
		case need == 2 && part.s == "":
			return o, badf(part.field, "", "a %s needs its %s", o.Type, part.field)
		case need == 0 && part.s != "":
			return o, badf(part.field, part.s, "a %s has no %s", o.Type, part.field)
		}
	}
	return o, nil
}

// orderType reads an order type by its name (rules.OrderType.String).
func orderType(s string) (rules.OrderType, bool) {
	for k := rules.Hold; k <= rules.Railway; k++ {
		if k.String() == s {
			return k, true
		}
	}
	return 0, false
}

// FillOrderParts gives r, a result of a phase of type t written before
// results had their order's parts, those parts, read once from its
// text. A result that has them, or whose order cannot be read, is left as
// it is. It reports whether it filled them.
func (c *Codec) FillOrderParts(r *Result, t rules.PhaseType) bool {
	if r.Type != "" || r.Reason == "syntax" {
		return false
	}
	pw, ok := c.names.Power(r.Power)
	if !ok {
		return false
	}
	o, err := c.names.ParseOrder(r.Order, pw, t)
	if err != nil {
		return false
	}
	r.OrderParts = c.EncodeOrder(o)
	return true
}

// SyntaxResult is the result of an order of power that cannot be read:
// illegal, for the reason "syntax", with the order as it was written.
func SyntaxResult(power, text string, err error) Result {
	return Result{Power: power, Order: text, Result: "illegal", Reason: "syntax", Message: err.Error()}
}

// bitset is a set of small integers, on the stack up to 2048 of them.
type bitset struct {
	small [32]uint64
	large []uint64
}

// testAndSet adds i to the set and reports whether it was there.
func (b *bitset) testAndSet(i int) bool {
	words := b.small[:]
	if i >= len(words)*64 {
		if n := i/64 + 1; len(b.large) < n {
			b.large = append(b.large, make([]uint64, n-len(b.large))...)
		}
		words = b.large
	}
	was := words[i/64]&(1<<(i%64)) != 0
	words[i/64] |= 1 << (i % 64)
	return was
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
