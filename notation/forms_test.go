package notation_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chancery/chancery/notation"
	"github.com/chancery/chancery/rules"
)

// orderForm is one way of writing an order that the rules page
// (../shared/rules/standard.md, "Order notation") lists, with slots X, Y
// and Z for locations, and what it reads as.
type orderForm struct {
	text  string // "A X S A Y - Z"; "P" stands for the variant's first power
	phase rules.PhaseType
	kind  rules.OrderType
	slots int  // how many of X, Y, Z it uses
	dest  bool // Z is the order's destination (support of a move, convoy)
}

var orderForms = []orderForm{
	{"A X H", rules.MovementPhase, rules.Hold, 1, false},
	{"A X HOLD", rules.MovementPhase, rules.Hold, 1, false},
	{"A X", rules.MovementPhase, rules.Hold, 1, false},
	{"A X - Y", rules.MovementPhase, rules.Move, 2, false},
	{"A X -> Y", rules.MovementPhase, rules.Move, 2, false},
	{"A X TO Y", rules.MovementPhase, rules.Move, 2, false},
	{"P: A X - Y", rules.MovementPhase, rules.Move, 2, false},
	{"A X - Y VIA CONVOY", rules.MovementPhase, rules.Move, 2, false},
	{"A X - Y VIA", rules.MovementPhase, rules.Move, 2, false},
	{"F X C A Y - Z", rules.MovementPhase, rules.Convoy, 3, true},
	{"F X CONVOY A Y - Z", rules.MovementPhase, rules.Convoy, 3, true},
	{"A X S A Y - Z", rules.MovementPhase, rules.Support, 3, true},
	{"A X SUPPORT A Y -> Z", rules.MovementPhase, rules.Support, 3, true},
	{"A X S F Y", rules.MovementPhase, rules.Support, 2, false},
	{"A X S F Y H", rules.MovementPhase, rules.Support, 2, false},
	{"A X R Y", rules.RetreatPhase, rules.Retreat, 2, false},
	{"A X - Y", rules.RetreatPhase, rules.Retreat, 2, false},
	{"A X D", rules.RetreatPhase, rules.Disband, 1, false},
	{"A X DISBAND", rules.RetreatPhase, rules.Disband, 1, false},
	{"BUILD A X", rules.AdjustmentPhase, rules.Build, 1, false},
	{"A X B", rules.AdjustmentPhase, rules.Build, 1, false},
	{"REMOVE A X", rules.AdjustmentPhase, rules.Remove, 1, false},
	{"A X D", rules.AdjustmentPhase, rules.Remove, 1, false},
}

// formCase is one generated order and what it must read as.
type formCase struct {
	text  string
	phase rules.PhaseType
	want  rules.Order // kind and provinces; coasts only when coast is set
	coast bool        // compare the coasts of At and Target too
}

// coastForms write a coast of a multi-coast province X (c: "sc", long:
// "south") the ways the rules list: stp/sc, stp(sc), stp sc and St
// Petersburg (south coast), as a build site and as a move's destination.
var coastForms = []struct {
	text string // {X}, {C} (short) and {L} (long): the province and its coast; {Y} another
	kind rules.OrderType
}{
	{"BUILD F {X}/{C}", rules.Build},
	{"BUILD F {X}({C})", rules.Build},
	{"BUILD F {X} {C}", rules.Build},
	{"BUILD F {X} ({L} coast)", rules.Build},
	{"F {Y} - {X}/{C}", rules.Move},
	{"F {Y} - {X} {C}", rules.Move},
	{"F {Y} - {X} ({L} coast)", rules.Move},
	{"F {X}/{C} - {Y}", rules.Move},
	{"F {X} ({L} coast) S F {Y}", rules.Support},
}

// coastWords are the long names of the coasts.
var coastWords = map[rules.Coast]string{rules.NorthCoast: "north", rules.SouthCoast: "south",
	rules.EastCoast: "east", rules.WestCoast: "west"}

