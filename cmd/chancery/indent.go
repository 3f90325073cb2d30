package main

import (
	"bytes"
	"encoding/json"
)

// appendIndent appends src, compact JSON, indented as json.Indent(dst,
// src, "", "  ") indents it, in one pass over its bytes: json.Indent's
// scanner costs more than the phase a one-phase run adjudicates. src
// with white space between tokens is left to json.Indent.
func appendIndent(dst, src []byte) ([]byte, error) {
	start := len(dst)
	depth := 0
	newline := func() {
		dst = append(dst, '\n')
		for i := 0; i < depth; i++ {
			dst = append(dst, ' ', ' ')
		}
	}
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch c {
		case '"':
			j := i + 1
			for j < len(src) && src[j] != '"' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(src) {
				return slowIndent(dst[:start], src)
			}
			dst = append(dst, src[i:j+1]...)
			i = j
		case '{', '[':
			dst = append(dst, c)
			if i+1 < len(src) && (src[i+1] == '}' || src[i+1] == ']') {
				dst = append(dst, src[i+1])
				i++
				continue
			}
			depth++
			newline()
		case '}', ']':
			depth--
			newline()
			dst = append(dst, c)
		case ',':
			dst = append(dst, c)
			newline()
		case ':':
			dst = append(dst, ':', ' ')
		case ' ', '\t', '\n', '\r':
			return slowIndent(dst[:start], src)
		default:
			dst = append(dst, c)
		}
	}
	return dst, nil
}

// slowIndent is appendIndent by json.Indent.
func slowIndent(dst, src []byte) ([]byte, error) {
	b := bytes.NewBuffer(dst)
	err := json.Indent(b, src, "", "  ")
	return b.Bytes(), err
}
