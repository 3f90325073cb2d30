package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/chancery/chancery/dice"
	"github.com/chancery/chancery/dice/bot"
)

const diceUsage = `usage: chancery dice <subcommand> [flags]

Subcommands:
  play       play Diceplomacy in the terminal against bots (or hot-seat)
  simulate   play many bot games and print statistics

Run 'chancery dice <subcommand> -h' for its flags.
`

// runDice runs `chancery dice ...`: 0 on success, 1 on a failure while
// working, 2 on bad usage.
func runDice(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, diceUsage)
		return 2
	}
	switch args[0] {
	case "play":
		return dicePlay(args[1:], stdin, stdout, stderr)
	case "simulate":
		return diceSimulate(args[1:], stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, diceUsage)
		return 0
	}
	fmt.Fprintf(stderr, "chancery dice: unknown subcommand %q (want play or simulate)\n", args[0])
	return 2
}

// parseFlags parses a subcommand's flags: -h prints the flags on stdout
// (status 0), a bad flag is one line on stderr (status 2).
func parseFlags(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) (status int, ok bool) {
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		fs.SetOutput(stdout)
		fmt.Fprintf(stdout, "usage: chancery dice %s [flags]\n", fs.Name())
		fs.PrintDefaults()
		return 0, false
	}
	if err != nil {
		fmt.Fprintf(stderr, "chancery dice %s: %v\n", fs.Name(), err)
		return 2, false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "chancery dice %s: unexpected argument %q\n", fs.Name(), fs.Arg(0))
		return 2, false
	}
	return 0, true
}

// botKinds parses a comma-separated list of bot kinds and spreads it over
// n seats, cycling.
func botKinds(list string, n int) ([]string, error) {
	var kinds []string
	for _, k := range strings.Split(list, ",") {
		k = strings.ToLower(strings.TrimSpace(k))
		if _, err := bot.New(k, nil); err != nil {
			return nil, fmt.Errorf("--bots: %w", err)
		}
		kinds = append(kinds, k)
	}
	out := make([]string, n)
	for i := range out {
		out[i] = kinds[i%len(kinds)]
	}
	return out, nil
}

// startSeat turns the --start flag, a seat from 0, into a seat (-1: at
// random).
func startSeat(start, players int) (dice.Seat, error) {
	if start == int(dice.RandomStart) {
		return dice.RandomStart, nil
	}
	if start < 0 || start >= players {
		return 0, fmt.Errorf("--start %d: want a seat from 0 to %d, or -1 for a random start", start, players-1)
	}
	return dice.Seat(start), nil
}

// ---------------------------------------------------------------- simulate

// simReport is the JSON line `chancery dice simulate --json` prints.
type simReport struct {
	Games      int      `json:"games"`
	Players    int      `json:"players"`
	Seed       uint64   `json:"seed"`
	Bots       []string `json:"bots"`
	WinsBySeat []int    `json:"wins_by_seat"`
	// WinsByOrder counts wins by turn order: index 0 is the start player.
	WinsByOrder    []int              `json:"wins_by_order"`
	WinsByBot      map[string]int     `json:"wins_by_bot"`
	WinRateByBot   map[string]float64 `json:"win_rate_by_bot"`
	Draws          int                `json:"draws"`
	TurnLimitDraws int                `json:"turn_limit_draws"`
	AvgTurns       float64            `json:"avg_turns"`
	AvgWars        float64            `json:"avg_wars"`
	AvgBattles     float64            `json:"avg_battles"`
	AvgSurrenders  float64            `json:"avg_surrenders"`
	AvgAlliances   float64            `json:"avg_alliances"`
}

// simTotals are one worker's counts; integers only, so merging them in any
// order gives the same report.
type simTotals struct {
	winsBySeat, winsByOrder                     [dice.MaxPlayers]int
	draws, limitDraws                           int
	turns, wars, battles, surrenders, alliances int
}

