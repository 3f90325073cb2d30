package judge

import (
	"math/bits"
	"unicode/utf8"

	"github.com/chancery/chancery/codec"
	"github.com/chancery/chancery/rules"
)

// reader reads the contract's JSON input without allocating, and turns
// names into ids as it reads them: the variant's state as soon as the
// variant is read, each unit and centre into the position (through
// codec.Builder, which owns the names), each power of the orders into
// its id. The orders' texts it keeps are substrings of its source; its
// lists reuse their storage from one input to the next.
//
// It reads only the plain form of the input — the contract's field names
// as they are spelt, each at most once, the variant before the phase and
// the phase before the units, dislodged units, centres and orders,
// strings without escapes, years as plain integers — and reports
// anything else, and any bad input, as unread (ok false). The judge then
// reads that input with encoding/json (DecodeInput), which is the
// definition of what the contract accepts: so the reader never accepts
// what DecodeInput refuses nor reads anything differently (FuzzReadInput
// checks both), and every error message is DecodeInput's and
// Adjudicate's.
type reader struct {
	s string
	i int

	j        *Judge
	e        *state // the variant's, once read
	phased   bool   // the phase was read: b has begun
	b        codec.Builder
	texts    []string // the orders' texts, one power after another
	options  Options
	optioned bool // options was given (not null)
	retreats []string
	seen     [4]uint64 // the powers of the orders
}

// Fields of the input as bits, to refuse a field given twice.
const (
	fVariant = 1 << iota
	fPhase
	fUnits
	fDislodged
	fCentres
	fOrders
	fOptions
)

// read reads s as one input for j and builds its position and orders
// into the variant's state, which it returns. It reports whether it
// could; when it could not, s may still be good input in a form it does
// not read, or bad input.
func (r *reader) read(j *Judge, s string) (*state, bool) {
	r.s, r.i, r.j, r.e, r.phased = s, 0, j, nil, false
	r.texts = r.texts[:0]
	r.optioned, r.options = false, Options{}
	r.seen = [4]uint64{}
	seen := 0
	more, ok := r.open('{', '}')
	for ok && more {
		var key string
		if key, ok = r.key(); !ok {
			break
		}
		var bit int
		switch key {
		case "variant":
			bit, ok = fVariant, r.readVariant()
		case "phase":
			bit, ok = fPhase, r.readPhase()
		case "units":
			bit, ok = fUnits, r.word("null") || r.readUnits()
		case "dislodged":
			bit, ok = fDislodged, r.word("null") || r.readDislodged()
		case "supply_centers":
			bit, ok = fCentres, r.word("null") || r.readCentres()
		case "orders":
			bit, ok = fOrders, r.word("null") || r.readOrders()
		case "options":
			bit, ok = fOptions, r.word("null") || r.readOptions()
		}
		if ok = once(&seen, bit, ok); ok {
			more, ok = r.next('}')
		}
	}
	if !ok || !r.phased {
		return nil, false
	}
	r.ws()
	return r.e, r.i == len(r.s)
}

// once reports whether a field of an object, its bit among the object's
// fields and its value read (ok), is read: a field the object gives twice,
// or one it does not know (bit 0), is not.
func once(seen *int, bit int, ok bool) bool {
	if bit == 0 || *seen&bit != 0 {
		return false
	}
	*seen |= bit
	return ok
}

// ws skips white space.
func (r *reader) ws() {
	i := r.i
	// Most calls find none: one comparison tells a byte above the space.
	for i < len(r.s) && r.s[i] <= ' ' {
		if c := r.s[i]; c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			break
		}
		i++
	}
	r.i = i
}

// punct reads the byte c after white space.
func (r *reader) punct(c byte) bool {
	r.ws()
	if r.i < len(r.s) && r.s[r.i] == c {
		r.i++
		return true
	}
	return false
}

// word reads the literal w (null, true, false) after white space.
func (r *reader) word(w string) bool {
	r.ws()
	if len(r.s)-r.i >= len(w) && r.s[r.i:r.i+len(w)] == w {
		r.i += len(w)
		return true
	}
	return false
}

