package daide

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"net"
	"strings"
	"time"

	"github.com/chancery/chancery/rules"
)

// Conn is a client's connection to a DAIDE server: the initial message
// sent, the representation read.
type Conn struct {
	nc      net.Conn
	r       *bufio.Reader
	w       *bufio.Writer
	entries []Entry
	// Rep is the representation the client reads messages with, once it
	// knows the map (Adopt).
	Rep *Representation
}

// Dial connects to a DAIDE server at addr, sends the initial message and
// reads the representation message.
func Dial(ctx context.Context, addr string) (*Conn, error) {
	var d net.Dialer
	nc, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return nil, err
	}
	c := &Conn{nc: nc, r: bufio.NewReader(nc), w: bufio.NewWriter(nc)}
	if _, err := c.w.Write(encodeIM()); err != nil {
		nc.Close()
		return nil, err
	}
	if err := c.w.Flush(); err != nil {
		nc.Close()
		return nil, err
	}
	if dl, ok := ctx.Deadline(); ok {
		nc.SetReadDeadline(dl)
	}
	f, err := readFrame(c.r)
	nc.SetReadDeadline(time.Time{})
	if err != nil {
		nc.Close()
		return nil, err
	}
	switch f.typ {
	case typeRM:
		if c.entries, err = decodeRM(f.data); err != nil {
			nc.Close()
			return nil, err
		}
	case typeEM:
		nc.Close()
		code := 0
		if len(f.data) == 2 {
			code = int(f.data[1])
		}
		return nil, &RemoteError{code}
	default:
		nc.Close()
		return nil, &ProtocolError{ErrRMNotFirst, "the server's first message was not a representation message"}
	}
	return c, nil
}

// Adopt makes the client read messages with the tokens of variant v, as
// the server's representation message numbered them: the standard
// numbering for an empty one, and otherwise each power and province
// matched by its name. A name the variant does not have is an error.
func (c *Conn) Adopt(v *rules.Variant) error {
	r, err := NewRepresentation(v)
	if err != nil {
		return err
	}
	if len(c.entries) == 0 {
		if !r.Standard {
			return fmt.Errorf("daide: the server uses the standard map's tokens, which %s does not have", v.Name)
		}
		c.Rep = r
		return nil
	}
	ours := map[string]Token{}
	for _, e := range r.Entries() {
		ours[e.Name] = e.Token
	}
	if r.Standard {
		for t, n := range r.names {
			ours[n] = t
		}
	}
	n := &Representation{Variant: v, names: map[Token]string{}, tokens: map[string]Token{},
		powerTok: make([]Token, len(r.powerTok)), provTok: make([]Token, len(r.provTok)),
		powerOf: make([]rules.Power, 256), provOf: make([]rules.Province, 256)}
	for _, e := range c.entries {
		name := strings.TrimRight(e.Name, "\x00")
		t, ok := ours[name]
		if !ok {
			return fmt.Errorf("daide: the server's %s is not in %s", name, v.Name)
		}
		n.name(e.Token, name)
		if p, ok := r.PowerOf(t); ok && e.Token.IsPower() {
			n.powerTok[p], n.powerOf[byte(e.Token)] = e.Token, p
		} else if pr, ok := r.ProvinceOf(t); ok && e.Token.IsProvince() {
			n.provTok[pr], n.provOf[byte(e.Token)] = e.Token, pr
		} else {
			return fmt.Errorf("daide: the server's %s is not the same kind of token as %s's", name, v.Name)
		}
	}
	c.Rep = n
	return nil
}

// Send sends one language message.
func (c *Conn) Send(m Message) error {
	b, err := encodeDM(m)
	if err != nil {
		return err
	}
	if _, err := c.w.Write(b); err != nil {
		return err
	}
	return c.w.Flush()
}

