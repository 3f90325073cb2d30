package variants

import (
	"bytes"
	"io/fs"
	"reflect"
	"strings"
	"testing"

	"github.com/chancery/chancery/mapfile"
	"github.com/chancery/chancery/rules"
)

// TestEveryVariantLoads parses every embedded variant: Load only lists
// them, and a file is read when its variant is first asked for, so a
// broken file would otherwise be found only by the program that asks.
func TestEveryVariantLoads(t *testing.T) {
	reg, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	names := reg.Names()
	if len(names) < 4 || names[0] != "standard" {
		t.Fatalf("names %v: want the standard game first and at least four", names)
	}
	for _, name := range names {
		v, err := reg.Get(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if v.Name != name {
			t.Errorf("Get(%q) returned %q", name, v.Name)
		}
		if again, _ := reg.Get(name); again != v {
			t.Errorf("Get(%q) parsed the file again", name)
		}
	}
	if _, err := reg.Get("chess"); err == nil {
		t.Error("Get(chess): no error")
	}
}

// TestLoadParsesNothing checks that Load reads no variant file: a
// program that adjudicates one variant pays for that one only.
func TestLoadParsesNothing(t *testing.T) {
	reg, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for name, e := range reg.byName {
		if e.v != nil || e.err != nil {
			t.Errorf("%s parsed by Load", name)
		}
	}
	if _, err := reg.Get("Standard"); err != nil {
		t.Fatal(err)
	}
	for name, e := range reg.byName {
		if parsed := e.v != nil; parsed != (name == "standard") {
			t.Errorf("after Get(Standard): %s parsed = %v", name, parsed)
		}
	}
}

// TestCompiledIsFresh checks that each variant's binary form is the one
// its map file gives (go generate ./variants writes them), and that it
// reads back as the variant parsed from the file, every derived table of
// its map included.
func TestCompiledIsFresh(t *testing.T) {
	maps, err := fs.Glob(files, "*.map")
	if err != nil {
		t.Fatal(err)
	}
	bins, err := fs.Glob(files, "*.bin")
	if err != nil {
		t.Fatal(err)
	}
	if len(maps) < 4 || len(bins) != len(maps) {
		t.Errorf("%d map files and %d binary forms: run go generate ./variants", len(maps), len(bins))
	}
	for _, file := range maps {
		name := strings.TrimSuffix(file, ".map")
		f, err := files.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		parsed, err := mapfile.Parse(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		want, err := parsed.AppendBinary(nil)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		got, err := files.ReadFile(name + ".bin")
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("variants/%s.bin is stale or missing: run go generate ./variants", name)
			continue
		}
		decoded, err := rules.DecodeVariant(string(got))
		if err != nil {
			t.Fatalf("%s.bin: %v", name, err)
		}
		if !reflect.DeepEqual(decoded, parsed) {
			t.Errorf("%s.bin does not read back as the variant parsed from %s", name, file)
		}
	}
}

// TestDecodeVariantRefusesDamage checks that a damaged binary form gives
// an error, never a panic or a variant: every truncation of a real one,
// and every byte of it changed.
func TestDecodeVariantRefusesDamage(t *testing.T) {
	data, err := files.ReadFile("standard.bin")
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; n < len(data); n++ {
		if _, err := rules.DecodeVariant(string(data[:n])); err == nil {
			t.Fatalf("the first %d of %d bytes decoded without an error", n, len(data))
		}
	}
	damaged := make([]byte, len(data))
	for i := range data {
		copy(damaged, data)
		damaged[i] ^= 0xFF
		rules.DecodeVariant(string(damaged)) // must not panic
	}
}
