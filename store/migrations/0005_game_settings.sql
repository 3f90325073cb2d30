-- Games get their creator's settings as columns, so that listing can
-- leave out, in SQL, the games a user may not see:
--
--   press       full, public or none: who may send press to whom
--   private     1: listed only to the game's creator and players;
--               joining needs the game's invitation code
--   spectators  1: people without a seat may follow the game once
--               it has started
--
-- The games stored before this migration keep what every game had then:
-- full press, listed, open to spectators.
ALTER TABLE games ADD COLUMN press TEXT NOT NULL DEFAULT 'full';
ALTER TABLE games ADD COLUMN private INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN spectators INTEGER NOT NULL DEFAULT 1;
