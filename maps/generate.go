package maps

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/chancery/chancery/rules"
)

// Generated is a generated board: the SVG and what the generator noticed
// on the way (anchors it had to move, labels that did not fit).
type Generated struct {
	SVG   []byte
	Notes []string
}

// Generate draws the variant's board from the layout and the land polygons
// (ReadLand's result).
func Generate(l *Layout, v *rules.Variant, land [][]LonLat) (*Generated, error) {
	m := v.Map
	if err := l.Check(m); err != nil {
		return nil, fmt.Errorf("layout of %s: %w", l.Variant, err)
	}
	g := newGrid(l)
	cells := g.rasterize(land)
	for _, o := range l.Overrides {
		g.override(cells, o)
	}
	o := newOwners(m, l.Regions)
	anchors := make([][]LonLat, o.n)
	for i := range m.Provinces {
		anchors[i] = l.Anchors[m.Provinces[i].Abbr]
	}
	for i, r := range l.Regions {
		anchors[len(m.Provinces)+i] = r.Anchors
	}
	p := &partition{g: g, o: o, land: cells}
	p.grow(anchors)

	t := &tracer{w: g.w, h: g.h, owner: func(x, y int) int {
		if x < 0 || y < 0 || x >= g.w || y >= g.h {
			return outside
		}
		return int(p.owner[y*g.w+x])
	}}
	t.trace()
	rings := t.rings()
	W, H := float64(g.w)*g.cell, float64(g.h)*g.cell
	w := identityWarp(2, 2, W, H)
	var notes []string
	if l.Cartogram > 0 {
		w = shapeBoard(l, g, o, p.owner, t, rings, &notes)
		if n := w.folds(); n > 0 {
			notes = append(notes, fmt.Sprintf("the cartogram folds %d cells of its grid", n))
		}
	}
	for i := range t.arcs {
		a := &t.arcs[i]
		a.moved = make([]Point, len(a.pts))
		for j, q := range a.pts {
			a.moved[j] = w.apply(Point{float64(q.x) * g.cell, float64(q.y) * g.cell})
		}
		if l.Cartogram > 0 {
			a.moved = smoothLine(a.moved, a.closed, 3)
		}
	}
	t.simplify(func(a *arc) float64 {
		if a.left >= 0 && a.right >= 0 && o.water[a.left] == o.water[a.right] {
			return l.SimplifyInner * g.cell
		}
		return l.Simplify * g.cell
	})

	dropSpecks(t, rings, 4*g.cell*g.cell)

	owner := p.owner
	if l.Cartogram > 0 {
		owner = rasterOwners(g, t, rings, w)
	}
	pts := &placer{g: g, l: l, m: m, owner: owner, warp: w}
	pts.place()
	pts.relabel(t, rings, 0.06*W)

	gen := &Generated{Notes: append(append(p.notes, notes...), pts.notes...)}
	var buf bytes.Buffer
	if err := writeSVG(&buf, l, v, g, o, t, rings, pts); err != nil {
		return nil, err
	}
	gen.SVG = buf.Bytes()
	return gen, nil
}

// smoothLine takes the staircase out of a traced line (which the
// cartogram magnifies where it stretches the board): passes of a
// three-point moving average, the ends fixed (a closed loop all round),
// so that the neighbours on both sides still share the same line.
func smoothLine(pts []Point, closed bool, passes int) []Point {
	n := len(pts)
	if n < 3 {
		return pts
	}
	cur := append([]Point(nil), pts...)
	next := make([]Point, n)
	for range passes {
		copy(next, cur)
		for i := 1; i < n-1; i++ {
			next[i] = Point{(cur[i-1].X + 2*cur[i].X + cur[i+1].X) / 4, (cur[i-1].Y + 2*cur[i].Y + cur[i+1].Y) / 4}
		}
		if closed {
			// The first and last points are the same vertex.
			q := Point{(cur[n-2].X + 2*cur[0].X + cur[1].X) / 4, (cur[n-2].Y + 2*cur[0].Y + cur[1].Y) / 4}
			next[0], next[n-1] = q, q
		}
		cur, next = next, cur
	}
	return cur
}

