package rules

import (
	"errors"
	"fmt"
	"sort"
)

// Terrain is what a province is made of, which decides the unit types that
// may stand there.
type Terrain uint8

// The terrains.
const (
	Land    Terrain = iota // armies only
	Coastal                // armies, and fleets on a coast
	Sea                    // fleets only
)

// String returns "land", "coast" or "sea".
func (t Terrain) String() string {
	switch t {
	case Land:
		return "land"
	case Coastal:
		return "coast"
	case Sea:
		return "sea"
	}
	return "?"
}

// ProvinceInfo describes one province of a map.
type ProvinceInfo struct {
	Abbr         string  // canonical abbreviation, lower case ("stp")
	Name         string  // full English name ("St Petersburg")
	Terrain      Terrain // land, coast or sea
	SupplyCenter bool
	Home         Power   // the power that may build here (standard rules), or NoPower
	Coasts       []Coast // the named coasts of a multi-coast province, else empty
	Aliases      []string
	// Convoys marks a space whose fleet may convoy. True for every sea; a
	// variant may set it on a coastal space (1900's Gibraltar).
	Convoys bool
	// Impassable spaces (Switzerland on the standard map) have no borders.
	Impassable bool
	// Barred, unless NoPower, is a power that never owns this supply
	// centre: when its unit stands here after a Fall, the centre becomes
	// nobody's (Colonial's Hong Kong, which China cannot own).
	Barred Power
}

// BorderKind names a kind of border. Kind 0 is the ordinary border; a
// variant declares its special kinds (a cape route, a bridge, a canal) with
// the rules that apply to moves across them.
type BorderKind uint8

// NormalBorder is the ordinary border kind.
const NormalBorder BorderKind = 0

// BorderKindInfo is what a border kind changes in the rules. The zero value
// (apart from the name) is an ordinary border.
type BorderKindInfo struct {
	Name string
	// HalfStrength: a move across the border attacks with half the strength
	// of a unit (1900's cape route); supports still add one each.
	HalfStrength bool
	// NoSupport: a unit may not support into a province across this border.
	NoSupport bool
	// NoCut: a move across the border does not cut the support of the unit
	// it attacks unless it dislodges that unit.
	NoCut bool
	// LosesRetreatTie: when several units retreat to one province and
	// exactly one of them does not cross a border of this kind, that one
	// retreats and the others are disbanded.
	LosesRetreatTie bool
	// NoRetreat: no retreat across the border.
	NoRetreat bool
	// NoConvoy: a convoy route may not use the border.
	NoConvoy bool
	// Gate, unless NoProvince, is the province whose occupier at the start
	// of the turn must permit each move across the border with a Permit
	// order (Colonial's Suez canal). MapBuilder.AddKind sets it to
	// NoProvince; MapBuilder.SetGate sets it.
	Gate Province
}

// Border is one directed border between two locations.
type Border struct {
	From, To Loc
	Army     bool // armies may cross
	Fleet    bool // fleets may cross
	Kind     BorderKind
}

// edge flags stored in the adjacency matrix.
const (
	edgeArmy  uint8 = 1 << 0
	edgeFleet uint8 = 1 << 1
)

// bitset is a set of provinces.
type bitset []uint64

func newBitset(n int) bitset         { return make(bitset, (n+63)/64) }
func (b bitset) has(p Province) bool { return b[p>>6]&(1<<(p&63)) != 0 }
func (b bitset) set(p Province)      { b[p>>6] |= 1 << (p & 63) }

