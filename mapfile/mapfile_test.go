package mapfile_test

import (
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/chancery/chancery/mapfile"
	"github.com/chancery/chancery/rules"
)

const tiny = `
name tiny
title "A tiny map"
start spring 1901
victory 2 "two centres"
power Red = scarlet crimson
power Blue
kind cape half-strength no-support
province aaa coast sc home=Red "Alpha" = alf
province bbb coast sc home=Blue coasts=nc,sc "Beta"
province sea sea "The Sea"
province lll land "Land"
both aaa: bbb/nc
fleet sea: aaa bbb/sc[cape]
army lll: aaa bbb
unit Red A aaa
unit Blue F bbb/sc
owns Red aaa
owns Blue bbb
`

func TestParseTiny(t *testing.T) {
	v, err := mapfile.Parse(strings.NewReader(tiny))
	if err != nil {
		t.Fatal(err)
	}
	m := v.Map
	if v.Name != "tiny" || v.Title != "A tiny map" || v.VictoryCentres != 2 || m.NumPowers() != 2 {
		t.Fatalf("header: %+v", v)
	}
	a, b, s := rules.Province(0), rules.Province(1), rules.Province(2)
	if ok, _ := m.Edge(rules.Army, rules.At(a), rules.At(b)); !ok {
		t.Error("armies cross aaa-bbb")
	}
	if ok, _ := m.Edge(rules.Fleet, rules.At(a), rules.Loc{Province: b, Coast: rules.NorthCoast}); !ok {
		t.Error("fleets cross aaa-bbb/nc")
	}
	if ok, _ := m.Edge(rules.Fleet, rules.At(a), rules.Loc{Province: b, Coast: rules.SouthCoast}); ok {
		t.Error("fleets do not cross aaa-bbb/sc")
	}
	ok, kind := m.Edge(rules.Fleet, rules.At(s), rules.Loc{Province: b, Coast: rules.SouthCoast})
	if !ok || !m.BorderKindInfo(kind).HalfStrength || m.BorderKindInfo(kind).Name != "cape" {
		t.Errorf("sea-bbb/sc is a cape border: %v %+v", ok, m.BorderKindInfo(kind))
	}
	if m.CanSupportInto(rules.Fleet, rules.At(s), b) {
		t.Error("no support across a cape border")
	}
	if v.Start.Units[b] != (rules.Unit{Type: rules.Fleet, Power: 2, Coast: rules.SouthCoast}) {
		t.Errorf("start unit in bbb: %+v", v.Start.Units[b])
	}
	if got := m.PowerAliases[1]; len(got) != 2 || got[0] != "scarlet" || got[1] != "crimson" {
		t.Errorf("Red's aliases: %q", got)
	}
	if m.Provinces[a].Home != 1 || v.Start.Owner[a] != 1 || m.Provinces[a].Aliases[0] != "alf" {
		t.Errorf("aaa: %+v", m.Provinces[a])
	}
}

