// Package notation reads and writes orders in the common English notation
// ("A PAR - BUR", "F NTH C A LON - NWY", "BUILD F STP/NC") for any map:
// case-insensitive, with abbreviations, aliases or full names, and coasts
// as "stp/sc", "stp(sc)", "stp sc" or "St Petersburg (south coast)".
package notation

import (
	"strings"
	"unicode"

	"github.com/chancery/chancery/rules"
)

// Names turns the words people write into a map's ids and back.
type Names struct {
	m      *rules.Map
	provs  map[string]rules.Province
	short  []int16 // three-letter keys (26*26*26), -1 when no province
	powers map[string]rules.Power
	// upper is each province's abbreviation in upper case, as orders
	// are written ("STP"), cut from one string.
	upper  []string
	maxLen int // the most words a province name spans
	maxKey int // the longest key of a province name
	// powerByFirst is the power whose name starts with a byte, when
	// exactly one does (else NoPower), with its name.
	powerByFirst [256]firstPower
	// start4 is a filter of how keys begin: bit start4Hash(k) is set for
	// the first four characters of every key of four or more. A clear bit
	// proves that no key starts like k, so reading a name word by word
	// stops without a map look-up (see mayStart).
	start4 [1 << start4Bits / 64]uint64
}

const start4Bits = 14

// firstPower is the one power whose name starts with a byte, and its name.
// A name of four to eight bytes is also held as its first four and last
// four bytes (overlapping when shorter than eight), which two loads of
// the word read compare without calling memequal.
type firstPower struct {
	name       string
	head, tail uint32
	power      rules.Power
}

// load32 reads the first four bytes of s, the first in the low byte (one
// load: the compiler combines the four).
func load32(s string) uint32 {
	_ = s[3]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}

// start4Hash hashes the first four characters of a key for Names.start4.
func start4Hash(k []byte) uint32 {
	x := uint32(k[0]) | uint32(k[1])<<8 | uint32(k[2])<<16 | uint32(k[3])<<24
	return x * 0x9E3779B1 >> (32 - start4Bits)
}

// mayStart reports whether some key may start with k: false proves that
// neither k nor any longer word run beginning with it is a name.
func (n *Names) mayStart(k []byte) bool {
	if len(k) > n.maxKey {
		return false
	}
	if len(k) < 4 {
		return true
	}
	h := start4Hash(k)
	return n.start4[h/64]&(1<<(h%64)) != 0
}

// NewNames indexes the names of map m: every province's abbreviation,
// aliases and full name, and every power's name.
func NewNames(m *rules.Map) *Names {
	// The maps are made as large as they will be, so that a process that
	// adjudicates one phase does not pay for their growth.
	count, powerCount := 0, len(m.Powers)
	for i := range m.Provinces {
		count += 2 + len(m.Provinces[i].Aliases)
	}
	for _, aliases := range m.PowerAliases {
		powerCount += len(aliases)
	}
	n := &Names{m: m, provs: make(map[string]rules.Province, count),
		powers: make(map[string]rules.Power, powerCount), maxLen: 1,
		short: make([]int16, 26*26*26)}
	// -1 everywhere, by doubling copies (memmove) rather than 17,576
	// stores one by one.
	n.short[0] = -1
	for k := 1; k < len(n.short); k *= 2 {
		copy(n.short[k:], n.short[:k])
	}
	for i := range m.Provinces {
		pi := &m.Provinces[i]
		p := rules.Province(i)
		n.addProv(pi.Abbr, p)
		n.addProv(pi.Name, p)
		for _, a := range pi.Aliases {
			n.addProv(a, p)
		}
	}
	var up []byte
	for i := range m.Provinces {
		up = append(up, m.Provinces[i].Abbr...)
	}
	all := string(upperASCII(up)) // ASCII only, as orders have always been written
	n.upper = make([]string, len(m.Provinces))
	for i, at := range m.Provinces {
		n.upper[i], all = all[:len(at.Abbr)], all[len(at.Abbr):]
	}
	for i := 1; i < len(m.Powers); i++ {
		n.powers[key(m.Powers[i])] = rules.Power(i)
	}
	var starts [256]int
	for i := 1; i < len(m.Powers); i++ {
		if name := m.Powers[i]; name != "" {
			starts[name[0]]++
			f := firstPower{name: name, power: rules.Power(i)}
			if len(name) >= 4 {
				f.head, f.tail = load32(name), load32(name[len(name)-4:])
			}
			n.powerByFirst[name[0]] = f
		}
	}
	for b, c := range starts {
		if c > 1 {
			n.powerByFirst[b] = firstPower{}
		}
	}
	for i, aliases := range m.PowerAliases {
		for _, a := range aliases {
			if _, taken := n.powers[key(a)]; !taken {
				n.powers[key(a)] = rules.Power(i)
			}
		}
	}
	return n
}

// upperASCII puts the ASCII letters of b in upper case.
func upperASCII(b []byte) []byte {
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return b
}

