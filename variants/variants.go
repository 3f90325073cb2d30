// Package variants holds Chancery's variants: each is an embedded map file
// (see package mapfile) that declares its map, its start and every rule in
// which it differs from the standard game, as data the rules core reads.
package variants

import (
	"embed"
	"fmt"
	"sort"
	"strings"

	"github.com/chancery/chancery/mapfile"
	"github.com/chancery/chancery/rules"
)

//go:embed *.map
var files embed.FS

// Registry is a set of loaded variants, keyed by name.
type Registry struct {
	byName map[string]*rules.Variant
	names  []string
}

// Load parses every embedded variant file and returns the registry.
func Load() (*Registry, error) {
	entries, err := files.ReadDir(".")
	if err != nil {
		return nil, fmt.Errorf("reading embedded variants: %w", err)
	}
	reg := &Registry{byName: map[string]*rules.Variant{}}
	for _, e := range entries {
		f, err := files.Open(e.Name())
		if err != nil {
			return nil, fmt.Errorf("opening %s: %w", e.Name(), err)
		}
		v, err := mapfile.Parse(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("variant file %s: %w", e.Name(), err)
		}
		reg.byName[v.Name] = v
		reg.names = append(reg.names, v.Name)
	}
	sort.Slice(reg.names, func(i, j int) bool {
		// The standard game first, then the others by name.
		if (reg.names[i] == "standard") != (reg.names[j] == "standard") {
			return reg.names[i] == "standard"
		}
		return reg.names[i] < reg.names[j]
	})
	return reg, nil
}

// MustLoad is Load for programs and tests whose embedded files are known
// good: it panics on an error, which can only be a defect of the build.
func MustLoad() *Registry {
	r, err := Load()
	if err != nil {
		panic(err)
	}
	return r
}

// Get returns the variant with the given name (case-insensitive).
func (r *Registry) Get(name string) (*rules.Variant, error) {
	if v, ok := r.byName[strings.ToLower(name)]; ok {
		return v, nil
	}
	return nil, fmt.Errorf("unknown variant %q (known: %s)", name, strings.Join(r.names, ", "))
}

// Names returns the variants' names, the standard game first.
func (r *Registry) Names() []string { return append([]string(nil), r.names...) }
