package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

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
