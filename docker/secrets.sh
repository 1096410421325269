#!/bin/sh
# The stack's secrets, made at its first start and kept in the `secrets` volume (mounted
# read-only at /run/secrets elsewhere): random passwords for PostgreSQL, Redis, NATS (its clients
# and its cluster's routes), MinIO and Grafana's admin, the TURN secret, the development sign-in
# provider's client secret, the Web Push (VAPID) key pair and a self-signed TLS certificate for
# the load balancer, so none is a default committed here (put a real certificate in tls.crt and
# tls.key to replace it). A value set in the environment (CHATMARKET_POSTGRES_PASSWORD, ...) is
# used instead. The files derived from them (URLs with the passwords, the servers' configs) are
# written again at every start.
set -eu
dir="${SECRETS_DIR:-/run/secrets}"
umask 022
mkdir -p "$dir"

secret() { # secret FILE VALUE_FROM_ENV: the value given, else the kept one, else a new random one
  if [ -n "$2" ]; then printf '%s' "$2" > "$dir/$1"
  elif [ ! -s "$dir/$1" ]; then tr -dc 'A-Za-z0-9' < /dev/urandom | head -c 32 > "$dir/$1"
  fi
  cat "$dir/$1"
}
postgres=$(secret postgres-password "${CHATMARKET_POSTGRES_PASSWORD:-}")
redis=$(secret redis-password "${CHATMARKET_REDIS_PASSWORD:-}")
nats=$(secret nats-password "${CHATMARKET_NATS_PASSWORD:-}")
nats_route=$(secret nats-route-password "${CHATMARKET_NATS_ROUTE_PASSWORD:-}")
turn=$(secret turn-secret "${CHATMARKET_TURN_SECRET:-}")
secret minio-password "${CHATMARKET_MINIO_PASSWORD:-}" > /dev/null
secret grafana-admin-password "${CHATMARKET_GRAFANA_PASSWORD:-}" > /dev/null
# The client secret auth-svc and the development sign-in provider (the `oidc` service) share.
secret oidc-stand-in-secret "${CHATMARKET_OIDC_STAND_IN_SECRET:-}" > /dev/null

for db in auth chat marketplace media; do
  printf 'postgres://postgres:%s@postgres:5432/%s' "$postgres" "$db" > "$dir/$db-database-url"
done
# The three Sentinels (docker-compose.yml): a client asks them which Redis node is the primary
# and follows a switch. The password is the nodes' and the Sentinels' alike.
printf 'redis+sentinel://:%s@redis-sentinel-1:26379,redis-sentinel-2:26379,redis-sentinel-3:26379/chatmarket/0' "$redis" > "$dir/redis-url"
# Every node of the NATS cluster (docker-compose.yml): a client moves to another when its own goes.
printf 'nats://chatmarket:%s@nats:4222,nats://chatmarket:%s@nats-2:4222,nats://chatmarket:%s@nats-3:4222' "$nats" "$nats" "$nats" > "$dir/nats-url"
# Both Redis nodes: masterauth lets either sign in to the other as its replica (a node comes back
# as one after a switch, docker/redis/redis.sh).
printf 'requirepass %s\nmasterauth %s\nappendonly yes\n' "$redis" "$redis" > "$dir/redis.conf"
# One config for the three nodes: clients sign in as chatmarket, nodes route to each other as
# route (a node's route to itself is skipped by nats-server).
cat > "$dir/nats.conf" <<NATS
authorization {
  user: chatmarket
  password: "$nats"
}
cluster {
  name: chatmarket
  port: 6222
  authorization {
    user: route
    password: "$nats_route"
  }
  routes: [
    nats://route:$nats_route@nats:6222
    nats://route:$nats_route@nats-2:6222
    nats://route:$nats_route@nats-3:6222
  ]
}
NATS
printf 'use-auth-secret\nstatic-auth-secret=%s\n' "$turn" > "$dir/turnserver.conf"
if [ ! -s "$dir/tls.crt" ] || [ ! -s "$dir/tls.key" ]; then
  openssl req -x509 -newkey rsa:2048 -nodes -days 825 -subj '/CN=localhost' \
    -addext 'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1' \
    -keyout "$dir/tls.key" -out "$dir/tls.crt" 2>/dev/null
fi
# The VAPID key pair chat-svc signs Web Push with (P-256, base64url): kept, or browsers' push
# subscriptions would stop working. The DER of a P-256 key holds the private key at bytes 8-39
# and the public point in its last 65 bytes.
if [ ! -s "$dir/vapid-private-key" ] || [ ! -s "$dir/vapid-public-key" ]; then
  der=$(mktemp)
  openssl ecparam -name prime256v1 -genkey -noout | openssl ec -outform DER -out "$der" 2>/dev/null
  b64url() { base64 | tr '+/' '-_' | tr -d '=\n'; }
  tail -c +8 "$der" | head -c 32 | b64url > "$dir/vapid-private-key"
  tail -c 65 "$der" | b64url > "$dir/vapid-public-key"
  rm -f "$der"
fi
# Readable by each server's own user (postgres, redis, nobody, node); no one else mounts the
# volume. The TLS key only for nginx, which reads it as root.
chmod 0644 "$dir"/*
chmod 0600 "$dir/tls.key"
echo "secrets ready in $dir"
