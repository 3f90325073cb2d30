package judge

import (
	"math/bits"
	"slices"
	"sort"
	"strconv"
	"unicode/utf8"
	"unsafe"

	"github.com/chancery/chancery/notation"
	"github.com/chancery/chancery/rules"
)

// numCoasts is how many coasts a location may name, NoCoast included.
const numCoasts = rules.WestCoast + 1

// numUnitTypes is how many unit types there are, NoUnit included.
const numUnitTypes = rules.Fleet + 1

// numOrderTypes is how many order types there are.
const numOrderTypes = rules.Railway + 1

// resultWords are the rules' words a result's JSON takes from small
// tables: its order's kind and unit, by order type and unit type
// (,"kind":"move","unit":"A", as codec.Codec.EncodeOrder writes them),
// and its outcome (,"result":"succeeded"). They are cut from one string,
// as a process that adjudicates one phase builds them for it alone.
func resultWords() (kindUnit [numOrderTypes][numUnitTypes]string, outcome [rules.Illegal + 1]string) {
	type cut struct{ from, to int }
	var ku [numOrderTypes][numUnitTypes]cut
	var oc [rules.Illegal + 1]cut
	b := make([]byte, 0, 1024)
	for k := range ku {
		for u := range ku[k] {
			from := len(b)
			if w := rules.OrderType(k).String(); w != "" {
				b = appendWord(append(b, `,"kind":`...), w)
			}
			if l := rules.UnitType(u).Letter(); l != "" {
				b = appendWord(append(b, `,"unit":`...), l)
			}
			ku[k][u] = cut{from, len(b)}
		}
	}
	for o := range oc {
		from := len(b)
		b = appendWord(append(b, `,"result":`...), rules.Outcome(o).String())
		oc[o] = cut{from, len(b)}
	}
	all := string(b)
	for k := range ku {
		for u, c := range ku[k] {
			kindUnit[k][u] = all[c.from:c.to]
		}
	}
	for o, c := range oc {
		outcome[o] = all[c.from:c.to]
	}
	return kindUnit, outcome
}

// jsonNames are a variant's names as JSON strings, quotes included, so
// that the writer copies them without building or escaping them.
type jsonNames struct {
	power []string   // by power
	abbr  []string   // by province
	loc   [][]string // by province, then coast
	// locText is loc without quotes or escapes, for sorting retreats as
	// EncodePosition does. Both hold the map's locations only (a
	// province without coasts, or with the coasts it has): the others
	// are "".
	locText [][]string
	// unitHead is what a unit's JSON starts with, by power then unit
	// type: {"power":"England","type":"fleet","province":
	unitHead [][numUnitTypes]string
	// resultHead is what a result's JSON starts with, by power:
	// {"power":"England","order":"
	resultHead []string
	kindUnit   [numOrderTypes][numUnitTypes]string // resultWords
	resultWord [rules.Illegal + 1]string           // resultWords
	// provName is each province's full name escaped for a JSON string,
	// without quotes, as messages name provinces.
	provName []string
	// centreKey is a centre's key in supply_centers, by province: "lon":
	centreKey []string
	// centres are the supply centres by abbreviation: encoding/json
	// writes a map's keys sorted.
	centres []rules.Province
	names   *notation.Names
	// plainOrders reports that the orders' canonical text holds only
	// what JSON holds as it is: the map's location and railway names
	// are plain ASCII, so AppendOrder's text needs no escaping.
	plainOrders bool
}

