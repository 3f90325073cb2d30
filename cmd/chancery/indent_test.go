package main

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/chancery/chancery/judge"
	"github.com/chancery/chancery/variants"
)

// TestAppendIndentAsJSONIndent: the output of every recorded phase and
// of random positions of every variant, and JSON of every shape, indent
// byte for byte as json.Indent indents them.
func TestAppendIndentAsJSONIndent(t *testing.T) {
	j := judge.New(variants.MustLoad())
	srcs := [][]byte{[]byte(`{}`), []byte(`[]`), []byte(`{"a":[],"b":{},"c":[1,{"d":"x\"y,:{}[]\\"}],"e":null}`),
		[]byte(`"s"`), []byte(`[[[]],[{}],""]`), []byte(`{"a":"\u00e9\\\\"}`)}
	for _, in := range jsonlInputs(t) {
		out, err := j.AdjudicateJSON(nil, []byte(in))
		if err != nil {
			t.Fatal(err)
		}
		srcs = append(srcs, out)
	}
	for _, src := range srcs {
		checkIndent(t, src)
	}
}

func checkIndent(t *testing.T, src []byte) {
	t.Helper()
	var want bytes.Buffer
	wantErr := json.Indent(&want, src, "", "  ")
	got, err := appendIndent([]byte("x"), src)
	if wantErr != nil {
		return // appendIndent is only given valid JSON
	}
	if err != nil || string(got) != "x"+want.String() {
		t.Fatalf("appendIndent(%q) = %q, %v; want %q", src, got, err, want.String())
	}
}

// FuzzAppendIndent: any valid JSON, compact or not, indents as
// json.Indent indents it.
func FuzzAppendIndent(f *testing.F) {
	for _, s := range []string{`{}`, `{"a":[1,2,{"b":[]}]}`, `["x\"", {"y": 1}]`, `[ 1 ]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if !json.Valid(src) {
			return
		}
		checkIndent(t, src)
		var compact bytes.Buffer
		if json.Compact(&compact, src) == nil {
			checkIndent(t, compact.Bytes())
		}
	})
}
