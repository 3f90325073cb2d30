package maps

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"github.com/chancery/chancery/rules"
)

// MinBorder is the shortest shared edge, in SVG pixels, that counts as a
// border. A shared edge shorter than this but longer than nothing is too
// short to read either way, and the proof reports it.
const MinBorder = 4.0

// Proof is the outcome of comparing a drawn board with its rules.
type Proof struct {
	// Problems name every disagreement, one a line, sorted.
	Problems []string
	// Borders is the number of rules borders checked (army borders between
	// provinces, fleet borders between locations, each counted once).
	Borders int
	// Links is the number of marked links.
	Links int
	// Railways is the number of railway lines drawn.
	Railways int
}

// ProveSVG reads a board's SVG and proves it against the map; see Prove.
func ProveSVG(r io.Reader, m *rules.Map, islands map[string]bool) ([]string, error) {
	b, err := ReadBoard(r)
	if err != nil {
		return nil, err
	}
	return Prove(b, m, islands).Problems, nil
}

type pkey struct{ x, y int64 }

func keyPt(p Point) pkey { return pkey{int64(math.Round(p.X * 10)), int64(math.Round(p.Y * 10))} }

type segKey struct{ a, b pkey }

func segOf(p, q Point) segKey {
	a, b := keyPt(p), keyPt(q)
	if b.x < a.x || (b.x == a.x && b.y < a.y) {
		a, b = b, a
	}
	return segKey{a, b}
}

// Prove compares the board's geometry with the rules' graph: the borders
// read back from shared edges must be exactly the rules' borders (see
// docs/maps.md, "The proof"). Provinces in islands may be several shapes.
func Prove(b *Board, m *rules.Map, islands map[string]bool) *Proof {
	p := newProver(b, m, islands)
	p.provincesDrawn()
	p.segments()
	p.crossings()
	p.sharedEdges()
	p.coastLines()
	p.bordersDrawn()
	p.coastToCoast()
	p.links()
	p.railways()
	p.compareBorders()
	p.shapes()
	p.coastPoints()
	p.labels()
	sort.Strings(p.pr.Problems)
	return p.pr
}

// prover holds what the proof reads from a board, step by step: each step
// fills a field the later ones read.
type prover struct {
	b       *Board
	m       *rules.Map
	islands map[string]bool
	pr      *Proof
	ids     map[string]rules.Province

	// Every segment of every outline, and who draws it.
	segOwners    map[segKey][]string
	vertexOwners map[pkey][]string
	// The length and the segments of the edge each pair of shapes shares.
	shared     map[[2]string]float64
	sharedSegs map[[2]string][]segKey
	// Which coast line each segment of a multi-coast province belongs to,
	// and the coasts whose lines reach each vertex.
	coastOfSeg  map[segKey]string
	coastVertex map[pkey][]string
	// The borders the board draws: army borders between provinces, fleet
	// borders between locations ("spa/nc").
	drawnArmy, drawnFleet map[[2]string]bool
	// The pairs of provinces a marked link joins.
	linked map[[2]string]bool
}

func newProver(b *Board, m *rules.Map, islands map[string]bool) *prover {
	p := &prover{b: b, m: m, islands: islands, pr: &Proof{Links: len(b.Links)}, ids: map[string]rules.Province{}}
	for i := range m.Provinces {
		p.ids[m.Provinces[i].Abbr] = rules.Province(i)
	}
	return p
}

func (p *prover) bad(format string, args ...any) {
	p.pr.Problems = append(p.pr.Problems, fmt.Sprintf(format, args...))
}

// terrain is the terrain of the province id, or 255 for a region or a
// shape that is no province.
func (p *prover) terrain(id string) rules.Terrain {
	if pv, ok := p.ids[id]; ok {
		return p.m.Provinces[pv].Terrain
	}
	return 255
}

// usable reports whether id is a province a unit may enter.
func (p *prover) usable(id string) bool {
	pv, ok := p.ids[id]
	return ok && !p.m.Provinces[pv].Impassable
}