func diceSimulate(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("simulate", flag.ContinueOnError)
	players := fs.Int("players", 5, "number of players, 4 to 8")
	games := fs.Int("games", 1000, "number of games")
	seed := fs.Uint64("seed", 1, "seed; the same seed gives the same output")
	bots := fs.String("bots", "heuristic", "comma-separated bots (random, heuristic), cycled over the seats")
	start := fs.Int("start", -1, "start seat, from 0; -1 draws it at random each game")
	maxTurns := fs.Int("max-turns", 1000, "turns after which a game is a draw (0: no limit)")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "games played in parallel (does not change the output)")
	asJSON := fs.Bool("json", false, "print one JSON object")
	if st, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return st
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "chancery dice simulate: "+format+"\n", a...)
		return 2
	}
	if *players < dice.MinPlayers || *players > dice.MaxPlayers {
		return fail("--players %d: want %d to %d", *players, dice.MinPlayers, dice.MaxPlayers)
	}
	if *games < 1 {
		return fail("--games %d: want at least 1", *games)
	}
	if *maxTurns < 0 {
		return fail("--max-turns %d: want 0 or more", *maxTurns)
	}
	if *workers < 1 {
		return fail("--workers %d: want at least 1", *workers)
	}
	kinds, err := botKinds(*bots, *players)
	if err != nil {
		return fail("%v", err)
	}
	st, err := startSeat(*start, *players)
	if err != nil {
		return fail("%v", err)
	}
	cfg := dice.Config{Players: *players, Start: st, MaxTurns: *maxTurns}
	began := time.Now()
	tot, err := simulate(cfg, kinds, *games, *seed, *workers)
	if err != nil {
		fmt.Fprintf(stderr, "chancery dice simulate: %v\n", err)
		return 1
	}
	elapsed := time.Since(began)
	rep := report(cfg, kinds, *games, *seed, tot)
	if *asJSON {
		b, _ := json.Marshal(rep)
		fmt.Fprintf(stdout, "%s\n", b)
		return 0
	}
	printReport(stdout, rep)
	fmt.Fprintf(stdout, "time: %v (%.0f games/s on %d workers)\n", elapsed.Round(time.Millisecond),
		float64(*games)/elapsed.Seconds(), *workers)
	return 0
}

// gameSeeds are the streams of game i: the dice, and the bots' choices.
// Each game has its own, so the output does not depend on the workers.
func gameSeeds(i int) (diceSeq, botSeq uint64) {
	return uint64(i) << 1, uint64(i)<<1 | 1
}

// simulate plays the games on workers goroutines.
func simulate(cfg dice.Config, kinds []string, games int, seed uint64, workers int) (simTotals, error) {
	var (
		next  atomic.Int64
		mu    sync.Mutex
		total simTotals
		first error
		wg    sync.WaitGroup
	)
	for range min(workers, games) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t, err := simWorker(cfg, kinds, games, seed, &next)
			mu.Lock()
			defer mu.Unlock()
			if err != nil && first == nil {
				first = err
			}
			total.add(&t)
		}()
	}
	wg.Wait()
	return total, first
}

func simWorker(cfg dice.Config, kinds []string, games int, seed uint64, next *atomic.Int64) (simTotals, error) {
	var t simTotals
	diceSrc, botSrc := rand.NewPCG(0, 0), rand.NewPCG(0, 0)
	diceRng, botRng := rand.New(diceSrc), rand.New(botSrc)
	bots := make([]bot.Bot, cfg.Players)
	for s, k := range kinds {
		bots[s], _ = bot.New(k, botRng)
	}
	var g dice.Game
	var r bot.Runner
	for {
		i := int(next.Add(1)) - 1
		if i >= games {
			return t, nil
		}
		ds, bs := gameSeeds(i)
		diceSrc.Seed(seed, ds)
		botSrc.Seed(seed, bs)
		if err := g.Reset(cfg, diceRng); err != nil {
			return t, err
		}
		if err := r.Play(&g, bots); err != nil {
			return t, fmt.Errorf("game %d: %w", i, err)
		}
		t.count(&g)
	}
}

func (t *simTotals) count(g *dice.Game) {
	res := g.Result()
	n := g.Config().Players
	start := 0
	for _, e := range g.Log() {
		switch e.Kind {
		case dice.EventStart:
			start = int(e.Seat)
		case dice.EventWar:
			t.wars++
		case dice.EventBattle:
			t.battles++
		case dice.EventSurrender:
			t.surrenders++
		case dice.EventAllianceFormed:
			t.alliances++
		}
	}
	if w := res.Winner(); w != dice.NoSeat {
		t.winsBySeat[w]++
		t.winsByOrder[(int(w)-start+n)%n]++
	} else {
		t.draws++
		if res.Reason == dice.ReasonTurnLimit {
			t.limitDraws++
		}
	}
	t.turns += res.Turns
}

func (t *simTotals) add(o *simTotals) {
	for i := range t.winsBySeat {
		t.winsBySeat[i] += o.winsBySeat[i]
		t.winsByOrder[i] += o.winsByOrder[i]
	}
	t.draws += o.draws
	t.limitDraws += o.limitDraws
	t.turns += o.turns
	t.wars += o.wars
	t.battles += o.battles
	t.surrenders += o.surrenders
	t.alliances += o.alliances
}

func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }

