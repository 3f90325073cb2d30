package judge

import (
	"github.com/chancery/chancery/notation"
	"github.com/chancery/chancery/rules"
)

// VariantInfo is a variant as "chancery variants --json" describes it.
type VariantInfo struct {
	Name        string         `json:"name"`
	Title       string         `json:"title"`
	Powers      []string       `json:"powers"`
	Neutral     *string        `json:"neutral"`
	Start       StartInfo      `json:"start"`
	Victory     string         `json:"victory"`
	Description string         `json:"description,omitempty"`
	Draws       bool           `json:"draws"`
	Provinces   []ProvinceInfo `json:"provinces"`
	Borders     []BorderInfo   `json:"borders"`
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
	for p := 1; p < len(m.Powers); p++ {
		if rules.Power(p) == v.Neutral {
			n := m.Powers[p]
			info.Neutral = &n
			continue
		}
		info.Powers = append(info.Powers, m.Powers[p])
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
	for _, b := range m.Borders() {
		info.Borders = append(info.Borders, BorderInfo{From: names.LocString(b.From), To: names.LocString(b.To),
			Army: b.Army, Fleet: b.Fleet, Kind: m.Kind(b.Kind).Name})
	}
	return info
}
