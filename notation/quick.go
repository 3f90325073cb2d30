package notation

import "github.com/chancery/chancery/rules"

// parseQuick reads an order of the canonical form that judges and
// programs write ("A BUD - SER", "F NWG S A NWY", "A CON - BUL VIA",
// "F STP/NC B", "A TRI R ALB": words of one letter or three, names of
// three letters with an optional "/xc" coast, one space between words)
// in one pass over its bytes, with a table look-up for each name, and
// reports whether it could. It reads an order exactly as ParseOrder
// would, or not at all: anything else (full names, a name the next word
// might continue, a coast as a word of its own, a railway, a leading
// power, other spacing or punctuation, errors) is left to ParseOrder's
// full reading. power must not be NoPower.
func (n *Names) parseQuick(s string, power rules.Power, t rules.PhaseType) (rules.Order, bool) {
	if o, ok := n.parseFixed(s, power, t); ok {
		return o, true
	}
	return n.parseWords(s, power, t)
}

// parseWords is parseQuick of the orders parseFixed does not read: word
// by word.
func (n *Names) parseWords(s string, power rules.Power, t rules.PhaseType) (rules.Order, bool) {
	o := rules.Order{Power: power, Target: rules.Loc{Province: rules.NoProvince}, Dest: rules.Loc{Province: rules.NoProvince}}
	if power == rules.NoPower {
		return o, false
	}
	u, i, ok := letterWord(s, 0)
	if o.Unit = unitLetter(u); !ok || o.Unit == rules.NoUnit {
		return o, false
	}
	if o.At, i, ok = n.quickLoc(s, i); !ok {
		return o, false
	}
	if i == len(s) {
		o.Type = rules.Hold
		return o, t == rules.MovementPhase
	}
	verb, i, ok := letterWord(s, i)
	if !ok {
		return o, false
	}
	switch verb {
	case 'h':
		o.Type = rules.Hold
		return o, i == len(s)
	case 'd':
		o.Type = disband(t)
		return o, i == len(s)
	case 'b':
		o.Type = rules.Build
		return o, i == len(s)
	case 'r':
		o.Type = rules.Retreat
		o.Target, i, ok = n.quickLoc(s, i)
		return o, ok && i == len(s)
	case '-':
		// A word after "-" may name a railway (ParseOrder's railWord):
		// such moves take the full reading. The quick reading reads a
		// word of three letters here, alone or before "/xc", so only a
		// railway of a three-letter name ("TSR") can be meant.
		if len(n.m.Railways()) > 0 && n.railWord(s[i:min(i+3, len(s))]) {
			return o, false
		}
		o.Type = rules.Move
		if t == rules.RetreatPhase {
			o.Type = rules.Retreat
		}
		if o.Target, i, ok = n.quickLoc(s, i); !ok {
			return o, false
		}
		if i == len(s) {
			return o, true
		}
		// "via", the last word.
		if len(s)-i != 3 || s[i]|0x20 != 'v' || s[i+1]|0x20 != 'i' || s[i+2]|0x20 != 'a' {
			return o, false
		}
		o.ViaConvoy = true
		return o, true
	case 's', 'c':
		o.Type = rules.Support
		if verb == 'c' {
			o.Type = rules.Convoy
		}
		if u, i, ok = letterWord(s, i); !ok {
			return o, false
		}
		if o.TargetUnit = unitLetter(u); o.TargetUnit == rules.NoUnit {
			return o, false
		}
		if o.Target, i, ok = n.quickLoc(s, i); !ok {
			return o, false
		}
		if i == len(s) {
			return o, verb == 's'
		}
		if w, i, ok := letterWord(s, i); !ok || w != '-' {
			return o, ok && w == 'h' && i == len(s) && verb == 's'
		}
		o.Dest, i, ok = n.quickLoc(s, i+2)
		return o, ok && i == len(s)
	}
	return o, false
}