// dropSpecks takes out the islands and lakes smaller than minArea square
// pixels once simplified (an arc that closes on itself, a whole ring of
// both its owners), where both owners keep another ring: the cartogram can swell a
// speck the simplification would have flattened into a second shape.
func dropSpecks(t *tracer, rings map[int][]ring, minArea float64) {
	speck := map[int]bool{}
	for i := range t.arcs {
		a := &t.arcs[i]
		loop := a.closed || a.pts[0] == a.pts[len(a.pts)-1]
		if !loop || a.left < 0 || a.right < 0 || len(rings[a.left]) < 2 || len(rings[a.right]) < 2 {
			continue
		}
		if math.Abs(signedArea(a.simple)) < minArea {
			speck[i] = true
		}
	}
	for o, rs := range rings {
		kept := rs[:0]
		for _, r := range rs {
			if len(r) == 1 && speck[r[0].arc] {
				continue
			}
			kept = append(kept, r)
		}
		rings[o] = kept
	}
}

// ReadLand reads world-atlas's TopoJSON land file.
func ReadLand(r io.Reader) ([][]LonLat, error) { return readLand(r) }

// coastOf decides which coast of multi-coast province p an arc between p
// and sea s belongs to: one whose seas include s, the nearest by its
// coast point when several do.
func coastOf(l *Layout, g *grid, m *rules.Map, p, s rules.Province, mid Point) (rules.Coast, bool) {
	best, bestD := rules.NoCoast, math.Inf(1)
	for _, c := range m.Provinces[p].Coasts {
		ok, _ := m.Edge(rules.Fleet, rules.Loc{Province: p, Coast: c}, rules.At(s))
		if !ok {
			continue
		}
		q := g.toPx(l.Coasts[m.Provinces[p].Abbr+"/"+c.String()])
		if d := math.Hypot(q.X-mid.X, q.Y-mid.Y); d < bestD {
			best, bestD = c, d
		}
	}
	return best, best != rules.NoCoast
}

// writeSVG writes the board: the frame and its stylesheet, then shapes,
// coast lines, links, railways, centres and labels, later ones on top.
func writeSVG(w *bytes.Buffer, l *Layout, v *rules.Variant, g *grid, o *owners, t *tracer, rings map[int][]ring, pts *placer) error {
	s := &svgWriter{w: w, l: l, v: v, m: v.Map, g: g, o: o, t: t, rings: rings, pts: pts}
	s.header()
	// Regions and leftovers first, then provinces.
	s.regions()
	s.provinces()
	s.groundNoUnitEnters()
	s.coastLines()
	s.links()
	s.crossingMarks()
	s.railways()
	s.centres()
	s.labels()
	w.WriteString("</svg>\n")
	return nil
}

// svgWriter writes a board's SVG, one kind of element after another, from
// the generator's grid, traced outlines and placed points.
type svgWriter struct {
	w     *bytes.Buffer
	l     *Layout
	v     *rules.Variant
	m     *rules.Map
	g     *grid
	o     *owners
	t     *tracer
	rings map[int][]ring
	pts   *placer
}

// boardStyle is the board's stylesheet.
const boardStyle = `<style>
path{stroke:#4a4a4a;stroke-width:.7;stroke-linejoin:round}
path[data-terrain=sea]{fill:#b9d3e6}
path[data-terrain=land],path[data-terrain=coast]{fill:#efe6cc}
path[data-region]{fill:#d6d2c8;stroke-width:.4}
path[data-terrain=water]{fill:#d3e1ea}
path[data-province]{stroke-width:.8}
path[data-overlay]{stroke:none;pointer-events:none}
path[data-overlay=offboard]{fill:url(#offboard)}
path[data-overlay=mountains]{fill:url(#mountains)}
path[data-overlay=lake]{fill:#d3e1ea}
path[data-coast]{fill:none;stroke:#1f5f8b;stroke-width:2;stroke-dasharray:4 2}
line[data-link]{stroke:#7a3b00;stroke-width:2.5;stroke-dasharray:6 3}
polyline[data-lane]{fill:none;stroke:#1f5f8b;stroke-width:2.5;stroke-dasharray:9 4;stroke-linejoin:round}
text[data-lane-label]{font-style:italic;font-weight:normal;fill:#1f5f8b}
line[data-crossing]{stroke-width:3.5;stroke-dasharray:none;stroke-linecap:round}
polyline[data-railway]{fill:none;stroke:#d95f02;stroke-width:3;stroke-dasharray:10 3;stroke-linejoin:round}
circle[data-centre-for]{fill:#fff;stroke:#333;stroke-width:1}
text{font-family:"DejaVu Sans Mono",monospace;font-weight:bold;text-anchor:middle;dominant-baseline:central;fill:#222}
</style>
`