func (e *state) jsonNames() *jsonNames {
	if e.json != nil {
		return e.json
	}
	m := e.V.Map
	nm := &jsonNames{names: e.Names, plainOrders: true}
	nm.kindUnit, nm.resultWord = resultWords()
	// Every name goes into one buffer, which becomes one string that the
	// names are cut from: two allocations in all rather than two a name,
	// as a process that adjudicates one phase pays for all of them.
	type cut struct{ from, to int }
	var buf []byte
	// quote escapes and quotes the text appended from from+1 on, after
	// the quote at from.
	// plain: no name needs escaping (as on every map so far), so none is
	// scanned again as it is written (locations are written with the
	// provinces' abbreviations and the coasts' names).
	plain := true
	for _, p := range m.Powers {
		plain = plain && safeRun(p, 0) == len(p)
	}
	for i := range m.Provinces {
		pi := &m.Provinces[i]
		plain = plain && safeRun(pi.Abbr, 0) == len(pi.Abbr) && safeRun(pi.Name, 0) == len(pi.Name)
	}
	for c := rules.Coast(0); c < numCoasts; c++ {
		s := c.String()
		plain = plain && safeRun(s, 0) == len(s)
	}
	quote := func(from int) cut {
		if !plain {
			buf = escapeTail(buf, from+1)
		}
		buf = append(buf, '"')
		return cut{from, len(buf)}
	}
	n := m.NumProvinces()
	powers := make([]cut, len(m.Powers))
	for i, p := range m.Powers {
		from := len(buf)
		buf = append(append(buf, '"'), p...)
		powers[i] = quote(from)
	}
	abbrs := make([]cut, n)
	locs := make([]cut, 2*n*int(numCoasts))
	for i := range m.Provinces {
		p := rules.Province(i)
		from := len(buf)
		buf = append(append(buf, '"'), m.Provinces[i].Abbr...)
		abbrs[i] = quote(from)
		for c := rules.Coast(0); c < numCoasts; c++ {
			if c != rules.NoCoast && !slices.Contains(m.Provinces[i].Coasts, c) {
				continue // no such location: locJSON writes it the slow way
			}
			l := rules.Loc{Province: p, Coast: c}
			k := 2 * (i*int(numCoasts) + int(c))
			from := len(buf)
			buf = e.Names.AppendLoc(append(buf, '"'), l)
			locs[k] = quote(from)
			from = len(buf)
			buf = e.Names.AppendLoc(buf, l)
			locs[k+1] = cut{from, len(buf)}
			if !plain && safeRun(buf, from) < len(buf) {
				nm.plainOrders = false
			}
		}
		if m.Provinces[i].SupplyCenter {
			nm.centres = append(nm.centres, p)
		}
	}
	for _, r := range m.Railways() {
		if safeRun(r.Name, 0) < len(r.Name) {
			nm.plainOrders = false
		}
	}
	heads := make([][numUnitTypes]cut, len(m.Powers))
	for i := range heads {
		for t := rules.Army; t < numUnitTypes; t++ {
			from := len(buf)
			buf = append(buf, `{"power":`...)
			buf = append(buf, buf[powers[i].from:powers[i].to]...)
			buf = appendWord(append(buf, `,"type":`...), t.String())
			buf = append(buf, `,"province":`...)
			heads[i][t] = cut{from, len(buf)}
		}
	}
	rheads := make([]cut, len(m.Powers))
	for i, c := range powers {
		from := len(buf)
		buf = append(append(append(buf, `{"power":`...), buf[c.from:c.to]...), `,"order":"`...)
		rheads[i] = cut{from, len(buf)}
	}
	provNames := make([]cut, n)
	for i := range m.Provinces {
		from := len(buf)
		buf = append(buf, m.Provinces[i].Name...)
		if !plain {
			buf = escapeTail(buf, from)
		}
		provNames[i] = cut{from, len(buf)}
	}
	keys := make([]cut, n)
	for i, c := range abbrs {
		from := len(buf)
		buf = append(append(buf, buf[c.from:c.to]...), ':')
		keys[i] = cut{from, len(buf)}
	}
	all := string(buf)
	str := func(c cut) string { return all[c.from:c.to] }
	nm.power = make([]string, len(powers))
	for i, c := range powers {
		nm.power[i] = str(c)
	}
	nm.resultHead = make([]string, len(rheads))
	for i, c := range rheads {
		nm.resultHead[i] = str(c)
	}
	nm.unitHead = make([][numUnitTypes]string, len(heads))
	for i := range heads {
		for t := rules.Army; t < numUnitTypes; t++ {
			nm.unitHead[i][t] = str(heads[i][t])
		}
	}
	nm.abbr = make([]string, n)
	nm.centreKey = make([]string, n)
	nm.provName = make([]string, n)
	for i, c := range abbrs {
		nm.abbr[i] = str(c)
		nm.centreKey[i] = str(keys[i])
		nm.provName[i] = str(provNames[i])
	}
	nc := int(numCoasts)
	quoted, text := make([]string, n*nc), make([]string, n*nc)
	for i := range quoted {
		quoted[i], text[i] = str(locs[2*i]), str(locs[2*i+1])
	}
	nm.loc, nm.locText = make([][]string, n), make([][]string, n)
	for i := 0; i < n; i++ {
		nm.loc[i], nm.locText[i] = quoted[i*nc:(i+1)*nc:(i+1)*nc], text[i*nc:(i+1)*nc:(i+1)*nc]
	}
	sort.Slice(nm.centres, func(i, j int) bool {
		return m.Provinces[nm.centres[i]].Abbr < m.Provinces[nm.centres[j]].Abbr
	})
	e.json = nm
	return nm
}

