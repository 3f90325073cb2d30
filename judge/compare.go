package judge

import (
	"encoding/json"
	"reflect"
	"sort"

	"github.com/chancery/chancery/codec"
	"github.com/chancery/chancery/rules"
)

// Case is one recorded phase, the shape of the files "chancery bench
// --cases" reads: an input and the position that followed.
type Case struct {
	Name   string         `json:"name"`
	Input  Input          `json:"input"`
	Expect codec.Position `json:"expect"`
}

// Canonical checks an expected position against its variant and writes
// it as the judge writes positions, so that Compare finds it equal to a
// result however it spells provinces, powers and coasts. What the
// expectation leaves out stays out: without a phase the phase is not
// compared, without supply_centers ownership is not, and attacker_from
// only where given. An expectation naming an unknown province or power,
// or an impossible position, is a *codec.InputError.
func (j *Judge) Canonical(variant string, want *codec.Position) (*codec.Position, error) {
	e, err := j.state(variant)
	if err != nil {
		return nil, err
	}
	p := codec.Position{Phase: want.Phase, Units: want.Units, Dislodged: want.Dislodged, SupplyCenters: want.SupplyCenters}
	if p.Phase.Season == "" {
		ph := rules.Phase{Season: rules.Spring, Year: e.V.Start.Phase.Year, Type: rules.MovementPhase}
		if len(want.Dislodged) > 0 {
			ph.Type = rules.RetreatPhase
		}
		p.Phase = codec.FormatPhase(ph)
	}
	pos, err := e.Codec.DecodePosition(&p)
	if err != nil { // always a *codec.InputError
		return nil, &codec.InputError{Field: "expect", Err: err}
	}
	out := e.Codec.EncodePosition(pos)
	if want.Phase.Season == "" {
		out.Phase = codec.Phase{}
	}
	if want.SupplyCenters == nil {
		out.SupplyCenters = nil
	}
	return &out, nil
}

// Compare returns "" when two positions have the same phase (when the
// expectation gives one), units, dislodged units and centre ownership, or
// a description of the first difference.
func Compare(got, want *codec.Position) string {
	if want.Phase.Season != "" && got.Phase != want.Phase {
		return "phase: got " + got.Phase.String() + ", want " + want.Phase.String()
	}
	if g, w := unitSet(got.Units), unitSet(want.Units); !reflect.DeepEqual(g, w) {
		return "units:\n got  " + join(g) + "\n want " + join(w)
	}
	// The attacker's origin is compared where the expectation gives it.
	withAttacker := false
	for _, d := range want.Dislodged {
		withAttacker = withAttacker || d.AttackerFrom != ""
	}
	gd, wd := dislodgedSet(got.Dislodged, withAttacker), dislodgedSet(want.Dislodged, withAttacker)
	if !reflect.DeepEqual(gd, wd) {
		return "dislodged:\n got  " + join(gd) + "\n want " + join(wd)
	}
	if want.SupplyCenters != nil && !reflect.DeepEqual(got.SupplyCenters, want.SupplyCenters) {
		return "supply centres differ"
	}
	return ""
}

// dislodgedSet writes dislodged units as sorted strings, with the
// attacker's origin when withAttacker.
func dislodgedSet(ds []codec.Dislodged, withAttacker bool) []string {
	out := []string{}
	for _, d := range ds {
		s := d.Power + " " + d.Type + " " + d.Province
		if withAttacker {
			s += " <- " + d.AttackerFrom
		}
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

func unitSet(us []codec.Unit) []string {
	out := []string{}
	for _, u := range us {
		out = append(out, u.Power+" "+u.Type+" "+u.Province)
	}
	sort.Strings(out)
	return out
}

func join(s []string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