func report(cfg dice.Config, kinds []string, games int, seed uint64, t simTotals) simReport {
	n := cfg.Players
	rep := simReport{Games: games, Players: n, Seed: seed, Bots: kinds,
		WinsBySeat: t.winsBySeat[:n], WinsByOrder: t.winsByOrder[:n],
		WinsByBot: map[string]int{}, WinRateByBot: map[string]float64{},
		Draws: t.draws, TurnLimitDraws: t.limitDraws}
	seats := map[string]int{}
	for s, k := range kinds {
		rep.WinsByBot[k] += t.winsBySeat[s]
		seats[k]++
	}
	for k, c := range seats {
		rep.WinRateByBot[k] = round4(float64(rep.WinsByBot[k]) / float64(c*games))
	}
	g := float64(games)
	rep.AvgTurns = round4(float64(t.turns) / g)
	rep.AvgWars = round4(float64(t.wars) / g)
	rep.AvgBattles = round4(float64(t.battles) / g)
	rep.AvgSurrenders = round4(float64(t.surrenders) / g)
	rep.AvgAlliances = round4(float64(t.alliances) / g)
	return rep
}

func printReport(w io.Writer, r simReport) {
	fmt.Fprintf(w, "%d games of %d players, seed %d, bots %s\n", r.Games, r.Players, r.Seed, strings.Join(r.Bots, ","))
	pct := func(c int) string { return fmt.Sprintf("%d (%.1f%%)", c, 100*float64(c)/float64(r.Games)) }
	fmt.Fprintf(w, "wins by seat:")
	for s, c := range r.WinsBySeat {
		fmt.Fprintf(w, "  %d: %s", s, pct(c))
	}
	fmt.Fprintf(w, "\nwins by turn order (0 = start player):")
	for s, c := range r.WinsByOrder {
		fmt.Fprintf(w, "  %d: %s", s, pct(c))
	}
	fmt.Fprintln(w)
	for _, k := range bot.Kinds {
		if rate, ok := r.WinRateByBot[k]; ok {
			fmt.Fprintf(w, "%s bots: %d wins, %.1f%% of the games each seat played\n", k, r.WinsByBot[k], 100*rate)
		}
	}
	fmt.Fprintf(w, "draws: %s, of which at the turn limit: %d\n", pct(r.Draws), r.TurnLimitDraws)
	fmt.Fprintf(w, "per game: %.2f turns, %.2f wars (%.2f battles, %.2f surrenders), %.2f alliances formed\n",
		r.AvgTurns, r.AvgWars, r.AvgBattles, r.AvgSurrenders, r.AvgAlliances)
}

// -------------------------------------------------------------------- play

// defaultNames name the seats in a terminal game.
var defaultNames = []string{"Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi"}

const rulesInShort = `Diceplomacy in short:
  Everyone has a secret die (1-6): their power. On your turn do ONE thing:
    war <player>    declare war; allies fight beside their partners. The
                    outnumbered defender may invite others. Each side may
                    surrender (attackers are asked first): the surrendering
                    side takes a loss each, the other a win each, both reroll,
                    no die is shown. Otherwise all dice of the war are shown,
                    the higher total wins (a tie goes to the defenders): each
                    winner +1 win and rerolls, each loser +1 loss and their
                    die stays shown until they reroll.
    ally <player>   propose an alliance (at most one ally each; it ends when
                    a member attacks the ally, proposes or accepts elsewhere,
                    or plays the treaty; and for good at 3 players left)
    treaty          the Grand Treaty: every alliance ends
    reroll          roll your die again, in secret
  3 wins win the game (ties: fewest losses, then highest die); 3 losses
  and you are out. A player is a seat number (from 0) or a name.
`

func dicePlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	players := fs.Int("players", 5, "number of players, 4 to 8")
	humans := fs.Int("humans", 1, "human players (seats 0 to N-1; more than one is hot-seat, 0 watches bots)")
	names := fs.String("names", "", "comma-separated names, seat by seat (default: You for one human, then Bob, Carol, ...)")
	bots := fs.String("bots", "heuristic", "comma-separated bots (random, heuristic) for the other seats, cycled")
	seed := fs.Uint64("seed", 0, "seed for the dice and bots (0: from the clock; the game prints it)")
	start := fs.Int("start", -1, "start seat, from 0 (-1: at random)")
	maxTurns := fs.Int("max-turns", 300, "turns after which the game is a draw (0: no limit)")
	if st, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return st
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "chancery dice play: "+format+"\n", a...)
		return 2
	}
	n := *players
	if n < dice.MinPlayers || n > dice.MaxPlayers {
		return fail("--players %d: want %d to %d", n, dice.MinPlayers, dice.MaxPlayers)
	}
	if *humans < 0 || *humans > n {
		return fail("--humans %d: want 0 to %d", *humans, n)
	}
	if *maxTurns < 0 {
		return fail("--max-turns %d: want 0 or more", *maxTurns)
	}
	st, err := startSeat(*start, n)
	if err != nil {
		return fail("%v", err)
	}
	kinds, err := botKinds(*bots, n-*humans)
	if err != nil && n > *humans {
		return fail("%v", err)
	}
	seatNames := append([]string(nil), defaultNames[:n]...)
	if *humans == 1 {
		seatNames[0] = "You"
	}
	if *names != "" {
		list := strings.Split(*names, ",")
		if len(list) != n {
			return fail("--names: %d names for %d players", len(list), n)
		}
		seen := map[string]bool{}
		for i, nm := range list {
			nm = strings.TrimSpace(nm)
			if nm == "" || seen[strings.ToLower(nm)] || strings.ContainsAny(nm, " \t") {
				return fail("--names: %q: names must be unique single words", nm)
			}
			if _, err := strconv.Atoi(nm); err == nil {
				return fail("--names: %q: a name cannot be a number", nm)
			}
			seen[strings.ToLower(nm)] = true
			seatNames[i] = nm
		}
	}
	if *seed == 0 {
		*seed = uint64(time.Now().UnixNano())
	}
	botRng := rand.New(rand.NewPCG(*seed, 1))
	p := &tableGame{
		out:   stdout,
		in:    bufio.NewScanner(stdin),
		human: make([]bool, n),
		kind:  make([]string, n),
		bots:  make([]bot.Bot, n),
		names: seatNames,
	}
	for s := range n {
		if s < *humans {
			p.human[s] = true
			p.kind[s] = "human"
			continue
		}
		p.bots[s], _ = bot.New(kinds[s-*humans], botRng)
		p.kind[s] = kinds[s-*humans] + " bot"
	}
	p.narrator = dice.NoSeat
	if *humans == 1 {
		p.narrator = 0
	}
	cfg := dice.Config{Players: n, Names: seatNames, Start: st, MaxTurns: *maxTurns}
	p.g, err = dice.New(cfg, rand.New(rand.NewPCG(*seed, 0)))
	if err != nil {
		return fail("%v", err)
	}
	fmt.Fprintf(stdout, "Diceplomacy, %d players, seed %d (play this game again with --seed %d).\n", n, *seed, *seed)
	fmt.Fprint(stdout, rulesInShort)
	return p.run()
}

// tableGame is a terminal game: people at the keyboard, bots elsewhere.
type tableGame struct {
	g     *dice.Game
	out   io.Writer
	in    *bufio.Scanner
	human []bool
	kind  []string // "human", "heuristic bot", ...
	bots  []bot.Bot
	names []string
	// narrator is the seat whose eyes the narration uses: the one human,
	// or NoSeat (public facts only) for hot-seat games and bot games.
	narrator dice.Seat
	told     int       // log events narrated so far
	atKeys   dice.Seat // the human last at the keyboard (hot-seat)
	eof      bool      // input ended: humans get their defaults
	view     dice.View
}

func (p *tableGame) run() int {
	p.atKeys = dice.NoSeat
	hotSeat := p.narrator == dice.NoSeat
	p.narrate()
	for !p.g.Over() {
		req := p.g.Pending()[0]
		s := req.Seat
		switch {
		case !p.human[s]:
			p.g.FillView(s, &p.view)
			if err := p.g.Apply(p.bots[s].Decide(&p.view)); err != nil {
				fmt.Fprintf(p.out, "internal error: %v\n", err)
				return 1
			}
		case p.eof:
			if err := p.g.Timeout(s); err != nil {
				fmt.Fprintf(p.out, "internal error: %v\n", err)
				return 1
			}
		default:
			if hotSeat && p.atKeys != s {
				fmt.Fprintf(p.out, "\n=== Pass the keyboard to %s (seat %d), then press Enter. Others, look away. ===\n", p.names[s], s)
				if !p.in.Scan() {
					p.inputEnded()
					continue
				}
				p.atKeys = s
			}
			if quit := p.ask(s); quit {
				fmt.Fprintf(p.out, "%s left the game.\n", p.names[s])
				return 0
			}
		}
		p.narrate()
	}
	p.narrate()
	fmt.Fprintln(p.out)
	p.table(p.narrator)
	return 0
}

func (p *tableGame) inputEnded() {
	p.eof = true
	fmt.Fprintln(p.out, "(input ended: from now on every human decision takes its default: reroll / refuse / stop inviting / do not join / do not surrender)")
}

// ask prompts the human at seat s until they make a legal move. It returns
// true if they quit.
func (p *tableGame) ask(s dice.Seat) (quit bool) {
	p.g.FillView(s, &p.view)
	v := &p.view
	fmt.Fprintln(p.out)
	p.table(s)
	for {
		if _, err := fmt.Fprintf(p.out, "%s> ", p.prompt(v)); closedOutput(err) {
			return true // nobody reads the game any more
		}
		if !p.in.Scan() {
			fmt.Fprintln(p.out)
			p.inputEnded()
			return false
		}
		cmd, err := parseCommand(p.in.Text())
		if err != nil {
			fmt.Fprintf(p.out, "  ? %v\n", err)
			continue
		}
		switch cmd.verb {
		case "quit":
			return true
		case "help":
			fmt.Fprint(p.out, rulesInShort)
			continue
		case "status":
			p.table(s)
			continue
		case "log":
			p.replayLog(s)
			continue
		}
		m, err := moveFor(cmd, v)
		if err == nil {
			err = p.g.Apply(m)
			var me *dice.MoveError
			if errors.As(err, &me) {
				err = me.Err
			}
		}
		if err != nil {
			fmt.Fprintf(p.out, "  ? %v\n", err)
			continue
		}
		return false
	}
}

