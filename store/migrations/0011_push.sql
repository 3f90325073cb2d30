-- Web Push subscriptions (issue 20): what a browser's PushManager gave
-- when its user asked for push notifications. endpoint is the push
-- service's URL of that browser (unique: a browser has one per site),
-- p256dh and auth its keys (base64url, RFC 8291). The server's VAPID key
-- pair lives in the settings table ("vapid_private", "vapid_public").
CREATE TABLE push_subscriptions (
	endpoint TEXT PRIMARY KEY,
	id       TEXT NOT NULL UNIQUE, -- base64url of the first 16 bytes of SHA-256(endpoint)
	user_id  TEXT NOT NULL REFERENCES users(id),
	p256dh   TEXT NOT NULL,
	auth     TEXT NOT NULL,
	created  BIGINT NOT NULL
);
CREATE INDEX push_subscriptions_user ON push_subscriptions(user_id);
