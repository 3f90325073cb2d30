package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/chancery/chancery/daide"
	"github.com/chancery/chancery/engine"
	"github.com/chancery/chancery/rules"
)

// playDAIDEGame plays one game of a tournament on a DAIDE server: the
// seats of an outside level are its bots' (one process each, started with
// the server's address), the others Chancery's bots in process. A bot
// that does not join within cfg.joinTime, crashes or misses a deadline
// leaves its seat to civil disorder for the phase or the game, and the
// game goes on; disorder says which seats and why.
func playDAIDEGame(cfg tournamentConfig, e *engine.Engine, g int, level func(rules.Power) seatLevel,
	decide func(*rules.Position, rules.Power) []rules.Order) (*rules.Position, rules.Power, map[rules.Power]string, error) {
	v := cfg.v
	var remote []rules.Power
	for _, p := range v.Powers() {
		if level(p).exec != "" {
			remote = append(remote, p)
		}
	}
	dc := daide.Config{Engine: e, Remote: remote, Local: decide, LocalConcurrent: true, LocalName: "Chancery",
		LocalVersion: "bot", MoveTime: cfg.phaseTime, RetreatTime: cfg.phaseTime, BuildTime: cfg.phaseTime,
		LastYear: v.Start.Phase.Year + cfg.years - 1, Seed: cfg.seed + uint64(g)}
	if cfg.verbose {
		dc.Logf = cfg.logf
	}
	srv, err := daide.New(dc)
	if err != nil {
		return nil, 0, nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, 0, nil, err
	}
	host, port, _ := net.SplitHostPort(ln.Addr().String())
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var wg sync.WaitGroup
	exits := make(chan string, len(remote))
	for range remote {
		args := strings.Fields(level(remote[0]).exec)
		for i := range args {
			args[i] = strings.NewReplacer("{host}", host, "{port}", port).Replace(args[i])
		}
		cmd := exec.CommandContext(ctx, args[0], args[1:]...)
		cmd.Dir = ""
		if err := cmd.Start(); err != nil {
			ln.Close()
			cancel()
			wg.Wait()
			return nil, 0, nil, fmt.Errorf("starting the outside bot: %w", err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := cmd.Wait(); err != nil && ctx.Err() == nil {
				exits <- err.Error()
			}
		}()
	}
	joined := time.AfterFunc(cfg.joinTime, srv.Start)
	defer joined.Stop()
	// The game itself is bounded by its years and the deadlines; a game
	// that outlives every phase's deadline by far has a fault.
	phases := 3 * (cfg.years + 1)
	runCtx, stop := context.WithTimeout(ctx, cfg.joinTime+time.Duration(phases)*(cfg.phaseTime+5*time.Second))
	defer stop()
	out, err := srv.Run(runCtx, ln)
	cancel()
	wg.Wait()
	if err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return nil, 0, nil, err
	}
	disorder := map[rules.Power]string{}
	for p, ph := range out.Disorder {
		disorder[p] = "civil disorder from " + ph.String()
	}
	close(exits)
	for why := range exits {
		if cfg.logf != nil {
			cfg.logf("game %d: an outside bot ended: %s", g+1, why)
		}
	}
	if cfg.logf != nil {
		for p, why := range disorder {
			cfg.logf("game %d: %s: %s", g+1, v.Map.PowerName(p), why)
		}
	}
	return out.Final, out.Winner, disorder, nil
}
