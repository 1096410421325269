# The Redis node the Sentinels name as the primary now (redis or redis-replica), from the first
# that answers; nothing when none does (the set's first start). REDISCLI_AUTH holds the password.
for sentinel in redis-sentinel-1 redis-sentinel-2 redis-sentinel-3; do
  host=$(timeout 3 redis-cli -h "$sentinel" -p 26379 sentinel get-master-addr-by-name chatmarket 2>/dev/null | head -n 1)
  case "$host" in redis | redis-replica) echo "$host"; exit 0 ;; esac
done
