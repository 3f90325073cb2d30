package board

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/chancery/chancery/rules"

	"github.com/chancery/chancery/variants"
)

// The smallest colour differences (CIEDE2000) the palette must keep, as
// each kind of sight sees it. About 2 is a difference barely seen side
// by side; 10 is one seen at a glance. Units also differ by shape and
// letter, so their colours may be nearer each other than the lands'
// would allow alone: they are not.
const (
	minUnits = 15 // between two powers' units
	minLands = 10 // between two powers' lands, and a power's land and the sea or unowned land
)

// Machado, Oliveira and Fernandes (2009), "A physiologically-based model
// for simulation of color vision deficiency", severity 1: matrices on
// linear RGB.
var sights = []struct {
	name string
	m    [3][3]float64
}{
	{"normal sight", [3][3]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}},
	{"protanopia", [3][3]float64{{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}}},
	{"deuteranopia", [3][3]float64{{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}}},
	{"tritanopia", [3][3]float64{{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}}},
}

// TestPaletteReadsForEveryone: in every variant, each power's units and
// lands are told apart from every other power's, and its lands from the
// sea, the lakes and unowned land, in light and dark mode, by normal sight and
// as simulated for the three common colour-vision deficiencies. (The old
// palette put England's land 2.4 from the sea for tritanopia, and two
// powers' lands 2.8 apart for deuteranopia.)
func TestPaletteReadsForEveryone(t *testing.T) {
	reg := variants.MustLoad()
	for _, name := range reg.Names() {
		v, err := reg.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		var powers, colours []string
		for p := 1; p < len(v.Map.Powers); p++ {
			if rules.Power(p) != v.Neutral {
				powers = append(powers, v.Map.Powers[p])
				colours = append(colours, Colour(v, rules.Power(p)))
			}
		}
		for _, sc := range []struct {
			name string
			s    Scheme
		}{{"light", Light}, {"dark", Dark}} {
			for _, sight := range sights {
				see := func(c string) lab { return toLab(simulate(c, sight.m)) }
				sea, land, water := see(sc.s.Sea), see(sc.s.Land), see(sc.s.Water)
				at := fmt.Sprintf("%s, %s mode, %s", name, sc.name, sight.name)
				for i, a := range colours {
					ta := see(sc.s.Tint(a))
					if d := ciede2000(ta, sea); d < minLands {
						t.Errorf("%s: %s's land %s is %.1f from the sea %s, want ≥ %d", at, powers[i], sc.s.Tint(a), d, sc.s.Sea, minLands)
					}
					if d := ciede2000(ta, water); d < minLands {
						t.Errorf("%s: %s's land %s is %.1f from the lakes %s, want ≥ %d", at, powers[i], sc.s.Tint(a), d, sc.s.Water, minLands)
					}
					if d := ciede2000(ta, land); d < minLands {
						t.Errorf("%s: %s's land %s is %.1f from unowned land %s, want ≥ %d", at, powers[i], sc.s.Tint(a), d, sc.s.Land, minLands)
					}
					for j := i + 1; j < len(colours); j++ {
						b := colours[j]
						if d := ciede2000(ta, see(sc.s.Tint(b))); d < minLands {
							t.Errorf("%s: %s's and %s's lands are %.1f apart, want ≥ %d", at, powers[i], powers[j], d, minLands)
						}
						if d := ciede2000(see(a), see(b)); d < minUnits {
							t.Errorf("%s: %s's and %s's units (%s, %s) are %.1f apart, want ≥ %d", at, powers[i], powers[j], a, b, d, minUnits)
						}
					}
				}
			}
		}
	}
}

// TestBoardsUseThePalettesSea: the variants' generated boards (package
// maps cannot import this one) paint the sea, the lakes and the land off
// the board in the palette's colours.
func TestBoardsUseThePalettesSea(t *testing.T) {
	reg := variants.MustLoad()
	for _, name := range reg.Names() {
		svg, err := variants.Board(name)
		if err != nil {
			continue // a variant without a drawn board
		}
		for _, c := range []string{Light.Sea, Light.Water, Light.Region} {
			if !strings.Contains(string(svg), "fill:"+c) {
				t.Errorf("the board of %s does not paint %s", name, c)
			}
		}
	}
}

// TestPaletteCheckFindsTheOldFault: the measure tells England's old land
// from the sea no better than the reader did.
func TestPaletteCheckFindsTheOldFault(t *testing.T) {
	for _, s := range sights {
		if s.name != "tritanopia" {
			continue
		}
		d := ciede2000(toLab(simulate("#afd1d8", s.m)), toLab(simulate("#b9d3e6", s.m)))
		if d >= 5 {
			t.Errorf("England's old land is %.1f from the sea for tritanopia; the measure should find it near", d)
		}
	}
}

type lab [3]float64

func linear(c float64) float64 {
	if c <= 0.04045 {
		return c / 12.92
	}
	return math.Pow((c+0.055)/1.055, 2.4)
}

