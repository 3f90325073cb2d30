// Command chancery is the Diplomacy judge and game server's command line:
// it adjudicates phases, replays and benchmarks games, describes variants,
// plays Diplomacy against bots and the dice game Diceplomacy in the
// terminal, and serves games over HTTP.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

const usage = `usage: chancery <command> [arguments]

Commands:
  adjudicate   adjudicate one phase: JSON on standard input, JSON on standard output
  replay       replay a game record from the variant's start
  bench        measure adjudication speed (game records, or --cases FILE...)
  variants     list the variants (--json for their maps)
  play         play a game of Diplomacy against bots in the terminal
  tournament   play bot levels against each other and report how they fare
  daide-serve  host a game for bots that speak DAIDE, beside Chancery's own
  daide-bot    play one of Chancery's bots on a DAIDE server
  dice         the dice game Diceplomacy (play, simulate)
  serve        serve games over HTTP (--addr, --db)
  map          draw a position as SVG (map generate: draw a board from its layout)
  user         reset-password NAME: a one-time link that sets a new password

Run 'chancery <command> -h' for a command's flags.
`

func main() {
	// A reader that goes away ("chancery variants --json | head") makes
	// writes to the standard output fail with EPIPE rather than kill the
	// program with SIGPIPE; run treats that as the end of the output.
	signal.Ignore(syscall.SIGPIPE)
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches to a subcommand and returns the process exit status:
// 0 on success, 1 on a failure while working, 2 on bad usage or bad input.
// A standard output closed by its reader is not an error: the command
// stops writing, and the status is 0.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out := &output{w: stdout}
	status := dispatch(args, stdin, out, stderr)
	if out.closed {
		return 0
	}
	return status
}

// output is the standard output, noting when its reader has gone.
type output struct {
	w      io.Writer
	closed bool
}

// errClosed is the error of every write after the reader went away.
var errClosed = fmt.Errorf("standard output closed: %w", syscall.EPIPE)

func (o *output) Write(p []byte) (int, error) {
	if o.closed {
		return 0, errClosed
	}
	n, err := o.w.Write(p)
	if errors.Is(err, syscall.EPIPE) {
		o.closed = true
	}
	return n, err
}

// closedOutput reports whether err is a write to a standard output whose
// reader has gone, which ends a command's output without being an error.
func closedOutput(err error) bool { return errors.Is(err, syscall.EPIPE) }

// dispatch runs the subcommand args name.
func dispatch(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "adjudicate":
		return runAdjudicate(rest, stdin, stdout, stderr)
	case "variants":
		return runVariants(rest, stdout, stderr)
	case "replay":
		return runReplay(rest, stdin, stdout, stderr)
	case "bench":
		return runBench(rest, stdout, stderr)
	case "play":
		return runPlay(rest, stdin, stdout, stderr)
	case "tournament":
		return runTournament(rest, stdout, stderr)
	case "daide-bot":
		return runDAIDEBot(rest, stdout, stderr)
	case "daide-serve":
		return runDAIDEServe(rest, stdout, stderr)
	case "dice":
		return runDice(rest, stdin, stdout, stderr)
	case "serve":
		return runServe(rest, stdin, stdout, stderr)
	case "map":
		return runMap(rest, stdin, stdout, stderr)
	case "user":
		return runUser(rest, stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "chancery: unknown command %q\n%s", cmd, usage)
	return 2
}
