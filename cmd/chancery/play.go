package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"sort"
	"strings"
	"time"

	"github.com/chancery/chancery/bot"
	"github.com/chancery/chancery/codec"
	"github.com/chancery/chancery/engine"
	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/table"
)

const playHelp = `Orders, one per line, as in A LVP - YOR, F LON - NTH, A PAR S A MAR - BUR,
F NTH C A LON - NWY, A BUR R PAR, BUILD F LON, REMOVE A WAR, WAIVE.
Full names work too ("Army Paris - Burgundy"). Each order is checked as you
type it; units you leave without an order hold (retreats you leave out
disband, removals you leave out are chosen by the rules).
  (empty line) or done   end your orders for this phase
  board                  show the board again
  orders                 list the orders you gave this phase
  clear                  take back every order of this phase
  help                   this text
  quit                   stop playing
`

// runPlay is "chancery play": a game of Diplomacy (any variant) in the
// terminal, one person against bots in every other seat.
func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("play", stderr,
		"usage: chancery play [--variant standard] [--power NAME | --watch] [--bots LEVEL|POWER=LEVEL,...] [--seed N] [--years N]",
		"Plays a game in the terminal: you order one power, bots the others;",
		"or, with --watch, bots play every power and you watch every order and its result.")
	variant := fs.String("variant", "standard", "the variant (chancery variants lists them)")
	powerName := fs.String("power", "", "the power you play (default: one at random)")
	seed := fs.Uint64("seed", 0, "seed for the bots (0: from the clock; the game prints it)")
	years := fs.Int("years", 0, "stop after this many game years (0: play to the end)")
	watch := fs.Bool("watch", false, "bots play every power; every phase's orders and results are shown")
	botsFlag := fs.String("bots", "normal", "the bots' level (easy, normal, hard), or per power: \"hard,England=easy\"")
	if !parseFlagsOnly(fs, args, stderr) {
		return 2
	}
	if *years < 0 {
		fmt.Fprintln(stderr, "chancery play: --years must be 0 (play to the end) or more")
		return 2
	}
	v, status := loadVariant("play", *variant, stderr)
	if v == nil {
		return status
	}
	e := engine.New(v)
	if *seed == 0 {
		*seed = uint64(time.Now().UnixNano())
	}
	rnd := rand.New(rand.NewPCG(*seed, 0x636861))
	powers := e.Powers()
	me := *powerName
	switch {
	case *watch && me != "":
		fmt.Fprintln(stderr, "chancery play: --watch and --power: a watched game has no person's power")
		return 2
	case *watch:
	case me == "":
		me = powers[rnd.IntN(len(powers))]
	default:
		pw, ok := e.Names.Power(me)
		if !ok || !v.Plays(pw) {
			fmt.Fprintf(stderr, "chancery play: no power %q in %s (powers: %s)\n", me, v.Name, strings.Join(powers, ", "))
			return 2
		}
		me = v.Map.PowerName(pw)
	}
	levels, err := parseBotLevels(*botsFlag, e)
	if err != nil {
		fmt.Fprintf(stderr, "chancery play: --bots: %v\n", err)
		return 2
	}
	p := &player{e: e, me: me, in: bufio.NewScanner(stdin), out: stdout, rnd: rnd, levels: levels}
	p.in.Buffer(make([]byte, 0, 1024), 4096)
	if me == "" {
		fmt.Fprintf(stdout, "Chancery: %s. %d bots play (seed %d: watch this game again with --seed %d).\n",
			v.Name, len(powers), *seed, *seed)
	} else {
		fmt.Fprintf(stdout, "Chancery: %s. You play %s against %d bots (seed %d: play this game again with --seed %d).\n",
			v.Name, me, len(powers)-1, *seed, *seed)
		fmt.Fprint(stdout, p.help())
	}
	if err := p.play(*years); err != nil {
		if errors.Is(err, errQuit) {
			fmt.Fprintln(stdout, "Goodbye.")
			return 0
		}
		fmt.Fprintf(stderr, "chancery play: %v\n", err)
		return 1
	}
	return 0
}

