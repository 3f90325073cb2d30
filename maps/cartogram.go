package maps

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"gonum.org/v1/gonum/dsp/fourier"
)

// The cartogram gives the provinces where units stand room to stand: a
// flow-based, density-equalising map (Gastner, Seguy and More, "Fast
// flow-based algorithm for creating density-equalizing map projections",
// PNAS 2018). Every owner of the partition gets a density; the density
// diffuses towards uniform, and every point of the board moves with the
// flow v = -∇ρ/ρ. The motion is continuous and one-to-one, so it keeps
// every border and every coast: shared outlines stay shared, since the
// same point always moves to the same place. The frame's edges are walls
// (the density's normal derivative is zero there), so the board stays the
// same rectangle.

// warp is a deformation of the board: where each node of a regular grid
// over the board goes, in SVG pixels; points between nodes move with
// their cell's corners (bilinearly).
type warp struct {
	nx, ny int     // nodes across and down
	sx, sy float64 // pixels between nodes
	x, y   []float64
}

// identityWarp is the warp that moves nothing, on a grid of nx×ny nodes
// over a w×h pixel board.
func identityWarp(nx, ny int, w, h float64) *warp {
	f := &warp{nx: nx, ny: ny, sx: w / float64(nx-1), sy: h / float64(ny-1)}
	f.x, f.y = make([]float64, nx*ny), make([]float64, nx*ny)
	for j := range ny {
		for i := range nx {
			f.x[j*nx+i], f.y[j*nx+i] = float64(i)*f.sx, float64(j)*f.sy
		}
	}
	return f
}

// apply moves a point.
func (f *warp) apply(p Point) Point {
	u, v := p.X/f.sx, p.Y/f.sy
	i := min(max(int(math.Floor(u)), 0), f.nx-2)
	j := min(max(int(math.Floor(v)), 0), f.ny-2)
	fu, fv := u-float64(i), v-float64(j)
	a, b, c, d := j*f.nx+i, j*f.nx+i+1, (j+1)*f.nx+i, (j+1)*f.nx+i+1
	x := (1-fv)*((1-fu)*f.x[a]+fu*f.x[b]) + fv*((1-fu)*f.x[c]+fu*f.x[d])
	y := (1-fv)*((1-fu)*f.y[a]+fu*f.y[b]) + fv*((1-fu)*f.y[c]+fu*f.y[d])
	return Point{x, y}
}

// folds counts the grid's cells that the warp turns over or makes
// concave: where it is not one-to-one.
func (f *warp) folds() int { return len(f.foldedCells()) }

// unfoldPasses bounds unfold's relaxation passes.
const unfoldPasses = 200

// unfold mends the cells the warp folds, where composing a flow with an
// earlier warp that squeezed a sea to a few pixels turns a cell over:
// the nodes around each folded cell move, a pass at a time, halfway
// towards the mean of their four neighbours (a local Laplacian
// smoothing, nodes on the frame sliding along it), until no cell folds
// or unfoldPasses have passed. Nodes away from the folds do not move. It
// reports whether the warp is left without a fold.
func (f *warp) unfold() bool {
	W, H := float64(f.nx-1)*f.sx, float64(f.ny-1)*f.sy
	for range unfoldPasses {
		bad := f.foldedCells()
		if len(bad) == 0 {
			return true
		}
		// The nodes within two nodes of a folded cell.
		moving := map[int]bool{}
		for _, c := range bad {
			ci, cj := c%(f.nx-1), c/(f.nx-1)
			for j := max(cj-2, 0); j <= min(cj+3, f.ny-1); j++ {
				for i := max(ci-2, 0); i <= min(ci+3, f.nx-1); i++ {
					moving[j*f.nx+i] = true
				}
			}
		}
		nodes := make([]int, 0, len(moving))
		for n := range moving {
			nodes = append(nodes, n)
		}
		slices.Sort(nodes)
		nx, ny := make([]float64, len(nodes)), make([]float64, len(nodes))
		for k, n := range nodes {
			i, j := n%f.nx, n/f.nx
			sx, sy, m := 0.0, 0.0, 0
			for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				if u, v := i+d[0], j+d[1]; u >= 0 && u < f.nx && v >= 0 && v < f.ny {
					sx += f.x[v*f.nx+u]
					sy += f.y[v*f.nx+u]
					m++
				}
			}
			nx[k], ny[k] = (f.x[n]+sx/float64(m))/2, (f.y[n]+sy/float64(m))/2
			// Nodes on the frame stay on it.
			if i == 0 || i == f.nx-1 {
				nx[k] = f.x[n]
			}
			if j == 0 || j == f.ny-1 {
				ny[k] = f.y[n]
			}
			nx[k], ny[k] = math.Min(math.Max(nx[k], 0), W), math.Min(math.Max(ny[k], 0), H)
		}
		for k, n := range nodes {
			f.x[n], f.y[n] = nx[k], ny[k]
		}
	}
	return f.folds() == 0
}