// parseFixed reads the commonest orders of the canonical form, those in
// which every name has three letters and no coast, by their length and
// the bytes at fixed places: "U XXX - YYY" and "U XXX R YYY" (11 bytes),
// "U XXX H", "U XXX D" and "U XXX B" (7), "U XXX S U YYY" (13), "U XXX S U
// YYY - ZZZ" and "U XXX C U YYY - ZZZ" (19), in any case. It reads them
// exactly as the rest of parseQuick does, and reports false for anything
// else, which parseQuick then reads its way.
func (n *Names) parseFixed(s string, power rules.Power, t rules.PhaseType) (rules.Order, bool) {
	o := rules.Order{Power: power, Target: rules.Loc{Province: rules.NoProvince}, Dest: rules.Loc{Province: rules.NoProvince}}
	if power == rules.NoPower || len(s) < 7 || s[1] != ' ' || s[5] != ' ' {
		return o, false
	}
	if o.Unit = unitLetter(s[0] | 0x20); o.Unit == rules.NoUnit {
		return o, false
	}
	at := n.name3(s[2:5])
	if at < 0 {
		return o, false
	}
	o.At.Province = rules.Province(at)
	verb := s[6] | 0x20
	if s[6] == '-' {
		// "U XXX - YYY": no word after XXX can make it a longer name.
		if len(s) != 11 || s[7] != ' ' {
			return o, false
		}
		to := n.name3(s[8:11])
		if to < 0 || len(n.m.Railways()) > 0 && n.railWord(s[8:11]) {
			return o, false
		}
		o.Type = rules.Move
		if t == rules.RetreatPhase {
			o.Type = rules.Retreat
		}
		o.Target.Province = rules.Province(to)
		return o, true
	}
	// A verb of one letter after XXX: the full reading reads XXX alone
	// unless XXX and the words after it begin a longer name.
	if len(s) > 7 && s[7] != ' ' || !n.alone(s, 2, 6) {
		return o, false
	}
	switch len(s) {
	case 7:
		switch verb {
		case 'h':
			o.Type = rules.Hold
		case 'd':
			o.Type = disband(t)
		case 'b':
			o.Type = rules.Build
		default:
			return o, false
		}
		return o, true
	case 11:
		to := n.name3(s[8:11])
		if verb != 'r' || to < 0 {
			return o, false
		}
		o.Type, o.Target.Province = rules.Retreat, rules.Province(to)
		return o, true
	case 13, 19:
		if verb != 's' && (verb != 'c' || len(s) == 13) || s[9] != ' ' {
			return o, false
		}
		o.Type = rules.Support
		if verb == 'c' {
			o.Type = rules.Convoy
		}
		if o.TargetUnit = unitLetter(s[8] | 0x20); o.TargetUnit == rules.NoUnit {
			return o, false
		}
		target := n.name3(s[10:13])
		if target < 0 {
			return o, false
		}
		o.Target.Province = rules.Province(target)
		if len(s) == 13 {
			return o, true
		}
		// "- ZZZ" after YYY, which no word after it can lengthen.
		if s[13] != ' ' || s[14] != '-' || s[15] != ' ' {
			return o, false
		}
		dest := n.name3(s[16:19])
		if dest < 0 {
			return o, false
		}
		o.Dest.Province = rules.Province(dest)
		return o, true
	}
	return o, false
}

// name3 returns the province the three letters of w (in any case)
// denote, or -1 (small enough to be inlined; as index3Fold).
func (n *Names) name3(w string) int16 {
	a, b, c := w[0]|0x20-'a', w[1]|0x20-'a', w[2]|0x20-'a'
	if a > 25 || b > 25 || c > 25 {
		return -1
	}
	return n.short[int(a)*26*26+int(b)*26+int(c)]
}

// letterWord reads a word of one byte at s[i], a letter (lower-cased) or
// "-", and returns it and where the next word starts: len(s) when it is
// the last; ok is false for anything else, or when the next word is
// not one space away.
func letterWord(s string, i int) (c byte, next int, ok bool) {
	if i >= len(s) {
		return 0, i, false
	}
	c = s[i]
	if c != '-' {
		c |= 0x20 // lower case, for letters
		if c-'a' > 'z'-'a' {
			return 0, i, false
		}
	}
	next, ok = nextWord(s, i+1)
	return c, next, ok
}

