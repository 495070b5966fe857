#!/usr/bin/env bash
# A throw-away PostgreSQL server for tests and benchmarks, sourced by scripts/test.sh
# and scripts/bench-rewards.sh:
#   source scripts/postgres.sh
#   pg_start            # sets PG_URL (postgres://postgres@127.0.0.1:PORT/postgres), PG_PID
#   pg_stop             # stops the server by its process id and deletes its files
# Installs Debian's `postgresql` package when no server binary is found. The cluster lives in
# a temp dir, is created by initdb as an unprivileged user (PostgreSQL refuses to run as
# root) and listens on 127.0.0.1 only, on a free port. The `postgres` role (PG_URL's) is trusted
# without a password; every other role logs in with a password (SCRAM-SHA-256), so tests can
# create a role with one and check password authentication, right and wrong.

pg_bindir() {
  local dir
  for dir in /usr/lib/postgresql/*/bin; do
    [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && { echo "$dir"; return 0; }
  done
  command -v initdb >/dev/null && command -v pg_ctl >/dev/null && { dirname "$(command -v initdb)"; return 0; }
  return 1
}

pg_as_owner() { # command...: run as the cluster's owner (postgres when we are root)
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

pg_start() {
  local bin
  if ! bin=$(pg_bindir); then
    echo "==> apt-get install postgresql"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null && apt-get install -y -qq postgresql >/dev/null || return 1
    bin=$(pg_bindir) || return 1
  fi
  PG_DIR=$(mktemp -d /tmp/offerkit-pg.XXXXXX) || return 1
  chmod 755 "$PG_DIR"
  [ "$(id -u)" -eq 0 ] && chown postgres: "$PG_DIR"
  local port
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])') || return 1
  pg_as_owner "$bin/initdb" -D "$PG_DIR/data" -U postgres --auth=trust -E UTF8 --no-sync >"$PG_DIR/initdb.log" 2>&1 ||
    { cat "$PG_DIR/initdb.log"; return 1; }
  # First match wins: the superuser is trusted, everyone else gives a password.
  pg_as_owner tee "$PG_DIR/data/pg_hba.conf" >/dev/null <<'HBA'
local all postgres trust
host all postgres 127.0.0.1/32 trust
local all all scram-sha-256
host all all 127.0.0.1/32 scram-sha-256
HBA
  pg_as_owner "$bin/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $PG_DIR -c max_connections=200 -c password_encryption=scram-sha-256" start >/dev/null ||
    { cat "$PG_DIR/server.log"; return 1; }
  PG_PID=$(head -n1 "$PG_DIR/data/postmaster.pid")
  PG_URL="postgres://postgres@127.0.0.1:$port/postgres"
  export PG_URL PG_PID PG_DIR
}

pg_stop() {
  [ -n "${PG_PID:-}" ] || return 0
  kill -INT "$PG_PID" 2>/dev/null # fast shutdown
  for _ in $(seq 1 100); do kill -0 "$PG_PID" 2>/dev/null || break; sleep 0.1; done
  rm -rf "${PG_DIR:?}"
  PG_PID=
}
