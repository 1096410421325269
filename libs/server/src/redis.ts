import { Redis } from 'ioredis';

export const REDIS = Symbol('REDIS');

export function createRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 3, enableAutoPipelining: true, lazyConnect: false });
}

export const redisProvider = (url: () => string) => ({
  provide: REDIS,
  useFactory: () => createRedis(url()),
});
