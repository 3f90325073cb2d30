-- E-mail, password resets, notifications and the durable outbox (issue 20).
--
-- A user may give an e-mail address (optional): email is the address,
-- email_verified 1 once the link sent to it was followed. language is
-- the language of the mails ("en", "fr", "ja"), notify the user's
-- notification settings as JSON ('' for the defaults), calendar_key the
-- secret of the user's calendar feed ('' until asked for).
ALTER TABLE users ADD COLUMN email TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN email_verified INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
ALTER TABLE users ADD COLUMN notify TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN calendar_key TEXT NOT NULL DEFAULT '';
CREATE INDEX users_email ON users(email);

-- Single-use tokens sent by mail (verify an address, reset a password):
-- only their SHA-256 is kept. used is 1 once spent.
CREATE TABLE mail_tokens (
	token_hash TEXT PRIMARY KEY,
	kind       TEXT NOT NULL,   -- verify or reset
	user_id    TEXT NOT NULL REFERENCES users(id),
	email      TEXT NOT NULL,   -- the address it was sent to
	created    BIGINT NOT NULL,
	expires    BIGINT NOT NULL,
	used       INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX mail_tokens_user ON mail_tokens(user_id, kind);

-- The outbox: what is to be sent, written in the transaction of the
-- change that causes it, sent by a worker that claims rows with a lease
-- (lease_until) so that one sender sends each row. channel is "email"
-- (Web Push will be "push"). dedup is unique among the rows not yet
-- settled, so that a retried change queues nothing twice. state is
-- pending, sent, dropped (no longer to be sent: a reminder whose phase was
-- played) or failed (refused for good by the relay).
CREATE TABLE outbox (
	id          TEXT PRIMARY KEY,
	channel     TEXT NOT NULL,
	kind        TEXT NOT NULL,
	dedup       TEXT NOT NULL UNIQUE,
	user_id     TEXT NOT NULL,
	recipient   TEXT NOT NULL,
	game_id     TEXT NOT NULL DEFAULT '',
	payload     TEXT NOT NULL,   -- JSON, the channel's and kind's
	state       TEXT NOT NULL,
	due         BIGINT NOT NULL, -- not before
	attempts    INTEGER NOT NULL DEFAULT 0,
	lease_until BIGINT NOT NULL DEFAULT 0,
	last_error  TEXT NOT NULL DEFAULT '',
	created     BIGINT NOT NULL,
	settled     BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX outbox_due ON outbox(state, due);

-- What of a game's press a user has seen on the site (seen) and been
-- sent by mail (mailed): Unix microseconds of the latest message, so that
-- a digest never holds a message read already.
CREATE TABLE press_marks (
	user_id TEXT NOT NULL,
	game_id TEXT NOT NULL,
	seen    BIGINT NOT NULL DEFAULT 0,
	mailed  BIGINT NOT NULL DEFAULT 0,
	PRIMARY KEY (user_id, game_id)
);
