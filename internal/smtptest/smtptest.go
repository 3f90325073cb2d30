// Package smtptest runs a real SMTP server (github.com/emersion/go-smtp)
// inside a test, keeps what it receives, and reads each mail back as a
// mail reader would: its headers, its decoded subject, and the text and
// HTML parts of a multipart/alternative body.
package smtptest

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net"
	"net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
)

// Server is an SMTP server on loopback, without TLS or authentication.
type Server struct {
	srv *smtp.Server
	ln  net.Listener

	mu       sync.Mutex
	received []*Message
	arrived  chan struct{} // closed and replaced at each arrival
	// refuse, when set, answers RCPT TO for an address with a 550.
	refuse func(to string) bool
	// hold, when set, holds the DATA of the mails it returns true for
	// (by their count, from 1) until Release.
	hold    func(n int) bool
	release chan bool
	datas   int
}

// Message is a mail received.
type Message struct {
	From    string
	To      []string
	Raw     []byte
	Header  mail.Header
	Subject string
	// Text and HTML are the decoded parts of a multipart/alternative
	// body (Text alone for a plain one).
	Text, HTML string
	// ContentType is the top-level content type.
	ContentType string
}

// Start starts a server, closed when the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("smtptest: %v", err)
	}
	s := &Server{ln: ln, arrived: make(chan struct{}), release: make(chan bool)}
	s.srv = smtp.NewServer(backend{s})
	s.srv.Domain = "localhost"
	s.srv.ReadTimeout = time.Minute
	s.srv.WriteTimeout = time.Minute
	go func() { _ = s.srv.Serve(ln) }()
	t.Cleanup(func() { _ = s.srv.Close() })
	return s
}

// URL is the server's address as chancery serve --smtp takes it.
func (s *Server) URL() string { return "smtp://" + s.ln.Addr().String() + "?tls=none" }

// Refuse makes the server refuse for good (550) the recipients for which
// fn reports true.
func (s *Server) Refuse(fn func(to string) bool) {
	s.mu.Lock()
	s.refuse = fn
	s.mu.Unlock()
}

// Hold makes the server hold, before it answers their DATA, the mails
// (counted from 1 over the server's life) for which fn reports true,
// until Release.
func (s *Server) Hold(fn func(n int) bool) {
	s.mu.Lock()
	s.hold = fn
	s.mu.Unlock()
}

// Release ends one held DATA: kept (accepted, 250) or not (refused for
// now, 451, as a relay that lost the connection keeps nothing).
func (s *Server) Release(keep bool) { s.release <- keep }

// Messages returns what has been received.
func (s *Server) Messages() []*Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*Message(nil), s.received...)
}

// Wait waits until the server has received at least n mails, or until
// timeout, and returns them.
func (s *Server) Wait(n int, timeout time.Duration) ([]*Message, error) {
	end := time.After(timeout)
	for {
		s.mu.Lock()
		got, ch := len(s.received), s.arrived
		s.mu.Unlock()
		if got >= n {
			return s.Messages(), nil
		}
		select {
		case <-ch:
		case <-end:
			return s.Messages(), fmt.Errorf("smtptest: %d mails received, waiting for %d", got, n)
		}
	}
}

type backend struct{ s *Server }

func (b backend) NewSession(*smtp.Conn) (smtp.Session, error) { return &session{s: b.s}, nil }

type session struct {
	s    *Server
	from string
	to   []string
}

func (c *session) Reset()        { c.from, c.to = "", nil }
func (c *session) Logout() error { return nil }

func (c *session) Mail(from string, _ *smtp.MailOptions) error {
	c.from = from
	return nil
}

func (c *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	c.s.mu.Lock()
	refuse := c.s.refuse
	c.s.mu.Unlock()
	if refuse != nil && refuse(to) {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such mailbox"}
	}
	c.to = append(c.to, to)
	return nil
}

func (c *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	c.s.mu.Lock()
	c.s.datas++
	n, hold := c.s.datas, c.s.hold
	c.s.mu.Unlock()
	if hold != nil && hold(n) {
		if keep := <-c.s.release; !keep {
			return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "not kept"}
		}
	}
	m, err := Parse(raw)
	if err != nil {
		return &smtp.SMTPError{Code: 554, EnhancedCode: smtp.EnhancedCode{5, 6, 0}, Message: err.Error()}
	}
	m.From, m.To = c.from, c.to
	c.s.mu.Lock()
	c.s.received = append(c.s.received, m)
	close(c.s.arrived)
	c.s.arrived = make(chan struct{})
	c.s.mu.Unlock()
	return nil
}

// Parse reads a mail as a reader would.
func Parse(raw []byte) (*Message, error) {
	msg, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return nil, err
	}
	m := &Message{Raw: raw, Header: msg.Header}
	dec := new(mime.WordDecoder)
	if m.Subject, err = dec.DecodeHeader(msg.Header.Get("Subject")); err != nil {
		return nil, fmt.Errorf("subject: %w", err)
	}
	ct, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil {
		return nil, fmt.Errorf("content type: %w", err)
	}
	m.ContentType = ct
	if !strings.HasPrefix(ct, "multipart/") {
		body, err := decodePart(msg.Header.Get("Content-Transfer-Encoding"), msg.Body)
		m.Text = body
		return m, err
	}
	mr := multipart.NewReader(msg.Body, params["boundary"])
	for {
		p, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		pct, _, _ := mime.ParseMediaType(p.Header.Get("Content-Type"))
		// multipart.Reader decodes quoted-printable itself.
		body, err := decodePart(p.Header.Get("Content-Transfer-Encoding"), p)
		if err != nil {
			return nil, err
		}
		switch pct {
		case "text/plain":
			m.Text = body
		case "text/html":
			m.HTML = body
		}
	}
	return m, nil
}

func decodePart(encoding string, r io.Reader) (string, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return "", err
	}
	switch strings.ToLower(encoding) {
	case "base64":
		dec, err := io.ReadAll(newBase64(bytes.NewReader(data)))
		return string(dec), err
	case "quoted-printable":
		dec, err := io.ReadAll(newQP(bytes.NewReader(data)))
		return string(dec), err
	}
	return string(data), nil
}
