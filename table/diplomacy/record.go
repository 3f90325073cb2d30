package diplomacy

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/chancery/chancery/codec"
	"github.com/chancery/chancery/engine"
	"github.com/chancery/chancery/game"
	"github.com/chancery/chancery/table"
)

// Record is a game's record as `chancery replay` reads it (judge.Record):
// the variant and, phase by phase from the start, the orders every power
// gave and the position they led to, which `replay --check` compares
// with its own adjudication.
type Record struct {
	Variant string        `json:"variant"`
	Phases  []RecordPhase `json:"phases"`
}

// RecordPhase is one phase of a Record.
type RecordPhase struct {
	Phase  codec.Phase         `json:"phase"`
	Orders map[string][]string `json:"orders"`
	Expect *codec.Position     `json:"expect"`
}

// Case is one phase of a game as an adjudication case, in the manner of
// the DATC's: the position and orders `chancery adjudicate` reads, and
// the results and next position it should write.
type Case struct {
	Name   string     `json:"name"`
	Input  CaseInput  `json:"input"`
	Expect CaseExpect `json:"expect"`
}

// CaseInput is what `chancery adjudicate` reads (judge.Input).
type CaseInput struct {
	Variant       string              `json:"variant"`
	Phase         codec.Phase         `json:"phase"`
	Units         []codec.Unit        `json:"units"`
	Dislodged     []codec.Dislodged   `json:"dislodged"`
	SupplyCenters map[string]string   `json:"supply_centers"`
	Orders        map[string][]string `json:"orders"`
}

// CaseExpect is what it should write (judge.Output, without the winner).
type CaseExpect struct {
	Results []codec.Result `json:"results"`
	Next    codec.Position `json:"next"`
}

// The formats of a Diplomacy game's record (table.Recorder).
const (
	FormatRecord = ""      // Record
	FormatCases  = "cases" // a list of Case
)

// Record writes the record of the phases played: what every player sees
// of them once they are played (the orders of the phase being played are
// nobody's but their power's, and are not in it), so that it is the same
// for every user who may see the game.
func (d *tableGame) Record(r *table.Row, user, format string) (any, error) {
	if format != FormatRecord && format != FormatCases {
		return nil, table.Errorf(table.ErrInvalid, "format: %q or %q, not %q", FormatRecord, FormatCases, format)
	}
	phases, err := r.Phases()
	if err != nil {
		return nil, err
	}
	recs := make([]phaseRecord, len(phases))
	for i, p := range phases {
		if err := json.Unmarshal(p.Data, &recs[i]); err != nil {
			return nil, fmt.Errorf("game %s, phase %d: %w", r.ID, p.Seq, err)
		}
	}
	// The position each phase led to: the next phase's, or the game's.
	next := func(i int) codec.Position {
		if i+1 < len(recs) {
			return recs[i+1].Position
		}
		return d.g.Named()
	}
	if format == FormatCases {
		out := make([]Case, len(recs))
		for i, rec := range recs {
			p := rec.Position
			out[i] = Case{
				Name: fmt.Sprintf("%s %d %s", rec.Phase.Season, rec.Phase.Year, rec.Phase.Type),
				Input: CaseInput{Variant: d.g.Variant, Phase: rec.Phase, Units: p.Units, Dislodged: p.Dislodged,
					SupplyCenters: p.SupplyCenters, Orders: orNone(rec.Orders)},
				Expect: CaseExpect{Results: rec.Results, Next: next(i)},
			}
		}
		return out, nil
	}
	out := &Record{Variant: d.g.Variant, Phases: make([]RecordPhase, len(recs))}
	for i, rec := range recs {
		expect := next(i)
		out.Phases[i] = RecordPhase{Phase: rec.Phase, Orders: orNone(rec.Orders), Expect: &expect}
	}
	return out, nil
}

// orNone is orders, or an empty map for none.
func orNone(orders map[string][]string) map[string][]string {
	if orders == nil {
		return map[string][]string{}
	}
	return orders
}

// Branch returns a forming game of the same variant at phase n of the
// game: the position phase n was played from, or, for n the phases
// played, the game's position now. The new game has played n phases (the
// server copies their records), so that its history and its record begin
// at the variant's start.
func (d *tableGame) Branch(r *table.Row, n int, creator table.Player, o table.Options) (table.Game, error) {
	if n < 0 || n > d.g.Seq {
		return nil, table.Errorf(table.ErrNotFound, "phase: the game has played phases 0 to %d, not %d", d.g.Seq, n)
	}
	named := d.g.Named()
	if n < d.g.Seq {
		p, ok, err := r.Phase(n)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, table.Errorf(table.ErrNotFound, "phase %d has no record", n)
		}
		var rec phaseRecord
		if err := json.Unmarshal(p.Data, &rec); err != nil {
			return nil, fmt.Errorf("game %s, phase %d: %w", r.ID, n, err)
		}
		named = rec.Position
	}
	pos, err := d.e.Codec.DecodePosition(&named)
	if err != nil {
		return nil, fmt.Errorf("game %s, phase %d: %w", r.ID, n, err)
	}
	g, err := game.New(d.e, creator, "", o.PhaseSeconds, false)
	if err != nil {
		return nil, err
	}
	if err := g.SetSchedule(o.Schedule()); err != nil {
		return nil, err
	}
	g.Position, g.Seq = pos, n
	g.BotLevel, g.BotLevels = d.g.BotLevel, d.g.BotLevels
	return &tableGame{k: d.k, g: g, e: d.e}, nil
}

