package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/chancery/chancery/bot"
	"github.com/chancery/chancery/daide"
	"github.com/chancery/chancery/engine"
	"github.com/chancery/chancery/rules"
)

// runTournament is "chancery tournament": games between bot levels, one
// level in a seat that rotates through the powers, the other level in
// every other seat, and how each level fared.
func runTournament(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("tournament", stderr,
		"usage: chancery tournament --variant V --solo LEVEL --others LEVEL --games N --years Y --seed S [--json]",
		"Plays N bot games from the variant's start: the solo level in one seat (a different power each",
		"game, in turn), the other level in every other seat, each game to a winner or for Y years.",
		"A LEVEL is easy, normal, hard, or 'exec:COMMAND' for an outside bot that speaks DAIDE: each game",
		"then has a DAIDE server, and COMMAND is started once per seat of that level, with {host} and",
		"{port} replaced by the server's address (for example 'exec:/path/to/dumbbot -i{host} -p{port}').")
	variant := fs.String("variant", "standard", "the variant (chancery variants lists them)")
	solo := fs.String("solo", "normal", "the level of the rotating seat (easy, normal, hard, or exec:COMMAND)")
	others := fs.String("others", "easy", "the level of every other seat (easy, normal, hard, or exec:COMMAND)")
	joinTime := fs.Duration("join-time", 30*time.Second, "how long outside bots have to join a game before their seats play in civil disorder")
	verbose := fs.Bool("log", false, "print each DAIDE game's connections and phases (with outside bots)")
	phaseTime := fs.Duration("phase-time", 30*time.Second, "an outside bot's deadline per phase")
	games := fs.Int("games", 14, "the number of games")
	years := fs.Int("years", 10, "the most game years a game lasts")
	seed := fs.Uint64("seed", 1, "the random seed: the same number plays the same games")
	budget := fs.Duration("budget", 0, "the hard level's wall-time budget per decision, on top of its counts (0: none, so that a seed plays the same games on any machine)")
	asJSON := fs.Bool("json", false, "print the report as one JSON object")
	if !parseFlagsOnly(fs, args, stderr) {
		return 2
	}
	cfg := tournamentConfig{games: *games, years: *years, seed: *seed, budget: *budget, joinTime: *joinTime, phaseTime: *phaseTime}
	var err error
	if cfg.solo, err = parseSeatLevel(*solo); err != nil {
		fmt.Fprintf(stderr, "chancery tournament: --solo: %v\n", err)
		return 2
	}
	if cfg.others, err = parseSeatLevel(*others); err != nil {
		fmt.Fprintf(stderr, "chancery tournament: --others: %v\n", err)
		return 2
	}
	if cfg.solo.String() == cfg.others.String() && cfg.solo.exec != "" {
		fmt.Fprintln(stderr, "chancery tournament: --solo and --others name the same outside bot; give one a level of Chancery's")
		return 2
	}
	if cfg.games < 1 || cfg.years < 1 || cfg.budget < 0 || cfg.joinTime <= 0 || cfg.phaseTime <= 0 {
		fmt.Fprintln(stderr, "chancery tournament: --games and --years must be positive, --budget not negative, --join-time and --phase-time positive")
		return 2
	}
	v, status := loadVariant("tournament", *variant, stderr)
	if v == nil {
		return status
	}
	cfg.v = v
	if cfg.solo.exec != "" || cfg.others.exec != "" {
		if _, err := daide.NewRepresentation(v); err != nil {
			fmt.Fprintf(stderr, "chancery tournament: %v\n", err)
			return 2
		}
		cfg.logf = func(format string, args ...any) { fmt.Fprintf(stderr, format+"\n", args...) }
		cfg.verbose = *verbose
	}
	var progress func(done int)
	if isTerminal(stderr) {
		progress = func(done int) { progressBar(stderr, done, cfg.games) }
	}
	rep, err := playTournament(cfg, progress)
	if progress != nil {
		fmt.Fprintln(stderr)
	}
	if err != nil {
		fmt.Fprintf(stderr, "chancery tournament: %v\n", err)
		return 1
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		if err := enc.Encode(rep); err != nil {
			fmt.Fprintf(stderr, "chancery tournament: %v\n", err)
			return 1
		}
		return 0
	}
	printTournament(stdout, cfg, rep)
	return 0
}

// tournamentConfig is what a tournament plays.
type tournamentConfig struct {
	v            *rules.Variant
	solo, others seatLevel
	games, years int
	seed         uint64
	budget       time.Duration // the hard level's budget per decision; 0: its counts alone
	// joinTime and phaseTime bound outside bots: the time to join a game,
	// and each phase's deadline.
	joinTime, phaseTime time.Duration
	logf                func(format string, args ...any) // told of outside bots' troubles
	verbose             bool                             // logf is also told of every connection and phase
}

