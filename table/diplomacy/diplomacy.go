// Package diplomacy is Diplomacy at a server's table: the table.Kind of
// Diplomacy games in every variant of a registry. The game's own life is
// package game's; this package adds what a server needs around it: orders
// kept in the records until the phase is played, the bots' orders, the
// history of phases, what each power may see, the board.
package diplomacy

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/chancery/chancery/board"
	"github.com/chancery/chancery/bot"
	"github.com/chancery/chancery/codec"
	"github.com/chancery/chancery/engine"
	"github.com/chancery/chancery/game"
	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/table"
	"github.com/chancery/chancery/variants"
)

// Name is the kind's name.
const Name = "diplomacy"

// Kind is Diplomacy in the variants of a registry.
type Kind struct {
	reg     *variants.Registry
	engines *engine.Engines
	boards  board.Boards // the variants' boards, read once
	// graphs holds each variant's map as the bots read it, made once
	// here rather than in every bot decision (see bot.Graph); it never
	// changes, so games share it.
	graphs map[*rules.Variant]*bot.Graph
	// Bots decides the bots' orders of a phase: bot.PhaseOrders, unless
	// a test puts in its place a decision it can hold or count. Set it
	// before the kind plays.
	Bots Bots
}

// Bots decides the orders of the bots at seats in the position pos, in
// budget, drawing from rnd, as bot.PhaseOrders does.
type Bots func(g *bot.Graph, pos *rules.Position, seats []bot.Seat, budget time.Duration, rnd *rand.Rand) map[rules.Power][]rules.Order

// New returns the kind of Diplomacy games in reg's variants.
func New(reg *variants.Registry) *Kind {
	k := &Kind{reg: reg, engines: engine.NewEngines(reg), graphs: map[*rules.Variant]*bot.Graph{}, Bots: bot.PhaseOrders}
	for _, n := range k.engines.Names() {
		v := k.engines.Get(n).V
		k.graphs[v] = bot.NewGraph(v)
	}
	return k
}

// graph returns the bots' graph of e's variant.
func (k *Kind) graph(e *engine.Engine) *bot.Graph {
	if g := k.graphs[e.V]; g != nil {
		return g
	}
	return bot.NewGraph(e.V) // not one of k's engines: made for this phase
}

// Name returns "diplomacy".
func (k *Kind) Name() string { return Name }

// Variants lists the variants. One person can start a Diplomacy game:
// bots take the others.
func (k *Kind) Variants() []table.Variant {
	var out []table.Variant
	for _, n := range k.engines.Names() {
		e := k.engines.Get(n)
		powers := e.Powers()
		out = append(out, table.Variant{Name: e.V.Name, Kind: Name, Title: e.V.Title, Powers: powers,
			Victory: e.V.Victory, Draws: !e.V.NoDraws, Description: e.V.Description, MinPlayers: 1, MaxPlayers: len(powers)})
	}
	return out
}

// Plays returns the variant's name if reg has it.
func (k *Kind) Plays(name string) (string, bool) {
	if e := k.engines.Get(name); e != nil {
		return e.V.Name, true
	}
	return "", false
}

// The codes of the refusals a Diplomacy player commonly meets beside
// every kind's (package table); api/diplomacy.yaml lists them for
// clients.
const (
	CodePhasePlayed = "phase_played" // orders for a phase already played
	CodeNoDraws     = "no_draws"     // a draw vote where the variant has none
	CodePowerOut    = "power_out"    // voting for a power out of the game
)

// Settings are a Diplomacy game's own settings, beside the options every
// kind has.
type Settings struct {
	// BotLevel is how well the bots play: easy, normal or hard ("": the
	// default, normal).
	BotLevel string `json:"bot_level"`
	// BotLevels are levels for some seats, by power, that differ from
	// BotLevel.
	BotLevels map[string]string `json:"bot_levels"`
}

