package daide

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Message is one language message: a sequence of tokens.
type Message []Token

// Msg builds a message from its parts: tokens, messages (spliced in),
// ints (integer tokens) and strings (text tokens, one per byte).
func Msg(parts ...any) Message {
	var m Message
	for _, p := range parts {
		switch p := p.(type) {
		case Token:
			m = append(m, p)
		case Message:
			m = append(m, p...)
		case int:
			m = append(m, Int(p))
		case string:
			m = appendText(m, p)
		default:
			panic(fmt.Sprintf("daide.Msg: a %T is not a part of a message", p)) // a programming error, never input
		}
	}
	return m
}

// Group returns m in brackets.
func Group(m ...Token) Message {
	out := make(Message, 0, len(m)+2)
	out = append(out, BRA)
	out = append(out, m...)
	return append(out, KET)
}

// G is Group of Msg(parts...).
func G(parts ...any) Message { return Group(Msg(parts...)...) }

func appendText(m Message, s string) Message {
	for i := 0; i < len(s); i++ {
		m = append(m, Token(catText<<8|int(s[i])))
	}
	return m
}

// Balanced reports whether m's brackets match.
func (m Message) Balanced() bool {
	depth := 0
	for _, t := range m {
		switch t {
		case BRA:
			depth++
		case KET:
			depth--
			if depth < 0 {
				return false
			}
		}
	}
	return depth == 0
}

// Item is one element at the top level of a message: a token, or a
// bracketed group (without its brackets).
type Item struct {
	Tok   Token   // the token, when Group is nil
	Group Message // the group's contents (non-nil, maybe empty, for a group)
}

// IsGroup reports whether the item is a bracketed group.
func (it Item) IsGroup() bool { return it.Group != nil }

// Items splits a message into its top-level items. A run of text tokens
// is one item per token; in a message whose brackets do not match, a stray
// close bracket is an item and an unclosed group runs to the end.
func (m Message) Items() []Item {
	var out []Item
	for i := 0; i < len(m); i++ {
		if m[i] != BRA {
			out = append(out, Item{Tok: m[i]})
			continue
		}
		depth, j := 1, i+1
		for ; j < len(m) && depth > 0; j++ {
			switch m[j] {
			case BRA:
				depth++
			case KET:
				depth--
			}
		}
		end := j - 1
		if depth > 0 {
			end = j // an unclosed group runs to the end of the message
		}
		g := m[i+1 : end]
		if g == nil {
			g = Message{}
		}
		out = append(out, Item{Group: g})
		i = j - 1
	}
	return out
}

// Text returns the string of a message made only of text tokens.
func (m Message) Text() (string, bool) {
	b := make([]byte, len(m))
	for i, t := range m {
		if !t.IsText() {
			return "", false
		}
		b[i] = byte(t)
	}
	return string(b), true
}

// Equal reports whether two messages are the same tokens.
func (m Message) Equal(o Message) bool {
	if len(m) != len(o) {
		return false
	}
	for i := range m {
		if m[i] != o[i] {
			return false
		}
	}
	return true
}

// Format writes m as text, tokens separated by spaces, runs of text tokens
// as one quoted string: HLO (ENG) (1234) ((LVL 0)). r names the powers and
// provinces; nil writes them as numbers.
func (m Message) Format(r *Representation) string {
	var b strings.Builder
	name := func(t Token) string {
		if r != nil {
			return r.Name(t)
		}
		return t.String()
	}
	for i := 0; i < len(m); i++ {
		t := m[i]
		if i > 0 && t != KET && m[i-1] != BRA {
			b.WriteByte(' ')
		}
		if t.IsText() {
			j := i
			for j < len(m) && m[j].IsText() {
				j++
			}
			s, _ := m[i:j].Text()
			b.WriteString("'" + strings.ReplaceAll(s, "'", "''") + "'")
			i = j - 1
			continue
		}
		b.WriteString(name(t))
	}
	return b.String()
}

// ErrSyntax is a text message that does not read.
var ErrSyntax = errors.New("daide: bad message text")

// Parse reads the text form of a message (as Format writes it; names in
// any case, strings in single quotes with ” for a quote).
func Parse(r *Representation, s string) (Message, error) {
	var m Message
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '(':
			m = append(m, BRA)
			i++
		case c == ')':
			m = append(m, KET)
			i++
		case c == '\'':
			j := i + 1
			var text []byte
			for ; j < len(s); j++ {
				if s[j] == '\'' {
					if j+1 < len(s) && s[j+1] == '\'' {
						text = append(text, '\'')
						j++
						continue
					}
					break
				}
				text = append(text, s[j])
			}
			if j >= len(s) {
				return nil, fmt.Errorf("%w: unterminated string at %d", ErrSyntax, i)
			}
			m = appendText(m, string(text))
			i = j + 1
		default:
			j := i
			for j < len(s) && !strings.ContainsRune(" \t\r\n()'", rune(s[j])) {
				j++
			}
			w := s[i:j]
			if n, err := strconv.Atoi(w); err == nil {
				if n < -8192 || n > 8191 {
					return nil, fmt.Errorf("%w: %d is out of the integers' range", ErrSyntax, n)
				}
				m = append(m, Int(n))
			} else if t, ok := lookup(r, w); ok {
				m = append(m, t)
			} else {
				return nil, fmt.Errorf("%w: unknown token %q", ErrSyntax, w)
			}
			i = j
		}
	}
	return m, nil
}

func lookup(r *Representation, w string) (Token, bool) {
	if r != nil {
		return r.Lookup(w)
	}
	t, ok := fixedTokens()[strings.ToUpper(w)]
	return t, ok
}

// MustParse is Parse for messages written in the program (tests, fixed
// replies): it panics on a message that does not read.
func MustParse(r *Representation, s string) Message {
	m, err := Parse(r, s)
	if err != nil {
		panic(err)
	}
	return m
}