// errQuit ends the game at the player's wish (or at the end of input).
var errQuit = errors.New("quit")

// player is a terminal game: the person's power against bots, or bots
// only.
type player struct {
	e *engine.Engine
	// me is the person's power ("": nobody's; the bots play every power).
	me  string
	in  *bufio.Scanner
	out io.Writer
	rnd *rand.Rand
	// levels is the bot level of each power's seat, by name.
	levels map[string]bot.Level
}

// parseBotLevels reads --bots: a level for every bot seat, and/or
// POWER=LEVEL items for single seats, separated by commas. Powers left
// out play at the first plain level given, or the default level.
func parseBotLevels(s string, e *engine.Engine) (map[string]bot.Level, error) {
	def := bot.DefaultLevel
	per := map[string]bot.Level{}
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		name, lv, found := strings.Cut(item, "=")
		if !found {
			l, err := bot.ParseLevel(item)
			if err != nil {
				return nil, err
			}
			def = l
			continue
		}
		pw, ok := e.Names.Power(strings.TrimSpace(name))
		if !ok || !e.V.Plays(pw) {
			return nil, fmt.Errorf("no power %q in %s", name, e.V.Name)
		}
		l, err := bot.ParseLevel(lv)
		if err != nil {
			return nil, err
		}
		per[e.V.Map.PowerName(pw)] = l
	}
	out := map[string]bot.Level{}
	for _, power := range e.Powers() {
		out[power] = def
		if l, ok := per[power]; ok {
			out[power] = l
		}
	}
	return out, nil
}

func (p *player) play(years int) error {
	v := p.e.V
	graph := bot.NewGraph(v) // the bots' view of the map, for every phase
	pos := v.Start.Clone()
	first := pos.Phase.Year
	for {
		if years > 0 && pos.Phase.Year >= first+years {
			fmt.Fprintf(p.out, "\nStopped after %d game year(s), as asked. Centres: %s\n", years, p.centres(pos))
			return nil
		}
		p.board(pos)
		orders := engine.Orders{}
		if p.e.Owes(pos, p.me) {
			mine, err := p.askOrders(pos)
			if err != nil {
				return err
			}
			me, _ := p.e.Names.Power(p.me)
			orders[me] = mine
		} else if p.me != "" {
			fmt.Fprintln(p.out, "You have nothing to order in this phase.")
		}
		var seats []bot.Seat
		for _, power := range p.e.Powers() {
			if power == p.me {
				continue
			}
			pw, _ := p.e.Names.Power(power)
			seats = append(seats, bot.Seat{Power: pw, Level: p.levels[power]})
		}
		for pw, list := range bot.PhaseOrders(graph, pos, seats, 0, p.rnd) {
			orders[pw] = list
		}
		res, core, err := p.e.Resolve(pos, orders)
		if err != nil {
			return err
		}
		p.results(res)
		next := core.Next
		if res.Winner != "" {
			if p.me != "" && res.Winner == p.me {
				fmt.Fprintf(p.out, "\nYou win! %s holds %s.\n", p.me, p.centres(next))
			} else {
				fmt.Fprintf(p.out, "\n%s wins. Centres: %s\n", res.Winner, p.centres(next))
			}
			return nil
		}
		if p.me != "" && !p.e.Alive(next, p.me) {
			fmt.Fprintf(p.out, "\n%s has neither units nor centres left: you are out. Centres: %s\n", p.me, p.centres(next))
			return nil
		}
		pos = next
	}
}

