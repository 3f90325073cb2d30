package server

import (
	"encoding/json"
	"fmt"
	"net"
	"strconv"
	"strings"
)

// A few answers are written by net/http itself, before any handler runs
// and in plain text: 431 for request headers over the http.Server's
// MaxHeaderBytes (a mebibyte: serveHTTP answers those over its own,
// smaller limit), and 400 for a request it cannot parse. It writes each
// in one piece straight to the connection, always in the same form, and
// closes it; jsonErrorListener's connections recognise that form and
// write the API's JSON error instead. (Behind TLS terminated by the
// http.Server itself the bytes are encrypted and pass as they are: the
// server is meant to run behind a proxy for TLS, or on plain HTTP.)

// plainErrorHeaders are the headers net/http writes with its own errors.
const plainErrorHeaders = "\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n"

// jsonErrorListener wraps a listener whose connections rewrite the plain
// errors of net/http as JSON.
type jsonErrorListener struct{ net.Listener }

// Accept wraps the next connection.
func (l jsonErrorListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return jsonErrorConn{c}, nil
}

type jsonErrorConn struct{ net.Conn }

// Write writes b, or its JSON form if b is one of net/http's own errors.
func (c jsonErrorConn) Write(b []byte) (int, error) {
	if out, ok := jsonError(b); ok {
		if _, err := c.Conn.Write(out); err != nil {
			return 0, err
		}
		return len(b), nil
	}
	return c.Conn.Write(b)
}

// jsonError returns the JSON form of a plain error response of net/http
// ("HTTP/1.1 431 Request Header Fields Too Large" + plainErrorHeaders +
// the same words), and whether b is one.
func jsonError(b []byte) ([]byte, bool) {
	s := string(b)
	line, text, ok := strings.Cut(s, plainErrorHeaders)
	if !ok || !strings.HasPrefix(line, "HTTP/1.1 ") || len(line) < len("HTTP/1.1 400") || strings.Contains(line, "\r\n") {
		return nil, false
	}
	status, err := strconv.Atoi(line[len("HTTP/1.1 ") : len("HTTP/1.1 ")+3])
	if err != nil || status < 400 || status > 599 {
		return nil, false
	}
	if _, words, ok := strings.Cut(text, " "); ok {
		text = words
	}
	switch status {
	case 431:
		text = "the request line and headers are too large"
	}
	body, _ := json.Marshal(map[string]any{"error": text, "status": status})
	body = append(body, '\n')
	return fmt.Appendf(nil, "%s\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\nContent-Length: %d\r\n\r\n%s",
		line, len(body), body), true
}
