// Package notation reads and writes orders in the common English notation
// ("A PAR - BUR", "F NTH C A LON - NWY", "BUILD F STP/NC") for any map:
// case-insensitive, with abbreviations, aliases or full names, and coasts
// as "stp/sc", "stp(sc)", "stp sc" or "St Petersburg (south coast)".
package notation

import (
	"strings"

	"github.com/chancery/chancery/rules"
)

// Names turns the words people write into a map's ids and back.
type Names struct {
	m      *rules.Map
	provs  map[string]rules.Province
	short  []int16 // three-letter keys (26*26*26), -1 when no province
	powers map[string]rules.Power
	maxLen int // the most words a province name spans
}

// NewNames indexes the names of map m: every province's abbreviation,
// aliases and full name, and every power's name.
func NewNames(m *rules.Map) *Names {
	n := &Names{m: m, provs: map[string]rules.Province{}, powers: map[string]rules.Power{}, maxLen: 1,
		short: make([]int16, 26*26*26)}
	for i := range n.short {
		n.short[i] = -1
	}
	for i := range m.Provinces {
		pi := &m.Provinces[i]
		p := rules.Province(i)
		n.addProv(pi.Abbr, p)
		n.addProv(pi.Name, p)
		for _, a := range pi.Aliases {
			n.addProv(a, p)
		}
		if w := len(strings.Fields(strings.NewReplacer("-", " ", ".", " ").Replace(pi.Name))); w > n.maxLen {
			n.maxLen = w
		}
	}
	for i := 1; i < len(m.Powers); i++ {
		n.powers[key(m.Powers[i])] = rules.Power(i)
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

func (n *Names) addProv(s string, p rules.Province) {
	if k := key(s); k != "" {
		if _, taken := n.provs[k]; !taken {
			n.provs[k] = p
			if i, ok := index3([]byte(k)); ok {
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

// Loc reads a location: "stp", "stp/sc", "stp(sc)", "St Petersburg (south coast)".
func (n *Names) Loc(s string) (rules.Loc, bool) {
	// The common case, a bare name, without tokenizing.
	if bareName(s) {
		if p, ok := n.Province(s); ok {
			return rules.Loc{Province: p}, true
		}
	}
	var buf [12]string
	toks := tokenize(buf[:0], s)
	l, used, err := n.loc(toks, 0)
	if err != nil || used != len(toks) {
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
	// A handful of powers: comparing beats hashing, and the exact name is
	// the common case.
	// Comparing the first byte before the whole name skips most calls
	// to the runtime's string comparison.
	for i, name := range n.m.Powers {
		if i > 0 && len(name) == len(s) && len(s) > 0 && name[0] == s[0] && name == s {
			return rules.Power(i), true
		}
	}
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
	s := n.m.Provinces[l.Province].Abbr
	if l.Coast != rules.NoCoast {
		s += "/" + l.Coast.String()
	}
	return s
}