// prompt says what is asked of the viewer of v and how to answer.
func (p *tableGame) prompt(v *dice.View) string {
	w := v.War
	switch v.Request.Kind {
	case dice.RequestAction:
		return "Your turn: war <player> | ally <player> | treaty | reroll   (help, status, log, quit)\n"
	case dice.RequestAlliance:
		return fmt.Sprintf("%s proposes an alliance to you. Accept? yes | no\n", p.names[v.Proposal.From])
	case dice.RequestInvite:
		var opts []string
		var listed dice.SeatSet
		for _, m := range v.Legal {
			if m.Kind == dice.Invite && !listed.Has(m.Target) {
				opts = append(opts, p.blocName(v, m.Target))
				listed = listed.With(m.Target).With(v.Players[m.Target].Ally)
			}
		}
		return fmt.Sprintf("Your side is outnumbered %d against %d. Ask someone to join you? invite <player> | done\n  You may ask: %s\n",
			w.Defenders.Len(), w.Attackers.Len(), strings.Join(opts, "; "))
	case dice.RequestJoin:
		chance := 1 - bot.WinChance(v, w.Attackers, w.Defenders|w.Invited)
		return fmt.Sprintf("%s asks you to join the defending side (%s) against %s.\n  If you join, your side's chance by what you know: %.0f%%. Join? yes | no\n",
			p.names[w.Defender], p.names2(w.Defenders|w.Invited, dice.NoSeat), p.names2(w.Attackers, dice.NoSeat), 100*chance)
	case dice.RequestSurrender:
		mine := w.SideOf(w.Asking)
		chance := bot.WinChance(v, w.Attackers, w.Defenders)
		if w.Asking == dice.Defenders {
			chance = 1 - chance
		}
		return fmt.Sprintf("War: %s (attacking) against %s (defending). Your side (%s) is asked: surrender?\n"+
			"  Your side's chance in a battle by what you know: %.0f%%.\n"+
			"  yes: your side takes a loss each, theirs a win each, everyone in the war rerolls, no die is shown.\n"+
			"  no: %s; all dice of the war are shown, higher total wins, a tie goes to the defenders.\n",
			p.names2(w.Attackers, dice.NoSeat), p.names2(w.Defenders, dice.NoSeat), p.names2(mine, dice.NoSeat), 100*chance,
			map[dice.Side]string{dice.Attackers: "the defenders are asked next", dice.Defenders: "battle"}[w.Asking])
	}
	return "?"
}

func (p *tableGame) blocName(v *dice.View, s dice.Seat) string {
	name := fmt.Sprintf("%d %s", s, p.names[s])
	if a := v.Players[s].Ally; a != dice.NoSeat {
		name += " (with ally " + p.names[a] + ")"
	}
	return name
}

// table prints the players as viewer sees them.
func (p *tableGame) table(viewer dice.Seat) {
	v := p.g.View(viewer)
	switch {
	case p.g.Over():
		fmt.Fprintf(p.out, "Final table after %d turns.", v.Turn)
	case v.Current == viewer:
		fmt.Fprintf(p.out, "Turn %d, your turn.", v.Turn)
	default:
		fmt.Fprintf(p.out, "Turn %d, %s's turn.", v.Turn, p.names[v.Current])
	}
	if viewer != dice.NoSeat {
		if p.names[viewer] == "You" {
			fmt.Fprintf(p.out, " You are seat %d.", viewer)
		} else {
			fmt.Fprintf(p.out, " You are %s, seat %d.", p.names[viewer], viewer)
		}
	}
	fmt.Fprintf(p.out, "\n  %-4s %-10s %-14s %4s %6s  %-17s %s\n", "seat", "player", "", "wins", "losses", "die", "ally")
	for _, pv := range v.Players {
		die := "?"
		switch {
		case pv.Out:
			die = "-"
		case pv.Seat == viewer && pv.Revealed:
			die = fmt.Sprintf("%d (yours, shown)", pv.Die)
		case pv.Seat == viewer:
			die = fmt.Sprintf("%d (yours, secret)", pv.Die)
		case pv.Die > 0:
			die = fmt.Sprintf("%d (shown)", pv.Die)
		}
		ally := ""
		if pv.Out {
			ally = "OUT"
		} else if pv.Ally != dice.NoSeat {
			ally = p.names[pv.Ally]
		}
		fmt.Fprintf(p.out, "  %-4d %-10s %-14s %4d %6d  %-17s %s\n", pv.Seat, p.names[pv.Seat], p.kind[pv.Seat], pv.Wins, pv.Losses, die, ally)
	}
	if v.Remaining <= 3 && !p.g.Over() {
		fmt.Fprintln(p.out, "  (3 or fewer players remain: no alliances any more)")
	}
}

