package maps

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/chancery/chancery/rules"
)

// LonLat is a point on the Earth in degrees: longitude east, latitude north.
type LonLat struct {
	Lon, Lat float64
}

// Layout is a variant's layout file: how to draw its board from real
// coastlines. See docs/maps.md for the format.
type Layout struct {
	// Variant is the name of the variant the layout draws.
	Variant string
	// Source names the coastline file of world-atlas ("land-50m").
	Source string
	// Projection is the map projection and its centre.
	Projection Projection
	// Frame is the drawn rectangle in projected kilometres from the
	// projection's centre, y pointing north: X0 < X1, Y0 < Y1.
	Frame Frame
	// Width is the SVG's width in pixels; its height follows the frame.
	Width int
	// Cell is the size of one raster cell in SVG pixels.
	Cell float64
	// Simplify is the tolerance, in cells, of the simplification of
	// every traced coastline; SimplifyInner that of borders between two
	// land provinces or two seas, which no coastline constrains.
	Simplify, SimplifyInner float64
	// LabelSize is the font size of labels in SVG pixels.
	LabelSize float64
	// Cartogram, when above zero, is the power of the cartogram's
	// densities: a land province of area A gets density (Ā/A)^Cartogram,
	// Ā the mean land province's area, so 0.5 makes each land province's
	// area grow as the square root of its true area. Seas and regions get
	// SeaDensity. Zero draws the true geography.
	Cartogram, SeaDensity float64
	// Straits, when above zero, is how near (in cells) water must lie to
	// two land provinces the rules do not join for the cartogram to give
	// it at least the denser one's density: growing provinces then do not
	// press each other across a strait (Java and Sumatra).
	Straits int

	// Anchors lists each province's anchor points, by province id.
	Anchors map[string][]LonLat
	// Order is the province ids in the order the file gives them.
	Order []string
	// Regions are land and water that belong to no province.
	Regions []Region
	// Overrides force raster cells to land or water, in file order.
	Overrides []Override
	// Links are rules borders drawn as marked links across water.
	Links []Link
	// Islands lists the provinces allowed to be several shapes.
	Islands map[string]bool
	// Coasts gives each coast of a multi-coast province ("spa/nc") the
	// point its fleets stand at, which also decides which stretch of the
	// province's coastline belongs to the coast.
	Coasts map[string]LonLat
	// Labels, Units and Centres override the generator's choice of a
	// province's (or coast's) label point, unit point and centre marker.
	Labels, Units, Centres map[string]LonLat

	lines map[string]int // first line of each id's statement, for errors
}

// Projection is a map projection centred on a point.
type Projection struct {
	// Kind is "laea", Lambert's azimuthal equal-area projection, the only
	// one so far.
	Kind   string
	Centre LonLat
}

// Frame is a rectangle in projected kilometres, y pointing north.
type Frame struct {
	X0, Y0, X1, Y1 float64
}

// Region is land or water that is no province: Switzerland is a province
// (impassable) but Ireland is a region on the standard board, and so is
// land off the board's edge. Regions are drawn but have no borders.
type Region struct {
	ID      string
	Water   bool
	Name    string
	Anchors []LonLat
}

// Override forces the cells inside a polygon or a circle to land or water:
// a strait the board closes, or water it fills in.
type Override struct {
	Line    int
	Land    bool
	Polygon []LonLat // three or more points, or nil for a circle
	Centre  LonLat   // a circle's centre
	Radius  float64  // a circle's radius in kilometres
}

// Link is a rules border that crosses water, drawn as a marked line
// between two points (by default the two provinces' unit points).
type Link struct {
	Line int
	A, B string
	Ends []LonLat // none, or the two ends
	// Lane, when set, names a sea lane drawn round the board's south
	// edge from one end to the other, labelled with it ("Cape route"):
	// a route off the board, not a line across the land between. It
	// leaves the edge for its second end through Mouth, if given (the
	// Red Sea, for the cape route to Egypt).
	Lane  string
	Mouth []LonLat
}

