import { redisClientOptions, redisOptions } from './redis';

describe('redisOptions', () => {
  it('leaves a plain redis:// URL to ioredis', () => {
    expect(redisOptions('redis://127.0.0.1:6379/0')).toEqual({});
    expect(redisOptions('rediss://:secret@cache:6380/2')).toEqual({});
  });

  it('turns a redis+sentinel:// URL into Sentinel options with the password for both', () => {
    expect(redisOptions('redis+sentinel://:p%40ss@sentinel-1:26379,sentinel-2:26380,sentinel-3/chatmarket/2')).toEqual({
      sentinels: [
        { host: 'sentinel-1', port: 26379 },
        { host: 'sentinel-2', port: 26380 },
        { host: 'sentinel-3', port: 26379 },
      ],
      name: 'chatmarket',
      db: 2,
      password: 'p@ss',
      sentinelPassword: 'p@ss',
    });
  });

  it('takes db 0 and no password when the URL gives none', () => {
    expect(redisOptions('redis+sentinel://s1:26379/mymaster')).toEqual({ sentinels: [{ host: 's1', port: 26379 }], name: 'mymaster', db: 0 });
  });

  it('refuses a URL it cannot read', () => {
    expect(() => redisOptions('http://cache:6379')).toThrow(/REDIS_URL/);
    expect(() => redisOptions('redis+sentinel://:pw@s1:26379')).toThrow(/REDIS_URL/);
    expect(() => redisOptions('redis+sentinel://:pw@s1:nope/master/0')).toThrow(/Sentinel/);
  });
});

describe('redisClientOptions', () => {
  const readonly = new Error("READONLY You can't write against a read only replica.");

  it('reconnects and sends again a command refused as READONLY, and fails any other error', () => {
    for (const url of ['redis://127.0.0.1:6379/0', 'redis+sentinel://:pw@s1:26379,s2:26379/chatmarket/0']) {
      const { reconnectOnError } = redisClientOptions(url);
      expect(reconnectOnError?.(readonly)).toBe(2);
      expect(reconnectOnError?.(new Error('ERR wrong number of arguments'))).toBe(false);
    }
  });

  it('follows a failover through the Sentinels: it keeps asking them, never long apart', () => {
    const options = redisClientOptions('redis+sentinel://:pw@s1:26379,s2:26379,s3:26379/chatmarket/0');
    expect(options).toMatchObject({ name: 'chatmarket', password: 'pw', sentinelPassword: 'pw' });
    // Its +switch-master during a reconnect would end the client for good.
    expect(options.failoverDetector).toBeFalsy();
    expect(options.sentinels).toHaveLength(3);
    // Never more than a second between tries, and never giving up.
    for (const strategy of [options.sentinelRetryStrategy, options.retryStrategy]) {
      expect(strategy?.(1)).toBeGreaterThan(0);
      expect(strategy?.(1000)).toBeLessThanOrEqual(1000);
    }
    expect(options.connectTimeout).toBeLessThanOrEqual(3000);
  });

  it('names no Sentinel for a plain URL', () => {
    expect(redisClientOptions('redis://127.0.0.1:6379/0')).not.toHaveProperty('sentinels');
  });
});
