package store

import (
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Token is a single-use token sent by mail: to verify an address
// ("verify") or to reset a password ("reset"). Only its hash is kept.
type Token struct {
	Hash    string
	Kind    string
	UserID  string
	Email   string
	Created time.Time
	Expires time.Time
}

// OutboxItem is one thing to send: a mail (Channel "email"), later a push
// message. It is written in the transaction of the change that causes it
// and sent by a worker (ClaimOutbox).
type OutboxItem struct {
	ID      string
	Channel string
	// Kind says what it is ("verify", "reset", "game", "reminder",
	// "digest"); the server renders each kind.
	Kind string
	// Dedup is unique among the items: Enqueue ignores an item whose
	// Dedup another has (a reminder of a phase already queued).
	Dedup     string
	UserID    string
	Recipient string
	GameID    string
	Payload   []byte
	// State is pending, sent, dropped or failed.
	State    string
	Due      time.Time
	Attempts int
	// LeaseUntil: a claimed item is not claimed again before it.
	LeaseUntil time.Time
	LastError  string
	Created    time.Time
	Settled    time.Time
}

// The states of an outbox item.
const (
	OutboxPending = "pending"
	OutboxSent    = "sent"
	OutboxDropped = "dropped"
	OutboxFailed  = "failed"
)

func (t *sqlTx) UserByID(id string) (*User, error) {
	return t.scanUser(t.row("SELECT "+userCols+" FROM users WHERE id = ?", id))
}

func (t *sqlTx) UsersByEmail(email string) ([]*User, error) {
	rows, err := t.query("SELECT "+userCols+" FROM users WHERE email = ? ORDER BY created LIMIT 20", email)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*User
	for rows.Next() {
		u, err := t.scanUser(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, u)
	}
	return out, rows.Err()
}

func (t *sqlTx) UserByCalendarKey(key string) (*User, error) {
	if key == "" {
		return nil, ErrNotFound
	}
	return t.scanUser(t.row("SELECT "+userCols+" FROM users WHERE calendar_key = ?", key))
}

// exactlyOne checks that an update changed one row.
func exactlyOne(res sql.Result, err error, what string) error {
	if err != nil {
		return fmt.Errorf("store: %s: %w", what, err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return fmt.Errorf("store: %s: %w", what, ErrNotFound)
	}
	return nil
}

func (t *sqlTx) SetEmail(userID, email string, verified bool) error {
	res, err := t.exec("UPDATE users SET email = ?, email_verified = ? WHERE id = ?", email, b2i(verified), userID)
	return exactlyOne(res, err, "setting the address of user "+userID)
}

func (t *sqlTx) SetUserPrefs(userID, language, notify string) error {
	res, err := t.exec("UPDATE users SET language = ?, notify = ? WHERE id = ?", language, notify, userID)
	return exactlyOne(res, err, "setting the preferences of user "+userID)
}

func (t *sqlTx) SetCalendarKey(userID, key string) error {
	res, err := t.exec("UPDATE users SET calendar_key = ? WHERE id = ?", key, userID)
	return exactlyOne(res, err, "setting the calendar key of user "+userID)
}

func (t *sqlTx) SetPassword(userID, hash string) error {
	res, err := t.exec("UPDATE users SET pass_hash = ? WHERE id = ?", hash, userID)
	return exactlyOne(res, err, "setting the password of user "+userID)
}

func (t *sqlTx) RevokeSessions(userID string) error {
	_, err := t.exec("UPDATE sessions SET revoked = 1 WHERE user_id = ?", userID)
	return err
}

func (t *sqlTx) CreateToken(tok *Token) error {
	_, err := t.exec("INSERT INTO mail_tokens (token_hash, kind, user_id, email, created, expires, used) VALUES (?, ?, ?, ?, ?, ?, 0)",
		tok.Hash, tok.Kind, tok.UserID, tok.Email, ms(tok.Created), ms(tok.Expires))
	return err
}

func (t *sqlTx) UseToken(hash, kind string, now time.Time) (*Token, error) {
	res, err := t.exec("UPDATE mail_tokens SET used = 1 WHERE token_hash = ? AND kind = ? AND used = 0 AND expires > ?", hash, kind, ms(now))
	if err != nil {
		return nil, err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return nil, ErrNotFound
	}
	tok := &Token{Hash: hash, Kind: kind}
	var created, expires int64
	if err := t.row("SELECT user_id, email, created, expires FROM mail_tokens WHERE token_hash = ?", hash).Scan(&tok.UserID, &tok.Email, &created, &expires); err != nil {
		return nil, notFound(err)
	}
	tok.Created, tok.Expires = fromMS(created), fromMS(expires)
	return tok, nil
}

func (t *sqlTx) DropTokens(userID, kind string) error {
	_, err := t.exec("UPDATE mail_tokens SET used = 1 WHERE user_id = ? AND kind = ? AND used = 0", userID, kind)
	return err
}

func (t *sqlTx) Enqueue(o *OutboxItem) error {
	if o.State == "" {
		o.State = OutboxPending
	}
	_, err := t.exec(`INSERT INTO outbox (id, channel, kind, dedup, user_id, recipient, game_id, payload, state, due, attempts, lease_until, last_error, created, settled)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, '', ?, 0) ON CONFLICT (dedup) DO NOTHING`,
		o.ID, o.Channel, o.Kind, o.Dedup, o.UserID, o.Recipient, o.GameID, string(o.Payload), o.State, ms(o.Due), ms(o.Created))
	if err != nil {
		return fmt.Errorf("store: queueing %s %s: %w", o.Channel, o.Kind, err)
	}
	return nil
}

const outboxCols = "id, channel, kind, dedup, user_id, recipient, game_id, payload, state, due, attempts, lease_until, last_error, created, settled"

func scanOutbox(sc scanner) (*OutboxItem, error) {
	var o OutboxItem
	var payload string
	var due, lease, created, settled int64
	if err := sc.Scan(&o.ID, &o.Channel, &o.Kind, &o.Dedup, &o.UserID, &o.Recipient, &o.GameID, &payload, &o.State,
		&due, &o.Attempts, &lease, &o.LastError, &created, &settled); err != nil {
		return nil, notFound(err)
	}
	o.Payload = []byte(payload)
	o.Due, o.LeaseUntil, o.Created, o.Settled = fromMS(due), fromMS(lease), fromMS(created), fromMS(settled)
	return &o, nil
}

func (t *sqlTx) ClaimOutbox(channel string, now time.Time, lease time.Duration, n int) ([]*OutboxItem, error) {
	q := "SELECT " + outboxCols + " FROM outbox WHERE state = 'pending' AND due <= ? AND lease_until <= ? AND channel = ? ORDER BY due, id LIMIT ?"
	if t.d.dialect == "postgres" {
		q += " FOR UPDATE SKIP LOCKED"
	}
	rows, err := t.query(q, ms(now), ms(now), channel, n)
	if err != nil {
		return nil, fmt.Errorf("store: claiming the outbox: %w", err)
	}
	var out []*OutboxItem
	for rows.Next() {
		o, err := scanOutbox(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, o)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	until := now.Add(lease)
	for _, o := range out {
		// The lease is checked again: on SQLite nothing else writes
		// meanwhile, on PostgreSQL the row is locked.
		if _, err := t.exec("UPDATE outbox SET lease_until = ?, attempts = attempts + 1 WHERE id = ?", ms(until), o.ID); err != nil {
			return nil, fmt.Errorf("store: claiming outbox item %s: %w", o.ID, err)
		}
		o.LeaseUntil, o.Attempts = until, o.Attempts+1
	}
	return out, nil
}

func (t *sqlTx) SettleOutbox(id, state, lastError string, now time.Time) error {
	// A digest's key is freed, so that the next message queues the next
	// digest; every other key stays taken. What an account's mail said
	// is forgotten (its link held a token).
	res, err := t.exec(`UPDATE outbox SET state = ?, last_error = ?, settled = ?, lease_until = 0,
		dedup = CASE WHEN kind = 'digest' THEN dedup || '#' || id ELSE dedup END,
		payload = CASE WHEN kind IN ('verify', 'reset') THEN '{}' ELSE payload END
		WHERE id = ? AND state = 'pending'`,
		state, lastError, ms(now), id)
	return exactlyOne(res, err, "settling outbox item "+id)
}

func (t *sqlTx) RetryOutbox(id string, due time.Time, lastError string) error {
	res, err := t.exec("UPDATE outbox SET due = ?, lease_until = 0, last_error = ? WHERE id = ? AND state = 'pending'", ms(due), lastError, id)
	return exactlyOne(res, err, "retrying outbox item "+id)
}

func (t *sqlTx) OutboxItems(channel string, limit int) ([]*OutboxItem, error) {
	rows, err := t.query("SELECT "+outboxCols+" FROM outbox WHERE channel = ? ORDER BY created, id LIMIT ?", channel, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*OutboxItem
	for rows.Next() {
		o, err := scanOutbox(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, rows.Err()
}

func (t *sqlTx) NextOutboxDue(channel string) (time.Time, bool, error) {
	var v sql.NullInt64
	err := t.row("SELECT MIN(CASE WHEN lease_until > due THEN lease_until ELSE due END) FROM outbox WHERE state = 'pending' AND channel = ?", channel).Scan(&v)
	if err != nil || !v.Valid {
		return time.Time{}, false, err
	}
	return fromMS(v.Int64), true, nil
}

func (t *sqlTx) PressMarks(userID, gameID string) (seen, mailed int64, err error) {
	err = t.row("SELECT seen, mailed FROM press_marks WHERE user_id = ? AND game_id = ?", userID, gameID).Scan(&seen, &mailed)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, 0, nil
	}
	return seen, mailed, err
}

func (t *sqlTx) MarkPress(userID, gameID string, seen, mailed int64) error {
	_, err := t.exec(`INSERT INTO press_marks (user_id, game_id, seen, mailed) VALUES (?, ?, ?, ?)
		ON CONFLICT (user_id, game_id) DO UPDATE SET
			seen = CASE WHEN excluded.seen > press_marks.seen THEN excluded.seen ELSE press_marks.seen END,
			mailed = CASE WHEN excluded.mailed > press_marks.mailed THEN excluded.mailed ELSE press_marks.mailed END`,
		userID, gameID, seen, mailed)
	return err
}
