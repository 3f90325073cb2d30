-- Press is read by people, not by seats (server/press.go): a message
-- records the user who sent it and, for each recipient power, the user
-- who held that power when it was sent; a power's player reads only the
-- press of their own tenure, so that a seat given back before the game
-- starts takes nothing with it to the next player. '' is no one (an empty
-- seat, a bot).
--
-- The messages stored before this migration are given to the powers'
-- players as they are now: who held a seat before is not known.
ALTER TABLE messages ADD COLUMN sender_user TEXT NOT NULL DEFAULT '';
ALTER TABLE message_recipients ADD COLUMN user_id TEXT NOT NULL DEFAULT '';
UPDATE messages SET sender_user = COALESCE((SELECT p.user_id FROM game_players p
	WHERE p.game_id = messages.game_id AND p.power = messages.sender), '');
UPDATE message_recipients SET user_id = COALESCE((SELECT p.user_id FROM game_players p
	WHERE p.game_id = message_recipients.game_id AND p.power = message_recipients.power), '');
CREATE INDEX messages_sender ON messages(game_id, sender, sender_user);
CREATE INDEX message_recipients_user ON message_recipients(game_id, power, user_id);
