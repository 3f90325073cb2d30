-- Users get the skeleton of their name (UTS #39, username.Skeleton):
-- names whose skeletons are equal look alike ("раураӏ" in Cyrillic and
-- "paypal"), and only one account may have each. Skeletons are made in
-- Go, so the users stored before this migration get theirs when the store
-- opens (store/sql.go, skeletonUsers), which also remakes them should
-- Unicode's confusables table change. NULL is an account without one: a
-- look-alike registered before this rule, beside an older account that
-- holds the skeleton; NULLs do not collide in a unique index.
ALTER TABLE users ADD COLUMN name_skeleton TEXT;
CREATE UNIQUE INDEX users_name_skeleton ON users(name_skeleton);
