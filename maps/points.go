package maps

import (
	"fmt"
	"math"
	"strings"

	"github.com/chancery/chancery/rules"
)

// unitRadius is the room a unit's marker takes around its point, in SVG
// pixels; labels and centre markers keep out of it.
const unitRadius = 9

// placer chooses every province's and coast's label point, unit point and
// centre marker, in SVG pixels.
type placer struct {
	g     *grid
	l     *Layout
	m     *rules.Map
	owner []int32
	warp  *warp // where the cartogram moves the layout's points

	dist       []float64 // cells from each cell to the nearest other owner
	label      map[string]Point
	unit       map[string]Point
	centre     map[string]Point
	labelOrder []string
	// labelScale shrinks a label that has no clear place at full size.
	labelScale map[string]float64
	// labelName is the full name a label says where it fits (else its
	// abbreviation: labelText).
	labelName map[string]string
	notes     []string
}

// px is where a point of the layout is drawn, in SVG pixels.
// labelSize is the font size of a label: the layout's, smaller for a
// coast, and smaller again if the label-placement pass shrank it.
func (p *placer) labelSize(id string) float64 {
	size := p.l.LabelSize
	if strings.Contains(id, "/") {
		size *= coastLabelScale
	}
	if f, ok := p.labelScale[id]; ok {
		size *= f
	}
	return size
}

// text is what a label says: the province's full name where the label
// pass found it room, else its abbreviation.
func (p *placer) text(id string) string {
	if n, ok := p.labelName[id]; ok {
		return n
	}
	return labelText(id)
}

func (p *placer) px(q LonLat) Point { return p.warp.apply(p.g.toPx(q)) }

func (p *placer) notef(format string, args ...any) {
	p.notes = append(p.notes, fmt.Sprintf(format, args...))
}

// distances computes a chamfer distance transform: for every cell, the
// distance to the nearest cell of another owner or the frame's edge.
func (p *placer) distances() {
	w, h := p.g.w, p.g.h
	d := make([]float64, w*h)
	for i := range d {
		d[i] = math.Inf(1)
	}
	relax := func(x, y, dx, dy int, cost float64) {
		c := y*w + x
		nx, ny := x+dx, y+dy
		if nx < 0 || ny < 0 || nx >= w || ny >= h || p.owner[ny*w+nx] != p.owner[c] {
			d[c] = math.Min(d[c], cost*0.5)
			return
		}
		d[c] = math.Min(d[c], d[ny*w+nx]+cost)
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			relax(x, y, -1, 0, 1)
			relax(x, y, 0, -1, 1)
			relax(x, y, -1, -1, math.Sqrt2)
			relax(x, y, 1, -1, math.Sqrt2)
		}
	}
	for y := h - 1; y >= 0; y-- {
		for x := w - 1; x >= 0; x-- {
			relax(x, y, 1, 0, 1)
			relax(x, y, 0, 1, 1)
			relax(x, y, 1, 1, math.Sqrt2)
			relax(x, y, -1, 1, math.Sqrt2)
		}
	}
	p.dist = d
}

func (p *placer) centreOf(c int) Point {
	return Point{(float64(c%p.g.w) + 0.5) * p.g.cell, (float64(c/p.g.w) + 0.5) * p.g.cell}
}

// boxInside reports whether a pixel rectangle lies on owner a's cells.
func (p *placer) boxInside(a int32, x0, y0, x1, y1 float64) bool {
	c0, r0 := int(math.Floor(x0/p.g.cell)), int(math.Floor(y0/p.g.cell))
	c1, r1 := int(math.Floor(x1/p.g.cell)), int(math.Floor(y1/p.g.cell))
	if c0 < 0 || r0 < 0 || c1 >= p.g.w || r1 >= p.g.h {
		return false
	}
	for r := r0; r <= r1; r++ {
		for c := c0; c <= c1; c++ {
			if p.owner[r*p.g.w+c] != a {
				return false
			}
		}
	}
	return true
}

type box struct{ x0, y0, x1, y1 float64 }

