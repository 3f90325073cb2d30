package maps

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
)

// earthRadius is the authalic radius of the Earth in kilometres.
const earthRadius = 6371.0072

// project maps a point to projected kilometres (x east, y north) in
// Lambert's azimuthal equal-area projection centred on c.
func (p Projection) project(q LonLat) (x, y float64) {
	lam := (q.Lon - p.Centre.Lon) * math.Pi / 180
	phi := q.Lat * math.Pi / 180
	phi0 := p.Centre.Lat * math.Pi / 180
	d := 1 + math.Sin(phi0)*math.Sin(phi) + math.Cos(phi0)*math.Cos(phi)*math.Cos(lam)
	if d < 1e-12 {
		// The antipode: infinitely far on the projection's edge circle.
		return math.Inf(1), math.Inf(1)
	}
	k := math.Sqrt(2 / d)
	x = earthRadius * k * math.Cos(phi) * math.Sin(lam)
	y = earthRadius * k * (math.Cos(phi0)*math.Sin(phi) - math.Sin(phi0)*math.Cos(phi)*math.Cos(lam))
	return x, y
}

// unproject is project's inverse.
func (p Projection) unproject(x, y float64) LonLat {
	rho := math.Hypot(x, y)
	phi0 := p.Centre.Lat * math.Pi / 180
	if rho < 1e-9 {
		return p.Centre
	}
	c := 2 * math.Asin(math.Min(1, rho/(2*earthRadius)))
	phi := math.Asin(math.Cos(c)*math.Sin(phi0) + y*math.Sin(c)*math.Cos(phi0)/rho)
	lam := math.Atan2(x*math.Sin(c), rho*math.Cos(phi0)*math.Cos(c)-y*math.Sin(phi0)*math.Sin(c))
	lon := p.Centre.Lon + lam*180/math.Pi
	for lon > 180 {
		lon -= 360
	}
	for lon < -180 {
		lon += 360
	}
	return LonLat{lon, phi * 180 / math.Pi}
}

// topology is the part of a TopoJSON document the generator reads.
type topology struct {
	Type      string `json:"type"`
	Transform *struct {
		Scale     [2]float64 `json:"scale"`
		Translate [2]float64 `json:"translate"`
	} `json:"transform"`
	Arcs    [][][]float64 `json:"arcs"`
	Objects map[string]struct {
		Type       string          `json:"type"`
		Arcs       json.RawMessage `json:"arcs"`
		Geometries []struct {
			Type string          `json:"type"`
			Arcs json.RawMessage `json:"arcs"`
		} `json:"geometries"`
	} `json:"objects"`
}

// readLand decodes the polygons of a TopoJSON land file (world-atlas's
// land-50m.json): every ring of every polygon, in longitude and latitude.
// Holes are rings too; the even-odd rule fills them correctly.
func readLand(r io.Reader) ([][]LonLat, error) {
	var t topology
	if err := json.NewDecoder(r).Decode(&t); err != nil {
		return nil, fmt.Errorf("decoding TopoJSON: %w", err)
	}
	if t.Type != "Topology" {
		return nil, fmt.Errorf("not a TopoJSON topology (type %q)", t.Type)
	}
	arcs, err := t.decodeArcs()
	if err != nil {
		return nil, err
	}
	l := &landReader{arcs: arcs}
	for name, o := range t.Objects {
		if o.Type == "GeometryCollection" {
			for _, g := range o.Geometries {
				if err := l.addGeometry(g.Type, g.Arcs); err != nil {
					return nil, fmt.Errorf("object %s: %w", name, err)
				}
			}
		} else if err := l.addGeometry(o.Type, o.Arcs); err != nil {
			return nil, fmt.Errorf("object %s: %w", name, err)
		}
	}
	if len(l.rings) == 0 {
		return nil, fmt.Errorf("no polygons in the TopoJSON file")
	}
	return l.rings, nil
}

// decodeArcs returns the arcs in longitude and latitude: quantized and
// delta-encoded when a transform is given.
func (t *topology) decodeArcs() ([][]LonLat, error) {
	arcs := make([][]LonLat, len(t.Arcs))
	for i, a := range t.Arcs {
		pts := make([]LonLat, 0, len(a))
		var x, y float64
		for j, p := range a {
			if len(p) < 2 {
				return nil, fmt.Errorf("arc %d, point %d: fewer than two coordinates", i, j)
			}
			if t.Transform != nil {
				x += p[0]
				y += p[1]
				pts = append(pts, LonLat{x*t.Transform.Scale[0] + t.Transform.Translate[0], y*t.Transform.Scale[1] + t.Transform.Translate[1]})
			} else {
				pts = append(pts, LonLat{p[0], p[1]})
			}
		}
		arcs[i] = pts
	}
	return arcs, nil
}

// landReader gathers the rings of a topology's polygons from its decoded
// arcs.
type landReader struct {
	arcs  [][]LonLat
	rings [][]LonLat
}

// addGeometry adds the rings of a Polygon or a MultiPolygon; other
// geometries have none.
func (l *landReader) addGeometry(typ string, raw json.RawMessage) error {
	switch typ {
	case "Polygon":
		var p [][]int
		if err := json.Unmarshal(raw, &p); err != nil {
			return fmt.Errorf("polygon arcs: %w", err)
		}
		return l.addPolygon(p)
	case "MultiPolygon":
		var mp [][][]int
		if err := json.Unmarshal(raw, &mp); err != nil {
			return fmt.Errorf("multipolygon arcs: %w", err)
		}
		for _, p := range mp {
			if err := l.addPolygon(p); err != nil {
				return err
			}
		}
	}
	return nil
}

// addPolygon adds a polygon's rings, each a list of arc references; a
// ring of fewer than three points is dropped.
func (l *landReader) addPolygon(raw [][]int) error {
	for _, refs := range raw {
		r, err := l.ring(refs)
		if err != nil {
			return err
		}
		if len(r) >= 3 {
			l.rings = append(l.rings, r)
		}
	}
	return nil
}

// ring joins the referenced arcs into one ring; a negative reference ^i
// is arc i reversed.
func (l *landReader) ring(refs []int) ([]LonLat, error) {
	var out []LonLat
	for _, ref := range refs {
		idx := ref
		if ref < 0 {
			idx = ^ref
		}
		if idx >= len(l.arcs) {
			return nil, fmt.Errorf("arc index %d out of range", idx)
		}
		a := l.arcs[idx]
		if ref < 0 {
			rev := make([]LonLat, len(a))
			for i := range a {
				rev[i] = a[len(a)-1-i]
			}
			a = rev
		}
		if len(out) > 0 && len(a) > 0 {
			a = a[1:] // consecutive arcs share their end point
		}
		out = append(out, a...)
	}
	return out, nil
}
