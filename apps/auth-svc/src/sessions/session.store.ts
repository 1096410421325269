import { Inject, Injectable } from '@nestjs/common';
import { SESSION_ACTIVITY_RESOLUTION_MS, type DeviceType, type SignInMethod } from '@app/contracts';
import { REDIS } from '@app/server';
import type { Redis } from 'ioredis';
import { createHash, randomBytes } from 'node:crypto';

/** What the browser said it was when the session opened (its User-Agent, read once). */
export interface SessionDevice {
  browser: string | null;
  os: string | null;
  type: DeviceType | null;
}

/** Where a session was opened from; absent on sessions opened before it was recorded. */
export interface SessionOrigin {
  device?: SessionDevice;
  countryCode?: string | null;
}

export interface StoredSession extends SessionOrigin {
  userId: number;
  createdAt: string;
  /** How it was opened, set here once; absent on sessions opened before it was recorded (read as 'password'). */
  signedInWith?: SignInMethod;
  /** The member chose Remember me (the cookie outlives the browser); absent otherwise, and on sessions opened before it was recorded. */
  rememberMe?: true;
  /** Written at most once a minute (SESSION_ACTIVITY_RESOLUTION_MS); absent until then, when createdAt stands for it. */
  lastActiveAt?: string;
}

export interface LiveSession {
  tokenHash: string;
  session: StoredSession;
}

const sessionKey = (tokenHash: string) => `session:${tokenHash}`;
const userIndexKey = (userId: number) => `user-sessions:${userId}`;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The id a session is shown and ended by: derived from its token hash, which it does not reveal. */
export function sessionIdOf(tokenHash: string): string {
  return createHash('sha256').update(`session-id:${tokenHash}`).digest('hex').slice(0, 32);
}

/**
 * Sessions live in Redis under the sha256 of their token, so a leak of Redis does not leak
 * usable cookies. A set per user indexes them, so every session of an account can be ended.
 */
@Injectable()
export class SessionStore {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** A new random 256-bit token; the caller puts it in the cookie, Redis keeps only its hash. */
  async create(
    userId: number,
    ttlSeconds: number,
    signedInWith: SignInMethod,
    origin: SessionOrigin = {},
    rememberMe = false,
  ): Promise<{ token: string; tokenHash: string; session: StoredSession }> {
    const token = randomBytes(32).toString('base64url');
    const tokenHash = hashToken(token);
    const session: StoredSession = { userId, createdAt: new Date().toISOString(), signedInWith, ...(rememberMe ? { rememberMe: true as const } : {}), ...origin };
    const index = userIndexKey(userId);
    await this.redis
      .multi()
      .set(sessionKey(tokenHash), JSON.stringify(session), 'EX', ttlSeconds)
      .sadd(index, tokenHash)
      // The index lives as long as the longest session in it.
      .expire(index, ttlSeconds, 'GT')
      .expire(index, ttlSeconds, 'NX')
      .exec();
    return { token, tokenHash, session };
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

  /**
   * Records that these sessions were used, at most once a minute each, so a busy page costs no
   * write per request. XX: a session ended meanwhile is not brought back; KEEPTTL: nor kept longer.
   */
  async noteActivity(used: LiveSession[], now = new Date()): Promise<void> {
    const due = used.filter(({ session }) => now.getTime() - Date.parse(session.lastActiveAt ?? session.createdAt) >= SESSION_ACTIVITY_RESOLUTION_MS);
    if (due.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (const { tokenHash, session } of due) {
      pipeline.set(sessionKey(tokenHash), JSON.stringify({ ...session, lastActiveAt: now.toISOString() }), 'KEEPTTL', 'XX');
    }
    await pipeline.exec();
  }

  /** The live sessions of a user; hashes of sessions that expired are dropped from the index on the way. */
  async liveSessionsOf(userId: number): Promise<LiveSession[]> {
    const index = userIndexKey(userId);
    const hashes = await this.redis.smembers(index);
    if (hashes.length === 0) return [];
    const raw = await this.redis.mget(hashes.map(sessionKey));
    const live: LiveSession[] = [];
    const gone: string[] = [];
    hashes.forEach((tokenHash, i) => {
      const session = raw[i] ? (JSON.parse(raw[i] as string) as StoredSession) : null;
      if (session?.userId === userId) live.push({ tokenHash, session });
      else gone.push(tokenHash);
    });
    if (gone.length > 0) await this.redis.srem(index, ...gone);
    return live;
  }

  /** Ends one session of this user by its hash; false when it was not live. */
  async destroyByHash(userId: number, tokenHash: string): Promise<boolean> {
    const [[, deleted]] = (await this.redis.multi().del(sessionKey(tokenHash)).srem(userIndexKey(userId), tokenHash).exec()) as [[Error | null, number], unknown];
    return deleted === 1;
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
