package daide

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chancery/chancery/engine"
	"github.com/chancery/chancery/rules"
)

// TestStandardTokens: the standard map numbers its powers and provinces
// as DAIDE's protocol document does, so the server sends an empty
// representation message, as clients written for the standard map expect.
func TestStandardTokens(t *testing.T) {
	r, err := NewRepresentation(variant(t, "standard"))
	if err != nil {
		t.Fatal(err)
	}
	if !r.Standard || len(r.Entries()) != 0 {
		t.Fatalf("standard: Standard=%v with %d entries", r.Standard, len(r.Entries()))
	}
	want := map[string]Token{"BOH": 0x5000, "UKR": 0x5006, "BUD": 0x5107, "WAR": 0x510D, "ADR": 0x520E, "ECH": 0x5214,
		"GOB": 0x5215, "GOL": 0x5216, "WES": 0x5220, "ALB": 0x5421, "YOR": 0x542F, "ANK": 0x5530, "VEN": 0x5547,
		"BUL": 0x5748, "SPA": 0x5749, "STP": 0x574A, "AUS": 0x4100, "ENG": 0x4101, "TUR": 0x4106}
	for n, tok := range want {
		if got, ok := r.Lookup(n); !ok || got != tok {
			t.Errorf("%s = %#04x, want %#04x", n, got, tok)
		}
	}
	if _, ok := r.Lookup("SWI"); ok {
		t.Error("Switzerland, which no unit can enter, has a token")
	}
}

// TestVariantsTheProtocolCannotExpress are refused with the reason.
func TestVariantsTheProtocolCannotExpress(t *testing.T) {
	for name, why := range map[string]string{"sengoku": "neutral", "colonial": "railway"} {
		_, err := NewRepresentation(variant(t, name))
		if !errors.Is(err, ErrNotExpressible) || !strings.Contains(err.Error(), why) {
			t.Errorf("%s: %v, want ErrNotExpressible about %s", name, err, why)
		}
	}
	r, err := NewRepresentation(variant(t, "1900"))
	if err != nil || r.Standard {
		t.Fatalf("1900: %v (standard %v)", err, r != nil && r.Standard)
	}
	seen := map[string]bool{}
	for _, e := range r.Entries() {
		if len(e.Name) != 3 || reservedName(e.Name) || seen[e.Name] {
			t.Errorf("1900: bad or repeated name %q", e.Name)
		}
		seen[e.Name] = true
	}
}

// TestMapDefinitionIsTheMap reads the MDF of each variant back and
// checks it against the map: the powers, the supply centres and their
// homes, and every border an army or a fleet may cross, and nothing else.
func TestMapDefinitionIsTheMap(t *testing.T) {
	for _, name := range []string{"standard", "1900"} {
		t.Run(name, func(t *testing.T) {
			v := variant(t, name)
			r, err := NewRepresentation(v)
			if err != nil {
				t.Fatal(err)
			}
			mdf := r.MapDefinition()
			// The text form reads back to the same tokens.
			if back, err := Parse(r, mdf.Format(r)); err != nil || !back.Equal(mdf) {
				t.Fatalf("the MDF's text does not read back: %v", err)
			}
			items := mdf.Items()
			if len(items) != 4 || items[0].Tok != MDF {
				t.Fatalf("MDF has %d items", len(items))
			}
			if got := items[1].Group; !got.Equal(Message(r.Powers())) {
				t.Errorf("powers %s", got.Format(r))
			}
			provs := items[2].Group.Items()
			homes := map[rules.Province]rules.Power{}
			for _, it := range provs[0].Group.Items() {
				owner, _ := r.PowerOf(it.Group[0])
				for _, tok := range it.Group[1:] {
					p, ok := r.ProvinceOf(tok)
					if !ok || !v.Map.Provinces[p].SupplyCenter {
						t.Errorf("%s is listed as a centre", r.Name(tok))
					}
					homes[p] = owner
				}
			}
			count := len(homes) + len(provs[1].Group)
			for p := range v.Map.Provinces {
				pi := &v.Map.Provinces[p]
				if pi.SupplyCenter && homes[rules.Province(p)] != pi.Home {
					t.Errorf("%s: home %d in the MDF, %d on the map", pi.Abbr, homes[rules.Province(p)], pi.Home)
				}
				if !pi.Impassable {
					count--
				}
			}
			if count != 0 {
				t.Errorf("the MDF lists %d provinces more than the map's passable ones", count)
			}
			got := map[string]bool{}
			for _, it := range items[3].Group.Items() {
				adj := it.Group.Items()
				from, _ := r.ProvinceOf(adj[0].Tok)
				for _, ca := range adj[1:] {
					list := ca.Group.Items()
					kind, at := "A", rules.At(from)
					if list[0].IsGroup() {
						c, _ := coastOf(list[0].Group[1])
						kind, at = "F", rules.Loc{Province: from, Coast: c}
					} else if list[0].Tok == FLT {
						kind = "F"
					}
					for _, to := range list[1:] {
						l, note := r.readLoc(to)
						if note != 0 {
							t.Fatalf("bad location in the adjacencies of %s", r.Name(adj[0].Tok))
						}
						got[fmt.Sprint(kind, at, l)] = true
					}
				}
			}
			want := map[string]bool{}
			for _, b := range v.Map.Borders() {
				if v.Map.Provinces[b.From.Province].Impassable || v.Map.Provinces[b.To.Province].Impassable {
					continue
				}
				if b.Army {
					want[fmt.Sprint("A", b.From, b.To)] = true
				}
				if b.Fleet {
					want[fmt.Sprint("F", b.From, b.To)] = true
				}
			}
			var diff []string
			for k := range want {
				if !got[k] {
					diff = append(diff, "missing "+k)
				}
			}
			for k := range got {
				if !want[k] {
					diff = append(diff, "extra "+k)
				}
			}
			sort.Strings(diff)
			if len(diff) > 0 {
				t.Errorf("%d differences between the MDF and the map, first: %v", len(diff), diff[:min(5, len(diff))])
			}
		})
	}
}