// foldedCells lists the cells (numbered row by row) that folds counts.
func (f *warp) foldedCells() []int {
	var out []int
	cross := func(a, b, c int) float64 {
		return (f.x[b]-f.x[a])*(f.y[c]-f.y[a]) - (f.y[b]-f.y[a])*(f.x[c]-f.x[a])
	}
	for j := 0; j+1 < f.ny; j++ {
		for i := 0; i+1 < f.nx; i++ {
			a, b, c, d := j*f.nx+i, j*f.nx+i+1, (j+1)*f.nx+i, (j+1)*f.nx+i+1
			if cross(a, b, d) <= 0 || cross(b, d, c) <= 0 || cross(d, c, a) <= 0 || cross(c, a, b) <= 0 {
				out = append(out, j*(f.nx-1)+i)
			}
		}
	}
	return out
}

// flow is the diffusion of one density over the grid's nodes.
type flow struct {
	nx, ny int
	coef   []float64 // the density's cosine coefficients, blurred
	rho    []float64 // scratch: the density at a time
	row    []float64
	col    []float64
	dctX   *fourier.DCT
	dctY   *fourier.DCT
}

// newFlow takes the density at the nodes (row by row) and a blur in
// nodes, which smooths the jumps between provinces.
func newFlow(nx, ny int, rho []float64, blur float64) *flow {
	fl := &flow{nx: nx, ny: ny, coef: append([]float64(nil), rho...), rho: make([]float64, nx*ny),
		row: make([]float64, nx), col: make([]float64, ny), dctX: fourier.NewDCT(nx), dctY: fourier.NewDCT(ny)}
	fl.transform(fl.coef)
	fl.decay(fl.coef, blur*blur/2)
	return fl
}

// transform applies the two-dimensional cosine transform (type I) in
// place; applied twice it multiplies by 4(nx-1)(ny-1).
func (fl *flow) transform(a []float64) {
	for j := range fl.ny {
		r := a[j*fl.nx : (j+1)*fl.nx]
		copy(fl.row, r)
		fl.dctX.Transform(r, fl.row)
	}
	for i := range fl.nx {
		for j := range fl.ny {
			fl.col[j] = a[j*fl.nx+i]
		}
		fl.dctY.Transform(fl.col, fl.col)
		for j := range fl.ny {
			a[j*fl.nx+i] = fl.col[j]
		}
	}
}

// decay multiplies each coefficient by the heat kernel over time t.
func (fl *flow) decay(a []float64, t float64) {
	lx, ly := float64(fl.nx-1), float64(fl.ny-1)
	ex := make([]float64, fl.nx)
	for k := range ex {
		kx := math.Pi * float64(k) / lx
		ex[k] = math.Exp(-kx * kx * t)
	}
	for l := range fl.ny {
		ky := math.Pi * float64(l) / ly
		ey := math.Exp(-ky * ky * t)
		for k := range fl.nx {
			a[l*fl.nx+k] *= ex[k] * ey
		}
	}
}

