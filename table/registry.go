package table

import (
	"fmt"
	"strings"
)

// Registry is the kinds of game a server plays.
type Registry struct {
	kinds []Kind
}

// NewRegistry returns a registry of kinds, in the order GET /variants
// lists them. Two kinds may not have one name.
func NewRegistry(kinds ...Kind) (*Registry, error) {
	seen := map[string]bool{}
	for _, k := range kinds {
		if seen[k.Name()] {
			return nil, fmt.Errorf("table: two kinds named %q", k.Name())
		}
		seen[k.Name()] = true
	}
	return &Registry{kinds: kinds}, nil
}

// Kind returns the kind named name (as a stored game names it), or nil.
func (r *Registry) Kind(name string) Kind {
	for _, k := range r.kinds {
		if k.Name() == name {
			return k
		}
	}
	return nil
}

// Variants lists every kind's variants.
func (r *Registry) Variants() []Variant {
	out := []Variant{}
	for _, k := range r.kinds {
		out = append(out, k.Variants()...)
	}
	return out
}

// Title returns the title of the variant named name, as GET /variants
// gives it, or name itself if no kind has such a variant.
func (r *Registry) Title(name string) string {
	for _, k := range r.kinds {
		for _, v := range k.Variants() {
			if v.Name == name && v.Title != "" {
				return v.Title
			}
		}
	}
	return name
}

// Plays returns the kind that plays variant name and the variant's own
// name; the first kind that claims it wins.
func (r *Registry) Plays(name string) (Kind, string, error) {
	for _, k := range r.kinds {
		if v, ok := k.Plays(name); ok {
			return k, v, nil
		}
	}
	var known []string
	for _, v := range r.Variants() {
		known = append(known, v.Name)
	}
	return nil, "", Errorf(ErrInvalid, "variant: unknown variant %q (known: %s)", name, strings.Join(known, ", "))
}
