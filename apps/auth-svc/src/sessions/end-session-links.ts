import { Inject, Injectable } from '@nestjs/common';
import { END_SESSION_LINK_TTL_SECONDS, fieldMessage } from '@app/contracts';
import { fieldRefused, REDIS } from '@app/server';
import type { Redis } from 'ioredis';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Every replica signs and checks with the same key; it is made once and never leaves Redis (where the sessions it ends live too). */
const HMAC_KEY = 'sessions:end-link:hmac-key';
const KEY_SCRIPT = `
redis.call('SET', KEYS[1], ARGV[1], 'NX')
return redis.call('GET', KEYS[1])
`;
const spentKey = (nonce: string) => `sessions:end-link:spent:${nonce}`;

interface LinkClaims {
  /** user id */
  u: number;
  /** session id (sessionIdOf) */
  s: string;
  /** expiry, seconds since the epoch */
  e: number;
  /** nonce, what marks the link spent */
  n: string;
}

/**
 * The "end that session" link of a new-device mail: `<claims>.<HMAC-SHA256>`, both base64url.
 * The signature makes it unforgeable, the expiry is inside it, and spending its nonce in Redis
 * (SET NX until it expires) makes it work once, on any replica.
 */
@Injectable()
export class EndSessionLinks {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async issue(userId: number, sessionId: string, now = Date.now()): Promise<string> {
    const claims: LinkClaims = { u: userId, s: sessionId, e: Math.floor(now / 1000) + END_SESSION_LINK_TTL_SECONDS, n: randomBytes(16).toString('base64url') };
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${body}.${await this.sign(body)}`;
  }

  /** The session the link ends, once; a forged, expired or spent link is a 400 with fields.token. */
  async redeem(token: string): Promise<{ userId: number; sessionId: string }> {
    const [body, signature] = token.split('.');
    const expected = Buffer.from(await this.sign(body ?? ''));
    const given = Buffer.from(signature ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refused('session_link_invalid');
    const claims = parseClaims(body as string);
    if (!claims) throw refused('session_link_invalid');
    const secondsLeft = claims.e - Math.floor(Date.now() / 1000);
    if (secondsLeft <= 0) throw refused('session_link_expired');
    const spent = await this.redis.set(spentKey(claims.n), '1', 'EX', secondsLeft, 'NX');
    if (spent !== 'OK') throw refused('session_link_used');
    return { userId: claims.u, sessionId: claims.s };
  }

  private async sign(body: string): Promise<string> {
    const key = String(await this.redis.eval(KEY_SCRIPT, 1, HMAC_KEY, randomBytes(32).toString('hex')));
    return createHmac('sha256', key).update(body).digest('base64url');
  }
}

function parseClaims(body: string): LinkClaims | null {
  try {
    const value = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<LinkClaims> | null;
    if (!value || !Number.isInteger(value.u) || typeof value.s !== 'string' || !Number.isInteger(value.e) || typeof value.n !== 'string') return null;
    return value as LinkClaims;
  } catch {
    return null;
  }
}

function refused(code: 'session_link_invalid' | 'session_link_used' | 'session_link_expired') {
  return fieldRefused('token', fieldMessage(code));
}
