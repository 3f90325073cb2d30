-- Every game gets a secret: random bytes (hex) made with the game, which
-- never leave the server. They seed the game's bots, so that nobody can
-- compute the bots' orders from what the API shows; being stored, a
-- phase adjudicated again after a crash gets the same orders. The games
-- stored before this migration get theirs from the migration's Go step
-- (store/sql.go, migrationSteps): random bytes are not portable SQL.
ALTER TABLE games ADD COLUMN secret TEXT NOT NULL DEFAULT '';