// line writes the points as one path's subpath: a move, then lines.
func (s *svgWriter) line(sb *strings.Builder, vs []Point) {
	for i, q := range vs {
		x, y := q.X, q.Y
		if i == 0 {
			fmt.Fprintf(sb, "M%s %s", num(x), num(y))
		} else {
			fmt.Fprintf(sb, "L%s %s", num(x), num(y))
		}
	}
}

// pathOf is the path data of a shape's rings, each closed.
func (s *svgWriter) pathOf(rs []ring) string {
	var sb strings.Builder
	for _, r := range rs {
		s.line(&sb, s.t.ringPoints(r))
		sb.WriteString("Z")
	}
	return sb.String()
}

// header writes the svg element, the comment that says where the board
// comes from, the stylesheet and the sea behind everything.
func (s *svgWriter) header() {
	W, H := float64(s.g.w)*s.g.cell, float64(s.g.h)*s.g.cell
	nw, se := s.g.lonLatOfPx(0, 0), s.g.lonLatOfPx(W, H)
	fmt.Fprintf(s.w, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %s %s" width="%s" height="%s" data-variant="%s" data-label-size="%s">`+"\n",
		num(W), num(H), num(W), num(H), s.v.Name, num(s.l.LabelSize))
	fmt.Fprintf(s.w, "<!-- %s, generated by chancery map generate from variants/%s.layout and Natural Earth land polygons (public domain, world-atlas 2.0.2 %s). Frame corners %.2f %.2f (north-west) and %.2f %.2f (south-east). Do not edit: regenerate. -->\n",
		xmlEscape(s.v.Title), s.v.Name, s.l.Source, nw.Lon, nw.Lat, se.Lon, se.Lat)
	s.w.WriteString(boardStyle)
	s.w.WriteString(offBoardPatterns)
	s.w.WriteString(`<rect width="100%" height="100%" fill="#b9d3e6"/>` + "\n")
}

// offBoardPatterns are the hatching of land off the board and the
// mountains of an impassable province, as SVG patterns.
const offBoardPatterns = `<defs><pattern id="offboard" patternUnits="userSpaceOnUse" width="8" height="8" patternTransform="rotate(45)"><path d="M0 4H8" stroke="#8a8478" stroke-width=".6" stroke-opacity=".45"/></pattern>` +
	`<pattern id="mountains" patternUnits="userSpaceOnUse" width="16" height="12"><path d="M2 10L6 4L10 10M9 6L11 3L14 7" fill="none" stroke="#7d7465" stroke-width=".9" stroke-linejoin="round" stroke-opacity=".7"/></pattern></defs>
`

// groundNoUnitEnters shows the ground no unit may enter: land off the
// board (a land region: the Sahara in 1900) hatched, an impassable
// province (Switzerland) with mountains and an impassable water
// (Baikal, the Caspian) as still inland water, each an overlay on its
// shape.
func (s *svgWriter) groundNoUnitEnters() {
	for a := len(s.m.Provinces); a < s.o.n; a++ {
		if len(s.rings[a]) > 0 && !s.o.water[a] && a < len(s.m.Provinces)+len(s.o.regions) {
			fmt.Fprintf(s.w, "<path data-overlay=\"offboard\" d=\"%s\"/>\n", s.pathOf(s.rings[a]))
		}
	}
	for i := range s.m.Provinces {
		if s.m.Provinces[i].Impassable && len(s.rings[i]) > 0 {
			kind := "mountains"
			if s.m.Provinces[i].Terrain == rules.Sea {
				kind = "lake"
			}
			fmt.Fprintf(s.w, "<path data-overlay=\"%s\" d=\"%s\"/>\n", kind, s.pathOf(s.rings[i]))
		}
	}
}

