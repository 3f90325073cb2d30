package diplomacy

import (
	"github.com/chancery/chancery/board"
	"github.com/chancery/chancery/maps"
	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/table"
	"github.com/chancery/chancery/variants"
)

// variantDetail is GET /variants/{name}: the list's entry and what a
// client needs to draw the variant: its provinces and its powers'
// colours and letters, as the server's own pictures use them.
type variantDetail struct {
	table.Variant
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

// Describe returns a variant's entry in the list, with its provinces,
// where the board draws their units, and its powers' colours and letters
// as the server's own pictures use them (GET /variants/{name}).
func (k *Kind) Describe(variant string) (any, error) {
	e := k.engines.Get(variant)
	if e == nil {
		return nil, table.Errorf(table.ErrNotFound, "no variant %q", variant)
	}
	v, m := e.V, e.V.Map
	var entry table.Variant
	for _, ve := range k.Variants() {
		if ve.Name == v.Name {
			entry = ve
		}
	}
	out := variantDetail{Variant: entry, Provinces: make([]provinceJSON, 0, len(m.Provinces)), Palette: []paletteJSON{}}
	var b *maps.Board
	if _, err := variants.Board(v.Name); err == nil {
		if b, err = k.boards.Board(v.Name); err != nil {
			return nil, err
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
	for _, p := range v.Powers() {
		out.Palette = append(out.Palette, paletteJSON{Power: m.Powers[p], Colour: board.Colour(v, p), Letter: letters[p]})
	}
	return out, nil
}
