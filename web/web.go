// Package web is Chancery's browser client: TypeScript sources in src/,
// compiled by esbuild (go generate) into dist/, which the server embeds
// and serves at /. No Node.js is needed to build or run the server; npm
// only type-checks the sources in CI.
package web

//go:generate go run ./build

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"
)

//go:embed dist
var dist embed.FS

// Files returns the compiled client, rooted at its folder.
func Files() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		// dist is embedded at build time: Sub fails only on a bad name.
		panic(err)
	}
	return sub
}

// zipped is one file of the client compressed, with its entity tag.
type zipped struct {
	body []byte
	etag string
}

// compressed is every file of the client compressed, once per process:
// the files are embedded, so every Handler serves the same bytes (a
// process that makes many, as the tests do with their servers, compresses
// them once).
var compressed = sync.OnceValue(func() map[string]zipped { return compress(Files()) })

// compress compresses every file of files: a phone on a slow line loads a
// third of the bytes.
func compress(files fs.FS) map[string]zipped {
	out := map[string]zipped{}
	_ = fs.WalkDir(files, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(files, name)
		if err != nil {
			return err
		}
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		_, _ = zw.Write(b)
		_ = zw.Close()
		sum := sha256.Sum256(buf.Bytes())
		out[name] = zipped{body: buf.Bytes(), etag: `"` + hex.EncodeToString(sum[:12]) + `"`}
		return nil
	})
	return out
}

// serveGzip answers with the compressed file when the client takes gzip.
func serveGzip(w http.ResponseWriter, r *http.Request, gz map[string]zipped, name string) bool {
	w.Header().Add("Vary", "Accept-Encoding")
	if !strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		return false
	}
	z, ok := gz[name]
	if !ok {
		return false
	}
	h := w.Header()
	if ct := mime.TypeByExtension(path.Ext(name)); ct != "" {
		h.Set("Content-Type", ct)
	}
	h.Set("Content-Encoding", "gzip")
	h.Set("ETag", z.etag)
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(z.body))
	return true
}

// Handler serves the client: its files by name, and index.html for every
// other path that is not the API's and names no file, so that a page's
// address (a game's, say) can be opened, bookmarked and reloaded.
func Handler() http.Handler {
	files := Files()
	static := http.FileServerFS(files)
	gz := compressed()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "same-origin")
		if name != "" && name != "index.html" {
			if _, err := fs.Stat(files, name); err == nil {
				h.Set("Cache-Control", "no-cache")
				if !serveGzip(w, r, gz, name) {
					static.ServeHTTP(w, r)
				}
				return
			}
		}
		// A file the client does not have (a name with an extension:
		// /favicon.ico, an old script) is not found: answering with the
		// page would hand HTML to whoever asked for an icon or a script.
		if name != "" && name != "index.html" && strings.Contains(path.Base(name), ".") {
			http.NotFound(w, r)
			return
		}
		h.Set("Cache-Control", "no-cache")
		h.Set("Content-Security-Policy", "default-src 'self'; worker-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
		h.Set("X-Frame-Options", "DENY")
		b, err := fs.ReadFile(files, "index.html")
		if err != nil {
			http.Error(w, "the web client is missing from this build", http.StatusInternalServerError)
			return
		}
		h.Set("Content-Type", "text/html; charset=utf-8")
		if serveGzip(w, r, gz, "index.html") {
			return
		}
		_, _ = w.Write(b)
	})
}
