import { Injectable, NestMiddleware } from '@nestjs/common';
import { SESSION_COOKIE, type UserDto } from '@app/contracts';
import { requestContext } from '@app/server';
import { parse } from 'cookie';
import type { NextFunction, Request, Response } from 'express';
import { SessionService } from './session.service';

export interface SessionRequest extends Request {
  user?: UserDto | null;
  sessionToken?: string;
}

export function sessionTokenFrom(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  return parse(cookieHeader)[SESSION_COOKIE] || undefined;
}

/** Attaches the signed-in user (or null) to every API request. */
@Injectable()
export class SessionMiddleware implements NestMiddleware {
  constructor(private readonly sessions: SessionService) {}

  async use(req: SessionRequest, res: Response, next: NextFunction) {
    try {
      req.sessionToken = sessionTokenFrom(req.headers.cookie);
      req.user = await this.sessions.resolve(req.sessionToken);
      // An answer to a signed-in person may be about them: no shared or browser cache keeps it.
      if (req.user) res.setHeader('Cache-Control', 'no-store');
      const ctx = requestContext.getStore();
      if (ctx && req.user) ctx.userId = req.user.id;
      next();
    } catch (error) {
      next(error);
    }
  }
}
