package table

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
)

// Decode reads a request's JSON payload into v as strictly as the API
// documents it: one object and nothing after it, field names exactly as
// written (case counts), each key once, no unknown fields, in the payload
// and in every object inside it. The server reads what every kind shares
// with it; a kind reads its own payloads (settings, orders, moves) with it
// too, so that every payload is read alike. Its errors are of class
// ErrMalformed.
func Decode(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.Is(err, io.EOF):
			return Errorf(ErrMalformed, "the request body is empty; a JSON object is expected")
		case errors.As(err, &se):
			return Errorf(ErrMalformed, "malformed JSON at byte %d: %v", se.Offset, err)
		case errors.As(err, &te):
			field := te.Field
			if field == "" {
				field = "the body"
			} else {
				field = fmt.Sprintf("field %q", field)
			}
			return Errorf(ErrMalformed, "%s: expected %s, got %s", field, jsonKind(te.Type), te.Value)
		}
		// encoding/json's other errors (unknown fields) are checked
		// below with better messages; a value it cannot read is not.
		if !strings.HasPrefix(err.Error(), "json: unknown field") {
			return Errorf(ErrMalformed, "bad JSON: %v", err)
		}
	}
	end := dec.InputOffset()
	if rest := bytes.TrimSpace(data[end:]); len(rest) > 0 {
		return Errorf(ErrMalformed, "unexpected data after the JSON object at byte %d: the body must hold one JSON object", end)
	}
	if err := checkKeys(data[:end], reflect.TypeOf(v)); err != nil {
		return Errorf(ErrMalformed, "%v", err)
	}
	return nil
}

// DecodeSettings reads a kind's settings, the fields of a new game's
// request that are not every kind's (Options), into v, a pointer to a
// struct, as Decode does; but a field v has not is refused as a setting
// the kind has not (ErrInvalid), not as malformed: it may well be
// another kind's. kind names the kind for the message ("Diceplomacy").
// Empty settings leave v as it is.
func DecodeSettings(data []byte, v any, kind string) error {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil
	}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(data, &keys); err == nil {
		fields := jsonFields(reflect.TypeOf(v).Elem())
		for key := range keys {
			if _, ok := fields[key]; !ok && !caseOf(key, fields) {
				return Errorf(ErrInvalid, "%s: not a setting of %s games", key, kind)
			}
		}
	}
	return Decode(data, v)
}

// DecodeSplit reads into v, a pointer to a struct, the fields of a JSON
// object that v has, as strictly as Decode, and returns the others, as an
// object, for another to read: the server reads what every kind of game
// has, the game's kind its own settings (DecodeSettings). A key that
// names one of v's fields in another case is refused (ErrMalformed).
func DecodeSplit(data []byte, v any) (rest json.RawMessage, err error) {
	var all map[string]json.RawMessage
	if err := Decode(data, &all); err != nil {
		return nil, err
	}
	fields := jsonFields(reflect.TypeOf(v).Elem())
	mine, others := map[string]json.RawMessage{}, map[string]json.RawMessage{}
	for key, value := range all {
		switch _, ok := fields[key]; {
		case ok:
			mine[key] = value
		case caseOf(key, fields):
			return nil, Errorf(ErrMalformed, "%v", unknownField("", key, fields))
		default:
			others[key] = value
		}
	}
	own, err := json.Marshal(mine)
	if err != nil {
		return nil, err
	}
	if err := Decode(own, v); err != nil {
		return nil, err
	}
	return json.Marshal(others)
}

// caseOf says whether key names one of fields in another case.
func caseOf(key string, fields map[string]reflect.Type) bool {
	for name := range fields {
		if strings.EqualFold(name, key) {
			return true
		}
	}
	return false
}

// jsonKind names what JSON value a Go type is read from, for messages
// that speak of the request, not of the server's types.
func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Pointer:
		return jsonKind(t.Elem())
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	}
	return "another value"
}

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