// New returns a forming game of variant.
func (k *Kind) New(variant string, creator table.Player, o table.Options, settings json.RawMessage) (table.Game, error) {
	e := k.engines.Get(variant)
	if e == nil {
		return nil, table.Errorf(table.ErrInvalid, "variant: unknown variant %q", variant)
	}
	var set Settings
	if err := table.DecodeSettings(settings, &set, "Diplomacy"); err != nil {
		return nil, err
	}
	level, err := parseLevel("bot_level", set.BotLevel)
	if err != nil {
		return nil, err
	}
	var levels map[string]string
	for power, l := range set.BotLevels {
		pw, ok := e.Names.Power(power)
		if !ok || !e.V.Plays(pw) {
			return nil, table.Errorf(table.ErrInvalid, "bot_levels: %s has no power %q", e.V.Title, power)
		}
		seat, err := parseLevel("bot_levels["+power+"]", l)
		if err != nil {
			return nil, err
		}
		if levels == nil {
			levels = map[string]string{}
		}
		levels[e.V.Map.PowerName(pw)] = seat.String()
	}
	g, err := game.New(e, creator, o.Power, o.PhaseSeconds, o.Bots)
	if err != nil {
		return nil, err
	}
	if err := g.SetSchedule(o.Schedule()); err != nil {
		return nil, err
	}
	g.BotLevel, g.BotLevels = level.String(), levels
	return &tableGame{k: k, g: g, e: e}, nil
}

// Decode reads a stored game.
func (k *Kind) Decode(data []byte) (table.Game, error) {
	g, e, err := game.Decode(k.engines, data)
	if err != nil {
		return nil, err
	}
	return &tableGame{k: k, g: g, e: e}, nil
}

// tableGame is a Diplomacy game at the table.
type tableGame struct {
	k *Kind
	g *game.Game
	e *engine.Engine
	// thought is what Think worked out, for Advance.
	thought *thought
}

// thought is the bots' orders for one phase of a game: what its bots
// decide depends on the game's phase (seq) and bots (seats) and on
// nothing that may change between them.
type thought struct {
	seq    int
	seats  []bot.Seat
	orders map[rules.Power][]rules.Order
}

// botSeats returns the seats of g's bots and their levels: a bot that
// plays in place of an absent person, or of a player replaced, plays at
// the level of the game's policy for missed orders.
func (d *tableGame) botSeats() []bot.Seat {
	var seats []bot.Seat
	for _, s := range d.g.Seats {
		if !s.Bot {
			continue
		}
		pw, _ := d.e.Names.Power(s.Power)
		level := botLevel(d.g, s.Power)
		if s.Away || s.Wanted {
			if l, err := bot.ParseLevel(d.g.Policy().Level); err == nil {
				level = l
			}
		}
		seats = append(seats, bot.Seat{Power: pw, Level: level})
	}
	return seats
}

// InGame reports whether power is still in the game (table.Keeper).
func (d *tableGame) InGame(power string) bool { return d.e.Alive(d.g.Position, power) }

// holds reports whether t is the thought of g's phase and bots.
func (t *thought) holds(g *tableGame, seats []bot.Seat) bool {
	return t != nil && t.seq == g.g.Seq && slices.Equal(t.seats, seats)
}

// Think decides the bots' orders for the phase being played, for
// Advance: the slow part of playing a phase (the hard bots search for up
// to bot.PhaseBudget), done outside any transaction (table.Thinker). The
// orders earlier decided are taken when earlier was at the same phase
// with the same bots.
func (d *tableGame) Think(r *table.Row, earlier table.Game) error {
	if d.g.Status != table.Active {
		return nil
	}
	seats := d.botSeats()
	if e, ok := earlier.(*tableGame); ok && e.e == d.e && e.thought.holds(d, seats) {
		d.thought = e.thought
		return nil
	}
	orders, err := d.botOrders(r, seats)
	if err != nil {
		return err
	}
	d.thought = &thought{seq: d.g.Seq, seats: seats, orders: orders}
	return nil
}

// botOrders decides the orders of the bots at seats for the phase being
// played.
func (d *tableGame) botOrders(r *table.Row, seats []bot.Seat) (map[rules.Power][]rules.Order, error) {
	g := d.g
	rnd, err := botRand(r.Secret, g.Seq)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", r.ID, err)
	}
	// The bots' search never takes more than a quarter of the phase.
	budget := min(bot.PhaseBudget, time.Duration(g.PhaseSeconds)*time.Second/4)
	return d.k.Bots(d.k.graph(d.e), g.Position, seats, budget, rnd), nil
}