// board shows the position: the phase, centre counts and every unit,
// yours first, and what you owe in a retreat or adjustment phase.
func (p *player) board(pos *rules.Position) {
	jp := p.e.Codec.EncodePosition(pos)
	fmt.Fprintf(p.out, "\n=== %s %d %s ===\n", titleCase(jp.Phase.Season), jp.Phase.Year, jp.Phase.Type)
	fmt.Fprintf(p.out, "Centres: %s\n", p.centres(pos))
	byPower := map[string][]string{}
	for _, u := range jp.Units {
		byPower[u.Power] = append(byPower[u.Power], unitText(u))
	}
	powers := append([]string{p.me}, p.e.Powers()...)
	seen := map[string]bool{}
	for _, power := range powers {
		if seen[power] || len(byPower[power]) == 0 {
			continue
		}
		seen[power] = true
		label := power
		if power == p.me {
			label = "You (" + power + ")"
		}
		fmt.Fprintf(p.out, "  %-22s %s\n", label+":", strings.Join(byPower[power], ", "))
	}
	var rest []string // the units of no playing power: Sengoku's neutral armies
	for power := range byPower {
		if !seen[power] {
			rest = append(rest, power)
		}
	}
	sort.Strings(rest)
	for _, power := range rest {
		fmt.Fprintf(p.out, "  %-22s %s\n", power+":", strings.Join(byPower[power], ", "))
	}
	if p.me == "" {
		return
	}
	switch pos.Phase.Type {
	case rules.RetreatPhase:
		for _, d := range jp.Dislodged {
			if d.Power != p.me {
				continue
			}
			where := "nowhere: it will be disbanded"
			if len(d.Retreats) > 0 {
				where = strings.ToUpper(strings.Join(d.Retreats, ", ")) + " (or disband)"
			}
			fmt.Fprintf(p.out, "Your %s in %s was dislodged; it may retreat to %s.\n", d.Type, strings.ToUpper(d.Province), where)
		}
	case rules.AdjustmentPhase:
		m := p.e.V.Map
		pw, _ := p.e.Names.Power(p.me)
		due := p.e.V.AdjustmentDue(pos, pw)
		switch {
		case due > 0:
			var sites []string
			for q := range m.Provinces {
				if p.e.V.BuildSite(pos, pw, rules.Province(q)) {
					sites = append(sites, strings.ToUpper(m.Provinces[q].Abbr))
				}
			}
			fmt.Fprintf(p.out, "You may build %d (sites: %s), or WAIVE.\n", due, strings.Join(sites, ", "))
		case due < 0:
			fmt.Fprintf(p.out, "You must remove %d unit(s): REMOVE A XXX.\n", -due)
		}
	}
}

// askOrders reads the person's orders for the phase, checking each as it
// comes and the whole batch at the end.
func (p *player) askOrders(pos *rules.Position) ([]rules.Order, error) {
	var mine []rules.Order
	for {
		if _, err := fmt.Fprintf(p.out, "%s> ", p.me); closedOutput(err) {
			return nil, errQuit // nobody reads the game any more
		}
		if !p.in.Scan() {
			if err := p.in.Err(); err != nil {
				return nil, fmt.Errorf("reading orders: %w", err)
			}
			fmt.Fprintln(p.out)
			return nil, errQuit
		}
		line := strings.TrimSpace(p.in.Text())
		switch strings.ToLower(line) {
		case "", "done":
			checked, err := p.e.Check(pos, p.me, mine)
			var oe *table.OrdersError
			if errors.As(err, &oe) {
				for _, bad := range oe.Orders {
					fmt.Fprintf(p.out, "  ? %s: %s (taken back)\n", bad.Order, bad.Message)
				}
				mine = dropOrders(mine, oe)
				continue
			}
			if err != nil {
				return nil, err
			}
			return checked, nil
		case "help", "?":
			fmt.Fprint(p.out, p.help())
		case "board":
			p.board(pos)
		case "orders":
			if len(mine) == 0 {
				fmt.Fprintln(p.out, "  (no orders yet: every unit holds)")
			}
			for _, o := range mine {
				fmt.Fprintf(p.out, "  %s\n", p.e.Names.FormatOrder(o))
			}
		case "clear":
			mine = nil
			fmt.Fprintln(p.out, "  every order of this phase is taken back")
		case "quit", "exit":
			return nil, errQuit
		default:
			got, err := p.e.Parse(pos, p.me, []string{line})
			var oe *table.OrdersError
			if errors.As(err, &oe) {
				fmt.Fprintf(p.out, "  ? %s\n", oe.Orders[0].Message)
				continue
			}
			if err != nil {
				return nil, err
			}
			// A second order for a unit replaces the first, as the
			// batch would refuse two.
			o := got[0]
			if i := sameUnit(mine, o); i >= 0 {
				fmt.Fprintf(p.out, "  ok: %s (replaces %s)\n", p.e.Names.FormatOrder(o), p.e.Names.FormatOrder(mine[i]))
				mine[i] = o
				continue
			}
			mine = append(mine, o)
			fmt.Fprintf(p.out, "  ok: %s\n", p.e.Names.FormatOrder(o))
		}
	}
}

