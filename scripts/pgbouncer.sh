#!/usr/bin/env bash
# A transaction-mode PgBouncer (Debian's /usr/sbin/pgbouncer) in front of a PostgreSQL server,
# for trying the server through a pooler. Every database of that server is reachable through it.
#
#   scripts/pgbouncer.sh PORT POSTGRES_URL                # prints the pooler's URL, runs until stopped
#   scripts/pgbouncer.sh PORT POSTGRES_URL -- CMD ARGS... # runs CMD with PGBOUNCER_URL set, then stops
#
# e.g. scripts/pgbouncer.sh 56402 postgres://postgres@127.0.0.1:5432/test
# prints postgres://postgres@127.0.0.1:56402/test. Use it as DATABASE_URL, with the PostgreSQL URL as
# DATABASE_DIRECT_URL. Trust authentication: loopback tests only.
set -euo pipefail
if [ $# -lt 2 ]; then
  sed -n '2,11p' "$0" >&2
  exit 2
fi
port="$1"
target="$2"
shift 2
[ "${1:-}" = "--" ] && shift
bin="${PGBOUNCER_BIN:-$(command -v pgbouncer || echo /usr/sbin/pgbouncer)}"
[ -x "$bin" ] || { echo "pgbouncer not found (apt-get install pgbouncer)" >&2; exit 1; }

# postgres://user[:password]@host[:port]/database
rest="${target#*://}"
credentials="${rest%%@*}"
[ "$credentials" = "$rest" ] && credentials="postgres"
user="${credentials%%:*}"
hostport="${rest#*@}"
hostport="${hostport%%/*}"
database="${rest#*/}"
[ "$database" = "$rest" ] && database="$user"
database="${database%%\?*}"
host="${hostport%%:*}"
server_port="${hostport#*:}"
[ "$server_port" = "$hostport" ] && server_port=5432

dir="$(mktemp -d /tmp/pgbouncer-XXXXXX)"
chmod 755 "$dir"
cat >"$dir/pgbouncer.ini" <<INI
[databases]
* = host=$host port=$server_port

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $port
unix_socket_dir =
auth_type = trust
auth_file = $dir/userlist.txt
pool_mode = transaction
max_client_conn = 1000
default_pool_size = 20
; The server's own session settings cannot pass a transaction pooler (README: Operations).
ignore_startup_parameters = extra_float_digits,statement_timeout,idle_in_transaction_session_timeout
logfile = $dir/pgbouncer.log
pidfile = $dir/pgbouncer.pid
INI
printf '"%s" ""\n' "$user" >"$dir/userlist.txt"

# pgbouncer refuses to run as root: as root it runs as the postgres user.
as_user=()
if [ "$(id -u)" = 0 ]; then
  chown -R postgres "$dir"
  as_user=(-u postgres)
fi
"$bin" -q "${as_user[@]}" "$dir/pgbouncer.ini" &
pid=$!
stop() {
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -rf "$dir"
}
trap stop EXIT
trap 'exit 130' INT TERM

# Ready when it accepts connections on its port.
for _ in $(seq 1 100); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then break; fi
  kill -0 "$pid" 2>/dev/null || { cat "$dir/pgbouncer.log" >&2 || true; exit 1; }
  sleep 0.1
done
url="postgres://$credentials@127.0.0.1:$port/$database"
echo "$url"

if [ $# -gt 0 ]; then
  PGBOUNCER_URL="$url" "$@"
else
  wait "$pid"
fi