// narrate prints the events not yet told, as the narrator may see them.
func (p *tableGame) narrate() {
	log := p.g.Log()
	for ; p.told < len(log); p.told++ {
		if line := p.describe(log[p.told].VisibleTo(p.narrator), p.narrator, p.told); line != "" {
			fmt.Fprintln(p.out, line)
		}
	}
}

// replayLog prints the whole log as seat s may see it.
func (p *tableGame) replayLog(s dice.Seat) {
	for i, e := range p.g.LogFor(s) {
		if line := p.describe(e, s, i); line != "" {
			fmt.Fprintln(p.out, line)
		}
	}
}

// describe puts one event into words for viewer; "" for nothing to say.
func (p *tableGame) describe(e dice.Event, viewer dice.Seat, index int) string {
	name := func(s dice.Seat) string {
		if s == viewer {
			return "you"
		}
		return p.names[s]
	}
	Name := func(s dice.Seat) string {
		if s == viewer {
			return "You"
		}
		return p.names[s]
	}
	verb := func(s dice.Seat, you, other string) string {
		if s == viewer {
			return you
		}
		return other
	}
	def := ""
	if e.Default {
		def = " (no answer: the default)"
	}
	setup := index <= p.g.Config().Players
	switch e.Kind {
	case dice.EventStart:
		return fmt.Sprintf("Every player rolls a die in secret. %s %s; turns go in seat order.", Name(e.Seat), verb(e.Seat, "start", "starts"))
	case dice.EventRoll:
		switch {
		case e.Seat == viewer && setup:
			return fmt.Sprintf("Your die: %d (secret).", e.Value)
		case e.Seat == viewer:
			return fmt.Sprintf("You reroll: your die is now %d (secret).", e.Value)
		case setup:
			return ""
		case index > 0 && p.g.Log()[index-1].Move == dice.Reorganise && p.g.Log()[index-1].Kind == dice.EventMove:
			return "" // "X reorganises (rerolls in secret)" said it
		}
		return fmt.Sprintf("%s rerolls in secret.", Name(e.Seat))
	case dice.EventTurn:
		return fmt.Sprintf("\n--- Turn %d: %s ---", e.Value, map[bool]string{true: "your turn", false: p.names[e.Seat] + "'s turn"}[e.Seat == viewer])
	case dice.EventMove:
		m := e.MoveOf()
		switch m.Kind {
		case dice.DeclareWar:
			return fmt.Sprintf("%s %s war on %s.", Name(m.Seat), verb(m.Seat, "declare", "declares"), name(m.Target))
		case dice.ProposeAlliance:
			return fmt.Sprintf("%s %s an alliance to %s.", Name(m.Seat), verb(m.Seat, "propose", "proposes"), name(m.Target))
		case dice.GrandTreaty:
			return fmt.Sprintf("%s %s the Grand Treaty.", Name(m.Seat), verb(m.Seat, "play", "plays"))
		case dice.Reorganise:
			if m.Seat == viewer {
				return fmt.Sprintf("You reorganise%s.", def)
			}
			return fmt.Sprintf("%s reorganises (rerolls in secret)%s.", Name(m.Seat), def)
		case dice.AnswerAlliance:
			return fmt.Sprintf("%s %s%s.", Name(m.Seat), verb(m.Seat, map[bool]string{true: "accept", false: "refuse"}[m.Yes],
				map[bool]string{true: "accepts", false: "refuses"}[m.Yes]), def)
		case dice.Invite:
			return fmt.Sprintf("%s %s %s to join the defending side.", Name(m.Seat), verb(m.Seat, "ask", "asks"), name(m.Target))
		case dice.StopInviting:
			return fmt.Sprintf("%s %s nobody else%s.", Name(m.Seat), verb(m.Seat, "ask", "asks"), def)
		case dice.AnswerJoin:
			return fmt.Sprintf("%s %s%s.", Name(m.Seat), verb(m.Seat, map[bool]string{true: "agree to join", false: "decline"}[m.Yes],
				map[bool]string{true: "agrees to join", false: "declines"}[m.Yes]), def)
		case dice.AnswerSurrender:
			return fmt.Sprintf("%s %s%s.", Name(m.Seat), verb(m.Seat, map[bool]string{true: "vote to surrender", false: "refuse to surrender"}[m.Yes],
				map[bool]string{true: "votes to surrender", false: "refuses to surrender"}[m.Yes]), def)
		}
	case dice.EventAllianceFormed:
		return fmt.Sprintf("%s and %s are now allies.", Name(e.Seat), name(e.Target))
	case dice.EventAllianceEnded:
		why := map[dice.Reason]string{
			dice.ReasonWarOnAlly:     "war on the ally",
			dice.ReasonProposedOther: "a proposal to someone else",
			dice.ReasonAcceptedOther: "another proposal accepted",
			dice.ReasonGrandTreaty:   "the Grand Treaty",
			dice.ReasonEliminated:    "a member is out",
			dice.ReasonThreeLeft:     "3 or fewer players remain",
		}[e.Reason]
		return fmt.Sprintf("The alliance of %s and %s ends (%s).", name(e.Seat), name(e.Target), why)
	case dice.EventWar:
		return fmt.Sprintf("War! Attacking: %s. Defending: %s.", p.names2(e.Attackers, viewer), p.names2(e.Defenders, viewer))
	case dice.EventJoined:
		if e.Seats.Len() == 1 {
			return "" // "X agrees to join" said it
		}
		return fmt.Sprintf("%s join the defending side.", p.names2(e.Seats, viewer))
	case dice.EventDeclined:
		if e.Seats.Len() == 1 {
			return ""
		}
		return fmt.Sprintf("%s will not join.", p.names2(e.Seats, viewer))
	case dice.EventSurrender:
		return fmt.Sprintf("The %s (%s) surrender: no die is shown; everyone in the war rerolls.", e.Side, p.names2(e.Seats, viewer))
	case dice.EventFightOn:
		if e.Seats.Len() == 1 {
			return ""
		}
		return fmt.Sprintf("The %s do not surrender.", e.Side)
	case dice.EventReveal:
		return fmt.Sprintf("%s %s a %d.", Name(e.Seat), verb(e.Seat, "show", "shows"), e.Value)
	case dice.EventBattle:
		tie := ""
		if e.Attack == e.Defense {
			tie = " (a tie goes to the defenders)"
		}
		return fmt.Sprintf("Battle: attackers %d against defenders %d: the %s win%s. Only the winners reroll; the losers' dice stay shown.", e.Attack, e.Defense, e.Side, tie)
	case dice.EventWin:
		return fmt.Sprintf("  %s: +1 win (%d).", Name(e.Seat), e.Value)
	case dice.EventLoss:
		return fmt.Sprintf("  %s: +1 loss (%d).", Name(e.Seat), e.Value)
	case dice.EventEliminated:
		return fmt.Sprintf("%s %s 3 losses and %s out of the game.", Name(e.Seat), verb(e.Seat, "have", "has"), verb(e.Seat, "are", "is"))
	case dice.EventGameOver:
		switch {
		case e.Reason == dice.ReasonTurnLimit:
			return fmt.Sprintf("\nGame over: the turn limit is reached; a draw between %s.", p.names2(e.Seats, viewer))
		case e.Yes:
			return fmt.Sprintf("\nGame over: a draw between %s (same wins, losses and power).", p.names2(e.Seats, viewer))
		case e.Reason == dice.ReasonLastPlayer:
			return fmt.Sprintf("\nGame over: %s %s, the last player left.", Name(e.Seats.First()), verb(e.Seats.First(), "win", "wins"))
		}
		w := e.Seats.First()
		line := fmt.Sprintf("\nGame over: %s %s with 3 wins!", Name(w), verb(w, "win", "wins"))
		var tied dice.SeatSet
		for i, pl := range p.g.State().Players {
			if pl.Wins >= 3 {
				tied = tied.With(dice.Seat(i))
			}
		}
		if tied.Len() > 1 {
			line += fmt.Sprintf(" (%s reached 3 wins together: fewest losses, then the highest die, decide.)", p.names2(tied, viewer))
		}
		return line
	}
	return ""
}

