#!/bin/sh
# First start: a cluster owned by POSTGRES_USER with POSTGRES_PASSWORD, password logins over TCP,
# POSTGRES_DB created, /docker-entrypoint-initdb.d run; then the server on every interface.
# Each POSTGRES_* may come from the file its *_FILE names, as with the official image.
set -eu
for var in POSTGRES_USER POSTGRES_PASSWORD POSTGRES_DB; do
  eval "file=\${${var}_FILE:-} value=\${${var}:-}"
  if [ -n "$file" ] && [ -z "$value" ]; then export "$var=$(cat "$file")"; fi
done
if [ "${1#-}" != "$1" ]; then set -- postgres "$@"; fi
if [ "$1" = postgres ] && [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  as_postgres() { setpriv --reuid=postgres --regid=postgres --init-groups "$@"; }
  user="${POSTGRES_USER:-postgres}"
  if [ ! -s "$PGDATA/PG_VERSION" ]; then
    if [ -z "${POSTGRES_PASSWORD:-}" ]; then
      echo 'POSTGRES_PASSWORD must be set' >&2
      exit 1
    fi
    pwfile=$(mktemp)
    printf '%s\n' "$POSTGRES_PASSWORD" > "$pwfile"
    chown postgres "$pwfile"
    as_postgres initdb -D "$PGDATA" -U "$user" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 >/dev/null
    rm -f "$pwfile"
    printf 'host all all all scram-sha-256\n' >> "$PGDATA/pg_hba.conf"
    as_postgres pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
    db="${POSTGRES_DB:-$user}"
    if [ "$db" != postgres ]; then as_postgres psql -qv ON_ERROR_STOP=1 -U "$user" -d postgres -c "CREATE DATABASE \"$db\""; fi
    for f in /docker-entrypoint-initdb.d/*; do
      case "$f" in
        *.sh) . "$f" ;;
        *.sql) as_postgres psql -qv ON_ERROR_STOP=1 -U "$user" -d "$db" -f "$f" ;;
      esac
    done
    as_postgres pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
    echo 'PostgreSQL initialised'
  fi
  shift
  exec setpriv --reuid=postgres --regid=postgres --init-groups postgres -D "$PGDATA" -c listen_addresses='*' "$@"
fi
exec "$@"
