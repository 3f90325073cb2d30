-- Reliability's other half: the games a person left or was replaced in.
-- how is 'replaced' when the game master opened their seat for a
-- substitute (replaced or removed them), 'left' when the game ended with
-- their seat still played by a bot that took it over for their missed
-- orders (they never took it back). One row per game, person and how; a
-- sandbox writes none.
CREATE TABLE departures (
	game_id TEXT NOT NULL REFERENCES games(id),
	user_id TEXT NOT NULL REFERENCES users(id),
	how     TEXT NOT NULL,
	at      BIGINT NOT NULL, -- Unix milliseconds
	PRIMARY KEY (game_id, user_id, how)
);
CREATE INDEX departures_user ON departures(user_id);
