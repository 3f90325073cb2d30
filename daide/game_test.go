package daide

import (
	"context"
	"math/rand/v2"
	"net"
	"sync"
	"testing"

	"github.com/chancery/chancery/bot"
	"github.com/chancery/chancery/engine"
	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/variants"
)

func variant(t testing.TB, name string) *rules.Variant {
	t.Helper()
	reg, err := variants.Load()
	if err != nil {
		t.Fatal(err)
	}
	v, err := reg.Get(name)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func lookupVariant(name string) (*rules.Variant, error) {
	reg, err := variants.Load()
	if err != nil {
		return nil, err
	}
	return reg.Get(name)
}

// serve starts a server for cfg on a local port.
func serve(t *testing.T, cfg Config) (*Server, string, chan *Outcome) {
	t.Helper()
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan *Outcome, 1)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	go func() {
		out, err := s.Run(ctx, ln)
		if err != nil && ctx.Err() == nil {
			t.Errorf("server: %v", err)
		}
		done <- out
	}()
	return s, ln.Addr().String(), done
}

// decider is a bot level as a Decider.
func decider(l bot.Level, v *rules.Variant) Decider {
	p := bot.New(l, bot.NewGraph(v))
	return func(v *rules.Variant, pos *rules.Position, power rules.Power, rnd *rand.Rand) []rules.Order {
		return p.Orders(v, pos, power, rnd)
	}
}

// TestWholeGameOverTheProtocol: seven Chancery bots play three years
// through the server, each over its own connection, and end exactly where
// the same bots with the same random streams end when they play in
// process: the positions, orders and results the protocol carries lose
// nothing.
func TestWholeGameOverTheProtocol(t *testing.T) {
	for _, name := range []string{"standard", "1900"} {
		t.Run(name, func(t *testing.T) {
			v := variant(t, name)
			const last = 1903
			_, addr, done := serve(t, Config{Engine: engine.New(v), Remote: v.Powers(), LastYear: last, Seed: 7})
			decide := decider(bot.Normal, v)
			var wg sync.WaitGroup
			finals := make([]*rules.Position, len(v.Powers()))
			for i := range v.Powers() {
				c, err := Dial(context.Background(), addr)
				if err != nil {
					t.Fatal(err)
				}
				wg.Add(1)
				go func() {
					defer wg.Done()
					pos, err := Play(context.Background(), c, "chancery-test", "1", lookupVariant, decide, 42)
					if err != nil {
						t.Errorf("client %d: %v", i, err)
					}
					finals[i] = pos
				}()
			}
			wg.Wait()
			out := <-done
			if !out.Drawn || out.Final.Phase.Year != last+1 {
				t.Fatalf("the game ended drawn=%v at %v, want a draw declared after %d", out.Drawn, out.Final.Phase, last)
			}
			// The same game in process.
			e := engine.New(v)
			pos := v.Start.Clone()
			rnds := map[rules.Power]*rand.Rand{}
			for _, p := range v.Powers() {
				rnds[p] = rand.New(rand.NewPCG(42, uint64(p)))
			}
			for pos.Phase.Year <= last {
				orders := engine.Orders{}
				for _, p := range v.Powers() {
					if v.Owes(pos, p) {
						orders[p] = decide(v, pos, p, rnds[p])
					}
				}
				_, res, err := e.Resolve(pos, orders)
				if err != nil {
					t.Fatal(err)
				}
				pos = res.Next.Clone()
			}
			if !samePosition(pos, out.Final) {
				t.Fatalf("over the protocol the game ended elsewhere than in process:\nprotocol %v\nprocess  %v", out.Final, pos)
			}
			for i, f := range finals {
				if f == nil || !samePosition(f, out.Final) {
					t.Errorf("client %d's last NOW and SCO do not read as the final position", i)
				}
			}
		})
	}
}

func samePosition(a, b *rules.Position) bool {
	if a.Phase != b.Phase || len(a.Units) != len(b.Units) {
		return false
	}
	for i := range a.Units {
		if a.Units[i] != b.Units[i] || a.Owner[i] != b.Owner[i] {
			return false
		}
	}
	return len(a.Dislodged) == len(b.Dislodged)
}
