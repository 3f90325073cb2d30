package maps

import (
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// Board is a generated board read back from its SVG: the outlines of the
// provinces, coasts and regions, the marked links and the label, unit and
// centre points, in SVG pixels.
type Board struct {
	Variant       string
	Width, Height float64
	LabelSize     float64
	// Provinces are the provinces' shapes by id, in Order.
	Provinces map[string]*Shape
	Order     []string
	// Coasts are the coasts of multi-coast provinces by id ("spa/nc").
	Coasts  map[string]*CoastLine
	Regions []*Shape
	Links   []Link2
	// Railways are the railway lines drawn, station by station.
	Railways []Railway
	Labels   []Label
}

// Railway is a railway line as drawn: its name, its stations in order and
// the points its line passes through, one a station.
type Railway struct {
	Name     string
	Stations []string
	Points   []Point
}

// Shape is a province's or region's outline.
type Shape struct {
	ID      string
	Terrain string // land, coast or sea; for a region, land or water
	D       string // the path data as written
	Rings   [][]Point
	// Label, Unit and Centre are the province's points; HasCentre says
	// whether it has a centre marker.
	Label, Unit, Centre Point
	HasCentre           bool
}

// CoastLine is the stretch of coastline of one coast of a multi-coast
// province, as open lines.
type CoastLine struct {
	ID          string
	D           string
	Lines       [][]Point
	Label, Unit Point
}

// Link2 is a marked link as drawn: the two provinces and the line's ends.
type Link2 struct {
	A, B   string
	P1, P2 Point
	// Lane names a sea lane drawn round the board's edge (a polyline
	// data-lane), through Points; P1 and P2 are its ends.
	Lane   string
	Points []Point
	// Crossing is set for a short mark across a border drawn too short
	// to read (data-crossing="short"), drawn as a bar, not a dashed line.
	Crossing bool
}

// Label is a label as drawn.
type Label struct {
	For  string // the province or coast
	Text string
	At   Point
	Size float64
}

// Box returns the label's rectangle (see LabelBox).
func (l Label) Box() (x0, y0, x1, y1 float64) { return LabelBox(l.Text, l.Size, l.At) }

// ReadBoard reads a board's SVG.
func ReadBoard(r io.Reader) (*Board, error) {
	b := &Board{Provinces: map[string]*Shape{}, Coasts: map[string]*CoastLine{}}
	dec := xml.NewDecoder(r)
	var text *Label
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("reading the board's SVG: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			a := map[string]string{}
			for _, at := range t.Attr {
				a[at.Name.Local] = at.Value
			}
			if err := b.element(t.Name.Local, a, &text); err != nil {
				return nil, err
			}
		case xml.CharData:
			if text != nil {
				text.Text += string(t)
			}
		case xml.EndElement:
			if text != nil && t.Name.Local == "text" {
				text.Text = strings.TrimSpace(text.Text)
				b.Labels = append(b.Labels, *text)
				text = nil
			}
		}
	}
	if b.Width <= 0 || b.Height <= 0 {
		return nil, fmt.Errorf("the board's SVG has no viewBox")
	}
	return b, nil
}