// str reads a string without escapes or control characters, in valid
// UTF-8.
func (r *reader) str() (string, bool) {
	r.ws()
	s, i := r.s, r.i
	if i >= len(s) || s[i] != '"' {
		return "", false
	}
	i++
	start := i
	// Eight bytes at a time while eight remain: the strings of the
	// contract are short, and most end within the first eight.
	for i+8 <= len(s) {
		w := s[i : i+8]
		m := special(uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
			uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56)
		if m != 0 {
			i += bits.TrailingZeros64(m) / 8
			goto found
		}
		i += 8
	}
	for i < len(s) && plain[s[i]] {
		i++
	}
found:
	if i < len(s) && s[i] == '"' { // the common case: ASCII
		r.i = i + 1
		return s[start:i], true
	}
	for i < len(s) {
		switch c := s[i]; {
		case c == '"':
			r.i = i + 1
			return s[start:i], utf8.ValidString(s[start:i])
		case c == '\\' || c < 0x20:
			return "", false
		}
		i++
	}
	return "", false
}

// special marks, in the high bit of each byte of the eight bytes x (the
// first in the low byte), the bytes that a string does not hold as they
// are in ASCII: '"', '\\', control characters and bytes of 0x80 and above.
// Above the lowest, marks may be false (a borrow runs on), so only the
// lowest mark is to be read: the first such byte.
func special(x uint64) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	q := x ^ (ones * '"')
	b := x ^ (ones * '\\')
	return ((x-ones*0x20)&^x | (q-ones)&^q | (b-ones)&^b | x) & highs
}