// Map is a map graph: provinces, their coasts, the borders between
// locations (typed by who may cross them and by kind), and the powers.
// Build one with a MapBuilder; after Build it is only read. Its exported
// slices (Provinces, Powers, PowerAliases, BorderKinds) are shared by every
// user of the map, for speed and easy reading: they must not be changed,
// and nothing in this package changes them (TestTheCoreNeverChangesAMap).
type Map struct {
	Provinces []ProvinceInfo
	// Powers lists the powers by id; Powers[0] is "" (NoPower).
	Powers []string
	// PowerAliases lists, by power id, other names players use for it.
	PowerAliases [][]string
	BorderKinds  []BorderKindInfo

	locs      []Loc            // node index -> location
	coastNode [][numCoasts]int // province -> coast -> node (0 when absent)
	edges     []uint8          // n*n matrix of edge flags
	kinds     []BorderKind     // n*n matrix of border kinds
	adj       [][]int          // node -> neighbouring nodes
	// reach[t][node] is the set of provinces a unit of type t at node
	// may support into: those it may move to (any coast) across a border
	// whose kind allows support.
	reach [3][]bitset
	// provAdj[p] lists the provinces bordering p over any border.
	provAdj [][]Province
	// seaList[p] lists the provinces of seaAdj[p], for walking them.
	seaList [][]Province
	// seaAdj[p] is the set of provinces that border p for fleets, over any
	// coast: the graph convoy routes travel.
	seaAdj []bitset
	// railways are the lines of railway moves (railway.go).
	railways []RailwayLine
}

// NumProvinces is the number of provinces.
func (m *Map) NumProvinces() int { return len(m.Provinces) }

// NumPowers is the number of powers, not counting NoPower.
func (m *Map) NumPowers() int { return len(m.Powers) - 1 }

// Province returns the information of province p.
func (m *Map) Province(p Province) *ProvinceInfo { return &m.Provinces[p] }

// PowerName returns the name of power p, or "" for NoPower.
func (m *Map) PowerName(p Power) string {
	if int(p) < len(m.Powers) {
		return m.Powers[p]
	}
	return ""
}

// HasCoasts reports whether p has named coasts.
func (m *Map) HasCoasts(p Province) bool { return len(m.Provinces[p].Coasts) > 0 }

// node returns the graph node of a location, or -1.
func (m *Map) node(l Loc) int {
	if int(l.Province) >= len(m.Provinces) || l.Coast >= numCoasts {
		return -1
	}
	if l.Coast == NoCoast {
		return int(l.Province)
	}
	n := m.coastNode[l.Province][l.Coast]
	if n == 0 {
		return -1
	}
	return n
}

// fleetNode returns the node a fleet at l stands on: the coast when the
// province has coasts, the province otherwise.
func (m *Map) fleetNode(l Loc) int {
	if m.HasCoasts(l.Province) && l.Coast != NoCoast {
		return m.node(l)
	}
	return int(l.Province)
}

// ValidLoc reports whether l names a location of the map.
func (m *Map) ValidLoc(l Loc) bool { return m.node(l) >= 0 }

// CanOccupy reports whether a unit of type t may stand at l.
func (m *Map) CanOccupy(t UnitType, l Loc) bool {
	if m.node(l) < 0 {
		return false
	}
	pi := &m.Provinces[l.Province]
	if pi.Impassable {
		return false
	}
	switch t {
	case Army:
		return pi.Terrain != Sea
	case Fleet:
		if pi.Terrain == Land {
			return false
		}
		if len(pi.Coasts) > 0 {
			return l.Coast != NoCoast
		}
		return l.Coast == NoCoast
	}
	return false
}

// Edge reports whether a unit of type t may move from one location to
// another, and the kind of the border it crosses. Armies ignore coasts.
func (m *Map) Edge(t UnitType, from, to Loc) (ok bool, kind BorderKind) {
	var a, b int
	var flag uint8
	if t == Army {
		a, b, flag = int(from.Province), int(to.Province), edgeArmy
	} else {
		a, b, flag = m.fleetNode(from), m.node(to), edgeFleet
		if a < 0 || b < 0 {
			return false, 0
		}
	}
	i := a*len(m.locs) + b
	return m.edges[i]&flag != 0, m.kinds[i]
}

// BorderKindInfo returns the information of border kind k.
func (m *Map) BorderKindInfo(k BorderKind) *BorderKindInfo { return &m.BorderKinds[k] }