// velocity returns the flow's velocity at time t at every node, in nodes
// per unit time: -∇ρ/ρ, zero across the frame's edges.
func (fl *flow) velocity(t float64) (vx, vy []float64) {
	copy(fl.rho, fl.coef)
	fl.decay(fl.rho, t)
	fl.transform(fl.rho)
	nx, ny := fl.nx, fl.ny
	vx, vy = make([]float64, nx*ny), make([]float64, nx*ny)
	for j := range ny {
		for i := range nx {
			c := j*nx + i
			r := fl.rho[c]
			if i > 0 && i < nx-1 {
				vx[c] = -(fl.rho[c+1] - fl.rho[c-1]) / 2 / r
			}
			if j > 0 && j < ny-1 {
				vy[c] = -(fl.rho[c+nx] - fl.rho[c-nx]) / 2 / r
			}
		}
	}
	return vx, vy
}

// at interpolates a node field at a point in node units.
func at(f []float64, nx, ny int, u, v float64) float64 {
	i := min(max(int(math.Floor(u)), 0), nx-2)
	j := min(max(int(math.Floor(v)), 0), ny-2)
	fu, fv := u-float64(i), v-float64(j)
	a := j*nx + i
	return (1-fv)*((1-fu)*f[a]+fu*f[a+1]) + fv*((1-fu)*f[a+nx]+fu*f[a+nx+1])
}

// cartogram moves the nodes of the warp f with the flow of the density
// rho (given at the grid's nodes, in the board as f draws it) until it is
// uniform, by a predictor-corrector
// integration whose step halves when the two disagree. It returns the
// composed warp: first f, then the flow.
func cartogram(f *warp, rho []float64, blur float64) *warp {
	nx, ny := f.nx, f.ny
	fl := newFlow(nx, ny, rho, blur)
	lx, ly := float64(nx-1), float64(ny-1)
	// Positions in node units, starting on the nodes.
	pu, pv := make([]float64, nx*ny), make([]float64, nx*ny)
	for j := range ny {
		for i := range nx {
			pu[j*nx+i], pv[j*nx+i] = float64(i), float64(j)
		}
	}
	qu, qv := make([]float64, nx*ny), make([]float64, nx*ny)
	tMax := math.Max(lx, ly) * math.Max(lx, ly)
	t, dt := 0.0, 0.01
	v0x, v0y := fl.velocity(t)
	for steps := 0; t < tMax && steps < 2000; steps++ {
		v1x, v1y := fl.velocity(t + dt)
		worst := 0.0
		for c := range pu {
			ax, ay := at(v0x, nx, ny, pu[c], pv[c]), at(v0y, nx, ny, pu[c], pv[c])
			su, sv := pu[c]+dt*ax, pv[c]+dt*ay
			bx, by := at(v1x, nx, ny, su, sv), at(v1y, nx, ny, su, sv)
			qu[c], qv[c] = pu[c]+dt*(ax+bx)/2, pv[c]+dt*(ay+by)/2
			worst = math.Max(worst, math.Hypot(qu[c]-su, qv[c]-sv))
			worst = math.Max(worst, math.Hypot(dt*ax, dt*ay)/10) // at most a node's move a step
		}
		if worst > 0.1 && dt > 1e-6 {
			dt /= 2
			continue
		}
		for c := range pu {
			pu[c], pv[c] = math.Min(math.Max(qu[c], 0), lx), math.Min(math.Max(qv[c], 0), ly)
		}
		t += dt
		v0x, v0y = v1x, v1y
		dt *= 1.5
	}
	moved := &warp{nx: nx, ny: ny, sx: f.sx, sy: f.sy, x: pu, y: pv}
	for c := range pu {
		pu[c], pv[c] = pu[c]*f.sx, pv[c]*f.sy
	}
	out := &warp{nx: nx, ny: ny, sx: f.sx, sy: f.sy, x: make([]float64, nx*ny), y: make([]float64, nx*ny)}
	for c := range f.x {
		q := moved.apply(Point{f.x[c], f.y[c]})
		out.x[c], out.y[c] = q.X, q.Y
	}
	return out
}

