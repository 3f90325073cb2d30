-- A game master may open a player's seat for a substitute while the game
-- is played (server/master.go). wanted counts the seats of a game that
-- wait for one, so that the lobby lists the games under "replacement
-- wanted" in SQL, and its live mark moves when one opens or is taken.
-- Every game stored before this migration has none.
ALTER TABLE games ADD COLUMN wanted INTEGER NOT NULL DEFAULT 0;
CREATE INDEX games_wanted ON games(wanted, status);
