import type { IceServerDto, IceServersDto } from '@app/contracts';
import { createHmac } from 'node:crypto';

export interface IceConfig {
  stunUrls: string[];
  turnUrls: string[];
  turnSecret: string;
  ttlSeconds: number;
}

/**
 * The ICE servers for one user's browser. TURN gets time-limited credentials by the TURN REST
 * scheme coturn checks with `use-auth-secret`: the username is `<expiry unix seconds>:<userId>`
 * and the password base64(HMAC-SHA1(secret, username)), so the secret never leaves the server
 * and a leaked credential dies on its own.
 */
export function iceServersFor(userId: number, config: IceConfig, now = new Date()): IceServersDto {
  const iceServers: IceServerDto[] = [];
  if (config.stunUrls.length > 0) iceServers.push({ urls: config.stunUrls });
  if (config.turnUrls.length > 0 && config.turnSecret) {
    const expiry = Math.floor(now.getTime() / 1000) + config.ttlSeconds;
    const username = `${expiry}:${userId}`;
    const credential = createHmac('sha1', config.turnSecret).update(username).digest('base64');
    iceServers.push({ urls: config.turnUrls, username, credential });
  }
  return { iceServers, ttlSeconds: config.ttlSeconds };
}

export function urlList(value: string): string[] {
  return value
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
}
