// Package board pictures a position on its variant's generated board (see
// package maps): provinces tinted by the owner of their centre, units by
// power with a letter and a shape (colour is never the only cue), centres
// marked, and orders as arrows with their results, with a legend.
package board

import (
	"bytes"
	"fmt"
	"html"
	"io"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/chancery/chancery/maps"
	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/variants"
)

// Picture is what to draw: a position and, optionally, the orders given in
// it with their results.
type Picture struct {
	Variant  *rules.Variant
	Position *rules.Position
	// Results are the orders and their outcomes (rules.Resolution.Results);
	// nil draws the position alone.
	Results []rules.Result
	// Title is written above the legend ("Spring 1901, movement").
	Title string
	// Dislodged are the units the orders dislodged, drawn beside their
	// place; Destroyed those of them disbanded at once (nowhere to
	// retreat), drawn struck out.
	Dislodged, Destroyed []rules.Dislodged
}

// Boards holds the variants' boards, each read from its embedded SVG the
// first time it is needed and kept: parsing a board takes milliseconds,
// drawing on one far less. A program makes one and passes it to whatever
// draws (the server keeps one for its life). The zero value is ready to
// use, and it is safe for concurrent use.
type Boards struct {
	mu sync.Mutex
	m  map[string]*maps.Board
}

// Board returns the variant's board.
func (bs *Boards) Board(variant string) (*maps.Board, error) {
	bs.mu.Lock()
	defer bs.mu.Unlock()
	if b, ok := bs.m[variant]; ok {
		return b, nil
	}
	svg, err := variants.Board(variant)
	if err != nil {
		return nil, err
	}
	b, err := maps.ReadBoard(bytes.NewReader(svg))
	if err != nil {
		return nil, fmt.Errorf("the board of %s: %w", variant, err)
	}
	if bs.m == nil {
		bs.m = map[string]*maps.Board{}
	}
	bs.m[variant] = b
	return b, nil
}

// Draw writes the picture as SVG, on its variant's board.
func (bs *Boards) Draw(w io.Writer, pic *Picture) error {
	v := pic.Variant
	b, err := bs.Board(v.Name)
	if err != nil {
		return err
	}
	d := &drawer{b: b, m: v.Map, pic: pic, letter: Letters(v.Map), byAbbr: make(map[string]rules.Province, len(v.Map.Provinces))}
	for i := range v.Map.Provinces {
		d.byAbbr[v.Map.Provinces[i].Abbr] = rules.Province(i)
	}
	d.draw()
	_, err = w.Write(d.out.Bytes())
	return err
}

type drawer struct {
	b      *maps.Board
	m      *rules.Map
	pic    *Picture
	out    bytes.Buffer
	letter []string // power -> its letter(s)
	// byAbbr finds the map's provinces by the ids the board names them
	// with.
	byAbbr map[string]rules.Province
}

func (d *drawer) printf(format string, args ...any) { fmt.Fprintf(&d.out, format, args...) }

// Letters gives each power, by id, the letter(s) its units and its key
// in the legend carry: the shortest prefix of its name that no other
// power shares (one letter, or two). Letters[0] (no power) is "".
func Letters(m *rules.Map) []string {
	n := len(m.Powers)
	letter := make([]string, n)
	for p := 1; p < n; p++ {
		name := strings.ToUpper(m.Powers[p])
		for k := 1; k <= len(name); k++ {
			pre := name[:k]
			unique := true
			for q := 1; q < n; q++ {
				if q != p && strings.HasPrefix(strings.ToUpper(m.Powers[q]), pre) {
					unique = false
				}
			}
			if unique || k == 2 {
				letter[p] = pre
				break
			}
		}
	}
	return letter
}

// textOn returns black or white, whichever reads on the fill.
func textOn(fill string) string {
	var r, g, b int
	fmt.Sscanf(fill, "#%02x%02x%02x", &r, &g, &b)
	if 0.299*float64(r)+0.587*float64(g)+0.114*float64(b) > 140 {
		return "#000"
	}
	return "#fff"
}

