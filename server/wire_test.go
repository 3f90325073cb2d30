package server

import (
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestRequestsNetHTTPRefusesGetJSONToo: a request net/http cannot parse
// (a malformed Host) is answered by net/http itself, before any handler;
// served as ListenAndServe serves, its answer is the JSON error too.
func TestRequestsNetHTTPRefusesGetJSONToo(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	ts := httptest.NewUnstartedServer(nil)
	ts.Config = e.srv.HTTPServer()
	ts.Listener = jsonErrorListener{ts.Listener}
	ts.Start()
	defer ts.Close()
	c, err := net.Dial("tcp", ts.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := io.WriteString(c, "GET /api/v1/health HTTP/1.1\r\nHost: a b\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(c)
	head, body, _ := strings.Cut(string(raw), "\r\n\r\n")
	var v struct {
		Error  string
		Status int
	}
	if !strings.HasPrefix(head, "HTTP/1.1 400 ") || !strings.Contains(head, "Content-Type: application/json") ||
		json.Unmarshal([]byte(body), &v) != nil || v.Status != http.StatusBadRequest || v.Error == "" {
		t.Errorf("a malformed Host: %q, want a 400 with a JSON error body", raw)
	}
}
