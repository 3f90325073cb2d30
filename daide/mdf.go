package daide

import "github.com/chancery/chancery/rules"

// MapDefinition returns the MDF message of r's map, made from the map:
// the powers; the supply centres by the power whose home they are (UNO
// for the others) and the other provinces; and for each province where
// an army may go from it and where a fleet may go from each of its coasts.
// Borders of a special kind (1900's cape route) are listed as ordinary
// borders: DAIDE has no way to say that a move across one is weaker, or
// that no unit supports across it (the server takes such a support, and
// the adjudication voids it).
func (r *Representation) MapDefinition() Message {
	m := r.Variant.Map
	m2 := Msg(MDF, Group(r.Powers()...))
	homes := map[rules.Power]Message{}
	var others Message
	for _, p := range r.provOf {
		pi := &m.Provinces[p]
		if !pi.SupplyCenter {
			others = append(others, r.provTok[p])
			continue
		}
		owner := pi.Home
		if !r.Variant.Plays(owner) {
			owner = rules.NoPower
		}
		homes[owner] = append(homes[owner], r.provTok[p])
	}
	var centres Message
	for _, p := range r.powerOf {
		centres = append(centres, Group(append(Message{r.powerTok[p]}, homes[p]...)...)...)
	}
	centres = append(centres, Group(append(Message{UNO}, homes[rules.NoPower]...)...)...)
	m2 = append(m2, Group(append(Group(centres...), Group(others...)...)...)...)

	var adj Message
	for _, p := range r.provOf {
		adj = append(adj, Group(r.provinceAdjacency(p)...)...)
	}
	return append(m2, Group(adj...)...)
}

// provinceAdjacency is one province's entry of the MDF's adjacencies.
func (r *Representation) provinceAdjacency(p rules.Province) Message {
	m := r.Variant.Map
	pi := &m.Provinces[p]
	out := Message{r.provTok[p]}
	if pi.Terrain != rules.Sea {
		list := Message{AMY}
		for _, b := range m.Neighbours(rules.Army, rules.At(p)) {
			if t := r.provTok[b.To.Province]; t != 0 {
				list = append(list, t)
			}
		}
		out = append(out, Group(list...)...)
	}
	if pi.Terrain == rules.Land {
		return out
	}
	coasts := []rules.Coast{rules.NoCoast}
	if len(pi.Coasts) > 0 {
		coasts = pi.Coasts
	}
	for _, c := range coasts {
		head := Message{FLT}
		if c != rules.NoCoast {
			head = Group(FLT, coastToken(c))
		}
		list := append(Message{}, head...)
		for _, b := range m.Neighbours(rules.Fleet, rules.Loc{Province: p, Coast: c}) {
			if r.provTok[b.To.Province] != 0 {
				list = append(list, r.loc(b.To)...)
			}
		}
		out = append(out, Group(list...)...)
	}
	return out
}

// loc is a location as DAIDE writes it: the province, or for a coast of a
// multi-coast province (province coast).
func (r *Representation) loc(l rules.Loc) Message {
	if l.Coast == rules.NoCoast {
		return Message{r.provTok[l.Province]}
	}
	return Group(r.provTok[l.Province], coastToken(l.Coast))
}
