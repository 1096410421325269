import { Inject, Injectable } from '@nestjs/common';
import { REDIS } from '@app/server';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AuthEnv } from '../config/auth-env';
import { refusedFor } from '../common/refusal';

const HOUR_SECONDS = 60 * 60;

export type SignupKind = 'member' | 'guest';

/**
 * Caps how many accounts one address creates, beside the captcha: a script that solves the
 * arithmetic still cannot mint names by the thousand. A point is taken before the account is
 * made (atomic in Redis, so replicas share the count) and given back when it is not made.
 */
@Injectable()
export class SignupLimiter {
  private readonly limiters: Record<SignupKind, RateLimiterRedis>;

  constructor(@Inject(REDIS) redis: Redis, env: AuthEnv) {
    const limiter = (keyPrefix: string, points: number) => new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration: HOUR_SECONDS });
    this.limiters = {
      member: limiter('signup-ip', env.SIGNUPS_PER_ADDRESS_PER_HOUR),
      guest: limiter('guest-ip', env.GUESTS_PER_ADDRESS_PER_HOUR),
    };
  }

  /** Runs `create` when the address may make another account of this kind; refuses with 429 otherwise. */
  async within<T>(kind: SignupKind, ip: string, create: () => Promise<T>): Promise<T> {
    const limiter = this.limiters[kind];
    try {
      await limiter.consume(ip);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      throw refusedFor(error.msBeforeNext, 'sign_up_too_many');
    }
    try {
      return await create();
    } catch (error) {
      await limiter.reward(ip, 1);
      throw error;
    }
  }
}
