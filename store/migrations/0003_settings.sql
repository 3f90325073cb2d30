-- Server-wide settings, one value per name, written once by the first
-- process that needs them. The key that signs device cookies
-- ("device_key") lives here, so that every process on the database and
-- every restart checks the cookies the others issued.

CREATE TABLE settings (
	name  TEXT PRIMARY KEY,
	value TEXT NOT NULL
);
