package notation

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/chancery/chancery/rules"
)

// Error is an order that cannot be read, naming the offending word.
type Error struct {
	Order string // the whole order as written
	Word  string // the offending word, or "" when the order ends too early
	Msg   string
}

func (e *Error) Error() string {
	if e.Word == "" {
		return fmt.Sprintf("order %q: %s", e.Order, e.Msg)
	}
	return fmt.Sprintf("order %q: %s %q", e.Order, e.Msg, e.Word)
}

// tokenize appends the words of an order to toks: runs of letters and
// digits (hyphens inside a word stay, as in "Mid-Atlantic"), and "-",
// "(", ")", "/" and ":" as words of their own ("->" and "=>" become "-").
// The words are substrings of s: tokenizing allocates nothing while toks
// has room. hyphens reports whether a word kept a hyphen inside it (see
// splitHyphens). It reads each byte once, by its class in byteClass.
func tokenize(toks []string, s string) (_ []string, hyphens bool) {
	for i := 0; i < len(s); {
		switch byteClass[s[i]] {
		case classSpace:
			i++
			continue
		case classPunct:
			toks = append(toks, s[i:i+1])
			i++
			continue
		case classDash:
			if i+1 < len(s) && s[i+1] == '>' {
				toks = append(toks, "-")
				i += 2
			} else {
				toks = append(toks, s[i:i+1])
				i++
			}
			continue
		case classEquals:
			if i+1 < len(s) && s[i+1] == '>' {
				toks = append(toks, "-")
				i += 2
				continue
			}
		}
		// A word: it runs to a byte that always ends one, a hyphen at
		// its end or before a space or ">", or "=>".
		j := i + 1
		for j < len(s) {
			if byteClass[s[j]] == classWord {
				j++
				continue
			}
			d := s[j]
			if d == '-' {
				if j+1 >= len(s) || s[j+1] == ' ' || s[j+1] == '>' {
					break
				}
				hyphens = true
			} else if d == '=' {
				if j+1 < len(s) && s[j+1] == '>' {
					break
				}
			} else if d != '.' {
				break // space, punctuation
			}
			j++
		}
		toks = append(toks, s[i:j])
		i = j
	}
	return toks, hyphens
}

// The classes of the bytes of an order, for tokenize.
const (
	classWord   = iota // goes on a word
	classSpace         // separates words: white space, ",", "."
	classPunct         // a word of its own: "(", ")", "/", ":"
	classDash          // "-": a word of its own, or inside one
	classEquals        // "=": "=>" is "-", else a letter of a word
)

// byteClass is the class of each byte. A "." separates words between
// them but stays inside one ("St.Petersburg").
var byteClass = func() (t [256]uint8) {
	for _, c := range " \t\n\r,." {
		t[c] = classSpace
	}
	for _, c := range "()/:" {
		t[c] = classPunct
	}
	t['-'] = classDash
	t['='] = classEquals
	return t
}()

// splitHyphens splits words such as "par-bur" (a move written without
// spaces) at their hyphens, leaving names that contain one ("mid-atlantic").
func (n *Names) splitHyphens(toks []string) []string {
	for i := 0; i < len(toks); i++ {
		w := toks[i]
		if w == "-" || !hasHyphen(w) {
			continue
		}
		if _, ok := n.Province(w); ok {
			continue
		}
		var parts []string
		for j, part := range strings.Split(w, "-") {
			if j > 0 {
				parts = append(parts, "-")
			}
			if part != "" {
				parts = append(parts, part)
			}
		}
		toks = append(toks[:i], append(parts, toks[i+1:]...)...)
		i += len(parts) - 1
	}
	return toks
}

// hasHyphen reports whether w contains a hyphen. Words are short, and a
// plain loop beats the call to strings.Contains for each of them.
func hasHyphen(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] == '-' {
			return true
		}
	}
	return false
}