func (b *Board) element(name string, a map[string]string, text **Label) error {
	switch {
	case name == "svg":
		f := strings.Fields(a["viewBox"])
		if len(f) == 4 {
			b.Width, _ = strconv.ParseFloat(f[2], 64)
			b.Height, _ = strconv.ParseFloat(f[3], 64)
		}
		b.Variant = a["data-variant"]
		b.LabelSize, _ = strconv.ParseFloat(a["data-label-size"], 64)
	case name == "path" && a["data-province"] != "":
		id := a["data-province"]
		rings, err := ParsePath(a["d"])
		if err != nil {
			return fmt.Errorf("province %s: %w", id, err)
		}
		s := &Shape{ID: id, Terrain: a["data-terrain"], D: a["d"], Rings: rings}
		if s.Label, err = parsePoint(a["data-label"]); err != nil {
			return fmt.Errorf("province %s: data-label: %w", id, err)
		}
		if s.Unit, err = parsePoint(a["data-unit"]); err != nil {
			return fmt.Errorf("province %s: data-unit: %w", id, err)
		}
		if c, ok := a["data-centre"]; ok {
			if s.Centre, err = parsePoint(c); err != nil {
				return fmt.Errorf("province %s: data-centre: %w", id, err)
			}
			s.HasCentre = true
		}
		if _, dup := b.Provinces[id]; dup {
			return fmt.Errorf("province %s drawn twice", id)
		}
		b.Provinces[id] = s
		b.Order = append(b.Order, id)
	case name == "path" && a["data-coast"] != "":
		id := a["data-coast"]
		lines, err := parseLines(a["d"])
		if err != nil {
			return fmt.Errorf("coast %s: %w", id, err)
		}
		c := &CoastLine{ID: id, D: a["d"], Lines: lines}
		if c.Label, err = parsePoint(a["data-label"]); err != nil {
			return fmt.Errorf("coast %s: data-label: %w", id, err)
		}
		if c.Unit, err = parsePoint(a["data-unit"]); err != nil {
			return fmt.Errorf("coast %s: data-unit: %w", id, err)
		}
		b.Coasts[id] = c
	case name == "path" && a["data-region"] != "":
		rings, err := ParsePath(a["d"])
		if err != nil {
			return fmt.Errorf("region %s: %w", a["data-region"], err)
		}
		b.Regions = append(b.Regions, &Shape{ID: a["data-region"], Terrain: a["data-terrain"], D: a["d"], Rings: rings})
	case name == "line" && a["data-link"] != "":
		x, y, ok := strings.Cut(a["data-link"], "-")
		if !ok {
			return fmt.Errorf("link %q is not A-B", a["data-link"])
		}
		var f [4]float64
		for i, n := range []string{"x1", "y1", "x2", "y2"} {
			var err error
			if f[i], err = strconv.ParseFloat(a[n], 64); err != nil {
				return fmt.Errorf("link %s: %s: %w", a["data-link"], n, err)
			}
		}
		b.Links = append(b.Links, Link2{A: x, B: y, P1: Point{f[0], f[1]}, P2: Point{f[2], f[3]}, Crossing: a["data-crossing"] != ""})
	case name == "polyline" && a["data-link"] != "":
		x, y, ok := strings.Cut(a["data-link"], "-")
		if !ok {
			return fmt.Errorf("link %q is not A-B", a["data-link"])
		}
		k := Link2{A: x, B: y, Lane: a["data-lane"]}
		for _, xy := range strings.Fields(a["points"]) {
			px, py, ok := strings.Cut(xy, ",")
			fx, err1 := strconv.ParseFloat(px, 64)
			fy, err2 := strconv.ParseFloat(py, 64)
			if !ok || err1 != nil || err2 != nil {
				return fmt.Errorf("link %s: bad point %q", a["data-link"], xy)
			}
			k.Points = append(k.Points, Point{fx, fy})
		}
		if len(k.Points) < 2 {
			return fmt.Errorf("link %s: fewer than two points", a["data-link"])
		}
		k.P1, k.P2 = k.Points[0], k.Points[len(k.Points)-1]
		b.Links = append(b.Links, k)
	case name == "polyline" && a["data-railway"] != "":
		rw := Railway{Name: a["data-railway"], Stations: strings.Fields(a["data-stations"])}
		for _, xy := range strings.Fields(a["points"]) {
			x, y, ok := strings.Cut(xy, ",")
			px, err1 := strconv.ParseFloat(x, 64)
			py, err2 := strconv.ParseFloat(y, 64)
			if !ok || err1 != nil || err2 != nil {
				return fmt.Errorf("railway %s: point %q is not x,y", rw.Name, xy)
			}
			rw.Points = append(rw.Points, Point{px, py})
		}
		if len(rw.Points) != len(rw.Stations) {
			return fmt.Errorf("railway %s: %d stations but %d points", rw.Name, len(rw.Stations), len(rw.Points))
		}
		b.Railways = append(b.Railways, rw)
	case name == "text" && a["data-label-for"] != "":
		l := &Label{For: a["data-label-for"], Size: b.LabelSize}
		var err error
		if l.At.X, err = strconv.ParseFloat(a["x"], 64); err != nil {
			return fmt.Errorf("label of %s: x: %w", l.For, err)
		}
		if l.At.Y, err = strconv.ParseFloat(a["y"], 64); err != nil {
			return fmt.Errorf("label of %s: y: %w", l.For, err)
		}
		if s, ok := a["font-size"]; ok {
			if l.Size, err = strconv.ParseFloat(s, 64); err != nil {
				return fmt.Errorf("label of %s: font-size: %w", l.For, err)
			}
		}
		*text = l
	}
	return nil
}

func parsePoint(s string) (Point, error) {
	f := strings.Fields(s)
	if len(f) != 2 {
		return Point{}, fmt.Errorf("%q is not two numbers", s)
	}
	x, err1 := strconv.ParseFloat(f[0], 64)
	y, err2 := strconv.ParseFloat(f[1], 64)
	if err1 != nil || err2 != nil {
		return Point{}, fmt.Errorf("%q is not two numbers", s)
	}
	return Point{x, y}, nil
}

// ParsePath reads SVG path data made only of the commands M, L, H, V and Z
// (absolute or relative) and returns its subpaths as closed rings.
func ParsePath(d string) ([][]Point, error) {
	subs, err := parsePathData(d)
	if err != nil {
		return nil, err
	}
	var out [][]Point
	for _, s := range subs {
		if len(s) > 1 && s[0] == s[len(s)-1] {
			s = s[:len(s)-1]
		}
		if len(s) >= 3 {
			out = append(out, s)
		}
	}
	return out, nil
}

