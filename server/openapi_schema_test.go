package server

import (
	"bytes"
	"fmt"
	"mime"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/routers"
	"github.com/oasdiff/yaml"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// The JSON bodies of the exchanges are checked against their schemas in
// api/openapi.yaml (and the kinds' parts it refers to) by a JSON Schema
// 2020-12 validator that compiles each schema once, the first time an
// exchange needs it: kin-openapi compiles the schema again for every
// value it checks, which took a quarter of the package's tests' CPU.
// kin-openapi still routes each exchange and checks its parameters,
// status, headers and content types (openapi_test.go).

// apiSchemas compiles the documents' schemas, each once.
type apiSchemas struct {
	base string // the URL of api/openapi.yaml

	mu       sync.Mutex
	compiler *jsonschema.Compiler
	compiled map[string]*jsonschema.Schema // by location
}

// bodySchemas are the schemas of the document in ../api.
var bodySchemas = sync.OnceValues(func() (*apiSchemas, error) { return loadSchemas("../api") })

// loadSchemas reads every document of dir into one compiler.
func loadSchemas(dir string) (*apiSchemas, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	files, err := filepath.Glob(filepath.Join(abs, "*.yaml"))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat() // the date-times, as kin-openapi checks them
	var base string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		js, err := yaml.YAMLToJSON(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(js))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		u := (&url.URL{Scheme: "file", Path: filepath.ToSlash(f)}).String()
		if err := c.AddResource(u, doc); err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		if filepath.Base(f) == "openapi.yaml" {
			base = u
		}
	}
	if base == "" {
		return nil, fmt.Errorf("no openapi.yaml in %s", dir)
	}
	return &apiSchemas{base: base, compiler: c, compiled: map[string]*jsonschema.Schema{}}, nil
}

// schema returns the compiled schema at ref (a JSON pointer in
// openapi.yaml, or a reference relative to it).
func (s *apiSchemas) schema(ref string) (*jsonschema.Schema, error) {
	b, err := url.Parse(s.base)
	if err != nil {
		return nil, err
	}
	r, err := url.Parse(ref)
	if err != nil {
		return nil, err
	}
	loc := b.ResolveReference(r).String()
	s.mu.Lock()
	defer s.mu.Unlock()
	if sch, ok := s.compiled[loc]; ok {
		return sch, nil
	}
	sch, err := s.compiler.Compile(loc)
	if err != nil {
		return nil, fmt.Errorf("compiling %s: %w", loc, err)
	}
	s.compiled[loc] = sch
	return sch, nil
}

// pointerPart escapes one step of a JSON pointer in a URL's fragment.
func pointerPart(s string) string {
	return url.PathEscape(strings.NewReplacer("~", "~0", "/", "~1").Replace(s))
}

// isJSON reports whether a content type is JSON, which the schemas
// check here.
func isJSON(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	return err == nil && (mt == "application/json" || strings.HasSuffix(mt, "+json"))
}

// operationRef is the location of a route's operation.
func operationRef(route *routers.Route) string {
	return "#/paths/" + pointerPart(route.Path) + "/" + strings.ToLower(route.Method)
}

// contentRef is the location of the schema of content type ct in
// content, found at at, or "" when content has none for ct.
func contentRef(at string, content openapi3.Content, ct string) (ref string, ok bool) {
	mt := content.Get(ct)
	if mt == nil {
		return "", false
	}
	for k, v := range content {
		if v == mt {
			if mt.Schema == nil {
				return "", true
			}
			return at + "/content/" + pointerPart(k) + "/schema", true
		}
	}
	return "", false
}

// checkJSONBody validates a JSON body against the schema at ref.
func (s *apiSchemas) checkJSONBody(ref string, body []byte) error {
	sch, err := s.schema(ref)
	if err != nil {
		return err
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("not JSON: %w", err)
	}
	return sch.Validate(v)
}

// checkRequestBody checks a JSON request body as kin-openapi's
// ValidateRequestBody does: present when required, of a documented
// content type, valid against its schema.
func (s *apiSchemas) checkRequestBody(route *routers.Route, contentType string, body []byte) error {
	rb := route.Operation.RequestBody
	if rb == nil || rb.Value == nil {
		return nil
	}
	if len(body) == 0 {
		if rb.Value.Required {
			return fmt.Errorf("request body: required, none sent")
		}
		return nil
	}
	if len(rb.Value.Content) == 0 {
		return nil
	}
	at := operationRef(route) + "/requestBody"
	if rb.Ref != "" {
		at = rb.Ref
	}
	ref, ok := contentRef(at, rb.Value.Content, contentType)
	if !ok {
		return fmt.Errorf("request body: content type %q is not documented", contentType)
	}
	if ref == "" {
		return nil
	}
	if err := s.checkJSONBody(ref, body); err != nil {
		return fmt.Errorf("request body: %w", err)
	}
	return nil
}

// checkResponseBody checks a JSON response body as kin-openapi's
// ValidateResponse does, its status documented (it checked that).
func (s *apiSchemas) checkResponseBody(route *routers.Route, status int, contentType string, body []byte) error {
	responses := route.Operation.Responses
	if responses.Len() == 0 {
		return nil
	}
	key, r := strconv.Itoa(status), responses.Status(status)
	if r != nil {
		for k, v := range responses.Map() {
			if v == r {
				key = k
			}
		}
	} else if r = responses.Default(); r != nil {
		key = "default"
	} else {
		return nil
	}
	if r.Value == nil || len(r.Value.Content) == 0 {
		return nil
	}
	at := operationRef(route) + "/responses/" + pointerPart(key)
	if r.Ref != "" {
		at = r.Ref
	}
	ref, ok := contentRef(at, r.Value.Content, contentType)
	if !ok {
		return fmt.Errorf("response: content type %q is not documented", contentType)
	}
	if ref == "" {
		return nil
	}
	if err := s.checkJSONBody(ref, body); err != nil {
		return fmt.Errorf("response body: %w", err)
	}
	return nil
}
