// Package randgame plays games of random orders, for tests that compare
// two ways of adjudicating the same phases: it returns each phase's input
// in the contract's JSON form.
package randgame

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/chancery/chancery/codec"
	"github.com/chancery/chancery/judge"
	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/variants"
)

// Inputs plays a game of variant from its start for the given number of
// phases, every power giving random legal orders (and, now and then, an
// order in lower case, one that cannot be read, or one for a unit it does
// not have), and returns each phase's input as JSON. The same seed gives
// the same inputs.
func Inputs(reg *variants.Registry, variant string, seed uint64, phases int) ([][]byte, error) {
	v, err := reg.Get(variant)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(seed, 23))
	cd := codec.New(v)
	names := cd.Names()
	res := rules.NewResolver(v, rules.Options{})
	j := judge.New(reg)
	next := cd.EncodePosition(v.Start)
	var out [][]byte
	for len(out) < phases {
		in := judge.Input{Variant: variant, Phase: next.Phase, Units: next.Units, Dislodged: next.Dislodged,
			SupplyCenters: next.SupplyCenters, Orders: map[string][]string{}}
		pos, err := cd.DecodePosition(&next)
		if err != nil {
			return nil, fmt.Errorf("phase %d: %w", len(out), err)
		}
		for _, pw := range v.Powers() {
			legal, err := res.LegalOrders(pos, pw, nil)
			if err != nil {
				return nil, err
			}
			var texts []string
			rng.Shuffle(len(legal), func(i, k int) { legal[i], legal[k] = legal[k], legal[i] })
			given := map[rules.Loc]bool{}
			for _, o := range legal {
				if given[o.At] && o.Type != rules.Waive || rng.IntN(8) == 0 {
					continue
				}
				given[o.At] = true
				text := names.FormatOrder(o)
				switch rng.IntN(20) {
				case 0:
					text = strings.ToLower(text)
				case 1:
					text = "A " + v.Map.Provinces[rng.IntN(v.Map.NumProvinces())].Abbr + " - " + v.Map.Provinces[rng.IntN(v.Map.NumProvinces())].Abbr
				case 2:
					text += " at once"
				}
				texts = append(texts, text)
			}
			if len(texts) > 0 || rng.IntN(2) == 0 {
				in.Orders[v.Map.PowerName(pw)] = texts
			}
		}
		if rng.IntN(4) == 0 {
			in.Options = &judge.Options{ConvoyFallback: rng.IntN(2) == 0, Paradox: []string{"", "all-hold"}[rng.IntN(2)]}
		}
		data, err := json.Marshal(&in)
		if err != nil {
			return nil, err
		}
		out = append(out, data)
		o, err := j.Adjudicate(&in)
		if err != nil {
			return nil, fmt.Errorf("phase %d: %w", len(out), err)
		}
		if o.Winner != nil {
			next = cd.EncodePosition(v.Start)
			continue
		}
		next = o.Next
	}
	return out, nil
}
