package rules

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// The compact binary form of a variant (Variant.AppendBinary,
// DecodeVariant) holds its map with every table Build derives, and its
// starting position, so that a program that adjudicates one phase and
// exits reads its variant without parsing the map file or building the
// map: about 0.2 million instructions for the standard map instead of
// 1.5 million.
// It is a cache of the map file, never a source: package variants
// generates it from the files and its tests check that it is fresh.
//
// Numbers are unsigned varints; a string is its length and its bytes; a
// slice is its length plus one, 0 meaning nil (so that a decoded variant
// is reflect.DeepEqual to the one encoded); a list of lists gives first
// the total of its elements, which share one backing array when decoded.
// Lists of provinces and of neighbours, which are most of the data, are
// fixed-width: a province or node in two bytes, little-endian, and a
// border's flags and kind in one byte. The adjacency matrices are written
// as each node's neighbours with the border's flags and kind, and rebuilt
// from them.

// binaryMagic begins the binary form; its last byte is the format's
// version, to be changed with the format.
const binaryMagic = "chancery variant\x03"

// AppendBinary appends the compact binary form of v to b (see
// DecodeVariant). It implements encoding.BinaryAppender.
func (v *Variant) AppendBinary(b []byte) ([]byte, error) {
	if v.Map == nil || v.Start == nil {
		return b, errors.New("encoding a variant: no map or no start")
	}
	if len(v.Map.BorderKinds) > 1<<kindBits {
		return b, fmt.Errorf("encoding a variant: %d kinds of border, more than %d", len(v.Map.BorderKinds), 1<<kindBits)
	}
	e := encoder{b: append(b, binaryMagic...)}
	e.str(v.Name)
	e.str(v.Title)
	e.bool(v.BuildAnywhere)
	e.uint(uint64(v.Neutral))
	e.uint(uint64(v.VictoryCentres))
	e.bool(v.VictoryStrict)
	e.str(v.Victory)
	e.bool(v.NoDraws)
	e.str(v.Description)
	e.mapData(v.Map)
	e.position(v.Start)
	return e.b, nil
}

// DecodeVariant reads the binary form of a variant that AppendBinary
// wrote. Its strings are parts of data, which is kept as long as the
// variant is.
func DecodeVariant(data string) (*Variant, error) {
	if len(data) < len(binaryMagic) || data[:len(binaryMagic)] != binaryMagic {
		return nil, errors.New("decoding a variant: not a variant's binary form (or another version of it)")
	}
	d := decoder{s: data, i: len(binaryMagic)}
	v := &Variant{}
	v.Name = d.str()
	v.Title = d.str()
	v.BuildAnywhere = d.bool()
	v.Neutral = Power(d.uint(0xFF))
	v.VictoryCentres = int(d.uint(1 << 16))
	v.VictoryStrict = d.bool()
	v.Victory = d.str()
	v.NoDraws = d.bool()
	v.Description = d.str()
	v.Map = d.mapData()
	v.Start = d.position()
	if d.err == nil && d.i != len(d.s) {
		d.fail("%d bytes left over", len(d.s)-d.i)
	}
	if d.err != nil {
		return nil, fmt.Errorf("decoding variant %q: %w", v.Name, d.err)
	}
	return v, nil
}

type encoder struct{ b []byte }

func (e *encoder) uint(x uint64) { e.b = binary.AppendUvarint(e.b, x) }

func (e *encoder) bool(x bool) {
	if x {
		e.b = append(e.b, 1)
	} else {
		e.b = append(e.b, 0)
	}
}

func (e *encoder) str(s string) {
	e.uint(uint64(len(s)))
	e.b = append(e.b, s...)
}

// length writes a slice's length plus one, or 0 for a nil slice.
func (e *encoder) length(n int, isNil bool) {
	if isNil {
		e.uint(0)
	} else {
		e.uint(uint64(n) + 1)
	}
}

func (e *encoder) strs(ss []string) {
	e.length(len(ss), ss == nil)
	for _, s := range ss {
		e.str(s)
	}
}

// kindBits is the bits of a border's kind in its byte, beside its two
// flags.
const kindBits = 6

func (e *encoder) provinces(ps []Province) {
	e.length(len(ps), ps == nil)
	for _, p := range ps {
		e.b = binary.LittleEndian.AppendUint16(e.b, uint16(p))
	}
}

// provinceLists writes a list of lists of provinces, its total first.
func (e *encoder) provinceLists(ls [][]Province) {
	total := 0
	for _, l := range ls {
		total += len(l)
	}
	e.uint(uint64(total))
	e.length(len(ls), ls == nil)
	for _, l := range ls {
		e.provinces(l)
	}
}

