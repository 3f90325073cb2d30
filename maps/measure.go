package maps

import (
	"container/heap"
	"fmt"
	"math"
	"sort"

	"github.com/chancery/chancery/rules"
)

// Measures are the figures by which a board is judged for play (see
// docs/maps.md, "Measures"): whether every land province has room for a
// unit, whether the provinces are of comparable size, and whether every
// rules border can be seen and no other contact is drawn.
type Measures struct {
	// Width is the board's width in SVG pixels.
	Width float64
	// MinRadius is the radius of the largest circle inside the narrowest
	// land province (impassable ones aside), and MinRadiusOf that province.
	MinRadius   float64
	MinRadiusOf string
	// AreaRatio is the largest land province's area over the smallest's,
	// between LargestOf and SmallestOf.
	AreaRatio             float64
	LargestOf, SmallestOf string
	// Overlap is the area, in square pixels, covered by two provinces or
	// more.
	Overlap float64
	// ShortBorders are the rules borders between provinces that are
	// drawn shorter than ShortBorder (1% of the width) and are not marked
	// links, shortest first: "den-swe 4.7".
	ShortBorders []string
	// Contacts are the pairs of provinces the rules do not join whose
	// outlines come closer than ContactGap of the width: "sak-vla 1.6".
	Contacts []string
	// LabelClashes are the labels whose box overlaps another label, a
	// unit's marker (unitRadius round its point) or a border: "lvp unit".
	LabelClashes []string
}

// ContactGap is the distance under which two outlines read as touching,
// as a share of the board's width (3 px on a 1200-pixel board).
const ContactGap = 0.0025

// ShortBorder is the length under which a drawn border is too short to
// read at a glance, as a share of the board's width.
const ShortBorder = 0.01

// Measure measures a board against its map.
func Measure(b *Board, m *rules.Map) *Measures {
	ms := &Measures{Width: b.Width, MinRadius: math.Inf(1)}
	ids := map[string]rules.Province{}
	for i := range m.Provinces {
		ids[m.Provinces[i].Abbr] = rules.Province(i)
	}
	minA, maxA := math.Inf(1), 0.0
	for _, id := range b.Order {
		pv, ok := ids[id]
		if !ok {
			continue
		}
		info := &m.Provinces[pv]
		if info.Terrain == rules.Sea || info.Impassable {
			continue
		}
		s := b.Provinces[id]
		a := shapeArea(s.Rings)
		if a < minA {
			minA, ms.SmallestOf = a, id
		}
		if a > maxA {
			maxA, ms.LargestOf = a, id
		}
		if _, r := innerCircle(s.Rings, 0.25); r < ms.MinRadius {
			ms.MinRadius, ms.MinRadiusOf = r, id
		}
	}
	if minA > 0 {
		ms.AreaRatio = maxA / minA
	}
	ms.Overlap = overlapArea(b)

	p := newProver(b, m, nil)
	p.segments()
	p.sharedEdges()
	joined := map[[2]string]bool{}
	for _, e := range m.Borders() {
		joined[sortedPair(m.Provinces[e.From.Province].Abbr, m.Provinces[e.To.Province].Abbr)] = true
	}
	linked := map[[2]string]bool{}
	for _, k := range b.Links {
		linked[sortedPair(k.A, k.B)] = true
	}
	type short struct {
		pair [2]string
		l    float64
	}
	var shorts []short
	for pair := range joined {
		if pair[0] == pair[1] || linked[pair] || impassable(m, ids, pair[0]) || impassable(m, ids, pair[1]) {
			continue
		}
		if l := p.shared[pair]; l < ShortBorder*b.Width {
			shorts = append(shorts, short{pair, l})
		}
	}
	sort.Slice(shorts, func(i, j int) bool {
		if shorts[i].l != shorts[j].l {
			return shorts[i].l < shorts[j].l
		}
		return shorts[i].pair[0]+shorts[i].pair[1] < shorts[j].pair[0]+shorts[j].pair[1]
	})
	for _, s := range shorts {
		ms.ShortBorders = append(ms.ShortBorders, fmt.Sprintf("%s-%s %.1f", s.pair[0], s.pair[1], s.l))
	}
	for _, c := range closePairs(b, ContactGap*b.Width) {
		if !joined[c.pair] && !impassable(m, ids, c.pair[0]) && !impassable(m, ids, c.pair[1]) {
			ms.Contacts = append(ms.Contacts, fmt.Sprintf("%s-%s %.1f", c.pair[0], c.pair[1], c.gap))
		}
	}
	ms.LabelClashes = labelClashes(b)
	return ms
}

// labelClashes lists the labels whose box overlaps another label's, a
// unit's marker or an outline.
func labelClashes(b *Board) []string {
	var units []Point
	for _, id := range b.Order {
		units = append(units, b.Provinces[id].Unit)
	}
	for _, c := range b.Coasts {
		units = append(units, c.Unit)
	}
	var out []string
	for i, l := range b.Labels {
		x0, y0, x1, y1 := l.Box()
		bx := box{x0, y0, x1, y1}
		for j, o := range b.Labels {
			ox0, oy0, ox1, oy1 := o.Box()
			if i != j && bx.overlaps(box{ox0, oy0, ox1, oy1}) {
				out = append(out, l.For+" label")
				break
			}
		}
		for _, u := range units {
			if distToBox(u, bx) < unitRadius {
				out = append(out, l.For+" unit")
				break
			}
		}
		if boxCrossesOutline(b, bx) {
			out = append(out, l.For+" border")
		}
	}
	sort.Strings(out)
	return out
}

