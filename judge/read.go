package judge

import (
	"math/bits"
	"unicode/utf8"

	"github.com/chancery/chancery/codec"
)

// reader reads the contract's JSON input without allocating: the strings
// it keeps are substrings of its source, and its lists reuse their
// storage from one input to the next.
//
// It reads only the plain form of the input — the contract's field names
// as they are spelt, each at most once, strings without escapes, years as
// plain integers — and reports anything else as unread (ok false). The
// judge then reads that input with encoding/json (DecodeInput), which is
// the definition of what the contract accepts: so the reader never
// accepts what DecodeInput refuses nor reads anything differently
// (FuzzReadInput checks both), and every error message is DecodeInput's
// and Adjudicate's.
type reader struct {
	s string
	i int

	variant   string
	phase     codec.Phase
	units     []codec.Unit
	dislodged []codec.Dislodged
	retreats  []string // the dislodged units' retreats, one after another
	centres   []codec.Centre
	owned     bool // supply_centers was given (not null)
	orders    []powerOrders
	texts     []string // the orders' texts, one power after another
	options   Options
	optioned  bool // options was given (not null)
}

// powerOrders is one entry of the input's orders.
type powerOrders struct {
	power string
	texts []string
}

// Fields of the input, of a phase, a unit, a dislodged unit and the
// options, as bits, to refuse a field given twice.
const (
	fVariant = 1 << iota
	fPhase
	fUnits
	fDislodged
	fCentres
	fOrders
	fOptions
)

// read reads s as one input. It reports whether it could; when it could
// not, s may still be good input in a form it does not read.
func (r *reader) read(s string) bool {
	r.s, r.i = s, 0
	r.variant, r.phase = "", codec.Phase{}
	r.units, r.dislodged, r.centres, r.orders = r.units[:0], r.dislodged[:0], r.centres[:0], r.orders[:0]
	if r.retreats == nil {
		// A dislodged unit's empty retreats list ([]) must stay non-nil:
		// nil means "left out".
		r.retreats = make([]string, 0, 16)
	}
	r.retreats, r.texts = r.retreats[:0], r.texts[:0]
	r.owned, r.optioned, r.options = false, false, Options{}
	seen := 0
	ok := r.object(func(key string) bool {
		var bit int
		var ok bool
		switch key {
		case "variant":
			bit = fVariant
			r.variant, ok = r.str()
		case "phase":
			bit, ok = fPhase, r.readPhase()
		case "units":
			bit, ok = fUnits, r.nullOr(r.readUnits)
		case "dislodged":
			bit, ok = fDislodged, r.nullOr(r.readDislodged)
		case "supply_centers":
			bit, ok = fCentres, r.nullOr(r.readCentres)
		case "orders":
			bit, ok = fOrders, r.nullOr(r.readOrders)
		case "options":
			bit, ok = fOptions, r.nullOr(r.readOptions)
		}
		return once(&seen, bit, ok)
	})
	if !ok {
		return false
	}
	r.ws()
	return r.i == len(r.s)
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

// object reads an object, calling field for each key with the reader at
// its value; field reads the value.
func (r *reader) object(field func(key string) bool) bool {
	more, ok := r.open('{', '}')
	for ok && more {
		var key string
		if key, ok = r.key(); ok && field(key) {
			more, ok = r.next('}')
		} else {
			ok = false
		}
	}
	return ok
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

// nullOr reads null, or the value read reads.
func (r *reader) nullOr(read func() bool) bool {
	if r.word("null") {
		return true
	}
	return read()
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

func (r *reader) readPhase() bool {
	seen := 0
	return r.object(func(key string) bool {
		var bit int
		var ok bool
		switch key {
		case "season":
			bit = 1
			r.phase.Season, ok = r.str()
		case "year":
			bit = 2
			r.phase.Year, ok = r.year()
		case "type":
			bit = 4
			r.phase.Type, ok = r.str()
		}
		return once(&seen, bit, ok)
	})
}

// unitFields reads the fields of a unit or dislodged unit; more reads the
// others of a dislodged unit.
func (r *reader) unitFields(key string, u *codec.Unit, seen *int) (handled, ok bool) {
	var bit int
	switch key {
	case "power":
		bit = 1
		u.Power, ok = r.str()
	case "type":
		bit = 2
		u.Type, ok = r.str()
	case "province":
		bit = 4
		u.Province, ok = r.str()
	default:
		return false, false
	}
	return true, once(seen, bit, ok)
}

func (r *reader) readUnits() bool {
	more, ok := r.open('[', ']')
	for ok && more {
		var u codec.Unit
		ok = r.unit(&u)
		r.units = append(r.units, u)
		if ok {
			more, ok = r.next(']')
		}
	}
	return ok
}

// unit reads a unit: the hottest object of the input, read without a
// function for its fields.
func (r *reader) unit(u *codec.Unit) bool {
	seen := 0
	more, ok := r.open('{', '}')
	for ok && more {
		var key string
		if key, ok = r.key(); !ok {
			break
		}
		if _, ok = r.unitFields(key, u, &seen); ok {
			more, ok = r.next('}')
		}
	}
	return ok
}

func (r *reader) readDislodged() bool {
	more, ok := r.open('[', ']')
	for ok && more {
		if ok = r.dislodgedUnit(); ok {
			more, ok = r.next(']')
		}
	}
	return ok
}

// dislodgedUnit reads a dislodged unit onto r.dislodged.
func (r *reader) dislodgedUnit() bool {
	var d codec.Dislodged
	var u codec.Unit
	seen := 0
	ok := r.object(func(key string) bool {
		if handled, ok := r.unitFields(key, &u, &seen); handled {
			return ok
		}
		var bit int
		var ok bool
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
			start := len(r.retreats)
			ok = r.strings(&r.retreats)
			d.Retreats = r.retreats[start:len(r.retreats):len(r.retreats)]
		}
		return once(&seen, bit, ok)
	})
	d.Power, d.Type, d.Province = u.Power, u.Type, u.Province
	r.dislodged = append(r.dislodged, d)
	return ok
}

func (r *reader) readCentres() bool {
	r.owned = true
	// A province named twice is refused by codec.DecodeParts, which knows
	// its spellings.
	more, ok := r.open('{', '}')
	for ok && more {
		var prov, power string
		if prov, ok = r.key(); !ok {
			break
		}
		power, ok = r.str()
		r.centres = append(r.centres, codec.Centre{Province: prov, Power: power})
		if ok {
			more, ok = r.next('}')
		}
	}
	return ok
}

func (r *reader) readOrders() bool {
	// A power named twice is refused by the judge, which knows its
	// spellings.
	return r.object(func(key string) bool {
		start := len(r.texts)
		if !r.word("null") && !r.strings(&r.texts) {
			return false
		}
		r.orders = append(r.orders, powerOrders{power: key, texts: r.texts[start:len(r.texts):len(r.texts)]})
		return true
	})
}

func (r *reader) readOptions() bool {
	r.optioned = true
	seen := 0
	return r.object(func(key string) bool {
		var bit int
		var ok bool
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
		return once(&seen, bit, ok)
	})
}