// nextWord returns where the word after the one ending at e starts: e at
// the end of s, else e+1, where one space must stand before a word.
func nextWord(s string, e int) (int, bool) {
	if e+1 < len(s) && s[e] == ' ' && s[e+1] != ' ' {
		return e + 1, true
	}
	return e, e == len(s)
}

// unitLetter is the unit type of "a" or "f" (lower case).
func unitLetter(c byte) rules.UnitType {
	switch c {
	case 'a':
		return rules.Army
	case 'f':
		return rules.Fleet
	}
	return rules.NoUnit
}

// quickLoc reads a location of the canonical form at s[i], a name of
// three letters or one with a coast ("stp/sc"), and returns it and where
// the next word starts (len(s) at the end). It fails where the full
// reading might read otherwise: the name is unknown, or the next word
// might continue it into a longer name (mayStart).
func (n *Names) quickLoc(s string, i int) (rules.Loc, int, bool) {
	if i+3 > len(s) {
		return rules.Loc{}, i, false
	}
	k, ok := index3Fold(s[i : i+3])
	if !ok || n.short[k] < 0 {
		return rules.Loc{}, i, false
	}
	l := rules.Loc{Province: rules.Province(n.short[k])}
	if i+3 < len(s) && s[i+3] == '/' {
		if i+6 > len(s) {
			return l, i, false
		}
		c, ok := quickCoast(s[i+4]|0x20, s[i+5]|0x20)
		if !ok {
			return l, i, false
		}
		// DATC 4.B.6: a coast where there is none is ignored.
		if n.m.HasCoasts(l.Province) {
			l.Coast = c
		}
		next, ok := nextWord(s, i+6)
		return l, next, ok
	}
	next, ok := nextWord(s, i+3)
	if !ok || next == len(s) || s[next] == '-' {
		return l, next, ok
	}
	return l, next, n.alone(s, i, next)
}

// alone reports whether the full reading reads the name of three letters
// at s[i:] alone, though a word follows it at next. The full reading
// (Names.loc) tries the name and the words after it as one name, word by
// word while some key may start as they do, and takes the longest name
// it finds: alone walks the same words, and reports false as soon as it
// finds a longer name (the full reading then decides between the two).
// It reads words as the tokenizer does for the words the quick reading
// reads (letters, "-", "abc/xc", one space between them); other words
// make the quick reading fail later, whatever alone says.
func (n *Names) alone(s string, i, next int) bool {
	// A word of one letter or digit (an order's verb, a unit's letter):
	// the four bytes go straight to the filter, which mostly says no
	// name starts so.
	if next+1 == len(s) || next+1 < len(s) && s[next+1] == ' ' {
		c := s[next]
		if c >= 'A' && c <= 'Z' {
			c |= 0x20
		} else if (c < 'a' || c > 'z') && (c < '0' || c > '9') {
			return true // no key: the name alone
		}
		if n.maxKey < 4 {
			return true
		}
		x := uint32(s[i]|0x20) | uint32(s[i+1]|0x20)<<8 | uint32(s[i+2]|0x20)<<16 | uint32(c)<<24
		h := x * 0x9E3779B1 >> (32 - start4Bits)
		if n.start4[h/64]&(1<<(h%64)) == 0 {
			return true
		}
	}
	return n.aloneWalk(s, i, next)
}

// aloneWalk is alone's walk over the words (a function of its own, so
// that alone's common way does not clear its buffer).
func (n *Names) aloneWalk(s string, i, next int) bool {
	var buf [64]byte
	k := append(buf[:0], s[i]|0x20, s[i+1]|0x20, s[i+2]|0x20)
	for w := 1; w <= n.maxLen && next < len(s); w++ {
		e := next
		for e < len(s) && s[e] != ' ' && s[e] != '/' {
			e++
		}
		if len(k)+e-next > min(n.maxKey, len(buf)) {
			return false // a long word: left to the full reading
		}
		before := len(k)
		k = appendKey(k, s[next:e])
		if len(k) == before || !n.mayStart(k) {
			return true
		}
		if _, ok := n.lookup(k); ok {
			return false
		}
		if e == len(s) || s[e] == '/' {
			return true // the words end, or "/" (no letters) ends the name
		}
		next = e + 1
	}
	return true
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
