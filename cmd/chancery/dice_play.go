package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/chancery/chancery/dice"
	"github.com/chancery/chancery/dice/bot"
)

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
	p := &terminalGame{
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

// terminalGame is a Diceplomacy game at the terminal: people at the
// keyboard, bots elsewhere (the server's games at the table are
// table.Game).
type terminalGame struct {
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

func (p *terminalGame) run() int {
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

func (p *terminalGame) inputEnded() {
	p.eof = true
	fmt.Fprintln(p.out, "(input ended: from now on every human decision takes its default: reroll / refuse / stop inviting / do not join / do not surrender)")
}

// ask prompts the human at seat s until they make a legal move. It returns
// true if they quit.
func (p *terminalGame) ask(s dice.Seat) (quit bool) {
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
func (p *terminalGame) prompt(v *dice.View) string {
	w := v.War
	switch v.Request.Type {
	case dice.RequestAction:
		return "Your turn: war <player> | ally <player> | treaty | reroll   (help, status, log, quit)\n"
	case dice.RequestAlliance:
		return fmt.Sprintf("%s proposes an alliance to you. Accept? yes | no\n", p.names[v.Proposal.From])
	case dice.RequestInvite:
		var opts []string
		var listed dice.SeatSet
		for _, m := range v.Legal {
			if m.Type == dice.Invite && !listed.Has(m.Target) {
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

func (p *terminalGame) blocName(v *dice.View, s dice.Seat) string {
	name := fmt.Sprintf("%d %s", s, p.names[s])
	if a := v.Players[s].Ally; a != dice.NoSeat {
		name += " (with ally " + p.names[a] + ")"
	}
	return name
}

// table prints the players as viewer sees them.
func (p *terminalGame) table(viewer dice.Seat) {
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

// command is one line typed at the prompt: a verb and its argument.
type command struct {
	verb string // war, ally, treaty, reroll, invite, done, yes, no, help, status, log, quit
	arg  string // a player, for war, ally and invite
}

// verb is what a typed word means.
type verb struct {
	verb      string
	needsSeat bool
}

// verbs maps every accepted word to its verb, and says whether it takes a
// player; built when a game is first played, not at every command's start.
var verbs = sync.OnceValue(func() map[string]verb {
	return map[string]verb{
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
})

// parseCommand reads one typed line: a verb, and a player after war, ally
// and invite ("war 3", "ally carol"). Case and extra spaces do not matter.
func parseCommand(line string) (command, error) {
	fields := strings.Fields(strings.ToLower(line))
	if len(fields) == 0 {
		return command{}, errors.New("type a command (help lists them)")
	}
	v, ok := verbs()[fields[0]]
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
	req := v.Request.Type
	want := map[dice.RequestType]string{
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
		m.Type = dice.DeclareWar
	case req == dice.RequestAction && c.verb == "ally":
		m.Type = dice.ProposeAlliance
	case req == dice.RequestAction && c.verb == "treaty":
		m.Type = dice.GrandTreaty
	case req == dice.RequestAction && c.verb == "reroll":
		m.Type = dice.Reorganise
	case req == dice.RequestInvite && c.verb == "invite":
		m.Type = dice.Invite
	case req == dice.RequestInvite && (c.verb == "done" || c.verb == "no"):
		m.Type = dice.StopInviting
	case (req == dice.RequestAlliance || req == dice.RequestJoin || req == dice.RequestSurrender) && (c.verb == "yes" || c.verb == "no"):
		m.Type = v.Request.Default.Type
		m.Yes = c.verb == "yes"
	default:
		return wrong()
	}
	return m, nil
}
