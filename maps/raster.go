package maps

import (
	"math"
	"sort"
)

// grid is the raster the generator shares out: w×h cells of cell×cell SVG
// pixels, a cell's value sampled at its centre.
type grid struct {
	w, h    int
	cell    float64 // SVG pixels per cell
	kmPerPx float64 // projected kilometres per SVG pixel
	frame   Frame
	proj    Projection
}

func newGrid(l *Layout) *grid {
	kmPerPx := (l.Frame.X1 - l.Frame.X0) / float64(l.Width)
	heightPx := (l.Frame.Y1 - l.Frame.Y0) / kmPerPx
	return &grid{
		w:       int(math.Round(float64(l.Width) / l.Cell)),
		h:       int(math.Round(heightPx / l.Cell)),
		cell:    l.Cell,
		kmPerPx: kmPerPx,
		frame:   l.Frame,
		proj:    l.Projection,
	}
}

// toCell maps a point to fractional cell coordinates (x right, y down).
func (g *grid) toCell(p LonLat) (float64, float64) {
	x, y := g.proj.project(p)
	return (x - g.frame.X0) / g.kmPerPx / g.cell, (g.frame.Y1 - y) / g.kmPerPx / g.cell
}

// toPx maps a point to SVG pixels.
func (g *grid) toPx(p LonLat) Point {
	cx, cy := g.toCell(p)
	return Point{cx * g.cell, cy * g.cell}
}

// lonLatOfPx maps SVG pixels back to a point on the Earth.
func (g *grid) lonLatOfPx(px, py float64) LonLat {
	return g.proj.unproject(g.frame.X0+px*g.kmPerPx, g.frame.Y1-py*g.kmPerPx)
}

// rasterize returns the cells whose centres lie on land: inside an odd
// number of rings.
func (g *grid) rasterize(rings [][]LonLat) []bool {
	land := make([]bool, g.w*g.h)
	rows := make([][]float64, g.h)
	for _, r := range rings {
		pts := make([][2]float64, len(r))
		minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for i, p := range r {
			x, y := g.toCell(p)
			pts[i] = [2]float64{x, y}
			minX, maxX = math.Min(minX, x), math.Max(maxX, x)
			minY, maxY = math.Min(minY, y), math.Max(maxY, y)
		}
		if maxX < 0 || maxY < 0 || minX > float64(g.w) || minY > float64(g.h) || math.IsInf(maxX, 0) {
			continue
		}
		for i := range pts {
			a, b := pts[i], pts[(i+1)%len(pts)]
			if a[1] == b[1] {
				continue
			}
			lo, hi := math.Min(a[1], b[1]), math.Max(a[1], b[1])
			// Rows whose centre line y = j+0.5 satisfies lo <= y < hi.
			j0 := int(math.Ceil(lo - 0.5))
			j1 := int(math.Ceil(hi-0.5)) - 1
			if j0 < 0 {
				j0 = 0
			}
			if j1 >= g.h {
				j1 = g.h - 1
			}
			for j := j0; j <= j1; j++ {
				y := float64(j) + 0.5
				t := (y - a[1]) / (b[1] - a[1])
				rows[j] = append(rows[j], a[0]+t*(b[0]-a[0]))
			}
		}
	}
	for j, xs := range rows {
		sort.Float64s(xs)
		for k := 0; k+1 < len(xs); k += 2 {
			i0 := int(math.Ceil(xs[k] - 0.5))
			i1 := int(math.Ceil(xs[k+1]-0.5)) - 1
			if i0 < 0 {
				i0 = 0
			}
			if i1 >= g.w {
				i1 = g.w - 1
			}
			for i := i0; i <= i1; i++ {
				land[j*g.w+i] = !land[j*g.w+i]
			}
		}
	}
	return land
}

// override forces cells to land or water.
func (g *grid) override(land []bool, o Override) {
	if o.Polygon == nil {
		cx, cy := g.toCell(o.Centre)
		r := o.Radius / g.kmPerPx / g.cell
		for j := int(cy - r - 1); j <= int(cy+r+1); j++ {
			for i := int(cx - r - 1); i <= int(cx+r+1); i++ {
				if i < 0 || j < 0 || i >= g.w || j >= g.h {
					continue
				}
				if math.Hypot(float64(i)+0.5-cx, float64(j)+0.5-cy) <= r {
					land[j*g.w+i] = o.Land
				}
			}
		}
		return
	}
	poly := make([]Point, len(o.Polygon))
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for i, p := range o.Polygon {
		x, y := g.toCell(p)
		poly[i] = Point{x, y}
		minX, maxX = math.Min(minX, x), math.Max(maxX, x)
		minY, maxY = math.Min(minY, y), math.Max(maxY, y)
	}
	for j := int(math.Max(0, minY-1)); j < g.h && float64(j) <= maxY; j++ {
		for i := int(math.Max(0, minX-1)); i < g.w && float64(i) <= maxX; i++ {
			if insideRing(poly, Point{float64(i) + 0.5, float64(j) + 0.5}) {
				land[j*g.w+i] = o.Land
			}
		}
	}
}

// Point is a point in SVG pixels (or, inside the generator, in cells).
type Point struct {
	X, Y float64
}

// insideRing reports whether p lies inside the ring (even-odd rule).
func insideRing(ring []Point, p Point) bool {
	in := false
	for i, j := 0, len(ring)-1; i < len(ring); j, i = i, i+1 {
		a, b := ring[i], ring[j]
		if (a.Y > p.Y) != (b.Y > p.Y) && p.X < (b.X-a.X)*(p.Y-a.Y)/(b.Y-a.Y)+a.X {
			in = !in
		}
	}
	return in
}
