package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
)

// checkKeys walks one JSON value (already known to be well formed) and
// refuses what encoding/json lets through but the API documents as an
// error: a key that appears twice in one object (encoding/json keeps the
// last), and a key that matches a field of the Go type it is read into
// only when case is ignored (encoding/json matches {"NAME":...} to the
// field "name"). Unknown fields are reported too. t is the type the value
// is decoded into; nil checks only for duplicate keys.
func checkKeys(data []byte, t reflect.Type) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	return keyChecker{dec}.value(t, "")
}

type keyChecker struct{ dec *json.Decoder }

var unmarshalerType = reflect.TypeFor[json.Unmarshaler]()

func (c keyChecker) value(t reflect.Type, path string) error {
	tok, err := c.dec.Token()
	if err != nil {
		return fmt.Errorf("malformed JSON: %w", err)
	}
	delim, ok := tok.(json.Delim)
	if !ok {
		return nil
	}
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t != nil && reflect.PointerTo(t).Implements(unmarshalerType) {
		t = nil // a type that reads itself: only duplicates are checked
	}
	switch delim {
	case '{':
		var fields map[string]reflect.Type
		if t != nil && t.Kind() == reflect.Struct {
			fields = jsonFields(t)
		}
		seen := map[string]bool{}
		for c.dec.More() {
			tok, err := c.dec.Token()
			if err != nil {
				return fmt.Errorf("malformed JSON: %w", err)
			}
			key, _ := tok.(string)
			if seen[key] {
				return fmt.Errorf("%s: the key %q appears twice", where(path), key)
			}
			seen[key] = true
			var ft reflect.Type
			switch {
			case fields != nil:
				if ft, ok = fields[key]; !ok {
					return unknownField(path, key, fields)
				}
			case t != nil && t.Kind() == reflect.Map:
				ft = t.Elem()
			}
			if err := c.value(ft, path+"."+key); err != nil {
				return err
			}
		}
	case '[':
		var et reflect.Type
		if t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
			et = t.Elem()
		}
		for i := 0; c.dec.More(); i++ {
			if err := c.value(et, fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
	}
	_, err = c.dec.Token() // the closing delimiter
	return err
}

// where names a place in the request body for an error message.
func where(path string) string {
	if path == "" {
		return "the body"
	}
	return "field " + strings.TrimPrefix(path, ".")
}

func unknownField(path, key string, fields map[string]reflect.Type) error {
	for name := range fields {
		if strings.EqualFold(name, key) {
			return fmt.Errorf("%s: unknown field %q (field names are case-sensitive: %q)", where(path), key, name)
		}
	}
	return fmt.Errorf("%s: unknown field %q", where(path), key)
}

// jsonFields returns the JSON names of a struct's fields, as
// encoding/json reads them, with their types.
func jsonFields(t reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for f := range t.Fields() {
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				for k, v := range jsonFields(ft) {
					if _, ok := out[k]; !ok {
						out[k] = v
					}
				}
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out[name] = f.Type
	}
	return out
}
