import { Inject, Injectable } from '@nestjs/common';
import { DATA_EXPORT_DOWNLOAD_PATH, DATA_EXPORT_TOKEN_PATTERN } from '@app/contracts';
import { REDIS } from '@app/server';
import type { Redis } from 'ioredis';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Every replica signs and checks with the same key, made once, which never leaves Redis. */
const HMAC_KEY = 'exports:link:hmac-key';
const KEY_SCRIPT = `
redis.call('SET', KEYS[1], ARGV[1], 'NX')
return redis.call('GET', KEYS[1])
`;

export interface ExportLinkClaims {
  exportId: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

/**
 * The download link of an export: `<export id>.<expiry>.<HMAC-SHA256>`. The signature covers the
 * owner's id, which the link does not carry: it checks only against the session of that person,
 * so a link forwarded, guessed or edited (another id, a later expiry) is refused.
 */
@Injectable()
export class DataExportLinks {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async downloadUrl(userId: number, claims: ExportLinkClaims): Promise<string> {
    return `${DATA_EXPORT_DOWNLOAD_PATH}?token=${await this.token(userId, claims)}`;
  }

  async token(userId: number, { exportId, expiresAt }: ExportLinkClaims): Promise<string> {
    return `${exportId}.${expiresAt}.${await this.sign(`${exportId}.${userId}.${expiresAt}`)}`;
  }

  /** The claims of a token signed for this person; null for any other token. */
  async verify(userId: number, token: string): Promise<ExportLinkClaims | null> {
    if (!DATA_EXPORT_TOKEN_PATTERN.test(token)) return null;
    const [exportId, expiry, signature] = token.split('.') as [string, string, string];
    const expected = Buffer.from(await this.sign(`${exportId}.${userId}.${expiry}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return { exportId, expiresAt: Number(expiry) };
  }

  private async sign(body: string): Promise<string> {
    const key = String(await this.redis.eval(KEY_SCRIPT, 1, HMAC_KEY, randomBytes(32).toString('hex')));
    return createHmac('sha256', key).update(body).digest('base64url');
  }
}