// regions writes the off-board regions and the leftover land and water.
func (s *svgWriter) regions() {
	for a := len(s.m.Provinces); a < s.o.n; a++ {
		if len(s.rings[a]) == 0 {
			continue
		}
		terrain := "land"
		if s.o.water[a] {
			terrain = "water"
		}
		fmt.Fprintf(s.w, "<path data-region=\"%s\" data-terrain=\"%s\" d=\"%s\"/>\n", s.o.names[a], terrain, s.pathOf(s.rings[a]))
	}
}

// provinces writes each province's shape with its label, unit and centre
// points.
func (s *svgWriter) provinces() {
	for i := range s.m.Provinces {
		info := &s.m.Provinces[i]
		if len(s.rings[i]) == 0 {
			continue
		}
		attrs := fmt.Sprintf(` data-label="%s" data-unit="%s"`, pt(s.pts.label[info.Abbr]), pt(s.pts.unit[info.Abbr]))
		if c, ok := s.pts.centre[info.Abbr]; ok {
			attrs += fmt.Sprintf(` data-centre="%s"`, pt(c))
		}
		fmt.Fprintf(s.w, "<path data-province=\"%s\" data-terrain=\"%s\"%s d=\"%s\"/>\n", info.Abbr, info.Terrain, attrs, s.pathOf(s.rings[i]))
	}
}

// coastLines writes the coast lines of the multi-coast provinces.
func (s *svgWriter) coastLines() {
	for i := range s.m.Provinces {
		info := &s.m.Provinces[i]
		if len(info.Coasts) == 0 {
			continue
		}
		lines := s.coastPaths(i)
		for _, c := range info.Coasts {
			id := info.Abbr + "/" + c.String()
			d := ""
			if sb := lines[c]; sb != nil {
				d = sb.String()
			}
			fmt.Fprintf(s.w, "<path data-coast=\"%s\" data-label=\"%s\" data-unit=\"%s\" d=\"%s\"/>\n", id, pt(s.pts.label[id]), pt(s.pts.unit[id]), d)
		}
	}
}

// coastPaths gathers the arcs between multi-coast province i and a sea
// into one path per coast, each arc given to its coast by coastOf.
func (s *svgWriter) coastPaths(i int) map[rules.Coast]*strings.Builder {
	lines := map[rules.Coast]*strings.Builder{}
	for ai := range s.t.arcs {
		a := &s.t.arcs[ai]
		other := -1
		switch {
		case a.left == i:
			other = a.right
		case a.right == i:
			other = a.left
		}
		if other < 0 || !s.o.isProvince(other) || s.m.Provinces[other].Terrain != rules.Sea {
			continue
		}
		// Which coast, judged on the true geography.
		mid := a.pts[len(a.pts)/2]
		c, ok := coastOf(s.l, s.g, s.m, rules.Province(i), rules.Province(other), Point{float64(mid.x) * s.g.cell, float64(mid.y) * s.g.cell})
		if !ok {
			continue
		}
		sb := lines[c]
		if sb == nil {
			sb = &strings.Builder{}
			lines[c] = sb
		}
		s.line(sb, a.simple)
	}
	return lines
}