func (b box) overlaps(o box) bool {
	return b.x0 < o.x1 && o.x0 < b.x1 && b.y0 < o.y1 && o.y0 < b.y1
}

// distToBox is the distance from a point to a rectangle.
func distToBox(q Point, b box) float64 {
	dx := math.Max(0, math.Max(b.x0-q.X, q.X-b.x1))
	dy := math.Max(0, math.Max(b.y0-q.Y, q.Y-b.y1))
	return math.Hypot(dx, dy)
}

func (p *placer) place() {
	p.distances()
	p.label, p.unit, p.centre = map[string]Point{}, map[string]Point{}, map[string]Point{}
	cells := make([][]int, len(p.m.Provinces))
	for c, a := range p.owner {
		if int(a) < len(p.m.Provinces) && a >= 0 {
			cells[a] = append(cells[a], c)
		}
	}
	for i := range p.m.Provinces {
		info := &p.m.Provinces[i]
		a := int32(i)
		if len(cells[i]) == 0 {
			p.notef("%s has no cells at all: its anchors are lost", info.Abbr)
			continue
		}
		// The unit at the province's most central cell.
		best := cells[i][0]
		for _, c := range cells[i] {
			if p.dist[c] > p.dist[best] {
				best = c
			}
		}
		unit := p.centreOf(best)
		if q, ok := p.l.Units[info.Abbr]; ok {
			unit = p.px(q)
		}
		p.unit[info.Abbr] = unit
		var occupied []box
		units := []Point{unit}
		for _, c := range info.Coasts {
			id := info.Abbr + "/" + c.String()
			q := p.px(p.l.Coasts[id])
			if o, ok := p.l.Units[id]; ok {
				q = p.px(o)
			} else {
				q = p.snap(cells[i], q, 2.5)
			}
			p.unit[id] = q
			units = append(units, q)
		}
		// The label near the unit, clear of every unit of the province.
		lb, ok := p.placeLabel(a, info.Abbr, cells[i], unit, units, occupied, p.l.LabelSize, 6)
		if !ok {
			// A small province: keep the label where it fits and move the
			// unit out from under it, if there is room.
			_, fixed := p.l.Units[info.Abbr]
			if q, moved := p.unitBeside(cells[i], lb); moved && !fixed {
				unit, units[0] = q, q
				p.unit[info.Abbr] = q
			} else {
				p.notef("label of %s does not fit inside it clear of its unit", info.Abbr)
			}
		}
		occupied = append(occupied, lb)
		for _, c := range info.Coasts {
			id := info.Abbr + "/" + c.String()
			cb, ok := p.placeLabel(a, id, cells[i], p.unit[id], units, occupied, p.l.LabelSize*coastLabelScale, 0)
			if !ok {
				p.notef("label of %s does not fit inside %s clear of its units; give it a label point", id, info.Abbr)
			}
			occupied = append(occupied, cb)
		}
		if info.SupplyCenter {
			p.placeCentre(a, info.Abbr, cells[i], units, occupied)
		}
	}
}

// snap moves a point onto the province's nearest cell at least min cells
// from its edge (or its most central cell near there if none is).
func (p *placer) snap(cells []int, q Point, min float64) Point {
	best, bestD := -1, math.Inf(1)
	for _, c := range cells {
		if p.dist[c] < min {
			continue
		}
		o := p.centreOf(c)
		if d := math.Hypot(o.X-q.X, o.Y-q.Y); d < bestD {
			best, bestD = c, d
		}
	}
	if best < 0 {
		for _, c := range cells {
			o := p.centreOf(c)
			if d := math.Hypot(o.X-q.X, o.Y-q.Y) - 3*p.dist[c]; d < bestD {
				best, bestD = c, d
			}
		}
	}
	return p.centreOf(best)
}

