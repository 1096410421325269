import { Injectable, NestMiddleware } from '@nestjs/common';
import { newRequestId, REQUEST_ID_HEADER, requestContext } from '@app/server';
import type { NextFunction, Request, Response } from 'express';

/** Gives each request an id (or keeps a sane incoming one), echoes it and carries it through NATS. */
@Injectable()
export class RequestContextMiddleware implements NestMiddleware {
  use(req: Request, res: Response, next: NextFunction) {
    const incoming = req.header(REQUEST_ID_HEADER);
    const requestId = incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : newRequestId();
    res.setHeader(REQUEST_ID_HEADER, requestId);
    requestContext.run({ requestId }, () => next());
  }
}