// TestMessageText: messages read back from their text form.
func TestMessageText(t *testing.T) {
	r, _ := NewRepresentation(variant(t, "standard"))
	for _, s := range []string{
		"HLO (ENG) (1234) ((LVL 0) (MTL 1200))",
		"SUB ((ENG FLT (STP SCS)) MTO BOT)",
		"NME ('Dumb''s bot') ('1.0')",
		"TME (-5)",
		"SCO (AUS BUD TRI VIE) (UNO BEL)",
	} {
		m, err := Parse(r, s)
		if strings.Contains(s, "BOT") {
			if err == nil {
				t.Errorf("%q read, but BOT is no token", s)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		if got := m.Format(r); got != s {
			t.Errorf("%q formats as %q", s, got)
		}
	}
	if _, err := Parse(r, "NME ('unterminated)"); err == nil {
		t.Error("an unterminated string read")
	}
	if _, err := Parse(r, "TME (9000)"); err == nil {
		t.Error("an integer out of range read")
	}
}

// FuzzParse: no text makes Parse fail other than with an error, and what
// it reads formats and reads back the same.
func FuzzParse(f *testing.F) {
	r, err := NewRepresentation(variantOf(f, "standard"))
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{"HLO (ENG) (1234) ((LVL 0))", "NME ('a') ('b')", "SUB ((ENG AMY LVP) HLD)", "(((", "'x''y'"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := Parse(r, s)
		if err != nil {
			return
		}
		back, err := Parse(r, m.Format(r))
		if err != nil || !back.Equal(m) {
			t.Fatalf("%q -> %q does not read back: %v", s, m.Format(r), err)
		}
		m.Items()
	})
}

// FuzzDiplomacyMessage: the server's reading of any bytes as a diplomacy
// message, and its handling of the tokens by a seated player's game,
// never fails other than with an answer.
func FuzzDiplomacyMessage(f *testing.F) {
	v := variantOf(f, "standard")
	s, err := New(Config{Engine: engine.New(v), Remote: v.Powers()[:1]})
	if err != nil {
		f.Fatal(err)
	}
	f.Add([]byte{0x48, 0x18, 0x40, 0x00, 0x40, 0x00, 0x41, 0x01, 0x42, 0x00, 0x55, 0x3B, 0x40, 0x01, 0x43, 0x22, 0x40, 0x01})
	f.Add([]byte{0x48, 0x0C, 0x40, 0x00, 0x4B, 0x41, 0x40, 0x01})
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := decodeDM(data)
		if err != nil {
			return
		}
		g := newGame(s)
		c := &client{out: make(chan []byte, 64), done: make(chan struct{}), nc: nopConn{}}
		g.clients[c] = true
		g.message(c, Msg(NME, G("x"), G("y")))
		c.mapOK = true
		g.tryStart()
		g.message(c, m)
	})
}

// nopConn is a net.Conn that goes nowhere, for the fuzz test's clients.
type nopConn struct{ net.Conn }

func (nopConn) Close() error { return nil }

func variantOf(f *testing.F, name string) *rules.Variant {
	v, err := lookupVariant(name)
	if err != nil {
		f.Fatal(err)
	}
	return v
}

