import { Redis, type RedisOptions } from 'ioredis';
import { Logger } from '@nestjs/common';

export const REDIS = Symbol('REDIS');

const logger = new Logger('Redis');

/**
 * ioredis options for a REDIS_URL. A plain redis:// or rediss:// URL names one server; a
 * redis+sentinel://:password@host1:26379,host2:26379,host3:26379/<master name>/<db> URL names
 * the Sentinels that know which node is the primary, so a client follows a failover. The
 * password is the data nodes' and the Sentinels' alike.
 */
export function redisOptions(url: string): RedisOptions {
  const match = /^redis\+sentinel:\/\/(?:([^:@/]*)(?::([^@/]*))?@)?([^/]+)\/([^/]+)(?:\/(\d+))?\/?$/.exec(url);
  if (!match) {
    if (!/^rediss?:\/\//.test(url)) throw new Error('REDIS_URL must be redis://, rediss:// or redis+sentinel://');
    return {};
  }
  const [, user, password, hosts, name, db] = match;
  const sentinels = hosts.split(',').map((hostPort) => {
    const at = hostPort.lastIndexOf(':');
    return at > 0 ? { host: hostPort.slice(0, at), port: Number(hostPort.slice(at + 1)) } : { host: hostPort, port: 26379 };
  });
  if (sentinels.some((s) => !s.host || !Number.isInteger(s.port) || s.port <= 0)) throw new Error('REDIS_URL names a Sentinel without host or port');
  const secret = password ? decodeURIComponent(password) : undefined;
  return {
    sentinels,
    name: decodeURIComponent(name),
    db: db ? Number(db) : 0,
    ...(user ? { username: decodeURIComponent(user) } : {}),
    ...(secret ? { password: secret, sentinelPassword: secret } : {}),
  };
}

/**
 * The options of every Redis client of the project. Commands queued while the connection is
 * down fail after a few tries rather than hang; reconnecting never stops and grows to half a
 * second, so a restart is followed within a moment of Redis answering again.
 *
 * Through Sentinels, a failover is followed as soon as it is decided: a client that loses the
 * primary asks the Sentinels again every 100 ms to 1 s, and an address that does not answer
 * (a node just killed) is given up after 3 s. A command refused with READONLY (it reached the
 * old primary, back as a replica, before the client heard of the switch) was not carried out,
 * so the client reconnects and sends it again (2) rather than failing it. ioredis's
 * failoverDetector is left off: its +switch-master arriving while the client is already
 * reconnecting ends the client for good ("Connection is closed"), as seen under compose.
 */
export function redisClientOptions(url: string): RedisOptions {
  const common: RedisOptions = {
    maxRetriesPerRequest: 3,
    enableAutoPipelining: true,
    lazyConnect: false,
    retryStrategy: (times) => Math.min(50 * times, 500),
    reconnectOnError: (error) => (error.message.startsWith('READONLY') ? 2 : false),
  };
  const sentinel = redisOptions(url);
  if (!sentinel.sentinels) return common;
  return {
    ...common,
    ...sentinel,
    // An address that does not answer (a node just killed) is given up on soon, for the next.
    connectTimeout: 3000,
    disconnectTimeout: 500,
    sentinelCommandTimeout: 2000,
    sentinelRetryStrategy: (times) => Math.min(100 * times, 1000),
  };
}

/** A client for REDIS_URL: one Redis server, or the primary the Sentinels name (redisClientOptions). */
export function createRedis(url: string): Redis {
  const options = redisClientOptions(url);
  const client = options.sentinels ? new Redis(options) : new Redis(url, options);
  // Without a listener an unreachable Redis is an unhandled 'error' event; requests still fail
  // on their own, so one line per outage is enough.
  let reported: string | undefined;
  client.on('error', (error: Error) => {
    if (error.message !== reported) logger.warn(`Redis unreachable: ${error.message}`);
    reported = error.message;
  });
  client.on('ready', () => (reported = undefined));
  return client;
}

export const redisProvider = (url: () => string) => ({
  provide: REDIS,
  useFactory: () => createRedis(url()),
});
