package daide

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"sync"
	"time"

	"github.com/chancery/chancery/engine"
	"github.com/chancery/chancery/rules"
)

// Config is what a Server plays.
type Config struct {
	// Engine is the variant's engine, which checks and adjudicates.
	Engine *engine.Engine
	// Remote are the powers DAIDE clients play. Clients that send NME
	// take them in this order; the other powers are Local's.
	Remote []rules.Power
	// Local decides the orders of the powers no client plays (nil: they
	// hold, and follow the rules' civil disorder). The server asks it as
	// soon as a phase begins, in the background, so that the local powers
	// think while the clients do: one power after another in the
	// variant's order, each with a position of its own, and never after
	// Run returns.
	Local func(pos *rules.Position, power rules.Power) []rules.Order
	// LocalConcurrent lets the server ask Local for several powers of a
	// phase at once (as many at a time as GOMAXPROCS); Local must then be
	// safe for concurrent use, and its choices must not depend on the
	// order of the calls.
	LocalConcurrent bool
	// LocalName names the program behind the local powers in the SMR
	// message (name and version).
	LocalName, LocalVersion string
	// MoveTime, RetreatTime and BuildTime are the phases' deadlines, sent
	// in HLO and TME; 0 waits for every connected client's orders.
	MoveTime, RetreatTime, BuildTime time.Duration
	// LastYear, when not 0, ends the game in a draw after the phases of
	// that year, as a tournament stops a game.
	LastYear int
	// InitialTimeout is how long a new connection has to send its initial
	// message (30 s if 0, as the protocol says).
	InitialTimeout time.Duration
	// Seed draws the passcodes.
	Seed uint64
	// Logf, when set, is told of every connection, refusal and phase.
	Logf func(format string, args ...any)
}

// Outcome is how a game served ended.
type Outcome struct {
	// Final is the position at the end.
	Final *rules.Position
	// Winner is the power that soloed, or NoPower.
	Winner rules.Power
	// Drawn reports a draw: agreed by every surviving power, or declared
	// at LastYear.
	Drawn bool
	// Disorder lists the remote powers that never joined or left, with
	// the first turn their seat was in civil disorder.
	Disorder map[rules.Power]rules.Phase
	// Players names the client that played each remote power.
	Players map[rules.Power]string
}

// A client may send at most burst messages at once and rate a second
// beyond that; more waits, so that no client can flood the server.
const (
	floodBurst = 500
	floodRate  = 200
	outQueue   = 4096 // messages waiting for a slow reader before it is cut off
)

// Server is one DAIDE game: it takes connections, seats clients, and plays
// the game to its end through the engine.
type Server struct {
	cfg    Config
	rep    *Representation
	events chan event
	mdf    Message

	mu    sync.Mutex // guards conns, for Run's shutdown
	conns map[*client]bool
}

// New returns a server for cfg, or ErrNotExpressible for a variant the
// protocol cannot express.
func New(cfg Config) (*Server, error) {
	rep, err := NewRepresentation(cfg.Engine.V)
	if err != nil {
		return nil, err
	}
	if cfg.InitialTimeout == 0 {
		cfg.InitialTimeout = 30 * time.Second
	}
	if cfg.LocalName == "" {
		cfg.LocalName, cfg.LocalVersion = "Chancery", "bot"
	}
	seen := map[rules.Power]bool{}
	for _, p := range cfg.Remote {
		if !cfg.Engine.V.Plays(p) || seen[p] {
			return nil, fmt.Errorf("daide: remote power %d is not a playing power or is listed twice", p)
		}
		seen[p] = true
	}
	return &Server{cfg: cfg, rep: rep, events: make(chan event, 256), mdf: rep.MapDefinition(), conns: map[*client]bool{}}, nil
}

// Representation returns the tokens of the server's variant.
func (s *Server) Representation() *Representation { return s.rep }

// event is something that happened on a connection, for the game loop.
type event struct {
	c     *client
	msg   Message
	err   error // the connection ended
	start bool  // the start signal (Start)
	tick  int   // a deadline timer fired for this phase number
}

// client is one connection.
type client struct {
	nc    net.Conn
	out   chan []byte
	once  sync.Once
	done  chan struct{}
	drain chan struct{} // closed when the server ends: write what is queued, then close
	wrote chan struct{} // closed when the writer has stopped

	// The game loop's own fields.
	name, version string
	power         rules.Power // NoPower: not seated
	observer      bool
	mapOK         bool
	gone          bool
}

// send queues wire bytes; a client that does not read is cut off.
func (c *client) send(b []byte) {
	select {
	case <-c.done:
	case c.out <- b:
	default:
		c.close()
	}
}

func (c *client) close() {
	c.once.Do(func() {
		close(c.done)
		c.nc.Close()
	})
}

// Start begins the game with the clients seated so far, the other remote
// powers in civil disorder; without it the game starts when every remote
// power is seated and has accepted the map.
func (s *Server) Start() {
	select {
	case s.events <- event{start: true}:
	default:
		go func() { s.events <- event{start: true} }()
	}
}