// cartogramPasses is how many times the cartogram is run, each on the
// board the previous ones drew, to come nearer the target areas.
const cartogramPasses = 3

// shapeBoard computes the cartogram's warp of the partition (owner, with
// its traced rings) for the layout's densities.
func shapeBoard(l *Layout, g *grid, o *owners, owner []int32, t *tracer, rings map[int][]ring, notes *[]string) *warp {
	W, H := float64(g.w)*g.cell, float64(g.h)*g.cell
	step := math.Max(2*g.cell, math.Max(W, H)/320)
	nx, ny := smooth(int(math.Round(W/step)))+1, smooth(int(math.Round(H/step)))+1
	w := identityWarp(nx, ny, W, H)

	// The target area of each owner, up to a common factor.
	area := ownerAreas(owner, o.n)
	mean, n := 0.0, 0
	for i := range o.m.Provinces {
		if !o.water[i] && area[i] > 0 {
			mean += area[i]
			n++
		}
	}
	mean /= float64(max(n, 1))
	target := make([]float64, o.n)
	for a := range target {
		target[a] = area[a] * l.SeaDensity
		if a >= len(o.m.Provinces) || area[a] == 0 {
			continue
		}
		land := area[a] * math.Pow(mean/area[a], l.Cartogram)
		switch {
		case !o.water[a]:
			target[a] = land
		case o.m.Provinces[a].Impassable:
			// An impassable lake (Baikal) holds no unit but a label: it
			// grows like a land province, never shrinks below a sea.
			target[a] = math.Max(target[a], land)
		}
	}
	w = cartogramRounds(g, o, t, rings, w, target, cartogramPasses, nx, ny, l.Straits)
	return widenNarrow(g, o, t, rings, w, nx, ny, l.Straits, notes)
}

// cartogramRounds runs the cartogram rounds times on the warp w, each on
// the board the previous ones drew, towards the owners' target areas,
// the water of straits (within straits cells of two shores; 0: none)
// at least as dense as their denser shore.
func cartogramRounds(g *grid, o *owners, t *tracer, rings map[int][]ring, w *warp, target []float64, rounds, nx, ny, straits int) *warp {
	for range rounds {
		cells := rasterOwners(g, t, rings, w)
		now := ownerAreas(cells, o.n)
		dens := make([]float64, o.n)
		for a := range dens {
			dens[a] = 1
			if now[a] > 0 && target[a] > 0 {
				dens[a] = target[a] / now[a]
			}
		}
		w = cartogram(w, nodeDensity(g, straitDensity(o, cells, dens, g.w, g.h, straits), nx, ny, w.sx, w.sy), 1.5)
	}
	return w
}

// straitDensity is the density of each cell: its owner's (1 for none),
// except that water within reach cells of two land provinces the rules
// do not join (a strait: Java and Sumatra, Oman and Persia) takes at
// least the densest of them (none with reach 0). So a province that grows presses its
// neighbour across the strait no nearer: the water between grows with it.
func straitDensity(o *owners, owner []int32, dens []float64, w, h, reach int) []float64 {
	out := make([]float64, len(owner))
	land := func(a int32) bool { return o.isProvince(int(a)) && !o.water[a] }
	first := make([]int32, len(owner))
	strait := make([]float64, len(owner))
	for c, a := range owner {
		out[c], first[c] = 1, -1
		if a >= 0 {
			out[c] = dens[a]
		}
	}
	if reach <= 0 {
		return out
	}
	for y := range h {
		for x := range w {
			a := owner[y*w+x]
			if !land(a) {
				continue
			}
			coast := false
			for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				if u, v := x+d[0], y+d[1]; u >= 0 && u < w && v >= 0 && v < h {
					if b := owner[v*w+u]; b < 0 || o.water[b] {
						coast = true
					}
				}
			}
			if !coast {
				continue
			}
			for v := max(y-reach, 0); v <= min(y+reach, h-1); v++ {
				for u := max(x-reach, 0); u <= min(x+reach, w-1); u++ {
					c := v*w + u
					if b := owner[c]; b >= 0 && !o.water[b] || (u-x)*(u-x)+(v-y)*(v-y) > reach*reach {
						continue
					}
					switch f := first[c]; {
					case f < 0:
						first[c] = a
					case f != a && !o.compat[f][a]:
						strait[c] = math.Max(strait[c], math.Max(dens[f], dens[a]))
					}
				}
			}
		}
	}
	for c := range out {
		out[c] = math.Max(out[c], strait[c])
	}
	return out
}

