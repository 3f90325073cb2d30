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
	pr := &Proof{Links: len(b.Links)}
	bad := func(format string, args ...any) { pr.Problems = append(pr.Problems, fmt.Sprintf(format, args...)) }
	ids := map[string]rules.Province{}
	for i := range m.Provinces {
		ids[m.Provinces[i].Abbr] = rules.Province(i)
	}
	for _, id := range b.Order {
		if _, ok := ids[id]; !ok {
			bad("%s is drawn but is no province of the map", id)
		}
	}
	for i := range m.Provinces {
		if b.Provinces[m.Provinces[i].Abbr] == nil {
			bad("%s is not drawn", m.Provinces[i].Abbr)
		}
	}

	// Every segment of every outline, and who draws it.
	segOwners := map[segKey][]string{}
	vertexOwners := map[pkey][]string{}
	addRings := func(id string, rings [][]Point) {
		for _, r := range rings {
			for i := range r {
				p, q := r[i], r[(i+1)%len(r)]
				k := segOf(p, q)
				segOwners[k] = append(segOwners[k], id)
				vertexOwners[keyPt(p)] = appendOnce(vertexOwners[keyPt(p)], id)
			}
		}
	}
	for _, id := range b.Order {
		addRings(id, b.Provinces[id].Rings)
	}
	for _, r := range b.Regions {
		addRings("region:"+r.ID, r.Rings)
	}
	shared := map[[2]string]float64{}
	sharedSegs := map[[2]string][]segKey{}
	for k, ow := range segOwners {
		if len(ow) > 2 {
			bad("the edge %v-%v is drawn by %d shapes (%s)", k.a, k.b, len(ow), strings.Join(ow, " "))
			continue
		}
		if len(ow) != 2 || ow[0] == ow[1] {
			continue
		}
		pair := sortedPair(ow[0], ow[1])
		dx, dy := float64(k.a.x-k.b.x)/10, float64(k.a.y-k.b.y)/10
		shared[pair] += math.Hypot(dx, dy)
		sharedSegs[pair] = append(sharedSegs[pair], k)
	}
	terrain := func(id string) rules.Terrain {
		if p, ok := ids[id]; ok {
			return m.Provinces[p].Terrain
		}
		return 255
	}
	usable := func(id string) bool {
		p, ok := ids[id]
		return ok && !m.Provinces[p].Impassable
	}

	// Which coast line each segment of a multi-coast province belongs to.
	coastOfSeg := map[segKey]string{}
	coastVertex := map[pkey][]string{}
	for id, c := range b.Coasts {
		for _, line := range c.Lines {
			for i := 0; i+1 < len(line); i++ {
				coastOfSeg[segOf(line[i], line[i+1])] = id
			}
			for _, p := range line {
				coastVertex[keyPt(p)] = appendOnce(coastVertex[keyPt(p)], id)
			}
		}
	}
	drawnArmy := map[[2]string]bool{}
	drawnFleet := map[[2]string]bool{}
	pairs := make([][2]string, 0, len(shared))
	for pair := range shared {
		pairs = append(pairs, pair)
	}
	sort.Slice(pairs, func(i, j int) bool {
		return pairs[i][0] < pairs[j][0] || pairs[i][0] == pairs[j][0] && pairs[i][1] < pairs[j][1]
	})
	for _, pair := range pairs {
		a, c := pair[0], pair[1]
		if !usable(a) || !usable(c) {
			continue
		}
		length := shared[pair]
		if length < MinBorder {
			bad("%s-%s share %.1f px of border: too short to read either way (draw at least %g px, or none)", a, c, length, MinBorder)
			continue
		}
		ta, tc := terrain(a), terrain(c)
		switch {
		case ta != rules.Sea && tc != rules.Sea:
			drawnArmy[pair] = true
		case ta == rules.Sea && tc == rules.Sea:
			drawnFleet[pair] = true
		default:
			sea, land := a, c
			if tc == rules.Sea {
				sea, land = c, a
			}
			if !m.HasCoasts(ids[land]) {
				drawnFleet[sortedPair(sea, land)] = true
				continue
			}
			// A multi-coast province touches the sea along its coasts' lines.
			per := map[string]float64{}
			for _, k := range sharedSegs[pair] {
				cid, ok := coastOfSeg[k]
				if !ok {
					bad("%s's border with %s is on no coast line of %s", land, sea, land)
					break
				}
				per[cid] += segLen(k)
			}
			for cid, l := range per {
				if l >= MinBorder {
					drawnFleet[sortedPair(sea, cid)] = true
				}
			}
		}
	}
	// Coast to coast: a shared land edge that ends where a sea both touch
	// meets it.
	for pair := range drawnArmy {
		a, c := pair[0], pair[1]
		if terrain(a) != rules.Coastal || terrain(c) != rules.Coastal {
			continue
		}
		for _, k := range sharedSegs[pair] {
			for _, v := range []pkey{k.a, k.b} {
				for _, s := range vertexOwners[v] {
					if terrain(s) != rules.Sea || !usable(s) {
						continue
					}
					la := touchingLoc(a, s, v, ids, m, drawnFleet, coastVertex)
					lc := touchingLoc(c, s, v, ids, m, drawnFleet, coastVertex)
					if la != "" && lc != "" {
						drawnFleet[sortedPair(la, lc)] = true
					}
				}
			}
		}
	}

	linked := map[[2]string]bool{}
	for _, k := range b.Links {
		pa, okA := ids[k.A]
		pc, okC := ids[k.B]
		if !okA || !okC {
			bad("link %s-%s names no province", k.A, k.B)
			continue
		}
		if !provincesBorder(m, pa, pc) {
			bad("link %s-%s is no rules border", k.A, k.B)
		}
		linked[sortedPair(k.A, k.B)] = true
	}

	// Railways: each of the rules' lines drawn once, station by station in
	// its order, and nothing else.
	drawnRail := map[string]bool{}
	for _, rw := range b.Railways {
		if drawnRail[rw.Name] {
			bad("railway %s drawn twice", rw.Name)
		}
		drawnRail[rw.Name] = true
	}
	ruleRail := map[string]bool{}
	for _, w := range m.Railways() {
		ruleRail[w.Name] = true
		var want []string
		for _, p := range w.Line {
			want = append(want, m.Provinces[p].Abbr)
		}
		found := false
		for _, rw := range b.Railways {
			if rw.Name == w.Name {
				found = true
				if strings.Join(rw.Stations, " ") != strings.Join(want, " ") {
					bad("railway %s drawn through %s, not %s", w.Name, strings.Join(rw.Stations, " "), strings.Join(want, " "))
				}
			}
		}
		if !found {
			bad("railway %s not drawn", w.Name)
		}
	}
	for _, rw := range b.Railways {
		if !ruleRail[rw.Name] {
			bad("railway %s is no railway of the rules", rw.Name)
		}
	}
	pr.Railways = len(b.Railways)

	// The rules' borders.
	rulesArmy := map[[2]string]bool{}
	rulesFleet := map[[2]string]bool{}
	for _, e := range m.Borders() {
		a, c := m.Provinces[e.From.Province].Abbr, m.Provinces[e.To.Province].Abbr
		if e.Army {
			rulesArmy[sortedPair(a, c)] = true
		}
		if e.Fleet {
			rulesFleet[sortedPair(locString(m, e.From), locString(m, e.To))] = true
		}
	}
	pr.Borders = len(rulesArmy) + len(rulesFleet)
	provOf := func(loc string) string { p, _, _ := strings.Cut(loc, "/"); return p }
	for _, pair := range sortedPairs(rulesArmy) {
		if !drawnArmy[pair] && !linked[pair] {
			bad("missing army border %s-%s", pair[0], pair[1])
		}
	}
	for _, pair := range sortedPairs(drawnArmy) {
		if !rulesArmy[pair] {
			bad("extra army border %s-%s", pair[0], pair[1])
		}
	}
	for _, pair := range sortedPairs(rulesFleet) {
		if !drawnFleet[pair] && !linked[sortedPair(provOf(pair[0]), provOf(pair[1]))] {
			bad("missing fleet border %s-%s", pair[0], pair[1])
		}
	}
	for _, pair := range sortedPairs(drawnFleet) {
		if !rulesFleet[pair] {
			bad("extra fleet border %s-%s", pair[0], pair[1])
		}
	}

	// One shape each, and the points inside.
	for _, id := range b.Order {
		s := b.Provinces[id]
		if n := outerRings(s.Rings); n != 1 && !islands[id] {
			bad("%s is %d shapes (list it in the layout's islands if the board means it)", id, n)
		}
		if !insideShape(s.Rings, s.Label) {
			bad("the label point of %s is outside it", id)
		}
		if !insideShape(s.Rings, s.Unit) {
			bad("the unit point of %s is outside it", id)
		}
		p, ok := ids[id]
		if ok && m.Provinces[p].SupplyCenter != s.HasCentre {
			bad("%s: supply centre %v, centre marker %v", id, m.Provinces[p].SupplyCenter, s.HasCentre)
		}
		if s.HasCentre && !insideShape(s.Rings, s.Centre) {
			bad("the centre marker of %s is outside it", id)
		}
	}
	for i := range m.Provinces {
		for _, c := range m.Provinces[i].Coasts {
			id := m.Provinces[i].Abbr + "/" + c.String()
			cl := b.Coasts[id]
			s := b.Provinces[m.Provinces[i].Abbr]
			if cl == nil || s == nil {
				bad("coast %s is not drawn", id)
				continue
			}
			if !insideShape(s.Rings, cl.Unit) {
				bad("the unit point of %s is outside %s", id, s.ID)
			}
			if !insideShape(s.Rings, cl.Label) {
				bad("the label point of %s is outside %s", id, s.ID)
			}
		}
	}
	labelled := map[string]bool{}
	for i, l := range b.Labels {
		labelled[l.For] = true
		x0, y0, x1, y1 := l.Box()
		for _, o := range b.Labels[i+1:] {
			ox0, oy0, ox1, oy1 := o.Box()
			if x0 < ox1 && ox0 < x1 && y0 < oy1 && oy0 < y1 {
				bad("the labels of %s and %s overlap", l.For, o.For)
			}
		}
	}
	for _, id := range b.Order {
		if !labelled[id] {
			bad("%s has no label", id)
		}
	}
	for id := range b.Coasts {
		if !labelled[id] {
			bad("%s has no label", id)
		}
	}
	sort.Strings(pr.Problems)
	return pr
}

// touchingLoc returns the location of province id that touches sea s at
// vertex v ("spa/nc" for a coast whose line reaches v), or "".
func touchingLoc(id, s string, v pkey, ids map[string]rules.Province, m *rules.Map, fleet map[[2]string]bool, coastVertex map[pkey][]string) string {
	if !m.HasCoasts(ids[id]) {
		if fleet[sortedPair(id, s)] {
			return id
		}
		return ""
	}
	for _, c := range coastVertex[v] {
		if strings.HasPrefix(c, id+"/") && fleet[sortedPair(c, s)] {
			return c
		}
	}
	return ""
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