func esc(s string) string {
	r := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")
	return r.Replace(s)
}

// coastGlow is the soft water-line drawn round the land, in the sea.
const coastGlow = "#7fa6c4"

func n1(f float64) string {
	s := fmt.Sprintf("%.1f", f)
	return strings.TrimSuffix(s, ".0")
}

// point returns where a unit at l stands.
func (d *drawer) point(l rules.Loc) maps.Point {
	abbr := d.m.Provinces[l.Province].Abbr
	if l.Coast != rules.NoCoast {
		if c, ok := d.b.Coasts[abbr+"/"+l.Coast.String()]; ok {
			return c.Unit
		}
	}
	if s, ok := d.b.Provinces[abbr]; ok {
		return s.Unit
	}
	return maps.Point{}
}

func (d *drawer) draw() {
	b, pos := d.b, d.pic.Position
	H := b.Height + d.legendHeight()
	d.printf(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %s %s" width="%s" height="%s" font-family="DejaVu Sans Mono,monospace">`+"\n",
		n1(b.Width), n1(H), n1(b.Width), n1(H))
	d.printf(`<defs>`)
	for p := 1; p < len(d.m.Powers); p++ {
		d.printf(`<marker id="head%d" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0 0L10 5L0 10Z" fill="%s" stroke="#000" stroke-width="1"/></marker>`, p, Colour(d.pic.Variant, rules.Power(p)))
	}
	d.printf(`<marker id="headx" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0 0L10 5L0 10Z" fill="#888"/></marker>`)
	// Ground no unit may enter: fine hatching over land off the board (the
	// Sahara, Ireland in the standard game), mountains over an impassable
	// province (Switzerland).
	d.printf(`<pattern id="offboard" patternUnits="userSpaceOnUse" width="8" height="8" patternTransform="rotate(45)"><path d="M0 4H8" stroke="#8a8478" stroke-width=".6" stroke-opacity=".45"/></pattern>`)
	d.printf(`<pattern id="mountains" patternUnits="userSpaceOnUse" width="16" height="12"><path d="M2 10L6 4L10 10M9 6L11 3L14 7" fill="none" stroke="#7d7465" stroke-width=".9" stroke-linejoin="round" stroke-opacity=".7"/></pattern>`)
	d.printf("</defs>\n")
	d.printf(`<rect width="100%%" height="100%%" fill="%s"/>`+"\n", Light.Sea)
	for _, r := range b.Regions {
		fill := Light.Region
		if r.Terrain == "water" {
			fill = Light.Water
		}
		d.printf(`<path d="%s" fill="%s" stroke="#777" stroke-width=".4"/>`+"\n", r.D, fill)
		if r.Terrain != "water" {
			d.printf(`<path d="%s" fill="url(#offboard)"/>`+"\n", r.D)
		}
	}
	// Seas first, their borders a quiet blue-grey; then a soft water-line
	// round the land, the coast; then the land on top.
	order := make([]string, 0, len(b.Order))
	for _, id := range b.Order {
		if b.Provinces[id].Terrain == "sea" {
			order = append(order, id)
		}
	}
	seas := len(order)
	for _, id := range b.Order {
		if b.Provinces[id].Terrain != "sea" {
			order = append(order, id)
		}
	}
	for i, id := range order {
		s := b.Provinces[id]
		if i == seas {
			for _, id := range order[seas:] {
				d.printf(`<path d="%s" fill="none" stroke="%s" stroke-width="4" stroke-linejoin="round" stroke-opacity=".5"/>`+"\n", b.Provinces[id].D, coastGlow)
			}
		}
		fill := Light.Land
		stroke, width := "#5b554c", ".8"
		if s.Terrain == "sea" {
			fill, stroke, width = Light.Sea, "#7f9bb1", ".6"
		}
		if p, ok := d.province(id); ok && pos != nil && d.m.Provinces[p].Terrain != rules.Sea {
			if o := pos.Owner[p]; o != rules.NoPower {
				fill = Light.Tint(Colour(d.pic.Variant, o))
			}
		}
		if p, ok := d.province(id); ok && d.m.Provinces[p].Impassable {
			fill = "#c9c3b4"
			if s.Terrain == "sea" {
				// An impassable lake or inland sea (Baikal, the
				// Caspian): water no fleet sails.
				fill = Light.Water
			}
		}
		d.printf(`<path data-province="%s" d="%s" fill="%s" stroke="%s" stroke-width="%s" stroke-linejoin="round"/>`+"\n", id, s.D, fill, stroke, width)
		if p, ok := d.province(id); ok && d.m.Provinces[p].Impassable && s.Terrain != "sea" {
			d.printf(`<path d="%s" fill="url(#mountains)"/>`+"\n", s.D)
		}
	}
	coasts := make([]string, 0, len(b.Coasts))
	for id := range b.Coasts {
		coasts = append(coasts, id)
	}
	sort.Strings(coasts) // a fixed order: the same picture, byte for byte
	for _, id := range coasts {
		c := b.Coasts[id]
		d.printf(`<path data-coast="%s" d="%s" fill="none" stroke="#1f5f8b" stroke-width="2" stroke-dasharray="4 2"/>`+"\n", id, c.D)
	}
	lanes := map[string]bool{}
	for _, k := range b.Links {
		if len(k.Points) > 0 {
			pts := make([]string, len(k.Points))
			for i, q := range k.Points {
				pts[i] = n1(q.X) + "," + n1(q.Y)
			}
			d.printf(`<polyline data-link="%s-%s" data-lane="%s" points="%s" fill="none" stroke="#1f5f8b" stroke-width="2.5" stroke-dasharray="9 4" stroke-linejoin="round"/>`+"\n",
				k.A, k.B, html.EscapeString(k.Lane), strings.Join(pts, " "))
			if k.Lane != "" && !lanes[k.Lane] && len(k.Points) >= 3 {
				// The name once, over the lane's middle stretch.
				lanes[k.Lane] = true
				p, q := k.Points[1], k.Points[2]
				d.printf(`<text data-lane-label="%s" x="%s" y="%s" font-size="%s" font-style="italic" fill="#1f5f8b" text-anchor="middle">%s</text>`+"\n",
					html.EscapeString(k.Lane), n1((p.X+q.X)/2), n1(math.Min(p.Y, q.Y)-5), n1(b.LabelSize), html.EscapeString(k.Lane))
			}
			continue
		}
		if k.Crossing {
			// A border too short to read: a bar across it, with a dot at
			// each end, like a ferry's crossing on a road map.
			d.printf(`<g data-link="%s-%s" data-crossing="short" stroke="#7a3b00" fill="#7a3b00"><line x1="%s" y1="%s" x2="%s" y2="%s" stroke-width="2.5" stroke-linecap="round"/><circle cx="%s" cy="%s" r="2.4"/><circle cx="%s" cy="%s" r="2.4"/></g>`+"\n",
				k.A, k.B, n1(k.P1.X), n1(k.P1.Y), n1(k.P2.X), n1(k.P2.Y), n1(k.P1.X), n1(k.P1.Y), n1(k.P2.X), n1(k.P2.Y))
			continue
		}
		d.printf(`<line data-link="%s-%s" x1="%s" y1="%s" x2="%s" y2="%s" stroke="#7a3b00" stroke-width="2.5" stroke-dasharray="6 3"/>`+"\n",
			k.A, k.B, n1(k.P1.X), n1(k.P1.Y), n1(k.P2.X), n1(k.P2.Y))
	}
	for _, rw := range b.Railways {
		pts := make([]string, len(rw.Points))
		for i, q := range rw.Points {
			pts[i] = n1(q.X) + "," + n1(q.Y)
		}
		d.printf(`<polyline data-railway="%s" points="%s" fill="none" stroke="#d95f02" stroke-width="3" stroke-dasharray="10 3" stroke-linejoin="round"/>`+"\n",
			rw.Name, strings.Join(pts, " "))
	}
	// Supply centres: filled with the owner's colour.
	for _, id := range b.Order {
		s := b.Provinces[id]
		if !s.HasCentre {
			continue
		}
		fill := "#ffffff"
		if p, ok := d.province(id); ok && pos != nil {
			fill = Colour(d.pic.Variant, pos.Owner[p])
		}
		d.printf(`<circle cx="%s" cy="%s" r="4" fill="%s" stroke="#000" stroke-width="1.2"/>`+"\n", n1(s.Centre.X), n1(s.Centre.Y), fill)
	}
	for _, l := range b.Labels {
		d.printf(`<text x="%s" y="%s" font-size="%s" font-weight="bold" text-anchor="middle" dominant-baseline="central" fill="#222">%s</text>`+"\n",
			n1(l.At.X), n1(l.At.Y), n1(l.Size), esc(l.Text))
	}
	d.orders()
	if pos != nil {
		for p := range pos.Units {
			u := pos.Units[p]
			if u.Type == rules.NoUnit {
				continue
			}
			d.unit(u, rules.Loc{Province: rules.Province(p), Coast: u.Coast}, false)
		}
		for _, x := range pos.Dislodged {
			d.unit(x.Unit, rules.Loc{Province: x.Province, Coast: x.Coast}, true)
		}
	}
	d.outcomes()
	d.legend()
	d.printf("</svg>\n")
}

