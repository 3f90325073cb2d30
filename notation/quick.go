package notation

import "github.com/chancery/chancery/rules"

// maxQuickWords is the most words an order of the canonical form has:
// "F NTH C A LON - NWY".
const maxQuickWords = 7

// parseQuick reads an order of the canonical form that judges and
// programs write ("A BUD - SER", "F NWG S A NWY", "A CON - BUL VIA",
// "F STP/NC B", "A TRI R ALB") in one pass over its bytes, with a table
// look-up for each three-letter name, and reports whether it could. It
// reads an order exactly as ParseOrder would, or not at all: anything
// else (full names, a name the next word might continue, a coast as a
// word of its own, a railway, a leading power, punctuation, errors) is
// left to ParseOrder's full reading. power must not be NoPower.
func (n *Names) parseQuick(s string, power rules.Power, t rules.PhaseType) (rules.Order, bool) {
	// The words, split at spaces; any byte but letters, '/', '-' and
	// spaces is left to the full reading.
	var w [maxQuickWords]string
	nw := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c == ' ' {
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] != ' ' {
			if quickByte[s[j]] == 0 {
				return rules.Order{}, false
			}
			j++
		}
		if nw == maxQuickWords {
			return rules.Order{}, false
		}
		w[nw] = s[i:j]
		nw++
		i = j
	}
	if nw < 2 || power == rules.NoPower {
		return rules.Order{}, false
	}
	o := rules.Order{Power: power, Target: rules.Loc{Province: rules.NoProvince}, Dest: rules.Loc{Province: rules.NoProvince}}
	var ok bool
	if o.Unit = quickUnit(w[0]); o.Unit == rules.NoUnit {
		return o, false
	}
	if o.At, ok = n.quickLoc(w[1], w[2]); !ok {
		return o, false
	}
	if nw == 2 {
		o.Type = rules.Hold
		return o, t == rules.MovementPhase
	}
	if len(w[2]) != 1 {
		return o, false
	}
	verb := w[2][0]
	if verb != '-' {
		verb |= 0x20 // lower case
	}
	switch verb {
	case 'h':
		o.Type = rules.Hold
		return o, nw == 3
	case 'd':
		o.Type = disband(t)
		return o, nw == 3
	case 'b':
		o.Type = rules.Build
		return o, nw == 3
	case 'r':
		o.Type = rules.Retreat
		o.Target, ok = n.quickLoc(w[3], w[4])
		return o, ok && nw == 4
	case '-':
		if nw > 5 || n.railWord(w[3]) {
			return o, false
		}
		o.Type = rules.Move
		if t == rules.RetreatPhase {
			o.Type = rules.Retreat
		}
		o.Target, ok = n.quickLoc(w[3], w[4])
		if nw == 5 {
			if !isVia(w[4]) {
				return o, false
			}
			o.ViaConvoy = true
		}
		return o, ok
	case 's':
		o.Type = rules.Support
		if o.TargetUnit = quickUnit(w[3]); o.TargetUnit == rules.NoUnit {
			return o, false
		}
		if o.Target, ok = n.quickLoc(w[4], w[5]); !ok {
			return o, false
		}
		switch nw {
		case 5:
			return o, true
		case 6:
			return o, len(w[5]) == 1 && w[5][0]|0x20 == 'h'
		}
		if w[5] != "-" {
			return o, false
		}
		o.Dest, ok = n.quickLoc(w[6], "")
		return o, ok
	case 'c':
		o.Type = rules.Convoy
		if nw != 7 || w[5] != "-" {
			return o, false
		}
		if o.TargetUnit = quickUnit(w[3]); o.TargetUnit == rules.NoUnit {
			return o, false
		}
		if o.Target, ok = n.quickLoc(w[4], w[5]); !ok {
			return o, false
		}
		o.Dest, ok = n.quickLoc(w[6], "")
		return o, ok
	}
	return o, false
}

// quickByte marks the bytes a word of the canonical form may hold.
var quickByte = func() (t [256]uint8) {
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = 1, 1
	}
	t['/'], t['-'] = 1, 1
	return t
}()

// quickUnit reads "A" or "F" in either case.
func quickUnit(w string) rules.UnitType {
	if len(w) == 1 {
		switch w[0] | 0x20 {
		case 'a':
			return rules.Army
		case 'f':
			return rules.Fleet
		}
	}
	return rules.NoUnit
}

// isVia reports whether w is "via" in any case.
func isVia(w string) bool {
	return len(w) == 3 && w[0]|0x20 == 'v' && w[1]|0x20 == 'i' && w[2]|0x20 == 'a'
}

// quickLoc reads a location of the canonical form, a three-letter name
// or one with a coast ("stp/sc"), followed by the word next ("" at the
// end). It fails where the full reading might read otherwise: the name
// is unknown, or next might continue it into a longer name (mayStart).
func (n *Names) quickLoc(w, next string) (rules.Loc, bool) {
	if len(w) != 3 && (len(w) != 6 || w[3] != '/') {
		return rules.Loc{}, false
	}
	i, ok := index3Fold(w)
	if !ok || n.short[i] < 0 {
		return rules.Loc{}, false
	}
	l := rules.Loc{Province: rules.Province(n.short[i])}
	if len(w) == 6 {
		c, ok := quickCoast(w[4]|0x20, w[5]|0x20)
		if !ok {
			return l, false
		}
		if n.m.HasCoasts(l.Province) {
			l.Coast = c
		}
		// DATC 4.B.6: an irrelevant coast is ignored.
		return l, true
	}
	if next != "" && next != "-" {
		if len(next) > 8 {
			return l, false
		}
		var buf [12]byte
		k := appendKey(append(buf[:0], w[0]|0x20, w[1]|0x20, w[2]|0x20), next)
		if len(k) > 3 && n.mayStart(k) {
			return l, false
		}
	}
	return l, true
}

// quickCoast reads a coast of two lower-case letters: "nc", "sc", "ec", "wc".
func quickCoast(a, b byte) (rules.Coast, bool) {
	if b != 'c' {
		return rules.NoCoast, false
	}
	switch a {
	case 'n':
		return rules.NorthCoast, true
	case 's':
		return rules.SouthCoast, true
	case 'e':
		return rules.EastCoast, true
	case 'w':
		return rules.WestCoast, true
	}
	return rules.NoCoast, false
}
