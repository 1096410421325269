import { Inject, Injectable } from '@nestjs/common';
import { REDIS } from '@app/server';
import type { Redis } from 'ioredis';
import { createHash, randomBytes } from 'node:crypto';

export type TokenPurpose = 'password-reset' | 'email-verification';

/**
 * Tokens for links in mail: 32 random bytes, of which Redis keeps only the SHA-256, each with a
 * lifetime, redeemed once (GETDEL: two clicks racing, one wins).
 */
@Injectable()
export class SingleUseTokens {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async issue(purpose: TokenPurpose, userId: number, ttlSeconds: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.redis.set(key(purpose, token), String(userId), 'EX', ttlSeconds);
    return token;
  }

  /** The user the token was issued to, leaving it unused; null when unknown, used or expired. */
  async peek(purpose: TokenPurpose, token: string): Promise<number | null> {
    const userId = await this.redis.get(key(purpose, token));
    return userId === null ? null : Number(userId);
  }

  /** The user the token was issued to, once; null when unknown, used or expired. */
  async redeem(purpose: TokenPurpose, token: string): Promise<number | null> {
    const userId = await this.redis.getdel(key(purpose, token));
    return userId === null ? null : Number(userId);
  }
}

function key(purpose: TokenPurpose, token: string): string {
  return `account-token:${purpose}:${createHash('sha256').update(token).digest('hex')}`;
}