// Table returns the game's seats and life.
func (d *tableGame) Table() *table.Table { return &d.g.Table }

// Seq is the number of phases played.
func (d *tableGame) Seq() int { return d.g.Seq }

// MarshalJSON writes the game as the store keeps it.
func (d *tableGame) MarshalJSON() ([]byte, error) { return json.Marshal(d.g) }

// Power returns the power's own name for any of its names (1900's
// "England" for Britain), or name.
func (d *tableGame) Power(name string) string {
	if pw, ok := d.e.Names.Power(name); ok {
		return d.e.V.Map.PowerName(pw)
	}
	return name
}

// Join seats p at power.
func (d *tableGame) Join(p table.Player, power string) error {
	return d.g.Join(d.e, p, power)
}

// Start begins the first phase; a phase in which no person owes orders is
// played at once.
func (d *tableGame) Start(user string, now time.Time) error {
	if err := d.g.Start(user, now); err != nil {
		return err
	}
	d.playOnIfNobodyWaits(now)
	return nil
}

// playOnIfNobodyWaits makes the phase due now when no person owes orders
// that are not ready.
func (d *tableGame) playOnIfNobodyWaits(now time.Time) {
	if len(d.g.Waiting(d.e, nil)) == 0 {
		d.g.Deadline = now
	}
}

// Orders are a power's orders for the phase being played, as a person
// gives them (PUT /games/{id}/orders).
type Orders struct {
	// Orders are the orders, each by its text ("A PAR - BUR", in any
	// case) or by its parts (an object, as GET /options lists them).
	Orders []engine.Given
	// Ready says the orders are final: when every person is ready the
	// phase is played at once.
	Ready bool
	// Phase, when given, must be the game's current phase: orders
	// written for a phase that has just been adjudicated are refused
	// (409) rather than applied to the next one.
	Phase *codec.Phase
}

// ordersRequest is Orders as the request's JSON writes it.
type ordersRequest struct {
	Orders []json.RawMessage `json:"orders"`
	Ready  bool              `json:"ready"`
	Phase  *codec.Phase      `json:"phase"`
}

// readOrdersRequest reads Orders from a request's body.
func readOrdersRequest(body json.RawMessage) (Orders, error) {
	var req ordersRequest
	if err := table.Decode(body, &req); err != nil {
		return Orders{}, err
	}
	if req.Orders == nil {
		return Orders{}, table.Errorf(table.ErrMalformed, "orders: a list of orders is required (it may be empty)")
	}
	if len(req.Orders) > 200 {
		return Orders{}, table.Errorf(table.ErrInvalid, "orders: at most 200 orders")
	}
	o := Orders{Orders: make([]engine.Given, len(req.Orders)), Ready: req.Ready, Phase: req.Phase}
	for i, raw := range req.Orders {
		if err := readGiven(raw, &o.Orders[i]); err != nil {
			return Orders{}, table.Errorf(table.ErrMalformed, "orders[%d]: %v", i, err)
		}
		if len(o.Orders[i].Text) > 200 {
			return Orders{}, table.Errorf(table.ErrInvalid, "orders[%d]: at most 200 characters", i)
		}
	}
	return o, nil
}

// readGiven reads one order of a request: a string is its text, an object
// its parts (strictly: a field the parts have not is refused).
func readGiven(raw json.RawMessage, g *engine.Given) error {
	raw = bytes.TrimSpace(raw)
	if len(raw) > 0 && raw[0] == '{' {
		g.Parts = new(codec.OrderParts)
		if err := table.Decode(raw, g.Parts); err != nil {
			var te *table.Error
			if errors.As(err, &te) {
				return errors.New(te.Msg)
			}
			return err
		}
		return nil
	}
	if err := json.Unmarshal(raw, &g.Text); err != nil {
		return errors.New("an order is a string (its text) or an object (its parts)")
	}
	return nil
}

// Taken is the answer to a power's orders: the orders kept, in canonical
// form, and the same orders with their parts, which the client draws
// without reading the text.
type Taken struct {
	Power  string       `json:"power"`
	Orders []string     `json:"orders"`
	Parts  []givenOrder `json:"parts"`
	Ready  bool         `json:"ready"`
}

