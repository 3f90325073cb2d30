package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	legacyrouter "github.com/getkin/kin-openapi/routers/legacy"
)

// The end-to-end tests' HTTP client checks every request it sends and
// every answer it gets against api/openapi.yaml, so that the document and
// the server cannot drift apart: an answer the document does not
// describe (a status not listed for the operation, a field of the wrong
// type, null where an array is documented) fails the test that made the
// request. A request that the document forbids (the tests send many on
// purpose) must be refused with a 4xx, itself as documented.

// anyOperation are the statuses that any operation may answer without
// listing them, as the document's introduction says: a body or headers
// too large, and a server fault.
var anyOperation = map[int]bool{413: true, 431: true, 500: true}

// registerSVG lets the validator read board pictures (SVG) as text; the
// decoders are the library's global registry, so this runs once.
var registerSVG = sync.OnceFunc(func() {
	openapi3filter.RegisterBodyDecoder("image/svg+xml", openapi3filter.PlainBodyDecoder)
	openapi3filter.RegisterBodyDecoder("text/calendar", openapi3filter.PlainBodyDecoder)
})

// specRouter returns a router over the document with base (the test
// server's /api/v1) as its server. A test server on loopback, as every
// test's is, gets the one router of the process, made on first use (the
// document takes a core a good part of a second to load and check, and
// the tests make hundreds of clients); any other base gets its own.
func specRouter(t testing.TB, base string) routers.Router {
	t.Helper()
	if loopbackAPI.MatchString(base) {
		r, err := loopbackRouter()
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	r, err := newSpecRouter(openapi3.Servers{{URL: base}})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// loopbackAPI matches the API of a test server on loopback.
var loopbackAPI = regexp.MustCompile(`^http://127\.0\.0\.1:[0-9]+/api/v1$`)

// loopbackRouter is the router for every test server on loopback,
// whatever its port.
var loopbackRouter = sync.OnceValues(func() (routers.Router, error) {
	return newSpecRouter(openapi3.Servers{{URL: "http://127.0.0.1:{port}/api/v1",
		Variables: map[string]*openapi3.ServerVariable{"port": {Default: "80"}}}})
})

// newSpecRouter loads the document with servers as its servers, and a
// router over it.
func newSpecRouter(servers openapi3.Servers) (routers.Router, error) {
	registerSVG()
	// The document is in parts: what every kind of game shares, and each
	// kind's own part, which it refers to.
	loader := openapi3.NewLoader()
	loader.IsExternalRefsAllowed = true
	doc, err := loader.LoadFromFile("../api/openapi.yaml")
	if err != nil {
		return nil, fmt.Errorf("api/openapi.yaml: %w", err)
	}
	if err := doc.Validate(loader.Context); err != nil {
		return nil, fmt.Errorf("api/openapi.yaml is not a valid OpenAPI document: %w", err)
	}
	doc.Servers = servers
	router, err := legacyrouter.NewRouter(doc)
	if err != nil {
		return nil, fmt.Errorf("api/openapi.yaml: %w", err)
	}
	return router, nil
}

// specClient returns an HTTP client for the API at base that checks every
// exchange against the document.
func specClient(t testing.TB, base string) *http.Client {
	return &http.Client{Transport: &specTransport{t: t, router: specRouter(t, base), next: http.DefaultTransport}}
}

// specTransport is an http.RoundTripper that checks each exchange
// against the document.
type specTransport struct {
	t      testing.TB
	router routers.Router
	next   http.RoundTripper
}

func (s *specTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	var reqBody []byte
	if req.Body != nil {
		var err error
		if reqBody, err = io.ReadAll(req.Body); err != nil {
			return nil, err
		}
		req.Body.Close()
		req.Body = io.NopCloser(bytes.NewReader(reqBody))
	}
	resp, err := s.next.RoundTrip(req)
	if err != nil {
		return resp, err
	}
	// The check reads its own copy of the request.
	check := req.Clone(context.Background())
	check.Body = io.NopCloser(bytes.NewReader(reqBody))
	where := fmt.Sprintf("%s %s -> %d", req.Method, req.URL.RequestURI(), resp.StatusCode)
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		// A stream never ends by itself: its status and headers are
		// checked, not its body.
		if err := s.check(check, resp, nil, true); err != nil {
			s.t.Errorf("api/openapi.yaml and the server disagree: %s: %v", where, err)
		}
		return resp, nil
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader(body))
	if err != nil {
		return resp, nil // the test sees the error reading the body
	}
	if err := s.check(check, resp, body, false); err != nil {
		s.t.Errorf("api/openapi.yaml and the server disagree: %s: %v\n%s", where, err, body)
	}
	return resp, nil
}

// check validates one exchange.
func (s *specTransport) check(req *http.Request, resp *http.Response, body []byte, stream bool) error {
	ctx := context.Background()
	route, params, err := s.router.FindRoute(req)
	if err != nil {
		// No such operation: the server must say so with a JSON 404 (or
		// 405), or refuse the request before routing it.
		if resp.StatusCode != 404 && resp.StatusCode != 405 && !anyOperation[resp.StatusCode] {
			return fmt.Errorf("no operation in the document (%v), yet the server answered %d", err, resp.StatusCode)
		}
		return checkErrorBody(resp, body)
	}
	// JSON bodies are checked against schemas compiled once
	// (openapi_schema_test.go), the others by kin-openapi.
	schemas, err := bodySchemas()
	if err != nil {
		return err
	}
	jsonIn := isJSON(req.Header.Get("Content-Type"))
	opts := &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc, MultiError: true, ExcludeRequestBody: jsonIn}
	in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route, Options: opts}
	reqErr := openapi3filter.ValidateRequest(ctx, in)
	if reqErr == nil && jsonIn {
		reqBody, err := io.ReadAll(req.Body)
		if err != nil {
			return err
		}
		reqErr = schemas.checkRequestBody(route, req.Header.Get("Content-Type"), reqBody)
	}
	if reqErr != nil && resp.StatusCode < 400 {
		return fmt.Errorf("the server accepted a request the document forbids: %v", reqErr)
	}
	if anyOperation[resp.StatusCode] {
		return checkErrorBody(resp, body)
	}
	jsonOut := !stream && isJSON(resp.Header.Get("Content-Type"))
	out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: resp.StatusCode, Header: resp.Header,
		Options: &openapi3filter.Options{IncludeResponseStatus: true, ExcludeResponseBody: stream || jsonOut, MultiError: true}}
	out.SetBodyBytes(body)
	if err := openapi3filter.ValidateResponse(ctx, out); err != nil || !jsonOut {
		return err
	}
	switch resp.StatusCode {
	case http.StatusNotModified, http.StatusPermanentRedirect, http.StatusTemporaryRedirect, http.StatusMovedPermanently:
		return nil // kin-openapi checks nothing of these
	}
	return schemas.checkResponseBody(route, resp.StatusCode, resp.Header.Get("Content-Type"), body)
}

// checkErrorBody checks the documented error body: {"error", "status"}.
func checkErrorBody(resp *http.Response, body []byte) error {
	var v struct {
		Error  *string
		Status *int
	}
	if !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") || json.Unmarshal(body, &v) != nil ||
		v.Error == nil || v.Status == nil || *v.Status != resp.StatusCode {
		return fmt.Errorf("not the documented JSON error body: %q", body)
	}
	return nil
}
