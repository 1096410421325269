import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS, DEVICE_ID_PATTERN, type ClientMetaDto } from '@app/contracts';
import { parse } from 'cookie';
import type { Request, Response } from 'express';
import { randomBytes } from 'node:crypto';
import { clientIp } from '../common/auth.guards';
import { gatewayEnv } from '../config/gateway-env';

/**
 * Who is signing in, for auth-svc: the address, the User-Agent (for the sessions list) and the
 * browser's device cookie, made here on its first sign-in, by which auth-svc knows a browser the
 * account has used before. The cookie names no account and is no credential.
 */
export function signInClient(req: Request): ClientMetaDto & { device: string } {
  const existing = req.headers.cookie ? parse(req.headers.cookie)[DEVICE_COOKIE] : undefined;
  const device = existing && DEVICE_ID_PATTERN.test(existing) ? existing : randomBytes(32).toString('base64url');
  return { ...clientOf(req), device };
}

/** The address and User-Agent alone (a guest's entry: no device is remembered for guests). */
export function clientOf(req: Request): ClientMetaDto {
  const userAgent = req.headers['user-agent']?.slice(0, 512);
  return { ip: clientIp(req), ...(userAgent ? { userAgent } : {}) };
}

/** Set again at each sign-in, so a browser in use stays known. */
export function setDeviceCookie(res: Response, device: string) {
  res.cookie(DEVICE_COOKIE, device, {
    httpOnly: true,
    sameSite: 'lax',
    secure: gatewayEnv().COOKIE_SECURE,
    path: '/',
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS * 1000,
  });
}
