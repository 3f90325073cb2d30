package server

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strings"
	"sync"

	"github.com/chancery/chancery/board"
	"github.com/chancery/chancery/maps"
	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/variants"
)

// boardFile is a variant's board as served: the SVG, gzipped once (a
// board is 75 to 100 KB, a quarter of that compressed), and its ETag.
type boardFile struct {
	svg, gz []byte
	etag    string
}

// boardFiles keeps the boards served, made on first request. The zero
// value is ready to use.
type boardFiles struct {
	mu sync.Mutex
	m  map[string]*boardFile
}

// get returns the served form of a variant's board; the error is the
// variant's having none.
func (bf *boardFiles) get(variant string) (*boardFile, error) {
	bf.mu.Lock()
	defer bf.mu.Unlock()
	if f, ok := bf.m[variant]; ok {
		return f, nil
	}
	svg, err := variants.Board(variant)
	if err != nil {
		return nil, err
	}
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	_, _ = zw.Write(svg)
	_ = zw.Close()
	sum := sha256.Sum256(svg)
	f := &boardFile{svg: svg, gz: gz.Bytes(), etag: `"` + hex.EncodeToString(sum[:12]) + `"`}
	if bf.m == nil {
		bf.m = map[string]*boardFile{}
	}
	bf.m[variant] = f
	return f, nil
}

// boardSVG serves GET /api/v1/variants/{name}/board.svg: the variant's
// generated board, the background a client draws units and orders on.
// It changes only with the program, so it is cached publicly for an hour
// and revalidated by its ETag.
func (s *Server) boardSVG(w http.ResponseWriter, r *http.Request) error {
	name := r.PathValue("name")
	e := s.engines.Get(name)
	if e == nil {
		return errorf(http.StatusNotFound, "no variant %q (GET /api/v1/variants lists them)", name)
	}
	f, err := s.boardFiles.get(e.V.Name)
	if err != nil {
		return errorf(http.StatusNotFound, "variant %s has no board yet", e.V.Name)
	}
	gz := acceptsGzip(r)
	etag := f.etag
	if gz {
		etag = strings.TrimSuffix(etag, `"`) + `-gz"`
	}
	h := w.Header()
	h.Set("Cache-Control", "public, max-age=3600")
	h.Set("ETag", etag)
	h.Set("Vary", "Accept-Encoding")
	if matchesETag(r.Header.Get("If-None-Match"), etag) {
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	h.Set("Content-Type", "image/svg+xml")
	body := f.svg
	if gz {
		h.Set("Content-Encoding", "gzip")
		body = f.gz
	}
	w.WriteHeader(http.StatusOK)
	_, err = w.Write(body)
	return err
}

// acceptsGzip reports whether the client takes a gzipped body.
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(coding), "gzip") {
			q := strings.ReplaceAll(params, " ", "")
			return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
		}
	}
	return false
}

// matchesETag reports whether an If-None-Match header names etag (weak
// comparison, as RFC 9110 asks for If-None-Match).
func matchesETag(header, etag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == "*" || t == etag {
			return true
		}
	}
	return false
}

// variantDetail is GET /variants/{name}: the list's entry and what a
// client needs to draw the variant: its provinces and its powers'
// colours and letters, as the server's own pictures use them.
type variantDetail struct {
	variantJSON
	// Board is the board's size in SVG pixels, or null when the variant
	// has no board (GET board.svg is then 404).
	Board     *boardSize     `json:"board"`
	Provinces []provinceJSON `json:"provinces"`
	Palette   []paletteJSON  `json:"palette"`
}

type boardSize struct {
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
}

type point struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

type provinceJSON struct {
	ID           string `json:"id"`
	Name         string `json:"name"`
	Terrain      string `json:"terrain"`
	SupplyCentre bool   `json:"supply_centre"`
	// Home is the power that builds here, or "".
	Home string `json:"home"`
	// Coasts are the named coasts of a multi-coast province ("nc").
	Coasts     []string `json:"coasts"`
	Impassable bool     `json:"impassable"`
	// Unit is where the board draws a unit here (for a multi-coast
	// province, an army), and CoastUnits where it draws a fleet on each
	// coast; null and {} without a board.
	Unit       *point           `json:"unit"`
	CoastUnits map[string]point `json:"coast_units"`
}

type paletteJSON struct {
	Power  string `json:"power"`
	Colour string `json:"colour"`
	Letter string `json:"letter"`
}

// variant serves GET /api/v1/variants/{name}.
func (s *Server) variant(w http.ResponseWriter, r *http.Request) error {
	name := r.PathValue("name")
	if strings.EqualFold(name, kindDice) {
		return writeJSON(w, http.StatusOK, variantDetail{variantJSON: diceVariant(), Provinces: []provinceJSON{}, Palette: []paletteJSON{}})
	}
	e := s.engines.Get(name)
	if e == nil {
		return errorf(http.StatusNotFound, "no variant %q (GET /api/v1/variants lists them)", name)
	}
	v, m := e.V, e.V.Map
	powers := e.Powers()
	out := variantDetail{variantJSON: variantJSON{Name: v.Name, Kind: kindDiplomacy, Title: v.Title, Powers: powers,
		Victory: v.Victory, Draws: !v.NoDraws, Description: v.Description, MinPlayers: 1, MaxPlayers: len(powers)},
		Provinces: make([]provinceJSON, 0, len(m.Provinces)), Palette: []paletteJSON{}}
	var b *maps.Board
	if _, err := variants.Board(v.Name); err == nil {
		if b, err = s.boards.Board(v.Name); err != nil {
			return err
		}
		out.Board = &boardSize{Width: b.Width, Height: b.Height}
	}
	for i := range m.Provinces {
		pi := &m.Provinces[i]
		pj := provinceJSON{ID: pi.Abbr, Name: pi.Name, Terrain: pi.Terrain.String(), SupplyCentre: pi.SupplyCenter,
			Coasts: []string{}, Impassable: pi.Impassable, CoastUnits: map[string]point{}}
		if pi.Home != rules.NoPower {
			pj.Home = m.PowerName(pi.Home)
		}
		for _, c := range pi.Coasts {
			pj.Coasts = append(pj.Coasts, c.String())
			if b != nil {
				if cl, ok := b.Coasts[pi.Abbr+"/"+c.String()]; ok {
					pj.CoastUnits[c.String()] = point{cl.Unit.X, cl.Unit.Y}
				}
			}
		}
		if b != nil {
			if sh, ok := b.Provinces[pi.Abbr]; ok {
				pj.Unit = &point{sh.Unit.X, sh.Unit.Y}
			}
		}
		out.Provinces = append(out.Provinces, pj)
	}
	letters := board.Letters(m)
	for p := 1; p < len(m.Powers); p++ {
		if rules.Power(p) == v.Neutral {
			continue
		}
		out.Palette = append(out.Palette, paletteJSON{Power: m.Powers[p], Colour: board.Colour(rules.Power(p)), Letter: letters[p]})
	}
	return writeJSON(w, http.StatusOK, out)
}