// GoalMinRadius is the inner radius every land province should reach, as
// a share of the board's width: a unit fits inside with room around it.
const GoalMinRadius = 0.02

// widenAim is the inner radius the shape step aims at, as a share of the
// width: above GoalMinRadius, since smoothing and simplifying the
// outlines afterwards take a little off.
const widenAim = 0.0215

// widenSteps bounds the shape step's passes.
const widenSteps = 10

// widenNarrow is the shape step after the cartogram: a local inflation.
// The land provinces whose largest inner circle is narrower than widenAim
// (the strips: Naples, Cebu, Noto) get a larger target area, by the
// square of the radius they lack, and every other owner its area as
// drawn now, so that only the narrow ones push and the rest of the board
// is not pulled on towards the cartogram's targets; the cartogram runs
// again. A province grows in every direction, so a strip widens along its
// short axis too. A pass that folds cells of the grid has them mended
// (unfold). After every pass the moved partition must keep the borders
// it had (no border gained or lost), bring no two provinces the rules do
// not join nearer than a few cells, and the warp must fold no cell; a
// pass that breaks one is tried again weaker, and after eight tries the
// step ends.
func widenNarrow(g *grid, o *owners, t *tracer, rings map[int][]ring, w *warp, nx, ny, straits int, notes *[]string) *warp {
	cells := rasterOwners(g, t, rings, w)
	want := adjacency(o, cells, g.w, g.h)
	// Provinces the rules do not join may not come within a few cells
	// (a drawn contact): the widening presses narrow seas together.
	// (an outline's gap is about a cell less than the distance between
	// the two provinces' nearest cells).
	nearFloor := 1.5 + ContactGap*float64(g.w)
	near := nearPairs(o, cells, g.w, g.h, int(math.Ceil(nearFloor)))
	aim := widenAim * float64(g.w) * g.cell
	for range widenSteps {
		// The provinces that came too near another in this pass's tries:
		// they grow no more in it.
		held := make([]bool, o.n)
		radius := innerRadii(g, o, t, rings, w)
		now := ownerAreas(rasterOwners(g, t, rings, w), o.n)
		grow := make([]float64, len(radius))
		for a, r := range radius {
			if r > 0 && r < aim && !held[a] {
				grow[a] = math.Min(aim*aim/(r*r)*1.1, 3)
			}
		}
		if slices.Max(grow) == 0 {
			break
		}
		// A pass that brings two provinces too near is tried again
		// without growing them; one that breaks a check otherwise, growing
		// half as much (in the exponent). After eight tries the step ends.
		var why string
		strength := 1.0
		for range 8 {
			next := append([]float64(nil), now...)
			for a, f := range grow {
				if f > 0 && !held[a] {
					next[a] *= math.Pow(f, strength)
				}
			}
			moved := cartogramRounds(g, o, t, rings, w, next, 2, nx, ny, straits)
			moved.unfold()
			var pairs [][2]int32
			why, pairs = widenBreaks(o, g, t, rings, moved, want, near, nearFloor)
			if why == "" {
				w = moved
				break
			}
			newly := false
			for _, pr := range pairs {
				for _, a := range pr {
					if grow[a] > 0 && !held[a] {
						held[a], newly = true, true
					}
				}
			}
			if !newly {
				strength /= 2
			}
		}
		if why != "" {
			*notes = append(*notes, "the shape step stopped: a pass "+why)
			break
		}
	}
	return w
}

