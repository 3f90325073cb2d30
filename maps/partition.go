package maps

import (
	"fmt"
	"math"

	"github.com/chancery/chancery/rules"
)

// owner kinds of the partition: the rules' provinces come first (owner i
// is province i), then the layout's regions, then unclaimed land and
// unclaimed water.
type owners struct {
	m        *rules.Map
	regions  []Region
	n        int      // provinces + regions + 2
	water    []bool   // owner -> grows over water
	compat   [][]bool // owner × owner -> may touch
	names    []string
	landLeft int // owner of land no anchor reached
	waterLft int // owner of water no anchor reached
}

func newOwners(m *rules.Map, regions []Region) *owners {
	np := len(m.Provinces)
	o := &owners{m: m, regions: regions, n: np + len(regions) + 2}
	o.landLeft, o.waterLft = np+len(regions), np+len(regions)+1
	o.water = make([]bool, o.n)
	o.names = make([]string, o.n)
	for i := range m.Provinces {
		o.water[i] = m.Provinces[i].Terrain == rules.Sea
		o.names[i] = m.Provinces[i].Abbr
	}
	for i, r := range regions {
		o.water[np+i] = r.Water
		o.names[np+i] = r.ID
	}
	o.water[o.waterLft] = true
	o.names[o.landLeft], o.names[o.waterLft] = "land", "water"
	o.compat = make([][]bool, o.n)
	for a := range o.compat {
		o.compat[a] = make([]bool, o.n)
		for b := range o.compat[a] {
			o.compat[a][b] = a == b || !o.isProvince(a) || !o.isProvince(b) ||
				m.Provinces[a].Impassable || m.Provinces[b].Impassable
		}
	}
	for _, e := range m.Borders() {
		a, b := int(e.From.Province), int(e.To.Province)
		sa, sb := o.water[a], o.water[b]
		switch {
		case !sa && !sb && e.Army:
			o.compat[a][b], o.compat[b][a] = true, true
		case (sa || sb) && e.Fleet:
			o.compat[a][b], o.compat[b][a] = true, true
		}
	}
	return o
}

func (o *owners) isProvince(a int) bool { return a >= 0 && a < len(o.m.Provinces) }

// partition shares out the grid's cells among the owners: constrained
// growth from the anchors, then unconstrained growth into what is left.
// It returns each cell's owner and notes what it had to force.
type partition struct {
	g     *grid
	o     *owners
	land  []bool
	owner []int32
	notes []string
	// forced counts, per unordered owner pair, the cells given away
	// against the rules' borders.
	forced     map[[2]int]int
	forcedList []forcedAt
}

// forcedAt is the first cell where owner a was forced next to owner b.
type forcedAt struct{ a, b, at int }

// noteForced records the owners that cell c, just given to a without the
// constraint, touches against the rules.
func (p *partition) noteForced(a, c int) {
	x, y := c%p.g.w, c/p.g.w
	for _, d := range dirs {
		nx, ny := x+d[0], y+d[1]
		if nx < 0 || ny < 0 || nx >= p.g.w || ny >= p.g.h {
			continue
		}
		b := int(p.owner[ny*p.g.w+nx])
		if b < 0 || p.o.compat[a][b] {
			continue
		}
		k := [2]int{a, b}
		if b < a {
			k = [2]int{b, a}
		}
		if p.forced[k] == 0 {
			p.forcedList = append(p.forcedList, forcedAt{k[0], k[1], c})
		}
		p.forced[k]++
	}
}

func (p *partition) notef(format string, args ...any) {
	p.notes = append(p.notes, fmt.Sprintf(format, args...))
}

var dirs = [4][2]int{{1, 0}, {0, 1}, {-1, 0}, {0, -1}}

// allowed reports whether owner a may take cell c without touching an
// owner it may not border.
func (p *partition) allowed(a int, c int) bool {
	x, y := c%p.g.w, c/p.g.w
	for _, d := range dirs {
		nx, ny := x+d[0], y+d[1]
		if nx < 0 || ny < 0 || nx >= p.g.w || ny >= p.g.h {
			continue
		}
		b := p.owner[ny*p.g.w+nx]
		if b >= 0 && !p.o.compat[a][b] {
			return false
		}
	}
	return true
}

