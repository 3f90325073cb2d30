package game

import (
	"encoding/json"
	"errors"
	"time"

	"github.com/chancery/chancery/codec"
	"github.com/chancery/chancery/engine"
	"github.com/chancery/chancery/table"
)

// stored is a Game as the store keeps it: the fields of Game in their
// order, the position in the contract's form (names). It is the one
// description of the stored format; change it only with a migration.
type stored struct {
	Variant      string       `json:"variant"`
	Status       table.Status `json:"status"`
	Seq          int          `json:"seq"`
	PhaseSeconds int          `json:"phase_seconds"`
	// The rest of the schedule is new beside the rest: a game stored
	// before it has phases of one length.
	RetreatSeconds    int            `json:"retreat_seconds,omitempty"`
	AdjustmentSeconds int            `json:"adjustment_seconds,omitempty"`
	DeadlineAt        *table.DailyAt `json:"deadline_at,omitempty"`
	Deadline          time.Time      `json:"deadline,omitzero"`
	FillWithBots      bool           `json:"fill_with_bots"`
	Creator           string         `json:"creator"`
	// Cancelled is new beside the rest; a game stored before it was not
	// cancelled, which its absence says.
	Cancelled bool `json:"cancelled,omitempty"`
	// Sandbox is new beside the rest too.
	Sandbox        bool               `json:"sandbox,omitempty"`
	MinReliability int                `json:"min_reliability,omitempty"`
	Seats          []table.Seat       `json:"seats"`
	Position       codec.Position     `json:"position"`
	DrawVotes      []string           `json:"draw_votes,omitempty"`
	ConcedeVotes   []string           `json:"concede_votes,omitempty"`
	Last           *engine.Resolution `json:"last,omitempty"`
	End            *End               `json:"end,omitempty"`
	BotLevel       string             `json:"bot_level,omitempty"`
	BotLevels      map[string]string  `json:"bot_levels,omitempty"`
	// Stewardship (the policy for missed orders, the game master, the
	// journal) is new beside the rest; a game stored before it has
	// none: it holds, and its creator is its master.
	table.Stewardship
}

// errNoEngine is the cause of writing a Game that New or Decode
// did not make: without its variant it cannot name its position.
var errNoEngine = errors.New("game: a game made by New or Decode is needed to write its position")

// MarshalJSON writes the game as the store keeps it, its position by name.
// (A value receiver, so that a Game is never written without its
// position, whether it is marshalled by value or by pointer.)
func (g Game) MarshalJSON() ([]byte, error) {
	if g.e == nil || g.Position == nil {
		return nil, errNoEngine
	}
	return json.Marshal(&stored{Variant: g.Variant, Status: g.Status, Seq: g.Seq, PhaseSeconds: g.PhaseSeconds,
		RetreatSeconds: g.RetreatSeconds, AdjustmentSeconds: g.AdjustmentSeconds, DeadlineAt: g.DeadlineAt,
		Deadline: g.Deadline, FillWithBots: g.FillWithBots, Creator: g.Creator, Cancelled: g.Cancelled, Sandbox: g.Sandbox, MinReliability: g.MinReliability, Seats: g.Seats,
		Position: g.Named(), DrawVotes: g.DrawVotes, ConcedeVotes: g.ConcedeVotes,
		Last: g.Last, End: g.End, BotLevel: g.BotLevel, BotLevels: g.BotLevels, Stewardship: g.Stewardship})
}

// UnmarshalJSON refuses: a game's position can only be read knowing its
// variant, which Decode finds.
func (g *Game) UnmarshalJSON([]byte) error {
	return errors.New("game: read a stored game with Decode, which knows its variant")
}

