-- Games get two columns: a secret and their creator.
--
-- Every game gets a secret: random bytes (hex) made with the game, which
-- never leave the server. They seed the game's bots, so that nobody can
-- compute the bots' orders from what the API shows; being stored, a
-- phase adjudicated again after a crash gets the same orders. The games
-- stored before this migration get theirs from the migration's Go step
-- (store/sql.go, migrationSteps): random bytes are not portable SQL.
ALTER TABLE games ADD COLUMN secret TEXT NOT NULL DEFAULT '';

-- The creator (a user id) is a column, not only a field of the game's
-- JSON, so that the server can count the games a user has created and not
-- finished, to bound them. The migration's Go step copies it from the
-- JSON of the games stored before.
ALTER TABLE games ADD COLUMN creator TEXT NOT NULL DEFAULT '';
CREATE INDEX games_creator ON games(creator, status);
