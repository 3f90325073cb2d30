// Package mapfile reads Chancery's variant files: a readable, line-based
// description of a map (provinces, coasts, supply centres, home centres,
// borders typed by who may cross them and by kind), its powers, its
// starting position and the variant's declarative rules.
//
// The format, one statement per line, '#' starting a comment:
//
//	name standard                     the variant's name
//	title "Standard Diplomacy"
//	start spring 1901
//	victory 18 "18 supply centres"    centres needed, and the words for people
//	option victory-strict             also more centres than anyone else
//	option build-anywhere             build in any owned vacant centre
//	option no-draws
//	neutral Neutral                   the power of neutral units
//	power England                     a power (in order)
//	power Britain = england           a power and other names for it
//	kind cape half-strength no-support no-cut loses-retreat-tie
//	kind canal gate=egy no-support no-retreat no-convoy
//	railway tsr Russia: mos prm oms kra irk vla   a railway for Russia's armies
//	province nth sea "North Sea" = nts norsea
//	province stp coast sc home=Russia coasts=nc,sc "St Petersburg" = stpete
//	province swi land impassable "Switzerland"
//	army  bur: bel gas mar         armies cross bur-bel, bur-gas, ...
//	fleet bul/ec: bla con rum      fleets cross (coasts named)
//	both  bre: gas pic             armies and fleets
//	fleet mao: egy[cape]           a border of a declared kind
//	unit England F lon             starting units
//	unit Russia F stp/sc
//	owns England edi lon lvp       starting ownership
//	description "..."              what players should know (repeatable)
//
// Borders are symmetric. Province flags: sc (supply centre), home=Power,
// barred=Power (a power that never owns the centre: its unit there after a
// Fall leaves it nobody's), coasts=nc,sc,..., convoys (a coastal space
// whose fleet may convoy), impassable.
package mapfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/chancery/chancery/rules"
)

// Error is a problem in a variant file, with its line.
type Error struct {
	Line int
	Msg  string
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return e.Msg
	}
	return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
}

// ErrorList is every problem Parse found in a variant file, in line order,
// so that an author fixes them in one pass (as go/scanner's ErrorList).
type ErrorList []*Error