// BorderKindByName returns the border kind with the given name.
func (m *Map) BorderKindByName(name string) (BorderKind, bool) {
	for i := range m.BorderKinds {
		if m.BorderKinds[i].Name == name {
			return BorderKind(i), true
		}
	}
	return 0, false
}

// FleetDest returns the location a fleet at from reaches when ordered to
// province p with coast c. With NoCoast on a multi-coast province it picks
// the only reachable coast, and fails when there are none or two (DATC
// 4.B.1, 4.B.2). With a coast that cannot be reached it fails (4.B.3).
func (m *Map) FleetDest(from Loc, p Province, c Coast) (Loc, bool) {
	if !m.HasCoasts(p) {
		l := Loc{Province: p}
		ok, _ := m.Edge(Fleet, from, l)
		return l, ok
	}
	if c != NoCoast {
		l := Loc{Province: p, Coast: c}
		if m.node(l) < 0 {
			return l, false
		}
		ok, _ := m.Edge(Fleet, from, l)
		return l, ok
	}
	var found Loc
	n := 0
	for _, cc := range m.Provinces[p].Coasts {
		l := Loc{Province: p, Coast: cc}
		if ok, _ := m.Edge(Fleet, from, l); ok {
			found = l
			n++
		}
	}
	return found, n == 1
}

// CanSupportInto reports whether a unit of type t at from may support a
// hold in, or a move to, province p: it must be able to move to some
// location of p (DATC: a fleet may support into a coast it cannot reach, as
// long as it reaches the province) across a border that allows support.
func (m *Map) CanSupportInto(t UnitType, from Loc, p Province) bool {
	n := int(from.Province)
	if t == Fleet {
		n = m.fleetNode(from)
	}
	if n < 0 || t > Fleet {
		return false
	}
	return m.reach[t][n].has(p)
}

// Neighbours returns the locations a unit of type t at l may move to, with
// the kind of each border, in map order.
func (m *Map) Neighbours(t UnitType, l Loc) []Border {
	return m.AppendNeighbours(nil, t, l)
}

// AppendNeighbours is Neighbours appending to out, for callers that reuse
// a buffer.
func (m *Map) AppendNeighbours(out []Border, t UnitType, l Loc) []Border {
	a := int(l.Province)
	flag := edgeArmy
	if t == Fleet {
		a, flag = m.fleetNode(l), edgeFleet
	}
	if a < 0 {
		return out
	}
	for _, b := range m.adj[a] {
		i := a*len(m.locs) + b
		if m.edges[i]&flag != 0 {
			out = append(out, Border{From: l, To: m.locs[b], Army: t == Army, Fleet: t == Fleet, Kind: m.kinds[i]})
		}
	}
	return out
}

// Borders returns every directed border of the map, sorted by location.
func (m *Map) Borders() []Border {
	var out []Border
	for a := range m.locs {
		for _, b := range m.adj[a] {
			i := a*len(m.locs) + b
			f := m.edges[i]
			out = append(out, Border{From: m.locs[a], To: m.locs[b],
				Army: f&edgeArmy != 0, Fleet: f&edgeFleet != 0, Kind: m.kinds[i]})
		}
	}
	return out
}

// SeaNeighbours reports whether fleets may cross between p and q by any
// coast: the step of a convoy route.
func (m *Map) SeaNeighbours(p, q Province) bool { return m.seaAdj[p].has(q) }

// MapBuilder assembles a Map. Add powers, kinds and provinces first, then
// borders, then call Build.
type MapBuilder struct {
	m    Map
	errs []error
	bord []Border
}

// NewMapBuilder returns an empty builder.
func NewMapBuilder() *MapBuilder {
	return &MapBuilder{m: Map{Powers: []string{""}, BorderKinds: []BorderKindInfo{{Name: "normal", Gate: NoProvince}}}}
}

// AddPower adds a power and returns its id.
func (b *MapBuilder) AddPower(name string) Power {
	b.m.Powers = append(b.m.Powers, name)
	return Power(len(b.m.Powers) - 1)
}

