// Package mail sends Chancery's e-mail through an SMTP relay, with
// github.com/wneessen/go-mail writing the MIME and speaking SMTP
// (STARTTLS, or TLS from the first byte on port 465 or with smtps://).
//
// A relay is given as a URL: smtp://[user:password@]host:port, where
// smtps:// asks for implicit TLS, and ?tls=none (for a relay on the same
// machine, or a test's) turns STARTTLS off; ?tls=opportunistic uses it
// when offered. The default is STARTTLS, required.
package mail

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"net/url"
	"strconv"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// Config is where mail goes and whom it is from.
type Config struct {
	Host     string
	Port     int
	User     string
	Password string
	// TLS is "starttls" (required), "opportunistic", "implicit" or
	// "none".
	TLS string
	// From is the sender's address ("Chancery <games@example.org>").
	From string
	// Timeout bounds a connection's every exchange; default 30 s.
	Timeout time.Duration
}

// ParseURL reads a relay's URL: smtp://[user:password@]host:port or
// smtps://... . from is the sender's address.
func ParseURL(raw, from string) (Config, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return Config{}, fmt.Errorf("smtp relay: %w", redact(err, raw))
	}
	c := Config{Host: u.Hostname(), From: from, TLS: "starttls"}
	switch u.Scheme {
	case "smtp":
	case "smtps":
		c.TLS = "implicit"
	default:
		return Config{}, fmt.Errorf("smtp relay: the URL starts smtp:// or smtps://, not %q", u.Scheme+"://")
	}
	if c.Host == "" {
		return Config{}, errors.New("smtp relay: no host (smtp://host:port)")
	}
	switch p := u.Port(); {
	case p == "" && c.TLS == "implicit":
		c.Port = 465
	case p == "":
		c.Port = 587
	default:
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 65535 {
			return Config{}, fmt.Errorf("smtp relay: port %q is not a port", p)
		}
		c.Port = n
	}
	if u.User != nil {
		c.User = u.User.Username()
		c.Password, _ = u.User.Password()
	}
	switch t := u.Query().Get("tls"); t {
	case "":
	case "none", "opportunistic", "starttls":
		if c.TLS == "implicit" {
			return Config{}, errors.New("smtp relay: smtps:// is TLS from the start; tls= applies to smtp://")
		}
		c.TLS = t
	default:
		return Config{}, fmt.Errorf("smtp relay: tls=%q: none, opportunistic or starttls", t)
	}
	if _, err := mail.ParseAddress(from); err != nil {
		return Config{}, fmt.Errorf("mail sender %q: %w", from, err)
	}
	return c, nil
}

// redact keeps a password out of an error about the URL that holds it.
func redact(err error, raw string) error {
	if u, perr := url.Parse(raw); perr == nil && u.User != nil {
		return errors.New(strings.ReplaceAll(err.Error(), raw, u.Redacted()))
	}
	if i := strings.LastIndex(raw, "@"); i >= 0 {
		return errors.New(strings.ReplaceAll(err.Error(), raw[:i], "…"))
	}
	return err
}

// String describes the relay without its password.
func (c Config) String() string {
	who := ""
	if c.User != "" {
		who = c.User + "@"
	}
	return fmt.Sprintf("%s%s:%d (%s)", who, c.Host, c.Port, c.TLS)
}

// Message is one mail, as the server writes it.
type Message struct {
	// ID is the Message-ID's left part: the same mail sent again (after
	// a crash between the relay's acceptance and its record) keeps its
	// id, so that a mail reader may show it once.
	ID      string
	To      string
	Subject string
	Text    string
	HTML    string
	// Language is the language of the text (Content-Language).
	Language string
	// Unsubscribe, when set, is the URL of a one-click unsubscription
	// (RFC 8058): List-Unsubscribe and List-Unsubscribe-Post.
	Unsubscribe string
	Date        time.Time
}

// A Sender sends mails.
type Sender interface {
	Send(ctx context.Context, m *Message) error
}

// SMTP sends mail through a relay.
type SMTP struct {
	cfg Config
}