// bitsets writes a list of bitsets, each word in 8 bytes, little-endian.
func (e *encoder) bitsets(bs []bitset) {
	e.length(len(bs), bs == nil)
	for _, s := range bs {
		e.length(len(s), s == nil)
		for _, w := range s {
			e.b = binary.LittleEndian.AppendUint64(e.b, w)
		}
	}
}

func (e *encoder) mapData(m *Map) {
	e.length(len(m.Provinces), m.Provinces == nil)
	for i := range m.Provinces {
		pi := &m.Provinces[i]
		e.str(pi.Abbr)
		e.str(pi.Name)
		e.uint(uint64(pi.Terrain))
		e.bool(pi.SupplyCenter)
		e.uint(uint64(pi.Home))
		e.length(len(pi.Coasts), pi.Coasts == nil)
		for _, c := range pi.Coasts {
			e.uint(uint64(c))
		}
		e.strs(pi.Aliases)
		e.bool(pi.Convoys)
		e.bool(pi.Impassable)
		e.uint(uint64(pi.Barred))
	}
	e.strs(m.Powers)
	e.length(len(m.PowerAliases), m.PowerAliases == nil)
	for _, a := range m.PowerAliases {
		e.strs(a)
	}
	e.length(len(m.BorderKinds), m.BorderKinds == nil)
	for i := range m.BorderKinds {
		k := &m.BorderKinds[i]
		e.str(k.Name)
		e.bool(k.HalfStrength)
		e.bool(k.NoSupport)
		e.bool(k.NoCut)
		e.bool(k.LosesRetreatTie)
		e.bool(k.NoRetreat)
		e.bool(k.NoConvoy)
		e.uint(uint64(k.Gate))
	}
	e.length(len(m.locs), m.locs == nil)
	for _, l := range m.locs {
		e.uint(uint64(l.Province))
		e.uint(uint64(l.Coast))
	}
	e.length(len(m.coastNode), m.coastNode == nil)
	for _, cn := range m.coastNode {
		for _, n := range cn {
			e.uint(uint64(n))
		}
	}
	// The adjacency: each node's neighbours in order, with the border's
	// flags and kind, from which the matrices are rebuilt.
	n := len(m.locs)
	total := 0
	for _, a := range m.adj {
		total += len(a)
	}
	e.uint(uint64(total))
	e.length(len(m.adj), m.adj == nil)
	for a, cs := range m.adj {
		e.length(len(cs), cs == nil)
		for _, c := range cs {
			e.b = binary.LittleEndian.AppendUint16(e.b, uint16(c))
			e.b = append(e.b, m.edges[a*n+c]|uint8(m.kinds[a*n+c])<<2)
		}
	}
	for t := range m.reach {
		e.bitsets(m.reach[t])
	}
	e.provinceLists(m.provAdj)
	e.provinceLists(m.seaList)
	e.bitsets(m.seaAdj)
	e.length(len(m.railways), m.railways == nil)
	for _, w := range m.railways {
		e.str(w.Name)
		e.uint(uint64(w.Power))
		e.provinces(w.Line)
	}
}

func (e *encoder) position(p *Position) {
	e.uint(uint64(p.Phase.Season))
	e.uint(uint64(p.Phase.Year))
	e.uint(uint64(p.Phase.Type))
	e.length(len(p.Units), p.Units == nil)
	for _, u := range p.Units {
		e.unit(u)
	}
	e.length(len(p.Dislodged), p.Dislodged == nil)
	for i := range p.Dislodged {
		d := &p.Dislodged[i]
		e.unit(d.Unit)
		e.uint(uint64(d.Province))
		e.uint(uint64(d.AttackerFrom))
		e.bool(d.ByConvoy)
		e.length(len(d.Retreats), d.Retreats == nil)
		for _, l := range d.Retreats {
			e.uint(uint64(l.Province))
			e.uint(uint64(l.Coast))
		}
	}
	e.length(len(p.Owner), p.Owner == nil)
	for _, o := range p.Owner {
		e.uint(uint64(o))
	}
}

func (e *encoder) unit(u Unit) {
	e.uint(uint64(u.Type))
	e.uint(uint64(u.Power))
	e.uint(uint64(u.Coast))
}

// decoder reads the binary form; its first error stops it (every later
// read returns zero values) and is reported once.
type decoder struct {
	s   string
	i   int
	err error
}

func (d *decoder) fail(format string, args ...any) {
	if d.err == nil {
		d.err = fmt.Errorf("at byte %d: "+format, append([]any{d.i}, args...)...)
	}
	d.i = len(d.s)
}