// provincesDrawn checks every shape is a province and every province is
// drawn.
func (p *prover) provincesDrawn() {
	for _, id := range p.b.Order {
		if _, ok := p.ids[id]; !ok {
			p.bad("%s is drawn but is no province of the map", id)
		}
	}
	for i := range p.m.Provinces {
		if p.b.Provinces[p.m.Provinces[i].Abbr] == nil {
			p.bad("%s is not drawn", p.m.Provinces[i].Abbr)
		}
	}
}

// segments records every segment and vertex of every outline, provinces'
// and regions', with the shapes that draw it.
func (p *prover) segments() {
	p.segOwners = map[segKey][]string{}
	p.vertexOwners = map[pkey][]string{}
	for _, id := range p.b.Order {
		p.addRings(id, p.b.Provinces[id].Rings)
	}
	for _, r := range p.b.Regions {
		p.addRings("region:"+r.ID, r.Rings)
	}
}

func (p *prover) addRings(id string, rings [][]Point) {
	for _, r := range rings {
		for i := range r {
			a, c := r[i], r[(i+1)%len(r)]
			k := segOf(a, c)
			p.segOwners[k] = append(p.segOwners[k], id)
			p.vertexOwners[keyPt(a)] = appendOnce(p.vertexOwners[keyPt(a)], id)
		}
	}
}

// crossings checks no two segments of the outlines cross: a crossing is
// an overlap, or a ring folded over itself, that shared edges alone
// would not show.
func (p *prover) crossings() {
	const bucket = 16.0
	segs := make([]segKey, 0, len(p.segOwners))
	for k := range p.segOwners {
		segs = append(segs, k)
	}
	sort.Slice(segs, func(i, j int) bool {
		a, b := segs[i], segs[j]
		if a.a != b.a {
			return a.a.x < b.a.x || a.a.x == b.a.x && a.a.y < b.a.y
		}
		return a.b.x < b.b.x || a.b.x == b.b.x && a.b.y < b.b.y
	})
	pt := func(k pkey) Point { return Point{float64(k.x) / 10, float64(k.y) / 10} }
	// Each segment's first bucket; a pair is tested only in the first
	// bucket both lie in.
	first := make([][2]int, len(segs))
	grid := map[[2]int][]int{}
	for i, k := range segs {
		a, b := pt(k.a), pt(k.b)
		x0, x1 := int(math.Floor(math.Min(a.X, b.X)/bucket)), int(math.Floor(math.Max(a.X, b.X)/bucket))
		y0, y1 := int(math.Floor(math.Min(a.Y, b.Y)/bucket)), int(math.Floor(math.Max(a.Y, b.Y)/bucket))
		first[i] = [2]int{x0, y0}
		for x := x0; x <= x1; x++ {
			for y := y0; y <= y1; y++ {
				grid[[2]int{x, y}] = append(grid[[2]int{x, y}], i)
			}
		}
	}
	reported := map[[2]string]bool{}
	cells := make([][2]int, 0, len(grid))
	for c := range grid {
		cells = append(cells, c)
	}
	sort.Slice(cells, func(i, j int) bool {
		return cells[i][0] < cells[j][0] || cells[i][0] == cells[j][0] && cells[i][1] < cells[j][1]
	})
	for _, c := range cells {
		list := grid[c]
		for i, si := range list {
			for _, sj := range list[i+1:] {
				if max(first[si][0], first[sj][0]) != c[0] || max(first[si][1], first[sj][1]) != c[1] {
					continue
				}
				a, b := segs[si], segs[sj]
				if !segmentsCross(pt(a.a), pt(a.b), pt(b.a), pt(b.b)) {
					continue
				}
				pair := sortedPair(p.segOwners[a][0], p.segOwners[b][0])
				if !reported[pair] {
					reported[pair] = true
					q := pt(a.a)
					p.bad("the outlines of %s and %s cross near %.0f %.0f", pair[0], pair[1], q.X, q.Y)
				}
			}
		}
	}
}

// sharedEdges sums, for each pair of shapes, the segments both draw. A
// segment drawn by more than two shapes is a problem.
func (p *prover) sharedEdges() {
	p.shared = map[[2]string]float64{}
	p.sharedSegs = map[[2]string][]segKey{}
	for k, ow := range p.segOwners {
		if len(ow) > 2 {
			p.bad("the edge %v-%v is drawn by %d shapes (%s)", k.a, k.b, len(ow), strings.Join(ow, " "))
			continue
		}
		if len(ow) != 2 || ow[0] == ow[1] {
			continue
		}
		pair := sortedPair(ow[0], ow[1])
		dx, dy := float64(k.a.x-k.b.x)/10, float64(k.a.y-k.b.y)/10
		p.shared[pair] += math.Hypot(dx, dy)
		p.sharedSegs[pair] = append(p.sharedSegs[pair], k)
	}
}

