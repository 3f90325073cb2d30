package variants

import (
	"errors"

	"github.com/chancery/chancery/rules"
)

// colonialHooks gives Colonial Diplomacy the rule its map file cannot
// express: Hong Kong, a supply centre for every power but China. The Suez
// Canal (a gated border kind) and the Trans-Siberian Railroad (a railway)
// are declared in colonial.map and resolved by the rules core.
func colonialHooks(v *rules.Variant) error {
	m := v.Map
	hk, china := rules.NoProvince, rules.NoPower
	for i := range m.Provinces {
		if m.Provinces[i].Abbr == "hon" {
			hk = rules.Province(i)
		}
	}
	for i, name := range m.Powers {
		if name == "China" {
			china = rules.Power(i)
		}
	}
	if hk == rules.NoProvince || china == rules.NoPower {
		return errors.New("colonial.map has no Hong Kong (hon) or no China")
	}
	v.Hooks.Owner = hongKongOwner(hk, china)
	return nil
}

// hongKongOwner returns the ownership rule of Colonial Diplomacy: Hong
// Kong counts as a supply centre for every power except China. When China
// holds it after a Fall it becomes nobody's: China gains nothing and the
// power that owned it loses it; another power then takes it from China as
// a normal centre (rules/colonial.md). Every other centre follows the
// standard rule: an occupier takes it, an empty centre keeps its owner.
func hongKongOwner(hk rules.Province, china rules.Power) func(*rules.Map, rules.Province, rules.Unit, rules.Power) rules.Power {
	return func(_ *rules.Map, p rules.Province, u rules.Unit, prev rules.Power) rules.Power {
		switch {
		case u.Type == rules.NoUnit:
			return prev
		case p == hk && u.Power == china:
			return rules.NoPower
		}
		return u.Power
	}
}
