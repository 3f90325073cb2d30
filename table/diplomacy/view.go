package diplomacy

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"

	"github.com/chancery/chancery/board"
	"github.com/chancery/chancery/codec"
	"github.com/chancery/chancery/engine"
	"github.com/chancery/chancery/game"
	"github.com/chancery/chancery/judge"
	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/table"
	"github.com/chancery/chancery/variants"
)

// powerJSON is one power of a Diplomacy game as the API shows it.
type powerJSON struct {
	Power   string `json:"power"`
	Player  string `json:"player,omitempty"`
	Bot     bool   `json:"bot"`
	Centres int    `json:"centres"`
	Units   int    `json:"units"`
	Alive   bool   `json:"alive"`
	// Ready is whether the power has said its orders are final.
	Ready bool `json:"ready"`
	// Owes is whether the power has anything to order this phase.
	Owes bool `json:"owes"`
	// Away: a bot plays the power in place of its absent player (named
	// in Player), who takes it back by giving orders. Wanted: the game
	// master opened the seat for a substitute.
	Away   bool `json:"away"`
	Wanted bool `json:"wanted"`
}

// View is GET /games/{id} for a Diplomacy game.
type View struct {
	table.ViewHeader
	Phase     codec.Phase       `json:"phase"`
	Units     []codec.Unit      `json:"units"`
	Dislodged []codec.Dislodged `json:"dislodged"`
	// SupplyCenters is who owns each supply centre (province -> power),
	// named as in the adjudication contract and the history.
	SupplyCenters map[string]string `json:"supply_centers"`
	// Centres is SupplyCenters under its older name, kept for clients
	// written before; new clients read supply_centers.
	Centres  map[string]string `json:"centres"`
	Powers   []powerJSON       `json:"powers"`
	MyPower  string            `json:"my_power,omitempty"`
	MyOrders *myOrders         `json:"my_orders,omitempty"`
	MyVotes  *myVotes          `json:"my_votes,omitempty"`
	Last     *lastPhase        `json:"last"`
	End      *game.End         `json:"end"`
	Bots     bool              `json:"bots"`
	// BotLevel is how well the game's bots play; BotLevels, the seats
	// whose bots play at another level, by power.
	BotLevel  string            `json:"bot_level"`
	BotLevels map[string]string `json:"bot_levels"`
	Creator   bool              `json:"you_created"`
}

// myOrders are the user's orders for the phase being played: their
// texts, and the same orders with their parts, which the client draws
// without reading the text.
type myOrders struct {
	Orders []string     `json:"orders"`
	Parts  []givenOrder `json:"parts"`
	Ready  bool         `json:"ready"`
}

type myVotes struct {
	Draw    bool `json:"draw"`
	Concede bool `json:"concede"`
}

type lastPhase struct {
	Phase     codec.Phase       `json:"phase"`
	Results   []codec.Result    `json:"results"`
	Disbanded []codec.Unit      `json:"disbanded"`
	Dislodged []codec.Dislodged `json:"dislodged"`
}

// View is the game as user sees it: the position, every power's state,
// and the user's own orders and votes.
func (d *tableGame) View(r *table.Row, user string) (any, error) {
	g, e, pos := d.g, d.e, d.g.Position
	named := g.Named()
	out := &View{ViewHeader: table.Header(r, &g.Table, g.Seq, user), Phase: named.Phase,
		Units: named.Units, Dislodged: named.Dislodged, SupplyCenters: named.SupplyCenters, Centres: named.SupplyCenters, BotLevel: botLevel(g, "").String(), BotLevels: botLevels(g), Powers: []powerJSON{},
		End: g.End, Bots: g.FillWithBots, Creator: g.Creator == user}
	ready, mine, err := readOrders(r, g.Seq)
	if err != nil {
		return nil, err
	}
	centres := map[string]int{}
	for _, p := range named.SupplyCenters {
		centres[p]++
	}
	units := map[string]int{}
	for _, un := range named.Units {
		units[un.Power]++
	}
	active := g.Status == table.Active
	for _, st := range g.Seats {
		pj := powerJSON{Power: st.Power, Player: st.Name, Bot: st.Bot, Centres: centres[st.Power], Units: units[st.Power],
			Alive: e.Alive(pos, st.Power), Ready: ready[st.Power] || (active && st.Bot), Away: st.Away, Wanted: st.Wanted}
		pj.Owes = active && e.Owes(pos, st.Power)
		out.Powers = append(out.Powers, pj)
	}
	if p := g.PowerOf(user); p != "" {
		out.MyPower = p
		given := d.withParts(p, mine[p])
		out.MyOrders = &myOrders{Orders: texts(given), Parts: given, Ready: ready[p]}
		if given == nil {
			out.MyOrders.Orders, out.MyOrders.Parts = []string{}, []givenOrder{}
		}
		out.MyVotes = &myVotes{}
		for _, v := range g.DrawVotes {
			out.MyVotes.Draw = out.MyVotes.Draw || v == p
		}
		for _, v := range g.ConcedeVotes {
			out.MyVotes.Concede = out.MyVotes.Concede || v == p
		}
	}
	if g.Last != nil {
		out.Last = &lastPhase{Phase: g.Last.Phase, Results: d.lastResults(g.Last), Disbanded: g.Last.Disbanded, Dislodged: g.Last.Dislodged}
		if out.Last.Dislodged == nil {
			out.Last.Dislodged = []codec.Dislodged{} // a phase played before they were kept
		}
	}
	return out, nil
}

