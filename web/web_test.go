package web_test

import (
	"bytes"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/chancery/chancery/table"
	"github.com/chancery/chancery/table/diceplomacy"
	"github.com/chancery/chancery/table/diplomacy"
	"github.com/chancery/chancery/variants"
	"github.com/chancery/chancery/web"
	"github.com/chancery/chancery/web/internal/bundle"
)

// TestDistIsFresh: the committed dist/ is exactly what the sources compile
// to. Run `go generate ./web` after editing web/src.
func TestDistIsFresh(t *testing.T) {
	want, err := bundle.Build(".")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for name := range want {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		got, err := os.ReadFile("dist/" + name)
		if err != nil || !bytes.Equal(got, want[name]) {
			t.Errorf("web/dist/%s is stale or missing: run go generate ./web", name)
		}
	}
	err = fs.WalkDir(os.DirFS("dist"), ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && want[p] == nil {
			t.Errorf("web/dist/%s is not built from the sources: run go generate ./web", p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestHandlerServesPagesAndFiles: files by name, index.html for any other
// path (a page's address), nothing but GET and HEAD.
func TestHandlerServesPagesAndFiles(t *testing.T) {
	h := web.Handler()
	get := func(method, path string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(method, path, nil))
		return rec
	}
	for _, path := range []string{"/", "/games/abc", "/lobby?x=1"} {
		rec := get("GET", path)
		if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "<!doctype html>") {
			t.Errorf("GET %s: %d %.80q, want the page", path, rec.Code, rec.Body.String())
		}
		if csp := rec.Header().Get("Content-Security-Policy"); csp == "" || strings.Contains(csp, "unsafe-inline") {
			t.Errorf("GET %s: Content-Security-Policy %q, want one without 'unsafe-inline'", path, csp)
		}
	}
	if rec := get("GET", "/main.js"); rec.Code != http.StatusOK || !strings.Contains(rec.Header().Get("Content-Type"), "javascript") {
		t.Errorf("GET /main.js: %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
	req := httptest.NewRequest("GET", "/main.js", nil)
	req.Header.Set("Accept-Encoding", "gzip, br")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Header().Get("Content-Encoding") != "gzip" || !strings.Contains(rec.Header().Get("Content-Type"), "javascript") {
		t.Errorf("GET /main.js with gzip: %q %q, want it compressed", rec.Header().Get("Content-Encoding"), rec.Header().Get("Content-Type"))
	}
	// A file the client lacks is not found: never the page in its place.
	for _, path := range []string{"/favicon.ico", "/old.js", "/games/x/style.css"} {
		if rec := get("GET", path); rec.Code != http.StatusNotFound || strings.Contains(rec.Body.String(), "<!doctype html>") {
			t.Errorf("GET %s: %d %.60q, want 404", path, rec.Code, rec.Body.String())
		}
	}
	if rec := get("GET", "/favicon.svg"); rec.Code != http.StatusOK || !strings.Contains(rec.Header().Get("Content-Type"), "svg") {
		t.Errorf("GET /favicon.svg: %d %s, want the icon", rec.Code, rec.Header().Get("Content-Type"))
	}
	if rec := get("POST", "/"); rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST /: %d, want 405", rec.Code)
	}
}

// catalogueEntry is one line of a messages catalogue: `"key": "text",`.
var catalogueEntry = regexp.MustCompile(`^\s*(?:"([^"]+)"|([A-Za-z_]\w*))\s*:\s*"((?:[^"\\]|\\.)*)",?\s*$`)

// readCatalogue reads web/src/messages/<lang>.ts: each key's text.
func readCatalogue(t *testing.T, lang string) map[string]string {
	t.Helper()
	return readMessages(t, lang, 100)
}

// readMessages reads web/src/messages/<file>.ts, of at least min messages.
func readMessages(t *testing.T, file string, min int) map[string]string {
	t.Helper()
	data, err := os.ReadFile("src/messages/" + file + ".ts")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, line := range strings.Split(string(data), "\n") {
		m := catalogueEntry.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		out[m[1]+m[2]] = m[3]
	}
	if len(out) < min {
		t.Fatalf("%s.ts: only %d messages read: has its form changed?", file, len(out))
	}
	return out
}

// TestCataloguesAgree: every message of the English catalogue is in the
// others, with the same placeholders (a placeholder missing in one
// language would leave out a name or a number), and no other message.
// The type checker says as much of the keys; this test holds without it.
func TestCataloguesAgree(t *testing.T) {
	placeholder := regexp.MustCompile(`\{\w+\}`)
	holes := func(s string) string {
		p := placeholder.FindAllString(s, -1)
		sort.Strings(p)
		return strings.Join(p, " ")
	}
	en := readCatalogue(t, "en")
	for _, lang := range []string{"fr", "ja"} {
		other := readCatalogue(t, lang)
		for k, v := range en {
			w, ok := other[k]
			switch {
			case !ok:
				t.Errorf("%s.ts lacks %q", lang, k)
			case w == "":
				t.Errorf("%s.ts: %q is empty", lang, k)
			case holes(w) != holes(v):
				t.Errorf("%s.ts: %q has placeholders %q, English %q", lang, k, holes(w), holes(v))
			}
		}
		for k := range other {
			if _, ok := en[k]; !ok {
				t.Errorf("%s.ts has %q, which en.ts does not", lang, k)
			}
		}
	}
}

// TestPowerNamesAreTheServers: every power of every variant (Sengoku's
// neutral armies too) has its name in the catalogues, keyed by the
// variant and the server's name, and in English the name is the
// server's, so that an English page reads as the orders and the API do.
// A power without an entry would be shown in English on every page.
func TestPowerNamesAreTheServers(t *testing.T) {
	en := readCatalogue(t, "en")
	reg := variants.MustLoad()
	want := map[string]bool{}
	for _, name := range reg.Names() {
		v, err := reg.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range v.Map.Powers[1:] {
			k := "power." + v.Name + "." + p
			want[k] = true
			switch got, ok := en[k]; {
			case !ok:
				t.Errorf("en.ts lacks %q", k)
			case got != p:
				t.Errorf("en.ts: %q is %q, want the server's name %q", k, got, p)
			}
		}
	}
	for k := range en {
		if strings.HasPrefix(k, "power.") && !want[k] {
			t.Errorf("en.ts has %q, which no variant has", k)
		}
	}
}

// variantLanguages are the variants whose description and victory
// condition have a translation in a language
// (web/src/messages/variants.<lang>.ts); any other is shown with the
// server's English text.
var variantLanguages = map[string][]string{
	"fr": {"standard", "1900", "colonial", "sengoku", "diceplomacy"},
	"ja": {"standard", "1900", "colonial", "sengoku", "diceplomacy"},
}

// TestVariantTextsAreTheServers: a variant's English description and
// victory condition are the server's alone (GET /variants, read here
// through the kinds that write it, from the map files): no catalogue
// copies them. Every translation is keyed by a text the server writes,
// is not that text again, and has the same numbers; a variant covered
// in a language has each of its texts translated there. A translation
// of a text the server no longer writes would never be read, and a
// covered variant's missing one would be English on a French page.
func TestVariantTextsAreTheServers(t *testing.T) {
	var vs []table.Variant
	vs = append(vs, diplomacy.New(variants.MustLoad()).Variants()...)
	vs = append(vs, diceplomacy.Kind{}.Variants()...)
	server := map[string]string{}
	for _, v := range vs {
		for what, text := range map[string]string{"description": v.Description, "victory": v.Victory} {
			if text != "" {
				server["variant."+v.Name+"."+what] = text
			}
		}
	}
	if len(server) < 9 {
		t.Fatalf("only %d texts from %d variants", len(server), len(vs))
	}
	for _, lang := range []string{"en", "fr", "ja"} {
		for k := range readCatalogue(t, lang) {
			if strings.HasPrefix(k, "variant.") && (strings.HasSuffix(k, ".description") || strings.HasSuffix(k, ".victory")) {
				t.Errorf("%s.ts has %q: a variant's text is the server's, or a translation in variants.<lang>.ts", lang, k)
			}
		}
	}
	// missing is the numbers of en that s does not write: a translation
	// may write a number English spells ("seven"), but drops none.
	digits := regexp.MustCompile(`[0-9]+`)
	missing := func(s, en string) []string {
		have := map[string]int{}
		for _, n := range digits.FindAllString(s, -1) {
			have[n]++
		}
		var out []string
		for _, n := range digits.FindAllString(en, -1) {
			if have[n] == 0 {
				out = append(out, n)
			}
			have[n]--
		}
		return out
	}
	for lang, covered := range variantLanguages {
		file := "variants." + lang
		texts := readMessages(t, file, 1)
		for k, v := range texts {
			en, ok := server[k]
			s, err := strconv.Unquote(`"` + v + `"`)
			switch {
			case !ok:
				t.Errorf("%s.ts has %q, which is no text the server writes", file, k)
			case err != nil:
				t.Errorf("%s.ts: %q does not read: %v", file, k, err)
			case s == "" || s == en:
				t.Errorf("%s.ts: %q is %q, not a translation of the server's text", file, k, s)
			case len(missing(s, en)) > 0:
				t.Errorf("%s.ts: %q lacks the server's numbers %v", file, k, missing(s, en))
			}
		}
		for _, name := range covered {
			for _, what := range []string{"description", "victory"} {
				k := "variant." + name + "." + what
				if _, ok := server[k]; !ok {
					continue
				}
				if _, ok := texts[k]; !ok {
					t.Errorf("%s.ts lacks %q, the server's %q", file, k, server[k])
				}
			}
		}
	}
}

// provinceLanguages are the variants whose provinces have names in a
// language (web/src/messages/provinces.<lang>.ts); any other is shown
// with the server's names (English).
var provinceLanguages = map[string][]string{
	"fr": {"standard", "sengoku", "1900", "colonial"},
	"ja": {"standard", "sengoku", "1900", "colonial"},
}

// TestProvinceNamesAreEveryProvinces: every province of a variant covered
// in a language (a sea, Switzerland too) has a name there, keyed by the
// variant and the province's id, and no key names a province or a
// variant that does not exist or is not covered. A province without one
// would be named in English in the middle of a French or Japanese page.
func TestProvinceNamesAreEveryProvinces(t *testing.T) {
	reg := variants.MustLoad()
	for lang, covered := range provinceLanguages {
		names := readMessages(t, "provinces."+lang, 50)
		want := map[string]bool{}
		for _, name := range covered {
			v, err := reg.Get(name)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, p := range v.Map.Provinces {
				if p.Abbr == "" {
					continue
				}
				n++
				k := "province." + v.Name + "." + strings.ToLower(p.Abbr)
				want[k] = true
				switch got, ok := names[k]; {
				case !ok:
					t.Errorf("provinces.%s.ts lacks %q (%s)", lang, k, p.Name)
				case strings.TrimSpace(got) == "" || got != strings.TrimSpace(got):
					t.Errorf("provinces.%s.ts: %q is %q", lang, k, got)
				case lang == "ja" && got == p.Name:
					t.Errorf("provinces.%s.ts: %q is the English name %q", lang, k, got)
				}
			}
			if n < 70 {
				t.Errorf("%s: only %d provinces read", name, n)
			}
		}
		for k := range names {
			if !want[k] {
				t.Errorf("provinces.%s.ts has %q, which no covered variant has", lang, k)
			}
		}
	}
}

// TestFrenchArticlesAreProvinces: every French name with an article
// (articles.fr.ts) is a province's French name, and says that name: a
// name renamed in provinces.fr.ts without its article would lose it.
func TestFrenchArticlesAreProvinces(t *testing.T) {
	names := map[string]bool{}
	for _, v := range readMessages(t, "provinces.fr", 50) {
		names[v] = true
	}
	form := regexp.MustCompile(`^(dans )?(le |la |l’|les )(.+)$`)
	for name, said := range readMessages(t, "articles.fr", 50) {
		m := form.FindStringSubmatch(said)
		switch {
		case !names[name]:
			t.Errorf("articles.fr.ts: %q is no province's name in provinces.fr.ts", name)
		case m == nil:
			t.Errorf("articles.fr.ts: %q is %q, not an article and the name", name, said)
		case !strings.EqualFold(m[3], name) || m[3][1:] != name[1:]:
			t.Errorf("articles.fr.ts: %q is %q, which says another name", name, said)
		}
	}
}

// TestFrenchTypography: French puts a narrow no-break space (U+202F)
// before ; : ! ? and inside « », which keeps the sign from starting a line
// of its own; a plain space there would let it wrap, and none reads as
// English. A colon between digits (a time) takes none.
func TestFrenchTypography(t *testing.T) {
	fr := readCatalogue(t, "fr")
	for k, v := range readMessages(t, "provinces.fr", 50) {
		fr[k] = v
	}
	for k, v := range readMessages(t, "variants.fr", 5) {
		fr[k] = v
	}
	for k, v := range readMessages(t, "articles.fr", 50) {
		fr["articles: "+k] = v
	}
	for k, v := range fr {
		r := []rune(v)
		for i, c := range r {
			before, after := ' ', ' '
			if i > 0 {
				before = r[i-1]
			}
			if i+1 < len(r) {
				after = r[i+1]
			}
			switch {
			case strings.ContainsRune(";:!?»", c) && before != '\u202f' && !(c == ':' && unicode.IsDigit(before)):
				t.Errorf("fr.ts: %q: %q without a narrow no-break space before it: %s", k, c, v)
			case c == '«' && after != '\u202f':
				t.Errorf("fr.ts: %q: « without a narrow no-break space after it: %s", k, v)
			}
		}
	}
}