// TakeOrders checks a power's orders (Orders, as JSON) against the phase
// being played and keeps them, in canonical form, in the records.
func (d *tableGame) TakeOrders(r *table.Row, user string, body json.RawMessage, now time.Time) (table.Taken, error) {
	o, err := readOrdersRequest(body)
	if err != nil {
		return table.Taken{}, err
	}
	t, due, err := d.takeOrders(r, user, o, now)
	return table.Taken{Reply: t, Due: due}, err
}

func (d *tableGame) takeOrders(r *table.Row, user string, o Orders, now time.Time) (*Taken, bool, error) {
	g, pos := d.g, d.g.Position
	var ph rules.Phase // the phase the orders are for, if they say
	if o.Phase != nil {
		var err error
		if ph, err = codec.ParsePhase(*o.Phase); err != nil {
			return nil, false, table.Errorf(table.ErrInvalid, "phase: %v", err)
		}
	}
	power := g.PowerOf(user)
	if power == "" {
		return nil, false, table.Codedf(table.ErrForbidden, table.CodeNotPlayer, "you do not play in game %s", r.ID)
	}
	if g.Status != table.Active {
		return nil, false, table.Codedf(table.ErrState, table.CodeNotInPlay, "the game is %s: no orders are taken", g.Status)
	}
	if o.Phase != nil {
		if ph != pos.Phase {
			cur := codec.FormatPhase(pos.Phase)
			return nil, false, table.Codedf(table.ErrState, CodePhasePlayed, "the orders are for %s %d %s, the game is at %s %d %s",
				o.Phase.Season, o.Phase.Year, o.Phase.Type, cur.Season, cur.Year, cur.Type)
		}
	}
	orders, err := d.e.ParseGiven(pos, power, o.Orders)
	if err != nil {
		return nil, false, err
	}
	canon := make([]string, len(orders))
	given := make([]givenOrder, len(orders))
	for i, o := range orders {
		canon[i] = d.e.Names.FormatOrder(o)
		given[i] = givenOrder{Order: canon[i], OrderParts: d.e.Codec.EncodeOrder(o)}
	}
	data, err := json.Marshal(given)
	if err != nil {
		return nil, false, err
	}
	if err := r.PutOrders(table.SeatOrders{Power: power, Seq: g.Seq, Orders: data, Ready: o.Ready, Updated: now}); err != nil {
		return nil, false, err
	}
	t := &Taken{Power: power, Orders: canon, Parts: given, Ready: o.Ready}
	if !o.Ready {
		return t, false, nil
	}
	ready, _, err := readOrders(r, g.Seq)
	if err != nil {
		return nil, false, err
	}
	return t, len(g.Waiting(d.e, ready)) == 0, nil
}

// givenOrder is one order a power gave for the phase being played, as
// the records keep it: its canonical text, for the player, and the order
// as the rules read it, by its parts, which the deadline plays without
// reading the text again.
type givenOrder struct {
	Order string `json:"order"`
	codec.OrderParts
}

// readOrders returns the orders given for phase seq: who is ready and
// each power's orders. Orders kept before they were kept by their parts
// (a list of texts) come back as texts alone.
func readOrders(r *table.Row, seq int) (ready map[string]bool, given map[string][]givenOrder, err error) {
	list, err := r.Orders(seq)
	if err != nil {
		return nil, nil, err
	}
	ready, given = map[string]bool{}, map[string][]givenOrder{}
	for _, o := range list {
		var mine []givenOrder
		if err := json.Unmarshal(o.Orders, &mine); err != nil {
			var texts []string
			if json.Unmarshal(o.Orders, &texts) != nil {
				return nil, nil, fmt.Errorf("game %s: orders of %s: %w", r.ID, o.Power, err)
			}
			mine = make([]givenOrder, len(texts))
			for i, t := range texts {
				mine[i].Order = t
			}
		}
		ready[o.Power], given[o.Power] = o.Ready, mine
	}
	return ready, given, nil
}

// texts are the texts of orders given.
func texts(given []givenOrder) []string {
	out := make([]string, len(given))
	for i, o := range given {
		out[i] = o.Order
	}
	return out
}