// Recv reads the next language message; a final message is ErrClosed, an
// error message a *RemoteError.
func (c *Conn) Recv() (Message, error) {
	for {
		f, err := readFrame(c.r)
		if err != nil {
			return nil, err
		}
		switch f.typ {
		case typeDM:
			return decodeDM(f.data)
		case typeFM:
			return nil, ErrClosed
		case typeEM:
			code := 0
			if len(f.data) == 2 {
				code = int(f.data[1])
			}
			return nil, &RemoteError{code}
		case typeRM:
			c.entries, err = decodeRM(f.data)
			if err != nil {
				return nil, err
			}
		default:
			return nil, &ProtocolError{ErrUnknownMessage, fmt.Sprintf("message type %d", f.typ)}
		}
	}
}

// Close sends the final message and closes the connection.
func (c *Conn) Close() error {
	c.w.Write(encodeFM())
	c.w.Flush()
	return c.nc.Close()
}

// Decider decides a power's orders in a position: Chancery's bots.
type Decider func(v *rules.Variant, pos *rules.Position, power rules.Power, rnd *rand.Rand) []rules.Order

// Play plays a game on a DAIDE server as a player named name: it joins,
// accepts the map if it is one of variants (by name), and orders with
// decide each turn (drawing from a stream of seed and the power it
// plays) until the server says OFF or closes. It returns the
// game's last NOW and SCO as a position, or an error.
func Play(ctx context.Context, c *Conn, name, version string, variants func(string) (*rules.Variant, error),
	decide Decider, seed uint64) (*rules.Position, error) {
	var rnd *rand.Rand
	if err := c.Send(Msg(NME, G(name), G(version))); err != nil {
		return nil, err
	}
	stop := context.AfterFunc(ctx, func() { c.nc.SetReadDeadline(time.Now()) })
	defer stop()
	var power rules.Power
	var now, sco Message
	var last *rules.Position
	for {
		m, err := c.Recv()
		if err != nil {
			if err == ErrClosed {
				return last, nil
			}
			if ctx.Err() != nil {
				return last, ctx.Err()
			}
			return last, err
		}
		if len(m) == 0 {
			continue
		}
		switch m[0] {
		case MAP:
			its := m.Items()
			mapName := ""
			if len(its) == 2 && its[1].IsGroup() {
				mapName, _ = its[1].Group.Text()
			}
			v, err := variants(mapName)
			if err == nil {
				err = c.Adopt(v)
			}
			if err != nil {
				c.Send(Msg(REJ, Group(m...)))
				return nil, fmt.Errorf("daide: cannot play map %q: %w", mapName, err)
			}
			if err := c.Send(Msg(YES, Group(m...))); err != nil {
				return nil, err
			}
		case HLO:
			its := m.Items()
			if len(its) > 1 && its[1].IsGroup() && len(its[1].Group) == 1 && c.Rep != nil {
				power, _ = c.Rep.PowerOf(its[1].Group[0])
				// Each power's choices are its own stream: the same seed
				// plays the same game whatever seat the server gives.
				rnd = rand.New(rand.NewPCG(seed, uint64(power)))
			}
		case SCO:
			sco = m
		case NOW:
			now = m
			if c.Rep == nil || sco == nil {
				continue
			}
			pos, err := c.Rep.ReadPosition(now, sco)
			if err != nil {
				return last, err
			}
			last = pos
			if power == rules.NoPower || !c.Rep.Variant.Owes(pos, power) {
				continue
			}
			orders := decide(c.Rep.Variant, pos, power, rnd)
			sub := Message{SUB}
			for _, o := range orders {
				if om := c.Rep.Order(o, pos, nil); om != nil {
					sub = append(sub, Group(om...)...)
				}
			}
			if pos.Phase.Type == rules.AdjustmentPhase {
				builds := 0
				for _, o := range orders {
					if o.Type == rules.Build || o.Type == rules.Waive {
						builds++
					}
				}
				for due := c.Rep.Variant.AdjustmentDue(pos, power); builds < due; builds++ {
					sub = append(sub, G(c.Rep.Power(power), WVE)...)
				}
			}
			if len(sub) > 1 {
				if err := c.Send(sub); err != nil {
					return last, err
				}
			}
		case OFF:
			c.Close()
			return last, nil
		}
	}
}
