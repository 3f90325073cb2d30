package maps

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chancery/chancery/variants"
)

// TestLayoutsFitTheirVariants reads every committed layout file and checks
// it against its variant's map.
func TestLayoutsFitTheirVariants(t *testing.T) {
	files, err := filepath.Glob("../variants/*.layout")
	if err != nil || len(files) == 0 {
		t.Fatalf("no layout files: %v", err)
	}
	reg := variants.MustLoad()
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			r, err := os.Open(f)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			l, err := ParseLayout(r)
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			v, err := reg.Get(l.Variant)
			if err != nil {
				t.Fatal(err)
			}
			if err := l.Check(v.Map); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
		})
	}
}

func TestLayoutErrorsNameTheLine(t *testing.T) {
	for _, tc := range []struct{ name, text, want string }{
		{"a latitude out of range", "variant x\npar 2.35 148.86\n", "line 2"},
		{"an odd number of coordinates", "variant x\npar 2.35\n", "line 2: unknown statement"},
		{"a second anchor line", "variant x\npar 2 48\npar 3 48\n", "line 3: second anchor line"},
		{"a bad projection", "variant x\nprojection mercator 0 0\n", "line 2: projection"},
		{"a region without terrain", "variant x\nregion irl \"Ireland\" -8 53\n", "line 2: region"},
		{"a coast without a slash", "variant x\ncoast spa -5 43\n", "line 2: coast takes a coast"},
		{"no frame", "variant x\nprojection laea 0 0\nwidth 500\n", "no frame"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseLayout(strings.NewReader(tc.text))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}