// uint reads a number of at most max. Most numbers are below 128, a
// byte, which this inlined part reads.
func (d *decoder) uint(max uint64) uint64 {
	if d.i < len(d.s) {
		if c := uint64(d.s[d.i]); c < 0x80 && c <= max {
			d.i++
			return c
		}
	}
	return d.uintSlow(max)
}

func (d *decoder) uintSlow(max uint64) uint64 {
	var x uint64
	for shift := uint(0); ; shift += 7 {
		if d.i >= len(d.s) || shift > 63 {
			d.fail("truncated number")
			return 0
		}
		c := d.s[d.i]
		d.i++
		x |= uint64(c&0x7F) << shift
		if c < 0x80 {
			break
		}
	}
	if x > max {
		d.fail("number %d above %d", x, max)
		return 0
	}
	return x
}

// fixed returns the next n bytes, or "" (and the decoder fails) when
// fewer are left.
func (d *decoder) fixed(n int) string {
	if n > len(d.s)-d.i {
		d.fail("%d bytes wanted, %d left", n, len(d.s)-d.i)
		return ""
	}
	b := d.s[d.i : d.i+n]
	d.i += n
	return b
}

func (d *decoder) bool() bool { return d.uint(1) == 1 }

func (d *decoder) str() string {
	n := int(d.uint(uint64(len(d.s))))
	if n > len(d.s)-d.i {
		d.fail("a string of %d bytes, %d left", n, len(d.s)-d.i)
		return ""
	}
	s := d.s[d.i : d.i+n]
	d.i += n
	return s
}

// length reads a slice's length and whether it is nil. A length is at
// most the bytes left (every element takes at least one), so that bad
// data cannot make the decoder allocate without bound.
func (d *decoder) length() (n int, isNil bool) {
	x := d.uint(uint64(len(d.s)-d.i) + 1)
	if x == 0 {
		return 0, true
	}
	return int(x - 1), false
}

// makeSlice returns a slice of the length d reads next (see length),
// nil where the encoded slice was nil.
func makeSlice[T any](d *decoder) []T {
	n, isNil := d.length()
	if isNil {
		return nil
	}
	return make([]T, n)
}

// count reads a total of elements to come, bounded as length is.
func (d *decoder) count() int { return int(d.uint(uint64(len(d.s) - d.i))) }

func (d *decoder) strs() []string {
	n, isNil := d.length()
	if isNil {
		return nil
	}
	out := make([]string, n)
	for i := range out {
		out[i] = d.str()
	}
	return out
}

func (d *decoder) province() Province { return Province(d.uint(0xFFFF)) }

// provinces reads a list of provinces into the start of buf when it has
// room, else into a slice of its own; it returns the list and what is
// left of buf.
func (d *decoder) provinces(buf []Province) (list, rest []Province) {
	n, isNil := d.length()
	if isNil {
		return nil, buf
	}
	if n > len(buf) {
		buf = make([]Province, n)
	}
	b := d.fixed(2 * n)
	if d.err != nil {
		return nil, buf
	}
	list, rest = buf[:n:n], buf[n:]
	for i := range list {
		list[i] = Province(b[2*i]) | Province(b[2*i+1])<<8
	}
	return list, rest
}

func (d *decoder) provinceLists() [][]Province {
	buf := make([]Province, d.count())
	n, isNil := d.length()
	if isNil {
		return nil
	}
	out := make([][]Province, n)
	for i := range out {
		out[i], buf = d.provinces(buf)
	}
	return out
}

// bitsets reads a list of bitsets of words words each, which share one
// backing array.
func (d *decoder) bitsets(words int) []bitset {
	n, isNil := d.length()
	if isNil || d.err != nil {
		return nil
	}
	out := make([]bitset, n)
	buf := make([]uint64, n*words)
	for i := range out {
		m, isNil := d.length()
		if isNil {
			continue
		}
		if m != words {
			d.fail("a set of %d words, not %d", m, words)
			return nil
		}
		if len(d.s)-d.i < 8*words {
			d.fail("a set of %d words in %d bytes", words, len(d.s)-d.i)
			return nil
		}
		out[i], buf = buf[:words:words], buf[words:]
		for j := range out[i] {
			s := d.s[d.i : d.i+8]
			out[i][j] = uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
				uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
			d.i += 8
		}
	}
	return out
}