// seatLevel is who plays a seat: one of Chancery's levels, or an outside
// bot started by a command.
type seatLevel struct {
	level bot.Level
	exec  string // the command, for an outside bot
}

// String names the level in the report: "hard", or the command's program.
func (l seatLevel) String() string {
	if l.exec != "" {
		f := strings.Fields(l.exec)
		return filepath.Base(f[0])
	}
	return l.level.String()
}

// parseSeatLevel reads a level: a bot level's name, or exec:COMMAND.
func parseSeatLevel(s string) (seatLevel, error) {
	if cmd, ok := strings.CutPrefix(s, "exec:"); ok {
		if len(strings.Fields(cmd)) == 0 {
			return seatLevel{}, fmt.Errorf("exec: needs a command")
		}
		return seatLevel{exec: cmd}, nil
	}
	l, err := bot.ParseLevel(s)
	return seatLevel{level: l}, err
}

// tournamentReport is the JSON object the issue specifies.
type tournamentReport struct {
	Variant string                  `json:"variant"`
	Games   int                     `json:"games"`
	Levels  map[string]*levelReport `json:"levels"`
	// FairShare is the sum-of-squares score of a seat in a game where
	// every power ends level: 100 divided by the number of powers.
	FairShare float64 `json:"fair_share"`
	// Played is every game: its solo seat, its result and its final
	// centres.
	Played []gameReport `json:"played"`
	// maxDecision is the longest decision per level, for the text report.
	maxDecision map[string]time.Duration
}

// levelReport is how one level fared over its seats.
type levelReport struct {
	Seats    int `json:"seats"`
	Wins     int `json:"wins"`
	Draws    int `json:"draws"`
	Survived int `json:"survived"`
	// SoloRate, DrawRate and SurvivalRate are Wins, Draws and Survived
	// over Seats.
	SoloRate     float64 `json:"solo_rate"`
	DrawRate     float64 `json:"draw_rate"`
	SurvivalRate float64 `json:"survival_rate"`
	// SumOfSquares is the mean over the level's seats of the
	// sum-of-squares score: a solo scores 100 and the other seats 0;
	// otherwise a seat scores 100 times its centres squared over the sum
	// of every power's centres squared.
	SumOfSquares     float64    `json:"sum_of_squares"`
	SumOfSquaresCI95 [2]float64 `json:"sum_of_squares_ci95"`
	// Disorders counts the seats an outside bot of this level left to
	// civil disorder (never joined, crashed, hung).
	Disorders int `json:"disorders,omitempty"`
	// CentreShare is the mean over the level's seats of its centres at
	// the end divided by all supply centres.
	CentreShare        float64    `json:"centre_share"`
	CentreShareCI95    [2]float64 `json:"centre_share_ci95"`
	SecondsPerDecision float64    `json:"seconds_per_decision"`

	shares    []float64
	squares   []float64
	decisions int
	spent     time.Duration
}

// gameReport is one game of a tournament.
type gameReport struct {
	Solo    string         `json:"solo"` // the power of the rotating seat
	Winner  string         `json:"winner,omitempty"`
	Year    int            `json:"year"` // the year of the last phase played
	Centres map[string]int `json:"centres"`
	// Disorder lists the outside bots' powers that played in civil
	// disorder, and why.
	Disorder map[string]string `json:"disorder,omitempty"`
}

