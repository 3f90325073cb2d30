package server

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"testing"

	"github.com/getkin/kin-openapi/openapi3filter"
)

// TestSpecCheckRefusesWhatTheDocumentForbids: the tests' check of each
// exchange (specTransport.check) finds a response body or a request
// body the document forbids, in openapi.yaml or in a kind's part, as
// kin-openapi's own check of the whole exchange does, and passes what
// the server really sends.
func TestSpecCheckRefusesWhatTheDocumentForbids(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	a := e.user()
	id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 600, "power": "Austria"})
	game := a.must(200, "GET", "/games/"+id, nil).m(t)
	with := func(k string, v any) []byte {
		g := map[string]any{}
		for k, v := range game {
			g[k] = v
		}
		if v == nil {
			delete(g, k)
		} else {
			g[k] = v
		}
		data, _ := json.Marshal(g)
		return data
	}
	st := &specTransport{t: t, router: specRouter(t, e.URL)}
	for _, tc := range []struct {
		name         string
		method, path string
		reqBody      string
		status       int
		respBody     []byte
		wantErr      bool
	}{
		{"the game as served", "GET", "/games/" + id, "", 200, with("id", id), false},
		{"a kind's field of the wrong type", "GET", "/games/" + id, "", 200, with("seq", "one"), true},
		{"a status outside openapi.yaml's enum, through the kind's part", "GET", "/games/" + id, "", 200, with("status", "asleep"), true},
		{"a field the kind does not document", "GET", "/games/" + id, "", 200, with("secret", 1), true},
		{"a required field missing", "GET", "/games/" + id, "", 200, with("powers", nil), true},
		{"a date that is not one", "GET", "/games/" + id, "", 200, with("deadline", "tomorrow"), true},
		{"an error body of the wrong shape", "GET", "/games/" + id, "", 404, []byte(`{"error": 404}`), true},
		{"a request body the document forbids, accepted", "POST", "/games/" + id + "/messages", `{"to": "Austria", "body": "hi"}`, 201,
			[]byte(`{"id": "m", "from": "Austria", "to": ["Austria"], "body": "hi", "time": "2026-11-25T12:00:00Z", "cursor": 1}`), true},
		{"a request body the document forbids, refused", "POST", "/games/" + id + "/messages", `{"to": "Austria", "body": "hi"}`, 422,
			[]byte(`{"error": "bad", "status": 422}`), false},
		{"a required request body missing, accepted", "POST", "/games/" + id + "/messages", "", 201,
			[]byte(`{"id": "m", "from": "Austria", "to": ["Austria"], "body": "hi", "time": "2026-11-25T12:00:00Z", "cursor": 1}`), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			exchange := func() (*http.Request, *http.Response) {
				req, err := http.NewRequest(tc.method, e.URL+tc.path, bytes.NewBufferString(tc.reqBody))
				if err != nil {
					t.Fatal(err)
				}
				req.Header.Set("Content-Type", "application/json")
				resp := &http.Response{StatusCode: tc.status, Header: http.Header{"Content-Type": {"application/json"}},
					Body: io.NopCloser(bytes.NewReader(tc.respBody))}
				return req, resp
			}
			req, resp := exchange()
			err := st.check(req, resp, tc.respBody, false)
			if (err != nil) != tc.wantErr {
				t.Errorf("check: %v, want an error: %v", err, tc.wantErr)
			}
			req, resp = exchange()
			kinErr := kinCheck(t, st, req, resp)
			if (kinErr != nil) != tc.wantErr {
				t.Errorf("kin-openapi's check of the whole exchange disagrees: %v", kinErr)
			}
		})
	}
}

// kinCheck checks an exchange with kin-openapi alone, bodies included
// (as the tests' check did before it compiled its schemas once), for
// comparison; a status any operation may answer is left out.
func kinCheck(t *testing.T, st *specTransport, req *http.Request, resp *http.Response) error {
	t.Helper()
	ctx := context.Background()
	route, params, err := st.router.FindRoute(req)
	if err != nil {
		t.Fatal(err)
	}
	in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc, MultiError: true}}
	if err := openapi3filter.ValidateRequest(ctx, in); err != nil && resp.StatusCode < 400 {
		return err
	}
	body, _ := io.ReadAll(resp.Body)
	out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: resp.StatusCode, Header: resp.Header,
		Options: &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true}}
	out.SetBodyBytes(body)
	return openapi3filter.ValidateResponse(ctx, out)
}
