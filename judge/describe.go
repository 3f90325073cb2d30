package judge

import (
	"github.com/chancery/chancery/notation"
	"github.com/chancery/chancery/rules"
)

// VariantInfo is a variant as "chancery variants --json" describes it.
type VariantInfo struct {
	Name   string   `json:"name"`
	Title  string   `json:"title"`
	Powers []string `json:"powers"`
	// PowerAliases are other names the parser accepts for a power.
	PowerAliases map[string][]string `json:"power_aliases,omitempty"`
	Neutral      *string             `json:"neutral"`
	Start        StartInfo           `json:"start"`
	Victory      string              `json:"victory"`
	Description  string              `json:"description,omitempty"`
	Draws        bool                `json:"draws"`
	Provinces    []ProvinceInfo      `json:"provinces"`
	Borders      []BorderInfo        `json:"borders"`
	// Kinds describes the special border kinds and what they change.
	Kinds    []KindDescription `json:"kinds,omitempty"`
	Railways []RailwayInfo     `json:"railways,omitempty"`
}

// KindDescription is a special border kind and the rules it changes.
type KindDescription struct {
	Name            string `json:"name"`
	HalfStrength    bool   `json:"half_strength,omitempty"`
	NoSupport       bool   `json:"no_support,omitempty"`
	NoCut           bool   `json:"no_cut,omitempty"`
	LosesRetreatTie bool   `json:"loses_retreat_tie,omitempty"`
	NoRetreat       bool   `json:"no_retreat,omitempty"`
	NoConvoy        bool   `json:"no_convoy,omitempty"`
	// Gate is the province whose occupier must permit each move across.
	Gate string `json:"gate,omitempty"`
}

// RailwayInfo is a railway: who may use it and its stations in order.
type RailwayInfo struct {
	Name     string   `json:"name"`
	Power    string   `json:"power"`
	Stations []string `json:"stations"`
}

// StartInfo is the first phase of a variant.
type StartInfo struct {
	Season string `json:"season"`
	Year   int    `json:"year"`
}

// ProvinceInfo is a province in a variant description.
type ProvinceInfo struct {
	ID           string   `json:"id"`
	Name         string   `json:"name"`
	Type         string   `json:"type"`
	SupplyCenter bool     `json:"supply_center"`
	HomeOf       *string  `json:"home_of"`
	Coasts       []string `json:"coasts"`
	Aliases      []string `json:"aliases"`
	Convoys      bool     `json:"convoys,omitempty"`
	Impassable   bool     `json:"impassable,omitempty"`
}

// BorderInfo is one directed border in a variant description.
type BorderInfo struct {
	From  string `json:"from"`
	To    string `json:"to"`
	Army  bool   `json:"army"`
	Fleet bool   `json:"fleet"`
	Kind  string `json:"kind"`
}

// Describe returns the description of a variant.
func Describe(v *rules.Variant) VariantInfo {
	m := v.Map
	names := notation.NewNames(m)
	info := VariantInfo{Name: v.Name, Title: v.Title, Victory: v.Victory, Description: v.Description,
		Draws: !v.NoDraws, Start: StartInfo{Season: v.Start.Phase.Season.String(), Year: v.Start.Phase.Year}}
	if v.Neutral != rules.NoPower {
		n := m.PowerName(v.Neutral)
		info.Neutral = &n
	}
	for _, pw := range v.Powers() {
		p := int(pw)
		info.Powers = append(info.Powers, m.Powers[p])
		if p < len(m.PowerAliases) && len(m.PowerAliases[p]) > 0 {
			if info.PowerAliases == nil {
				info.PowerAliases = map[string][]string{}
			}
			info.PowerAliases[m.Powers[p]] = m.PowerAliases[p]
		}
	}
	for i := range m.Provinces {
		pi := &m.Provinces[i]
		pj := ProvinceInfo{ID: pi.Abbr, Name: pi.Name, Type: pi.Terrain.String(), SupplyCenter: pi.SupplyCenter,
			Coasts: []string{}, Aliases: append([]string{}, pi.Aliases...), Convoys: pi.Convoys && pi.Terrain != rules.Sea,
			Impassable: pi.Impassable}
		if pi.Home != rules.NoPower {
			h := m.PowerName(pi.Home)
			pj.HomeOf = &h
		}
		for _, c := range pi.Coasts {
			pj.Coasts = append(pj.Coasts, c.String())
		}
		info.Provinces = append(info.Provinces, pj)
	}
	for k := 1; k < len(m.BorderKinds); k++ {
		ki := m.BorderKinds[k]
		kd := KindDescription{Name: ki.Name, HalfStrength: ki.HalfStrength, NoSupport: ki.NoSupport, NoCut: ki.NoCut,
			LosesRetreatTie: ki.LosesRetreatTie, NoRetreat: ki.NoRetreat, NoConvoy: ki.NoConvoy}
		if ki.Gate != rules.NoProvince {
			kd.Gate = m.Provinces[ki.Gate].Abbr
		}
		info.Kinds = append(info.Kinds, kd)
	}
	for _, w := range m.Railways() {
		ri := RailwayInfo{Name: w.Name, Power: m.PowerName(w.Power)}
		for _, p := range w.Line {
			ri.Stations = append(ri.Stations, m.Provinces[p].Abbr)
		}
		info.Railways = append(info.Railways, ri)
	}
	for _, b := range m.Borders() {
		info.Borders = append(info.Borders, BorderInfo{From: names.LocString(b.From), To: names.LocString(b.To),
			Army: b.Army, Fleet: b.Fleet, Kind: m.BorderKindInfo(b.Kind).Name})
	}
	return info
}
