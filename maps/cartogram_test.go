package maps

import (
	"math"
	"testing"

	"github.com/chancery/chancery/rules"
)

// TestCartogramGrowsDenseRegionsAndKeepsTheFrame gives a square in the
// middle of a board four times the density of the rest: the flow must
// grow it towards its share of the board, fold nothing, and keep the
// frame's corners and edges where they are.
func TestCartogramGrowsDenseRegionsAndKeepsTheFrame(t *testing.T) {
	const nx, ny = 61, 46
	W, H := 600.0, 450.0
	f := identityWarp(nx, ny, W, H)
	sq := []Point{{250, 175}, {350, 175}, {350, 275}, {250, 275}}
	rho := make([]float64, nx*ny)
	for j := range ny {
		for i := range nx {
			rho[j*nx+i] = 1
			if x, y := float64(i)*f.sx, float64(j)*f.sy; x >= 250 && x <= 350 && y >= 175 && y <= 275 {
				rho[j*nx+i] = 4
			}
		}
	}
	w := cartogram(f, rho, 1)
	if n := w.folds(); n > 0 {
		t.Fatalf("the flow folds %d cells", n)
	}
	var ring []Point
	for k := range sq {
		a, b := sq[k], sq[(k+1)%len(sq)]
		for s := 0.0; s < 1; s += 0.05 {
			ring = append(ring, w.apply(Point{a.X + s*(b.X-a.X), a.Y + s*(b.Y-a.Y)}))
		}
	}
	before, after := 100.0*100, math.Abs(signedArea(ring))
	// A density of 4 on 1/27 of the board asks for 4/(26+4) of it: 9000 px².
	if after < 2*before || after > 4*before {
		t.Errorf("the dense square's area went from %.0f to %.0f px², want 2 to 4 times", before, after)
	}
	for _, c := range []Point{{0, 0}, {W, 0}, {0, H}, {W, H}} {
		if q := w.apply(c); math.Hypot(q.X-c.X, q.Y-c.Y) > 1e-9 {
			t.Errorf("the corner %v moved to %v", c, q)
		}
	}
	for _, e := range []Point{{0, 100}, {W, 300}} {
		if q := w.apply(e); q.X != e.X {
			t.Errorf("the edge point %v left its edge: %v", e, q)
		}
	}
	for _, e := range []Point{{100, 0}, {400, H}} {
		if q := w.apply(e); q.Y != e.Y {
			t.Errorf("the edge point %v left its edge: %v", e, q)
		}
	}
}

// TestCosineTransformTwiceIsScaling checks the two-dimensional transform
// the flow rests on: applied twice it multiplies by 4(nx-1)(ny-1).
func TestCosineTransformTwiceIsScaling(t *testing.T) {
	const nx, ny = 7, 5
	a := make([]float64, nx*ny)
	for i := range a {
		a[i] = math.Sin(float64(i*i) + 1)
	}
	fl := newFlow(nx, ny, a, 0)
	b := append([]float64(nil), a...)
	fl.transform(b)
	fl.transform(b)
	for i := range a {
		if got, want := b[i], a[i]*4*(nx-1)*(ny-1); math.Abs(got-want) > 1e-9 {
			t.Fatalf("element %d: %g after two transforms, want %g", i, got, want)
		}
	}
}

// TestStraitDensity lays two land provinces either side of a strait
// three cells wide: the strait's water takes the denser shore's density
// when the rules do not join the shores, and keeps its own when they do
// or when the water lies farther than the reach from one of them.
func TestStraitDensity(t *testing.T) {
	// Owners: 0 and 1 land, 2 sea; one row of cells.
	row := []int32{0, 0, 2, 2, 2, 1, 1, 2, 2, 2, 2, 2, 2}
	dens := []float64{3, 5, 0.5}
	for _, tc := range []struct {
		name   string
		joined bool
		want   []float64
	}{
		{"not joined", false, []float64{3, 3, 5, 5, 5, 5, 5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5}},
		{"joined", true, []float64{3, 3, 0.5, 0.5, 0.5, 5, 5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5}},
	} {
		o := &owners{
			m:      &rules.Map{Provinces: make([]rules.ProvinceInfo, 3)},
			water:  []bool{false, false, true},
			compat: [][]bool{{true, tc.joined, true}, {tc.joined, true, true}, {true, true, true}},
		}
		got := straitDensity(o, row, dens, len(row), 1, 4)
		for c := range got {
			if got[c] != tc.want[c] {
				t.Errorf("%s: cell %d has density %g, want %g (all: %v)", tc.name, c, got[c], tc.want[c], got)
				break
			}
		}
	}
}

// TestUnfoldMendsAFoldedCell turns a node of a warp over its neighbour
// (two cells fold) and checks that unfold mends the fold and leaves the
// nodes far from it where they were.
func TestUnfoldMendsAFoldedCell(t *testing.T) {
	w := identityWarp(21, 21, 200, 200)
	c := 10*w.nx + 10
	w.x[c] += 14 // past its right neighbour, 10 px away
	if w.folds() == 0 {
		t.Fatal("the moved node folds no cell")
	}
	if !w.unfold() || w.folds() != 0 {
		t.Fatalf("unfold left %d folded cells", w.folds())
	}
	for j := range w.ny {
		for i := range w.nx {
			if (i < 5 || i > 16 || j < 5 || j > 16) && (w.x[j*w.nx+i] != float64(i)*w.sx || w.y[j*w.nx+i] != float64(j)*w.sy) {
				t.Errorf("node %d,%d far from the fold moved to %.1f,%.1f", i, j, w.x[j*w.nx+i], w.y[j*w.nx+i])
			}
		}
	}
}