// NewSMTP returns a sender through the relay of c.
func NewSMTP(c Config) *SMTP {
	if c.Timeout <= 0 {
		c.Timeout = 30 * time.Second
	}
	return &SMTP{cfg: c}
}

// Build writes m as go-mail's message: multipart/alternative, text then
// HTML, UTF-8.
func Build(from string, m *Message) (*gomail.Msg, error) {
	msg := gomail.NewMsg(gomail.WithNoDefaultUserAgent())
	if err := msg.From(from); err != nil {
		return nil, &Error{Permanent: true, Err: fmt.Errorf("sender %q: %w", from, err)}
	}
	if err := msg.To(m.To); err != nil {
		return nil, &Error{Permanent: true, Err: fmt.Errorf("recipient %q: %w", m.To, err)}
	}
	msg.Subject(m.Subject)
	if m.ID != "" {
		domain := "chancery.invalid"
		if a, err := mail.ParseAddress(from); err == nil {
			if i := strings.LastIndexByte(a.Address, '@'); i >= 0 {
				domain = a.Address[i+1:]
			}
		}
		msg.SetMessageIDWithValue(m.ID + "@" + domain)
	} else {
		msg.SetMessageID()
	}
	if m.Date.IsZero() {
		msg.SetDate()
	} else {
		msg.SetDateWithValue(m.Date)
	}
	if m.Language != "" {
		msg.SetGenHeader(gomail.HeaderContentLang, m.Language)
	}
	if m.Unsubscribe != "" {
		msg.SetGenHeader(gomail.HeaderListUnsubscribe, "<"+m.Unsubscribe+">")
		msg.SetGenHeader(gomail.HeaderListUnsubscribePost, "List-Unsubscribe=One-Click")
	}
	msg.SetGenHeader(gomail.Header("Auto-Submitted"), "auto-generated")
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	if m.HTML != "" {
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	}
	return msg, nil
}

// Send sends m. Its error is an *Error, which says whether trying again
// may help.
func (s *SMTP) Send(ctx context.Context, m *Message) error {
	msg, err := Build(s.cfg.From, m)
	if err != nil {
		return err
	}
	opts := []gomail.Option{gomail.WithPort(s.cfg.Port), gomail.WithTimeout(s.cfg.Timeout)}
	switch s.cfg.TLS {
	case "implicit":
		opts = append(opts, gomail.WithSSL())
	case "none":
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
	case "opportunistic":
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
	default:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	}
	if s.cfg.User != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(s.cfg.User), gomail.WithPassword(s.cfg.Password))
	}
	c, err := gomail.NewClient(s.cfg.Host, opts...)
	if err != nil {
		return &Error{Permanent: true, Err: err}
	}
	if err := c.DialAndSendWithContext(ctx, msg); err != nil {
		var se *gomail.SendError
		// A relay's 5xx answer to the recipient or the data is final
		// (a bounce); anything else (a refused connection, a timeout, a
		// 4xx) may pass.
		permanent := errors.As(err, &se) && !se.IsTemp() && (se.Reason == gomail.ErrSMTPRcptTo || se.Reason == gomail.ErrSMTPData)
		return &Error{Permanent: permanent, Err: err}
	}
	return nil
}

// Error is a mail not sent. Permanent: the relay refused it for good
// (a bounce), and sending it again will not help.
type Error struct {
	Permanent bool
	Err       error
}

func (e *Error) Error() string { return "mail: " + e.Err.Error() }

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// ValidAddress checks an address a user gives: one plain address
// (name@domain), no display name, at most 254 bytes.
func ValidAddress(s string) (string, error) {
	if len(s) > 254 {
		return "", errors.New("an address has at most 254 characters")
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Name != "" || a.Address != strings.TrimSpace(s) {
		return "", fmt.Errorf("%q is not an e-mail address (name@example.org)", s)
	}
	at := strings.LastIndexByte(a.Address, '@')
	if at <= 0 || !strings.Contains(a.Address[at+1:], ".") && a.Address[at+1:] != "localhost" {
		return "", fmt.Errorf("%q is not an e-mail address (name@example.org)", s)
	}
	return a.Address, nil
}

// String describes the relay without its password.
func (s *SMTP) String() string { return s.cfg.String() }
