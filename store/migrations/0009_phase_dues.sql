-- Reliability: for each phase played, each person who owed orders in it
-- (a seat played by a person, with something to order) and whether they
-- gave any (given but not marked ready counts as given). Written by the
-- scheduler in the transaction that plays the phase; a sandbox writes
-- none. A user's reliability is counted from these rows, overall and
-- over the last 90 days (due: when the phase was played).
CREATE TABLE phase_dues (
	game_id TEXT NOT NULL REFERENCES games(id),
	seq     BIGINT NOT NULL,
	power   TEXT NOT NULL,
	user_id TEXT NOT NULL REFERENCES users(id),
	given   INTEGER NOT NULL, -- 1: orders were given
	due     BIGINT NOT NULL,  -- Unix milliseconds
	PRIMARY KEY (game_id, seq, power)
);
CREATE INDEX phase_dues_user ON phase_dues(user_id, due);
