import { Inject, Injectable } from '@nestjs/common';
import { REDIS } from '@app/server';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { Clock } from './clock';

/**
 * At most `limit` actions in any rolling window, per key: the check and the count are one
 * script, so replicas racing for the same person never let more through. Answers the slot
 * taken (to give back when the action turns out not to happen) or how long to wait.
 */
const TAKE_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return tonumber(oldest[2]) + window - now
end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('PEXPIRE', KEYS[1], window)
return 0
`;

export type WindowAnswer = { allowed: true; slot: string } | { allowed: false; waitMs: number };

@Injectable()
export class WindowLimiter {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly clock: Clock,
  ) {
    this.redis.defineCommand('chatWindowTake', { numberOfKeys: 1, lua: TAKE_SCRIPT });
  }

  async take(key: string, limit: number, windowMs: number): Promise<WindowAnswer> {
    const now = this.clock.now();
    const slot = `${now}-${randomUUID()}`;
    const wait = Number(
      await (this.redis as unknown as { chatWindowTake(...a: unknown[]): Promise<number> }).chatWindowTake(key, now, windowMs, limit, slot),
    );
    return wait > 0 ? { allowed: false, waitMs: Math.ceil(wait) } : { allowed: true, slot };
  }

  /** Gives a slot back: the counted action did not happen after all. */
  async release(key: string, slot: string): Promise<void> {
    await this.redis.zrem(key, slot);
  }
}
