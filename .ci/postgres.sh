#!/bin/sh
# Installs PostgreSQL from Debian, starts a throwaway cluster on a loopback
# port and prints the URL of an empty database for Chancery's tests:
#
#   export CHANCERY_TEST_POSTGRES="$(.ci/postgres.sh)"
#
# Everything but the URL goes to standard error. Running it again reuses
# the cluster (and starts it if it is stopped). PGPORT picks the port
# (default 55432); PGDATA_DIR the data directory (default /tmp/chancery-pg).
set -eu
port="${PGPORT:-55432}"
data="${PGDATA_DIR:-/tmp/chancery-pg}"
db=chancery_test

log() { echo "postgres.sh: $*" >&2; }

if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
	log "installing postgresql"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq >&2
	apt-get install -y -qq postgresql >&2
fi
bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"

# The server refuses to run as root: the cluster belongs to "postgres".
as_pg() { su postgres -s /bin/sh -c "$*"; }
if ! id postgres >/dev/null 2>&1; then
	useradd --system --home-dir /var/lib/postgresql --shell /bin/sh postgres
fi

if [ ! -f "$data/PG_VERSION" ]; then
	log "initialising $data"
	mkdir -p "$data"
	chown postgres "$data"
	as_pg "'$bin/initdb' -D '$data' -U postgres --auth=trust -E UTF8 >/dev/null"
fi
if ! as_pg "'$bin/pg_ctl' -D '$data' status" >/dev/null 2>&1; then
	log "starting on 127.0.0.1:$port"
	# fsync off: a test cluster, thrown away on a crash, and much faster.
	as_pg "'$bin/pg_ctl' -D '$data' -l '$data/server.log' -w -o \"-h 127.0.0.1 -p $port -k /tmp -c fsync=off -c max_connections=200\" start" >&2
fi
if ! as_pg "'$bin/psql' -h 127.0.0.1 -p $port -U postgres -tAc \"SELECT 1 FROM pg_database WHERE datname='$db'\"" | grep -q 1; then
	as_pg "'$bin/createdb' -h 127.0.0.1 -p $port -U postgres $db"
fi
echo "postgres://postgres@127.0.0.1:$port/$db?sslmode=disable"
