package notation

import (
	"slices"
	"strings"
	"testing"

	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/variants"
)

// TestMayStartKeepsEveryPrefix: the filter of how keys begin never rules
// out the beginning of a real key, in any variant (a false "no" would stop
// reading a name too early; a false "yes" only costs a map look-up).
func TestMayStartKeepsEveryPrefix(t *testing.T) {
	reg := variants.MustLoad()
	for _, vn := range reg.Names() {
		v, err := reg.Get(vn)
		if err != nil {
			t.Fatal(err)
		}
		n := NewNames(v.Map)
		for k := range n.provs {
			for l := 1; l <= len(k); l++ {
				if !n.mayStart([]byte(k[:l])) {
					t.Errorf("%s: mayStart(%q) is false, but %q is a name", vn, k[:l], k)
				}
			}
		}
		if n.mayStart([]byte("zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz")) {
			t.Errorf("%s: mayStart is true for a word longer than every name", vn)
		}
	}
}

// TestAliasLongerThanEveryNameReads: an alias of more words than any full
// name is read whole (the longest name counts every name added, not only
// the full names).
func TestAliasLongerThanEveryNameReads(t *testing.T) {
	b := rules.NewMapBuilder()
	pw := b.AddPower("England")
	b.AddBorderKind(rules.BorderKindInfo{Name: "plain"})
	lon := b.AddProvince(rules.ProvinceInfo{Abbr: "lon", Name: "London", Terrain: rules.Land,
		Aliases: []string{"the old smoke on thames"}})
	yor := b.AddProvince(rules.ProvinceInfo{Abbr: "yor", Name: "York", Terrain: rules.Land})
	b.AddBorder(rules.At(lon), rules.At(yor), true, false, 0)
	m, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	n := NewNames(m)
	o, err := n.ParseOrder("A the old smoke on thames - York", pw, rules.MovementPhase)
	if err != nil {
		t.Fatal(err)
	}
	if o.At.Province != lon || o.Target.Province != yor {
		t.Errorf("read as %s", n.FormatOrder(o))
	}
}

// tokenizeRef is tokenize as it was first written, a test's reference.
func tokenizeRef(toks []string, s string) (_ []string, hyphens bool) {
	endsWord := [256]bool{' ': true, '\t': true, '\n': true, '\r': true, ',': true, '(': true, ')': true, '/': true, ':': true}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',' || c == '.':
			i++
		case (c == '-' || c == '=') && i+1 < len(s) && s[i+1] == '>':
			toks = append(toks, "-")
			i += 2
		case c == '-' || c == '(' || c == ')' || c == '/' || c == ':':
			toks = append(toks, s[i:i+1])
			i++
		default:
			j := i
			for j < len(s) {
				d := s[j]
				if endsWord[d] {
					break
				}
				if d == '-' {
					if j+1 >= len(s) || s[j+1] == ' ' || s[j+1] == '>' || j == i {
						break
					}
					hyphens = true
				}
				if d == '=' && j+1 < len(s) && s[j+1] == '>' {
					break
				}
				j++
			}
			if j == i {
				j++
			}
			toks = append(toks, s[i:j])
			i = j
		}
	}
	return toks, hyphens
}

// FuzzTokenize checks that tokenize, which reads each byte once by its
// class, splits every text as the plain reading of its rules does.
func FuzzTokenize(f *testing.F) {
	for _, s := range []string{"A PAR - BUR", "F NTH C A LON -> NWY", "A par-bur", "F Mid-Atlantic Ocean => Spain (south coast)",
		"St.Petersburg", "a=b", "=>", "-x", "x-", "x- y", "x->y", "England: A LON H", "a,b.c\td\n", "x=>y", "x-=>y", "x--y", "-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, gh := tokenize(nil, s)
		want, wh := tokenizeRef(nil, s)
		if !slices.Equal(got, want) || gh != wh {
			t.Fatalf("tokenize(%q) = %q, %v; want %q, %v", s, got, gh, want, wh)
		}
	})
}

