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
 * Every Redis client of the project. Commands queued while the connection is down fail after
 * a few tries rather than hang; reconnecting never stops and grows to half a second, so a
 * restart or a Sentinel failover is followed within a moment of the new primary answering.
 */
export function createRedis(url: string): Redis {
  const options: RedisOptions = {
    maxRetriesPerRequest: 3,
    enableAutoPipelining: true,
    lazyConnect: false,
    retryStrategy: (times) => Math.min(50 * times, 500),
    // After a failover the old primary may come back as a replica: reconnect on READONLY.
    reconnectOnError: (error) => error.message.startsWith('READONLY'),
  };
  const sentinel = redisOptions(url);
  const client = sentinel.sentinels ? new Redis({ ...options, ...sentinel, sentinelRetryStrategy: (times) => Math.min(100 * times, 1000) }) : new Redis(url, options);
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