// plain marks the bytes a string holds as they are, in ASCII.
var plain = func() (t [256]bool) {
	for c := ' '; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// boolean reads true or false.
func (r *reader) boolean() (bool, bool) {
	if r.word("true") {
		return true, true
	}
	return false, r.word("false")
}

// year reads a year: an integer of one to four digits with no sign.
func (r *reader) year() (int, bool) {
	r.ws()
	n, start := 0, r.i
	for r.i < len(r.s) && r.i-start < 5 && r.s[r.i] >= '0' && r.s[r.i] <= '9' {
		n = n*10 + int(r.s[r.i]-'0')
		r.i++
	}
	if d := r.i - start; d == 0 || d > 4 || d > 1 && r.s[start] == '0' {
		return 0, false
	}
	if r.i < len(r.s) {
		switch r.s[r.i] {
		case '.', 'e', 'E':
			return 0, false
		}
	}
	return n, true
}

// open reads the byte that opens a list (an object or an array) and, when
// the list is empty, the one that closes it: more reports whether an
// element follows.
func (r *reader) open(open, close byte) (more, ok bool) {
	if !r.punct(open) {
		return false, false
	}
	return !r.punct(close), true
}

// next reads what follows an element of a list: a comma, and more is
// true, or the closing byte.
func (r *reader) next(close byte) (more, ok bool) {
	r.ws()
	if r.i < len(r.s) {
		switch r.s[r.i] {
		case ',':
			r.i++
			return true, true
		case close:
			r.i++
			return false, true
		}
	}
	return false, false
}

// key reads an object's key and the colon after it.
func (r *reader) key() (string, bool) {
	k, ok := r.str()
	return k, ok && r.punct(':')
}

// strings reads an array of strings onto list.
func (r *reader) strings(list *[]string) bool {
	more, ok := r.open('[', ']')
	for ok && more {
		var s string
		s, ok = r.str()
		*list = append(*list, s)
		if ok {
			more, ok = r.next(']')
		}
	}
	return ok
}

func (r *reader) readVariant() bool {
	name, ok := r.str()
	if !ok {
		return false
	}
	e, err := r.j.state(name)
	if err != nil {
		return false
	}
	r.e = e
	e.powers = e.powers[:0]
	return true
}

// readPhase reads the phase and begins the position: the variant must
// have been read.
func (r *reader) readPhase() bool {
	if r.e == nil {
		return false
	}
	var ph codec.Phase
	seen := 0
	more, ok := r.open('{', '}')
	for ok && more {
		var key string
		if key, ok = r.key(); !ok {
			break
		}
		var bit int
		switch key {
		case "season":
			bit = 1
			ph.Season, ok = r.str()
		case "year":
			bit = 2
			ph.Year, ok = r.year()
		case "type":
			bit = 4
			ph.Type, ok = r.str()
		}
		if ok = once(&seen, bit, ok); ok {
			more, ok = r.next('}')
		}
	}
	if !ok || r.e.Codec.Begin(&r.b, &r.e.pos, ph) != nil {
		return false
	}
	r.phased = true
	return true
}

// unitFields reads one field of a unit or dislodged unit; handled is
// false for a field that is neither power, type nor province.
func (r *reader) unitFields(key string, power, typ, prov *string, seen *int) (handled, ok bool) {
	var bit int
	switch key {
	case "power":
		bit = 1
		*power, ok = r.str()
	case "type":
		bit = 2
		*typ, ok = r.str()
	case "province":
		bit = 4
		*prov, ok = r.str()
	default:
		return false, false
	}
	return true, once(seen, bit, ok)
}

func (r *reader) readUnits() bool {
	if !r.phased {
		return false
	}
	more, ok := r.open('[', ']')
	for ok && more {
		if ok = r.unitQuick() || r.unit(); ok {
			more, ok = r.next(']')
		}
	}
	return ok
}

// unitQuick reads a unit in the form encoding/json writes,
// {"power":"England","type":"fleet","province":"lon"}, and places it:
// each key by a comparison with its literal, the power by the table of
// first bytes and the province by the table of three-letter
// abbreviations, before the end of its string is found. It reports
// false, with r.i unchanged and nothing placed, for anything else (other
// spacing or order, escapes, a coast, a name it does not find so, a unit
// the codec refuses), for unit's full reading.
func (r *reader) unitQuick() bool {
	s, i := r.s, r.i
	if len(s)-i < len(`{"power":"E","type":"army","province":"lon"}`) ||
		s[i:i+8] != `{"power"` || s[i+8:i+10] != `:"` {
		return false
	}
	c := r.e.Codec
	pw, n := c.PowerPrefix(s[i+10:])
	if i += 10 + n; n == 0 || len(s)-i < len(`","type":"army","province":"lon"}`) ||
		s[i:i+8] != `","type"` || s[i+8:i+10] != `:"` {
		return false
	}
	var t rules.UnitType
	switch i += 10; {
	case s[i:i+5] == `army"`:
		t, i = rules.Army, i+5
	case s[i:i+6] == `fleet"`:
		t, i = rules.Fleet, i+6
	default:
		return false
	}
	if len(s)-i < len(`,"province":"lon"}`) || s[i:i+8] != `,"provin` || s[i+8:i+13] != `ce":"` ||
		s[i+16] != '"' || s[i+17] != '}' {
		return false
	}
	p, ok := c.Abbr(s[i+13 : i+16])
	if !ok || !r.b.PlaceUnit(pw, t, p) {
		return false
	}
	r.i = i + 18
	return true
}

// unit reads a unit into the position.
func (r *reader) unit() bool {
	var power, typ, prov string
	seen := 0
	more, ok := r.open('{', '}')
	for ok && more {
		var key string
		if key, ok = r.key(); !ok {
			break
		}
		if _, ok = r.unitFields(key, &power, &typ, &prov, &seen); ok {
			more, ok = r.next('}')
		}
	}
	// A unit without a power, type or province is read as one with
	// empty names, as encoding/json reads it, and refused by the codec.
	return ok && r.b.Unit(power, typ, prov) == nil
}

func (r *reader) readDislodged() bool {
	if !r.phased {
		return false
	}
	more, ok := r.open('[', ']')
	for ok && more {
		if ok = r.dislodgedUnit(); ok {
			more, ok = r.next(']')
		}
	}
	return ok
}

// dislodgedUnit reads a dislodged unit into the position.
func (r *reader) dislodgedUnit() bool {
	var d codec.Dislodged
	seen := 0
	more, ok := r.open('{', '}')
	for ok && more {
		var key string
		if key, ok = r.key(); !ok {
			break
		}
		var handled bool
		if handled, ok = r.unitFields(key, &d.Power, &d.Type, &d.Province, &seen); !handled {
			var bit int
			switch key {
			case "attacker_from":
				bit = 8
				d.AttackerFrom, ok = r.str()
			case "by_convoy":
				bit = 16
				d.ByConvoy, ok = r.boolean()
			case "retreats":
				bit = 32
				if r.word("null") {
					ok = true
					break
				}
				if r.retreats == nil {
					// An empty list ([]) must stay non-nil: nil means
					// "left out".
					r.retreats = make([]string, 0, 16)
				}
				r.retreats = r.retreats[:0]
				ok = r.strings(&r.retreats)
				d.Retreats = r.retreats
			}
			ok = once(&seen, bit, ok)
		}
		if ok {
			more, ok = r.next('}')
		}
	}
	return ok && r.b.Dislodged(&d) == nil
}

func (r *reader) readCentres() bool {
	if !r.phased {
		return false
	}
	r.b.Owned()
	more, ok := r.open('{', '}')
	for ok && more {
		// The common form, "ank":"Turkey", by the tables of three-letter
		// abbreviations and of first bytes of powers.
		if s, i := r.s, r.i; len(s)-i >= len(`"ank":"T"`) && s[i] == '"' && s[i+4] == '"' && s[i+5] == ':' && s[i+6] == '"' {
			c := r.e.Codec
			if p, found := c.Abbr(s[i+1 : i+4]); found {
				if pw, n := c.PowerPrefix(s[i+7:]); n > 0 && i+7+n < len(s) && s[i+7+n] == '"' && r.b.SetOwner(p, pw) {
					r.i = i + 8 + n
					more, ok = r.next('}')
					continue
				}
			}
		}
		var prov, power string
		if prov, ok = r.key(); !ok {
			break
		}
		if power, ok = r.str(); ok && r.b.Centre(prov, power) == nil {
			more, ok = r.next('}')
		} else {
			ok = false
		}
	}
	return ok
}

func (r *reader) readOrders() bool {
	if !r.phased {
		return false
	}
	e := r.e
	more, ok := r.open('{', '}')
	for ok && more {
		var name string
		if name, ok = r.key(); !ok {
			break
		}
		pw, known := e.Names.Power(name)
		if !known || r.seen[pw/64]&(1<<(pw%64)) != 0 {
			// An unknown power, or one named twice (the slow way's
			// map keeps the last entry of a name given twice).
			return false
		}
		r.seen[pw/64] |= 1 << (pw % 64)
		start := len(r.texts)
		if !r.word("null") && !r.strings(&r.texts) {
			return false
		}
		e.powers = append(e.powers, namedPower{pw, r.texts[start:len(r.texts):len(r.texts)]})
		more, ok = r.next('}')
	}
	return ok
}

func (r *reader) readOptions() bool {
	r.optioned = true
	seen := 0
	more, ok := r.open('{', '}')
	for ok && more {
		var key string
		if key, ok = r.key(); !ok {
			break
		}
		var bit int
		o := &r.options
		switch key {
		case "paradox":
			bit = 1
			o.Paradox, ok = r.str()
		case "convoy_fallback":
			bit = 2
			o.ConvoyFallback, ok = r.boolean()
		case "railway":
			bit = 4
			o.Railway, ok = r.str()
		case "ignore_unit_type":
			bit = 8
			o.IgnoreUnitType, ok = r.boolean()
		}
		if ok = once(&seen, bit, ok); ok {
			more, ok = r.next('}')
		}
	}
	return ok
}