// links writes the marked links, between their layout ends or else
// between the two provinces' unit points.
func (s *svgWriter) links() {
	H := float64(s.g.h) * s.g.cell
	named := map[string]bool{}
	for _, k := range s.l.Links {
		var a, b Point
		if len(k.Ends) == 2 {
			a, b = s.pts.px(k.Ends[0]), s.pts.px(k.Ends[1])
		} else {
			a, b = s.pts.unit[k.A], s.pts.unit[k.B]
		}
		if k.Lane != "" {
			// Down to the south edge, along it, and up to the other end.
			y := H - laneMargin*float64(s.g.w)*s.g.cell
			route := []Point{a, {a.X, y}}
			if len(k.Mouth) == 1 {
				m := s.pts.px(k.Mouth[0])
				route = append(route, Point{m.X, y}, m, b)
			} else {
				route = append(route, Point{b.X, y}, b)
			}
			var pts []string
			for _, q := range route {
				pts = append(pts, num(q.X)+","+num(q.Y))
			}
			fmt.Fprintf(s.w, "<polyline data-link=\"%s-%s\" data-lane=\"%s\" points=\"%s\"/>\n", k.A, k.B, xmlEscape(k.Lane), strings.Join(pts, " "))
			if !named[k.Lane] {
				// The lane's name once, over its stretch along the edge.
				named[k.Lane] = true
				fmt.Fprintf(s.w, "<text data-lane-label=\"%s\" x=\"%s\" y=\"%s\" font-size=\"%s\">%s</text>\n", xmlEscape(k.Lane),
					num((route[1].X+route[2].X)/2), num(y-5-s.l.LabelSize/2), num(s.l.LabelSize), xmlEscape(k.Lane))
			}
			continue
		}
		fmt.Fprintf(s.w, "<line data-link=\"%s-%s\" x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\"/>\n", k.A, k.B, num(a.X), num(a.Y), num(b.X), num(b.Y))
	}
}

// laneMargin is how far a sea lane runs from the board's edge, as a
// share of its width.
const laneMargin = 0.012

// crossingMarkLength is the length of a short border's crossing mark, as
// a share of the board's width.
const crossingMarkLength = 0.016

// crossingMarks marks every rules border the board draws shorter than
// ShortBorder of its width (and that no layout link already marks) as a
// link: a short bar across the border at the middle of its longest
// stretch, from one province into the other, so that a border too short
// to read at a glance is still seen.
func (s *svgWriter) crossingMarks() {
	W := float64(s.g.w) * s.g.cell
	linked := map[[2]int]bool{}
	id := map[string]int{}
	for i := range s.m.Provinces {
		id[s.m.Provinces[i].Abbr] = i
	}
	for _, k := range s.l.Links {
		linked[[2]int{min(id[k.A], id[k.B]), max(id[k.A], id[k.B])}] = true
	}
	joined := map[[2]int]bool{}
	for _, e := range s.m.Borders() {
		a, b := int(e.From.Province), int(e.To.Province)
		if a != b && !s.m.Provinces[a].Impassable && !s.m.Provinces[b].Impassable {
			joined[[2]int{min(a, b), max(a, b)}] = true
		}
	}
	length := map[[2]int]float64{}
	longest := map[[2]int]int{}
	for ai := range s.t.arcs {
		a := &s.t.arcs[ai]
		if !s.o.isProvince(a.left) || !s.o.isProvince(a.right) {
			continue
		}
		pair := [2]int{min(a.left, a.right), max(a.left, a.right)}
		if !joined[pair] || linked[pair] {
			continue
		}
		l := polylineLength(a.simple)
		length[pair] += l
		if j, ok := longest[pair]; !ok || l > polylineLength(s.t.arcs[j].simple) {
			longest[pair] = ai
		}
	}
	pairs := make([][2]int, 0, len(length))
	for pair, l := range length {
		// A little above the threshold: the proof measures the drawn
		// outlines, rounded to a tenth of a pixel.
		if l > 0 && l < 1.25*ShortBorder*W {
			pairs = append(pairs, pair)
		}
	}
	sort.Slice(pairs, func(i, j int) bool {
		return pairs[i][0] < pairs[j][0] || pairs[i][0] == pairs[j][0] && pairs[i][1] < pairs[j][1]
	})
	half := crossingMarkLength * W / 2
	for _, pair := range pairs {
		a := &s.t.arcs[longest[pair]]
		mid, dir := polylineMiddle(a.simple)
		// The left of the arc's walk, on screen (y down), is a.left's side.
		n := Point{dir.Y, -dir.X}
		from, to := a.left, a.right
		p1 := Point{mid.X + n.X*half, mid.Y + n.Y*half}
		p2 := Point{mid.X - n.X*half, mid.Y - n.Y*half}
		fmt.Fprintf(s.w, "<line data-link=\"%s-%s\" data-crossing=\"short\" x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\"/>\n",
			s.m.Provinces[from].Abbr, s.m.Provinces[to].Abbr, num(p1.X), num(p1.Y), num(p2.X), num(p2.Y))
	}
}

