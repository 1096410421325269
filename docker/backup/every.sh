#!/bin/sh
# The `backup` service's schedule: a backup at start, then one every BACKUP_INTERVAL (sleep's
# syntax: 6h, 90m, 3600; 6h unless told), into BACKUP_DIR, keeping the newest BACKUP_KEEP. A
# failed run is reported and tried again at the next turn; the service goes on.
set -u
interval="${BACKUP_INTERVAL:-6h}"
child=
# Stopping the container ends a run under way (it keeps nothing of it) and the wait.
trap 'if [ -n "$child" ]; then kill -TERM "$child" 2>/dev/null; wait "$child"; fi; exit 0' INT TERM
while :; do
  node /app/scripts/backup.mjs &
  child=$!
  wait "$child" || echo "Backup failed; the next try is in ${interval}" >&2
  sleep "$interval" &
  child=$!
  wait "$child"
done