// everyNameInEveryForm generates, for the names of one map, every id, full
// name and alias of every province (as written, in upper and in lower
// case) in every slot of every order form; the other slots hold another
// province's id. Names two provinces share are left out: the map decides
// which one they mean.
func everyNameInEveryForm(m *rules.Map) []formCase {
	owners := map[string]map[rules.Province]bool{}
	for i := range m.Provinces {
		pi := &m.Provinces[i]
		for _, name := range append([]string{pi.Abbr, pi.Name}, pi.Aliases...) {
			k := strings.ToLower(name)
			if owners[k] == nil {
				owners[k] = map[rules.Province]bool{}
			}
			owners[k][rules.Province(i)] = true
		}
	}
	var out []formCase
	for i := range m.Provinces {
		p := rules.Province(i)
		other := rules.Province((i + 1) % len(m.Provinces))
		pi := &m.Provinces[i]
		for _, name := range append([]string{pi.Abbr, pi.Name}, pi.Aliases...) {
			if len(owners[strings.ToLower(name)]) > 1 {
				continue
			}
			spellings := map[string]bool{name: true, strings.ToUpper(name): true, strings.ToLower(name): true}
			for s := range spellings {
				for _, f := range orderForms {
					for slot := 0; slot < f.slots; slot++ {
						provs := [3]rules.Province{other, other, other}
						provs[slot] = p
						words := strings.Fields(f.text)
						for j, w := range words {
							switch w {
							case "X", "Y", "Z":
								words[j] = strings.ToUpper(m.Provinces[other].Abbr)
								if int(w[0]-'X') == slot {
									words[j] = s
								}
							case "P:":
								words[j] = m.Powers[1] + ":"
							}
						}
						text := strings.Join(words, " ")
						want := rules.Order{Type: f.kind, At: rules.Loc{Province: provs[0]},
							Target: rules.Loc{Province: rules.NoProvince}, Dest: rules.Loc{Province: rules.NoProvince}}
						if f.slots > 1 {
							want.Target.Province = provs[1]
						}
						if f.dest {
							want.Dest.Province = provs[2]
						}
						out = append(out, formCase{text: text, phase: f.phase, want: want})
					}
				}
				for _, c := range pi.Coasts {
					for _, f := range coastForms {
						r := strings.NewReplacer("{X}", s, "{C}", c.String(), "{L}", coastWords[c], "{Y}", strings.ToUpper(m.Provinces[other].Abbr))
						text := r.Replace(f.text)
						at := rules.Loc{Province: p, Coast: c}
						want := rules.Order{Type: f.kind, At: at,
							Target: rules.Loc{Province: rules.NoProvince}, Dest: rules.Loc{Province: rules.NoProvince}}
						switch {
						case strings.HasPrefix(f.text, "F {Y}"):
							want.At, want.Target = rules.Loc{Province: other}, at
						case f.kind == rules.Move:
							want.Target = rules.Loc{Province: other}
						case f.kind == rules.Support:
							want.Target = rules.Loc{Province: other}
						}
						out = append(out, formCase{text: text, phase: map[bool]rules.PhaseType{true: rules.AdjustmentPhase, false: rules.MovementPhase}[f.kind == rules.Build],
							want: want, coast: true})
					}
				}
			}
		}
	}
	return out
}

// TestEveryNameReadsInEveryForm: every name of every province of every
// variant reads in every order form the rules list, in any case, wherever
// it stands in the order: an order word after a name ("A RUH R HOL", "A
// EME D") is never swallowed into a longer name ("Ruhr", "EMED").
func TestEveryNameReadsInEveryForm(t *testing.T) {
	total := 0
	for _, vn := range registry.Names() {
		v, err := registry.Get(vn)
		if err != nil {
			t.Fatal(err)
		}
		n := notation.NewNames(v.Map)
		failed := 0
		cases := everyNameInEveryForm(v.Map)
		total += len(cases)
		for _, c := range cases {
			if msg := checkForm(n, c); msg != "" {
				failed++
				if failed <= 20 {
					t.Errorf("%s: %s", vn, msg)
				}
			}
		}
		if failed > 0 {
			t.Errorf("%s: %d of %d orders do not read as written", vn, failed, len(cases))
		}
	}
	t.Logf("%d orders read", total)
}

// checkForm reads one generated order and says what is wrong, or "".
func checkForm(n *notation.Names, c formCase) string {
	o, err := n.ParseOrder(c.text, 1, c.phase)
	if err != nil {
		return fmt.Sprintf("%q: %v", c.text, err)
	}
	if o.Type != c.want.Type || o.At.Province != c.want.At.Province ||
		o.Target.Province != c.want.Target.Province || o.Dest.Province != c.want.Dest.Province ||
		c.coast && (o.At.Coast != c.want.At.Coast || o.Target.Coast != c.want.Target.Coast) {
		return fmt.Sprintf("%q read as %q", c.text, n.FormatOrder(o))
	}
	return ""
}

// FuzzEveryNameInEveryForm reads the generated orders of every variant
// with the fuzzer's choice of order, name and spelling: mixed case and
// extra spaces or punctuation between words never change what an order
// means, and nothing panics.
func FuzzEveryNameInEveryForm(f *testing.F) {
	type variantCases struct {
		n     *notation.Names
		cases []formCase
	}
	var all []variantCases
	for _, vn := range registry.Names() {
		v, err := registry.Get(vn)
		if err != nil {
			f.Fatal(err)
		}
		all = append(all, variantCases{notation.NewNames(v.Map), everyNameInEveryForm(v.Map)})
	}
	f.Add(uint8(0), uint32(0), uint64(0), " ")
	f.Add(uint8(1), uint32(12345), uint64(0xdeadbeef), "  ")
	f.Add(uint8(3), uint32(777), uint64(1), ", ")
	f.Fuzz(func(t *testing.T, variant uint8, which uint32, caseBits uint64, space string) {
		vc := all[int(variant)%len(all)]
		c := vc.cases[int(which%uint32(len(vc.cases)))]
		// Respell: the fuzzer's choice of case per letter, and its choice
		// of blanks (spaces, tabs, commas, full stops) between words.
		if strings.Trim(space, " \t,.") != "" || space == "" || strings.HasPrefix(space, ".") {
			space = " "
		}
		var b strings.Builder
		for i, w := range strings.Fields(c.text) {
			if i > 0 {
				b.WriteString(space)
			}
			for j := 0; j < len(w); j++ {
				ch := w[j]
				if caseBits>>(uint(i+j)%64)&1 == 1 {
					ch = strings.ToUpper(string(ch))[0]
				} else {
					ch = strings.ToLower(string(ch))[0]
				}
				b.WriteByte(ch)
			}
		}
		c.text = b.String()
		if msg := checkForm(vc.n, c); msg != "" {
			t.Error(msg)
		}
	})
}