// coastLines records which coast each segment of a coast's line belongs
// to, and which coasts reach each vertex.
func (p *prover) coastLines() {
	p.coastOfSeg = map[segKey]string{}
	p.coastVertex = map[pkey][]string{}
	for id, c := range p.b.Coasts {
		for _, line := range c.Lines {
			for i := 0; i+1 < len(line); i++ {
				p.coastOfSeg[segOf(line[i], line[i+1])] = id
			}
			for _, pt := range line {
				p.coastVertex[keyPt(pt)] = appendOnce(p.coastVertex[keyPt(pt)], id)
			}
		}
	}
}

// bordersDrawn reads the army and fleet borders from the shared edges
// long enough to read: land to land is an army border, sea to sea or sea
// to a coast a fleet border.
func (p *prover) bordersDrawn() {
	p.drawnArmy = map[[2]string]bool{}
	p.drawnFleet = map[[2]string]bool{}
	pairs := make([][2]string, 0, len(p.shared))
	for pair := range p.shared {
		pairs = append(pairs, pair)
	}
	sort.Slice(pairs, func(i, j int) bool {
		return pairs[i][0] < pairs[j][0] || pairs[i][0] == pairs[j][0] && pairs[i][1] < pairs[j][1]
	})
	for _, pair := range pairs {
		a, c := pair[0], pair[1]
		if !p.usable(a) || !p.usable(c) {
			continue
		}
		length := p.shared[pair]
		if length < MinBorder {
			p.bad("%s-%s share %.1f px of border: too short to read either way (draw at least %g px, or none)", a, c, length, MinBorder)
			continue
		}
		ta, tc := p.terrain(a), p.terrain(c)
		switch {
		case ta != rules.Sea && tc != rules.Sea:
			p.drawnArmy[pair] = true
		case ta == rules.Sea && tc == rules.Sea:
			p.drawnFleet[pair] = true
		default:
			sea, land := a, c
			if tc == rules.Sea {
				sea, land = c, a
			}
			p.seaBorder(pair, sea, land)
		}
	}
}

// seaBorder records the fleet border the shared edge pair draws between a
// sea and a land province: to the province itself, or, for a multi-coast
// province, to each coast whose line runs long enough along the edge.
func (p *prover) seaBorder(pair [2]string, sea, land string) {
	if !p.m.HasCoasts(p.ids[land]) {
		p.drawnFleet[sortedPair(sea, land)] = true
		return
	}
	per := map[string]float64{}
	for _, k := range p.sharedSegs[pair] {
		cid, ok := p.coastOfSeg[k]
		if !ok {
			p.bad("%s's border with %s is on no coast line of %s", land, sea, land)
			break
		}
		per[cid] += segLen(k)
	}
	for cid, l := range per {
		if l >= MinBorder {
			p.drawnFleet[sortedPair(sea, cid)] = true
		}
	}
}

// coastToCoast adds the fleet borders along the coast: a shared land edge
// that ends where a sea both touch meets it.
func (p *prover) coastToCoast() {
	for pair := range p.drawnArmy {
		a, c := pair[0], pair[1]
		if p.terrain(a) != rules.Coastal || p.terrain(c) != rules.Coastal {
			continue
		}
		for _, k := range p.sharedSegs[pair] {
			for _, v := range []pkey{k.a, k.b} {
				for _, s := range p.vertexOwners[v] {
					if p.terrain(s) != rules.Sea || !p.usable(s) {
						continue
					}
					la := p.touchingLoc(a, s, v)
					lc := p.touchingLoc(c, s, v)
					if la != "" && lc != "" {
						p.drawnFleet[sortedPair(la, lc)] = true
					}
				}
			}
		}
	}
}