// Decode reads a game as the store keeps it (MarshalJSON's form) and
// returns it with its variant's engine. The position is read strictly, by
// the variant's codec: what the command line refuses, a stored game may not
// hold. Stored games written by the server always read so.
//
// One compatibility read remains, for rows written by hand or by a tool
// that went through the lax reader this package once had: that reader
// ignored a dislodged unit's attacker_from and retreats entries it could
// not read, so Decode ignores them too (the unit may then retreat as if no
// attacker were known, as it could before) rather than lose the game.
// Anything else the codec refuses — a fleet in Paris, a fleet in stp
// without its coast, an unknown unit type, power or province — has no one
// meaning: it is a *engine.DecodeError naming the field and the name, for the
// server to log as a bug (500) and an operator to repair.
func Decode(es *engine.Engines, data []byte) (*Game, *engine.Engine, error) {
	var s stored
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, nil, &engine.DecodeError{Field: "game", Err: err}
	}
	e := es.Get(s.Variant)
	if e == nil {
		return nil, nil, &engine.DecodeError{Field: "variant", Err: &codec.NameError{What: "variant", Name: s.Variant}}
	}
	// The position as stored is kept as its form by name (Named), so
	// that it is not written again until it changes, when it is in the
	// form the codec writes: every list and map there (a row written by
	// hand may leave some out, which the codec reads as defaults).
	named := &s.Position
	if !written(named) {
		named = nil
	}
	pos, err := e.Codec.DecodePosition(&s.Position)
	if err != nil {
		named = nil
		legacy, changed := legacyPosition(e, &s.Position)
		if !changed {
			return nil, nil, &engine.DecodeError{Field: "position", Err: err}
		}
		if pos, err = e.Codec.DecodePosition(legacy); err != nil {
			return nil, nil, &engine.DecodeError{Field: "position", Err: err}
		}
	}
	g := &Game{Variant: s.Variant, Table: table.Table{Status: s.Status, Creator: s.Creator, PhaseSeconds: s.PhaseSeconds,
		RetreatSeconds: s.RetreatSeconds, AdjustmentSeconds: s.AdjustmentSeconds, DeadlineAt: s.DeadlineAt,
		FillWithBots: s.FillWithBots, Seats: s.Seats, Deadline: s.Deadline, Cancelled: s.Cancelled, Sandbox: s.Sandbox, MinReliability: s.MinReliability, Stewardship: s.Stewardship}, Seq: s.Seq, Position: pos, DrawVotes: s.DrawVotes,
		ConcedeVotes: s.ConcedeVotes, Last: s.Last, End: s.End, BotLevel: s.BotLevel, BotLevels: s.BotLevels, e: e}
	if named != nil {
		g.named, g.namedOf = named, pos
	}
	return g, e, nil
}

// written reports whether p has the shape of a position the codec wrote
// (codec.Codec.EncodePosition): no variant, and every list and map
// present.
func written(p *codec.Position) bool {
	if p.Variant != "" || p.Units == nil || p.Dislodged == nil || p.SupplyCenters == nil {
		return false
	}
	for _, d := range p.Dislodged {
		if d.Retreats == nil {
			return false
		}
	}
	return true
}

// legacyPosition returns p without the dislodged units' attacker_from and
// retreats entries that do not name a province, as the lax reader read
// them, and whether it dropped any.
func legacyPosition(e *engine.Engine, p *codec.Position) (*codec.Position, bool) {
	q := *p
	q.Dislodged = make([]codec.Dislodged, len(p.Dislodged))
	changed := false
	for i, d := range p.Dislodged {
		if _, ok := e.Names.Loc(d.AttackerFrom); d.AttackerFrom != "" && !ok {
			d.AttackerFrom = ""
			changed = true
		}
		if d.Retreats != nil {
			rs := []string{}
			for _, r := range d.Retreats {
				if _, ok := e.Names.Loc(r); ok {
					rs = append(rs, r)
				}
			}
			changed = changed || len(rs) != len(d.Retreats)
			d.Retreats = rs
		}
		q.Dislodged[i] = d
	}
	return &q, changed
}