// widenBreaks says how the warp w breaks the shape step's checks: a fold,
// a border gained or lost (want are the borders before), or provinces the
// rules do not join brought nearer each other than nearFloor cells (near
// are their distances before); "" if it breaks none.
func widenBreaks(o *owners, g *grid, t *tracer, rings map[int][]ring, w *warp, want map[[2]int32]bool, near map[[2]int32]float64, nearFloor float64) (string, [][2]int32) {
	if n := w.folds(); n > 0 {
		return fmt.Sprintf("folded %d cells", n), nil
	}
	cells := rasterOwners(g, t, rings, w)
	if d := adjacencyChange(o, want, adjacency(o, cells, g.w, g.h)); d != "" {
		return d, nil
	}
	if pairs := closerThan(near, nearPairs(o, cells, g.w, g.h, int(math.Ceil(nearFloor))), nearFloor); len(pairs) > 0 {
		var d []string
		for _, pr := range pairs {
			d = append(d, o.names[pr[0]]+"-"+o.names[pr[1]])
		}
		return "brought together " + strings.Join(d, ", "), pairs
	}
	return "", nil
}

// innerRadii is, for each land province (impassable ones aside), the
// radius of the largest circle inside its outline as w moves it; zero for
// the other owners.
func innerRadii(g *grid, o *owners, t *tracer, rings map[int][]ring, w *warp) []float64 {
	pts := movedArcs(g, t, w)
	out := make([]float64, o.n)
	for a := range o.m.Provinces {
		if o.water[a] || o.m.Provinces[a].Impassable || len(rings[a]) == 0 {
			continue
		}
		var rs [][]Point
		for _, r := range rings[a] {
			rs = append(rs, t.ringOf(r, pts))
		}
		_, out[a] = innerCircle(rs, 0.5)
	}
	return out
}

// adjacency is the set of pairs of provinces whose cells touch side by
// side (the leftover land and water and the regions aside: specks of them
// come and go as the raster samples the moved outlines).
func adjacency(o *owners, owner []int32, w, h int) map[[2]int32]bool {
	out := map[[2]int32]bool{}
	add := func(a, b int32) {
		if a != b && o.isProvince(int(a)) && o.isProvince(int(b)) {
			out[[2]int32{min(a, b), max(a, b)}] = true
		}
	}
	for y := range h {
		for x := range w {
			a := owner[y*w+x]
			if x+1 < w {
				add(a, owner[y*w+x+1])
			}
			if y+1 < h {
				add(a, owner[(y+1)*w+x])
			}
		}
	}
	return out
}

// nearPairs is, for each pair of provinces the rules do not join
// (impassable ones aside) with cells within k cells of each other, the
// least distance between the centres of their cells, in cells.
func nearPairs(o *owners, owner []int32, w, h, k int) map[[2]int32]float64 {
	out := map[[2]int32]float64{}
	for y := range h {
		for x := range w {
			a := owner[y*w+x]
			if !o.isProvince(int(a)) {
				continue
			}
			for dy := 0; dy <= k && y+dy < h; dy++ {
				for dx := -k; dx <= k; dx++ {
					if dy == 0 && dx <= 0 || x+dx < 0 || x+dx >= w {
						continue
					}
					b := owner[(y+dy)*w+x+dx]
					if b == a || !o.isProvince(int(b)) || o.compat[a][b] {
						continue
					}
					pair := [2]int32{min(a, b), max(a, b)}
					d := math.Hypot(float64(dx), float64(dy))
					if old, ok := out[pair]; !ok || d < old {
						out[pair] = d
					}
				}
			}
		}
	}
	return out
}

// closerThan lists, sorted, the pairs that now come nearer than floor
// cells and nearer than they were (by a quarter of a cell).
func closerThan(was, now map[[2]int32]float64, floor float64) [][2]int32 {
	var out [][2]int32
	for k, dn := range now {
		if dw, ok := was[k]; dn < floor && (!ok || dn < dw-0.25) {
			out = append(out, k)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] || out[i][0] == out[j][0] && out[i][1] < out[j][1] })
	return out
}

