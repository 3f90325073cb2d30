package notation

import (
	"testing"

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