// province returns the map's province that the board calls abbr.
func (d *drawer) province(abbr string) (rules.Province, bool) {
	p, ok := d.byAbbr[abbr]
	return p, ok
}

// unit draws a unit: an army is a circle, a fleet a pointed hull; both
// carry the power's letter. A dislodged unit is drawn smaller, beside its
// place, with a red dashed ring.
func (d *drawer) unit(u rules.Unit, l rules.Loc, dislodged bool) {
	p := d.point(l)
	fill := Colour(d.pic.Variant, u.Power)
	r := 8.0
	if dislodged {
		p = dislodgedAt(p)
		r = 6.5
		d.printf(`<circle cx="%s" cy="%s" r="%s" fill="none" stroke="#c00" stroke-width="2" stroke-dasharray="3 2"/>`, n1(p.X), n1(p.Y), n1(r+3))
	}
	if u.Type == rules.Fleet {
		d.printf(`<path d="M%s %sL%s %sL%s %sL%s %sL%s %sZ" fill="%s" stroke="#000" stroke-width="1.2"/>`,
			n1(p.X-r*1.3), n1(p.Y-r*0.7), n1(p.X+r*1.3), n1(p.Y-r*0.7), n1(p.X+r*0.9), n1(p.Y+r*0.8), n1(p.X-r*0.9), n1(p.Y+r*0.8), n1(p.X-r*1.3), n1(p.Y-r*0.7), fill)
	} else {
		d.printf(`<circle cx="%s" cy="%s" r="%s" fill="%s" stroke="#000" stroke-width="1.2"/>`, n1(p.X), n1(p.Y), n1(r), fill)
	}
	d.printf(`<text x="%s" y="%s" font-size="%s" font-weight="bold" text-anchor="middle" dominant-baseline="central" fill="%s">%s</text>`+"\n",
		n1(p.X), n1(p.Y+0.5), n1(r*1.1), textOn(fill), esc(d.letter[u.Power]))
}