// wordCount counts the words of a name: runs of characters between white
// space, "-" and "." (as strings.Fields counts them once "-" and "." are
// spaces), without building them.
func wordCount(s string) int {
	n, in := 0, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 {
			return n + wordCountRunes(s[i:], in)
		}
		brk := c == '-' || c == '.' || c == ' ' || c >= '\t' && c <= '\r'
		if !brk && !in {
			n++
		}
		in = !brk
	}
	return n
}

// wordCountRunes is wordCount of the rest of a name from its first byte
// outside ASCII, in a word when in is true.
func wordCountRunes(s string, in bool) int {
	n := 0
	for _, r := range s {
		brk := r == '-' || r == '.' || unicode.IsSpace(r)
		if !brk && !in {
			n++
		}
		in = !brk
	}
	return n
}

// addProv indexes name s of province p, growing the longest name (in
// words and in key length) that reading a location tries.
func (n *Names) addProv(s string, p rules.Province) {
	var buf [64]byte
	if k := appendKey(buf[:0], s); len(k) > 0 {
		n.maxKey = max(n.maxKey, len(k))
		n.maxLen = max(n.maxLen, wordCount(s))
		if len(k) >= 4 {
			h := start4Hash(k)
			n.start4[h/64] |= 1 << (h % 64)
		}
		if _, taken := n.provs[string(k)]; !taken {
			n.provs[string(k)] = p
			if i, ok := index3(k); ok {
				n.short[i] = int16(p)
			}
		}
	}
}

// Map returns the map the names belong to.
func (n *Names) Map() *rules.Map { return n.m }

// key folds a name to lower-case letters and digits: "St. Petersburg" and
// "st-petersburg" both become "stpetersburg".
func key(s string) string { return string(appendKey(nil, s)) }

// appendKey appends the key of s to b.
func appendKey(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
			b = append(b, c)
		case c >= 'A' && c <= 'Z':
			b = append(b, c+'a'-'A')
		}
	}
	return b
}

// Province returns the province a name denotes.
func (n *Names) Province(s string) (rules.Province, bool) {
	// Three letters, the abbreviations the contract writes, go straight
	// to the table without folding into a buffer (small enough to be
	// inlined where names are read).
	if len(s) == 3 {
		if i, ok := index3Fold(s); ok {
			p := n.short[i]
			return rules.Province(p), p >= 0
		}
	}
	return n.provinceKey(s)
}

// provinceKey is Province of a name other than three letters.
func (n *Names) provinceKey(s string) (rules.Province, bool) {
	var buf [64]byte
	return n.lookup(appendKey(buf[:0], s))
}

// lookup finds a folded key: three-letter keys, the abbreviations people
// write most, in a table; the others in the map.
func (n *Names) lookup(k []byte) (rules.Province, bool) {
	if i, ok := index3(k); ok {
		if p := n.short[i]; p >= 0 {
			return rules.Province(p), true
		}
		return 0, false
	}
	p, ok := n.provs[string(k)]
	return p, ok
}

// index3 maps a key of three lower-case letters to an index in Names.short.
func index3(k []byte) (int, bool) {
	if len(k) != 3 {
		return 0, false
	}
	i := 0
	for j := 0; j < 3; j++ {
		c := k[j]
		if c < 'a' || c > 'z' {
			return 0, false
		}
		i = i*26 + int(c-'a')
	}
	return i, true
}

// index3Fold is index3 of a word of three ASCII letters in any case. The
// letters are read without a loop: a byte below 'a', once lowered and
// less 'a', wraps round above 25.
func index3Fold(s string) (int, bool) {
	if len(s) < 3 {
		return 0, false
	}
	a, b, c := s[0]|0x20-'a', s[1]|0x20-'a', s[2]|0x20-'a'
	if a > 25 || b > 25 || c > 25 {
		return 0, false
	}
	return int(a)*26*26 + int(b)*26 + int(c), true
}

// Loc reads a location: "stp", "stp/sc", "stp(sc)", "St Petersburg (south coast)".
func (n *Names) Loc(s string) (rules.Loc, bool) {
	// The commonest cases, an abbreviation of three letters, alone or
	// with a coast ("stp/nc"), by the table (as quickLoc reads them).
	if len(s) == 3 || len(s) == 6 && s[3] == '/' {
		if i, ok := index3Fold(s); ok {
			if p := n.short[i]; p >= 0 {
				l := rules.Loc{Province: rules.Province(p)}
				if len(s) == 3 {
					return l, true
				}
				if c, ok := quickCoast(s[4]|0x20, s[5]|0x20); ok {
					// DATC 4.B.6: a coast where there is none is ignored.
					if n.m.HasCoasts(l.Province) {
						l.Coast = c
					}
					return l, true
				}
			}
		}
	}
	return n.locWords(s)
}

// locWords is Loc of any other form: by its words.
func (n *Names) locWords(s string) (rules.Loc, bool) {
	// The common case, a bare name, without tokenizing.
	if bareName(s) {
		if p, ok := n.Province(s); ok {
			return rules.Loc{Province: p}, true
		}
	}
	var buf [12]string
	toks, _ := tokenize(buf[:0], s)
	l, used, _, _, err := n.loc(toks, nil, 0, 0)
	if err.msg != "" || used != len(toks) {
		return rules.Loc{}, false
	}
	return l, true
}