// locJSON returns location l as a JSON string.
func (nm *jsonNames) locJSON(l rules.Loc) string {
	if int(l.Province) < len(nm.loc) && l.Coast < numCoasts {
		if s := nm.loc[l.Province][l.Coast]; s != "" {
			return s
		}
	}
	return string(appendString(nil, nm.names.LocString(l))) // no such location
}

// powerJSON returns power p's name as a JSON string.
func (nm *jsonNames) powerJSON(p rules.Power) string {
	if int(p) < len(nm.power) {
		return nm.power[p]
	}
	return `""`
}

// appendOutput appends the output of the phase just resolved as JSON, as
// encoding/json writes Output (what output returns), but without building
// it.
func (e *state) appendOutput(b []byte) []byte {
	nm := e.jsonNames()
	b = append(b, `{"results":[`...)
	k := 0
	for i, t := range e.texts {
		if i > 0 {
			b = append(b, ',')
		}
		if t.err != nil {
			// codec.SyntaxResult
			b = append(append(b, `{"power":`...), nm.powerJSON(t.power)...)
			b = appendString(append(b, `,"order":`...), t.text)
			b = append(b, `,"result":"illegal","reason":"syntax","message":"`...)
			b = append(e.appendErrorText(b, t.err), `"}`...)
			continue
		}
		b = e.appendResult(b, nm, t.power, &e.out.Results[k])
		k++
	}
	b = e.appendPosition(append(b, `],"next":`...), nm, e.out.Next)
	b = append(b, `,"winner":`...)
	if e.out.Winner != rules.NoPower {
		b = append(b, nm.powerJSON(e.out.Winner)...)
	} else {
		b = append(b, "null"...)
	}
	return append(b, '}')
}

// appendErrorText appends err's message escaped as the inside of a JSON
// string. A *notation.Error, the error of every order that cannot be
// read, is written from its parts as its Error method formats them
// (fmt's %q is strconv.AppendQuote), without formatting a string: random
// games and bots' orders have many.
func (e *state) appendErrorText(b []byte, err error) []byte {
	ne, ok := err.(*notation.Error)
	if !ok {
		return appendEscaped(b, err.Error())
	}
	m := strconv.AppendQuote(append(e.msg[:0], "order "...), ne.Order)
	m = append(append(m, ": "...), ne.Msg...)
	if ne.Word != "" {
		m = strconv.AppendQuote(append(m, ' '), ne.Word)
	}
	e.msg = m
	return appendEscaped(b, unsafe.String(unsafe.SliceData(m), len(m)))
}