// Run plays the game on ln until it ends or ctx is done, then tells every
// client OFF and closes ln and the connections.
func (s *Server) Run(ctx context.Context, ln net.Listener) (*Outcome, error) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		s.accept(ln)
	}()
	g := newGame(s)
	out, err := g.loop(ctx)
	ln.Close()
	s.mu.Lock()
	var writers []chan struct{}
	for c := range s.conns {
		c.send(encodeDMOrNil(Message{OFF}))
		c.send(encodeFM())
		close(c.drain)
		writers = append(writers, c.wrote)
	}
	s.mu.Unlock()
	// Each client is told OFF before Run returns (a process that exits
	// then would cut it off), unless it does not read within a second.
	bound := time.After(time.Second)
	for _, w := range writers {
		select {
		case <-w:
		case <-bound:
		}
	}
	s.mu.Lock()
	for c := range s.conns {
		c.close()
	}
	s.mu.Unlock()
	wg.Wait()
	return out, err
}

func encodeDMOrNil(m Message) []byte {
	b, _ := encodeDM(m)
	return b
}

// accept takes connections until ln is closed.
func (s *Server) accept(ln net.Listener) {
	for {
		nc, err := ln.Accept()
		if err != nil {
			return
		}
		if tc, ok := nc.(*net.TCPConn); ok {
			tc.SetKeepAlive(true)
		}
		c := &client{nc: nc, out: make(chan []byte, outQueue), done: make(chan struct{}),
			drain: make(chan struct{}), wrote: make(chan struct{})}
		s.mu.Lock()
		s.conns[c] = true
		s.mu.Unlock()
		go s.write(c)
		go s.read(c)
	}
}

// write sends a client's queued messages.
func (s *Server) write(c *client) {
	defer close(c.wrote)
	w := bufio.NewWriter(c.nc)
	for {
		select {
		case <-c.done:
			return
		case <-c.drain:
			for {
				select {
				case b := <-c.out:
					if _, err := w.Write(b); err != nil {
						c.close()
						return
					}
				default:
					w.Flush()
					c.close()
					return
				}
			}
		case b := <-c.out:
			if _, err := w.Write(b); err != nil {
				c.close()
				return
			}
			for more := true; more; {
				select {
				case b := <-c.out:
					if _, err := w.Write(b); err != nil {
						c.close()
						return
					}
				default:
					more = false
				}
			}
			if err := w.Flush(); err != nil {
				c.close()
				return
			}
		}
	}
}

// read reads a client's messages: the initial message, then diplomacy
// messages, each handed to the game loop; a broken structure ends the
// connection with an error message.
func (s *Server) read(c *client) {
	defer func() {
		s.mu.Lock()
		delete(s.conns, c)
		s.mu.Unlock()
	}()
	r := bufio.NewReader(c.nc)
	fail := func(err error) {
		var pe *ProtocolError
		if errors.As(err, &pe) {
			c.send(encodeEM(pe.Code))
			s.logf("daide: %s: %v", c.nc.RemoteAddr(), err)
			time.AfterFunc(100*time.Millisecond, c.close)
		} else {
			c.close()
		}
		s.events <- event{c: c, err: err}
	}
	c.nc.SetReadDeadline(time.Now().Add(s.cfg.InitialTimeout))
	f, err := readFrame(r)
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		err = &ProtocolError{ErrIMTimer, "no initial message"}
	}
	if err != nil {
		fail(err)
		return
	}
	if f.typ != typeIM {
		fail(&ProtocolError{ErrIMNotFirst, "the first message was not the initial message"})
		return
	}
	if err := checkIM(f.data); err != nil {
		fail(err)
		return
	}
	c.nc.SetReadDeadline(time.Time{})
	c.send(encodeRM(s.rep.Entries()))
	tokens, last := float64(floodBurst), time.Now()
	for {
		f, err := readFrame(r)
		if err != nil {
			fail(err)
			return
		}
		switch f.typ {
		case typeDM:
			m, err := decodeDM(f.data)
			if err != nil {
				fail(err)
				return
			}
			now := time.Now()
			tokens = min(floodBurst, tokens+now.Sub(last).Seconds()*floodRate)
			last = now
			if tokens < 1 {
				time.Sleep(time.Duration((1 - tokens) / floodRate * float64(time.Second)))
				tokens = 1
			}
			tokens--
			select {
			case s.events <- event{c: c, msg: m}:
			case <-c.done:
				return
			}
		case typeFM:
			c.close()
			s.events <- event{c: c, err: ErrClosed}
			return
		case typeEM:
			c.close()
			code := 0
			if len(f.data) == 2 {
				code = int(f.data[1])
			}
			s.events <- event{c: c, err: &RemoteError{code}}
			return
		case typeIM:
			fail(&ProtocolError{ErrIMTwice, "a second initial message"})
			return
		case typeRM:
			fail(&ProtocolError{ErrRMFromClient, "a representation message from a client"})
			return
		default:
			fail(&ProtocolError{ErrUnknownMessage, fmt.Sprintf("message type %d", f.typ)})
			return
		}
	}
}

func (s *Server) logf(format string, args ...any) {
	if s.cfg.Logf != nil {
		s.cfg.Logf(format, args...)
	}
}

// sendTo sends a language message to one client.
func (s *Server) sendTo(c *client, m Message) {
	b, err := encodeDM(m)
	if err != nil {
		s.logf("%v", err)
		return
	}
	c.send(b)
}

// passcodes draws a passcode per remote power.
func passcodes(seed uint64, powers []rules.Power) map[rules.Power]int {
	rnd := rand.New(rand.NewPCG(seed, 0xDA1DE))
	out := map[rules.Power]int{}
	for _, p := range powers {
		out[p] = 1 + rnd.IntN(8190)
	}
	return out
}
