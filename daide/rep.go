package daide

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/chancery/chancery/rules"
)

// Representation is a variant's powers and provinces as DAIDE tokens, and
// their three-letter names. A game's server sends it in its
// representation message; both ends read and write every message through
// it.
type Representation struct {
	// Variant is the variant the tokens stand for.
	Variant *rules.Variant
	// Standard reports that the tokens are DAIDE's standard ones, which
	// the protocol defines without a representation message: the server
	// then sends an empty one, as clients written for the standard map
	// expect.
	Standard bool

	powerTok []Token          // by power id; 0 for the neutral power
	powerOf  []rules.Power    // by a power token's low byte
	provTok  []Token          // by province id; 0 for a space DAIDE does not have
	provOf   []rules.Province // by a province token's low byte
	names    map[Token]string
	tokens   map[string]Token
}

// ErrNotExpressible is returned for a variant whose rules the DAIDE
// protocol cannot express, wrapped with the reason.
var ErrNotExpressible = errors.New("the DAIDE protocol cannot express this variant")

// standardNames are DAIDE's names of the standard seas that Chancery's
// maps call otherwise.
var standardNames = map[string]string{"bot": "GOB", "eng": "ECH", "lyo": "GOL"}

// NewRepresentation numbers the powers and provinces of v as DAIDE does:
// powers in the map's order, provinces by category (inland, sea, coastal,
// bicoastal; supply centres after the others in each) then by name, which
// for the standard map gives DAIDE's standard tokens. Impassable spaces
// have no token. A variant with neutral units (Sengoku), railway moves or
// gated borders (Colonial) is refused with ErrNotExpressible: DAIDE's
// units belong to powers and its orders have no railway move and no
// permission.
func NewRepresentation(v *rules.Variant) (*Representation, error) {
	m := v.Map
	switch {
	case v.Neutral != rules.NoPower:
		return nil, fmt.Errorf("%w %s: DAIDE units belong to powers, so its neutral units cannot be shown", ErrNotExpressible, v.Name)
	case len(m.Railways()) > 0:
		return nil, fmt.Errorf("%w %s: DAIDE has no railway move", ErrNotExpressible, v.Name)
	}
	for _, k := range m.BorderKinds {
		if k.Gate != rules.NoProvince {
			return nil, fmt.Errorf("%w %s: DAIDE has no order that permits a move through a canal", ErrNotExpressible, v.Name)
		}
	}
	r := &Representation{Variant: v, names: map[Token]string{}, tokens: map[string]Token{},
		powerTok: make([]Token, len(m.Powers)), provTok: make([]Token, len(m.Provinces))}
	for _, p := range v.Powers() {
		name := r.uniqueName(m.PowerName(p), strings.ToUpper(m.PowerName(p)))
		t := Token(catPower<<8 | len(r.powerOf))
		r.powerTok[p] = t
		r.powerOf = append(r.powerOf, p)
		r.name(t, name)
	}
	type prov struct {
		p    rules.Province
		cat  int
		name string
	}
	var provs []prov
	for i := range m.Provinces {
		pi := &m.Provinces[i]
		if pi.Impassable {
			continue
		}
		cat := catProvince
		switch {
		case len(pi.Coasts) > 0:
			cat += 6
		case pi.Terrain == rules.Coastal:
			cat += 4
		case pi.Terrain == rules.Sea:
			cat += 2
		}
		if pi.SupplyCenter {
			cat++
		}
		abbr := strings.ToUpper(pi.Abbr)
		if n, ok := standardNames[pi.Abbr]; ok {
			abbr = n
		}
		provs = append(provs, prov{rules.Province(i), cat, abbr})
	}
	sort.Slice(provs, func(a, b int) bool {
		if provs[a].cat != provs[b].cat {
			return provs[a].cat < provs[b].cat
		}
		return provs[a].name < provs[b].name
	})
	if len(provs) > 256 {
		return nil, fmt.Errorf("%w %s: more than 256 provinces", ErrNotExpressible, v.Name)
	}
	for i, pv := range provs {
		t := Token(pv.cat<<8 | i)
		r.provTok[pv.p] = t
		r.provOf = append(r.provOf, pv.p)
		r.name(t, r.uniqueName(m.Provinces[pv.p].Name, pv.name))
	}
	r.Standard = r.isStandard()
	return r, nil
}

// name records t's name.
func (r *Representation) name(t Token, name string) {
	r.names[t] = name
	r.tokens[name] = t
}

