package server

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestBoardSVGIsServedAndCached: a variant's board is public, cached for
// an hour, revalidated by its ETag and gzipped for clients that take it.
func TestBoardSVGIsServedAndCached(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	anon := &client{e: e}
	r := anon.must(200, "GET", "/variants/Standard/board.svg", nil)
	if !bytes.HasPrefix(r.Body, []byte("<svg")) || !bytes.Contains(r.Body, []byte(`data-province="stp"`)) {
		t.Fatalf("not the standard board: %.100s", r.Body)
	}
	get := func(header http.Header) *http.Response {
		t.Helper()
		req, _ := http.NewRequest("GET", e.URL+"/variants/standard/board.svg", nil)
		req.Header = header
		resp, err := e.http().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	// (Go's client asks for gzip, and unzips, unless told otherwise.)
	resp := get(http.Header{"Accept-Encoding": {"identity"}})
	resp.Body.Close()
	tag := resp.Header.Get("ETag")
	if resp.Header.Get("Content-Type") != "image/svg+xml" || resp.Header.Get("Cache-Control") != "public, max-age=3600" || tag == "" {
		t.Fatalf("headers %v", resp.Header)
	}
	resp = get(http.Header{"If-None-Match": {tag}, "Accept-Encoding": {"identity"}})
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotModified {
		t.Errorf("If-None-Match %s: %d", tag, resp.StatusCode)
	}
	resp = get(http.Header{"Accept-Encoding": {"gzip"}})
	defer resp.Body.Close()
	if resp.Header.Get("Content-Encoding") != "gzip" || resp.Header.Get("ETag") == tag {
		t.Fatalf("gzip: %v", resp.Header)
	}
	zr, err := gzip.NewReader(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if unzipped, _ := io.ReadAll(zr); !bytes.Equal(unzipped, r.Body) {
		t.Error("the gzipped board is not the board")
	}
	anon.must(404, "GET", "/variants/nosuch/board.svg", nil)
	anon.must(404, "GET", "/variants/diceplomacy/board.svg", nil)
}

// TestVariantDetailDescribesTheMap: GET /variants/{name} gives a client
// the provinces and the powers' colours it needs to draw the board.
func TestVariantDetailDescribesTheMap(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	anon := &client{e: e}
	type province struct {
		ID, Name, Terrain, Home string
		SupplyCentre            bool `json:"supply_centre"`
		Coasts                  []string
		Impassable              bool
		Unit                    *struct{ X, Y float64 }
		CoastUnits              map[string]struct{ X, Y float64 } `json:"coast_units"`
	}
	var v struct {
		Name      string
		Board     *struct{ Width, Height float64 }
		Provinces []province
		Palette   []struct{ Power, Colour, Letter string }
	}
	anon.must(200, "GET", "/variants/standard", nil).json(t, &v)
	if v.Name != "standard" || v.Board == nil || v.Board.Width <= 0 || len(v.Provinces) != 75 && len(v.Provinces) != 76 {
		t.Fatalf("standard: %s, board %v, %d provinces", v.Name, v.Board, len(v.Provinces))
	}
	byID := map[string]province{}
	centres := 0
	for _, p := range v.Provinces {
		byID[p.ID] = p
		if p.SupplyCentre {
			centres++
		}
	}
	if centres != 34 {
		t.Errorf("%d supply centres, want 34", centres)
	}
	stp := byID["stp"]
	if stp.Name != "St Petersburg" || stp.Terrain != "coast" || !stp.SupplyCentre || stp.Home != "Russia" ||
		strings.Join(stp.Coasts, ",") != "nc,sc" || stp.Unit == nil || len(stp.CoastUnits) != 2 {
		t.Errorf("stp: %+v", stp)
	}
	if m := byID["mao"]; m.Terrain != "sea" || m.SupplyCentre || m.Home != "" || len(m.Coasts) != 0 {
		t.Errorf("mao: %+v", m)
	}
	if len(v.Palette) != 7 || v.Palette[0].Power != "Austria" || v.Palette[0].Colour != "#cb8c0b" || v.Palette[0].Letter != "A" {
		t.Errorf("palette: %+v", v.Palette)
	}

	// Every variant with a board has a unit point for every province.
	for _, name := range []string{"1900", "sengoku", "colonial"} {
		v.Provinces = nil
		anon.must(200, "GET", "/variants/"+name, nil).json(t, &v)
		if v.Board == nil || len(v.Provinces) == 0 {
			t.Errorf("%s: board %v, %d provinces", name, v.Board, len(v.Provinces))
		}
		for _, p := range v.Provinces {
			if p.Unit == nil && !p.Impassable {
				t.Errorf("%s: no unit point for %s", name, p.ID)
			}
			if len(p.CoastUnits) != len(p.Coasts) {
				t.Errorf("%s: %s has coasts %v and coast points %v", name, p.ID, p.Coasts, p.CoastUnits)
			}
		}
	}
	anon.must(200, "GET", "/variants/diceplomacy", nil)
	anon.must(404, "GET", "/variants/nosuch", nil)
}