// parseLines reads path data as open lines.
func parseLines(d string) ([][]Point, error) { return parsePathData(d) }

// parsePathData reads SVG path data made of M, L, H, V and Z commands,
// absolute or relative, into subpaths of absolute points; Z closes a
// subpath by repeating its first point.
func parsePathData(d string) ([][]Point, error) {
	r := &pathReader{d: d}
	for {
		r.skipSeparators()
		if r.i >= len(r.d) {
			break
		}
		if err := r.step(); err != nil {
			return nil, err
		}
	}
	r.flush()
	return r.subs, nil
}

// pathReader reads path data, one command and its coordinates at a time.
type pathReader struct {
	d    string
	i    int       // the offset of the next byte to read
	subs [][]Point // the subpaths read
	cur  []Point   // the subpath being read
	// pos is the current point, start the current subpath's first.
	pos, start Point
	cmd        byte // the command the next coordinates belong to, or 0
}

func (r *pathReader) skipSeparators() {
	for r.i < len(r.d) && (r.d[r.i] == ' ' || r.d[r.i] == ',' || r.d[r.i] == '\n' || r.d[r.i] == '\t' || r.d[r.i] == '\r') {
		r.i++
	}
}

// step reads a command letter, if one comes next, and a set of its
// coordinates; without a letter the coordinates repeat the last command.
func (r *pathReader) step() error {
	c := r.d[r.i]
	if c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' {
		r.i++
		switch c {
		case 'M', 'm', 'L', 'l', 'H', 'h', 'V', 'v':
			r.cmd = c
		case 'Z', 'z':
			r.closePath()
			return nil
		default:
			return fmt.Errorf("path data: command %q (only M, L, H, V and Z are allowed)", c)
		}
	} else if r.cmd == 0 {
		return fmt.Errorf("path data: a number without a command at offset %d", r.i)
	}
	switch r.cmd {
	case 'M', 'm', 'L', 'l':
		return r.moveOrLine()
	case 'H', 'h':
		return r.horizontal()
	case 'V', 'v':
		return r.vertical()
	}
	return nil
}

// closePath ends the subpath back at its first point.
func (r *pathReader) closePath() {
	if len(r.cur) > 0 {
		r.cur = append(r.cur, r.start)
	}
	r.flush()
	r.pos = r.start
	r.cmd = 0
}

// moveOrLine reads an M or L point; a moveto starts a new subpath.
func (r *pathReader) moveOrLine() error {
	x, err := r.number()
	if err != nil {
		return err
	}
	y, err := r.number()
	if err != nil {
		return err
	}
	if r.cmd == 'm' || r.cmd == 'l' {
		x, y = r.pos.X+x, r.pos.Y+y
	}
	r.pos = Point{x, y}
	if r.cmd == 'M' || r.cmd == 'm' {
		r.flush()
		r.start = r.pos
		// Coordinates after a moveto are linetos.
		if r.cmd == 'M' {
			r.cmd = 'L'
		} else {
			r.cmd = 'l'
		}
	}
	r.cur = append(r.cur, r.pos)
	return nil
}

// horizontal reads an H line's x.
func (r *pathReader) horizontal() error {
	x, err := r.number()
	if err != nil {
		return err
	}
	if r.cmd == 'h' {
		x += r.pos.X
	}
	r.pos.X = x
	r.cur = append(r.cur, r.pos)
	return nil
}

// vertical reads a V line's y.
func (r *pathReader) vertical() error {
	y, err := r.number()
	if err != nil {
		return err
	}
	if r.cmd == 'v' {
		y += r.pos.Y
	}
	r.pos.Y = y
	r.cur = append(r.cur, r.pos)
	return nil
}

// number reads one coordinate: a sign, digits, a point and an exponent.
func (r *pathReader) number() (float64, error) {
	r.skipSeparators()
	d, i := r.d, r.i
	j := i
	if j < len(d) && (d[j] == '-' || d[j] == '+') {
		j++
	}
	for j < len(d) && (d[j] >= '0' && d[j] <= '9' || d[j] == '.' || d[j] == 'e' || d[j] == 'E' ||
		((d[j] == '-' || d[j] == '+') && (d[j-1] == 'e' || d[j-1] == 'E'))) {
		j++
	}
	if j == i {
		return 0, fmt.Errorf("path data: a number expected at offset %d", i)
	}
	f, err := strconv.ParseFloat(d[i:j], 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, fmt.Errorf("path data: bad number %q", d[i:j])
	}
	r.i = j
	return f, nil
}

// flush ends the subpath being read, keeping it if it has points.
func (r *pathReader) flush() {
	if len(r.cur) > 0 {
		r.subs = append(r.subs, r.cur)
	}
	r.cur = nil
}