// TestWordCount: wordCount counts the words strings.Fields finds once
// "-" and "." are spaces, for every name of every variant and odd ones.
func TestWordCount(t *testing.T) {
	names := []string{"", " ", "a", "St. Petersburg", "St.Petersburg", "a.b", "Mid-Atlantic Ocean", "a--b", " a. b -c ", "x\u00a0y", "\xff \xfe", "Gulf of\tLyon", "Sa\u00f4ne-et-Loire", "ab\u00e9cd ef", "a \u00a0b", "a\u00a0 b.", "\u00e9", "\v\fx\ry\n"}
	reg := variants.MustLoad()
	for _, vn := range reg.Names() {
		v, err := reg.Get(vn)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range v.Map.Provinces {
			names = append(names, p.Name, p.Abbr)
			names = append(names, p.Aliases...)
		}
	}
	breaks := strings.NewReplacer("-", " ", ".", " ")
	for _, s := range names {
		if got, want := wordCount(s), len(strings.Fields(breaks.Replace(s))); got != want {
			t.Errorf("wordCount(%q) = %d, want %d", s, got, want)
		}
	}
}

// TestQuickNamesReadAsTheFullReading: Loc's table reading of "abc" and
// "abc/xc", and Power's comparison of four bytes at each end, read every
// name, in every case and with every coast word, as the full readings do,
// and refuse what they refuse (names one byte off, unknown coasts).
func TestQuickNamesReadAsTheFullReading(t *testing.T) {
	reg := variants.MustLoad()
	for _, vn := range reg.Names() {
		v, err := reg.Get(vn)
		if err != nil {
			t.Fatal(err)
		}
		n := NewNames(v.Map)
		var locs []string
		for _, p := range v.Map.Provinces {
			for _, a := range []string{p.Abbr, strings.ToUpper(p.Abbr), p.Abbr[:len(p.Abbr)-1] + "q"} {
				locs = append(locs, a)
				for _, c := range []string{"nc", "sc", "ec", "wc", "NC", "Sc", "xc", "n/", "nd"} {
					locs = append(locs, a+"/"+c)
				}
			}
		}
		for _, s := range locs {
			gl, gok := n.Loc(s)
			wl, wok := n.locWords(s)
			if gl != wl || gok != wok {
				t.Errorf("%s: Loc(%q) = %v, %v; by its words %v, %v", vn, s, gl, gok, wl, wok)
			}
			for _, pw := range v.Map.Powers[1:3] {
				for typ, want := range map[string]rules.UnitType{"army": rules.Army, "fleet": rules.Fleet, "Army": rules.NoUnit} {
					p, ut, l, ok := n.Unit(pw, typ, s)
					if !ok {
						continue
					}
					wp, _ := n.Power(pw)
					if !gok || l != gl || p != wp || ut != want {
						t.Errorf("%s: Unit(%q, %q, %q) = %v, %v, %v; Power and Loc read %v, %v (%v)", vn, pw, typ, s, p, ut, l, wp, gl, gok)
					}
				}
			}
			if _, _, _, ok := n.Unit(v.Map.Powers[1], "army", s); !ok && gok && len(s) == 3 && len(v.Map.Powers[1]) >= 4 && len(v.Map.Powers[1]) <= 8 {
				t.Errorf("%s: Unit does not read %q", vn, s)
			}
		}
		var powers []string
		for _, name := range v.Map.Powers[1:] {
			powers = append(powers, name, strings.ToUpper(name), strings.ToLower(name), name+"x", name[:len(name)-1])
			for i := range len(name) {
				powers = append(powers, name[:i]+"#"+name[i+1:])
			}
		}
		for _, s := range powers {
			gp, gok := n.Power(s)
			wp, wok := n.powerFolded(s)
			if gp != wp || gok != wok {
				t.Errorf("%s: Power(%q) = %v, %v; folded %v, %v", vn, s, gp, gok, wp, wok)
			}
			if up, _, _, ok := n.Unit(s, "fleet", v.Map.Provinces[0].Abbr); ok && (!gok || up != gp) {
				t.Errorf("%s: Unit reads power %q as %v; Power: %v, %v", vn, s, up, gp, gok)
			}
		}
	}
}