// touchingLoc returns the location of province id that touches sea s at
// vertex v ("spa/nc" for a coast whose line reaches v), or "".
func (p *prover) touchingLoc(id, s string, v pkey) string {
	if !p.m.HasCoasts(p.ids[id]) {
		if p.drawnFleet[sortedPair(id, s)] {
			return id
		}
		return ""
	}
	for _, c := range p.coastVertex[v] {
		if strings.HasPrefix(c, id+"/") && p.drawnFleet[sortedPair(c, s)] {
			return c
		}
	}
	return ""
}

// links checks each marked link joins two provinces the rules border.
func (p *prover) links() {
	p.linked = map[[2]string]bool{}
	for _, k := range p.b.Links {
		pa, okA := p.ids[k.A]
		pc, okC := p.ids[k.B]
		if !okA || !okC {
			p.bad("link %s-%s names no province", k.A, k.B)
			continue
		}
		if !provincesBorder(p.m, pa, pc) {
			p.bad("link %s-%s is no rules border", k.A, k.B)
		}
		p.linked[sortedPair(k.A, k.B)] = true
	}
}

// railways checks each of the rules' lines is drawn once, station by
// station in its order, and nothing else.
func (p *prover) railways() {
	drawnRail := map[string]bool{}
	for _, rw := range p.b.Railways {
		if drawnRail[rw.Name] {
			p.bad("railway %s drawn twice", rw.Name)
		}
		drawnRail[rw.Name] = true
	}
	ruleRail := map[string]bool{}
	for _, w := range p.m.Railways() {
		ruleRail[w.Name] = true
		p.railwayDrawn(w)
	}
	for _, rw := range p.b.Railways {
		if !ruleRail[rw.Name] {
			p.bad("railway %s is no railway of the rules", rw.Name)
		}
	}
	p.pr.Railways = len(p.b.Railways)
}

// railwayDrawn checks the rules' railway w is drawn through its stations.
func (p *prover) railwayDrawn(w rules.RailwayLine) {
	var want []string
	for _, pv := range w.Line {
		want = append(want, p.m.Provinces[pv].Abbr)
	}
	found := false
	for _, rw := range p.b.Railways {
		if rw.Name == w.Name {
			found = true
			if strings.Join(rw.Stations, " ") != strings.Join(want, " ") {
				p.bad("railway %s drawn through %s, not %s", w.Name, strings.Join(rw.Stations, " "), strings.Join(want, " "))
			}
		}
	}
	if !found {
		p.bad("railway %s not drawn", w.Name)
	}
}

// compareBorders compares the borders drawn with the rules' borders; a
// marked link stands for a rules border the shapes do not draw.
func (p *prover) compareBorders() {
	rulesArmy := map[[2]string]bool{}
	rulesFleet := map[[2]string]bool{}
	for _, e := range p.m.Borders() {
		a, c := p.m.Provinces[e.From.Province].Abbr, p.m.Provinces[e.To.Province].Abbr
		if e.Army {
			rulesArmy[sortedPair(a, c)] = true
		}
		if e.Fleet {
			rulesFleet[sortedPair(locString(p.m, e.From), locString(p.m, e.To))] = true
		}
	}
	p.pr.Borders = len(rulesArmy) + len(rulesFleet)
	provOf := func(loc string) string { pv, _, _ := strings.Cut(loc, "/"); return pv }
	for _, pair := range sortedPairs(rulesArmy) {
		if !p.drawnArmy[pair] && !p.linked[pair] {
			p.bad("missing army border %s-%s", pair[0], pair[1])
		}
	}
	for _, pair := range sortedPairs(p.drawnArmy) {
		if !rulesArmy[pair] {
			p.bad("extra army border %s-%s", pair[0], pair[1])
		}
	}
	for _, pair := range sortedPairs(rulesFleet) {
		if !p.drawnFleet[pair] && !p.linked[sortedPair(provOf(pair[0]), provOf(pair[1]))] {
			p.bad("missing fleet border %s-%s", pair[0], pair[1])
		}
	}
	for _, pair := range sortedPairs(p.drawnFleet) {
		if !rulesFleet[pair] {
			p.bad("extra fleet border %s-%s", pair[0], pair[1])
		}
	}
}