// playTournament plays the games and gathers the report; progress, when
// set, is told each finished game.
func playTournament(cfg tournamentConfig, progress func(done int)) (*tournamentReport, error) {
	v := cfg.v
	m := v.Map
	powers := v.Powers()
	centres := 0
	for i := range m.Provinces {
		if m.Provinces[i].SupplyCenter {
			centres++
		}
	}
	rep := &tournamentReport{Variant: v.Name, Games: cfg.games, Levels: map[string]*levelReport{},
		FairShare: 100 / float64(len(powers)), maxDecision: map[string]time.Duration{}}
	for _, l := range []seatLevel{cfg.solo, cfg.others} {
		if rep.Levels[l.String()] == nil {
			rep.Levels[l.String()] = &levelReport{}
		}
	}
	players := map[bot.Level]bot.Player{}
	graph := bot.NewGraph(v) // the bots' view of the map, for every game
	for _, l := range []seatLevel{cfg.solo, cfg.others} {
		if l.exec != "" {
			continue
		}
		p := bot.New(l.level, graph)
		if h, ok := p.(*bot.HardPlayer); ok {
			h.Budget = cfg.budget
		}
		players[l.level] = p
	}
	e := engine.New(v) // the server's engine: its resolvers, its names
	var mu sync.Mutex  // guards rep's decision counts: a DAIDE game decides its seats at once
	for g := range cfg.games {
		soloSeat := powers[g%len(powers)]
		level := func(p rules.Power) seatLevel {
			if p == soloSeat {
				return cfg.solo
			}
			return cfg.others
		}
		// decideWith is one decision of one of Chancery's seats; the
		// DAIDE server may make several at once.
		decideWith := func(pos *rules.Position, p rules.Power, rnd *rand.Rand) []rules.Order {
			l := level(p)
			start := time.Now()
			orders := players[l.level].Orders(v, pos, p, rnd)
			took := time.Since(start)
			mu.Lock()
			defer mu.Unlock()
			lr := rep.Levels[l.String()]
			lr.decisions++
			lr.spent += took
			rep.maxDecision[l.String()] = max(rep.maxDecision[l.String()], took)
			return orders
		}
		var pos *rules.Position
		var winner rules.Power
		var disorder map[rules.Power]string
		var err error
		if cfg.solo.exec != "" || cfg.others.exec != "" {
			// Each decision has a random stream of its own, named by the
			// game, the phase and the power, so that the server may make
			// them at once, in any order.
			decide := func(pos *rules.Position, p rules.Power) []rules.Order {
				return decideWith(pos, p, rand.New(rand.NewPCG(cfg.seed, decisionStream(g, pos.Phase, p))))
			}
			pos, winner, disorder, err = playDAIDEGame(cfg, e, g, level, decide)
		} else {
			// One stream per game, drawn from in turn: the same seed
			// plays the same games.
			rnd := rand.New(rand.NewPCG(cfg.seed, uint64(g)))
			decide := func(pos *rules.Position, p rules.Power) []rules.Order { return decideWith(pos, p, rnd) }
			pos, winner, err = playLocalGame(cfg, e, decide)
		}
		if err != nil {
			return nil, fmt.Errorf("game %d: %w", g+1, err)
		}
		counts := pos.CentreCount(m)
		sumSq := 0
		for _, p := range powers {
			sumSq += counts[p] * counts[p]
		}
		gr := gameReport{Solo: m.PowerName(soloSeat), Year: pos.Phase.Year, Centres: map[string]int{}}
		if pos.Phase.Season == rules.Spring && pos.Phase.Type == rules.MovementPhase {
			gr.Year--
		}
		if winner != rules.NoPower {
			gr.Winner = m.PowerName(winner)
		}
		for _, p := range powers {
			lr := rep.Levels[level(p).String()]
			lr.Seats++
			alive := v.Alive(pos, p)
			switch {
			case winner == p:
				lr.Wins++
			case winner == rules.NoPower && alive:
				lr.Draws++
			}
			if alive {
				lr.Survived++
			}
			lr.shares = append(lr.shares, float64(counts[p])/float64(centres))
			score := 0.0
			switch {
			case winner == p:
				score = 100
			case winner == rules.NoPower && sumSq > 0:
				score = 100 * float64(counts[p]*counts[p]) / float64(sumSq)
			}
			lr.squares = append(lr.squares, score)
			gr.Centres[m.PowerName(p)] = counts[p]
			if why, ok := disorder[p]; ok {
				lr.Disorders++
				if gr.Disorder == nil {
					gr.Disorder = map[string]string{}
				}
				gr.Disorder[m.PowerName(p)] = why
			}
		}
		rep.Played = append(rep.Played, gr)
		if cfg.logf != nil {
			cfg.logf("game %d/%d: %s in the solo seat; winner %q in %d; centres %v", g+1, cfg.games, gr.Solo, gr.Winner, gr.Year, gr.Centres)
		}
		if progress != nil {
			progress(g + 1)
		}
	}
	for _, lr := range rep.Levels {
		lr.CentreShare, lr.CentreShareCI95 = meanCI(lr.shares)
		lr.SumOfSquares, lr.SumOfSquaresCI95 = meanCI(lr.squares)
		if lr.Seats > 0 {
			lr.SoloRate = float64(lr.Wins) / float64(lr.Seats)
			lr.DrawRate = float64(lr.Draws) / float64(lr.Seats)
			lr.SurvivalRate = float64(lr.Survived) / float64(lr.Seats)
		}
		if lr.decisions > 0 {
			lr.SecondsPerDecision = lr.spent.Seconds() / float64(lr.decisions)
		}
	}
	return rep, nil
}

// decisionStream names the random stream of one decision of a DAIDE
// game: game g, phase ph, power p.
func decisionStream(g int, ph rules.Phase, p rules.Power) uint64 {
	return uint64(g)<<40 | uint64(ph.Year)<<16 | uint64(ph.Season)<<12 | uint64(ph.Type)<<8 | uint64(p)
}