func TestParseErrorsNameTheLine(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"unknown statement", "name x\nstart spring 1901\nfrobnicate\n", "line 3: unknown statement"},
		{"bad terrain", "province aaa swamp \"A\"\n", "terrain"},
		{"unknown province in border", "name x\nstart spring 1901\nprovince aaa land \"A\"\narmy aaa: zzz\n", "line 4: unknown location"},
		{"army to sea", "name x\nstart spring 1901\nprovince aaa land \"A\"\nprovince sss sea \"S\"\narmy aaa: sss\n", "armies cannot cross"},
		{"unterminated", "title \"oops\n", "unterminated"},
		{"unit on water", "name x\nstart spring 1901\npower P\nprovince sss sea \"S\"\nunit P A sss\n", "line 5: army cannot stand"},
		{"no name", "start spring 1901\n", "needs a name"},
		// A gate is a kind's property: home= names a power, always.
		{"home names a gate", "name x\nstart spring 1901\npower P\nkind canal gate=aaa\nprovince aaa land home=gate:canal \"A\"\n",
			`line 5: unknown power "gate:canal"`},
		{"home names a gate of no kind", "name x\nstart spring 1901\npower P\nprovince aaa land home=gate:x \"A\"\n",
			`line 4: unknown power "gate:x"`},
		{"gate in no province", "name x\nstart spring 1901\nkind canal gate=zzz\n", `line 3: unknown province "zzz"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := mapfile.Parse(strings.NewReader(tt.text))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want an error containing %q", err, tt.want)
			}
		})
	}
	_, err := mapfile.Parse(strings.NewReader("bogus\n"))
	var pe *mapfile.Error
	if !errors.As(err, &pe) || pe.Line != 1 {
		t.Errorf("errors.As(%v): line %+v", err, pe)
	}
}

// TestGateAndNeutral: a kind's gate= sets the province that keeps the
// passage, and neutral declares the power of neutral units.
func TestGateAndNeutral(t *testing.T) {
	v, err := mapfile.Parse(strings.NewReader(tiny + "neutral Grey\nkind canal gate=lll no-retreat\nprovince ccc land \"Gamma\"\narmy aaa: ccc[canal]\n"))
	if err != nil {
		t.Fatal(err)
	}
	m := v.Map
	kind, ok := m.BorderKindByName("canal")
	if !ok || m.BorderKindInfo(kind).Gate != rules.Province(3) || !m.BorderKindInfo(kind).NoRetreat {
		t.Errorf("canal: %v %+v", ok, m.BorderKindInfo(kind))
	}
	if cape, _ := m.BorderKindByName("cape"); m.BorderKindInfo(cape).Gate != rules.NoProvince {
		t.Errorf("cape has a gate: %+v", m.BorderKindInfo(cape))
	}
	if v.Neutral != 3 || m.PowerName(v.Neutral) != "Grey" {
		t.Errorf("neutral power %d (%s), want 3 (Grey)", v.Neutral, m.PowerName(v.Neutral))
	}
}

// FuzzParse: the variant file parser never panics, on any input.
func FuzzParse(f *testing.F) {
	f.Add(tiny)
	if b, err := os.ReadFile("../variants/standard.map"); err == nil {
		f.Add(string(b))
	}
	f.Add("province a coast coasts=nc,xx \"A\"\nfleet a/nc: a/sc[kind]\n")
	f.Fuzz(func(t *testing.T, s string) {
		v, err := mapfile.Parse(strings.NewReader(s))
		if err == nil && (v.Map == nil || v.Start == nil) {
			t.Fatal("a variant without a map or a start")
		}
	})
}

// TestParseReportsEveryProblem: a file with several mistakes names each of
// them with its line, in order, so that its author fixes them in one pass.
func TestParseReportsEveryProblem(t *testing.T) {
	text := "name x\nstart spring 1901\npower P\nfrobnicate\nprovince aaa swamp \"A\"\nprovince bbb land \"B\"\narmy bbb: zzz\nunit Q A bbb\n"
	_, err := mapfile.Parse(strings.NewReader(text))
	var list mapfile.ErrorList
	if !errors.As(err, &list) {
		t.Fatalf("got %v (%T), want an ErrorList", err, err)
	}
	var lines []int
	for _, e := range list {
		lines = append(lines, e.Line)
	}
	if want := []int{4, 5, 7}; !slices.Equal(lines, want) {
		t.Errorf("problems on lines %v, want %v:\n%v", lines, want, err)
	}
}

// TestBarred: barred= names a power that never owns a centre; a neutral
// or empty centre keeps its owner, the barred power's unit leaves it
// nobody's, and anyone else takes it.
func TestBarred(t *testing.T) {
	v, err := mapfile.Parse(strings.NewReader(strings.Replace(tiny, `province aaa coast sc home=Red "Alpha"`, `province aaa coast sc home=Red barred=Blue "Alpha"`, 1)))
	if err != nil {
		t.Fatal(err)
	}
	aaa := rules.Province(0)
	if got := v.Map.Provinces[aaa].Barred; got != 2 {
		t.Fatalf("aaa bars power %d, want 2 (Blue)", got)
	}
	if v.MayOwn(aaa, 2) || !v.MayOwn(aaa, 1) {
		t.Errorf("MayOwn(aaa): Blue %v, Red %v; want false, true", v.MayOwn(aaa, 2), v.MayOwn(aaa, 1))
	}
	for _, bad := range []struct{ name, text string }{
		{"an unknown power", strings.Replace(tiny, `home=Red "Alpha"`, `home=Red barred=Nobody "Alpha"`, 1)},
		{"a province that is no supply centre", tiny + "province ccc land barred=Blue \"C\"\n"},
	} {
		if _, err := mapfile.Parse(strings.NewReader(bad.text)); err == nil {
			t.Errorf("barred= on %s accepted", bad.name)
		}
	}
}