// cursor walks the words of one order.
type cursor struct {
	n    *Names
	src  string
	toks []string
	low  []string // toks folded with fold, each when first needed (see folded)
	i    int
	// A location may be read as more than one name: "RUH R" is Ruhr,
	// or Ruhr's id and the order word R. The reader takes the longest
	// name; when the order then fails to read, it reads it again taking a
	// shorter one (see Parser.ParseOrder). limits holds, for the first
	// maxChoices locations of the order, the most words its name may
	// span (0: any); calls counts the locations read, and chosen and
	// shorter record how many words each one's name spans and whether a
	// shorter name was there to take.
	limits  [maxChoices]uint8
	calls   int
	chosen  [maxChoices]uint8
	shorter [maxChoices]bool
	// fail is the error of a reading that failed: the readers return
	// errFailed and keep its parts here, and ParseOrder makes one *Error
	// of the reading that got furthest, not one for every reading tried.
	fail Error
}

// errFailed is what the readers of a cursor return when the order cannot
// be read; the error itself is the cursor's fail.
var errFailed = errors.New("notation: order cannot be read")

// maxChoices is how many locations of one order the reader may read
// again with a shorter name; an order has at most three.
const maxChoices = 4

func (c *cursor) done() bool   { return c.i >= len(c.toks) }
func (c *cursor) peek() string { return folded(c.toks, c.low, c.i) }

// word returns word i as it was written, for messages.
func (c *cursor) word(i int) string {
	if i < len(c.toks) {
		return c.toks[i]
	}
	return ""
}

// keywords are the words of the notation in lower case, sorted.
var keywords = sortedWords(`h hold holds stand stands - to move moves m r retreat retreats
	d disband disbands remove removes b build builds s support supports c convoy convoys
	transport transports permits permit p waive waives waived via by tsr railway rail
	a army f fleet coast nc sc ec wc n e w north south east west northcoast southcoast
	eastcoast westcoast ncs scs ecs wcs`)

func sortedWords(s string) []string {
	w := strings.Fields(s)
	sort.Strings(w)
	return w
}

// keywordIndex returns the index of a lower-case keyword, or -1.
func keywordIndex(w string) int {
	if len(w) == 0 {
		return -1
	}
	for _, i := range keywordTable[keywordHash(w)] {
		if keywords[i] == w {
			return int(i)
		}
	}
	return -1
}

// keywordHash spreads the keywords over the buckets of keywordTable. It
// ignores the case of ASCII letters, so that a word in any case lands in
// its keyword's bucket.
func keywordHash(w string) uint8 {
	return uint8(len(w)*131 + int(lowerByte(w[0]))*17 + int(lowerByte(w[len(w)-1]))*7 + int(lowerByte(w[len(w)/2])))
}

// keywordTable holds, per hash, the indexes of the keywords with that hash.
var keywordTable = func() (t [256][]uint8) {
	for i, w := range keywords {
		h := keywordHash(w)
		t[h] = append(t[h], uint8(i))
	}
	return t
}()

// fold returns the keyword a word spells in any case, or the word itself:
// comparing words with the notation's keywords allocates nothing. It hashes
// the word's letters folded on the fly and compares only with the keywords
// of that hash, so most words (province names) cost a few byte reads.
func fold(w string) string {
	if len(w) == 0 || len(w) > 12 {
		return w
	}
	if len(w) == 1 {
		// The commonest keywords ("a", "s", "-"): one table read.
		if k := oneCharKeyword[w[0]]; k != "" {
			return k
		}
		return w
	}
	for _, i := range keywordTable[keywordHash(w)] {
		if k := keywords[i]; len(k) == len(w) && equalLower(k, w) {
			return k
		}
	}
	return w
}

// oneCharKeyword holds the keywords of one character by their byte, in
// either case.
var oneCharKeyword = func() (t [256]string) {
	for _, k := range keywords {
		if len(k) == 1 {
			t[k[0]] = k
			if c := k[0]; c >= 'a' && c <= 'z' {
				t[c-'a'+'A'] = k
			}
		}
	}
	return t
}()