// shapes checks one shape each (unless an island), the points inside,
// and a centre marker exactly on the supply centres.
func (p *prover) shapes() {
	for _, id := range p.b.Order {
		s := p.b.Provinces[id]
		if n := outerRings(s.Rings); n != 1 && !p.islands[id] {
			p.bad("%s is %d shapes (list it in the layout's islands if the board means it)", id, n)
		}
		if !insideShape(s.Rings, s.Label) {
			p.bad("the label point of %s is outside it", id)
		}
		if !insideShape(s.Rings, s.Unit) {
			p.bad("the unit point of %s is outside it", id)
		}
		pv, ok := p.ids[id]
		if ok && p.m.Provinces[pv].SupplyCenter != s.HasCentre {
			p.bad("%s: supply centre %v, centre marker %v", id, p.m.Provinces[pv].SupplyCenter, s.HasCentre)
		}
		if s.HasCentre && !insideShape(s.Rings, s.Centre) {
			p.bad("the centre marker of %s is outside it", id)
		}
	}
}

// coastPoints checks every coast of the rules is drawn, its points
// inside its province.
func (p *prover) coastPoints() {
	for i := range p.m.Provinces {
		for _, c := range p.m.Provinces[i].Coasts {
			id := p.m.Provinces[i].Abbr + "/" + c.String()
			cl := p.b.Coasts[id]
			s := p.b.Provinces[p.m.Provinces[i].Abbr]
			if cl == nil || s == nil {
				p.bad("coast %s is not drawn", id)
				continue
			}
			if !insideShape(s.Rings, cl.Unit) {
				p.bad("the unit point of %s is outside %s", id, s.ID)
			}
			if !insideShape(s.Rings, cl.Label) {
				p.bad("the label point of %s is outside %s", id, s.ID)
			}
		}
	}
}

// labels checks every province and coast is labelled and no two labels
// overlap.
func (p *prover) labels() {
	labelled := map[string]bool{}
	for i, l := range p.b.Labels {
		labelled[l.For] = true
		x0, y0, x1, y1 := l.Box()
		for _, o := range p.b.Labels[i+1:] {
			ox0, oy0, ox1, oy1 := o.Box()
			if x0 < ox1 && ox0 < x1 && y0 < oy1 && oy0 < y1 {
				p.bad("the labels of %s and %s overlap", l.For, o.For)
			}
		}
	}
	for _, id := range p.b.Order {
		if !labelled[id] {
			p.bad("%s has no label", id)
		}
	}
	for id := range p.b.Coasts {
		if !labelled[id] {
			p.bad("%s has no label", id)
		}
	}
}

func locString(m *rules.Map, l rules.Loc) string {
	s := m.Provinces[l.Province].Abbr
	if l.Coast != rules.NoCoast {
		s += "/" + l.Coast.String()
	}
	return s
}

func segLen(k segKey) float64 {
	return math.Hypot(float64(k.a.x-k.b.x)/10, float64(k.a.y-k.b.y)/10)
}

func sortedPair(a, b string) [2]string {
	if b < a {
		a, b = b, a
	}
	return [2]string{a, b}
}

func sortedPairs(set map[[2]string]bool) [][2]string {
	out := make([][2]string, 0, len(set))
	for p := range set {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool {
		return out[i][0] < out[j][0] || out[i][0] == out[j][0] && out[i][1] < out[j][1]
	})
	return out
}

func appendOnce(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}

// signedArea is a ring's area, positive when it turns clockwise on screen
// (y down).
func signedArea(r []Point) float64 {
	a := 0.0
	for i := range r {
		p, q := r[i], r[(i+1)%len(r)]
		a += p.X*q.Y - q.X*p.Y
	}
	return a / 2
}

// outerRings counts a shape's outer rings: those turning the same way as
// its largest ring (holes turn the other way).
func outerRings(rings [][]Point) int {
	big, sign := 0.0, 0.0
	for _, r := range rings {
		if a := signedArea(r); math.Abs(a) > big {
			big, sign = math.Abs(a), math.Copysign(1, a)
		}
	}
	n := 0
	for _, r := range rings {
		if signedArea(r)*sign > 0 {
			n++
		}
	}
	return n
}

// insideShape reports whether p lies inside the shape (even-odd rule).
func insideShape(rings [][]Point, p Point) bool {
	in := false
	for _, r := range rings {
		if insideRing(r, p) {
			in = !in
		}
	}
	return in
}
