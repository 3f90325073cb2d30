package maps

import (
	"math"
	"strings"
)

// relabel is the label-placement pass over the drawn board: the placer
// chose label points on the raster, but the outlines as drawn (moved,
// smoothed, simplified) may run through a label's box. Every label whose
// box crosses an outline, covers a unit's marker or overlaps another
// label moves to the nearest point, within reach pixels, where its box
// lies inside its own province clear of all three, at full size or else
// a fifth smaller; a label with no such point stays where it was.
func (p *placer) relabel(t *tracer, rings map[int][]ring, reach float64) {
	p.labelScale = map[string]float64{}
	type seg struct{ a, c Point }
	var segs []seg
	for i := range t.arcs {
		s := t.arcs[i].simple
		for j := 1; j < len(s); j++ {
			segs = append(segs, seg{s[j-1], s[j]})
		}
	}
	// The segments by the buckets (bucket px square) their boxes touch.
	const bucket = 32.0
	buckets := map[[2]int][]int{}
	for k, s := range segs {
		for by := int(math.Floor(math.Min(s.a.Y, s.c.Y) / bucket)); by <= int(math.Floor(math.Max(s.a.Y, s.c.Y)/bucket)); by++ {
			for bx := int(math.Floor(math.Min(s.a.X, s.c.X) / bucket)); bx <= int(math.Floor(math.Max(s.a.X, s.c.X)/bucket)); bx++ {
				buckets[[2]int{bx, by}] = append(buckets[[2]int{bx, by}], k)
			}
		}
	}
	crosses := func(b box) bool {
		corners := []Point{{b.x0, b.y0}, {b.x1, b.y0}, {b.x1, b.y1}, {b.x0, b.y1}}
		in := func(q Point) bool { return q.X > b.x0 && q.X < b.x1 && q.Y > b.y0 && q.Y < b.y1 }
		seen := map[int]bool{}
		var near []seg
		for by := int(math.Floor(b.y0 / bucket)); by <= int(math.Floor(b.y1/bucket)); by++ {
			for bx := int(math.Floor(b.x0 / bucket)); bx <= int(math.Floor(b.x1/bucket)); bx++ {
				for _, k := range buckets[[2]int{bx, by}] {
					if !seen[k] {
						seen[k] = true
						near = append(near, segs[k])
					}
				}
			}
		}
		for _, s := range near {
			if math.Max(s.a.X, s.c.X) < b.x0 || math.Min(s.a.X, s.c.X) > b.x1 || math.Max(s.a.Y, s.c.Y) < b.y0 || math.Min(s.a.Y, s.c.Y) > b.y1 {
				continue
			}
			if in(s.a) || in(s.c) {
				return true
			}
			for k := range corners {
				if segmentsCross(s.a, s.c, corners[k], corners[(k+1)%4]) {
					return true
				}
			}
		}
		return false
	}
	ids := map[string]int{}
	for i := range p.m.Provinces {
		ids[p.m.Provinces[i].Abbr] = i
	}
	shape := map[int][][]Point{}
	shapeOf := func(a int) [][]Point {
		if s, ok := shape[a]; ok {
			return s
		}
		var s [][]Point
		for _, r := range rings[a] {
			s = append(s, t.ringPoints(r))
		}
		shape[a] = s
		return s
	}
	boxOf := func(id string, at Point) box {
		x0, y0, x1, y1 := LabelBox(p.text(id), p.labelSize(id), at)
		return box{x0, y0, x1, y1}
	}
	// A little room all round: the SVG rounds points to a tenth of a
	// pixel.
	const room = 0.25
	clear := func(id string, b box) bool {
		b = box{b.x0 - room, b.y0 - room, b.x1 + room, b.y1 + room}
		for _, u := range p.unit {
			if distToBox(u, b) < unitRadius {
				return false
			}
		}
		for _, o := range p.labelOrder {
			if o != id && b.overlaps(boxOf(o, p.label[o])) {
				return false
			}
		}
		return !crosses(b)
	}
	for _, id := range p.labelOrder {
		at := p.label[id]
		if clear(id, boxOf(id, at)) {
			continue
		}
		prov, _, _ := strings.Cut(id, "/")
		s := shapeOf(ids[prov])
		var best Point
		found := false
		// At full size, or else a fifth smaller.
		for _, scale := range []float64{1, 0.8} {
			if scale != 1 {
				p.labelScale[id] = scale
			}
			if best, found = nearestWhere(at, reach, 1.5, func(q Point) bool {
				return insideShape(s, q) && clear(id, boxOf(id, q))
			}); found {
				break
			}
		}
		if !found {
			delete(p.labelScale, id)
			p.notef("the label of %s clashes with a border, a unit or a label and has no clear place near", id)
			continue
		}
		p.label[id] = best
	}
	p.fullNames(ids, shapeOf, boxOf, clear, reach/2)
}

// centreRoom is the room a full name keeps round a supply centre's point:
// the client draws the marker 5 px wide in radius.
const centreRoom = 6

// fullNames is the label pass's last step: each province's label says the
// province's full name instead of its abbreviation where a box for it,
// at full size or a fifth smaller, lies inside the province within reach
// of the label's point, clear of borders, units and the other labels
// (clear) and of the centres' markers, the nearest such point taken.
func (p *placer) fullNames(ids map[string]int, shapeOf func(int) [][]Point, boxOf func(string, Point) box, clear func(string, box) bool, reach float64) {
	p.labelName = map[string]string{}
	// A name, longer than an abbreviation, keeps clear of the supply
	// centres' markers too (drawn up to centreRoom round their point).
	clearOfCentres := func(b box) bool {
		for _, c := range p.centre {
			if distToBox(c, b) < centreRoom {
				return false
			}
		}
		return true
	}
	for _, id := range p.labelOrder {
		if strings.Contains(id, "/") {
			continue
		}
		a, ok := ids[id]
		if !ok {
			continue
		}
		name := p.m.Provinces[a].Name
		if name == "" {
			continue
		}
		at, scale0, hadScale := p.label[id], p.labelScale[id], false
		_, hadScale = p.labelScale[id]
		s := shapeOf(a)
		p.labelName[id] = name
		var best Point
		found, bestScale := false, 1.0
		for _, scale := range []float64{1, 0.8} {
			p.labelScale[id] = scale
			if best, found = nearestWhere(at, reach, 2, func(q Point) bool {
				b := boxOf(id, q)
				return insideShape(s, q) && clearOfCentres(b) && clear(id, b)
			}); found {
				bestScale = scale
				break
			}
		}
		if !found {
			delete(p.labelName, id)
			delete(p.labelScale, id)
			if hadScale {
				p.labelScale[id] = scale0
			}
			continue
		}
		p.label[id] = best
		delete(p.labelScale, id)
		if bestScale != 1 {
			p.labelScale[id] = bestScale
		}
	}
}

// nearestWhere is the point nearest at, on a grid of step within reach
// of it, where ok holds, and whether there is one.
func nearestWhere(at Point, reach, step float64, ok func(Point) bool) (Point, bool) {
	best, bestD := at, math.Inf(1)
	for dy := -reach; dy <= reach; dy += step {
		for dx := -reach; dx <= reach; dx += step {
			d := math.Hypot(dx, dy)
			if d >= bestD || d > reach {
				continue
			}
			if q := (Point{at.X + dx, at.Y + dy}); ok(q) {
				best, bestD = q, d
			}
		}
	}
	return best, !math.IsInf(bestD, 1)
}
