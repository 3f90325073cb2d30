package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/chancery/chancery/bot"
	"github.com/chancery/chancery/daide"
	"github.com/chancery/chancery/engine"
	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/variants"
)

// runDAIDEBot is "chancery daide-bot": one of Chancery's bots plays a game
// on a DAIDE server.
func runDAIDEBot(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("daide-bot", stderr,
		"usage: chancery daide-bot [--level hard] [--host H] [--port P] [--seed S]",
		"Joins the game of a DAIDE server and plays it with one of Chancery's bots, on the maps Chancery",
		"knows by the server's map name (standard, 1900).")
	level := fs.String("level", "hard", "the bot's level (easy, normal, hard)")
	host := fs.String("host", "127.0.0.1", "the server's host")
	port := fs.Int("port", 16713, "the server's port")
	seed := fs.Uint64("seed", 1, "the random seed of the bot's choices")
	if !parseFlagsOnly(fs, args, stderr) {
		return 2
	}
	l, err := bot.ParseLevel(*level)
	if err != nil {
		fmt.Fprintf(stderr, "chancery daide-bot: --level: %v\n", err)
		return 2
	}
	reg, err := variants.Load()
	if err != nil {
		fmt.Fprintf(stderr, "chancery daide-bot: %v\n", err)
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	dctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	c, err := daide.Dial(dctx, net.JoinHostPort(*host, fmt.Sprint(*port)))
	cancel()
	if err != nil {
		fmt.Fprintf(stderr, "chancery daide-bot: %v\n", err)
		return 1
	}
	players := map[*rules.Variant]bot.Player{}
	decide := func(v *rules.Variant, pos *rules.Position, p rules.Power, rnd *rand.Rand) []rules.Order {
		pl := players[v]
		if pl == nil {
			pl = bot.New(l, bot.NewGraph(v))
			players[v] = pl
		}
		return pl.Orders(v, pos, p, rnd)
	}
	lookup := func(name string) (*rules.Variant, error) { return reg.Get(strings.ToLower(name)) }
	pos, err := daide.Play(ctx, c, "Chancery", l.String(), lookup, decide, *seed)
	if err != nil {
		fmt.Fprintf(stderr, "chancery daide-bot: %v\n", err)
		return 1
	}
	if pos != nil {
		fmt.Fprintf(stdout, "the game ended in %s\n", pos.Phase)
	}
	return 0
}

// runDAIDEServe is "chancery daide-serve": a DAIDE server for one game,
// its seats for clients that connect, the others played by Chancery's
// bots.
func runDAIDEServe(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("daide-serve", stderr,
		"usage: chancery daide-serve [--variant standard] [--addr 127.0.0.1:16713] [--clients N] [--bots LEVEL] [--years Y]",
		"Hosts one game for DAIDE clients: the first N powers are theirs (in the order they join), the",
		"others are played by Chancery's bots. The game starts when N clients have accepted the map.")
	name := fs.String("variant", "standard", "the variant (standard or 1900; Sengoku and Colonial have rules DAIDE cannot say)")
	addr := fs.String("addr", "127.0.0.1:16713", "the address to listen on")
	clients := fs.Int("clients", 7, "how many powers DAIDE clients play")
	level := fs.String("bots", "normal", "the level of Chancery's bots in the other seats")
	years := fs.Int("years", 0, "end the game in a draw after this many years (0: play to a solo or a draw)")
	phase := fs.Duration("deadline", 0, "each phase's deadline (0: wait for every connected client)")
	seed := fs.Uint64("seed", 1, "the random seed of the passcodes and the bots")
	if !parseFlagsOnly(fs, args, stderr) {
		return 2
	}
	l, err := bot.ParseLevel(*level)
	if err != nil {
		fmt.Fprintf(stderr, "chancery daide-serve: --bots: %v\n", err)
		return 2
	}
	v, status := loadVariant("daide-serve", *name, stderr)
	if v == nil {
		return status
	}
	powers := v.Powers()
	if *clients < 0 || *clients > len(powers) || *years < 0 || *phase < 0 {
		fmt.Fprintf(stderr, "chancery daide-serve: --clients must be 0 to %d, --years and --deadline not negative\n", len(powers))
		return 2
	}
	player := bot.New(l, bot.NewGraph(v))
	rnd := rand.New(rand.NewPCG(*seed, 0))
	cfg := daide.Config{Engine: engine.New(v), Remote: powers[:*clients], Seed: *seed,
		MoveTime: *phase, RetreatTime: *phase, BuildTime: *phase, LocalName: "Chancery", LocalVersion: l.String(),
		Local: func(pos *rules.Position, p rules.Power) []rules.Order { return player.Orders(v, pos, p, rnd) },
		Logf:  func(format string, args ...any) { fmt.Fprintf(stderr, format+"\n", args...) }}
	if *years > 0 {
		cfg.LastYear = v.Start.Phase.Year + *years - 1
	}
	srv, err := daide.New(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "chancery daide-serve: %v\n", err)
		return 2
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "chancery daide-serve: %v\n", err)
		return 1
	}
	fmt.Fprintf(stderr, "chancery: DAIDE game of %s on %s, %d seats for clients\n", v.Name, ln.Addr(), *clients)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	out, err := srv.Run(ctx, ln)
	if err != nil {
		fmt.Fprintf(stderr, "chancery daide-serve: %v\n", err)
		return 1
	}
	switch {
	case out.Winner != rules.NoPower:
		fmt.Fprintf(stdout, "%s won in %s\n", v.Map.PowerName(out.Winner), out.Final.Phase)
	case out.Drawn:
		fmt.Fprintf(stdout, "drawn, %s\n", out.Final.Phase)
	}
	return 0
}
