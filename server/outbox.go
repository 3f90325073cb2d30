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

// The outbox (store.OutboxItem): a mail is queued in the transaction of
// the change that causes it, and this process's sender, like every other
// process's on the database, claims what is due with a lease, sends it,
// and settles it. A mail whose sending fails is tried again after a pause
// that doubles, from MailRetry up to maxMailPause; one the relay refuses
// for good (a 5xx to its recipient or data: a bounce) is settled failed
// and logged. A process that dies while sending leaves its item leased:
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
		s.pokeMail()
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
		s.pokeMail()
	}
	return err
}

// pokeMail wakes the sender: something was queued (it looks once the
// transaction has committed, or at its next poll).
func (s *Server) pokeMail() {
	select {
	case s.mailWake <- struct{}{}:
	default:
	}
}

// sendMail sends the outbox's mails until the server closes.
func (s *Server) sendMail() {
	defer close(s.mailDone)
	for {
		wait := s.cfg.Poll
		if busy := s.sendDue(); busy {
			wait = 0
		} else {
			_ = s.st.View(context.Background(), func(tx store.Tx) error {
				next, ok, err := tx.NextOutboxDue(channelEmail)
				if err == nil && ok {
					wait = min(wait, max(next.Sub(s.now()), 5*time.Millisecond))
				}
				return err
			})
		}
		t := time.NewTimer(wait)
		select {
		case <-s.stop:
			t.Stop()
			return
		case <-s.mailWake:
		case <-t.C:
		}
		t.Stop()
	}
}

// sendDue claims and sends one batch of due mails, and reports whether
// the batch was full (more may be due).
func (s *Server) sendDue() bool {
	var items []*store.OutboxItem
	err := s.st.Update(context.Background(), func(tx store.Tx) error {
		var err error
		items, err = tx.ClaimOutbox(channelEmail, s.now(), s.cfg.MailLease, mailBatch)
		return err
	})
	if err != nil {
		s.log.Error("claiming the outbox", "err", err)
		return false
	}
	for _, it := range items {
		select {
		case <-s.stop:
			return false // the leases end; another claim sends them
		default:
		}
		s.sendOne(it)
	}
	return len(items) == mailBatch
}

// sendOne renders, sends and settles one claimed item.
func (s *Server) sendOne(it *store.OutboxItem) {
	m, after, reason, err := s.render(it)
	if err != nil {
		s.retryMail(it, fmt.Errorf("rendering: %w", err))
		return
	}
	if m == nil {
		s.settleMail(it, store.OutboxDropped, reason, nil)
		return
	}
	if s.beforeSend != nil {
		s.beforeSend(it)
	}
	ctx, cancel := context.WithTimeout(context.Background(), s.cfg.MailLease/2)
	err = s.cfg.Mail.Send(ctx, m)
	cancel()
	var me *mail.Error
	switch {
	case err == nil:
		s.settleMail(it, store.OutboxSent, "", after)
	case errors.As(err, &me) && me.Permanent:
		s.log.Warn("the relay refused a mail for good; it is not sent", "kind", it.Kind, "to", it.Recipient, "err", err)
		s.settleMail(it, store.OutboxFailed, err.Error(), nil)
	default:
		s.retryMail(it, err)
	}
}

// settleMail records an item's end, and what its sending did (after, in
// the same transaction: a digest's mark).
func (s *Server) settleMail(it *store.OutboxItem, state, reason string, after func(store.Tx) error) {
	err := s.st.Update(context.Background(), func(tx store.Tx) error {
		if err := tx.SettleOutbox(it.ID, state, reason, s.now()); err != nil {
			return err
		}
		if after != nil {
			return after(tx)
		}
		return nil
	})
	if err != nil {
		// The lease ends and the item is claimed again: sent twice if
		// it was sent, which beats losing it.
		s.log.Error("settling a mail", "id", it.ID, "kind", it.Kind, "state", state, "err", err)
	}
}

// retryMail gives an item back, to be tried after a pause that doubles
// with each attempt; past maxMailAttempts it is given up.
func (s *Server) retryMail(it *store.OutboxItem, cause error) {
	if it.Attempts >= maxMailAttempts {
		s.log.Error("a mail could not be sent after many attempts; it is given up", "kind", it.Kind, "to", it.Recipient, "err", cause)
		s.settleMail(it, store.OutboxFailed, cause.Error(), nil)
		return
	}
	pause := s.cfg.MailRetry << min(it.Attempts-1, 20)
	pause = min(pause, maxMailPause)
	s.log.Warn("a mail was not sent; it is tried again later", "kind", it.Kind, "to", it.Recipient, "attempt", it.Attempts, "in", pause, "err", cause)
	err := s.st.Update(context.Background(), func(tx store.Tx) error {
		return tx.RetryOutbox(it.ID, s.now().Add(pause), cause.Error())
	})
	if err != nil {
		s.log.Error("giving a mail back", "id", it.ID, "err", err)
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