// testClient is a DAIDE client that speaks raw messages, for the tests of
// bad input.
type testClient struct {
	t *testing.T
	*Conn
}

func dial(t *testing.T, addr string, r *Representation) *testClient {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := Dial(ctx, addr)
	if err != nil {
		t.Fatal(err)
	}
	c.Rep = r
	t.Cleanup(func() { c.nc.Close() })
	return &testClient{t, c}
}

func (c *testClient) send(s string) {
	c.t.Helper()
	if err := c.Send(MustParse(c.Rep, s)); err != nil {
		c.t.Fatal(err)
	}
}

// expect reads messages until one whose text starts with prefix, and
// returns its text; other messages are skipped.
func (c *testClient) expect(prefix string) string {
	c.t.Helper()
	c.nc.SetReadDeadline(time.Now().Add(20 * time.Second))
	for {
		m, err := c.Recv()
		if err != nil {
			c.t.Fatalf("waiting for %q: %v", prefix, err)
		}
		if s := m.Format(c.Rep); strings.HasPrefix(s, prefix) {
			return s
		}
	}
}

// join seats the client: NME, the map accepted.
func (c *testClient) join() {
	c.t.Helper()
	c.send("NME ('test') ('1')")
	c.expect("YES (NME")
	c.expect("MAP ('standard')")
	c.send("MDF")
	c.expect("MDF")
	c.send("YES (MAP ('standard'))")
}

// TestBadInputGetsAnswers: a client that breaks the rules of the language
// or of the game gets the protocol's answers, and the game goes on.
func TestBadInputGetsAnswers(t *testing.T) {
	v := variant(t, "standard")
	eng, fra := v.Powers()[1], v.Powers()[2]
	s, addr, done := serve(t, Config{Engine: engine.New(v), Remote: []rules.Power{eng, fra}, Seed: 3})
	r := s.Representation()
	a := dial(t, addr, r)
	a.send("SUB ((ENG AMY LVP) HLD)")
	a.expect("REJ (SUB")
	a.join()
	b := dial(t, addr, r)
	b.join()
	a.expect("HLO (ENG)")
	hlo := b.expect("HLO (FRA)")
	var code int
	fmt.Sscanf(hlo, "HLO (FRA) (%d)", &code)
	a.expect("NOW (SPR 1901)")
	// Bad brackets, an unknown command, press at level 0.
	a.Send(Msg(NOW, BRA))
	a.expect("PRN (NOW (")
	a.send("YES")
	a.expect("HUH (YES ERR)")
	a.send("SND (FRA) (PCE (ENG FRA))")
	a.expect("HUH (ERR SND")
	// Orders: another power's unit, a unit that is not there, a province
	// too far, a retreat in a movement turn, then good ones.
	a.send("SUB ((FRA AMY PAR) HLD) ((ENG AMY LON) HLD) ((ENG FLT LON) MTO BLA) ((ENG FLT EDI) RTO NTH) ((ENG FLT LON) MTO ECH)")
	for _, want := range []string{"THX ((FRA AMY PAR) HLD) (NYU)", "THX ((ENG AMY LON) HLD) (NSU)", "THX ((ENG FLT LON) MTO BLA) (FAR)",
		"THX ((ENG FLT EDI) RTO NTH) (NRS)", "THX ((ENG FLT LON) MTO ECH) (MBV)"} {
		if got := a.expect("THX"); got != want {
			t.Errorf("got %s, want %s", got, want)
		}
	}
	a.expect("MIS (ENG FLT EDI) (ENG AMY LVP)")
	a.send("SUB (FAL 1901) ((ENG FLT EDI) HLD)")
	a.expect("REJ (SUB (FAL 1901)")
	a.send("SUB (SPR 1901) ((ENG FLT EDI) MTO NWG) ((ENG AMY LVP) MTO YOR)")
	a.expect("THX ((ENG AMY LVP) MTO YOR) (MBV)")
	// France leaves in the middle of the turn: England is told, and the
	// turn is played without waiting for it.
	b.Conn.nc.Close()
	a.expect("CCD (FRA)")
	a.expect("ORD (SPR 1901) ((ENG FLT LON) MTO ECH) (SUC)")
	a.expect("NOW (FAL 1901)")
	// France comes back with its passcode; a wrong passcode is refused.
	c := dial(t, addr, r)
	c.send(fmt.Sprintf("IAM (FRA) (%d)", code%8190+1))
	c.expect("REJ (IAM")
	c.send(fmt.Sprintf("IAM (FRA) (%d)", code))
	c.expect("YES (IAM")
	a.expect("NOT (CCD (FRA))")
	a.send("DRW")
	a.expect("YES (DRW)")
	a.Close()
	_ = done
}