// Owed lists the seats played by people that owe orders in the phase
// being played, and whether each gave any.
func (d *tableGame) Owed(r *table.Row) ([]table.Owed, error) {
	if d.g.Status != table.Active {
		return nil, nil
	}
	list, err := r.Orders(d.g.Seq)
	if err != nil {
		return nil, err
	}
	given := map[string]bool{}
	for _, o := range list {
		given[o.Power] = true
	}
	var out []table.Owed
	for _, s := range d.g.Seats {
		if s.Bot || s.User == "" || !d.e.Owes(d.g.Position, s.Power) {
			continue
		}
		out = append(out, table.Owed{Power: s.Power, Given: given[s.Power]})
	}
	return out, nil
}

// Result says how the game ended for power.
func (d *tableGame) Result(power string) string {
	end := d.g.End
	switch {
	case end == nil:
		return ""
	case end.Reason == "draw" && slices.Contains(end.Powers, power):
		return "drawn"
	case end.Reason != "draw" && end.Winner == power:
		return "won"
	}
	return "lost"
}

// maxImportPhases bounds the phases of a record to import: a game of a
// hundred years.
const maxImportPhases = 400

// Import plays a record (Record, as JSON: what Record writes; each
// phase's expect may be left out, and is not checked: replay --check
// does that) from its variant's start, and returns a forming game at the
// position it leads to with the records of its phases, played at now.
// Every order is read as a player's would be, against the position it
// was given in: a record that does not play is refused (ErrInvalid), with
// the phase and the orders that do not.
func (k *Kind) Import(data json.RawMessage, creator table.Player, o table.Options, now time.Time) (table.Game, []table.Phase, error) {
	var rec Record
	if err := table.Decode(data, &rec); err != nil {
		return nil, nil, err
	}
	e := k.engines.Get(rec.Variant)
	if e == nil {
		return nil, nil, table.Errorf(table.ErrInvalid, "record: unknown variant %q", rec.Variant)
	}
	if len(rec.Phases) > maxImportPhases {
		return nil, nil, table.Errorf(table.ErrInvalid, "record: at most %d phases", maxImportPhases)
	}
	g, err := game.New(e, creator, "", o.PhaseSeconds, false)
	if err != nil {
		return nil, nil, err
	}
	if err := g.SetSchedule(o.Schedule()); err != nil {
		return nil, nil, err
	}
	pos := e.V.Start.Clone()
	phases := make([]table.Phase, 0, len(rec.Phases))
	for i, ph := range rec.Phases {
		want, err := codec.ParsePhase(ph.Phase)
		if err != nil {
			return nil, nil, table.Errorf(table.ErrInvalid, "record: phase %d: %v", i, err)
		}
		if want != pos.Phase {
			return nil, nil, table.Errorf(table.ErrInvalid, "record: phase %d says %s, the game is at %s", i, want, pos.Phase)
		}
		orders := engine.Orders{}
		for _, power := range slices.Sorted(maps.Keys(ph.Orders)) {
			pw, ok := e.Power(power)
			if !ok {
				return nil, nil, table.Errorf(table.ErrInvalid, "record: phase %d: %s has no power %q", i, e.V.Title, power)
			}
			if orders[pw], err = e.Parse(pos, power, ph.Orders[power]); err != nil {
				return nil, nil, table.Errorf(table.ErrInvalid, "record: phase %d (%s): %v", i, pos.Phase, err)
			}
		}
		before := e.Codec.EncodePosition(pos)
		res, core, err := e.Resolve(pos, orders)
		if err != nil {
			return nil, nil, table.Errorf(table.ErrInvalid, "record: phase %d (%s): %v", i, pos.Phase, err)
		}
		p, err := phaseOf(i, before, res, now)
		if err != nil {
			return nil, nil, err
		}
		phases = append(phases, p)
		pos = core.Next
		if res.Winner != "" && i < len(rec.Phases)-1 {
			return nil, nil, table.Errorf(table.ErrInvalid, "record: %s won in phase %d, and the record goes on", res.Winner, i)
		}
	}
	g.Position, g.Seq = pos, len(rec.Phases)
	return &tableGame{k: k, g: g, e: e}, phases, nil
}