// placeLabel chooses a label point: the label's box inside the province,
// clear of its units and of the boxes already placed, central (up to cap
// cells from the edge) and near the point near.
func (p *placer) placeLabel(a int32, id string, cells []int, near Point, units []Point, occupied []box, size float64, cap float64) (box, bool) {
	text := labelText(id)
	mk := func(q Point) box {
		x0, y0, x1, y1 := LabelBox(text, size, q)
		return box{x0, y0, x1, y1}
	}
	clear := func(b box) bool {
		for _, u := range units {
			if distToBox(u, b) < unitRadius {
				return false
			}
		}
		for _, o := range occupied {
			if b.overlaps(o) {
				return false
			}
		}
		return true
	}
	if q, ok := p.l.Labels[id]; ok {
		at := p.px(q)
		b := mk(at)
		if m := 1.5 * p.g.cell; p.boxInside(a, at.X-m, at.Y-m, at.X+m, at.Y+m) {
			p.label[id] = at
			p.labelOrder = append(p.labelOrder, id)
			return b, clear(b)
		}
		// The cartogram moved the province from under its label point.
		p.notef("the label point of %s is not inside it as drawn: placed anew", id)
	}
	halfH := (size + 1) / 2 / p.g.cell
	search := func(clear func(box) bool) int {
		best, bestScore := -1, math.Inf(-1)
		for _, c := range cells {
			if p.dist[c] < halfH {
				continue
			}
			q := p.centreOf(c)
			b := mk(q)
			if !clear(b) || !p.boxInside(a, b.x0, b.y0, b.x1, b.y1) {
				continue
			}
			score := -math.Hypot(q.X-near.X, q.Y-near.Y) / p.g.cell * 0.05
			if cap > 0 {
				score += math.Min(p.dist[c], cap)
			}
			if score > bestScore {
				best, bestScore = c, score
			}
		}
		return best
	}
	best := search(clear)
	ok := best >= 0
	if !ok {
		// A small province: the label may run under its unit, but stays
		// inside and clear of the other labels.
		best = search(func(b box) bool {
			for _, o := range occupied {
				if b.overlaps(o) {
					return false
				}
			}
			return true
		})
	}
	if best < 0 {
		best = cells[0]
		for _, c := range cells {
			if p.dist[c] > p.dist[best] {
				best = c
			}
		}
	}
	at := p.centreOf(best)
	p.label[id] = at
	p.labelOrder = append(p.labelOrder, id)
	return mk(at), ok
}

// placeCentre puts a supply centre's marker inside the province, clear of
// its units and labels.
func (p *placer) placeCentre(a int32, id string, cells []int, units []Point, occupied []box) {
	if q, ok := p.l.Centres[id]; ok {
		p.centre[id] = p.px(q)
		return
	}
	const r = 4.5 // the marker's radius, and a little room
	best, bestScore := -1, math.Inf(-1)
	for _, c := range cells {
		if p.dist[c]*p.g.cell < r {
			continue
		}
		q := p.centreOf(c)
		mb := box{q.X - r, q.Y - r, q.X + r, q.Y + r}
		ok := true
		for _, u := range units {
			if distToBox(u, mb) < unitRadius {
				ok = false
			}
		}
		for _, o := range occupied {
			if mb.overlaps(o) {
				ok = false
			}
		}
		if !ok {
			continue
		}
		score := math.Min(p.dist[c], 4) - math.Hypot(q.X-units[0].X, q.Y-units[0].Y)/p.g.cell*0.05
		if score > bestScore {
			best, bestScore = c, score
		}
	}
	if best < 0 {
		p.notef("the centre marker of %s does not fit clear of its unit and label; give it a centre point", id)
		p.centre[id] = units[0]
		return
	}
	p.centre[id] = p.centreOf(best)
}

// unitBeside finds a unit point in the province clear of a label's box:
// the most central cell with room for the unit's marker.
func (p *placer) unitBeside(cells []int, label box) (Point, bool) {
	best, bestScore := -1, math.Inf(-1)
	for _, c := range cells {
		if p.dist[c]*p.g.cell < 7 {
			continue
		}
		q := p.centreOf(c)
		gap := distToBox(q, label)
		if gap < unitRadius {
			continue
		}
		score := math.Min(p.dist[c], 5) - gap/p.g.cell*0.05
		if score > bestScore {
			best, bestScore = c, score
		}
	}
	if best < 0 {
		return Point{}, false
	}
	return p.centreOf(best), true
}
