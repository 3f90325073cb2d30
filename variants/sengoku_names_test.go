package variants_test

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/chancery/chancery/rules"
)

// foldName folds a name the way the notation does: lower-case letters and
// digits only.
func foldName(s string) string {
	var b strings.Builder
	for _, c := range strings.ToLower(s) {
		if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' {
			b.WriteRune(c)
		}
	}
	return b.String()
}

// seaWords end the names of seas named after a province ("Tosa Bay").
var seaWords = []string{"Bay", "Coast", "Sea", "Strait", "Straits"}

// namedAfter reports whether sea q is named after province p: "Tosa Bay"
// after "Tosa".
func namedAfter(q, p *rules.ProvinceInfo) bool {
	rest, ok := strings.CutPrefix(q.Name, p.Name+" ")
	if !ok {
		return false
	}
	for _, w := range seaWords {
		if rest == w {
			return true
		}
	}
	return false
}

// TestSengokuAbbreviations checks the rules docs/sengoku.md states for the
// abbreviations, since many Japanese province names share their first
// letters (Echigo and Echizen, Izu and Izumo, Yamashiro and Yamato, Tosa and
// Tosa Bay).
func TestSengokuAbbreviations(t *testing.T) {
	v, names := sengoku(t)
	m := v.Map
	abbr := regexp.MustCompile(`^[a-z]{3}$`)
	for i := range m.Provinces {
		p := &m.Provinces[i]
		if !abbr.MatchString(p.Abbr) {
			t.Errorf("%s: abbreviation %q is not three lower-case letters", p.Name, p.Abbr)
		}
		// Every name a player may write denotes this province and no
		// other (the notation would silently keep the first).
		for _, s := range append([]string{p.Abbr, p.Name}, p.Aliases...) {
			if q, ok := names.Province(s); !ok || q != rules.Province(i) {
				t.Errorf("%q does not denote %s", s, p.Name)
			}
		}
		// A short name never is the first three letters of another
		// province's name, so that guessing an abbreviation from a name
		// never lands on the wrong province. Exceptions: a sea named after
		// the province ("tos" is Tosa, not Tosa Bay), and a full name ("Izu"
		// is Izu, though Izumo begins with it).
		for j := range m.Provinces {
			q := &m.Provinces[j]
			if i == j || namedAfter(q, p) {
				continue
			}
			for _, s := range append([]string{p.Abbr}, p.Aliases...) {
				if foldName(s) == foldName(q.Name)[:3] && foldName(s) != foldName(p.Name) {
					t.Errorf("%s's name %q is the beginning of %s", p.Name, s, q.Name)
				}
			}
		}
	}

	// The confusable names, and prefixes that denote nothing.
	for in, want := range map[string]string{
		"Echigo": "ecg", "Echizen": "ecz", "ecg": "ecg", "ecz": "ecz",
		"Izu": "izu", "Izumo": "izm", "izm": "izm",
		"Yamashiro": "yas", "Yamato": "yat", "yas": "yas", "yat": "yat",
		"Tosa": "tos", "tos": "tos", "Tosa Bay": "tsb", "tosa-bay": "tsb",
		"Suo": "suo", "Suo Sea": "sus", "Sanuki": "snk", "Sanin Coast": "sac",
		"Inaba": "inb", "Inland Sea": "ins", "North Shinano": "nsh", "South Shinano": "ssh",
		"North Sea of Japan": "nsj", "Sea of Japan": "soj", "South Sea of Japan": "ssj",
		"Tsugaru Straits": "tgs", "Tsushima Straits": "tss", "Kii Strait": "kis",
		"ech": "", "yam": "", "san": "", "ina": "", "nor": "", "sou": "", "shi": "", "shinano": "",
	} {
		got := ""
		if p, ok := names.Province(in); ok {
			got = m.Province(p).Abbr
		}
		if got != want {
			t.Errorf("%q denotes %q, want %q", in, got, want)
		}
	}

	// Orders with full names, including the longest match of a sea named
	// after a province, and "ecs", which is also a coast word elsewhere.
	for in, want := range map[string]string{
		"F Tosa - Tosa Bay":                   "F TOS - TSB",
		"F Tosa Bay - Tosa":                   "F TSB - TOS",
		"A Yamashiro - Yamato":                "A YAS - YAT",
		"A Echizen S A Omi - Echigo":          "A ECZ S A OMI - ECG",
		"F Hizen - ecs":                       "F HIZ - ECS",
		"F East China Sea S F Satsuma - Higo": "F ECS S F SAT - HIG",
		"A Izumo - Izu":                       "A IZM - IZU",
	} {
		o, err := names.ParseOrder(in, 1, rules.MovementPhase)
		if err != nil {
			t.Errorf("%q: %v", in, err)
			continue
		}
		if got := names.FormatOrder(o); got != want {
			t.Errorf("%q reads as %q, want %q", in, got, want)
		}
	}
}

// TestSengokuDoc checks that docs/sengoku.md lists every province with
// its abbreviation, so that the players' list cannot drift from the map.
func TestSengokuDoc(t *testing.T) {
	v, _ := sengoku(t)
	data, err := os.ReadFile("../docs/sengoku.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("(?m)^\\| `([a-z]{3})` \\| ([^|]+?) \\|")
	listed := map[string]string{}
	for _, m := range row.FindAllStringSubmatch(string(data), -1) {
		listed[m[1]] = m[2]
	}
	for _, p := range v.Map.Provinces {
		if name, ok := listed[p.Abbr]; !ok || name != p.Name {
			t.Errorf("docs/sengoku.md lists %q as %q, want %q", p.Abbr, name, p.Name)
		}
		delete(listed, p.Abbr)
	}
	for a, name := range listed {
		t.Errorf("docs/sengoku.md lists %q (%s), which the map does not have", a, name)
	}
}
