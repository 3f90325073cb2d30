-- A name looks like another when any skeleton of one is a skeleton of the
-- other (username.Skeletons): of its key, of the name as shown (case
-- preserved) or of its upper case, so that "ΑΒΕ" in Greek capitals
-- cannot register beside "ABE" or "abe". A user has up to three
-- skeletons, and comparing each kind with every kind needs them in one
-- column: this table, whose primary key lets one account only have each
-- (it decides between sign-ups that race, as users_name_skeleton did).
-- It replaces the users' name_skeleton (migration 0004), which held the
-- key's skeleton alone. Skeletons are made in Go: the store fills this
-- table when it opens (store/sql.go, skeletonUsers), the older of two
-- accounts that look alike keeping a skeleton they share.
CREATE TABLE name_skeletons (
	skeleton TEXT PRIMARY KEY,
	user_id TEXT NOT NULL REFERENCES users(id)
);
CREATE INDEX name_skeletons_user ON name_skeletons(user_id);
DROP INDEX users_name_skeleton;
ALTER TABLE users DROP COLUMN name_skeleton;