// boxCrossesOutline reports whether a segment of any province's outline
// passes through the box.
func boxCrossesOutline(b *Board, bx box) bool {
	corners := []Point{{bx.x0, bx.y0}, {bx.x1, bx.y0}, {bx.x1, bx.y1}, {bx.x0, bx.y1}}
	in := func(q Point) bool { return q.X > bx.x0 && q.X < bx.x1 && q.Y > bx.y0 && q.Y < bx.y1 }
	for _, id := range b.Order {
		for _, r := range b.Provinces[id].Rings {
			for i := range r {
				a, c := r[i], r[(i+1)%len(r)]
				if math.Max(a.X, c.X) < bx.x0 || math.Min(a.X, c.X) > bx.x1 || math.Max(a.Y, c.Y) < bx.y0 || math.Min(a.Y, c.Y) > bx.y1 {
					continue
				}
				if in(a) || in(c) {
					return true
				}
				for k := range corners {
					if segmentsCross(a, c, corners[k], corners[(k+1)%4]) {
						return true
					}
				}
			}
		}
	}
	return false
}

// impassable reports whether id is an impassable province (Switzerland):
// it touches its neighbours without a border.
func impassable(m *rules.Map, ids map[string]rules.Province, id string) bool {
	pv, ok := ids[id]
	return ok && m.Provinces[pv].Impassable
}

// shapeArea is the area a shape's rings enclose, holes taken out.
func shapeArea(rings [][]Point) float64 {
	big, sign := 0.0, 0.0
	for _, r := range rings {
		if a := signedArea(r); math.Abs(a) > big {
			big, sign = math.Abs(a), math.Copysign(1, a)
		}
	}
	total := 0.0
	for _, r := range rings {
		total += signedArea(r) * sign
	}
	return total
}

// distToSeg is the distance from p to the segment a–b.
func distToSeg(p, a, b Point) float64 {
	dx, dy := b.X-a.X, b.Y-a.Y
	t := 0.0
	if l2 := dx*dx + dy*dy; l2 > 0 {
		t = math.Max(0, math.Min(1, ((p.X-a.X)*dx+(p.Y-a.Y)*dy)/l2))
	}
	return math.Hypot(p.X-a.X-t*dx, p.Y-a.Y-t*dy)
}

// shapeDist is the distance from p to the shape's outline, positive
// inside the shape and negative outside.
func shapeDist(rings [][]Point, p Point) float64 {
	d := math.Inf(1)
	for _, r := range rings {
		for i := range r {
			d = math.Min(d, distToSeg(p, r[i], r[(i+1)%len(r)]))
		}
	}
	if !insideShape(rings, p) {
		return -d
	}
	return d
}

// probe is a square of the search for a shape's inner circle: its
// centre, half its side, the distance from its centre to the outline and
// the best distance any point in it may have.
type probe struct {
	c       Point
	h, d, m float64
}

type probes []probe

func (q probes) Len() int           { return len(q) }
func (q probes) Less(i, j int) bool { return q[i].m > q[j].m }
func (q probes) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *probes) Push(x any)        { *q = append(*q, x.(probe)) }
func (q *probes) Pop() any {
	old := *q
	x := old[len(old)-1]
	*q = old[:len(old)-1]
	return x
}

// innerCircle finds the centre and radius of the largest circle inside
// the shape, to within precision pixels, by subdividing the squares that
// could still hold a larger one (the "pole of inaccessibility").
func innerCircle(rings [][]Point, precision float64) (Point, float64) {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, r := range rings {
		for _, q := range r {
			x0, y0 = math.Min(x0, q.X), math.Min(y0, q.Y)
			x1, y1 = math.Max(x1, q.X), math.Max(y1, q.Y)
		}
	}
	if math.IsInf(x0, 0) {
		return Point{}, 0
	}
	mk := func(c Point, h float64) probe {
		d := shapeDist(rings, c)
		return probe{c, h, d, d + h*math.Sqrt2}
	}
	size := math.Min(x1-x0, y1-y0)
	if size <= 0 {
		return Point{x0, y0}, 0
	}
	h := size / 2
	q := &probes{}
	for x := x0; x < x1; x += size {
		for y := y0; y < y1; y += size {
			heap.Push(q, mk(Point{x + h, y + h}, h))
		}
	}
	best := mk(Point{(x0 + x1) / 2, (y0 + y1) / 2}, 0)
	for q.Len() > 0 {
		c := heap.Pop(q).(probe)
		if c.d > best.d {
			best = c
		}
		if c.m-best.d <= precision {
			continue
		}
		h := c.h / 2
		for _, o := range [4][2]float64{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}} {
			heap.Push(q, mk(Point{c.c.X + o[0]*h, c.c.Y + o[1]*h}, h))
		}
	}
	return best.c, math.Max(0, best.d)
}

