package server

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strings"
	"sync"

	"github.com/chancery/chancery/table"
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

// svgCSP is the Content-Security-Policy of the pictures the server
// draws (board.svg, map.svg), for a browser that opens one as a page: no
// script, nothing fetched, no framing; only the picture's own style
// sheet applies. (The web client inlines the board into its page without
// that style sheet, under the page's policy.)
const svgCSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox"

// boardSVG serves GET /api/v1/variants/{name}/board.svg: the variant's
// generated board, the background a client draws units and orders on.
// It changes only with the program, so it is cached publicly for an hour
// and revalidated by its ETag.
func (s *Server) boardSVG(w http.ResponseWriter, r *http.Request) error {
	name := r.PathValue("name")
	_, v, err := s.kinds.Plays(name)
	if err != nil {
		return errorf(http.StatusNotFound, "no variant %q (GET /api/v1/variants lists them)", name)
	}
	f, err := s.boardFiles.get(v)
	if err != nil {
		return errorf(http.StatusNotFound, "variant %s has no board", v)
	}
	gz := acceptsGzip(r)
	etag := f.etag
	if gz {
		etag = strings.TrimSuffix(etag, `"`) + `-gz"`
	}
	h := w.Header()
	h.Set("Content-Security-Policy", svgCSP)
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

// variant serves GET /api/v1/variants/{name}: the kind that plays the
// variant describes it (table.Describer), or, for a kind that describes
// its variants no further, the list's entry.
func (s *Server) variant(w http.ResponseWriter, r *http.Request) error {
	name := r.PathValue("name")
	k, v, err := s.kinds.Plays(name)
	if err != nil {
		return errorf(http.StatusNotFound, "no variant %q (GET /api/v1/variants lists them)", name)
	}
	if d, ok := k.(table.Describer); ok {
		out, err := d.Describe(v)
		if err != nil {
			return err
		}
		return writeJSON(w, http.StatusOK, out)
	}
	for _, e := range k.Variants() {
		if e.Name == v {
			return writeJSON(w, http.StatusOK, e)
		}
	}
	return errorf(http.StatusNotFound, "no variant %q (GET /api/v1/variants lists them)", name)
}
