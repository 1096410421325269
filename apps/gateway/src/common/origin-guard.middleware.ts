import { Injectable, NestMiddleware } from '@nestjs/common';
import { ErrorCode } from '@app/contracts';
import type { NextFunction, Request, Response } from 'express';
import { allowedOrigins } from './origins';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery defence for the cookie session: an unsafe method must come from
 * one of our origins and carry JSON or multipart (which a plain HTML form cannot send as JSON).
 */
@Injectable()
export class OriginGuardMiddleware implements NestMiddleware {
  use(req: Request, res: Response, next: NextFunction) {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.header('origin') ?? refererOrigin(req.header('referer'));
    if (!origin || !allowedOrigins().has(origin)) {
      return res.status(403).json({ error: 'Forbidden', code: ErrorCode.Forbidden, message: 'Cross-site request refused' });
    }
    const type = (req.header('content-type') ?? '').toLowerCase();
    const hasBody = Number(req.header('content-length') ?? 0) > 0 || req.header('transfer-encoding') !== undefined;
    if (hasBody && !type.startsWith('application/json') && !type.startsWith('multipart/form-data')) {
      return res.status(415).json({
        error: 'Unsupported Media Type',
        code: ErrorCode.UnsupportedMediaType,
        message: 'Send JSON (application/json) or multipart/form-data',
      });
    }
    next();
  }
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}