// polylineLength is the length of a polyline.
func polylineLength(pts []Point) float64 {
	l := 0.0
	for i := 1; i < len(pts); i++ {
		l += math.Hypot(pts[i].X-pts[i-1].X, pts[i].Y-pts[i-1].Y)
	}
	return l
}

// polylineMiddle is the point halfway along a polyline and the unit
// direction of the polyline there.
func polylineMiddle(pts []Point) (Point, Point) {
	half := polylineLength(pts) / 2
	for i := 1; i < len(pts); i++ {
		d := math.Hypot(pts[i].X-pts[i-1].X, pts[i].Y-pts[i-1].Y)
		if d == 0 {
			continue
		}
		dir := Point{(pts[i].X - pts[i-1].X) / d, (pts[i].Y - pts[i-1].Y) / d}
		if half <= d || i == len(pts)-1 {
			t := math.Min(half, d)
			return Point{pts[i-1].X + dir.X*t, pts[i-1].Y + dir.Y*t}, dir
		}
		half -= d
	}
	return pts[0], Point{1, 0}
}

// railways writes each railway through its stations' unit points (the
// rules pages show Colonial's Trans-Siberian Railroad as an orange line on
// the map).
func (s *svgWriter) railways() {
	for _, rw := range s.m.Railways() {
		var stations, points []string
		for _, p := range rw.Line {
			id := s.m.Provinces[p].Abbr
			q := s.pts.unit[id]
			stations = append(stations, id)
			points = append(points, num(q.X)+","+num(q.Y))
		}
		fmt.Fprintf(s.w, "<polyline data-railway=\"%s\" data-power=\"%s\" data-stations=\"%s\" points=\"%s\"/>\n",
			rw.Name, xmlEscape(s.m.PowerName(rw.Power)), strings.Join(stations, " "), strings.Join(points, " "))
	}
}

// centres writes the supply centre markers, sorted by province.
func (s *svgWriter) centres() {
	ids := make([]string, 0, len(s.pts.centre))
	for id := range s.pts.centre {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		c := s.pts.centre[id]
		fmt.Fprintf(s.w, "<circle data-centre-for=\"%s\" cx=\"%s\" cy=\"%s\" r=\"3.5\"/>\n", id, num(c.X), num(c.Y))
	}
}

// labels writes the labels in the order they were placed, coasts' smaller.
func (s *svgWriter) labels() {
	for _, id := range s.pts.labelOrder {
		q := s.pts.label[id]
		size := s.pts.labelSize(id)
		fmt.Fprintf(s.w, "<text data-label-for=\"%s\" x=\"%s\" y=\"%s\" font-size=\"%s\">%s</text>\n", id, num(q.X), num(q.Y), num(size), xmlEscape(s.pts.text(id)))
	}
}

// coastLabelScale is the size of a coast's label relative to a province's.
const coastLabelScale = 0.8

// labelText is what a province's or coast's label says: "PAR", "NC".
func labelText(id string) string {
	if _, c, ok := strings.Cut(id, "/"); ok {
		return strings.ToUpper(c)
	}
	return strings.ToUpper(id)
}

// LabelBox returns the rectangle a label of the given text and font size
// takes around its point, for a monospace bold font: 0.6 em a letter.
func LabelBox(text string, size float64, at Point) (x0, y0, x1, y1 float64) {
	w := 0.6*size*float64(utf8.RuneCountInString(text)) + 2
	h := size + 1
	return at.X - w/2, at.Y - h/2, at.X + w/2, at.Y + h/2
}

func num(f float64) string {
	s := fmt.Sprintf("%.1f", f)
	s = strings.TrimSuffix(s, ".0")
	if s == "-0" {
		return "0"
	}
	return s
}

func pt(p Point) string { return num(p.X) + " " + num(p.Y) }

func xmlEscape(s string) string {
	var b bytes.Buffer
	for _, r := range s {
		switch r {
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '&':
			b.WriteString("&amp;")
		case '"':
			b.WriteString("&quot;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