// LayoutError is a problem in a layout file, with its line.
type LayoutError struct {
	Line int
	Msg  string
}

func (e *LayoutError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// ParseLayout reads a layout file.
func ParseLayout(r io.Reader) (*Layout, error) {
	l := &Layout{
		Source:        "land-50m",
		Cell:          2,
		Simplify:      0.75,
		SimplifyInner: 1.5,
		LabelSize:     11,
		Anchors:       map[string][]LonLat{},
		Islands:       map[string]bool{},
		Coasts:        map[string]LonLat{},
		Labels:        map[string]LonLat{},
		Units:         map[string]LonLat{},
		Centres:       map[string]LonLat{},
		lines:         map[string]int{},
	}
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		toks, err := splitQuoted(text)
		if err != nil {
			return nil, &LayoutError{line, err.Error()}
		}
		if len(toks) == 0 {
			continue
		}
		if err := l.statement(toks); err != nil {
			return nil, &LayoutError{line, err.Error()}
		}
		if _, ok := l.lines[toks[0]]; !ok {
			l.lines[toks[0]] = line
		}
		if len(l.Links) > 0 && l.Links[len(l.Links)-1].Line == 0 {
			l.Links[len(l.Links)-1].Line = line
		}
		if n := len(l.Overrides); n > 0 && l.Overrides[n-1].Line == 0 {
			l.Overrides[n-1].Line = line
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading layout: %w", err)
	}
	if l.Variant == "" {
		return nil, &LayoutError{line, "no variant statement"}
	}
	if l.Projection.Kind == "" {
		return nil, &LayoutError{line, "no projection statement"}
	}
	if l.Frame.X1 <= l.Frame.X0 || l.Frame.Y1 <= l.Frame.Y0 {
		return nil, &LayoutError{line, "no frame statement, or an empty frame"}
	}
	if l.Width <= 0 {
		return nil, &LayoutError{line, "no width statement"}
	}
	return l, nil
}

// splitQuoted splits a line into words and "quoted strings".
func splitQuoted(s string) ([]string, error) {
	var out []string
	for {
		s = strings.TrimLeft(s, " \t\r")
		if s == "" {
			return out, nil
		}
		if s[0] == '"' {
			j := strings.IndexByte(s[1:], '"')
			if j < 0 {
				return nil, fmt.Errorf("unterminated string")
			}
			out = append(out, s[1:1+j])
			s = s[j+2:]
			continue
		}
		j := strings.IndexAny(s, " \t\r")
		if j < 0 {
			j = len(s)
		}
		out = append(out, s[:j])
		s = s[j:]
	}
}

// statement applies one line of the layout file, its words in t.
func (l *Layout) statement(t []string) error {
	key, args := t[0], t[1:]
	switch key {
	case "variant":
		return l.setVariant(args)
	case "source":
		return l.setSource(args)
	case "projection":
		return l.setProjection(args)
	case "frame":
		return l.setFrame(args)
	case "width":
		return l.setWidth(args)
	case "simplify":
		return l.setSimplify(args)
	case "cartogram":
		return l.setCartogram(args)
	case "straits":
		return l.setStraits(args)
	case "cell", "labelsize":
		return l.setSize(key, args)
	case "region":
		return l.addRegion(args)
	case "land", "water":
		return l.addOverride(key, args)
	case "link":
		return l.addLink(args)
	case "islands":
		return l.addIslands(args)
	case "coast", "label", "unit", "centre":
		return l.setPoint(key, args)
	default:
		return l.addAnchors(key, args)
	}
}

func (l *Layout) setVariant(args []string) error {
	if len(args) != 1 {
		return fmt.Errorf("variant takes one name")
	}
	l.Variant = args[0]
	return nil
}

func (l *Layout) setSource(args []string) error {
	if len(args) != 1 || (args[0] != "land-50m" && args[0] != "land-10m" && args[0] != "land-110m") {
		return fmt.Errorf("source takes land-110m, land-50m or land-10m")
	}
	l.Source = args[0]
	return nil
}

func (l *Layout) setProjection(args []string) error {
	if len(args) != 3 || args[0] != "laea" {
		return fmt.Errorf("projection takes laea and a centre: projection laea LON LAT")
	}
	c, err := lonLats(args[1:])
	if err != nil {
		return err
	}
	l.Projection = Projection{Kind: args[0], Centre: c[0]}
	return nil
}

func (l *Layout) setFrame(args []string) error {
	f, err := numbers(args, 4)
	if err != nil {
		return fmt.Errorf("frame takes X0 Y0 X1 Y1 in kilometres: %v", err)
	}
	l.Frame = Frame{f[0], f[1], f[2], f[3]}
	if l.Frame.X1 <= l.Frame.X0 || l.Frame.Y1 <= l.Frame.Y0 {
		return fmt.Errorf("frame: X0 < X1 and Y0 < Y1 are needed")
	}
	return nil
}

func (l *Layout) setWidth(args []string) error {
	f, err := numbers(args, 1)
	if err != nil || f[0] < 100 || f[0] > 10000 || f[0] != math.Trunc(f[0]) {
		return fmt.Errorf("width takes a whole number of pixels, 100 to 10000")
	}
	l.Width = int(f[0])
	return nil
}

func (l *Layout) setSimplify(args []string) error {
	f, err := numbers(args, len(args))
	if err != nil || len(f) < 1 || len(f) > 2 || f[0] <= 0 || f[0] > 10 || (len(f) == 2 && (f[1] <= 0 || f[1] > 10)) {
		return fmt.Errorf("simplify takes one or two tolerances in cells, 0 to 10: simplify COAST [INNER]")
	}
	l.Simplify = f[0]
	if len(f) == 2 {
		l.SimplifyInner = f[1]
	}
	return nil
}

func (l *Layout) setCartogram(args []string) error {
	f, err := numbers(args, len(args))
	if err != nil || len(f) < 1 || len(f) > 2 || f[0] <= 0 || f[0] > 1 || (len(f) == 2 && (f[1] <= 0 || f[1] > 10)) {
		return fmt.Errorf("cartogram takes a power, 0 to 1, and optionally the seas' density, 0 to 10: cartogram POWER [SEA]")
	}
	l.Cartogram, l.SeaDensity = f[0], 1
	if len(f) == 2 {
		l.SeaDensity = f[1]
	}
	return nil
}

func (l *Layout) setStraits(args []string) error {
	f, err := numbers(args, 1)
	if err != nil || f[0] != math.Trunc(f[0]) || f[0] < 1 || f[0] > 20 {
		return fmt.Errorf("straits takes a distance in whole cells, 1 to 20: straits CELLS")
	}
	l.Straits = int(f[0])
	return nil
}

// setSize sets the cell size or the label size, as key says.
func (l *Layout) setSize(key string, args []string) error {
	f, err := numbers(args, 1)
	if err != nil || f[0] <= 0 || f[0] > 50 {
		return fmt.Errorf("%s takes one positive number", key)
	}
	if key == "cell" {
		l.Cell = f[0]
	} else {
		l.LabelSize = f[0]
	}
	return nil
}

func (l *Layout) addRegion(args []string) error {
	if len(args) < 5 || (args[1] != "land" && args[1] != "water") {
		return fmt.Errorf("region takes an id, land or water, a quoted name and anchors: region irl land \"Ireland\" -8 53.3")
	}
	pts, err := lonLats(args[3:])
	if err != nil {
		return err
	}
	l.Regions = append(l.Regions, Region{ID: args[0], Water: args[1] == "water", Name: args[2], Anchors: pts})
	return nil
}

// addOverride adds a land or water override (key) over a circle or a
// polygon.
func (l *Layout) addOverride(key string, args []string) error {
	o := Override{Land: key == "land"}
	switch {
	case len(args) == 4 && args[0] == "circle":
		f, err := numbers(args[1:], 3)
		if err != nil {
			return err
		}
		if f[2] <= 0 {
			return fmt.Errorf("a circle's radius must be positive")
		}
		o.Centre, o.Radius = LonLat{f[0], f[1]}, f[2]
		if err := checkLonLat(o.Centre); err != nil {
			return err
		}
	case len(args) >= 7 && args[0] == "poly":
		pts, err := lonLats(args[1:])
		if err != nil {
			return err
		}
		o.Polygon = pts
	default:
		return fmt.Errorf("%s takes circle LON LAT KM, or poly and three or more LON LAT points", key)
	}
	l.Overrides = append(l.Overrides, o)
	return nil
}

func (l *Layout) addLink(args []string) error {
	k := Link{}
	if len(args) > 7 && args[6] == "lane" {
		name := args[7:]
		if len(name) > 2 {
			if m, err := lonLats(name[:2]); err == nil {
				k.Mouth, name = m, name[2:]
			}
		}
		k.Lane = strings.Join(name, " ")
		args = args[:6]
	}
	if len(args) != 2 && len(args) != 6 {
		return fmt.Errorf("link takes two province ids and, optionally, the two ends and a lane's name: link den swe [LON LAT LON LAT [lane [LON LAT] NAME]]")
	}
	k.A, k.B = args[0], args[1]
	if len(args) == 6 {
		pts, err := lonLats(args[2:])
		if err != nil {
			return err
		}
		k.Ends = pts
	}
	l.Links = append(l.Links, k)
	return nil
}

func (l *Layout) addIslands(args []string) error {
	if len(args) == 0 {
		return fmt.Errorf("islands takes province ids")
	}
	for _, a := range args {
		l.Islands[a] = true
	}
	return nil
}

// setPoint sets a coast's point, or overrides a label, unit or centre
// point, as key says.
func (l *Layout) setPoint(key string, args []string) error {
	if len(args) != 3 {
		return fmt.Errorf("%s takes an id and a point: %s ID LON LAT", key, key)
	}
	pts, err := lonLats(args[1:])
	if err != nil {
		return err
	}
	m := map[string]map[string]LonLat{"coast": l.Coasts, "label": l.Labels, "unit": l.Units, "centre": l.Centres}[key]
	if _, dup := m[args[0]]; dup {
		return fmt.Errorf("second %s for %s", key, args[0])
	}
	if key == "coast" && !strings.Contains(args[0], "/") {
		return fmt.Errorf("coast takes a coast such as spa/nc, not %q", args[0])
	}
	m[args[0]] = pts[0]
	return nil
}

// addAnchors reads a province's anchors: ID LON LAT [LON LAT ...].
func (l *Layout) addAnchors(id string, args []string) error {
	if len(args) < 2 {
		return fmt.Errorf("unknown statement %q (a province's anchors read ID LON LAT [LON LAT ...])", id)
	}
	pts, err := lonLats(args)
	if err != nil {
		return fmt.Errorf("anchors of %s: %v", id, err)
	}
	if _, dup := l.Anchors[id]; dup {
		return fmt.Errorf("second anchor line for %s (put all its anchors on one line)", id)
	}
	l.Anchors[id] = pts
	l.Order = append(l.Order, id)
	return nil
}

func numbers(args []string, n int) ([]float64, error) {
	if len(args) != n {
		return nil, fmt.Errorf("want %d numbers, have %d", n, len(args))
	}
	out := make([]float64, n)
	for i, a := range args {
		f, err := strconv.ParseFloat(a, 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, fmt.Errorf("%q is not a number", a)
		}
		out[i] = f
	}
	return out, nil
}

func lonLats(args []string) ([]LonLat, error) {
	if len(args)%2 != 0 {
		return nil, fmt.Errorf("points come as pairs LON LAT; %d numbers given", len(args))
	}
	f, err := numbers(args, len(args))
	if err != nil {
		return nil, err
	}
	var out []LonLat
	for i := 0; i < len(f); i += 2 {
		p := LonLat{f[i], f[i+1]}
		if err := checkLonLat(p); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

func checkLonLat(p LonLat) error {
	if p.Lon < -180 || p.Lon > 180 || p.Lat < -90 || p.Lat > 90 {
		return fmt.Errorf("%g %g is no longitude and latitude (LON first, -180..180; LAT -90..90)", p.Lon, p.Lat)
	}
	return nil
}

// Check reports the first way the layout does not fit the variant's map:
// a province without anchors, an unknown id, a coast without its point, a
// region named like a province, or a link that is no rules border.
func (l *Layout) Check(m *rules.Map) error {
	ids := map[string]rules.Province{}
	for i := range m.Provinces {
		ids[m.Provinces[i].Abbr] = rules.Province(i)
	}
	at := func(id string) int { return l.lines[id] }
	for _, id := range l.Order {
		if _, ok := ids[id]; !ok {
			return &LayoutError{at(id), fmt.Sprintf("%s is no province of %s", id, l.Variant)}
		}
	}
	for i := range m.Provinces {
		p := &m.Provinces[i]
		if len(l.Anchors[p.Abbr]) == 0 {
			return &LayoutError{0, fmt.Sprintf("province %s (%s) has no anchors", p.Abbr, p.Name)}
		}
		for _, c := range p.Coasts {
			if _, ok := l.Coasts[p.Abbr+"/"+c.String()]; !ok {
				return &LayoutError{0, fmt.Sprintf("coast %s/%s has no coast statement", p.Abbr, c)}
			}
		}
	}
	for _, r := range l.Regions {
		if _, ok := ids[r.ID]; ok {
			return &LayoutError{0, fmt.Sprintf("region %s has a province's id", r.ID)}
		}
	}
	valid := func(id string) bool {
		prov, coast, _ := strings.Cut(id, "/")
		p, ok := ids[prov]
		if !ok {
			return false
		}
		if coast == "" {
			return true
		}
		c, ok := rules.ParseCoast(coast)
		if !ok {
			return false
		}
		for _, pc := range m.Provinces[p].Coasts {
			if pc == c {
				return true
			}
		}
		return false
	}
	for kind, set := range map[string]map[string]LonLat{"coast": l.Coasts, "label": l.Labels, "unit": l.Units, "centre": l.Centres} {
		for id := range set {
			if !valid(id) {
				return &LayoutError{0, fmt.Sprintf("%s %s: no such province or coast", kind, id)}
			}
		}
	}
	for id := range l.Islands {
		if _, ok := ids[id]; !ok {
			return &LayoutError{0, fmt.Sprintf("islands %s: no such province", id)}
		}
	}
	for _, k := range l.Links {
		a, okA := ids[k.A]
		b, okB := ids[k.B]
		if !okA || !okB {
			return &LayoutError{k.Line, fmt.Sprintf("link %s %s: no such province", k.A, k.B)}
		}
		if !provincesBorder(m, a, b) {
			return &LayoutError{k.Line, fmt.Sprintf("link %s %s: the rules have no border between them", k.A, k.B)}
		}
	}
	return nil
}

// provincesBorder reports whether any location of a borders any location
// of b, for armies or fleets.
func provincesBorder(m *rules.Map, a, b rules.Province) bool {
	for _, t := range []rules.UnitType{rules.Army, rules.Fleet} {
		for _, la := range locations(m, a) {
			for _, n := range m.Neighbours(t, la) {
				if n.To.Province == b {
					return true
				}
			}
		}
	}
	return false
}

// locations returns a province's locations: the province, and its coasts.
func locations(m *rules.Map, p rules.Province) []rules.Loc {
	out := []rules.Loc{rules.At(p)}
	for _, c := range m.Provinces[p].Coasts {
		out = append(out, rules.Loc{Province: p, Coast: c})
	}
	return out
}