// names2 names a set of seats, "you" for the viewer.
func (p *tableGame) names2(set dice.SeatSet, viewer dice.Seat) string {
	var out []string
	for s := range set.All() {
		if s == viewer {
			out = append(out, "you")
		} else {
			out = append(out, p.names[s])
		}
	}
	return strings.Join(out, ", ")
}

// command is one line typed at the prompt: a verb and its argument.
type command struct {
	verb string // war, ally, treaty, reroll, invite, done, yes, no, help, status, log, quit
	arg  string // a player, for war, ally and invite
}

// verbs maps every accepted word to its verb, and says whether it takes a
// player.
var verbs = map[string]struct {
	verb      string
	needsSeat bool
}{
	"war": {"war", true}, "attack": {"war", true}, "w": {"war", true},
	"ally": {"ally", true}, "propose": {"ally", true}, "alliance": {"ally", true}, "a": {"ally", true},
	"treaty": {"treaty", false}, "t": {"treaty", false},
	"reroll": {"reroll", false}, "reorganise": {"reroll", false}, "reorganize": {"reroll", false}, "r": {"reroll", false},
	"invite": {"invite", true}, "ask": {"invite", true}, "i": {"invite", true},
	"done": {"done", false}, "stop": {"done", false}, "d": {"done", false},
	"yes": {"yes", false}, "y": {"yes", false},
	"no": {"no", false}, "n": {"no", false},
	"help": {"help", false}, "h": {"help", false}, "?": {"help", false},
	"status": {"status", false}, "s": {"status", false},
	"log":  {"log", false},
	"quit": {"quit", false}, "exit": {"quit", false}, "q": {"quit", false},
}

