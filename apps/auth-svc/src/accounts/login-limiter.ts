import { Inject, Injectable } from '@nestjs/common';
import { REDIS } from '@app/server';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { refusedFor } from '../common/refusal';

/** Failed logins of one account from one address before that pair is refused for a while. */
export const MAX_CONSECUTIVE_FAILS = 5;
export const CONSECUTIVE_FAILS_BLOCK_SECONDS = 15 * 60;
/** Failed logins from one address, over every account, per day. */
export const MAX_FAILS_PER_IP_PER_DAY = 100;
export const IP_BLOCK_SECONDS = 24 * 60 * 60;
/** After this many consecutive failures each further failure answers this much later per failure. */
const SLOWDOWN_AFTER = 2;
const SLOWDOWN_STEP_MS = 400;

/**
 * Whose failures a sign-in attempt counts toward: the account when the typed name has one, so
 * its email and its username share one count; otherwise the typed name, which then gets exactly
 * the guesses, slowdown and refusal an account would (an unknown name must not stand out).
 */
export function attemptSubject(login: string, accountId: number | null): string {
  return accountId === null ? `name:${login.trim().toLowerCase()}` : `account:${accountId}`;
}

/**
 * Brute-force defence for login, after the rate-limiter-flexible "login endpoint" recipe.
 * Failures count per subject+address (consecutive, reset by a success; see attemptSubject) and
 * per address (daily). Keying the account counter by address keeps the real owner able to sign
 * in from elsewhere while someone hammers the account; the daily address cap stops one address
 * from spraying many accounts.
 */
@Injectable()
export class LoginLimiter {
  private readonly byAccountAndIp: RateLimiterRedis;
  private readonly byIp: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: Redis) {
    this.byAccountAndIp = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: 'login-fail-account-ip',
      points: MAX_CONSECUTIVE_FAILS,
      duration: CONSECUTIVE_FAILS_BLOCK_SECONDS,
      blockDuration: CONSECUTIVE_FAILS_BLOCK_SECONDS,
    });
    this.byIp = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: 'login-fail-ip',
      points: MAX_FAILS_PER_IP_PER_DAY,
      duration: IP_BLOCK_SECONDS,
      blockDuration: IP_BLOCK_SECONDS,
    });
  }

  /** Refuses with 429 when this subject+address or this address is over its limit. */
  async assertAllowed(subject: string, ip: string): Promise<void> {
    const [pair, address] = await Promise.all([this.byAccountAndIp.get(pairKey(subject, ip)), this.byIp.get(ip)]);
    const waits = [
      pair && pair.consumedPoints >= MAX_CONSECUTIVE_FAILS ? pair.msBeforeNext : 0,
      address && address.consumedPoints >= MAX_FAILS_PER_IP_PER_DAY ? address.msBeforeNext : 0,
    ];
    const waitMs = Math.max(...waits);
    if (waitMs > 0) throw tooManyAttempts(waitMs);
  }

  /**
   * Counts a failure and answers how long to hold the failed answer back (a slowdown before
   * the refusal); throws 429 when this failure reached the limit.
   */
  async recordFailure(subject: string, ip: string): Promise<number> {
    const results = await Promise.allSettled([this.byAccountAndIp.consume(pairKey(subject, ip)), this.byIp.consume(ip)]);
    const refused = results
      .map((r) => (r.status === 'rejected' ? r.reason : null))
      .filter((reason): reason is RateLimiterRes => reason instanceof RateLimiterRes);
    const failed = results.find((r) => r.status === 'rejected' && !(r.reason instanceof RateLimiterRes));
    if (failed && failed.status === 'rejected') throw failed.reason;
    if (refused.length > 0) throw tooManyAttempts(Math.max(...refused.map((r) => r.msBeforeNext)));
    const pair = results[0].status === 'fulfilled' ? results[0].value : null;
    const consecutive = pair?.consumedPoints ?? 0;
    return Math.max(0, consecutive - SLOWDOWN_AFTER) * SLOWDOWN_STEP_MS;
  }

  async recordSuccess(subject: string, ip: string): Promise<void> {
    await this.byAccountAndIp.delete(pairKey(subject, ip));
  }
}

function pairKey(subject: string, ip: string): string {
  return `${subject}|${ip}`;
}

function tooManyAttempts(waitMs: number) {
  return refusedFor(waitMs, 'sign_in_too_many_failures');
}