// orders draws every order as an arrow or a mark, and its result.
func (d *drawer) orders() {
	for _, res := range d.pic.Results {
		o := res.Order
		if o.Type == rules.Waive {
			continue
		}
		if o.At.Province == rules.NoProvince || int(o.At.Province) >= len(d.m.Provinces) {
			continue
		}
		from := d.point(o.At)
		if o.Type == rules.Retreat || o.Type == rules.Disband {
			from = dislodgedAt(from) // the dislodged unit stands beside its place
		}
		head := fmt.Sprintf("url(#head%d)", o.Power)
		stroke := "#222"
		if res.Outcome != rules.Succeeded {
			head, stroke = "url(#headx)", "#666"
		}
		var mid maps.Point
		switch o.Type {
		case rules.Move, rules.Retreat, rules.Railway:
			to := d.point(o.Target)
			a, z := shorten(from, to, 9, 10)
			dash := ""
			switch o.Type {
			case rules.Retreat:
				dash = ` stroke-dasharray="7 3 2 3"`
			case rules.Railway:
				dash = ` stroke-dasharray="12 3"`
			}
			if way := d.lane(o.At.Province, o.Target.Province, from, to); o.Type != rules.Railway && way != nil {
				// Along the board's sea lane (1900's Cape route), as the
				// client draws it.
				pts := make([]string, len(way))
				for i, q := range way {
					pts[i] = n1(q.X) + "," + n1(q.Y)
				}
				d.printf(`<polyline points="%s" fill="none" stroke="%s" stroke-width="3" stroke-linejoin="round"%s marker-end="%s"/>`+"\n", strings.Join(pts, " "), stroke, dash, head)
				mid = way[len(way)/2]
				break
			}
			d.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="3"%s marker-end="%s"/>`+"\n", n1(a.X), n1(a.Y), n1(z.X), n1(z.Y), stroke, dash, head)
			if o.Type == rules.Railway {
				d.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#fff" stroke-width="1"/>`+"\n", n1(a.X), n1(a.Y), n1(z.X), n1(z.Y))
			}
			mid = lerp(a, z, 0.5)
		case rules.Support, rules.Convoy, rules.Permit:
			target := d.point(o.Target)
			to := target
			if o.Dest.Province != rules.NoProvince && int(o.Dest.Province) < len(d.m.Provinces) {
				to = lerp(target, d.point(o.Dest), 0.6)
			}
			a, z := shorten(from, to, 9, 3)
			dash := "5 3"
			if o.Type == rules.Convoy {
				dash = "2 3"
			}
			if o.Type == rules.Permit {
				dash = "1 2 6 2"
			}
			d.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="2" stroke-dasharray="%s"/>`, n1(a.X), n1(a.Y), n1(z.X), n1(z.Y), stroke, dash)
			d.printf(`<circle cx="%s" cy="%s" r="3" fill="%s"/>`+"\n", n1(z.X), n1(z.Y), stroke)
			mid = lerp(a, z, 0.5)
		case rules.Hold:
			d.printf(`<rect x="%s" y="%s" width="24" height="24" fill="none" stroke="%s" stroke-width="2"/>`+"\n", n1(from.X-12), n1(from.Y-12), stroke)
			mid = maps.Point{X: from.X, Y: from.Y - 16}
		case rules.Build:
			d.printf(`<circle cx="%s" cy="%s" r="13" fill="none" stroke="%s" stroke-width="2.5"/><text x="%s" y="%s" font-size="12" font-weight="bold" text-anchor="middle">+</text>`+"\n",
				n1(from.X), n1(from.Y), stroke, n1(from.X+14), n1(from.Y-10))
			mid = maps.Point{X: from.X, Y: from.Y - 18}
		case rules.Remove, rules.Disband:
			d.printf(`<path d="M%s %sL%s %sM%s %sL%s %s" stroke="#c00" stroke-width="3"/>`+"\n",
				n1(from.X-11), n1(from.Y-11), n1(from.X+11), n1(from.Y+11), n1(from.X-11), n1(from.Y+11), n1(from.X+11), n1(from.Y-11))
			mid = maps.Point{X: from.X, Y: from.Y - 18}
		}
		if res.Outcome != rules.Succeeded {
			word := res.Outcome.String()
			if res.Reason != rules.NoReason {
				word = res.Reason.String()
			}
			d.tag(mid, word, res.Outcome == rules.Illegal)
		}
	}
}

// lane returns the way of a move from province x (drawn at from) to
// province y (at to) along a sea lane of the board that joins them: from,
// the lane's points in the order travelled, to, the ends shortened as a
// move's line is; nil if no lane joins them.
func (d *drawer) lane(x, y rules.Province, from, to maps.Point) []maps.Point {
	ax, ay := d.m.Provinces[x].Abbr, d.m.Provinces[y].Abbr
	for _, k := range d.b.Links {
		if k.Lane == "" || len(k.Points) < 2 || !(k.A == ax && k.B == ay || k.A == ay && k.B == ax) {
			continue
		}
		pts := append([]maps.Point(nil), k.Points...)
		if k.A != ax {
			slices.Reverse(pts)
		}
		var way []maps.Point
		for _, q := range append(append([]maps.Point{from}, pts...), to) {
			if n := len(way); n == 0 || math.Hypot(q.X-way[n-1].X, q.Y-way[n-1].Y) > 1 {
				way = append(way, q)
			}
		}
		if len(way) < 2 {
			return nil
		}
		way[0], _ = shorten(way[0], way[1], 9, 0)
		n := len(way)
		_, way[n-1] = shorten(way[n-2], way[n-1], 0, 10)
		return way
	}
	return nil
}

// outcomes draws the units the orders dislodged beside their places, and
// strikes out those destroyed.
func (d *drawer) outcomes() {
	draw := func(x rules.Dislodged, destroyed bool) {
		l := rules.Loc{Province: x.Province, Coast: x.Coast}
		abbr := d.m.Provinces[x.Province].Abbr
		d.printf(`<g data-dislodged="%s" data-destroyed="%t">`, abbr, destroyed)
		d.unit(x.Unit, l, true)
		if destroyed {
			p := dislodgedAt(d.point(l))
			d.printf(`<path d="M%s %sL%s %sM%s %sL%s %s" stroke="#c00" stroke-width="3"/>`,
				n1(p.X-9), n1(p.Y-9), n1(p.X+9), n1(p.Y+9), n1(p.X-9), n1(p.Y+9), n1(p.X+9), n1(p.Y-9))
		}
		d.printf("</g>\n")
	}
	for _, x := range d.pic.Dislodged {
		draw(x, false)
	}
	for _, x := range d.pic.Destroyed {
		draw(x, true)
	}
}

// tag writes a result's word on a white box, so the result reads in any
// colours.
func (d *drawer) tag(at maps.Point, word string, illegal bool) {
	w := 0.6*8*float64(len(word)) + 4
	border := "#000"
	if illegal {
		border = "#c00"
	}
	d.printf(`<rect x="%s" y="%s" width="%s" height="11" rx="2" fill="#fff" stroke="%s" stroke-width="1"/><text x="%s" y="%s" font-size="8" text-anchor="middle" dominant-baseline="central">%s</text>`+"\n",
		n1(at.X-w/2), n1(at.Y-5.5), n1(w), border, n1(at.X), n1(at.Y), esc(word))
}

func lerp(a, b maps.Point, t float64) maps.Point {
	return maps.Point{X: a.X + (b.X-a.X)*t, Y: a.Y + (b.Y-a.Y)*t}
}

// shorten pulls a line's ends in from its points, so arrows start and end
// at the units' edges.
func shorten(a, b maps.Point, da, db float64) (maps.Point, maps.Point) {
	l := math.Hypot(b.X-a.X, b.Y-a.Y)
	if l < da+db+1 {
		return a, b
	}
	return lerp(a, b, da/l), lerp(a, b, 1-db/l)
}

// legendItem is one entry of the legend: its width and how to draw it at
// a point (its left end, on its row's middle line).
type legendItem struct {
	w    float64
	draw func(x, y float64)
}

// legendItems are the legend's entries in order: the powers, then the
// kinds of line and the symbols. A power's entry starts a row of its own
// (newRow).
func (d *drawer) legendItems() (items []legendItem, newRow int) {
	for p := 1; p < len(d.m.Powers); p++ {
		fill := Colour(d.pic.Variant, rules.Power(p))
		name, letter := d.m.Powers[p], d.letter[p]
		items = append(items, legendItem{28 + 7*float64(len(name)), func(x, y float64) {
			d.printf(`<circle cx="%s" cy="%s" r="8" fill="%s" stroke="#000"/><text x="%s" y="%s" font-size="9" font-weight="bold" text-anchor="middle" dominant-baseline="central" fill="%s">%s</text><text x="%s" y="%s" font-size="11" dominant-baseline="central">%s</text>`+"\n",
				n1(x+8), n1(y), fill, n1(x+8), n1(y+0.5), textOn(fill), esc(letter), n1(x+20), n1(y), esc(name))
		}})
	}
	newRow = len(items)
	line := func(sample, text string) {
		items = append(items, legendItem{40 + 6.2*float64(utf8.RuneCountInString(text)), func(x, y float64) {
			d.printf(sample, n1(x), n1(y), n1(x+30), n1(y))
			d.printf(`<text x="%s" y="%s" font-size="10" dominant-baseline="central">%s</text>`+"\n", n1(x+34), n1(y), esc(text))
		}})
	}
	line(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#222" stroke-width="3" marker-end="url(#head1)"/>`, "move")
	line(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#222" stroke-width="2" stroke-dasharray="5 3"/>`, "support")
	line(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#222" stroke-width="2" stroke-dasharray="2 3"/>`, "convoy")
	line(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#222" stroke-width="3" stroke-dasharray="7 3 2 3"/>`, "retreat")
	line(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#222" stroke-width="3" stroke-dasharray="12 3"/>`, "railway")
	line(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#222" stroke-width="2" stroke-dasharray="1 2 6 2"/>`, "permit")
	line(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#666" stroke-width="3" marker-end="url(#headx)"/>`, "failed (word says why)")
	symbols := []string{"● army", "▬ fleet", "□ hold", "◯+ build", "✕ remove", "◌ dislodged", "◌✕ destroyed", "○ centre", "- - coast", "━ ━ link"}
	if len(d.b.Railways) > 0 {
		symbols = append(symbols, "━ ━ railway line (orange)")
	}
	for _, sym := range symbols {
		items = append(items, legendItem{14 + 6.2*float64(utf8.RuneCountInString(sym)), func(x, y float64) {
			d.printf(`<text x="%s" y="%s" font-size="10" dominant-baseline="central">%s</text>`+"\n", n1(x), n1(y), esc(sym))
		}})
	}
	return items, newRow
}

// Rows of the legend: the first's middle line legendTop below the board,
// legendRow apart, with legendBottom below the last.
const (
	legendTop    = 36
	legendRow    = 18
	legendBottom = 12
)

// legendLayout places the legend's items in rows no wider than the
// board: for each item, its left end and its row.
func (d *drawer) legendLayout(items []legendItem, newRow int) (xs []float64, rows []int) {
	x, row := 10.0, 0
	for i, it := range items {
		if i == newRow || (x > 10 && x+it.w > d.b.Width-10) {
			if i > 0 {
				row++
			}
			x = 10
		}
		xs, rows = append(xs, x), append(rows, row)
		x += it.w
	}
	return xs, rows
}

// legendHeight is the height of the strip below the board that holds the
// legend.
func (d *drawer) legendHeight() float64 {
	items, newRow := d.legendItems()
	_, rows := d.legendLayout(items, newRow)
	n := 1
	if len(rows) > 0 {
		n = rows[len(rows)-1] + 1
	}
	return legendTop + float64(n-1)*legendRow + legendBottom
}

func (d *drawer) legend() {
	y := d.b.Height
	d.printf(`<rect x="0" y="%s" width="%s" height="%s" fill="#fafafa" stroke="#888"/>`+"\n", n1(y), n1(d.b.Width), n1(d.legendHeight()))
	if d.pic.Title != "" {
		d.printf(`<text x="10" y="%s" font-size="13" font-weight="bold">%s</text>`+"\n", n1(y+16), esc(d.pic.Title))
	}
	items, newRow := d.legendItems()
	xs, rows := d.legendLayout(items, newRow)
	for i, it := range items {
		it.draw(xs[i], y+legendTop+float64(rows[i])*legendRow)
	}
}

// dislodgedAt is where a dislodged unit is drawn: beside the unit that
// dislodged it.
func dislodgedAt(p maps.Point) maps.Point { return maps.Point{X: p.X + 10, Y: p.Y + 8} }