// appendResult appends codec.Codec.EncodeResult's result.
func (e *state) appendResult(b []byte, nm *jsonNames, power rules.Power, r *rules.Result) []byte {
	m := e.V.Map
	o := &r.Order
	if int(power) < len(nm.resultHead) {
		b = append(b, nm.resultHead[power]...)
	} else {
		b = append(append(append(b, `{"power":`...), nm.powerJSON(power)...), `,"order":"`...)
	}
	start := len(b)
	b = e.Names.AppendOrder(b, *o)
	if !nm.plainOrders {
		b = escapeTail(b, start)
	}
	b = append(b, '"')
	// codec.Codec.EncodeOrder
	if o.Type < numOrderTypes && o.Unit < numUnitTypes {
		b = append(b, nm.kindUnit[o.Type][o.Unit]...)
	} else {
		if k := o.Type.String(); k != "" {
			b = appendWord(append(b, `,"kind":`...), k)
		}
		if u := o.Unit.Letter(); u != "" {
			b = append(append(append(b, `,"unit":"`...), u...), '"')
		}
	}
	if o.Type != rules.Waive && o.At.Province != rules.NoProvince {
		b = append(append(b, `,"at":`...), nm.locJSON(o.At)...)
	}
	if o.Target.Province != rules.NoProvince {
		b = append(append(b, `,"target":`...), nm.locJSON(o.Target)...)
	}
	if u := o.TargetUnit.Letter(); u != "" {
		b = append(append(append(b, `,"target_unit":"`...), u...), '"')
	}
	if o.Dest.Province != rules.NoProvince {
		b = append(append(b, `,"dest":`...), nm.locJSON(o.Dest)...)
	}
	if o.ViaConvoy {
		b = append(b, `,"via_convoy":true`...)
	}
	if int(r.Outcome) < len(nm.resultWord) {
		b = append(b, nm.resultWord[r.Outcome]...)
	} else {
		b = appendWord(append(b, `,"result":`...), r.Outcome.String())
	}
	if reason := r.Reason.String(); reason != "" {
		b = appendWord(append(b, `,"reason":`...), reason)
	}
	if r.Where != rules.NoProvince && int(r.Where) < m.NumProvinces() {
		b = append(append(b, `,"where":`...), nm.abbr[r.Where]...)
	}
	if text, where := r.MessageParts(m); text != "" || where != "" {
		b = append(b, `,"message":"`...)
		if r.Note == "" {
			// The rules' own words, which JSON holds as they are
			// (TestMessagesArePlain), and a province's name, where
			// there is one, escaped once with the names.
			b = append(b, text...)
			if where != "" {
				b = append(b, nm.provName[r.Where]...)
			}
		} else {
			b = appendEscaped(appendEscaped(b, text), where)
		}
		b = append(b, '"')
	}
	return append(b, '}')
}

// appendPosition appends codec.Codec.EncodePosition's position.
func (e *state) appendPosition(b []byte, nm *jsonNames, pos *rules.Position) []byte {
	m := e.V.Map
	b = appendWord(append(b, `{"phase":{"season":`...), pos.Phase.Season.String())
	b = strconv.AppendInt(append(b, `,"year":`...), int64(pos.Phase.Year), 10)
	b = appendWord(append(b, `,"type":`...), pos.Phase.Type.String())
	b = append(b, `},"units":[`...)
	// Units power by power in the map's order, each power's by province:
	// a counting sort, in two passes over the provinces.
	var count [256]int32
	n := 0
	for _, u := range pos.Units {
		if u.Type != rules.NoUnit && u.Power != rules.NoPower && int(u.Power) < len(m.Powers) {
			count[u.Power]++
			n++
		}
	}
	sum := int32(0)
	for i := range count[:len(m.Powers)] {
		count[i], sum = sum, sum+count[i]
	}
	if cap(e.unitOrder) < n {
		e.unitOrder = make([]rules.Province, n)
	}
	order := e.unitOrder[:n]
	for pr, u := range pos.Units {
		if u.Type != rules.NoUnit && u.Power != rules.NoPower && int(u.Power) < len(m.Powers) {
			order[count[u.Power]] = rules.Province(pr)
			count[u.Power]++
		}
	}
	for i, pr := range order {
		if i > 0 {
			b = append(b, ',')
		}
		u := pos.Units[pr]
		if u.Type < numUnitTypes { // as the counting above checked u.Power
			b = append(b, nm.unitHead[u.Power][u.Type]...)
		} else {
			b = append(append(b, `{"power":`...), nm.powerJSON(u.Power)...)
			b = appendWord(append(b, `,"type":`...), u.Type.String())
			b = append(b, `,"province":`...)
		}
		b = append(append(b, nm.locJSON(rules.Loc{Province: pr, Coast: u.Coast})...), '}')
	}
	b = append(b, `],"dislodged":[`...)
	for i := range pos.Dislodged {
		if i > 0 {
			b = append(b, ',')
		}
		b = e.appendDislodged(b, nm, &pos.Dislodged[i])
	}
	b = append(b, `],"supply_centers":{`...)
	first := true
	for _, pr := range nm.centres {
		if int(pr) >= len(pos.Owner) || pos.Owner[pr] == rules.NoPower {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(append(b, nm.centreKey[pr]...), nm.powerJSON(pos.Owner[pr])...)
	}
	return append(b, "}}"...)
}

// appendDislodged appends codec.Codec.EncodeDislodged's unit.
func (e *state) appendDislodged(b []byte, nm *jsonNames, d *rules.Dislodged) []byte {
	b = append(append(b, `{"power":`...), nm.powerJSON(d.Power)...)
	b = appendWord(append(b, `,"type":`...), d.Type.String())
	b = append(append(b, `,"province":`...), nm.locJSON(d.Loc())...)
	b = append(b, `,"attacker_from":`...)
	if d.AttackerFrom != rules.NoProvince {
		b = append(b, nm.abbr[d.AttackerFrom]...)
	} else {
		b = append(b, `""`...)
	}
	if d.ByConvoy {
		b = append(b, `,"by_convoy":true`...)
	}
	b = append(b, `,"retreats":[`...)
	// The retreats sorted by their text, as EncodeDislodged sorts them.
	rs := append(e.retreats[:0], d.Retreats...)
	e.retreats = rs
	text := func(l rules.Loc) string {
		if int(l.Province) < len(nm.locText) && l.Coast < numCoasts {
			if s := nm.locText[l.Province][l.Coast]; s != "" {
				return s
			}
		}
		return nm.names.LocString(l)
	}
	for i := 1; i < len(rs); i++ {
		for k := i; k > 0 && text(rs[k-1]) > text(rs[k]); k-- {
			rs[k-1], rs[k] = rs[k], rs[k-1]
		}
	}
	for i, l := range rs {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, nm.locJSON(l)...)
	}
	return append(b, "]}"...)
}