// playLocalGame plays one game of Chancery's bots in process, to a winner
// or for cfg.years years.
func playLocalGame(cfg tournamentConfig, e *engine.Engine, decide func(*rules.Position, rules.Power) []rules.Order) (*rules.Position, rules.Power, error) {
	v := cfg.v
	pos := v.Start.Clone()
	for pos.Phase.Year < v.Start.Phase.Year+cfg.years {
		orders := engine.Orders{}
		for _, p := range v.Powers() {
			if v.Owes(pos, p) {
				orders[p] = decide(pos, p)
			}
		}
		_, res, err := e.Resolve(pos, orders)
		if err != nil {
			return nil, 0, fmt.Errorf("%v: %w", pos.Phase, err)
		}
		for _, rs := range res.Results {
			if rs.Outcome == rules.Illegal {
				return nil, 0, fmt.Errorf("%v: a bot gave an illegal order: %s (%s)",
					pos.Phase, e.Names.FormatOrder(rs.Order), rs.Message(v.Map))
			}
		}
		pos = res.Next.Clone()
		if res.Winner != rules.NoPower {
			return pos, res.Winner, nil
		}
	}
	return pos, rules.NoPower, nil
}

// meanCI returns the mean of xs and its 95% confidence interval (Student's
// t, for the small samples a tournament has).
func meanCI(xs []float64) (float64, [2]float64) {
	n := len(xs)
	if n == 0 {
		return 0, [2]float64{}
	}
	sum := 0.0
	for _, x := range xs {
		sum += x
	}
	mean := sum / float64(n)
	if n == 1 {
		return mean, [2]float64{mean, mean}
	}
	ss := 0.0
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	half := tCritical(n-1) * math.Sqrt(ss/float64(n-1)/float64(n))
	return mean, [2]float64{mean - half, mean + half}
}

// tCritical is the two-sided 95% critical value of Student's t with df
// degrees of freedom.
func tCritical(df int) float64 {
	table := []float64{0, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
		2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
		2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042}
	switch {
	case df < 1:
		return math.Inf(1)
	case df < len(table):
		return table[df]
	case df < 60:
		return 2.01
	case df < 120:
		return 1.99
	}
	return 1.96
}

// printTournament writes the report for people.
func printTournament(w io.Writer, cfg tournamentConfig, rep *tournamentReport) {
	fmt.Fprintf(w, "%s: %d games of at most %d years, %s in one seat against %s (seed %d)\n",
		rep.Variant, rep.Games, cfg.years, cfg.solo, cfg.others, cfg.seed)
	names := make([]string, 0, len(rep.Levels))
	for n := range rep.Levels {
		names = append(names, n)
	}
	sort.Strings(names)
	fmt.Fprintf(w, "%-8s %5s %5s %5s %5s %6s %16s %6s %16s %10s %8s\n", "level", "seats", "solo", "draw", "alive",
		"share", "share 95% CI", "SoS", "SoS 95% CI", "s/decision", "max s")
	for _, n := range names {
		lr := rep.Levels[n]
		fmt.Fprintf(w, "%-8s %5d %5.2f %5.2f %5.2f %6.3f %16s %6.2f %16s %10.4f %8.4f\n", n, lr.Seats, lr.SoloRate,
			lr.DrawRate, lr.SurvivalRate, lr.CentreShare,
			fmt.Sprintf("[%.3f, %.3f]", lr.CentreShareCI95[0], lr.CentreShareCI95[1]), lr.SumOfSquares,
			fmt.Sprintf("[%.1f, %.1f]", lr.SumOfSquaresCI95[0], lr.SumOfSquaresCI95[1]),
			lr.SecondsPerDecision, rep.maxDecision[n].Seconds())
		if lr.Disorders > 0 {
			fmt.Fprintf(w, "%-8s %d seats in civil disorder (an outside bot that never joined, crashed or hung)\n", "", lr.Disorders)
		}
	}
	fmt.Fprintf(w, "solo, draw, alive: the share of seats that soloed, shared a draw, survived; share: of the supply centres at the end;\n")
	fmt.Fprintf(w, "SoS: the sum-of-squares score (a solo 100, else 100 c²/Σc²; a fair share is %.2f)\n", rep.FairShare)
}

// isTerminal reports whether w is a terminal (a character device), for
// the progress bar.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// progressBar redraws a one-line bar of done games out of total.
func progressBar(w io.Writer, done, total int) {
	const width = 30
	fill := done * width / total
	fmt.Fprintf(w, "\r[%s%s] %d/%d games", strings.Repeat("#", fill), strings.Repeat(" ", width-fill), done, total)
}