// seed finds the cell for an owner's anchor: the nearest cell of its own
// terrain.
func (p *partition) seed(a int, pt LonLat) (int, bool) {
	cx, cy := p.g.toCell(pt)
	x0, y0 := int(math.Floor(cx)), int(math.Floor(cy))
	wantLand := !p.o.water[a]
	best, bestD := -1, math.Inf(1)
	for r := 0; r <= 12 && best < 0; r++ {
		for y := y0 - r; y <= y0+r; y++ {
			for x := x0 - r; x <= x0+r; x++ {
				if x < 0 || y < 0 || x >= p.g.w || y >= p.g.h {
					continue
				}
				c := y*p.g.w + x
				if p.land[c] != wantLand {
					continue
				}
				if d := math.Hypot(float64(x)+0.5-cx, float64(y)+0.5-cy); d < bestD {
					best, bestD = c, d
				}
			}
		}
	}
	terrain := "land"
	if !wantLand {
		terrain = "water"
	}
	if best < 0 {
		p.notef("anchor of %s at %g %g: no %s within 12 cells (outside the frame?)", p.o.names[a], pt.Lon, pt.Lat, terrain)
		return 0, false
	}
	if bestD > 2 {
		p.notef("anchor of %s at %g %g is not on %s: moved %.0f km", p.o.names[a], pt.Lon, pt.Lat, terrain, bestD*p.g.cell*p.g.kmPerPx)
	}
	return best, true
}

// grow runs the partition.
func (p *partition) grow(anchors [][]LonLat) {
	p.owner = make([]int32, len(p.land))
	for i := range p.owner {
		p.owner[i] = -1
	}
	w, h := p.g.w, p.g.h
	// Constrained growth from every anchor at once, nearest first: a cell
	// goes to the front whose anchor is nearest in a straight line, so
	// fronts meet along straight bisectors rather than grid diagonals.
	type item struct {
		cell, owner int32
		ax, ay      float32 // the anchor the front grew from, in cells
	}
	const perCell = 4 // buckets per cell of distance
	var buckets [][]item
	push := func(it item) {
		x, y := float64(it.cell%int32(w))+0.5, float64(it.cell/int32(w))+0.5
		d := int(math.Hypot(x-float64(it.ax), y-float64(it.ay)) * perCell)
		for len(buckets) <= d {
			buckets = append(buckets, nil)
		}
		buckets[d] = append(buckets[d], it)
	}
	for a, pts := range anchors {
		for _, pt := range pts {
			c, ok := p.seed(a, pt)
			if !ok {
				continue
			}
			cx, cy := p.g.toCell(pt)
			push(item{int32(c), int32(a), float32(cx), float32(cy)})
		}
	}
	for d := 0; d < len(buckets); d++ {
		for k := 0; k < len(buckets[d]); k++ {
			it := buckets[d][k]
			c := int(it.cell)
			a := int(it.owner)
			if p.owner[c] >= 0 || !p.allowed(a, c) {
				continue
			}
			p.owner[c] = it.owner
			x, y := c%w, c/w
			for _, dd := range dirs {
				nx, ny := x+dd[0], y+dd[1]
				if nx < 0 || ny < 0 || nx >= w || ny >= h {
					continue
				}
				n := ny*w + nx
				if p.owner[n] >= 0 || p.land[n] == p.o.water[a] {
					continue
				}
				push(item{int32(n), it.owner, it.ax, it.ay})
			}
		}
		buckets[d] = nil
	}
	var queue []int
	// Unconstrained growth into the cells no constrained front could take.
	for c, a := range p.owner {
		if a >= 0 {
			queue = append(queue, c)
		}
	}
	p.forced = map[[2]int]int{}
	for head := 0; head < len(queue); head++ {
		c := queue[head]
		a := int(p.owner[c])
		x, y := c%w, c/w
		for _, d := range dirs {
			nx, ny := x+d[0], y+d[1]
			if nx < 0 || ny < 0 || nx >= w || ny >= h {
				continue
			}
			n := ny*w + nx
			if p.owner[n] >= 0 || p.land[n] == p.o.water[a] {
				continue
			}
			p.owner[n] = int32(a)
			queue = append(queue, n)
			p.noteForced(a, n)
		}
	}
	for _, f := range p.forcedList {
		q := p.g.lonLatOfPx((float64(f.at%w)+0.5)*p.g.cell, (float64(f.at/w)+0.5)*p.g.cell)
		p.notef("forced %s next to %s (%d cells) near %.2f %.2f: no constrained front reached there", p.o.names[f.a], p.o.names[f.b], p.forced[[2]int{f.a, f.b}], q.Lon, q.Lat)
	}
	// What no anchor reached is plain land or water.
	for c, a := range p.owner {
		if a < 0 {
			if p.land[c] {
				p.owner[c] = int32(p.o.landLeft)
			} else {
				p.owner[c] = int32(p.o.waterLft)
			}
		}
	}
}
