package judge

import (
	"fmt"

	"github.com/chancery/chancery/codec"
	"github.com/chancery/chancery/rules"
)

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
	Phase  *codec.Phase        `json:"phase,omitempty"`
	Orders map[string][]string `json:"orders"`
	Expect *codec.Position     `json:"expect,omitempty"`
}

// ReplayResult is the outcome of a replay.
type ReplayResult struct {
	Final  codec.Position `json:"final"`
	Phases int            `json:"phases"`
	Winner *string        `json:"winner"`
	// Mismatches lists, with --check, the phases whose result differs
	// from the record's expectation.
	Mismatches []string `json:"mismatches,omitempty"`
}

// Replay plays a record from its variant's start. With check, each phase
// that carries an expectation is compared with it. The game stays in the
// core's form between phases: only the orders are read, phase by phase.
func (j *Judge) Replay(rec *Record, check bool) (*ReplayResult, error) {
	e, err := j.state(rec.Variant)
	if err != nil {
		return nil, err
	}
	opt, err := ParseOptions(rec.Options)
	if err != nil {
		return nil, err
	}
	r := e.resolver(opt)
	cur := e.V.Start.Clone()
	var res rules.Resolution
	out := &ReplayResult{}
	for i, ph := range rec.Phases {
		if ph.Phase != nil {
			want, err := codec.ParsePhase(*ph.Phase)
			if err != nil {
				return nil, fmt.Errorf("phase %d: %w", i+1, err)
			}
			if want != cur.Phase {
				return nil, badf(fmt.Sprintf("phase %d", i+1), "", "the record says %s but the game is at %s", want, cur.Phase)
			}
		}
		if err := e.orders(ph.Orders, cur.Phase.Type); err != nil {
			return nil, fmt.Errorf("phase %d: %w", i+1, err)
		}
		if err := r.AdjudicateInto(cur, e.ords, &res); err != nil {
			return nil, fmt.Errorf("phase %d (%s): %w", i+1, cur.Phase, err)
		}
		if check && ph.Expect != nil {
			want, err := j.Canonical(rec.Variant, ph.Expect)
			if err != nil {
				return nil, fmt.Errorf("phase %d: %w", i+1, err)
			}
			got := e.Codec.EncodePosition(res.Next)
			if diff := Compare(&got, want); diff != "" {
				out.Mismatches = append(out.Mismatches, fmt.Sprintf("phase %d (%s): %s", i+1, cur.Phase, diff))
			}
		}
		cur.CopyFrom(res.Next)
		out.Phases++
		if res.Winner != rules.NoPower {
			w := e.V.Map.PowerName(res.Winner)
			out.Winner = &w
		}
	}
	out.Final = e.Codec.EncodePosition(cur)
	return out, nil
}

// Start returns the starting position of a variant in the contract's form.
func (j *Judge) Start(variant string) (codec.Position, error) {
	e, err := j.state(variant)
	if err != nil {
		return codec.Position{}, err
	}
	p := e.Codec.EncodePosition(e.V.Start)
	p.Variant = e.V.Name
	return p, nil
}
