import { Inject, Injectable } from '@nestjs/common';
import type { SignInMethod } from '@app/contracts';
import { REDIS } from '@app/server';
import type { Redis } from 'ioredis';
import { createHash, randomBytes } from 'node:crypto';

export interface StoredSession {
  userId: number;
  createdAt: string;
  /** How it was opened, set here once; absent on sessions opened before it was recorded (read as 'password'). */
  signedInWith?: SignInMethod;
}

const sessionKey = (tokenHash: string) => `session:${tokenHash}`;
const userIndexKey = (userId: number) => `user-sessions:${userId}`;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Sessions live in Redis under the sha256 of their token, so a leak of Redis does not leak
 * usable cookies. A set per user indexes them, so every session of an account can be ended.
 */
@Injectable()
export class SessionStore {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** A new random 256-bit token; the caller puts it in the cookie, Redis keeps only its hash. */
  async create(userId: number, ttlSeconds: number, signedInWith: SignInMethod): Promise<{ token: string; tokenHash: string }> {
    const token = randomBytes(32).toString('base64url');
    const tokenHash = hashToken(token);
    const session: StoredSession = { userId, createdAt: new Date().toISOString(), signedInWith };
    const index = userIndexKey(userId);
    await this.redis
      .multi()
      .set(sessionKey(tokenHash), JSON.stringify(session), 'EX', ttlSeconds)
      .sadd(index, tokenHash)
      // The index lives as long as the longest session in it.
      .expire(index, ttlSeconds, 'GT')
      .expire(index, ttlSeconds, 'NX')
      .exec();
    return { token, tokenHash };
  }

  /** The sessions of these tokens, each null when it ended or never was, in one round trip. */
  async getMany(tokens: string[]): Promise<Array<StoredSession | null>> {
    const raw = await this.redis.mget(tokens.map((token) => sessionKey(hashToken(token))));
    return raw.map((value) => (value ? (JSON.parse(value) as StoredSession) : null));
  }

  /** The session under this token hash (what the gateway sends as a request's session key), or null. */
  async getByHash(tokenHash: string): Promise<StoredSession | null> {
    const raw = await this.redis.get(sessionKey(tokenHash));
    return raw ? (JSON.parse(raw) as StoredSession) : null;
  }

  /** How the session under this token hash was opened; one gone, or opened before this was recorded, counts as 'password'. */
  async signedInWith(tokenHash: string): Promise<SignInMethod> {
    return (await this.getByHash(tokenHash))?.signedInWith ?? 'password';
  }

  /** Ends one session; answers whose it was, if it was live. */
  async destroy(token: string): Promise<{ userId: number; tokenHash: string } | null> {
    const tokenHash = hashToken(token);
    const raw = await this.redis.getdel(sessionKey(tokenHash));
    if (!raw) return null;
    const { userId } = JSON.parse(raw) as StoredSession;
    await this.redis.srem(userIndexKey(userId), tokenHash);
    return { userId, tokenHash };
  }

  /** Ends every session of a user (logout everywhere). */
  async destroyAll(userId: number): Promise<void> {
    const index = userIndexKey(userId);
    const hashes = await this.redis.smembers(index);
    const pipeline = this.redis.multi();
    for (const hash of hashes) pipeline.del(sessionKey(hash));
    pipeline.del(index);
    await pipeline.exec();
  }
}
