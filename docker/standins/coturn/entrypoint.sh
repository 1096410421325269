#!/bin/sh
set -eu
if [ "${1#-}" != "$1" ]; then set -- turnserver "$@"; fi
exec "$@"
