package notation

import (
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
