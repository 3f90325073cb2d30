// Package variants holds Chancery's variants: each is an embedded map file
// (see package mapfile) that declares its map, its start and every rule in
// which it differs from the standard game, as data the rules core reads.
package variants

import (
	"embed"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/chancery/chancery/mapfile"
	"github.com/chancery/chancery/rules"
)

//go:embed *.map
var files embed.FS

// Registry is the set of variants, keyed by name. A variant's file is read
// when the variant is first asked for, so that a program that adjudicates
// one variant does not parse the others. A Registry is safe for concurrent
// use.
type Registry struct {
	byName map[string]*entry
	names  []string
}

// entry is one variant's file, parsed once, when first asked for.
type entry struct {
	file string
	once sync.Once
	v    *rules.Variant
	err  error
}

// load parses the entry's file once; the variant's name must be the
// file's ("standard.map" declares "name standard").
func (e *entry) load(name string) (*rules.Variant, error) {
	e.once.Do(func() {
		f, err := files.Open(e.file)
		if err != nil {
			e.err = fmt.Errorf("opening %s: %w", e.file, err)
			return
		}
		defer f.Close()
		v, err := mapfile.Parse(f)
		if err != nil {
			e.err = fmt.Errorf("variant file %s: %w", e.file, err)
			return
		}
		if v.Name != name {
			e.err = fmt.Errorf("variant file %s declares the name %q, not %q", e.file, v.Name, name)
			return
		}
		e.v = v
	})
	return e.v, e.err
}

// Load lists the embedded variant files and returns the registry; each
// file is parsed when its variant is first asked for (see Get).
func Load() (*Registry, error) {
	entries, err := files.ReadDir(".")
	if err != nil {
		return nil, fmt.Errorf("reading embedded variants: %w", err)
	}
	reg := &Registry{byName: map[string]*entry{}}
	for _, e := range entries {
		name := strings.TrimSuffix(e.Name(), ".map")
		reg.byName[name] = &entry{file: e.Name()}
		reg.names = append(reg.names, name)
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
// good: it parses every variant and panics on an error, which can only be
// a defect of the build.
func MustLoad() *Registry {
	r, err := Load()
	if err != nil {
		panic(err)
	}
	for _, name := range r.names {
		if _, err := r.Get(name); err != nil {
			panic(err)
		}
	}
	return r
}

// Get returns the variant with the given name (case-insensitive), parsing
// its file the first time.
func (r *Registry) Get(name string) (*rules.Variant, error) {
	if e, ok := r.byName[strings.ToLower(name)]; ok {
		return e.load(strings.ToLower(name))
	}
	return nil, fmt.Errorf("unknown variant %q (known: %s)", name, strings.Join(r.names, ", "))
}

// Names returns the variants' names, the standard game first.
func (r *Registry) Names() []string { return append([]string(nil), r.names...) }
