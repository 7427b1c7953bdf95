#!/usr/bin/env bash
# Starts or stops a throwaway PostgreSQL server (the system's binaries, a temporary data directory, loopback only).
#   eval "$(bash scripts/pg-throwaway.sh start [PORT])"   -> exports PG_THROWAWAY_DIR and TEST_DATABASE_URL
#   bash scripts/pg-throwaway.sh stop "$PG_THROWAWAY_DIR"
set -euo pipefail
cmd=${1:-start}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || { echo "PostgreSQL server binaries not found (apt-get install postgresql)" >&2; exit 1; }
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

case "$cmd" in
  start)
    port=${2:-}
    if [ -z "$port" ]; then
      port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
    fi
    dir=$(mktemp -d /tmp/pg-throwaway.XXXXXX)
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    as_pg "$bin/initdb" -D "$dir/data" --locale=C.UTF-8 -E UTF8 -U postgres -A trust >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; exit 1; }
    as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-p $port -c listen_addresses=127.0.0.1 -c unix_socket_directories=$dir -c max_connections=200 -c fsync=${PG_FSYNC:-off} -c shared_buffers=256MB" \
      start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
    echo "export PG_THROWAWAY_DIR=$dir"
    echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    dir=${2:?usage: stop DIR}
    as_pg "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  *) echo "usage: $0 start [PORT] | stop DIR" >&2; exit 2 ;;
esac
