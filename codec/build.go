package codec

import "github.com/chancery/chancery/rules"

// Builder builds a position from its names one entry at a time, as a
// reader of the contract's JSON meets them: each name becomes an id as it
// is read, and the reader keeps no list of names to decode afterwards.
// It checks what DecodePosition checks, in the same words.
//
// The zero Builder is not ready: Begin starts a position. A Builder may
// be reused from one position to the next.
type Builder struct {
	c     *Codec
	pos   *rules.Position
	phase Phase // as the input spells it, for messages
	owned bool
	seen  bitset // centres listed, to refuse one listed twice
}

// Begin starts building a position of phase ph into pos, reusing its
// storage. Until Owned is called, the variant's starting ownership
// applies, as when the contract's supply_centers is left out.
func (c *Codec) Begin(b *Builder, pos *rules.Position, ph Phase) error {
	b.c, b.pos, b.phase, b.owned = c, pos, ph, false
	clear(b.seen.small[:])
	clear(b.seen.large)
	return c.startPosition(pos, ph, false)
}

// Owned says that the input lists the centres' owners (supply_centers is
// given, even empty): a centre Centre does not name is owned by nobody.
func (b *Builder) Owned() {
	if !b.owned {
		b.owned = true
		clear(b.pos.Owner)
	}
}

// Centre reads one entry of supply_centers: province prov is owned by
// power ("" for nobody). A province listed twice, in any spelling, is bad
// input.
func (b *Builder) Centre(prov, power string) error {
	b.Owned()
	pr, err := b.c.setOwner(b.pos, prov, power)
	if err != nil {
		return err
	}
	if b.seen.testAndSet(int(pr)) {
		return badf("supply_centers", prov, "%q is listed twice", prov)
	}
	return nil
}

// Unit reads one entry of units.
func (b *Builder) Unit(power, typ, prov string) error {
	pw, t, l, err := b.c.unit(power, typ, prov, "units")
	if err != nil {
		return err
	}
	pos := b.pos
	if pos.Units[l.Province].Type != rules.NoUnit {
		return badf("units", prov, "two units in %q", prov)
	}
	pos.Units[l.Province] = rules.Unit{Type: t, Power: pw, Coast: l.Coast}
	return nil
}

// Dislodged reads one entry of dislodged. Its retreats are read into
// storage the position's earlier dislodged units left, so that a reader
// that builds one position after another does not allocate.
func (b *Builder) Dislodged(d *Dislodged) error {
	pos := b.pos
	if pos.Phase.Type != rules.RetreatPhase {
		return badf("dislodged", "", "units wait to retreat only in a retreat phase, not in %s", b.phase.String())
	}
	var spare []rules.Loc
	if n := len(pos.Dislodged); n < cap(pos.Dislodged) {
		spare = pos.Dislodged[:n+1][n].Retreats[:0]
	}
	dl, err := b.c.decodeDislodged(d, spare)
	if err != nil {
		return err
	}
	for _, other := range pos.Dislodged {
		if other.Province == dl.Province {
			return badf("dislodged", d.Province, "two units dislodged from %q", d.Province)
		}
	}
	pos.Dislodged = append(pos.Dislodged, dl)
	return nil
}

// PowerPrefix returns the power whose name, exactly as the map spells it,
// s begins with, and the name's length (0 when it finds none): a reader
// of JSON looks a power up before it has found the end of its string,
// and then checks that the string ends there. It finds only what Power
// finds, and not every power (where two names begin alike, none).
func (c *Codec) PowerPrefix(s string) (rules.Power, int) {
	return c.names.PowerPrefix(s)
}

// Abbr returns the province of a three-letter abbreviation, in any case.
func (c *Codec) Abbr(s string) (rules.Province, bool) {
	if len(s) != 3 {
		return rules.NoProvince, false
	}
	return c.names.Province(s)
}

// PlaceUnit places a unit of power pw and type t in province p, a
// location without a coast, from ids the caller read with the codec's
// look-ups (PowerPrefix, Abbr). It reports false, placing nothing, where
// Unit would refuse the unit: Unit, given its names, then says why.
func (b *Builder) PlaceUnit(pw rules.Power, t rules.UnitType, p rules.Province) bool {
	pos := b.pos
	if int(p) >= len(b.c.stand) || b.c.stand[p]&(1<<t) == 0 || pw == rules.NoPower ||
		int(pw) >= len(b.c.v.Map.Powers) || pos.Units[p].Type != rules.NoUnit {
		return false
	}
	pos.Units[p] = rules.Unit{Type: t, Power: pw}
	return true
}

// SetOwner reads one entry of supply_centers from ids the caller read
// with the codec's look-ups: province p owned by power pw. It reports
// false, changing nothing, where Centre would refuse the entry: Centre,
// given its names, then says why.
func (b *Builder) SetOwner(p rules.Province, pw rules.Power) bool {
	v := b.c.v
	if int(p) >= len(b.pos.Owner) || !v.Map.Provinces[p].SupplyCenter || pw == rules.NoPower ||
		int(pw) >= len(v.Map.Powers) || !v.MayOwn(p, pw) || b.seen.testAndSet(int(p)) {
		return false
	}
	b.Owned()
	b.pos.Owner[p] = pw
	return true
}