func gamma(c float64) float64 {
	c = math.Max(0, math.Min(1, c))
	if c <= 0.0031308 {
		return c * 12.92
	}
	return 1.055*math.Pow(c, 1/2.4) - 0.055
}

// simulate returns the sRGB colour (0 to 1) that c looks like through m.
func simulate(c string, m [3][3]float64) [3]float64 {
	v := rgb(c)
	l := [3]float64{linear(float64(v[0]) / 255), linear(float64(v[1]) / 255), linear(float64(v[2]) / 255)}
	var out [3]float64
	for i := range out {
		out[i] = gamma(m[i][0]*l[0] + m[i][1]*l[1] + m[i][2]*l[2])
	}
	return out
}

// toLab converts sRGB (0 to 1, D65) to CIELAB.
func toLab(c [3]float64) lab {
	r, g, b := linear(c[0]), linear(c[1]), linear(c[2])
	x := (0.4124564*r + 0.3575761*g + 0.1804375*b) / 0.95047
	y := 0.2126729*r + 0.7151522*g + 0.0721750*b
	z := (0.0193339*r + 0.1191920*g + 0.9503041*b) / 1.08883
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Cbrt(t)
		}
		return (24389.0/27*t + 16) / 116
	}
	fx, fy, fz := f(x), f(y), f(z)
	return lab{116*fy - 16, 500 * (fx - fy), 200 * (fy - fz)}
}

// ciede2000 is the CIEDE2000 colour difference (Sharma, Wu and Dalal,
// 2005).
func ciede2000(p, q lab) float64 {
	rad := math.Pi / 180
	c1, c2 := math.Hypot(p[1], p[2]), math.Hypot(q[1], q[2])
	cm7 := math.Pow((c1+c2)/2, 7)
	g := 0.5 * (1 - math.Sqrt(cm7/(cm7+math.Pow(25, 7))))
	a1, a2 := (1+g)*p[1], (1+g)*q[1]
	c1p, c2p := math.Hypot(a1, p[2]), math.Hypot(a2, q[2])
	hue := func(a, b float64) float64 {
		if a == 0 && b == 0 {
			return 0
		}
		h := math.Atan2(b, a) / rad
		if h < 0 {
			h += 360
		}
		return h
	}
	h1, h2 := hue(a1, p[2]), hue(a2, q[2])
	dL, dC := q[0]-p[0], c2p-c1p
	dh := 0.0
	if c1p*c2p != 0 {
		dh = h2 - h1
		if dh > 180 {
			dh -= 360
		} else if dh < -180 {
			dh += 360
		}
	}
	dH := 2 * math.Sqrt(c1p*c2p) * math.Sin(dh*rad/2)
	lm, cm := (p[0]+q[0])/2, (c1p+c2p)/2
	hm := h1 + h2
	if c1p*c2p != 0 {
		if math.Abs(h1-h2) > 180 {
			if hm < 360 {
				hm += 360
			} else {
				hm -= 360
			}
		}
		hm /= 2
	}
	tt := 1 - 0.17*math.Cos((hm-30)*rad) + 0.24*math.Cos(2*hm*rad) + 0.32*math.Cos((3*hm+6)*rad) - 0.20*math.Cos((4*hm-63)*rad)
	dTheta := 30 * math.Exp(-math.Pow((hm-275)/25, 2))
	cm7p := math.Pow(cm, 7)
	rc := 2 * math.Sqrt(cm7p/(cm7p+math.Pow(25, 7)))
	sl := 1 + 0.015*(lm-50)*(lm-50)/math.Sqrt(20+(lm-50)*(lm-50))
	sc := 1 + 0.045*cm
	sh := 1 + 0.015*cm*tt
	rt := -math.Sin(2*dTheta*rad) * rc
	return math.Sqrt((dL/sl)*(dL/sl) + (dC/sc)*(dC/sc) + (dH/sh)*(dH/sh) + rt*(dC/sc)*(dH/sh))
}

// TestCIEDE2000 checks the formula against Sharma, Wu and Dalal's test
// data.
func TestCIEDE2000(t *testing.T) {
	for _, c := range []struct {
		p, q lab
		want float64
	}{
		{lab{50, 2.6772, -79.7751}, lab{50, 0, -82.7485}, 2.0425},
		{lab{50, 2.5, 0}, lab{73, 25, -18}, 27.1492},
		{lab{2.0776, 0.0795, -1.1350}, lab{0.9033, -0.0636, -0.5514}, 0.9082},
		{lab{60.2574, -34.0099, 36.2677}, lab{60.4626, -34.1751, 39.4387}, 1.2644},
	} {
		if got := ciede2000(c.p, c.q); math.Abs(got-c.want) > 1e-4 {
			t.Errorf("ΔE00(%v, %v) = %.4f, want %.4f", c.p, c.q, got, c.want)
		}
	}
}
