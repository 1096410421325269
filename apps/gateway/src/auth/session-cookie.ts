import { SESSION_COOKIE } from '@app/contracts';
import type { CookieOptions, Response } from 'express';
import { gatewayEnv } from '../config/gateway-env';

function baseOptions(): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure: gatewayEnv().COOKIE_SECURE, path: '/' };
}

/** Without a max age the cookie ends with the browser; Remember me and guests get one. */
export function setSessionCookie(res: Response, token: string, maxAgeSeconds: number | null) {
  res.cookie(SESSION_COOKIE, token, {
    ...baseOptions(),
    ...(maxAgeSeconds !== null ? { maxAge: maxAgeSeconds * 1000 } : {}),
  });
}

export function clearSessionCookie(res: Response) {
  res.clearCookie(SESSION_COOKIE, baseOptions());
}
