package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/chancery/chancery/mail"
	"github.com/chancery/chancery/store"
)

// The outbox (store.OutboxItem): a mail (or a push, push.go) is queued
// in the transaction of the change that causes it, and this process's
// sender of its channel (runOutbox), like every other process's on the
// database, claims what is due with a lease, sends it, and settles it.
// An item whose sending fails is tried again after a pause that doubles,
// from MailRetry up to maxMailPause; a mail the relay refuses for good
// (a 5xx to its recipient or data: a bounce) is settled failed and
// logged. A process that dies while sending leaves its item leased:
// another process (or this one, restarted) sends it once the lease ends.
// The one case in which a mail goes twice is a crash after the relay
// accepted it and before its settlement committed; it goes again with
// the same Message-ID.

// The outbox's channels.
const (
	channelEmail = "email"
)

// maxMailPause bounds the pause before a failed mail is tried again.
const maxMailPause = 6 * time.Hour

// maxMailAttempts is how often a mail is tried before it is given up
// (about a week of pauses at most maxMailPause).
const maxMailAttempts = 40

// mailBatch is how many items one claim takes.
const mailBatch = 10

// stored is an outbox payload of a mail written when it was queued.
type stored struct {
	Subject     string `json:"subject"`
	Text        string `json:"text"`
	HTML        string `json:"html"`
	Language    string `json:"language"`
	Unsubscribe string `json:"unsubscribe,omitempty"`
}

// queueLetter queues a mail to user u's address (to), written now.
func (s *Server) queueLetter(tx store.Tx, kind, dedup, userID, to, gameID string, l *letter, now time.Time) error {
	if s.cfg.Mail == nil {
		return nil
	}
	m := l.message("", to, now)
	payload, err := json.Marshal(stored{Subject: m.Subject, Text: m.Text, HTML: m.HTML, Language: m.Language, Unsubscribe: m.Unsubscribe})
	if err != nil {
		return err
	}
	id := newID()
	if dedup == "" {
		dedup = kind + ":" + id
	}
	err = tx.Enqueue(&store.OutboxItem{ID: id, Channel: channelEmail, Kind: kind, Dedup: dedup, UserID: userID, Recipient: to,
		GameID: gameID, Payload: payload, Due: now, Created: now})
	if err == nil {
		s.mail.poke()
	}
	return err
}

// queueLater queues an item rendered when it is sent (a reminder, a
// digest), due at due.
func (s *Server) queueLater(tx store.Tx, kind, dedup, userID, to, gameID string, payload any, due, now time.Time) error {
	if s.cfg.Mail == nil {
		return nil
	}
	data, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	err = tx.Enqueue(&store.OutboxItem{ID: newID(), Channel: channelEmail, Kind: kind, Dedup: dedup, UserID: userID, Recipient: to,
		GameID: gameID, Payload: data, Due: due, Created: now})
	if err == nil {
		s.mail.poke()
	}
	return err
}

// outboxChannel is one way the outbox reaches people (mail, push): this
// process's sender of the channel claims its due items with a lease,
// hands each to send, and settles it as send says.
type outboxChannel struct {
	name string
	// send renders and sends one claimed item.
	send func(*store.OutboxItem) outcome
	// wake pokes the sender; done is closed when it ends.
	wake, done chan struct{}
}

func newChannel(name string, send func(*store.OutboxItem) outcome) *outboxChannel {
	return &outboxChannel{name: name, send: send, wake: make(chan struct{}, 1), done: make(chan struct{})}
}