func (d *decoder) mapData() *Map {
	m := &Map{}
	np, isNil := d.length()
	if !isNil {
		m.Provinces = make([]ProvinceInfo, np)
	}
	for i := range m.Provinces {
		pi := &m.Provinces[i]
		pi.Abbr = d.str()
		pi.Name = d.str()
		pi.Terrain = Terrain(d.uint(uint64(Sea)))
		pi.SupplyCenter = d.bool()
		pi.Home = Power(d.uint(0xFF))
		pi.Coasts = makeSlice[Coast](d)
		for j := range pi.Coasts {
			pi.Coasts[j] = Coast(d.uint(uint64(numCoasts - 1)))
		}
		pi.Aliases = d.strs()
		pi.Convoys = d.bool()
		pi.Impassable = d.bool()
		pi.Barred = Power(d.uint(0xFF))
	}
	m.Powers = d.strs()
	m.PowerAliases = makeSlice[[]string](d)
	for i := range m.PowerAliases {
		m.PowerAliases[i] = d.strs()
	}
	m.BorderKinds = makeSlice[BorderKindInfo](d)
	for i := range m.BorderKinds {
		k := &m.BorderKinds[i]
		k.Name = d.str()
		k.HalfStrength = d.bool()
		k.NoSupport = d.bool()
		k.NoCut = d.bool()
		k.LosesRetreatTie = d.bool()
		k.NoRetreat = d.bool()
		k.NoConvoy = d.bool()
		k.Gate = d.province()
	}
	n, isNil := d.length()
	if !isNil {
		m.locs = make([]Loc, n)
	}
	for i := range m.locs {
		m.locs[i] = Loc{Province: d.province(), Coast: Coast(d.uint(uint64(numCoasts - 1)))}
	}
	m.coastNode = makeSlice[[numCoasts]int](d)
	for i := range m.coastNode {
		for c := range m.coastNode[i] {
			m.coastNode[i][c] = int(d.uint(uint64(n)))
		}
	}
	if d.err != nil {
		return m
	}
	buf := make([]int, d.count())
	m.edges = make([]uint8, n*n)
	m.kinds = make([]BorderKind, n*n)
	if na, isNil := d.length(); !isNil {
		if na != n {
			d.fail("%d nodes' neighbours for %d nodes", na, n)
			return m
		}
		m.adj = make([][]int, n)
	}
	for a := range m.adj {
		k, isNil := d.length()
		if isNil {
			continue
		}
		if k > len(buf) {
			d.fail("more neighbours than their total")
			return m
		}
		b := d.fixed(3 * k)
		if d.err != nil {
			return m
		}
		m.adj[a], buf = buf[:k:k], buf[k:]
		for j := range m.adj[a] {
			c, fk := int(b[3*j])|int(b[3*j+1])<<8, b[3*j+2]
			if c >= n || int(fk>>2) >= len(m.BorderKinds) {
				d.fail("a border to node %d of kind %d", c, fk>>2)
				return m
			}
			m.adj[a][j] = c
			m.edges[a*n+c] = fk & (edgeArmy | edgeFleet)
			m.kinds[a*n+c] = BorderKind(fk >> 2)
		}
	}
	words := (np + 63) / 64
	for t := range m.reach {
		m.reach[t] = d.bitsets(words)
	}
	m.provAdj = d.provinceLists()
	m.seaList = d.provinceLists()
	m.seaAdj = d.bitsets(words)
	if nr, isNil := d.length(); !isNil {
		m.railways = make([]RailwayLine, nr)
	}
	for i := range m.railways {
		w := &m.railways[i]
		w.Name = d.str()
		w.Power = Power(d.uint(0xFF))
		w.Line, _ = d.provinces(nil)
	}
	return m
}

func (d *decoder) position() *Position {
	p := &Position{}
	p.Phase.Season = Season(d.uint(uint64(Winter)))
	p.Phase.Year = int(d.uint(1 << 31))
	p.Phase.Type = PhaseType(d.uint(uint64(AdjustmentPhase)))
	p.Units = makeSlice[Unit](d)
	for i := range p.Units {
		p.Units[i] = d.unit()
	}
	p.Dislodged = makeSlice[Dislodged](d)
	for i := range p.Dislodged {
		x := &p.Dislodged[i]
		x.Unit = d.unit()
		x.Province = d.province()
		x.AttackerFrom = d.province()
		x.ByConvoy = d.bool()
		x.Retreats = makeSlice[Loc](d)
		for j := range x.Retreats {
			x.Retreats[j] = Loc{Province: d.province(), Coast: Coast(d.uint(uint64(numCoasts - 1)))}
		}
	}
	p.Owner = makeSlice[Power](d)
	for i := range p.Owner {
		p.Owner[i] = Power(d.uint(0xFF))
	}
	return p
}

func (d *decoder) unit() Unit {
	return Unit{Type: UnitType(d.uint(uint64(Fleet))), Power: Power(d.uint(0xFF)), Coast: Coast(d.uint(uint64(numCoasts - 1)))}
}