// parseCommand reads one typed line: a verb, and a player after war, ally
// and invite ("war 3", "ally carol"). Case and extra spaces do not matter.
func parseCommand(line string) (command, error) {
	fields := strings.Fields(strings.ToLower(line))
	if len(fields) == 0 {
		return command{}, errors.New("type a command (help lists them)")
	}
	v, ok := verbs[fields[0]]
	if !ok {
		return command{}, fmt.Errorf("unknown command %q (help lists them)", fields[0])
	}
	switch {
	case v.needsSeat && len(fields) == 1:
		return command{}, fmt.Errorf("%s whom? give a seat number or a name", fields[0])
	case v.needsSeat && len(fields) > 2:
		return command{}, fmt.Errorf("%s takes one player, not %d", fields[0], len(fields)-1)
	case !v.needsSeat && len(fields) > 1:
		return command{}, fmt.Errorf("%s takes no player", fields[0])
	}
	c := command{verb: v.verb}
	if v.needsSeat {
		c.arg = fields[1]
	}
	return c, nil
}

// seatOf finds the player a typed argument names: a seat number from 0, as
// everywhere in Diceplomacy, or a name (case-insensitive; a prefix that
// fits one player only will do).
func seatOf(arg string, v *dice.View) (dice.Seat, error) {
	if n, err := strconv.Atoi(arg); err == nil {
		if n < 0 || n >= len(v.Players) {
			return dice.NoSeat, fmt.Errorf("no seat %d (seats are 0 to %d)", n, len(v.Players)-1)
		}
		return dice.Seat(n), nil
	}
	arg = strings.ToLower(arg)
	found := dice.NoSeat
	for _, pv := range v.Players {
		name := strings.ToLower(pv.Name)
		if name == arg {
			return pv.Seat, nil
		}
		if strings.HasPrefix(name, arg) {
			if found != dice.NoSeat {
				return dice.NoSeat, fmt.Errorf("%q could be %s or %s", arg, v.Players[found].Name, pv.Name)
			}
			found = pv.Seat
		}
	}
	if found == dice.NoSeat {
		return dice.NoSeat, fmt.Errorf("no player called %q", arg)
	}
	return found, nil
}

// moveFor turns a command into the viewer's move for the request in v; it
// refuses a command that does not answer that request.
func moveFor(c command, v *dice.View) (dice.Move, error) {
	me := v.Seat
	req := v.Request.Kind
	want := map[dice.RequestKind]string{
		dice.RequestAction:    "war <player>, ally <player>, treaty or reroll",
		dice.RequestAlliance:  "yes or no",
		dice.RequestInvite:    "invite <player> or done",
		dice.RequestJoin:      "yes or no",
		dice.RequestSurrender: "yes or no",
	}[req]
	wrong := func() (dice.Move, error) {
		if want == "" {
			return dice.Move{}, errors.New("nothing is asked of you now")
		}
		return dice.Move{}, fmt.Errorf("%q does not answer this question; answer %s", c.verb, want)
	}
	target := dice.NoSeat
	if c.arg != "" {
		t, err := seatOf(c.arg, v)
		if err != nil {
			return dice.Move{}, err
		}
		target = t
	}
	m := dice.Move{Seat: me, Target: target}
	switch {
	case req == dice.RequestAction && c.verb == "war":
		m.Kind = dice.DeclareWar
	case req == dice.RequestAction && c.verb == "ally":
		m.Kind = dice.ProposeAlliance
	case req == dice.RequestAction && c.verb == "treaty":
		m.Kind = dice.GrandTreaty
	case req == dice.RequestAction && c.verb == "reroll":
		m.Kind = dice.Reorganise
	case req == dice.RequestInvite && c.verb == "invite":
		m.Kind = dice.Invite
	case req == dice.RequestInvite && (c.verb == "done" || c.verb == "no"):
		m.Kind = dice.StopInviting
	case (req == dice.RequestAlliance || req == dice.RequestJoin || req == dice.RequestSurrender) && (c.verb == "yes" || c.verb == "no"):
		m.Kind = v.Request.Default.Kind
		m.Yes = c.verb == "yes"
	default:
		return wrong()
	}
	return m, nil
}