// Error lists the problems, one a line.
func (l ErrorList) Error() string {
	lines := make([]string, len(l))
	for i, e := range l {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// Unwrap returns the problems, for errors.As.
func (l ErrorList) Unwrap() []error {
	out := make([]error, len(l))
	for i, e := range l {
		out[i] = e
	}
	return out
}

type parser struct {
	b       *rules.MapBuilder
	v       *rules.Variant
	line    int
	powers  map[string]rules.Power
	kinds   map[string]rules.BorderKind
	provs   map[string]rules.Province
	borders []border
	units   []unitLine
	owns    []ownLine
	homes   []homeLine // home= and barred= flags
	errs    ErrorList
	gates   []gateLine
	rails   []railLine
	desc    []string
}

type border struct {
	line        int
	from, to    string
	army, fleet bool
	kind        string
}

type unitLine struct {
	line              int
	power, typ, where string
}

type ownLine struct {
	line  int
	power string
	provs []string
}

type railLine struct {
	line        int
	name, power string
	stations    []string
}

// homeLine is a province flag naming a power (home=, barred=), checked
// once every power is known.
type homeLine struct {
	line        int
	prov, power string
	barred      bool
}

// gateLine is a kind's gate=prov, checked once every province is known.
type gateLine struct {
	line int
	prov string
	kind rules.BorderKind
}

// Parse reads a variant file and returns the variant it describes, with its
// map and starting position. A file with problems gives an ErrorList of
// every problem found, each with its line.
func Parse(r io.Reader) (*rules.Variant, error) {
	p := &parser{
		b:      rules.NewMapBuilder(),
		v:      &rules.Variant{},
		powers: map[string]rules.Power{},
		kinds:  map[string]rules.BorderKind{"normal": rules.NormalBorder},
		provs:  map[string]rules.Province{},
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for sc.Scan() {
		p.line++
		toks, err := tokenize(sc.Text())
		if err != nil {
			p.fail(p.errf("%v", err))
			continue
		}
		if len(toks) == 0 {
			continue
		}
		p.fail(p.statement(toks))
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading variant file: %w", err)
	}
	return p.finish()
}

func (p *parser) errf(format string, args ...any) error {
	return &Error{Line: p.line, Msg: fmt.Sprintf(format, args...)}
}

// sortedErrs returns the problems found, in line order; a problem of the
// whole file (line 0) comes last.
func (p *parser) sortedErrs() ErrorList {
	key := func(e *Error) int {
		if e.Line == 0 {
			return math.MaxInt
		}
		return e.Line
	}
	sort.SliceStable(p.errs, func(i, j int) bool { return key(p.errs[i]) < key(p.errs[j]) })
	return p.errs
}

// fail records a problem, if err is one, and goes on reading.
func (p *parser) fail(err error) {
	if err == nil {
		return
	}
	var e *Error
	if !errors.As(err, &e) {
		e = &Error{Line: p.line, Msg: err.Error()}
	}
	p.errs = append(p.errs, e)
}

// tokenize splits a line into words and quoted strings, dropping comments.
func tokenize(s string) ([]string, error) {
	var toks []string
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '#':
			return toks, nil
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case c == '"':
			j := strings.IndexByte(s[i+1:], '"')
			if j < 0 {
				return nil, fmt.Errorf("unterminated string")
			}
			toks = append(toks, s[i+1:i+1+j])
			i += j + 2
		default:
			j := i
			for j < len(s) && s[j] != ' ' && s[j] != '\t' && s[j] != '#' && s[j] != '\r' {
				j++
			}
			toks = append(toks, s[i:j])
			i = j
		}
	}
	return toks, nil
}

func (p *parser) statement(t []string) error {
	args := t[1:]
	switch t[0] {
	case "name":
		if len(args) != 1 {
			return p.errf("name takes one word")
		}
		p.v.Name = args[0]
	case "title":
		if len(args) != 1 {
			return p.errf("title takes one string")
		}
		p.v.Title = args[0]
	case "description":
		p.desc = append(p.desc, strings.Join(args, " "))
	case "start":
		if len(args) != 2 {
			return p.errf("start takes a season and a year")
		}
		year, err := strconv.Atoi(args[1])
		if err != nil {
			return p.errf("bad year %q", args[1])
		}
		var s rules.Season
		switch args[0] {
		case "spring":
			s = rules.Spring
		case "fall":
			s = rules.Fall
		default:
			return p.errf("a game starts in spring or fall, not %q", args[0])
		}
		p.v.Start = &rules.Position{Phase: rules.Phase{Season: s, Year: year, Type: rules.MovementPhase}}
	case "victory":
		if len(args) < 1 {
			return p.errf("victory takes a number of centres")
		}
		n, err := strconv.Atoi(args[0])
		if err != nil || n <= 0 {
			return p.errf("bad victory count %q", args[0])
		}
		p.v.VictoryCentres = n
		if len(args) > 1 {
			p.v.Victory = args[1]
		}
	case "option":
		for _, a := range args {
			switch a {
			case "victory-strict":
				p.v.VictoryStrict = true
			case "build-anywhere":
				p.v.BuildAnywhere = true
			case "no-draws":
				p.v.NoDraws = true
			default:
				return p.errf("unknown option %q", a)
			}
		}
	case "power", "neutral":
		if len(args) != 1 && (len(args) < 3 || args[1] != "=") {
			return p.errf("%s takes one name, then optionally = and its aliases", t[0])
		}
		if _, dup := p.powers[strings.ToLower(args[0])]; dup {
			return p.errf("power %s declared twice", args[0])
		}
		id := p.b.AddPower(args[0])
		p.powers[strings.ToLower(args[0])] = id
		if len(args) > 2 {
			p.b.SetPowerAliases(id, args[2:])
		}
		if t[0] == "neutral" {
			p.v.Neutral = id
		}
	case "kind":
		return p.kind(args)
	case "railway":
		if len(args) < 4 || !strings.HasSuffix(args[1], ":") {
			return p.errf("railway takes a name, a power, a colon and the stations in order")
		}
		p.rails = append(p.rails, railLine{p.line, args[0], strings.TrimSuffix(args[1], ":"), args[2:]})
	case "province":
		return p.province(args)
	case "army", "fleet", "both":
		return p.borderLine(t[0], args)
	case "unit":
		if len(args) != 3 {
			return p.errf("unit takes a power, a type (A or F) and a location")
		}
		p.units = append(p.units, unitLine{p.line, args[0], args[1], args[2]})
	case "owns":
		if len(args) < 1 {
			return p.errf("owns takes a power and provinces")
		}
		p.owns = append(p.owns, ownLine{p.line, args[0], args[1:]})
	default:
		return p.errf("unknown statement %q", t[0])
	}
	return nil
}

func (p *parser) kind(args []string) error {
	if len(args) < 1 {
		return p.errf("kind takes a name and properties")
	}
	k := rules.BorderKindInfo{Name: args[0]}
	gate := ""
	for _, a := range args[1:] {
		switch {
		case a == "half-strength":
			k.HalfStrength = true
		case a == "no-support":
			k.NoSupport = true
		case a == "no-cut":
			k.NoCut = true
		case a == "loses-retreat-tie":
			k.LosesRetreatTie = true
		case a == "no-retreat":
			k.NoRetreat = true
		case a == "no-convoy":
			k.NoConvoy = true
		case a == "bridge":
			// a plain border across water: no rule changes, a name for people
		case strings.HasPrefix(a, "gate="):
			gate = strings.TrimPrefix(a, "gate=")
		default:
			return p.errf("unknown border property %q", a)
		}
	}
	if _, dup := p.kinds[k.Name]; dup {
		return p.errf("kind %s declared twice", k.Name)
	}
	id := p.b.AddBorderKind(k)
	p.kinds[k.Name] = id
	if gate != "" {
		p.gates = append(p.gates, gateLine{p.line, gate, id})
	}
	return nil
}

func (p *parser) province(args []string) error {
	if len(args) < 3 {
		return p.errf("province takes an abbreviation, a terrain and a name")
	}
	abbr := strings.ToLower(args[0])
	if _, dup := p.provs[abbr]; dup {
		return p.errf("province %s declared twice", abbr)
	}
	info := rules.ProvinceInfo{Abbr: abbr}
	switch args[1] {
	case "land":
		info.Terrain = rules.Land
	case "coast":
		info.Terrain = rules.Coastal
	case "sea":
		info.Terrain = rules.Sea
	default:
		return p.errf("terrain must be land, coast or sea, not %q", args[1])
	}
	rest := args[2:]
	named := false
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		switch {
		case a == "=":
			for _, al := range rest[i+1:] {
				info.Aliases = append(info.Aliases, strings.ToLower(al))
			}
			i = len(rest)
		case a == "sc" && !named:
			info.SupplyCenter = true
		case a == "convoys" && !named:
			info.Convoys = true
		case a == "impassable" && !named:
			info.Impassable = true
		case strings.HasPrefix(a, "home=") && !named:
			p.homes = append(p.homes, homeLine{p.line, abbr, strings.TrimPrefix(a, "home="), false})
		case strings.HasPrefix(a, "barred=") && !named:
			p.homes = append(p.homes, homeLine{p.line, abbr, strings.TrimPrefix(a, "barred="), true})
		case strings.HasPrefix(a, "coasts=") && !named:
			for _, c := range strings.Split(strings.TrimPrefix(a, "coasts="), ",") {
				cc, ok := rules.ParseCoast(c)
				if !ok {
					return p.errf("unknown coast %q", c)
				}
				info.Coasts = append(info.Coasts, cc)
			}
		case !named:
			info.Name = a
			named = true
		default:
			return p.errf("unexpected %q after the name of %s (aliases follow '=')", a, abbr)
		}
	}
	if !named {
		return p.errf("province %s has no name", abbr)
	}
	p.provs[abbr] = p.b.AddProvince(info)
	return nil
}