// SetPowerAliases records other names for a power.
func (b *MapBuilder) SetPowerAliases(p Power, aliases []string) {
	for len(b.m.PowerAliases) <= int(p) {
		b.m.PowerAliases = append(b.m.PowerAliases, nil)
	}
	b.m.PowerAliases[p] = append([]string(nil), aliases...)
}

// AddBorderKind declares a border kind and returns its id.
func (b *MapBuilder) AddBorderKind(k BorderKindInfo) BorderKind {
	k.Gate = NoProvince
	b.m.BorderKinds = append(b.m.BorderKinds, k)
	return BorderKind(len(b.m.BorderKinds) - 1)
}

// AddProvince adds a province and returns its id.
func (b *MapBuilder) AddProvince(p ProvinceInfo) Province {
	if p.Terrain == Sea {
		p.Convoys = true
	}
	b.m.Provinces = append(b.m.Provinces, p)
	return Province(len(b.m.Provinces) - 1)
}

// SetHome makes p a home centre of power.
func (b *MapBuilder) SetHome(p Province, power Power) { b.m.Provinces[p].Home = power }

// SetBarred makes power one that never owns supply centre p (see
// ProvinceInfo.Barred).
func (b *MapBuilder) SetBarred(p Province, power Power) { b.m.Provinces[p].Barred = power }

// AddBorder adds a border in both directions.
func (b *MapBuilder) AddBorder(from, to Loc, army, fleet bool, kind BorderKind) {
	b.bord = append(b.bord,
		Border{From: from, To: to, Army: army, Fleet: fleet, Kind: kind},
		Border{From: to, To: from, Army: army, Fleet: fleet, Kind: kind})
}

// Build checks the borders and returns the map.
func (b *MapBuilder) Build() (*Map, error) {
	m := &b.m
	np := len(m.Provinces)
	m.locs = make([]Loc, np)
	m.coastNode = make([][numCoasts]int, np)
	for i := range m.Provinces {
		m.locs[i] = Loc{Province: Province(i)}
	}
	for i, pi := range m.Provinces {
		if pi.Barred != NoPower && (!pi.SupplyCenter || int(pi.Barred) >= len(m.Powers)) {
			b.errs = append(b.errs, fmt.Errorf("province %s: only a supply centre can bar a known power", pi.Abbr))
		}
		for _, c := range pi.Coasts {
			if c == NoCoast || c >= numCoasts {
				b.errs = append(b.errs, fmt.Errorf("province %s: bad coast %d", pi.Abbr, c))
				continue
			}
			m.coastNode[i][c] = len(m.locs)
			m.locs = append(m.locs, Loc{Province: Province(i), Coast: c})
		}
	}
	n := len(m.locs)
	m.edges = make([]uint8, n*n)
	m.kinds = make([]BorderKind, n*n)
	m.adj = make([][]int, n)
	for _, br := range b.bord {
		if err := b.addBorder(br); err != nil {
			b.errs = append(b.errs, err)
		}
	}
	for a := range m.adj {
		sort.Ints(m.adj[a])
	}
	for t := Army; t <= Fleet; t++ {
		flag := edgeArmy
		if t == Fleet {
			flag = edgeFleet
		}
		m.reach[t] = make([]bitset, n)
		for a := 0; a < n; a++ {
			bs := newBitset(np)
			for _, c := range m.adj[a] {
				if m.edges[a*n+c]&flag != 0 && !m.BorderKinds[m.kinds[a*n+c]].NoSupport {
					bs.set(m.locs[c].Province)
				}
			}
			m.reach[t][a] = bs
		}
	}
	m.seaAdj = make([]bitset, np)
	for p := range m.seaAdj {
		m.seaAdj[p] = newBitset(np)
	}
	m.seaList = make([][]Province, np)
	for a := 0; a < n; a++ {
		for _, c := range m.adj[a] {
			if m.edges[a*n+c]&edgeFleet != 0 && !m.BorderKinds[m.kinds[a*n+c]].NoConvoy {
				pa, pc := m.locs[a].Province, m.locs[c].Province
				if !m.seaAdj[pa].has(pc) {
					m.seaAdj[pa].set(pc)
					m.seaList[pa] = append(m.seaList[pa], pc)
				}
			}
		}
	}
	if err := b.checkRailways(); err != nil {
		b.errs = append(b.errs, err)
	}
	if len(b.errs) > 0 {
		// Every problem at once, so that a map's author fixes them in
		// one pass; each is also reachable with errors.Is and errors.As.
		return nil, errors.Join(b.errs...)
	}
	m.buildProvAdj()
	return m, nil
}

