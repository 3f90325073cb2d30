package maps

// The tracer turns the partition's cells into outlines: the boundary
// between cells is cut at junctions (where three owners meet, or two
// diagonally) into arcs, each arc is simplified once, and every owner's
// rings are chains of arcs. Two neighbours therefore share exactly the same
// vertices along their common border.

// outside is the owner of the cells beyond the frame.
const outside = -2

// arc is a run of cell boundary between two junctions (or a closed loop),
// with one owner on its left and another on its right, walking it from
// pts[0] (x right, y down).
type arc struct {
	pts         []vertex
	left, right int
	closed      bool
	moved       []Point // pts in SVG pixels, where the cartogram puts them
	simple      []Point // the simplified run of moved
}

// vertex is a lattice point of the cell grid.
type vertex struct{ x, y int }

type tracer struct {
	w, h   int
	owner  func(x, y int) int
	edgeOf map[edgeKey]int // unit edge -> arc index
	arcs   []arc
}

// edgeKey names a unit edge by its end nearer the origin and whether it
// is vertical.
type edgeKey struct {
	v        vertex
	vertical bool
}

func keyOf(a vertex, d vertex) edgeKey {
	b := vertex{a.x + d.x, a.y + d.y}
	if b.x < a.x || b.y < a.y {
		a = b
	}
	return edgeKey{a, d.x == 0}
}

// sides returns the owners left and right of the unit edge from v in
// direction d.
func (t *tracer) sides(v, d vertex) (left, right int) {
	x, y := v.x, v.y
	switch {
	case d.x == 1:
		return t.owner(x, y-1), t.owner(x, y)
	case d.x == -1:
		return t.owner(x-1, y), t.owner(x-1, y-1)
	case d.y == 1:
		return t.owner(x, y), t.owner(x-1, y)
	default:
		return t.owner(x-1, y-1), t.owner(x, y-1)
	}
}

var unitDirs = [4]vertex{{1, 0}, {0, 1}, {-1, 0}, {0, -1}}

// boundary reports whether the unit edge from v in direction d separates
// two owners and lies within the lattice.
func (t *tracer) boundary(v, d vertex) bool {
	b := vertex{v.x + d.x, v.y + d.y}
	if b.x < 0 || b.y < 0 || b.x > t.w || b.y > t.h {
		return false
	}
	l, r := t.sides(v, d)
	return l != r
}

func (t *tracer) degree(v vertex) int {
	n := 0
	for _, d := range unitDirs {
		if t.boundary(v, d) {
			n++
		}
	}
	return n
}

// trace finds every arc.
func (t *tracer) trace() {
	t.edgeOf = map[edgeKey]int{}
	for y := 0; y <= t.h; y++ {
		for x := 0; x <= t.w; x++ {
			v := vertex{x, y}
			for _, d := range unitDirs[:2] {
				if !t.boundary(v, d) {
					continue
				}
				if _, done := t.edgeOf[keyOf(v, d)]; done {
					continue
				}
				t.walk(v, d)
			}
		}
	}
}

// walk follows the boundary through the unit edge v→v+d both ways to its
// junctions and records the arc.
func (t *tracer) walk(v, d vertex) {
	id := len(t.arcs)
	// Forward from v+d.
	fwd := []vertex{v}
	cur, dir := v, d
	closed := false
	for {
		t.edgeOf[keyOf(cur, dir)] = id
		next := vertex{cur.x + dir.x, cur.y + dir.y}
		fwd = append(fwd, next)
		if t.degree(next) != 2 {
			break // a junction, perhaps v itself
		}
		if next == v {
			closed = true // a loop through no junction
			break
		}
		nd, ok := t.continuation(next, dir)
		if !ok {
			break
		}
		cur, dir = next, nd
	}
	pts := fwd
	if !closed && t.degree(v) == 2 {
		// Backward from v, prepended.
		var back []vertex
		cur := v
		c, ok := t.continuation(v, vertex{-d.x, -d.y})
		for ok {
			t.edgeOf[keyOf(cur, c)] = id
			next := vertex{cur.x + c.x, cur.y + c.y}
			back = append(back, next)
			if t.degree(next) != 2 {
				break
			}
			cur = next
			c, ok = t.continuation(next, c)
		}
		for i, j := 0, len(back)-1; i < j; i, j = i+1, j-1 {
			back[i], back[j] = back[j], back[i]
		}
		pts = append(back, fwd...)
	}
	a := arc{pts: pts, closed: closed}
	a.left, a.right = t.sides(pts[0], vertex{pts[1].x - pts[0].x, pts[1].y - pts[0].y})
	t.arcs = append(t.arcs, a)
}

// continuation returns the direction in which the boundary leaves a
// vertex of degree two that was entered moving in direction dir.
func (t *tracer) continuation(v, dir vertex) (vertex, bool) {
	back := vertex{-dir.x, -dir.y}
	for _, c := range unitDirs {
		if c != back && t.boundary(v, c) {
			return c, true
		}
	}
	return vertex{}, false
}