// TestBadInitialMessage: a connection that does not start with the
// initial message gets an error message and is closed.
func TestBadInitialMessage(t *testing.T) {
	v := variant(t, "standard")
	_, addr, _ := serve(t, Config{Engine: engine.New(v), Remote: v.Powers()})
	for name, tc := range map[string]struct {
		first []byte
		code  byte
	}{
		"wrong magic":  {appendFrame(nil, typeIM, []byte{0, 1, 0xDA, 0x11}), ErrIMMagic},
		"wrong endian": {appendFrame(nil, typeIM, []byte{0, 1, 0x10, 0xDA}), ErrIMWrongEndian},
		"not first":    {appendFrame(nil, typeDM, []byte{0x48, 0x0E}), ErrIMNotFirst},
	} {
		nc, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		nc.Write(tc.first)
		nc.SetReadDeadline(time.Now().Add(10 * time.Second))
		f, err := readFrame(bufio.NewReader(nc))
		if err != nil || f.typ != typeEM || len(f.data) != 2 || f.data[1] != tc.code {
			t.Errorf("%s: got %+v, %v; want error message %d", name, f, err, tc.code)
		}
		nc.Close()
	}
}

// TestFloodingClientStallsNobody: a client that sends a stream of
// nonsense and never reads its answers is cut off or slowed, and the
// other players' game goes on to its end.
func TestFloodingClientStallsNobody(t *testing.T) {
	v := variant(t, "standard")
	powers := v.Powers()
	_, addr, done := serve(t, Config{Engine: engine.New(v), Remote: powers[:2], LastYear: 1901, Seed: 5})
	flood := dial(t, addr, nil)
	go func() {
		b, _ := encodeDM(Msg(HUH, BRA, YES, KET))
		junk, _ := encodeDM(Message{0x4FFF, YES, 0x4E07})
		for i := 0; i < 20000; i++ {
			if _, err := flood.nc.Write(b); err != nil {
				return
			}
			if _, err := flood.nc.Write(junk); err != nil {
				return
			}
		}
	}()
	decide := decider(0, v)
	errs := make(chan error, 2)
	for range 2 {
		c, err := Dial(context.Background(), addr)
		if err != nil {
			t.Fatal(err)
		}
		go func() {
			_, err := Play(context.Background(), c, "player", "1", lookupVariant, decide, 1)
			errs <- err
		}()
	}
	for range 2 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	if out := <-done; !out.Drawn {
		t.Fatalf("the game did not end: %+v", out)
	}
}

// TestSupportAcrossTheCapeIsTaken: the MDF lists 1900's cape route as an
// ordinary border, so a client that trusts it may support across it. The
// order is taken (MBV) and voided by the adjudication (NSO), and the turn
// is played at once: refused, it left the unit without an order, and
// DumbBot, which sends its orders once, waited out every such turn's
// deadline.
func TestSupportAcrossTheCapeIsTaken(t *testing.T) {
	v := variant(t, "1900")
	bri := v.Powers()[1]
	s, addr, _ := serve(t, Config{Engine: engine.New(v), Remote: []rules.Power{bri}, Seed: 3})
	r := s.Representation()
	a := dial(t, addr, r)
	a.send("NME ('test') ('1')")
	a.expect("YES (NME")
	a.expect("MAP ('1900')")
	a.send("YES (MAP ('1900'))")
	a.expect("HLO (BRI)")
	a.expect("NOW (SPR 1900)")
	// A support that no border allows is still refused.
	a.send("SUB ((BRI FLT EDI) SUP (BRI FLT GIB) MTO MAO)")
	if got, want := a.expect("THX"), "THX ((BRI FLT EDI) SUP (BRI FLT GIB) MTO MAO) (FAR)"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	a.send("SUB ((BRI FLT EGY) SUP (BRI FLT GIB) MTO MAO) ((BRI FLT GIB) MTO MAO) ((BRI FLT EDI) HLD) ((BRI FLT LON) HLD)")
	for _, want := range []string{"THX ((BRI FLT EGY) SUP (BRI FLT GIB) MTO MAO) (MBV)", "THX ((BRI FLT GIB) MTO MAO) (MBV)",
		"THX ((BRI FLT EDI) HLD) (MBV)", "THX ((BRI FLT LON) HLD) (MBV)"} {
		if got := a.expect("THX"); got != want {
			t.Errorf("got %s, want %s", got, want)
		}
	}
	if got, want := a.expect("ORD (SPR 1900) ((BRI FLT EGY)"), "ORD (SPR 1900) ((BRI FLT EGY) SUP (BRI FLT GIB) MTO MAO) (NSO)"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	a.expect("NOW (FAL 1900)")
}