// addBorder checks one directed border and records its edges.
func (b *MapBuilder) addBorder(br Border) error {
	m := &b.m
	pf, pt := m.province(br.From.Province), m.province(br.To.Province)
	if pf == nil || pt == nil {
		return fmt.Errorf("border %v-%v: unknown province", br.From, br.To)
	}
	if int(br.Kind) >= len(m.BorderKinds) {
		return fmt.Errorf("border %s-%s: unknown kind %d", pf.Abbr, pt.Abbr, br.Kind)
	}
	if br.Army {
		if pf.Terrain == Sea || pt.Terrain == Sea {
			return fmt.Errorf("border %s-%s: armies cannot cross to or from a sea", pf.Abbr, pt.Abbr)
		}
		b.addEdge(int(br.From.Province), int(br.To.Province), edgeArmy, br.Kind)
	}
	if br.Fleet {
		fa, fb := m.node(br.From), m.node(br.To)
		if fa < 0 || fb < 0 {
			return fmt.Errorf("border %s-%s: unknown coast", pf.Abbr, pt.Abbr)
		}
		if pf.Terrain == Land || pt.Terrain == Land {
			return fmt.Errorf("border %s-%s: fleets cannot cross to or from land", pf.Abbr, pt.Abbr)
		}
		if (len(pf.Coasts) > 0) != (br.From.Coast != NoCoast) || (len(pt.Coasts) > 0) != (br.To.Coast != NoCoast) {
			return fmt.Errorf("border %s-%s: a fleet border of a multi-coast province must name the coast", pf.Abbr, pt.Abbr)
		}
		b.addEdge(fa, fb, edgeFleet, br.Kind)
	}
	return nil
}

func (m *Map) province(p Province) *ProvinceInfo {
	if int(p) >= len(m.Provinces) {
		return nil
	}
	return &m.Provinces[p]
}

func (b *MapBuilder) addEdge(a, c int, flag uint8, kind BorderKind) {
	m := &b.m
	i := a*len(m.locs) + c
	if m.edges[i] == 0 {
		m.adj[a] = append(m.adj[a], c)
	} else if m.kinds[i] != kind {
		b.errs = append(b.errs, fmt.Errorf("border %s-%s declared with two kinds", m.Provinces[m.locs[a].Province].Abbr, m.Provinces[m.locs[c].Province].Abbr))
	}
	m.edges[i] |= flag
	m.kinds[i] = kind
}

// provinceNeighbours returns the provinces that share a border with p of
// any kind, for armies or fleets, from any coast.
func (m *Map) provinceNeighbours(p Province) []Province { return m.provAdj[p] }

// buildProvAdj lists every province's neighbours over any border.
func (m *Map) buildProvAdj() {
	m.provAdj = make([][]Province, len(m.Provinces))
	for n, l := range m.locs {
		for _, c := range m.adj[n] {
			t := m.locs[c].Province
			dup := false
			for _, x := range m.provAdj[l.Province] {
				dup = dup || x == t
			}
			if !dup {
				m.provAdj[l.Province] = append(m.provAdj[l.Province], t)
			}
		}
	}
}

// SetGate makes p the gate of border kind k: moves across such borders
// need a Permit from the power whose unit stands at p.
func (b *MapBuilder) SetGate(k BorderKind, p Province) { b.m.BorderKinds[k].Gate = p }
