package web

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// maxFuncLines is the longest a client function may be: a function longer
// than a screen does several things and hides its state in its closures.
const maxFuncLines = 80

// TestNoLongFunctions: no function, method or arrow function in web/src is
// over maxFuncLines lines, from the line of its name (an arrow's =>) to its
// closing brace (an arrow's last expression line). A nested function counts
// in its parent's lines too: a page made of closures is one long function.
func TestNoLongFunctions(t *testing.T) {
	var files int
	err := filepath.WalkDir("src", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".ts") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		files++
		for _, f := range tsFunctions(string(src)) {
			if f.lines() > maxFuncLines {
				t.Errorf("%s:%d: %s is %d lines, over %d: split it into named parts", path, f.start, f.name, f.lines(), maxFuncLines)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 20 {
		t.Fatalf("only %d TypeScript files under src", files)
	}
}

// TestFunctionScanner: the scanner behind TestNoLongFunctions finds
// functions of every form and their extents, and is not misled by braces
// in strings, template literals, comments, regular expressions and types.
func TestFunctionScanner(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string // "name start-end"
	}{
		{"declaration", "function f(a: number): void {\n  return;\n}\n", []string{"f 1-3"}},
		{"generic with a type literal result", "export function g<T>(x: T): { a: T[]; b: Map<string, T> } {\n  const o = { a: [x], b: new Map() };\n  return o;\n}\n", []string{"g 1-4"}},
		{"method and class", "class Board {\n  private x = 1;\n  orders(a: string): Promise<void> {\n    if (a) {\n    }\n  }\n  get y() { return 2; }\n}\n", []string{"Board.orders 3-6", "Board.y 7-7"}},
		{"arrow with a body", "const h = (e: Event) => {\n  for (const x of y) {\n  }\n};\n", []string{"h 1-4"}},
		{"concise arrow", "export const num = (n: number): string =>\n  fmt(n,\n    2);\nconst z = 1;\n", []string{"(arrow) 1-3"}},
		{"returning a function", "export function page(root: HTMLElement): () => void {\n  return () => {\n  };\n}\n", []string{"page 1-4", "page.(arrow) 2-3"}},
		{"typed variable", "export const lobbyPage: Page<{ a: string }> = async (root) => {\n};\n", []string{"lobbyPage 1-2"}},
		{"callback", "el.addEventListener(\"click\", (e) => {\n  go();\n});\n", []string{"(arrow) 1-3"}},
		{"nested", "function outer() {\n  const inner = () => {\n    x();\n  };\n}\n", []string{"outer 1-5", "outer.inner 2-4"}},
		{"braces in strings and comments", "function s() {\n  const a = \"{\"; const b = '}'; // }\n  /* { */\n}\nfunction u() {\n}\n", []string{"s 1-4", "u 5-6"}},
		{"template literals", "function tpl(x) {\n  return `a { ${x ? `}${y}` : \"{\"} }\n  ${ { k: 1 }.k }`;\n}\n", []string{"tpl 1-4"}},
		{"regular expressions", "function re(s) {\n  s.replace(/\\{(\\w+)\\}/g, (_, k) => k);\n  return s.split(/[}/]/).length / 2;\n}\n", []string{"re 1-4", "re.(arrow) 2-2"}},
		{"not functions", "if (a) {\n} else {\n}\nswitch (x) {\ncase 1: {\n}\n}\ninterface I {\n  f(): void;\n}\ntype T = { a: string };\nconst o = { a: 1 };\ntry {\n} catch (e) {\n}\n", nil},
		{"object methods", "const o = {\n  m(x) {\n    return x;\n  },\n  n: function () {\n  },\n};\n", []string{"m 2-4", "n 5-6"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, f := range tsFunctions(tt.src) {
				got = append(got, fmt.Sprintf("%s %d-%d", f.name, f.start, f.end))
			}
			if strings.Join(got, "; ") != strings.Join(tt.want, "; ") {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

// tsFunc is a function found in TypeScript source: its name (qualified by
// the functions and classes around it), its first and last lines.
type tsFunc struct {
	name       string
	start, end int
}

func (f tsFunc) lines() int { return f.end - f.start + 1 }

// tsToken is a token of TypeScript source: an identifier or keyword, a
// punctuator, or (kind 's') a string, a template literal's text, a number
// or a regular expression, whose contents do not matter here.
type tsToken struct {
	text      string
	kind      byte // 'i' identifier, 'p' punctuator, 's' literal
	line, end int  // first and last line
}

// tsTokens splits TypeScript source into tokens, leaving out comments. It
// knows enough of the language for the client's code: strings, template
// literals with their ${} expressions (nested), regular expressions (a /
// where an operand is expected), and => as one token.
func tsTokens(src string) []tsToken {
	var toks []tsToken
	line := 1
	var braces []bool // open { and ${: true for a template's ${
	regexAllowed := func() bool {
		if len(toks) == 0 {
			return true
		}
		p := toks[len(toks)-1]
		switch p.kind {
		case 'p':
			return p.text != ")" && p.text != "]" && p.text != "}"
		case 'i':
			switch p.text {
			case "return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw", "yield", "await", "instanceof":
				return true
			}
		}
		return false
	}
	i := 0
	// template scans a template literal's text from i up to its closing `
	// or an ${, which it leaves open on the brace stack.
	template := func() {
		start := line
		for i < len(src) {
			c := src[i]
			switch {
			case c == '\\':
				i++
			case c == '\n':
				line++
			case c == '`':
				i++
				toks = append(toks, tsToken{"`", 's', start, line})
				return
			case c == '$' && i+1 < len(src) && src[i+1] == '{':
				i += 2
				braces = append(braces, true)
				toks = append(toks, tsToken{"`${", 's', start, line})
				return
			}
			i++
		}
	}
	for i < len(src) {
		c := src[i]
		switch {
		case c == '\n':
			line++
			i++
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case strings.HasPrefix(src[i:], "//"):
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case strings.HasPrefix(src[i:], "/*"):
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				end = len(src) - i - 4
			}
			line += strings.Count(src[i:i+2+end], "\n")
			i += end + 4
		case c == '"' || c == '\'':
			j := i + 1
			for j < len(src) && src[j] != c && src[j] != '\n' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			toks = append(toks, tsToken{"\"", 's', line, line})
			i = j + 1
		case c == '`':
			i++
			template()
		case c == '/' && regexAllowed():
			j, class := i+1, false
			for j < len(src) && src[j] != '\n' && (src[j] != '/' || class) {
				switch src[j] {
				case '\\':
					j++
				case '[':
					class = true
				case ']':
					class = false
				}
				j++
			}
			j++
			for j < len(src) && isIdentByte(src[j]) {
				j++ // flags
			}
			toks = append(toks, tsToken{"/re/", 's', line, line})
			i = j
		case c >= '0' && c <= '9':
			j := i
			for j < len(src) && (isIdentByte(src[j]) || src[j] == '.') {
				j++
			}
			toks = append(toks, tsToken{src[i:j], 's', line, line})
			i = j
		case isIdentByte(c) || c >= utf8.RuneSelf:
			j := i
			for j < len(src) {
				r, n := utf8.DecodeRuneInString(src[j:])
				if !(r == '_' || r == '$' || unicode.IsLetter(r) || unicode.IsDigit(r)) {
					break
				}
				j += n
			}
			if j == i {
				_, n := utf8.DecodeRuneInString(src[i:])
				j = i + n
			}
			toks = append(toks, tsToken{src[i:j], 'i', line, line})
			i = j
		case strings.HasPrefix(src[i:], "=>"):
			toks = append(toks, tsToken{"=>", 'p', line, line})
			i += 2
		case c == '{':
			braces = append(braces, false)
			toks = append(toks, tsToken{"{", 'p', line, line})
			i++
		case c == '}':
			if n := len(braces); n > 0 && braces[n-1] {
				braces = braces[:n-1]
				i++
				template()
				continue
			} else if n > 0 {
				braces = braces[:n-1]
			}
			toks = append(toks, tsToken{"}", 'p', line, line})
			i++
		default:
			toks = append(toks, tsToken{string(c), 'p', line, line})
			i++
		}
	}
	return toks
}

func isIdentByte(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// tsFunctions finds the functions of TypeScript source, in order of their
// starts: declarations, methods (of classes and object literals),
// function expressions and arrow functions.
func tsFunctions(src string) []tsFunc {
	toks := tsTokens(src)
	// match finds the token that opens the group closed at toks[j]
	// (a ), ] or }), or -1.
	match := func(j int) int {
		depth := 0
		for ; j >= 0; j-- {
			switch toks[j].text {
			case ")", "]", "}":
				depth++
			case "(", "[", "{":
				depth--
				if depth == 0 {
					return j
				}
			}
		}
		return -1
	}
	// afterParams says whether the ) at toks[j] closes a function's
	// parameters (not an if's condition), and the function's name.
	afterParams := func(j int) (bool, string, int) {
		k := match(j)
		if k <= 0 {
			return false, "", 0
		}
		n := k - 1
		if toks[n].text == ">" { // generic parameters: f<T>(
			depth := 0
			for ; n >= 0; n-- {
				if toks[n].text == ">" {
					depth++
				} else if toks[n].text == "<" {
					depth--
					if depth == 0 {
						n--
						break
					}
				}
			}
		}
		if n < 0 {
			return false, "", 0
		}
		switch name := toks[n]; name.text {
		case "if", "for", "while", "switch", "catch", "with":
			return false, "", 0
		case "function":
			if n >= 2 && (toks[n-1].text == ":" || toks[n-1].text == "=") && toks[n-2].kind == 'i' {
				return true, toks[n-2].text, toks[n-2].line
			}
			return true, "(function)", name.line
		default:
			if name.kind == 'i' {
				return true, name.text, name.line
			}
			return true, "(function)", name.line
		}
	}
	// body says whether the { at toks[i] opens a function's body, or a
	// class's, and its name and first line.
	body := func(i int) (fn, class bool, name string, line int) {
		if i == 0 {
			return false, false, "", 0
		}
		if toks[i-1].text == "=>" && !typeArrow(toks, i-1, match) {
			return true, false, arrowName(toks, i-1, match), toks[i-1].line
		}
		if toks[i-1].text == ")" {
			fn, name, line := afterParams(i - 1)
			return fn, false, name, line
		}
		if toks[i-1].text == ":" {
			return false, false, "", 0 // a type literal, a case's block
		}
		// A return type: ): T {, or a class's head: class C extends D<E> {.
		depth := 0
		for j := i - 1; j >= 0 && j > i-80; j-- {
			tk := toks[j]
			switch tk.text {
			case ")", "]", "}", ">":
				depth++
				continue
			case "(", "[", "{", "<":
				depth--
				if depth < 0 {
					return false, false, "", 0
				}
				continue
			}
			if depth > 0 {
				continue
			}
			switch tk.text {
			case "class":
				if j+1 < i && toks[j+1].kind == 'i' {
					return false, true, toks[j+1].text, tk.line
				}
				return false, true, "(class)", tk.line
			case ":":
				if j > 0 && toks[j-1].text == ")" {
					fn, name, line := afterParams(j - 1)
					return fn, false, name, line
				}
				return false, false, "", 0
			case ";", "=", ",", "?", "return", "interface", "type", "enum", "else", "do", "try", "finally", "case", "default", "namespace", "declare":
				return false, false, "", 0
			}
		}
		return false, false, "", 0
	}

	type open struct {
		name  string // the function's or class's name, or "" for a block
		fn    bool
		start int
	}
	var stack []open
	var out []tsFunc
	qualified := func(name string) string {
		var parts []string
		for _, o := range stack {
			if o.name != "" {
				parts = append(parts, o.name)
			}
		}
		return strings.Join(append(parts, name), ".")
	}
	for i, tk := range toks {
		switch tk.text {
		case "{":
			if tk.kind != 'p' {
				continue
			}
			fn, class, name, line := body(i)
			switch {
			case fn:
				out = append(out, tsFunc{name: qualified(name), start: line})
				stack = append(stack, open{name, true, len(out) - 1})
			case class:
				stack = append(stack, open{name: name})
			default:
				stack = append(stack, open{})
			}
		case "}":
			if tk.kind != 'p' || len(stack) == 0 {
				continue
			}
			o := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if o.fn {
				out[o.start].end = tk.line
			}
		case "=>":
			if i+1 < len(toks) && toks[i+1].text == "{" || typeArrow(toks, i, match) {
				continue
			}
			// A concise body: up to the , ; or closing bracket that ends
			// its expression.
			depth, j := 0, i+1
		scan:
			for ; j < len(toks); j++ {
				switch toks[j].text {
				case "(", "[", "{":
					depth++
				case ")", "]", "}":
					if depth == 0 {
						break scan
					}
					depth--
				case ",", ";":
					if depth == 0 {
						break scan
					}
				}
			}
			end := toks[j-1].end
			out = append(out, tsFunc{name: qualified(arrowName(toks, i, match)), start: tk.line, end: end})
		}
	}
	return out
}

// typeArrow says whether the => at toks[i] is a function type's in a
// return type, as in f(): () => void {, rather than an arrow function's.
func typeArrow(toks []tsToken, i int, match func(int) int) bool {
	p := i - 1
	if p < 0 || toks[p].text != ")" {
		return false
	}
	p = match(p)
	return p >= 2 && toks[p-1].text == ":" && toks[p-2].text == ")"
}

// arrowName names the arrow function whose => is toks[i]: the variable or
// property it is assigned to, or "(arrow)".
func arrowName(toks []tsToken, i int, match func(int) int) string {
	p := i - 1
	if p < 0 {
		return "(arrow)"
	}
	if toks[p].text == ")" {
		p = match(p)
	}
	if p > 0 && toks[p-1].text == "async" {
		p--
	}
	if p >= 2 && toks[p-1].text == "=" {
		// const name: Type = (...) =>
		for j := p - 2; j > 0 && j > p-20; j-- {
			if d := toks[j-1].text; (d == "const" || d == "let" || d == "var") && toks[j].kind == 'i' {
				return toks[j].text
			}
		}
	}
	if p >= 2 && (toks[p-1].text == "=" || toks[p-1].text == ":") && toks[p-2].kind == 'i' {
		return toks[p-2].text
	}
	return "(arrow)"
}