// bareName reports whether s has none of the characters that start a coast
// or separate words ("/", "(", " "): a plain byte loop, as these words are a
// few letters long and strings.ContainsAny costs more than the scan.
func bareName(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '/' || c == '(' || c == ' ' {
			return false
		}
	}
	return true
}

// Power returns the power a name denotes (case-insensitive).
func (n *Names) Power(s string) (rules.Power, bool) {
	// The exact name is the common case: the power it would be, by its
	// first byte, then a comparison, beat hashing. This much is small
	// enough to be inlined where names are read.
	// (An entry without a power has no name, and s has a first byte.)
	if len(s) >= 4 && len(s) <= 8 {
		// The first byte from the word (a load of its own would keep
		// the compiler from reading the four in one).
		head := load32(s)
		f := &n.powerByFirst[byte(head)]
		if len(s) == len(f.name) && head == f.head && load32(s[len(s)-4:]) == f.tail {
			return f.power, true
		}
	}
	return n.powerOther(s)
}

// PowerPrefix returns the power whose name, exactly as the map spells
// it, s begins with, and the name's length; 0 when it finds none. It
// looks only at the one power whose name begins with s's first byte, when
// only one does: a name it finds is the one Power finds for
// s[:length].
func (n *Names) PowerPrefix(s string) (rules.Power, int) {
	if len(s) == 0 {
		return rules.NoPower, 0
	}
	f := &n.powerByFirst[s[0]]
	if f.name == "" || len(s) < len(f.name) || s[:len(f.name)] != f.name {
		return rules.NoPower, 0
	}
	return f.power, len(f.name)
}

// powerOther is Power of a name of other than four to eight bytes, or not
// spelt exactly as the map spells it.
func (n *Names) powerOther(s string) (rules.Power, bool) {
	if len(s) > 0 && n.powerByFirst[s[0]].name == s {
		return n.powerByFirst[s[0]].power, true
	}
	return n.powerFolded(s)
}

// powerFolded is Power of a name not spelt exactly as the map spells it.
func (n *Names) powerFolded(s string) (rules.Power, bool) {
	// The names in any case, before folding the key of an alias.
	for i, name := range n.m.Powers {
		if i > 0 && len(name) == len(s) && strings.EqualFold(name, s) {
			return rules.Power(i), true
		}
	}
	var buf [64]byte
	p, ok := n.powers[string(appendKey(buf[:0], s))]
	return p, ok
}

// LocString writes a location in canonical form, "stp/sc".
func (n *Names) LocString(l rules.Loc) string {
	if int(l.Province) >= n.m.NumProvinces() {
		return "?"
	}
	if l.Coast == rules.NoCoast {
		return n.m.Provinces[l.Province].Abbr
	}
	var buf [32]byte
	return string(n.AppendLoc(buf[:0], l))
}

// AppendLoc appends LocString's text of l to b.
func (n *Names) AppendLoc(b []byte, l rules.Loc) []byte {
	if int(l.Province) >= n.m.NumProvinces() {
		return append(b, '?')
	}
	b = append(b, n.m.Provinces[l.Province].Abbr...)
	if l.Coast != rules.NoCoast {
		b = append(append(b, '/'), l.Coast.String()...)
	}
	return b
}

// Unit reads a unit as positions name it in their commonest form, in one
// call: the power's name as the map spells it (four to eight bytes),
// "army" or "fleet", and a province's abbreviation of three letters,
// alone or with a coast ("stp/nc"). It reports false for any other form,
// which Power and Loc read (or refuse); what it reads, they read the
// same.
func (n *Names) Unit(power, typ, loc string) (rules.Power, rules.UnitType, rules.Loc, bool) {
	var t rules.UnitType
	switch typ {
	case "army":
		t = rules.Army
	case "fleet":
		t = rules.Fleet
	default:
		return rules.NoPower, rules.NoUnit, rules.Loc{}, false
	}
	if len(power) < 4 || len(power) > 8 || len(loc) != 3 && (len(loc) != 6 || loc[3] != '/') {
		return rules.NoPower, rules.NoUnit, rules.Loc{}, false
	}
	head := load32(power) // and its first byte, as in Power
	f := &n.powerByFirst[byte(head)]
	if len(power) != len(f.name) || head != f.head || load32(power[len(power)-4:]) != f.tail {
		return rules.NoPower, rules.NoUnit, rules.Loc{}, false
	}
	i, ok := index3Fold(loc)
	if !ok || n.short[i] < 0 {
		return rules.NoPower, rules.NoUnit, rules.Loc{}, false
	}
	l := rules.Loc{Province: rules.Province(n.short[i])}
	if len(loc) == 6 {
		c, ok := quickCoast(loc[4]|0x20, loc[5]|0x20)
		if !ok {
			return rules.NoPower, rules.NoUnit, rules.Loc{}, false
		}
		// DATC 4.B.6: a coast where there is none is ignored.
		if n.m.HasCoasts(l.Province) {
			l.Coast = c
		}
	}
	return f.power, t, l, true
}
