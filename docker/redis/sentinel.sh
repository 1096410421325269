# A Sentinel of docker-compose.yml, named by its service (redis-sentinel-1..3). It watches the
# primary the other Sentinels name (`redis` at the set's first start), once that answers. Sentinel
# rewrites its config as it learns (the replicas, the other Sentinels, a switch), so the file is
# written at every start into the container's own /data. Settings as in deploy/k8s/redis.yaml:
# a primary silent for 3 s is down once two of the three agree.
set -eu
me="$1"
REDISCLI_AUTH="$(cat /run/secrets/redis-password)"
export REDISCLI_AUTH
primary=$(sh /usr/local/lib/chatmarket-redis/primary.sh)
primary="${primary:-redis}"
until timeout 3 redis-cli -h "$primary" ping 2>/dev/null | grep -q PONG; do sleep 1; done
umask 077
cat > /data/sentinel.conf <<CONF
port 26379
sentinel resolve-hostnames yes
sentinel announce-hostnames yes
sentinel announce-ip $me
requirepass $REDISCLI_AUTH
sentinel sentinel-pass $REDISCLI_AUTH
sentinel monitor chatmarket $primary 6379 2
sentinel auth-pass chatmarket $REDISCLI_AUTH
sentinel down-after-milliseconds chatmarket 3000
sentinel failover-timeout chatmarket 10000
sentinel parallel-syncs chatmarket 1
CONF
unset REDISCLI_AUTH
echo "sentinel.sh: $me watches $primary"
exec docker-entrypoint.sh redis-server /data/sentinel.conf --sentinel
