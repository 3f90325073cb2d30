package board

import (
	"fmt"
	"strings"

	"github.com/chancery/chancery/rules"
)

// The palette is the one place the powers' colours, the sea's and the
// land's are chosen: the pictures drawn here use it, and the web client's
// style sheet is generated from it (CSS). TestPaletteReadsForEveryone
// checks, for every variant, that each power's colour, on its units and
// tinted on its land, stays apart from every other power's, from the sea
// and from land nobody owns, for normal sight and as people with
// protanopia, deuteranopia or tritanopia see it. The colours were found
// by searching for the largest such distances near Okabe and Ito's
// palette; every power also has its own shape and letter.
var palette = [...]string{"#cb8c0b", "#46a3ff", "#6b906e", "#fdd200", "#654df1", "#af4a19", "#956688", "#a8b0b6"}

// A Scheme is the colours of the board's ground, in light or dark mode:
// the sea, land nobody owns, and the regions off the board (Water, lakes
// and seas no unit enters; Region, land no unit enters).
type Scheme struct {
	Sea, Land, Water, Region string
}

var (
	// Light is the board's ground in the pictures and in the client's
	// light mode.
	Light = Scheme{Sea: "#b9d3e6", Land: "#efe6cc", Water: "#d3e1ea", Region: "#d6d2c8"}
	// Dark is the client's ground in dark mode.
	Dark = Scheme{Sea: "#2b4457", Land: "#5b5647", Water: "#2f4350", Region: "#3c3a36"}
)

// tintShare is how much of its owner's colour an owned province's fill
// holds, the rest being the land's.
const tintShare = 0.65

// Colour returns the colour the variant's power p is drawn in
// ("#cb8c0b"): the palette's colours in the order of the map's powers,
// starting again after the last; white for no power and for the
// variant's neutral units.
func Colour(v *rules.Variant, p rules.Power) string {
	if p == rules.NoPower || p == v.Neutral {
		return "#ffffff"
	}
	return palette[(int(p)-1)%len(palette)]
}

// Tint returns the fill of land owned by a power of colour c on the
// scheme's land: the two mixed in sRGB, as CSS color-mix does.
func (s Scheme) Tint(c string) string {
	a, b := rgb(c), rgb(s.Land)
	var m [3]int
	for i := range m {
		m[i] = int(tintShare*float64(a[i]) + (1-tintShare)*float64(b[i]) + 0.5)
	}
	return fmt.Sprintf("#%02x%02x%02x", m[0], m[1], m[2])
}

// rgb reads "#rrggbb".
func rgb(c string) [3]int {
	var v [3]int
	fmt.Sscanf(c, "#%02x%02x%02x", &v[0], &v[1], &v[2])
	return v
}

// CSS is the web client's style for the palette: the custom properties
// --p0 to --p7 (a power's colour, by its place in the variant's list),
// --p8 (no power), --sea, --land, --water and --region, in light and
// dark mode, and the
// fills of owned land (.own0 to .own7).
func CSS() string {
	var b strings.Builder
	b.WriteString("/* Generated from package board's palette (board/palette.go): edit it there. */\n")
	scheme := func(s Scheme) {
		fmt.Fprintf(&b, "--sea:%s;--land:%s;--water:%s;--region:%s;", s.Sea, s.Land, s.Water, s.Region)
		for i, c := range palette {
			fmt.Fprintf(&b, "--p%d:%s;--own%d:%s;", i, c, i, s.Tint(c))
		}
		b.WriteString("--p8:#ffffff;")
	}
	b.WriteString(":root{")
	scheme(Light)
	b.WriteString("}\n@media (prefers-color-scheme: dark){:root{")
	scheme(Dark)
	b.WriteString("}}\n")
	for i := range palette {
		fmt.Fprintf(&b, ".board path[data-terrain].own%d{fill:var(--own%d)}\n", i, i)
	}
	return b.String()
}
