package store

import (
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"time"
)

// PushSubscription is a browser's Web Push subscription: where its push
// service takes messages for it and the keys they are encrypted with
// (RFC 8291).
type PushSubscription struct {
	// ID names the subscription in the API: PushSubscriptionID of its
	// endpoint.
	ID       string
	UserID   string
	Endpoint string
	// P256DH is the browser's public key, Auth its authentication
	// secret, both base64url as PushSubscription.toJSON gives them.
	P256DH, Auth string
	Created      time.Time
}

// PushSubscriptionID is the id of the subscription of endpoint: the
// base64url (no padding) of the first 16 bytes of its SHA-256, which a
// browser can compute too.
func PushSubscriptionID(endpoint string) string {
	sum := sha256.Sum256([]byte(endpoint))
	return base64.RawURLEncoding.EncodeToString(sum[:16])
}

// PushTx is the work of Web Push subscriptions (store/push.go).
type PushTx interface {
	// SavePushSubscription stores a subscription; one of the same
	// endpoint (the same browser, maybe another user before) is
	// replaced.
	SavePushSubscription(p *PushSubscription) error
	// PushSubscriptions lists a user's subscriptions, oldest first.
	PushSubscriptions(userID string) ([]*PushSubscription, error)
	// PushSubscriptionByEndpoint reads a subscription: ErrNotFound when
	// there is none.
	PushSubscriptionByEndpoint(endpoint string) (*PushSubscription, error)
	// DeletePushSubscription deletes a user's subscription by id:
	// ErrNotFound when the user has none of that id.
	DeletePushSubscription(userID, id string) error
	// DropPushSubscription deletes the subscription of endpoint, if any
	// (the push service said it is gone).
	DropPushSubscription(endpoint string) error
}

const pushCols = "id, user_id, endpoint, p256dh, auth, created"

func scanPush(sc scanner) (*PushSubscription, error) {
	var p PushSubscription
	var created int64
	if err := sc.Scan(&p.ID, &p.UserID, &p.Endpoint, &p.P256DH, &p.Auth, &created); err != nil {
		return nil, notFound(err)
	}
	p.Created = fromMS(created)
	return &p, nil
}

func (t *sqlTx) SavePushSubscription(p *PushSubscription) error {
	p.ID = PushSubscriptionID(p.Endpoint)
	_, err := t.exec(`INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, created) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, created = excluded.created`,
		p.ID, p.UserID, p.Endpoint, p.P256DH, p.Auth, ms(p.Created))
	if err != nil {
		return fmt.Errorf("store: saving a push subscription of user %s: %w", p.UserID, err)
	}
	return nil
}

func (t *sqlTx) PushSubscriptions(userID string) ([]*PushSubscription, error) {
	rows, err := t.query("SELECT "+pushCols+" FROM push_subscriptions WHERE user_id = ? ORDER BY created, id LIMIT 100", userID)
	if err != nil {
		return nil, fmt.Errorf("store: the push subscriptions of user %s: %w", userID, err)
	}
	defer rows.Close()
	var out []*PushSubscription
	for rows.Next() {
		p, err := scanPush(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

func (t *sqlTx) PushSubscriptionByEndpoint(endpoint string) (*PushSubscription, error) {
	return scanPush(t.row("SELECT "+pushCols+" FROM push_subscriptions WHERE endpoint = ?", endpoint))
}

func (t *sqlTx) DeletePushSubscription(userID, id string) error {
	res, err := t.exec("DELETE FROM push_subscriptions WHERE user_id = ? AND id = ?", userID, id)
	return exactlyOne(res, err, "deleting push subscription "+id)
}

func (t *sqlTx) DropPushSubscription(endpoint string) error {
	_, err := t.exec("DELETE FROM push_subscriptions WHERE endpoint = ?", endpoint)
	if err != nil {
		return fmt.Errorf("store: dropping a push subscription: %w", err)
	}
	return nil
}
