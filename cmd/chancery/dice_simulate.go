package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/chancery/chancery/dice"
	"github.com/chancery/chancery/dice/bot"
)

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
		switch e.Type {
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