func (p *parser) borderLine(typ string, args []string) error {
	if len(args) < 2 || !strings.HasSuffix(args[0], ":") {
		return p.errf("%s takes a location, a colon and its neighbours", typ)
	}
	from := strings.TrimSuffix(args[0], ":")
	for _, to := range args[1:] {
		kind := "normal"
		if i := strings.IndexByte(to, '['); i >= 0 && strings.HasSuffix(to, "]") {
			to, kind = to[:i], to[i+1:len(to)-1]
		}
		p.borders = append(p.borders, border{line: p.line, from: from, to: to,
			army: typ != "fleet", fleet: typ != "army", kind: kind})
	}
	return nil
}

// loc reads "stp" or "stp/nc".
func (p *parser) loc(s string) (rules.Loc, bool) {
	prov, coast, _ := strings.Cut(strings.ToLower(s), "/")
	id, ok := p.provs[prov]
	if !ok {
		return rules.Loc{}, false
	}
	l := rules.Loc{Province: id}
	if coast != "" {
		c, ok := rules.ParseCoast(coast)
		if !ok {
			return l, false
		}
		l.Coast = c
	}
	return l, true
}

func (p *parser) power(name string) (rules.Power, bool) {
	pw, ok := p.powers[strings.ToLower(name)]
	return pw, ok
}

