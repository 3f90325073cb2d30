package diplomacy

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/chancery/chancery/codec"
	"github.com/chancery/chancery/table"
)

// Waiting returns the people who owe orders for the phase being played
// and have not said they are ready (table.Waiter).
func (d *tableGame) Waiting(r *table.Row) ([]string, error) {
	if d.g.Status != table.Active {
		return nil, nil
	}
	ready, _, err := readOrders(r, d.g.Seq)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, p := range d.g.Waiting(d.e, ready) {
		for _, s := range d.g.Seats {
			if s.Power == p && s.User != "" {
				out = append(out, s.User)
			}
		}
	}
	return out, nil
}

// Report sums up phase seq for user's power (table.Reporter), from its
// record and the position after it: the next phase's record, or the
// game's position when seq is the latest played.
func (d *tableGame) Report(r *table.Row, user string, seq int) (table.Report, bool, error) {
	power := d.g.PowerOf(user)
	if power == "" {
		return table.Report{}, false, nil
	}
	p, ok, err := r.Phase(seq)
	if err != nil || !ok {
		return table.Report{}, false, err
	}
	var rec phaseRecord
	if err := json.Unmarshal(p.Data, &rec); err != nil {
		return table.Report{}, false, fmt.Errorf("phase %d: %w", seq, err)
	}
	var after codec.Position
	if seq+1 >= d.g.Seq {
		after = d.g.Named()
	} else if next, ok, err := r.Phase(seq + 1); err != nil {
		return table.Report{}, false, err
	} else if ok {
		var nr phaseRecord
		if err := json.Unmarshal(next.Data, &nr); err != nil {
			return table.Report{}, false, fmt.Errorf("phase %d: %w", seq+1, err)
		}
		after = nr.Position
	}
	rep := table.Report{Phase: p.Name, Power: power}
	for _, res := range rec.Results {
		if res.Power != power {
			continue
		}
		switch {
		case res.Result == "succeeded" && (res.Type == "move" || res.Type == "retreat" || res.Type == "build"):
			rep.Moved = append(rep.Moved, res.Order)
		case res.Result != "succeeded" && (res.Type == "move" || res.Type == "retreat"):
			rep.Bounced = append(rep.Bounced, res.Order)
		}
	}
	for _, u := range rec.Dislodged {
		if u.Power == power {
			rep.Dislodged = append(rep.Dislodged, u.Type+" "+u.Province)
		}
	}
	for _, u := range rec.Disbanded {
		if u.Power == power {
			rep.Disbanded = append(rep.Disbanded, u.Type+" "+u.Province)
		}
	}
	for prov, owner := range after.SupplyCenters {
		if owner == power {
			rep.Centres++
			if rec.Position.SupplyCenters[prov] != power {
				rep.CentresWon = append(rep.CentresWon, prov)
			}
		}
	}
	for prov, owner := range rec.Position.SupplyCenters {
		if owner == power && after.SupplyCenters[prov] != power {
			rep.CentresLost = append(rep.CentresLost, prov)
		}
	}
	slices.Sort(rep.CentresWon)
	slices.Sort(rep.CentresLost)
	return rep, true, nil
}

// AskedToVote returns the people who have not voted for the draw that
// another has (table.VoteAsker): the players of the powers still in the
// game, for the draw needs them all.
func (d *tableGame) AskedToVote() []string {
	if d.g.Status != table.Active || len(d.g.DrawVotes) == 0 {
		return nil
	}
	var out []string
	for _, s := range d.g.Seats {
		if !s.Bot && s.User != "" && !slices.Contains(d.g.DrawVotes, s.Power) && d.e.Alive(d.g.Position, s.Power) {
			out = append(out, s.User)
		}
	}
	return out
}
