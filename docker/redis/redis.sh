# A Redis node of docker-compose.yml, named by its service (redis or redis-replica): requirepass,
# masterauth and appendonly from the secrets volume, known to the others by its service's name.
# It starts as the replica of the primary the Sentinels name; when none answers (the set's first
# start) `redis` is the primary. So a primary killed and started again after a switch comes back
# as the new primary's replica, and masterauth lets it (or a Sentinel's REPLICAOF) sign in there.
set -eu
me="$1"
REDISCLI_AUTH="$(cat /run/secrets/redis-password)"
export REDISCLI_AUTH
primary=$(sh /usr/local/lib/chatmarket-redis/primary.sh)
primary="${primary:-redis}"
unset REDISCLI_AUTH
set -- redis-server /run/secrets/redis.conf --replica-announce-ip "$me"
if [ "$primary" != "$me" ]; then set -- "$@" --replicaof "$primary" 6379; fi
echo "redis.sh: $me starts as $([ "$primary" = "$me" ] && echo the primary || echo "the replica of $primary")"
exec docker-entrypoint.sh "$@"