// finish resolves the lines that name what other lines define, wherever
// they stand in the file: first those the map is built from, then, on the
// built map, the starting units and ownership.
func (p *parser) finish() (*rules.Variant, error) {
	if p.v.Name == "" || p.v.Start == nil {
		p.line = 0
		p.fail(errors.New("a variant file needs a name and a start"))
		return nil, p.sortedErrs()
	}
	p.setGates()
	p.setHomes()
	p.addBorders()
	p.addRailways()
	if len(p.errs) > 0 {
		return nil, p.sortedErrs()
	}
	m, err := p.b.Build()
	if err != nil {
		return nil, fmt.Errorf("variant %s: %w", p.v.Name, err)
	}
	p.v.Map = m
	p.v.Description = strings.Join(p.desc, "\n")
	start := rules.NewPosition(m, p.v.Start.Phase)
	p.placeUnits(m, start)
	p.setOwners(m, start)
	if len(p.errs) > 0 {
		return nil, p.sortedErrs()
	}
	p.v.Start = start
	return p.v, nil
}

// setGates gives each kind's gate= province to the builder.
func (p *parser) setGates() {
	for _, g := range p.gates {
		p.line = g.line
		prov, ok := p.provs[g.prov]
		if !ok {
			p.fail(p.errf("unknown province %q", g.prov))
			continue
		}
		p.b.SetGate(g.kind, prov)
	}
}

// setHomes gives the builder the provinces' home= and barred= powers.
func (p *parser) setHomes() {
	for _, h := range p.homes {
		p.line = h.line
		prov, ok := p.provs[h.prov]
		if !ok {
			p.fail(p.errf("unknown province %q", h.prov))
			continue
		}
		pw, ok := p.power(h.power)
		if !ok {
			p.fail(p.errf("unknown power %q", h.power))
			continue
		}
		if h.barred {
			p.b.SetBarred(prov, pw)
		} else {
			p.b.SetHome(prov, pw)
		}
	}
}

// addBorders adds the border lines: an army border between the two
// provinces, a fleet border between the two locations, or both.
func (p *parser) addBorders() {
	for _, b := range p.borders {
		p.line = b.line
		from, ok1 := p.loc(b.from)
		to, ok2 := p.loc(b.to)
		if !ok1 || !ok2 {
			p.fail(p.errf("unknown location in border %s-%s", b.from, b.to))
			continue
		}
		kind, ok := p.kinds[b.kind]
		if !ok {
			p.fail(p.errf("unknown border kind %q", b.kind))
			continue
		}
		armyFrom, armyTo := rules.At(from.Province), rules.At(to.Province)
		if b.army {
			p.b.AddBorder(armyFrom, armyTo, true, false, kind)
		}
		if b.fleet {
			p.b.AddBorder(from, to, false, true, kind)
		}
	}
}

// addRailways adds each railway line, its power's, station by station.
func (p *parser) addRailways() {
	for _, rl := range p.rails {
		p.line = rl.line
		pw, ok := p.power(rl.power)
		if !ok {
			p.fail(p.errf("unknown power %q", rl.power))
			continue
		}
		var line []rules.Province
		for _, s := range rl.stations {
			prov, ok := p.provs[strings.ToLower(s)]
			if !ok {
				p.fail(p.errf("unknown province %q in railway %s", s, rl.name))
				continue
			}
			line = append(line, prov)
		}
		p.b.AddRailway(rl.name, pw, line)
	}
}

// placeUnits places the starting units on map m, one a province, each
// where its type may stand.
func (p *parser) placeUnits(m *rules.Map, start *rules.Position) {
	for _, u := range p.units {
		p.line = u.line
		pw, ok := p.power(u.power)
		if !ok {
			p.fail(p.errf("unknown power %q", u.power))
			continue
		}
		t, ok := unitType(u.typ)
		if !ok {
			p.fail(p.errf("unit type must be A or F, not %q", u.typ))
			continue
		}
		l, ok := p.loc(u.where)
		if !ok || !m.CanOccupy(t, l) {
			p.fail(p.errf("%s cannot stand in %q", t, u.where))
			continue
		}
		if start.Units[l.Province].Type != rules.NoUnit {
			p.fail(p.errf("two units in %s", u.where))
			continue
		}
		start.Place(pw, t, l)
	}
}

// unitType reads a unit line's type, A or F in either case.
func unitType(s string) (rules.UnitType, bool) {
	switch strings.ToUpper(s) {
	case "A":
		return rules.Army, true
	case "F":
		return rules.Fleet, true
	}
	return rules.NoUnit, false
}

// setOwners gives the owns lines' supply centres to their powers.
func (p *parser) setOwners(m *rules.Map, start *rules.Position) {
	for _, o := range p.owns {
		p.line = o.line
		pw, ok := p.power(o.power)
		if !ok {
			p.fail(p.errf("unknown power %q", o.power))
			continue
		}
		for _, s := range o.provs {
			prov, ok := p.provs[strings.ToLower(s)]
			if !ok || !m.Provinces[prov].SupplyCenter {
				p.fail(p.errf("%q is not a supply centre", s))
				continue
			}
			start.Owner[prov] = pw
		}
	}
}
