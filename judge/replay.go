package judge

import "fmt"

// Record is a game record for "chancery replay": the variant and, phase by
// phase from the variant's start, the orders given. Expect, when present,
// is the position the phase led to.
type Record struct {
	Variant string        `json:"variant"`
	Options *Options      `json:"options,omitempty"`
	Phases  []RecordPhase `json:"phases"`
}

// RecordPhase is one phase of a game record.
type RecordPhase struct {
	Phase  *Phase              `json:"phase,omitempty"`
	Orders map[string][]string `json:"orders"`
	Expect *Position           `json:"expect,omitempty"`
}

// ReplayResult is the outcome of a replay.
type ReplayResult struct {
	Final  Position `json:"final"`
	Phases int      `json:"phases"`
	Winner *string  `json:"winner"`
	// Mismatches lists, with --check, the phases whose result differs
	// from the record's expectation.
	Mismatches []string `json:"mismatches,omitempty"`
}

// Replay plays a record from its variant's start. With check, each phase
// that carries an expectation is compared with it.
func (j *Judge) Replay(rec *Record, check bool) (*ReplayResult, error) {
	e, err := j.engine(rec.Variant)
	if err != nil {
		return nil, err
	}
	cur := FormatPosition(e.v, e.names, e.v.Start)
	out := &ReplayResult{}
	for i, ph := range rec.Phases {
		if ph.Phase != nil {
			want, err := ParsePhase(*ph.Phase)
			if err != nil {
				return nil, fmt.Errorf("phase %d: %w", i+1, err)
			}
			if got, _ := ParsePhase(cur.Phase); got != want {
				return nil, badf("phase %d: the record says %s but the game is at %s", i+1, want, got)
			}
		}
		in := Input{Variant: rec.Variant, Phase: cur.Phase, Units: cur.Units, Dislodged: cur.Dislodged,
			SupplyCenters: cur.SupplyCenters, Orders: ph.Orders, Options: rec.Options}
		res, err := j.Adjudicate(&in)
		if err != nil {
			return nil, fmt.Errorf("phase %d (%s %d %s): %w", i+1, cur.Phase.Season, cur.Phase.Year, cur.Phase.Type, err)
		}
		if check && ph.Expect != nil {
			if diff := Compare(&res.Next, ph.Expect); diff != "" {
				out.Mismatches = append(out.Mismatches, fmt.Sprintf("phase %d (%s %d %s): %s", i+1, cur.Phase.Season, cur.Phase.Year, cur.Phase.Type, diff))
			}
		}
		cur = res.Next
		out.Phases++
		if res.Winner != nil {
			out.Winner = res.Winner
		}
	}
	out.Final = cur
	return out, nil
}

// Start returns the starting position of a variant in the contract's form.
func (j *Judge) Start(variant string) (Position, error) {
	e, err := j.engine(variant)
	if err != nil {
		return Position{}, err
	}
	p := FormatPosition(e.v, e.names, e.v.Start)
	p.Variant = e.v.Name
	return p, nil
}