// typedOrders reads the orders power gave for a phase of type t: by their
// parts, or, for orders kept before they were kept so, by their text.
// They were checked when given, so an order that no longer reads is
// damaged data: an error, never an order silently dropped.
func (d *tableGame) typedOrders(power string, t rules.PhaseType, given []givenOrder) ([]rules.Order, error) {
	pw, ok := d.e.Names.Power(power)
	if !ok {
		return nil, &engine.DecodeError{Field: "orders", Err: &codec.NameError{What: "power", Name: power}}
	}
	out := make([]rules.Order, len(given))
	for i := range given {
		if given[i].Type == "" {
			return d.e.ReadOrders(power, t, texts(given))
		}
		o, err := d.e.Codec.DecodeOrder(pw, &given[i].OrderParts)
		if err != nil {
			return nil, &engine.DecodeError{Field: fmt.Sprintf("orders of %s[%d]", power, i), Err: err}
		}
		out[i] = o
	}
	return out, nil
}

// Votes are a power's votes (PUT /games/{id}/votes).
type Votes struct {
	Draw    bool `json:"draw"`
	Concede bool `json:"concede"`
}

// Voted is the answer to a power's votes: the votes and the game's status
// after them.
type Voted struct {
	Votes
	Status table.Status `json:"status"`
}

// Vote records a power's votes (Votes, as JSON) and answers them with the
// game's status.
func (d *tableGame) Vote(r *table.Row, user string, body json.RawMessage, now time.Time) (any, error) {
	var v Votes
	if err := table.Decode(body, &v); err != nil {
		return nil, err
	}
	if err := d.vote(r, user, v.Draw, v.Concede, now); err != nil {
		return nil, err
	}
	return &Voted{Votes: v, Status: d.g.Status}, nil
}

func (d *tableGame) vote(r *table.Row, user string, draw, concede bool, now time.Time) error {
	power := d.g.PowerOf(user)
	if power == "" {
		return table.Codedf(table.ErrForbidden, table.CodeNotPlayer, "you do not play in game %s", r.ID)
	}
	if d.g.Status != table.Active {
		return table.Codedf(table.ErrState, table.CodeNotInPlay, "votes are only taken while the game is played")
	}
	if draw && d.e.V.NoDraws {
		return table.Codedf(table.ErrInvalid, CodeNoDraws, "%s has no draws; a game ends only in victory", d.e.V.Title)
	}
	if !d.e.Alive(d.g.Position, power) {
		return table.Codedf(table.ErrState, CodePowerOut, "%s is out of the game", power)
	}
	return d.g.Vote(d.e, power, draw, concede, now)
}

// phaseRecord is one entry of a Diplomacy game's history: the position
// the phase was played from, the orders and their results.
//
// The phase is written twice, as Phase and as Position.Phase (and a third
// time, as text, in the store's name column). The duplicate stays: the
// record is stored exactly as the history serves it (api/openapi.yaml's
// PhaseRecord requires both), so GET /history hands the stored JSON out
// without decoding it; dropping one copy would have every history request
// decode and re-encode every record (or break the API) to save about 50
// bytes of a 2.5 to 5 KB record.
type phaseRecord struct {
	Seq       int                 `json:"seq"`
	Phase     codec.Phase         `json:"phase"`
	Position  codec.Position      `json:"position"`
	Orders    map[string][]string `json:"orders"`
	Results   []codec.Result      `json:"results"`
	Disbanded []codec.Unit        `json:"disbanded"`
	// Dislodged are the units the phase dislodged (records written
	// before it was kept have none).
	Dislodged []codec.Dislodged `json:"dislodged"`
	Resolved  time.Time         `json:"resolved"`
}