// sameUnit returns the index of the order of orders given to the unit or
// site that o is for, or -1. WAIVE is for no site: several may be given.
func sameUnit(orders []rules.Order, o rules.Order) int {
	if o.Type == rules.Waive {
		return -1
	}
	for i, q := range orders {
		if q.Type != rules.Waive && q.At.Province == o.At.Province {
			return i
		}
	}
	return -1
}

// help is the in-game help, with the orders only some variants have.
func (p *player) help() string {
	ws := p.e.V.Map.Railways()
	if len(ws) == 0 {
		return playHelp
	}
	var b strings.Builder
	b.WriteString(playHelp)
	m := p.e.V.Map
	for _, r := range ws {
		if len(r.Line) < 2 {
			continue
		}
		name := strings.ToUpper(r.Name)
		from := strings.ToUpper(m.Province(r.Line[0]).Abbr)
		to := strings.ToUpper(m.Province(r.Line[len(r.Line)-1]).Abbr)
		fmt.Fprintf(&b, "Railway (%s, %s's armies only): one move along the line, A %s - %s - %s\n",
			name, m.PowerName(r.Power), from, name, to)
		fmt.Fprintf(&b, "(or A %s - %s VIA %s).\n", from, to, name)
	}
	return b.String()
}

// dropOrders returns orders without those the error names.
func dropOrders(orders []rules.Order, oe *table.OrdersError) []rules.Order {
	bad := map[int]bool{}
	for _, o := range oe.Orders {
		bad[o.Index] = true
	}
	var out []rules.Order
	for i, o := range orders {
		if !bad[i] {
			out = append(out, o)
		}
	}
	return out
}

// results prints what happened: your orders first, then the others'.
func (p *player) results(res *engine.Resolution) {
	fmt.Fprintf(p.out, "--- %s %d %s: results ---\n", titleCase(res.Phase.Season), res.Phase.Year, res.Phase.Type)
	sorted := append([]codec.Result(nil), res.Results...)
	sort.SliceStable(sorted, func(a, b int) bool { return sorted[a].Power == p.me && sorted[b].Power != p.me })
	for _, r := range sorted {
		line := fmt.Sprintf("  %-16s %-24s %s", r.Power+":", r.Order, r.Result)
		if r.Message != "" {
			line += " (" + r.Message + ")"
		}
		fmt.Fprintln(p.out, line)
	}
	for _, d := range res.Disbanded {
		fmt.Fprintf(p.out, "  %s's %s in %s is disbanded.\n", d.Power, d.Type, strings.ToUpper(d.Province))
	}
}

// centres lists the powers' supply-centre counts, most first.
func (p *player) centres(pos *rules.Position) string {
	m := p.e.V.Map
	counts := pos.CentreCount(m)
	powers := p.e.Powers()
	sort.SliceStable(powers, func(a, b int) bool {
		pa, _ := p.e.Names.Power(powers[a])
		pb, _ := p.e.Names.Power(powers[b])
		return counts[pa] > counts[pb]
	})
	parts := make([]string, 0, len(powers))
	for _, power := range powers {
		pw, _ := p.e.Names.Power(power)
		parts = append(parts, fmt.Sprintf("%s %d", power, counts[pw]))
	}
	return strings.Join(parts, ", ")
}

func unitText(u codec.Unit) string {
	t := "A"
	if u.Type == "fleet" {
		t = "F"
	}
	return t + " " + strings.ToUpper(u.Province)
}

func titleCase(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
