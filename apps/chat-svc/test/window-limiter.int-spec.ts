import 'reflect-metadata';
import { ManualClock, startRedisServer } from '@app/testing';
import { Redis } from 'ioredis';
import type { ChildProcess } from 'node:child_process';
import { WindowLimiter } from '../src/limits/window-limiter';

const HOUR = 3_600_000;


/** The rolling windows behind the creation limits, on a real Redis with the time under the test's control. */
describe('rolling window limits', () => {
  let redisServer: { url: string; process: ChildProcess };
  let redis: Redis;
  let clock: ManualClock;
  let limiter: WindowLimiter;
  let n = 0;

  beforeAll(async () => {
    redisServer = await startRedisServer();
    redis = new Redis(redisServer.url);
    clock = new ManualClock(Date.parse('2026-03-01T12:00:00Z'));
    limiter = new WindowLimiter(redis, clock);
  });

  afterAll(() => {
    redis?.disconnect();
    redisServer?.process.kill('SIGKILL');
  });

  it('lets an action through once the oldest counted one leaves the window, and not a millisecond before', async () => {
    const key = `test:window:${++n}`;
    const start = clock.now();
    for (let i = 0; i < 3; i++) {
      expect(await limiter.take(key, 3, HOUR)).toMatchObject({ allowed: true });
      clock.advance(60_000);
    }
    expect(await limiter.take(key, 3, HOUR)).toEqual({ allowed: false, waitMs: HOUR - 3 * 60_000 });
    clock.advance(start + HOUR - 1 - clock.now());
    expect(await limiter.take(key, 3, HOUR)).toEqual({ allowed: false, waitMs: 1 });
    clock.advance(1);
    expect(await limiter.take(key, 3, HOUR)).toMatchObject({ allowed: true });
  });

  it('gives a slot back when the counted action did not happen', async () => {
    const key = `test:window:${++n}`;
    const first = await limiter.take(key, 1, HOUR);
    expect(await limiter.take(key, 1, HOUR)).toMatchObject({ allowed: false });
    if (!first.allowed) throw new Error('the first action was refused');
    await limiter.release(key, first.slot);
    expect(await limiter.take(key, 1, HOUR)).toMatchObject({ allowed: true });
  });

  it('never lets more through than the limit when many ask at once', async () => {
    const key = `test:window:${++n}`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => limiter.take(key, 5, HOUR)));
    expect(answers.filter((a) => a.allowed)).toHaveLength(5);
  });
});