// Advance plays the phase being played with the orders people gave and
// the bots' orders, and records it in the history. The bots' orders are
// those Think decided for this phase; a game with bots that Think has not
// thought on is left as it is, still due: Advance runs in a write
// transaction, where no bot decides.
func (d *tableGame) Advance(r *table.Row, now time.Time) error {
	g, e := d.g, d.e
	if g.Status != table.Active {
		return nil
	}
	_, given, err := readOrders(r, g.Seq)
	if err != nil {
		return err
	}
	if d.extendForMissing(given, now) {
		return nil
	}
	seats := d.botSeats()
	if !d.thought.holds(d, seats) {
		if len(seats) > 0 {
			// Bots never decide inside a write transaction: without
			// their Think, the phase stays due, for a scheduler that
			// thinks first.
			return nil
		}
		d.thought = &thought{seq: g.Seq}
	}
	back := d.countMissed(given)
	orders := engine.Orders{}
	for power, list := range given {
		pw, _ := e.Names.Power(power)
		if orders[pw], err = d.typedOrders(power, g.Position.Phase.Type, list); err != nil {
			return fmt.Errorf("game %s: %w", r.ID, err)
		}
	}
	for pw, list := range d.thought.orders {
		orders[pw] = list
	}
	d.thought = nil
	// The position played from, by name, as the game was read (or last
	// written): the record does not write it again.
	before := g.Named()
	seq := g.Seq
	res, err := g.Advance(e, orders, now)
	if err != nil {
		return err
	}
	p, err := phaseOf(seq, before, res, now)
	if err != nil {
		return err
	}
	if err := r.AddPhase(p); err != nil {
		return err
	}
	if g.Status == table.Active {
		d.handOver(back, now)
	}
	if g.Status == table.Active {
		d.playOnIfNobodyWaits(now) // nobody has anything to decide: play on
	}
	return nil
}

// phaseOf is the record of phase seq, played from before with result res
// at now, as the history keeps it.
func phaseOf(seq int, before codec.Position, res *engine.Resolution, now time.Time) (table.Phase, error) {
	rec := phaseRecord{Seq: seq, Phase: res.Phase, Position: before, Orders: res.Orders, Results: res.Results,
		Disbanded: res.Disbanded, Dislodged: res.Dislodged, Resolved: now.UTC()}
	if rec.Dislodged == nil {
		rec.Dislodged = []codec.Dislodged{}
	}
	data, err := json.Marshal(rec)
	if err != nil {
		return table.Phase{}, err
	}
	p := before.Phase
	name := fmt.Sprintf("%s %d %s", p.Season, p.Year, p.Type)
	return table.Phase{Seq: seq, Name: name, Data: data, Created: now}, nil
}

// extendForMissing applies the policy that extends a deadline once per
// phase when a person owes orders and has given none (given: the orders
// given, by power): it extends the deadline and reports true, or reports
// false for the phase to be played.
func (d *tableGame) extendForMissing(given map[string][]givenOrder, now time.Time) bool {
	g := d.g
	p := g.Policy()
	if p.Policy != table.PolicyExtend || g.Extended == g.Seq+1 {
		return false
	}
	missing := false
	for _, s := range g.Seats {
		if _, ok := given[s.Power]; !ok && s.User != "" && !s.Bot && d.e.Owes(g.Position, s.Power) {
			missing = true
		}
	}
	if !missing {
		return false
	}
	g.Extended = g.Seq + 1
	g.Deadline = now.Add(time.Duration(p.ExtendSeconds) * time.Second)
	// The log names no power: whether a power has given orders that are
	// not ready is its player's secret until the phase is played.
	g.Note(table.Entry{At: now.UTC(), Seq: g.Seq, Action: table.ActAutoExtend, Seconds: p.ExtendSeconds})
	return true
}

// countMissed counts, before a phase is played, the movement phases in a
// row that each person owing orders missed (orders given and not marked
// ready count as given), and returns the seats a bot played in place of
// an absent person who gave orders for this phase: theirs again from the
// next phase on.
func (d *tableGame) countMissed(given map[string][]givenOrder) (back []int) {
	g := d.g
	movement := g.Position.Phase.Type == rules.MovementPhase
	for i := range g.Seats {
		s := &g.Seats[i]
		_, gave := given[s.Power]
		switch {
		case s.User == "":
		case s.Away:
			if gave {
				back = append(back, i)
			}
		case s.Bot, !d.e.Owes(g.Position, s.Power):
		case gave:
			s.Missed = 0
		case movement:
			s.Missed++
		}
	}
	return back
}