// uniqueName returns want if it is three letters or digits that no token
// of the language or of this map has yet, and otherwise another such name
// made from the letters of full (a map may not call a province NOT or SUM,
// which are words of the language).
func (r *Representation) uniqueName(full, want string) string {
	free := func(s string) bool {
		_, taken := r.tokens[s]
		return len(s) == 3 && !reservedName(s) && !taken && isNameChars(s)
	}
	if len(want) >= 3 && free(want[:3]) {
		return want[:3]
	}
	letters := []byte{}
	for _, c := range strings.ToUpper(full) {
		if c >= 'A' && c <= 'Z' {
			letters = append(letters, byte(c))
		}
	}
	for len(letters) < 3 {
		letters = append(letters, 'X')
	}
	for i := 1; i < len(letters); i++ {
		for j := i + 1; j < len(letters); j++ {
			if s := string([]byte{letters[0], letters[i], letters[j]}); free(s) {
				return s
			}
		}
	}
	for n := 0; ; n++ {
		if s := fmt.Sprintf("%c%02d", letters[0], n%100); free(s) {
			return s
		}
	}
}

func isNameChars(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// standardTokens are a few of DAIDE's standard province tokens, enough to
// tell the standard numbering from any other.
var standardTokens = map[string]Token{"BOH": 0x5000, "ADR": 0x520E, "ALB": 0x5421, "ANK": 0x5530,
	"VEN": 0x5547, "BUL": 0x5748, "STP": 0x574A, "AUS": 0x4100, "TUR": 0x4106}

// isStandard reports whether the tokens are DAIDE's standard ones.
func (r *Representation) isStandard() bool {
	if len(r.provOf) != 75 || len(r.powerOf) != 7 {
		return false
	}
	for n, t := range standardTokens {
		if r.tokens[n] != t {
			return false
		}
	}
	return true
}

// Power returns the token of a playing power.
func (r *Representation) Power(p rules.Power) Token {
	if int(p) < len(r.powerTok) {
		return r.powerTok[p]
	}
	return 0
}

// PowerOf returns the power of a power token.
func (r *Representation) PowerOf(t Token) (rules.Power, bool) {
	if !t.IsPower() || int(byte(t)) >= len(r.powerOf) {
		return rules.NoPower, false
	}
	return r.powerOf[byte(t)], true
}

// Province returns the token of a province (0 for an impassable space).
func (r *Representation) Province(p rules.Province) Token {
	if int(p) < len(r.provTok) {
		return r.provTok[p]
	}
	return 0
}

// ProvinceOf returns the province of a province token.
func (r *Representation) ProvinceOf(t Token) (rules.Province, bool) {
	if !t.IsProvince() || int(byte(t)) >= len(r.provOf) || r.provTok[r.provOf[byte(t)]] != t {
		return rules.NoProvince, false
	}
	return r.provOf[byte(t)], true
}

// Powers returns the power tokens in order.
func (r *Representation) Powers() []Token {
	out := make([]Token, len(r.powerOf))
	for i, p := range r.powerOf {
		out[i] = r.powerTok[p]
	}
	return out
}

// Name returns the text of a token: a province's or power's three letters,
// a fixed token's name, or the value for others.
func (r *Representation) Name(t Token) string {
	if n, ok := r.names[t]; ok {
		return n
	}
	return t.String()
}

// Lookup returns the token of a name (any case): a fixed token, a power
// or a province of this representation.
func (r *Representation) Lookup(name string) (Token, bool) {
	name = strings.ToUpper(name)
	if t, ok := r.tokens[name]; ok {
		return t, true
	}
	t, ok := fixedTokens()[name]
	return t, ok
}

// Entries returns the representation message's entries: each power's and
// province's token and name, or none for the standard map.
func (r *Representation) Entries() []Entry {
	if r.Standard {
		return nil
	}
	out := make([]Entry, 0, len(r.powerOf)+len(r.provOf))
	for _, t := range r.Powers() {
		out = append(out, Entry{t, r.names[t]})
	}
	for _, p := range r.provOf {
		t := r.provTok[p]
		out = append(out, Entry{t, r.names[t]})
	}
	return out
}

// Entry is one token of a representation message and its name.
type Entry struct {
	Token Token
	Name  string
}

// coast returns the DAIDE coast token of a core coast.
func coastToken(c rules.Coast) Token {
	switch c {
	case rules.NorthCoast:
		return NCS
	case rules.SouthCoast:
		return SCS
	case rules.EastCoast:
		return ECS
	case rules.WestCoast:
		return WCS
	}
	return 0
}

// coastOf returns the core coast of a DAIDE coast token.
func coastOf(t Token) (rules.Coast, bool) {
	switch t {
	case NCS:
		return rules.NorthCoast, true
	case SCS:
		return rules.SouthCoast, true
	case ECS:
		return rules.EastCoast, true
	case WCS:
		return rules.WestCoast, true
	}
	return rules.NoCoast, false
}