// appendWord appends s, one of the rules core's words for a kind of
// order, unit, outcome, reason, season or phase, as a JSON string: they
// are plain ASCII letters and spaces (TestWordsArePlain), which JSON
// holds as they are.
func appendWord(b []byte, s string) []byte {
	return append(append(append(b, '"'), s...), '"')
}

// appendString appends s as a JSON string, escaped as encoding/json
// escapes it (HTML's <, > and & included).
func appendString(b []byte, s string) []byte {
	return append(appendEscaped(append(b, '"'), s), '"')
}

// escapeTail escapes, in place, the text appended to b from start on.
func escapeTail(b []byte, start int) []byte {
	tail := b[start:]
	if i := safeRun(tail, 0); i < len(tail) {
		text := string(tail)
		return appendEscaped(b[:start], text)
	}
	return b
}

// safeRun returns the index of the first byte of s from i on that a JSON
// string does not hold as it is (see unsafeJSON), or len(s): eight bytes
// at a time while eight remain, as the names and messages written are
// mostly plain ASCII.
func safeRun[S string | []byte](s S, i int) int {
	for i+8 <= len(s) {
		w := s[i : i+8]
		m := unsafeJSON(uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
			uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56)
		if m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
		i += 8
	}
	for i < len(s) && s[i] < utf8.RuneSelf && safeJSON[s[i]] {
		i++
	}
	return i
}

// unsafeJSON marks, in the high bit of each byte of the eight bytes x (the
// first in the low byte), the bytes that encoding/json does not write as
// they are: those special marks, and HTML's '<', '>' and '&'. As with
// special, only the lowest mark is to be read.
func unsafeJSON(x uint64) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	lt := x ^ (ones * '<')
	gt := x ^ (ones * '>')
	amp := x ^ (ones * '&')
	return special(x) | ((lt-ones)&^lt|(gt-ones)&^gt|(amp-ones)&^amp)&highs
}

const hexDigits = "0123456789abcdef"

// appendEscaped appends s escaped as the inside of a JSON string, as
// encoding/json escapes it.
func appendEscaped(b []byte, s string) []byte {
	start := 0
	for i := 0; i < len(s); {
		if i = safeRun(s, i); i == len(s) {
			break
		}
		c := s[i]
		if c < utf8.RuneSelf {
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(append(b, s[start:i]...), `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(append(b, s[start:i]...), '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	return append(b, s[start:]...)
}

// safeJSON marks the ASCII bytes that a JSON string holds as they are.
var safeJSON = func() (t [utf8.RuneSelf]bool) {
	for c := ' '; c < utf8.RuneSelf; c++ {
		t[c] = true
	}
	for _, c := range `"\<>&` {
		t[c] = false
	}
	t[0x7f] = true
	return t
}()
