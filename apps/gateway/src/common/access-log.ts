import { Logger } from '@nestjs/common';
import { Metrics, REQUEST_ID_HEADER } from '@app/server';
import type { NextFunction, Request, Response } from 'express';

const logger = new Logger('Access');

/**
 * One JSON line per HTTP request (method, route, status, duration, request id) and its latency
 * metric. The route is the matched pattern, so ids and names stay out of the metric's labels.
 */
export function accessLog(req: Request, res: Response, next: NextFunction) {
  const started = process.hrtime.bigint();
  res.once('finish', () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const pattern = (req.route as { path?: unknown } | undefined)?.path;
    const route = pattern === undefined ? 'unmatched' : `${req.baseUrl}${String(pattern)}`;
    Metrics.httpRequests.observe({ method: req.method, route, status: String(res.statusCode) }, seconds);
    logger.log({
      msg: 'request',
      method: req.method,
      route,
      path: req.originalUrl.split('?')[0],
      status: res.statusCode,
      durationMs: Math.round(seconds * 1000),
      requestId: res.getHeader(REQUEST_ID_HEADER),
    });
  });
  next();
}