// ring is one closed outline of an owner: arcs, each walked forward or
// backward, with the owner on the left.
type ring []arcStep

type arcStep struct {
	arc     int
	reverse bool
}

// rings assembles every owner's rings from the arcs.
func (t *tracer) rings() map[int][]ring {
	out := map[int][]ring{}
	visited := map[arcStep]bool{}
	for i := range t.arcs {
		for _, rev := range []bool{false, true} {
			start := arcStep{i, rev}
			if visited[start] {
				continue
			}
			owner := t.arcs[i].left
			if rev {
				owner = t.arcs[i].right
			}
			if owner == outside {
				visited[start] = true
				continue
			}
			var r ring
			step := start
			for !visited[step] {
				visited[step] = true
				r = append(r, step)
				next, ok := t.next(step, owner)
				if !ok {
					break
				}
				step = next
			}
			out[owner] = append(out[owner], r)
		}
	}
	return out
}

// next finds the arc that continues owner's ring after step: at the step's
// end, the first boundary edge, turning left, then straight on, then
// right, with the owner on its left.
func (t *tracer) next(step arcStep, owner int) (arcStep, bool) {
	a := &t.arcs[step.arc]
	if a.closed {
		return step, true
	}
	n := len(a.pts)
	end, prev := a.pts[n-1], a.pts[n-2]
	if step.reverse {
		end, prev = a.pts[0], a.pts[1]
	}
	d := vertex{end.x - prev.x, end.y - prev.y}
	for _, c := range []vertex{{d.y, -d.x}, d, {-d.y, d.x}} {
		if !t.boundary(end, c) {
			continue
		}
		if l, _ := t.sides(end, c); l != owner {
			continue
		}
		id, ok := t.edgeOf[keyOf(end, c)]
		if !ok {
			return arcStep{}, false
		}
		b := &t.arcs[id]
		second := vertex{end.x + c.x, end.y + c.y}
		if b.pts[0] == end && b.pts[1] == second {
			return arcStep{id, false}, true
		}
		return arcStep{id, true}, true
	}
	return arcStep{}, false
}

// simplify simplifies every arc's moved points with the Douglas–Peucker
// algorithm and the arc's tolerance (in pixels), keeping its ends (and,
// for a closed loop, the point farthest from its start).
func (t *tracer) simplify(tolerance func(a *arc) float64) {
	for i := range t.arcs {
		a := &t.arcs[i]
		tol := tolerance(a)
		if a.closed {
			far, best := 0, -1.0
			for j, p := range a.moved {
				dx, dy := p.X-a.moved[0].X, p.Y-a.moved[0].Y
				if d := dx*dx + dy*dy; d > best {
					far, best = j, d
				}
			}
			first := douglasPeucker(a.moved[:far+1], tol)
			second := douglasPeucker(a.moved[far:], tol)
			a.simple = append(first, second[1:]...)
			continue
		}
		a.simple = douglasPeucker(a.moved, tol)
	}
}

func douglasPeucker(pts []Point, tol float64) []Point {
	if len(pts) <= 2 {
		return append([]Point(nil), pts...)
	}
	keep := make([]bool, len(pts))
	keep[0], keep[len(pts)-1] = true, true
	var rec func(i, j int)
	rec = func(i, j int) {
		if j <= i+1 {
			return
		}
		ax, ay := pts[i].X, pts[i].Y
		dx, dy := pts[j].X-ax, pts[j].Y-ay
		l2 := dx*dx + dy*dy
		far, best := -1, -1.0
		for k := i + 1; k < j; k++ {
			px, py := pts[k].X-ax, pts[k].Y-ay
			var d float64
			if l2 == 0 {
				d = px*px + py*py
			} else {
				c := px*dy - py*dx
				d = c * c / l2
			}
			if d > best {
				far, best = k, d
			}
		}
		if best > tol*tol {
			keep[far] = true
			rec(i, far)
			rec(far, j)
		}
	}
	rec(0, len(pts)-1)
	var out []Point
	for k, p := range pts {
		if keep[k] {
			out = append(out, p)
		}
	}
	return out
}

// ringPoints returns a ring's simplified vertices, closed implicitly.
func (t *tracer) ringPoints(r ring) []Point {
	return t.ringOf(r, func(i int) []Point { return t.arcs[i].simple })
}

// ringOf returns a ring's vertices, those of its arcs that pick returns
// (by the arc's index), closed implicitly.
func (t *tracer) ringOf(r ring, pick func(arc int) []Point) []Point {
	var out []Point
	for _, s := range r {
		pts := pick(s.arc)
		if s.reverse {
			rev := make([]Point, len(pts))
			for i := range pts {
				rev[i] = pts[len(pts)-1-i]
			}
			pts = rev
		}
		if len(out) > 0 {
			pts = pts[1:]
		}
		out = append(out, pts...)
	}
	if len(out) > 1 && out[0] == out[len(out)-1] {
		out = out[:len(out)-1]
	}
	return out
}
