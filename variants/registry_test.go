package variants

import "testing"

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