// handOver, once a phase is played, gives back the seats of back to
// their people and hands to a bot the seats whose people missed as many
// movement phases as the game's policy allows.
func (d *tableGame) handOver(back []int, now time.Time) {
	g := d.g
	for _, i := range back {
		s := &g.Seats[i]
		s.Away, s.Bot, s.Missed = false, false, 0
		g.Note(table.Entry{At: now.UTC(), Seq: g.Seq, Action: table.ActBack, Power: s.Power, User: s.Name})
	}
	p := g.Policy()
	if !p.BotTakesOver() {
		return
	}
	for i := range g.Seats {
		s := &g.Seats[i]
		if s.User != "" && !s.Bot && s.Missed >= p.After {
			s.Away, s.Bot = true, true
			g.Note(table.Entry{At: now.UTC(), Seq: g.Seq, Action: table.ActBot, Power: s.Power, User: s.Name, Missed: s.Missed})
		}
	}
}

// parseLevel reads a bot level as the API writes it: exactly easy, normal
// or hard; "" is the default level.
func parseLevel(field, s string) (bot.Level, error) {
	level, err := bot.ParseLevel(s)
	if err == nil && s != "" && s != level.String() {
		err = fmt.Errorf("%q is written %q", s, level.String())
	}
	if err != nil {
		return level, table.Errorf(table.ErrInvalid, "%s: %v (easy, normal or hard)", field, err)
	}
	return level, nil
}

// botLevel is the level of the bot playing power in g: its seat's own, or
// the game's. Games from before levels existed (or with a level this
// build does not know) play at the default level.
func botLevel(g *game.Game, power string) bot.Level {
	s := g.BotLevel
	if l, ok := g.BotLevels[power]; ok {
		s = l
	}
	l, err := bot.ParseLevel(s)
	if err != nil {
		return bot.DefaultLevel
	}
	return l
}

// botRand is the random source of a game's bots for one phase: seeded by
// the game's secret, which never leaves the server, and the phase, so that
// nobody can compute the bots' orders from the public game and the bots'
// code, and an adjudication that is retried (after a crash) gives the same
// orders. The stream is ChaCha8 keyed by HMAC-SHA256(secret, phase): the
// orders of one phase tell nothing of another's.
func botRand(secret []byte, seq int) (*rand.Rand, error) {
	if len(secret) < 16 {
		return nil, fmt.Errorf("the game has no secret to seed its bots (%d bytes)", len(secret))
	}
	mac := hmac.New(sha256.New, secret)
	fmt.Fprintf(mac, "chancery bots, phase %d", seq)
	var seed [32]byte
	copy(seed[:], mac.Sum(nil))
	return rand.New(rand.NewChaCha8(seed)), nil
}

// History is every phase played from the since'th on, with its orders and
// results: every player sees the same.
func (d *tableGame) History(r *table.Row, user string, since int) (any, error) {
	phases, err := r.Phases()
	if err != nil {
		return nil, err
	}
	phases = phases[min(since, len(phases)):]
	list := make([]json.RawMessage, 0, len(phases))
	for _, p := range phases {
		data, err := d.withOrderParts(p.Data)
		if err != nil {
			return nil, fmt.Errorf("game %s, phase %d: %w", r.ID, p.Seq, err)
		}
		list = append(list, data)
	}
	return map[string]any{"id": r.ID, "phases": list}, nil
}

// withOrderParts returns a stored phase record as the history serves it:
// as stored, unless it was written before results had their orders' parts
// (codec.OrderParts), when they are read once from the orders' text. Only
// the results are written again: every other field stays as stored (a
// record without dislodged units keeps none).
func (d *tableGame) withOrderParts(data []byte) ([]byte, error) {
	if bytes.Contains(data, []byte(`"kind":`)) {
		return data, nil
	}
	var rec struct {
		Phase   codec.Phase    `json:"phase"`
		Results []codec.Result `json:"results"`
	}
	if err := json.Unmarshal(data, &rec); err != nil {
		return nil, err
	}
	ph, err := codec.ParsePhase(rec.Phase)
	if err != nil {
		return nil, err
	}
	filled := false
	for i := range rec.Results {
		filled = d.e.Codec.FillOrderParts(&rec.Results[i], ph.Type) || filled
	}
	if !filled {
		return data, nil
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		return nil, err
	}
	if fields["results"], err = json.Marshal(rec.Results); err != nil {
		return nil, err
	}
	return json.Marshal(fields)
}
