-- Chancery's schema. Portable SQL: the same text runs on SQLite and
-- PostgreSQL. Times are Unix milliseconds (BIGINT), booleans 0/1
-- (INTEGER), documents JSON (TEXT). Ids are random text made by the
-- server, so no dialect's sequences are needed.

CREATE TABLE users (
	id         TEXT PRIMARY KEY,
	name       TEXT NOT NULL,
	name_key   TEXT NOT NULL UNIQUE, -- the name folded to lower case
	pass_hash  TEXT NOT NULL,
	created    BIGINT NOT NULL
);

CREATE TABLE sessions (
	token_hash TEXT PRIMARY KEY, -- SHA-256 of the bearer token, hex
	user_id    TEXT NOT NULL REFERENCES users(id),
	created    BIGINT NOT NULL,
	expires    BIGINT NOT NULL,
	revoked    INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX sessions_user ON sessions(user_id);

CREATE TABLE games (
	id         TEXT PRIMARY KEY,
	kind       TEXT NOT NULL,   -- diplomacy or diceplomacy
	variant    TEXT NOT NULL,
	name       TEXT NOT NULL,
	status     TEXT NOT NULL,   -- forming, active, finished
	seq        BIGINT NOT NULL, -- phases (or decisions) played
	deadline   BIGINT NOT NULL, -- 0: none
	version    BIGINT NOT NULL, -- bumped by every change
	data       TEXT NOT NULL,   -- the game's state, JSON
	created    BIGINT NOT NULL,
	updated    BIGINT NOT NULL
);
CREATE INDEX games_due ON games(status, deadline);

CREATE TABLE game_players (
	game_id TEXT NOT NULL REFERENCES games(id),
	user_id TEXT NOT NULL REFERENCES users(id),
	power   TEXT NOT NULL,
	PRIMARY KEY (game_id, user_id)
);
CREATE INDEX game_players_user ON game_players(user_id);

-- The orders of the phase being played: one row per power, replaced by
-- each submission. seq says which phase they were given for.
CREATE TABLE orders (
	game_id TEXT NOT NULL REFERENCES games(id),
	power   TEXT NOT NULL,
	seq     BIGINT NOT NULL,
	orders  TEXT NOT NULL,
	ready   INTEGER NOT NULL,
	updated BIGINT NOT NULL,
	PRIMARY KEY (game_id, power)
);

-- The history: one row per phase played. The primary key is the last
-- guard against adjudicating a phase twice.
CREATE TABLE phases (
	game_id TEXT NOT NULL REFERENCES games(id),
	seq     BIGINT NOT NULL,
	name    TEXT NOT NULL,
	data    TEXT NOT NULL,
	created BIGINT NOT NULL,
	PRIMARY KEY (game_id, seq)
);

CREATE TABLE messages (
	id      TEXT PRIMARY KEY,
	game_id TEXT NOT NULL REFERENCES games(id),
	sender  TEXT NOT NULL,  -- the sending power
	recipients TEXT NOT NULL, -- JSON list of powers
	body    TEXT NOT NULL,
	created BIGINT NOT NULL -- Unix microseconds: the order of messages
);
CREATE INDEX messages_game ON messages(game_id, created);

CREATE TABLE message_recipients (
	message_id TEXT NOT NULL REFERENCES messages(id),
	game_id    TEXT NOT NULL,
	power      TEXT NOT NULL,
	PRIMARY KEY (message_id, power)
);
CREATE INDEX message_recipients_power ON message_recipients(game_id, power);