// adjacencyChange says which pairs of owners touch in one adjacency set
// and not the other ("gained sak-vla", "lost den-swe"), or "" if none.
func adjacencyChange(o *owners, was, now map[[2]int32]bool) string {
	name := func(a int32) string {
		if a < 0 {
			return "outside"
		}
		return o.names[a]
	}
	var d []string
	for k := range now {
		if !was[k] {
			d = append(d, "gained "+name(k[0])+"-"+name(k[1]))
		}
	}
	for k := range was {
		if !now[k] {
			d = append(d, "lost "+name(k[0])+"-"+name(k[1]))
		}
	}
	sort.Strings(d)
	return strings.Join(d, ", ")
}

// ownerAreas counts each owner's cells.
func ownerAreas(owner []int32, n int) []float64 {
	area := make([]float64, n)
	for _, a := range owner {
		if a >= 0 && int(a) < n {
			area[a]++
		}
	}
	return area
}

// nodeDensity averages the cells' densities over the cells around each
// node of an nx×ny grid (sx, sy pixels apart).
func nodeDensity(g *grid, dens []float64, nx, ny int, sx, sy float64) []float64 {
	rho := make([]float64, nx*ny)
	for j := range ny {
		y0 := int(math.Floor((float64(j) - 0.5) * sy / g.cell))
		y1 := int(math.Ceil((float64(j) + 0.5) * sy / g.cell))
		for i := range nx {
			x0 := int(math.Floor((float64(i) - 0.5) * sx / g.cell))
			x1 := int(math.Ceil((float64(i) + 0.5) * sx / g.cell))
			sum, k := 0.0, 0
			for y := max(y0, 0); y < min(y1, g.h); y++ {
				for x := max(x0, 0); x < min(x1, g.w); x++ {
					sum += dens[y*g.w+x]
					k++
				}
			}
			rho[j*nx+i] = 1
			if k > 0 {
				rho[j*nx+i] = sum / float64(k)
			}
		}
	}
	return rho
}

// rasterOwners draws the partition as the warp moves it back onto the
// grid's cells: each cell's owner is the owner whose moved rings enclose
// its centre (-1 for none).
func rasterOwners(g *grid, t *tracer, rings map[int][]ring, w *warp) []int32 {
	out := make([]int32, g.w*g.h)
	for i := range out {
		out[i] = -1
	}
	pts := movedArcs(g, t, w)
	owners := make([]int, 0, len(rings))
	for a := range rings {
		owners = append(owners, a)
	}
	sort.Ints(owners)
	for _, a := range owners {
		rows := map[int][]float64{}
		for _, r := range rings[a] {
			crossings(t.ringOf(r, pts), g.cell, g.h, rows)
		}
		for j, xs := range rows {
			sort.Float64s(xs)
			for k := 0; k+1 < len(xs); k += 2 {
				for i := max(0, int(math.Ceil(xs[k]-0.5))); i <= min(g.w-1, int(math.Ceil(xs[k+1]-0.5))-1); i++ {
					out[j*g.w+i] = int32(a)
				}
			}
		}
	}
	return out
}

// smooth returns the least number at least n whose only prime factors are
// 2, 3 and 5: a length the cosine transform (an FFT of n) does fast.
func smooth(n int) int {
	for ; ; n++ {
		m := n
		for _, p := range []int{2, 3, 5} {
			for m%p == 0 {
				m /= p
			}
		}
		if m == 1 {
			return n
		}
	}
}

// movedArcs returns the points of t's arc ai as w moves them, each arc
// moved once and kept for the next call.
func movedArcs(g *grid, t *tracer, w *warp) func(ai int) []Point {
	moved := make(map[int][]Point, len(t.arcs))
	return func(ai int) []Point {
		if m, ok := moved[ai]; ok {
			return m
		}
		a := &t.arcs[ai]
		m := make([]Point, len(a.pts))
		for j, q := range a.pts {
			m[j] = w.apply(Point{float64(q.x) * g.cell, float64(q.y) * g.cell})
		}
		moved[ai] = m
		return m
	}
}