// poke wakes the sender: something was queued (it looks once the
// transaction has committed, or at its next poll).
func (c *outboxChannel) poke() {
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// An outcome is what became of a claimed item.
type outcome struct {
	// state is how the item is settled (store.OutboxSent, OutboxDropped,
	// OutboxFailed), or "" when it is to be tried again later.
	state string
	// reason says why it was not sent, or what failed.
	reason string
	// after, when not nil, is done in the transaction that settles it.
	after func(store.Tx) error
}

func sent(after func(store.Tx) error) outcome { return outcome{state: store.OutboxSent, after: after} }
func dropped(reason string) outcome           { return outcome{state: store.OutboxDropped, reason: reason} }
func failed(err error) outcome                { return outcome{state: store.OutboxFailed, reason: err.Error()} }
func retry(err error) outcome                 { return outcome{reason: err.Error()} }

// runOutbox sends c's items until the server closes.
//
// It looks first, in a read, when the next item may be claimed, and
// claims (a write) only when one may be now: an idle channel writes
// nothing, and does not queue every Poll for the database's writer.
func (s *Server) runOutbox(c *outboxChannel) {
	defer close(c.done)
	for {
		wait := s.cfg.Poll
		var next time.Time
		var ok bool
		_ = s.st.View(context.Background(), func(tx store.Tx) error {
			var err error
			next, ok, err = tx.NextOutboxDue(c.name)
			return err
		})
		if ok {
			if d := next.Sub(s.now()); d > 0 {
				wait = min(wait, max(d, 5*time.Millisecond))
			} else if n := s.sendDue(c); n > 0 {
				// Look again at once: the rest of a full batch is due,
				// and an item given back is due when the look says.
				wait = 0
			}
			// (none claimed: another process holds what is due; a poll later)
		}
		t := time.NewTimer(wait)
		select {
		case <-s.stop:
			t.Stop()
			return
		case <-c.wake:
		case <-t.C:
		}
		t.Stop()
	}
}

// sendDue claims and sends one batch of c's due items (at most
// mailBatch), and returns how many it claimed.
func (s *Server) sendDue(c *outboxChannel) int {
	var items []*store.OutboxItem
	err := s.st.Update(context.Background(), func(tx store.Tx) error {
		var err error
		items, err = tx.ClaimOutbox(c.name, s.now(), s.cfg.MailLease, mailBatch)
		return err
	})
	if err != nil {
		s.log.Error("claiming the outbox", "channel", c.name, "err", err)
		return 0
	}
	for _, it := range items {
		select {
		case <-s.stop:
			return 0 // the leases end; another claim sends them
		default:
		}
		s.settle(c, it, c.send(it))
	}
	return len(items)
}

// settle records what became of a claimed item. One to be tried again is
// given back with a pause that doubles with each attempt; past
// maxMailAttempts it is given up.
func (s *Server) settle(c *outboxChannel, it *store.OutboxItem, o outcome) {
	if o.state == "" {
		if it.Attempts < maxMailAttempts {
			pause := min(s.cfg.MailRetry<<min(it.Attempts-1, 20), maxMailPause)
			s.log.Warn("an item of the outbox was not sent; it is tried again later", "channel", c.name, "kind", it.Kind,
				"attempt", it.Attempts, "in", pause, "err", o.reason)
			err := s.st.Update(context.Background(), func(tx store.Tx) error {
				return tx.RetryOutbox(it.ID, s.now().Add(pause), o.reason)
			})
			if err != nil {
				s.log.Error("giving an item back to the outbox", "channel", c.name, "id", it.ID, "err", err)
			}
			return
		}
		s.log.Error("an item of the outbox could not be sent after many attempts; it is given up", "channel", c.name,
			"kind", it.Kind, "err", o.reason)
		o.state = store.OutboxFailed
	}
	err := s.st.Update(context.Background(), func(tx store.Tx) error {
		if err := tx.SettleOutbox(it.ID, o.state, o.reason, s.now()); err != nil {
			return err
		}
		if o.after != nil {
			return o.after(tx)
		}
		return nil
	})
	if err != nil {
		// The lease ends and the item is claimed again: sent twice if
		// it was sent, which beats losing it.
		s.log.Error("settling an item of the outbox", "channel", c.name, "id", it.ID, "kind", it.Kind, "state", o.state, "err", err)
	}
}

// sendMail renders and sends one claimed mail.
func (s *Server) sendMail(it *store.OutboxItem) outcome {
	m, after, reason, err := s.render(it)
	if err != nil {
		return retry(fmt.Errorf("rendering: %w", err))
	}
	if m == nil {
		return dropped(reason)
	}
	ctx, cancel := context.WithTimeout(context.Background(), s.cfg.MailLease/2)
	err = s.cfg.Mail.Send(ctx, m)
	cancel()
	var me *mail.Error
	switch {
	case err == nil:
		return sent(after)
	case errors.As(err, &me) && me.Permanent:
		s.log.Warn("the relay refused a mail for good; it is not sent", "kind", it.Kind, "to", it.Recipient, "err", err)
		return failed(err)
	default:
		return retry(err)
	}
}

// render makes an item's mail, or says why it is no longer to be sent
// (nil and a reason). after, when not nil, is done when it is settled
// sent.
func (s *Server) render(it *store.OutboxItem) (m *mail.Message, after func(store.Tx) error, reason string, err error) {
	err = s.st.View(context.Background(), func(tx store.Tx) error {
		u, err := tx.UserByID(it.UserID)
		if err != nil {
			return err
		}
		// Only the account's own mails go to an address not verified (or
		// no longer the user's).
		switch it.Kind {
		case "verify", "changed":
		default:
			if !u.EmailVerified || u.Email != it.Recipient {
				reason = "the user's address changed or is not verified"
				return nil
			}
		}
		switch it.Kind {
		case "reminder":
			m, reason, err = s.renderReminder(tx, u, it)
			return err
		case "digest":
			m, after, reason, err = s.renderDigest(tx, u, it)
			return err
		}
		var p stored
		if err := json.Unmarshal(it.Payload, &p); err != nil {
			return fmt.Errorf("outbox item %s: %w", it.ID, err)
		}
		m = &mail.Message{To: it.Recipient, Subject: p.Subject, Text: p.Text, HTML: p.HTML, Language: p.Language,
			Unsubscribe: p.Unsubscribe, Date: it.Created}
		return nil
	})
	if m != nil {
		m.ID = "chancery-" + it.ID
	}
	return m, after, reason, err
}
