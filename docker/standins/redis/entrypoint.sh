#!/bin/sh
set -eu
if [ "${1#-}" != "$1" ] || [ "${1%.conf}" != "$1" ]; then set -- redis-server "$@"; fi
case "$1" in
  redis-server | redis-sentinel)
    case "${2:-}" in
      *.conf) ;;
      *) program=$1; shift; set -- "$program" --protected-mode no "$@" ;;
    esac
    if [ "$(id -u)" = 0 ]; then
      chown -R redis:redis /data 2>/dev/null || true
      exec setpriv --reuid=redis --regid=redis --init-groups "$@"
    fi
    ;;
esac
exec "$@"