// lowerByte lowers an ASCII letter.
func lowerByte(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// equalLower reports whether w, lowered, equals the lower-case word k of
// the same length.
func equalLower(k, w string) bool {
	for i := 0; i < len(k); i++ {
		if lowerByte(w[i]) != k[i] {
			return false
		}
	}
	return true
}

// fails records the error of the reading, naming word ("": the order
// ends too early), and returns errFailed. msg is a constant: building
// the error costs no allocation and no formatting.
func (c *cursor) fails(word, msg string) error {
	c.fail = Error{Order: c.src, Word: word, Msg: msg}
	return errFailed
}

// expected is the error for a missing word: ifNot (`expected X, not`)
// naming the word the cursor stands on, or ifEnds (`expected X, but the
// order ends`). Both are constants, written out by the callers so that
// no message is built.
func (c *cursor) expected(ifNot, ifEnds string) error {
	if c.done() {
		return c.fails("", ifEnds)
	}
	return c.fails(c.word(c.i), ifNot)
}

func (c *cursor) accept(words ...string) bool {
	w := c.peek()
	for _, x := range words {
		if w == x {
			c.i++
			return true
		}
	}
	return false
}

func (c *cursor) unitType() rules.UnitType {
	switch c.peek() {
	case "a", "army":
		c.i++
		return rules.Army
	case "f", "fleet":
		c.i++
		return rules.Fleet
	}
	return rules.NoUnit
}

// location reads a location or fails naming the word it could not read.
func (c *cursor) location() (rules.Loc, error) {
	if c.done() {
		return rules.Loc{}, c.fails("", "a province is missing at the end")
	}
	limit := 0
	k := c.calls
	c.calls++
	if k < maxChoices {
		limit = int(c.limits[k])
	}
	l, used, words, shorter, err := c.n.loc(c.toks, c.low, c.i, limit)
	if k < maxChoices {
		c.chosen[k], c.shorter[k] = uint8(words), shorter
	}
	if err.msg != "" {
		return l, c.fails(c.word(err.at), err.msg)
	}
	c.i += used
	return l, nil
}

// folded returns word j of toks folded with fold for comparison with the
// notation's keywords, or "" past the end. low is nil, or as long as toks
// and keeps the words folded so far: "" is a word not folded yet (no word
// is empty). Province names, most of the words, are never folded.
func folded(toks, low []string, j int) string {
	if j >= len(toks) {
		return ""
	}
	if low == nil {
		return fold(toks[j])
	}
	if low[j] == "" {
		low[j] = fold(toks[j])
	}
	return low[j]
}

// loc reads the longest province name of at most limit words (0: any)
// starting at toks[i], then an optional coast, and returns how many words
// it used in all, how many the name spans, and whether a shorter name
// starts there too. A province name may contain hyphens ("Mid-Atlantic
// Ocean"), which tokenize keeps inside words. low holds the words folded
// with fold, or is nil.
func (n *Names) loc(toks, low []string, i, limit int) (_ rules.Loc, used, words int, shorter bool, _ locError) {
	best, bestLen := rules.Province(0), 0
	most := n.maxLen + 1
	if limit > 0 {
		most = min(most, limit)
	}
	var buf [64]byte
	k := buf[:0]
	for j := i; j < len(toks) && j-i < most; j++ {
		before := len(k)
		k = appendKey(k, toks[j])
		if len(k) == before || !n.mayStart(k) {
			// No name goes on with this word ("mun" then "s" in
			// "A MUN S A PAR"): longer runs of words cannot match either.
			break
		}
		if p, ok := n.lookup(k); ok {
			shorter = bestLen > 0
			best, bestLen = p, j-i+1
		}
	}
	if bestLen == 0 {
		return rules.Loc{}, 0, 0, false, locError{"unknown province", i}
	}
	l, used, err := n.coast(toks, low, i, best, bestLen)
	return l, used, bestLen, shorter, err
}

// coast reads the optional coast after the name of province best, which
// spans bestLen words from toks[i], and returns how many words the
// location used in all.
func (n *Names) coast(toks, low []string, i int, best rules.Province, bestLen int) (rules.Loc, int, locError) {
	l := rules.Loc{Province: best}
	used := bestLen
	// Coasts: "/sc", "(sc)", "sc", "(south coast)", "south coast".
	j := i + used
	open := false
	switch folded(toks, low, j) {
	case "/":
		j++
	case "(":
		j++
		open = true
	}
	w := folded(toks, low, j)
	if c, ok := rules.ParseCoast(w); ok && (w != "s" && w != "n" && w != "e" && w != "w" || j > i+used) {
		j++
		if folded(toks, low, j) == "coast" {
			j++
		}
		if open {
			if folded(toks, low, j) != ")" {
				return l, 0, locError{"unclosed coast in", i}
			}
			j++
		}
		if !n.m.HasCoasts(best) {
			// DATC 4.B.6: an irrelevant coast is garbage that is ignored.
			return l, j - i, locError{}
		}
		l.Coast = c
		return l, j - i, locError{}
	}
	if j > i+used {
		if j >= len(toks) {
			return l, 0, locError{"a coast is missing after", i}
		}
		return l, 0, locError{"unknown coast", j}
	}
	return l, used, locError{}
}

// locError is why a location cannot be read ("": it can), with the
// index of the word to name in the message. A value, not an error: it
// costs no allocation.
type locError struct {
	msg string
	at  int
}

// ParseOrder reads one order of power (NoPower: the order must start with
// a power's name) for a phase of type t, which decides what the short
// forms mean ("A TRI D" disbands in a retreat phase and removes in an
// adjustment phase; "A PAR - BUR" retreats in a retreat phase).
func (n *Names) ParseOrder(s string, power rules.Power, t rules.PhaseType) (rules.Order, error) {
	if o, ok := n.parseQuick(s, power, t); ok {
		return o, nil
	}
	p := Parser{n: n}
	return p.ParseOrder(s, power, t)
}

// Parser reads orders of one map, reusing its scratch space so that
// parsing allocates nothing on the common path. It is not safe for
// concurrent use; Names.ParseOrder is.
type Parser struct {
	n   *Names
	buf [32]string
	low [32]string
	c   cursor
}

// NewParser returns a parser for the names of n.
func (n *Names) NewParser() *Parser { return &Parser{n: n} }

// ParseOrder is Names.ParseOrder with the parser's scratch space.
//
// Each location takes the longest name it can, then the order reads on;
// when it cannot, the order is read again with a shorter name for the
// last location that had one ("A RUH R HOL": not "Ruhr" then "HOL", but
// RUH, the order word R, HOL), and so on until a reading succeeds. An
// order that reads on the first try, the common case, is read once.
// When none does, the error is that of the reading that got furthest.
func (p *Parser) ParseOrder(s string, power rules.Power, t rules.PhaseType) (rules.Order, error) {
	// parseQuick, without a call on the way for the commonest orders.
	if o, ok := p.n.parseFixed(s, power, t); ok {
		return o, nil
	}
	if o, ok := p.n.parseWords(s, power, t); ok {
		return o, nil
	}
	return p.parseFull(s, power, t)
}

// parseFull is ParseOrder without the quick reading of the canonical form.
func (p *Parser) parseFull(s string, power rules.Power, t rules.PhaseType) (rules.Order, error) {
	n := p.n
	src := s
	// A leading power name before a colon may be several words or
	// hyphenated ("Austria-Hungary: A VIE H").
	if i := strings.IndexByte(s, ':'); i > 0 {
		if pw, ok := n.Power(strings.TrimSpace(s[:i])); ok {
			if power != rules.NoPower && pw != power {
				return rules.Order{}, &Error{Order: s, Word: strings.TrimSpace(s[:i]), Msg: "order for another power:"}
			}
			power, s = pw, s[i+1:]
		}
	}
	toks, hyphens := tokenize(p.buf[:0], s)
	if hyphens {
		toks = n.splitHyphens(toks)
	}
	var low []string
	if len(toks) <= len(p.low) {
		low = p.low[:len(toks)]
		clear(low)
	} else {
		low = make([]string, len(toks))
	}
	var limits [maxChoices]uint8
	var firstO rules.Order
	var firstErr error
	var firstFail Error
	firstAt := -1
	for {
		c := &p.c
		*c = cursor{n: n, src: src, toks: toks, low: low, limits: limits}
		o, err := n.parseOrder(c, power, t)
		if err == nil {
			return o, nil
		}
		if c.i >= firstAt {
			firstO, firstErr, firstAt = o, err, c.i
			if err == errFailed {
				firstFail = c.fail
			}
		}
		// The next reading: a shorter name for the last location
		// that had one, the locations before it as they were, those
		// after it the longest again.
		k := min(c.calls, maxChoices) - 1
		for k >= 0 && !c.shorter[k] {
			k--
		}
		if k < 0 {
			if firstErr == errFailed {
				e := firstFail // only here on the heap: a reading that succeeds allocates nothing
				return firstO, &e
			}
			return firstO, firstErr
		}
		limits[k] = c.chosen[k] - 1
		clear(limits[k+1:])
	}
}

// parseOrder reads the words of the cursor as one order of power.
func (n *Names) parseOrder(c *cursor, power rules.Power, t rules.PhaseType) (rules.Order, error) {
	o := rules.Order{Power: power, Target: rules.Loc{Province: rules.NoProvince}, Dest: rules.Loc{Province: rules.NoProvince}}
	if c.done() {
		return o, c.fails("", "empty order")
	}
	// A leading power name of one word without a colon: "England F NTH -
	// NWG". The colon here is one the form above did not take, after a
	// word it does not read as a power ("England.: F NTH - NWG") or
	// after a second power name ("England: England: F NTH - NWG").
	if len(c.toks) > 1 && keywordIndex(c.peek()) < 0 {
		if pw, ok := n.Power(c.toks[0]); ok {
			if _, isProv := n.Province(c.toks[0]); !isProv || folded(c.toks, c.low, 1) == ":" {
				if power != rules.NoPower && pw != power {
					return o, c.fails(c.word(0), "order for another power:")
				}
				o.Power = pw
				c.i++
				c.accept(":")
			}
		}
	}
	if o.Power == rules.NoPower {
		return o, c.fails(c.word(0), "the order does not say whose it is; start it with a power, not")
	}
	if err := n.parseBody(c, &o, t); err != nil {
		return o, err
	}
	if !c.done() {
		return o, c.fails(c.word(c.i), "unexpected word")
	}
	return o, nil
}

func (n *Names) parseBody(c *cursor, o *rules.Order, t rules.PhaseType) error {
	if ok, err := parseVerbFirst(c, o, t); ok {
		return err
	}
	o.Unit = c.unitType()
	l, err := c.location()
	if err != nil {
		if o.Unit == rules.NoUnit && !c.done() {
			return c.fails(c.word(c.i), "unknown unit type or province")
		}
		return err
	}
	o.At = l
	if c.done() {
		if t == rules.MovementPhase {
			o.Type = rules.Hold
			return nil
		}
		return c.fails("", "the order says nothing after the unit")
	}
	w := c.word(c.i)
	switch c.peek() {
	case "h", "hold", "holds", "stand", "stands":
		c.i++
		o.Type = rules.Hold
	case "-", "to", "move", "moves", "m":
		c.i++
		return n.parseMove(c, o, t)
	case "r", "retreat", "retreats":
		c.i++
		c.accept("-", "to")
		o.Type = rules.Retreat
		l, err := c.location()
		o.Target = l
		return err
	case "d", "disband", "disbands":
		c.i++
		o.Type = disband(t)
	case "remove", "removes":
		c.i++
		o.Type = rules.Remove
	case "b", "build", "builds":
		c.i++
		o.Type = rules.Build
	case "s", "support", "supports":
		c.i++
		return parseSupport(c, o)
	case "c", "convoy", "convoys", "transport", "transports":
		c.i++
		return parseConvoy(c, o)
	case "permits", "permit", "p":
		c.i++
		return parsePermit(c, o)
	default:
		return c.fails(w, "unknown order word")
	}
	return nil
}

// parseVerbFirst reads the orders that begin with their verb (BUILD A PAR,
// REMOVE F BRE, WAIVE, DISBAND A MUN); ok says the order was one.
func parseVerbFirst(c *cursor, o *rules.Order, t rules.PhaseType) (ok bool, err error) {
	switch c.peek() {
	case "build", "builds":
		o.Type = rules.Build
	case "remove", "removes":
		o.Type = rules.Remove
	case "waive", "waives", "waived":
		c.i++
		o.Type = rules.Waive
		o.At = rules.Loc{Province: rules.NoProvince}
		return true, nil
	case "disband", "disbands":
		o.Type = disband(t)
	default:
		return false, nil
	}
	c.i++
	o.Unit = c.unitType()
	o.At, err = c.location()
	return true, err
}

// parseSupport reads what follows S: the supported unit, then its move
// ("- MUN") or nothing, or "H", for a support to hold.
func parseSupport(c *cursor, o *rules.Order) error {
	o.Type = rules.Support
	o.TargetUnit = c.unitType()
	l, err := c.location()
	if err != nil {
		return err
	}
	o.Target = l
	if c.accept("-", "to", "move", "moves", "m") {
		l, err := c.location()
		if err != nil {
			return err
		}
		o.Dest = l
	} else {
		c.accept("h", "hold", "holds")
	}
	return nil
}

// parseConvoy reads what follows C: the army and its destination.
func parseConvoy(c *cursor, o *rules.Order) error {
	o.Type = rules.Convoy
	o.TargetUnit = c.unitType()
	l, err := c.location()
	if err != nil {
		return err
	}
	o.Target = l
	if !c.accept("-", "to", "move", "moves", "m") {
		if c.done() {
			return c.fails("", "a convoy needs a destination")
		}
		return c.expected("expected '-' before the convoy's destination, not", "expected '-' before the convoy's destination, but the order ends")
	}
	o.Dest, err = c.location()
	return err
}

// parsePermit reads what follows PERMITS (Colonial's canal): the fleet and
// its move.
func parsePermit(c *cursor, o *rules.Order) error {
	o.Type = rules.Permit
	o.TargetUnit = c.unitType()
	l, err := c.location()
	if err != nil {
		return err
	}
	o.Target = l
	if !c.accept("-", "to") {
		if c.done() {
			return c.fails("", "a permission names the fleet's move, e.g. EGY PERMITS F MED - RS; the destination is missing")
		}
		return c.expected("expected '-' in the permitted move, not", "expected '-' in the permitted move, but the order ends")
	}
	o.Dest, err = c.location()
	return err
}

func disband(t rules.PhaseType) rules.OrderType {
	if t == rules.AdjustmentPhase {
		return rules.Remove
	}
	return rules.Disband
}

// parseMove reads what follows "-": a destination, a convoy route or a
// railway ("A MOS - TSR - VLA"), and "via convoy".
func (n *Names) parseMove(c *cursor, o *rules.Order, t rules.PhaseType) error {
	o.Type = rules.Move
	if t == rules.RetreatPhase {
		o.Type = rules.Retreat
	}
	if n.railWord(c.word(c.i)) {
		c.i++
		if !c.accept("-", "to") {
			return c.expected("expected '-' after TSR, not", "expected '-' after TSR, but the order ends")
		}
		o.Type = rules.Railway
	}
	l, err := c.location()
	if err != nil {
		return err
	}
	o.Target = l
	// DATC 4.A.6: a convoy route written out ("A LON - NTH - NWY") is
	// accepted and only its destination is kept; it travels by convoy.
	for c.accept("-", "to") {
		l, err := c.location()
		if err != nil {
			return err
		}
		o.Target = l
		o.ViaConvoy = true
	}
	if c.accept("via", "by") {
		if n.railWord(c.word(c.i)) {
			// vDiplomacy's form: "A MOS - VLA via TSR".
			c.i++
			o.Type, o.ViaConvoy = rules.Railway, false
			return nil
		}
		c.accept("convoy", "c")
		o.ViaConvoy = true
	}
	return nil
}

// railWord reports whether w, a word as written, names a railway:
// "railway", "rail", or the name of one of the map's railways ("tsr"), in
// any case. It takes the word unfolded, as it is mostly a province name,
// which need not be folded.
func (n *Names) railWord(w string) bool {
	if len(w) == len("railway") && equalLower("railway", w) || len(w) == len("rail") && equalLower("rail", w) {
		return true
	}
	for _, r := range n.m.Railways() {
		if strings.EqualFold(w, r.Name) {
			return true
		}
	}
	return false
}

// railName returns the name of the railway a railway order travels, upper
// case ("TSR"); when no railway joins its provinces, the map's only
// railway, else "RAILWAY".
func (n *Names) railName(o rules.Order) string {
	ws := n.m.Railways()
	for _, r := range ws {
		if r.Station(o.At.Province) >= 0 && r.Station(o.Target.Province) >= 0 {
			return strings.ToUpper(r.Name)
		}
	}
	if len(ws) == 1 { // the only railway the player can have meant
		return strings.ToUpper(ws[0].Name)
	}
	return "RAILWAY"
}

// FormatOrder writes an order in canonical form: upper case, the map's
// abbreviations, coasts as "STP/SC".
func (n *Names) FormatOrder(o rules.Order) string {
	var buf [64]byte
	return string(n.AppendOrder(buf[:0], o))
}

// AppendOrder appends FormatOrder's text of o to b.
func (n *Names) AppendOrder(b []byte, o rules.Order) []byte {
	switch o.Type {
	case rules.Hold:
		return append(n.appendUnit(b, o.Unit, o.At), ' ', 'H')
	case rules.Move:
		b = n.appendUpperLoc(append(n.appendUnit(b, o.Unit, o.At), ' ', '-', ' '), o.Target)
		if o.ViaConvoy {
			b = append(b, " VIA CONVOY"...)
		}
		return b
	case rules.Railway:
		b = append(append(n.appendUnit(b, o.Unit, o.At), " - "...), n.railName(o)...)
		return n.appendUpperLoc(append(b, " - "...), o.Target)
	case rules.Support:
		b = n.appendUnit(append(n.appendUnit(b, o.Unit, o.At), ' ', 'S', ' '), o.TargetUnit, o.Target)
		if o.Dest.Province != rules.NoProvince {
			b = n.appendUpperLoc(append(b, ' ', '-', ' '), o.Dest)
		}
		return b
	case rules.Convoy:
		b = n.appendUnit(append(n.appendUnit(b, o.Unit, o.At), " C "...), o.TargetUnit, o.Target)
		return n.appendUpperLoc(append(b, " - "...), o.Dest)
	case rules.Retreat:
		return n.appendUpperLoc(append(n.appendUnit(b, o.Unit, o.At), " R "...), o.Target)
	case rules.Disband:
		return append(n.appendUnit(b, o.Unit, o.At), " D"...)
	case rules.Build:
		return n.appendUnit(append(b, "BUILD "...), o.Unit, o.At)
	case rules.Remove:
		return n.appendUnit(append(b, "REMOVE "...), o.Unit, o.At)
	case rules.Waive:
		return append(b, "WAIVE"...)
	case rules.Permit:
		b = append(n.appendUpperLoc(b, o.At), " PERMITS "...)
		b = n.appendUnit(b, o.TargetUnit, o.Target)
		return n.appendUpperLoc(append(b, " - "...), o.Dest)
	}
	return append(b, '?')
}

// appendUnit appends a unit, "F STP/SC", or its location alone when its
// type is not given.
func (n *Names) appendUnit(b []byte, t rules.UnitType, l rules.Loc) []byte {
	switch t {
	case rules.Army:
		b = append(b, 'A', ' ')
	case rules.Fleet:
		b = append(b, 'F', ' ')
	}
	return n.appendUpperLoc(b, l)
}

// appendUpperLoc appends a location in upper case, "STP/SC".
func (n *Names) appendUpperLoc(b []byte, l rules.Loc) []byte {
	if int(l.Province) < len(n.upper) && l.Coast == rules.NoCoast {
		return append(b, n.upper[l.Province]...)
	}
	start := len(b)
	b = n.AppendLoc(b, l)
	return append(b[:start], upperASCII(b[start:])...)
}
