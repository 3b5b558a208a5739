#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster: installs Debian's `postgresql` when no
# server binaries are found, creates a cluster in a temporary directory (as the `postgres` user
# when run as root), starts it on 127.0.0.1 and a free port, exports TINYAGENT_PG_URL, runs the
# command, then stops the server and removes the directory, whatever the command's outcome.
# Usage: scripts/withPostgres.sh <command> [args...]   (exit status: the command's)
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 <command> [args...]" >&2
  exit 2
fi

find_bin() {
  local dir
  if command -v pg_ctl >/dev/null 2>&1 && command -v initdb >/dev/null 2>&1; then
    dirname "$(command -v pg_ctl)"
    return 0
  fi
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$dir/pg_ctl" ] && [ -x "$dir/initdb" ]; then
      echo "$dir"
      return 0
    fi
  done
  return 1
}

if ! PG_BIN="$(find_bin)"; then
  echo "withPostgres: no PostgreSQL server found; installing Debian's postgresql package" >&2
  if [ "$(id -u)" -ne 0 ]; then
    echo "withPostgres: installing needs root (apt-get); install postgresql and run again" >&2
    exit 1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
  PG_BIN="$(find_bin)"
fi

# As root the server runs as `postgres` (it refuses to run as root); otherwise as this user.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

# As root, under /tmp: the `postgres` user must be able to reach the directory (TMPDIR may be private).
if [ "$(id -u)" -eq 0 ]; then BASE=/tmp; else BASE="${TMPDIR:-/tmp}"; fi
WORK="$(mktemp -d "$BASE/tinyagent-pg.XXXXXX")"
DATA="$WORK/data"
if [ "$(id -u)" -eq 0 ]; then chown postgres "$WORK"; fi
chmod 700 "$WORK"

cleanup() {
  local status=$?
  if [ -f "$DATA/postmaster.pid" ]; then
    as_owner "$PG_BIN/pg_ctl" -D "$DATA" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$WORK"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

PORT="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
as_owner "$PG_BIN/initdb" -D "$DATA" -U postgres --auth=trust --encoding=UTF8 --no-instructions >"$WORK/initdb.log" 2>&1 || {
  cat "$WORK/initdb.log" >&2
  exit 1
}
# fsync off: a throwaway cluster need not survive the machine, and tests run faster without it.
as_owner "$PG_BIN/pg_ctl" -D "$DATA" -l "$WORK/server.log" -w -t 60 \
  -o "-h 127.0.0.1 -p $PORT -k $WORK -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null || {
  cat "$WORK/server.log" >&2
  exit 1
}

export TINYAGENT_PG_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
echo "withPostgres: PostgreSQL on 127.0.0.1:$PORT (TINYAGENT_PG_URL)" >&2
set +e
"$@"
status=$?
set -e
exit "$status"
