package server

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestTheDecoderIsAsStrictAsDocumented: field names match exactly, a key
// appears once, unknown fields and anything after the object are
// refused, in the body and in every object inside it.
func TestTheDecoderIsAsStrictAsDocumented(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	anon := &client{e: e}
	for _, tc := range []struct{ name, body, want string }{
		{"a field name in another case", `{"NAME": "mallory", "password": "long enough"}`, `unknown field "NAME"`},
		{"a duplicated key", `{"name": "mallory", "name": "alice", "password": "long enough"}`, `"name" appears twice`},
		{"an unknown field", `{"name": "mallory", "password": "long enough", "admin": true}`, `unknown field "admin"`},
		{"data after the object", `{"name": "mallory", "password": "long enough"} {}`, "after the JSON object"},
		{"a stray bracket after the object", `{"name": "mallory", "password": "long enough"}]`, "after the JSON object"},
	} {
		r := anon.do("POST", "/users", tc.body)
		if msg, _ := r.m(t)["error"].(string); r.Status != 400 || !strings.Contains(msg, tc.want) {
			t.Errorf("%s: %d %s, want 400 saying %s", tc.name, r.Status, r.Body, tc.want)
		}
	}
	a := e.user()
	id := a.newGame(map[string]any{"variant": "standard", "power": "England", "phase_deadline_seconds": 600})
	for _, body := range []string{
		`{"Variant": "standard"}`,
		`{"variant": "standard", "bots": true, "bots": false}`,
	} {
		a.must(400, "POST", "/games", body)
	}
	a.must(400, "POST", "/games/"+id+"/join", `{"Power": "France"}`)
	a.must(400, "PUT", "/games/"+id+"/votes", `{"draw": true, "Draw": false}`)
	// Objects inside the body are checked too.
	a.must(400, "PUT", "/games/"+id+"/orders", `{"orders": [], "phase": {"season": "spring", "year": 1901, "Year": 1902, "type": "movement"}}`)
	a.must(400, "PUT", "/games/"+id+"/orders", `{"orders": [], "phase": {"season": "spring", "year": 1901, "type": "movement", "type": "retreat"}}`)
	// What the documentation allows still works.
	anon.must(201, "POST", "/users", `{"name": "mallory", "password": "long enough"}`)
}

// rawRequest sends a request with the given headers and returns its
// status, content type and body.
func rawRequest(t *testing.T, method, url string, header http.Header) (int, string, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header[k] = v
	}
	tr := &http.Transport{} // no redirects followed, no shared connections
	defer tr.CloseIdleConnections()
	resp, err := tr.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header.Get("Content-Type"), body
}

// TestEveryErrorIsJSON: the answers the HTTP machinery gives before a
// handler runs (oversized headers, unclean paths, unknown paths) are the
// documented JSON error body too.
func TestEveryErrorIsJSON(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	// Serve the http.Server the command serves, with its limits.
	ts := httptest.NewUnstartedServer(nil)
	ts.Config = e.srv.HTTPServer()
	ts.Listener = jsonErrorListener{ts.Listener} // as ListenAndServe serves it
	ts.Start()
	defer ts.Close()
	a := e.user()
	auth := http.Header{"Authorization": {"Bearer " + a.token}}
	big := http.Header{"X-Padding": {strings.Repeat("x", 20<<10)}}
	huge := http.Header{"X-Padding": {strings.Repeat("x", 2<<20)}}
	base := ts.URL
	for _, tc := range []struct {
		name, method, url string
		header            http.Header
		status            int
	}{
		{"20 KiB of headers", "GET", base + "/api/v1/health", big, 431},
		{"2 MiB of headers", "GET", base + "/api/v1/health", huge, 431},
		{"a POST to a page", "POST", base + "/", nil, 405},
		{"a DELETE to a page", "DELETE", base + "/games/abc", nil, 405},
		{"an empty path segment", "POST", base + "/api/v1/games//start", auth, 404},
		{"a dot-dot segment", "GET", base + "/api/v1/games/../health", nil, 404},
		{"a dot segment", "GET", base + "/api/v1/./health", nil, 404},
		{"an unknown API version", "GET", base + "/api/v2/health", nil, 404},
		{"the API's root without its slash", "GET", base + "/api", nil, 404},
	} {
		status, ctype, body := rawRequest(t, tc.method, tc.url, tc.header)
		var v struct {
			Error  string
			Status int
		}
		if status != tc.status || !strings.HasPrefix(ctype, "application/json") || json.Unmarshal(body, &v) != nil || v.Status != status || v.Error == "" {
			t.Errorf("%s: %d %q %q, want %d with a JSON error body", tc.name, status, ctype, body, tc.status)
		}
	}
	// Every other path is a page of the web client.
	for _, p := range []string{"/", "/games/abc"} {
		status, ctype, body := rawRequest(t, "GET", base+p, nil)
		if status != 200 || !strings.HasPrefix(ctype, "text/html") || !strings.Contains(string(body), "<!doctype html>") {
			t.Errorf("GET %s: %d %q %.60q, want the web client's page", p, status, ctype, body)
		}
	}
}