// Board draws phase n on the variant's board. A phase played shows its
// position with every order and result, as the history does to every
// player; the phase being played shows its position only, since its
// orders are secret until it is played.
func (d *tableGame) Board(w io.Writer, r *table.Row, n int) error {
	if _, err := variants.Board(d.e.V.Name); err != nil {
		return table.Errorf(table.ErrNotFound, "%v", err)
	}
	if p, ok, err := r.Phase(n); err != nil {
		return err
	} else if ok {
		var rec phaseRecord
		if err := json.Unmarshal(p.Data, &rec); err != nil {
			return fmt.Errorf("game %s, phase %d: %w", r.ID, n, err)
		}
		if err := d.drawRecord(w, &rec); err != nil {
			return fmt.Errorf("drawing game %s, phase %d: %w", r.ID, n, err)
		}
		return nil
	}
	if d.g.Seq != n {
		return table.Errorf(table.ErrNotFound, "game %s has no phase %d", r.ID, n)
	}
	v, pos := d.e.V, d.g.Position
	if err := d.k.boards.Draw(w, &board.Picture{Variant: v, Position: pos.Clone(), Title: board.PhaseTitle(v, pos.Phase)}); err != nil {
		return fmt.Errorf("drawing game %s, phase %d: %w", r.ID, n, err)
	}
	return nil
}

// lastResults returns the results of the last phase played with their
// orders' parts: as they are, unless the phase was played before results
// had them (the game's row keeps the phase as it was played), when they
// are read from the orders' text into a copy.
func (d *tableGame) lastResults(last *engine.Resolution) []codec.Result {
	ph, err := codec.ParsePhase(last.Phase)
	if err != nil {
		return last.Results
	}
	var out []codec.Result
	for i := range last.Results {
		r := last.Results[i]
		if !d.e.Codec.FillOrderParts(&r, ph.Type) {
			continue
		}
		if out == nil {
			out = slices.Clone(last.Results)
		}
		out[i] = r
	}
	if out == nil {
		return last.Results
	}
	return out
}

// withParts returns a power's orders given for the phase being played
// with their parts: as they are kept, unless they were kept before orders
// were kept by their parts (texts alone), when the parts are read once
// from the text into a copy. Texts that no longer read (damaged data) are
// left without parts: the client lists them and draws nothing.
func (d *tableGame) withParts(power string, given []givenOrder) []givenOrder {
	if !slices.ContainsFunc(given, func(o givenOrder) bool { return o.Type == "" }) {
		return given
	}
	orders, err := d.typedOrders(power, d.g.Position.Phase.Type, given)
	if err != nil || len(orders) != len(given) {
		return given
	}
	out := slices.Clone(given)
	for i, o := range orders {
		out[i].OrderParts = d.e.Codec.EncodeOrder(o)
	}
	return out
}

// botLevels is the seats whose bots play at their own level, as the view
// shows them (never null).
func botLevels(g *game.Game) map[string]string {
	out := map[string]string{}
	for p, l := range g.BotLevels {
		out[p] = l
	}
	return out
}

// drawRecord draws a phase played from its record: the position it was
// played from, and its orders with the results, dislodged units and units
// disbanded at once that the record keeps, without adjudicating it again.
// A movement phase recorded before its dislodged units were kept is the
// one exception: only adjudicating it again tells them, so it is drawn so.
func (d *tableGame) drawRecord(w io.Writer, rec *phaseRecord) error {
	e := d.e
	pos, err := e.Codec.DecodePosition(&rec.Position)
	if err != nil {
		return err
	}
	pic := &board.Picture{Variant: e.V, Position: pos, Title: board.PhaseTitle(e.V, pos.Phase)}
	if len(rec.Orders) > 0 {
		movement := pos.Phase.Type == rules.MovementPhase
		if movement && rec.Dislodged == nil {
			in := &judge.Input{Variant: e.V.Name, Phase: rec.Phase, Units: rec.Position.Units,
				Dislodged: rec.Position.Dislodged, SupplyCenters: rec.Position.SupplyCenters, Orders: rec.Orders}
			return judge.New(d.k.reg).Draw(w, &d.k.boards, in)
		}
		pic.Results = make([]rules.Result, len(rec.Results))
		for i := range rec.Results {
			if pic.Results[i], err = e.Codec.DecodeResult(&rec.Results[i], pos.Phase.Type); err != nil {
				return err
			}
		}
		if movement {
			// The units disbanded at once are among the dislodged: they are
			// drawn struck out.
			gone := map[string]bool{}
			for _, u := range rec.Disbanded {
				gone[u.Province] = true
			}
			for i := range rec.Dislodged {
				x, err := e.Codec.DecodeDislodged(&rec.Dislodged[i])
				if err != nil {
					return err
				}
				if gone[rec.Dislodged[i].Province] {
					pic.Destroyed = append(pic.Destroyed, x)
				} else {
					pic.Dislodged = append(pic.Dislodged, x)
				}
			}
		}
	}
	return d.k.boards.Draw(w, pic)
}
