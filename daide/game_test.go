package daide

import (
	"context"
	"math/rand/v2"
	"net"
	"runtime"
	"sync"
	"testing"
	"time"

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

// TestLocalPowersThinkWhileClientsDo: the server asks Local for the local
// powers' orders as soon as a phase begins, before the clients have sent
// theirs, and with LocalConcurrent several at once; the turn is played
// with those orders once the clients' are in.
func TestLocalPowersThinkWhileClientsDo(t *testing.T) {
	v := variant(t, "standard")
	eng := v.Powers()[1]
	r, err := NewRepresentation(v)
	if err != nil {
		t.Fatal(err)
	}
	province := func(name string) rules.Province {
		tok, _ := r.Lookup(name)
		p, _ := r.ProvinceOf(tok)
		return p
	}
	par, bur := province("PAR"), province("BUR")
	calls := make(chan rules.Power, len(v.Powers()))
	release := make(chan struct{})
	local := func(pos *rules.Position, p rules.Power) []rules.Order {
		calls <- p
		<-release
		if pos.Phase.Type != rules.MovementPhase {
			return nil
		}
		// Every local power holds, except that France moves to Burgundy.
		var out []rules.Order
		for pr, u := range pos.Units {
			if u.Type != rules.NoUnit && u.Power == p {
				o := rules.Order{Power: p, Unit: u.Type, Type: rules.Hold, At: pos.LocOf(rules.Province(pr)),
					Target: noLoc, Dest: noLoc}
				if rules.Province(pr) == par {
					o.Type, o.Target = rules.Move, rules.At(bur)
				}
				out = append(out, o)
			}
		}
		return out
	}
	s, addr, _ := serve(t, Config{Engine: engine.New(v), Remote: []rules.Power{eng}, Local: local, LocalConcurrent: true, Seed: 3})
	a := dial(t, addr, s.Representation())
	a.join()
	a.expect("NOW (SPR 1901)")
	// The client has sent nothing: the local powers are thinking already,
	// as many at once as the machine has processors.
	at := min(2, runtime.GOMAXPROCS(0))
	for range at {
		select {
		case <-calls:
		case <-time.After(20 * time.Second):
			t.Fatal("Local was not asked while the client thinks, or not for two powers at once")
		}
	}
	close(release)
	a.send("SUB ((ENG FLT LON) HLD) ((ENG FLT EDI) HLD) ((ENG AMY LVP) HLD)")
	if got, want := a.expect("ORD (SPR 1901) ((FRA AMY PAR)"), "ORD (SPR 1901) ((FRA AMY PAR) MTO BUR) (SUC)"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	a.expect("NOW (FAL 1901)")
}