// overlapArea is the area, sampled every half pixel, inside two
// provinces or more (each by the even-odd rule).
func overlapArea(b *Board) float64 {
	const step = 0.5
	w, h := int(b.Width/step), int(b.Height/step)
	count := make([]uint8, w*h)
	for _, id := range b.Order {
		rows := map[int][]float64{}
		for _, r := range b.Provinces[id].Rings {
			crossings(r, step, h, rows)
		}
		for j, xs := range rows {
			sort.Float64s(xs)
			for k := 0; k+1 < len(xs); k += 2 {
				for i := max(0, int(math.Ceil(xs[k]-0.5))); i <= min(w-1, int(math.Ceil(xs[k+1]-0.5))-1); i++ {
					if count[j*w+i] < 255 {
						count[j*w+i]++
					}
				}
			}
		}
	}
	n := 0
	for _, c := range count {
		if c > 1 {
			n++
		}
	}
	return float64(n) * step * step
}

// crossings adds, for each row of step-pixel cells whose centre line the
// ring crosses, where it crosses, in cells.
func crossings(r []Point, step float64, h int, rows map[int][]float64) {
	for i := range r {
		a, c := r[i], r[(i+1)%len(r)]
		ay, cy := a.Y/step, c.Y/step
		if ay == cy {
			continue
		}
		lo, hi := math.Min(ay, cy), math.Max(ay, cy)
		for j := max(0, int(math.Ceil(lo-0.5))); j <= min(h-1, int(math.Ceil(hi-0.5))-1); j++ {
			y := float64(j) + 0.5
			t := (y - ay) / (cy - ay)
			// Rounded, so that the two shapes on either side of an edge,
			// which walk it opposite ways, find the same crossing.
			rows[j] = append(rows[j], math.Round((a.X+t*(c.X-a.X))/step*1e6)/1e6)
		}
	}
}

// closePair is two provinces and the smallest gap between their outlines.
type closePair struct {
	pair [2]string
	gap  float64
}

// closePairs finds the pairs of provinces whose outlines come within gap
// pixels of each other, sorted.
func closePairs(b *Board, gap float64) []closePair {
	type seg struct {
		a, c Point
		id   string
	}
	const bucket = 8.0
	grid := map[[2]int][]int{}
	var segs []seg
	for _, id := range b.Order {
		for _, r := range b.Provinces[id].Rings {
			for i := range r {
				s := seg{r[i], r[(i+1)%len(r)], id}
				n := len(segs)
				segs = append(segs, s)
				bx0 := int(math.Floor((math.Min(s.a.X, s.c.X) - gap) / bucket))
				bx1 := int(math.Floor((math.Max(s.a.X, s.c.X) + gap) / bucket))
				by0 := int(math.Floor((math.Min(s.a.Y, s.c.Y) - gap) / bucket))
				by1 := int(math.Floor((math.Max(s.a.Y, s.c.Y) + gap) / bucket))
				for x := bx0; x <= bx1; x++ {
					for y := by0; y <= by1; y++ {
						grid[[2]int{x, y}] = append(grid[[2]int{x, y}], n)
					}
				}
			}
		}
	}
	best := map[[2]string]float64{}
	for _, list := range grid {
		for i, si := range list {
			for _, sj := range list[i+1:] {
				a, c := segs[si], segs[sj]
				if a.id == c.id {
					continue
				}
				d := segDist(a.a, a.c, c.a, c.c)
				if d >= gap {
					continue
				}
				pair := sortedPair(a.id, c.id)
				if old, ok := best[pair]; !ok || d < old {
					best[pair] = d
				}
			}
		}
	}
	out := make([]closePair, 0, len(best))
	for pair, d := range best {
		out = append(out, closePair{pair, d})
	}
	sort.Slice(out, func(i, j int) bool {
		return out[i].pair[0] < out[j].pair[0] || out[i].pair[0] == out[j].pair[0] && out[i].pair[1] < out[j].pair[1]
	})
	return out
}

// segDist is the distance between the segments a–b and c–d.
func segDist(a, b, c, d Point) float64 {
	if segmentsCross(a, b, c, d) {
		return 0
	}
	return math.Min(math.Min(distToSeg(a, c, d), distToSeg(b, c, d)), math.Min(distToSeg(c, a, b), distToSeg(d, a, b)))
}

// segmentsCross reports whether the segments a–b and c–d cross properly.
func segmentsCross(a, b, c, d Point) bool {
	o := func(p, q, r Point) float64 { return (q.X-p.X)*(r.Y-p.Y) - (q.Y-p.Y)*(r.X-p.X) }
	d1, d2 := o(c, d, a), o(c, d, b)
	d3, d4 := o(a, b, c), o(a, b, d)
	return (d1 > 0 && d2 < 0 || d1 < 0 && d2 > 0) && (d3 > 0 && d4 < 0 || d3 < 0 && d4 > 0)
}
