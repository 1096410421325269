import { HttpException, Injectable, OnModuleDestroy } from '@nestjs/common';
import {
  DataExportHeaders,
  ErrorCode,
  fieldMessage,
  MEDIA_URL_PREFIX,
  MediaErrorCode,
  MediaUploadHeaders,
  mediaKeyOf,
  parseMediaKey,
  UploadMessages,
  type HttpErrorBody,
  type UploadedFileDto,
  type UploadPurpose,
} from '@app/contracts';
import { currentRequestId, REQUEST_ID_HEADER } from '@app/server';
import type { Request, Response } from 'express';
import { Agent, request, type IncomingMessage } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { refusal } from '../common/http-exception.filter';
import { GatewayEnv } from '../config/gateway-env';

export interface UploadTarget {
  userId: number;
  /** Absent: media-svc takes a `purpose` form field, else the default. */
  purpose?: UploadPurpose;
  field: 'file' | 'files';
  maxFiles: number;
}

/** Headers of an object answer that reach the browser. */
const SERVED_HEADERS = [
  'content-type',
  'content-length',
  'content-range',
  'accept-ranges',
  'cache-control',
  'etag',
  'last-modified',
  'content-disposition',
  'x-content-type-options',
];
const CONDITIONAL_HEADERS = ['range', 'if-none-match', 'if-modified-since', 'if-range'];
const MAX_ANSWER_BYTES = 256 * 1024;

/**
 * media-svc's internal HTTP port as the gateway uses it: upload bodies are piped through as
 * they arrive (never held whole) and objects stream back, so a 50 MB file costs the gateway
 * only a few buffers. Reads and uploads have a connection pool each: uploads may hold theirs
 * for minutes, and images and videos must not wait behind them.
 */
@Injectable()
export class MediaUpstream implements OnModuleDestroy {
  private readonly readAgent: Agent;
  private readonly uploadAgent: Agent;

  constructor(private readonly env: GatewayEnv) {
    this.readAgent = new Agent({ keepAlive: true, maxSockets: env.MEDIA_READ_SOCKETS });
    this.uploadAgent = new Agent({ keepAlive: true, maxSockets: env.MEDIA_UPLOAD_SOCKETS });
  }

  private get base(): URL {
    return new URL(this.env.MEDIA_SVC_URL);
  }

  onModuleDestroy() {
    this.readAgent.destroy();
    this.uploadAgent.destroy();
  }

  /**
   * Streams the request's multipart body to media-svc and answers the files it stored. A body
   * slower than the minimum rate over a window, or an upload past its deadline, is stopped with 408.
   */
  upload(req: Request, target: UploadTarget): Promise<UploadedFileDto[]> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = {
        'content-type': req.header('content-type') ?? '',
        [MediaUploadHeaders.UserId]: String(target.userId),
        [MediaUploadHeaders.Field]: target.field,
        [MediaUploadHeaders.MaxFiles]: String(target.maxFiles),
      };
      const length = req.header('content-length');
      if (length) headers['content-length'] = length;
      if (target.purpose) headers[MediaUploadHeaders.Purpose] = target.purpose;
      const requestId = currentRequestId();
      if (requestId) headers[REQUEST_ID_HEADER] = requestId;

      const upstream = request(new URL('/uploads', this.base), { method: 'POST', agent: this.uploadAgent, headers });
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        stopWatching();
        clearTimeout(deadline);
        outcome();
      };
      const stop = () =>
        settle(() => {
          req.unpipe(upstream);
          upstream.destroy();
          reject(tooSlow());
        });
      const stopWatching = watchBodyRate(req, this.env.MEDIA_UPLOAD_MIN_BYTES_PER_SECOND, this.env.MEDIA_UPLOAD_RATE_WINDOW_MS, stop);
      const deadline = setTimeout(stop, this.env.MEDIA_UPLOAD_TIMEOUT_MS);

      upstream.on('response', (response) => {
        readJson(response)
          .then((body) => {
            if (response.statusCode === 201 && Array.isArray((body as { files?: unknown }).files)) {
              settle(() => resolve((body as { files: UploadedFileDto[] }).files));
            } else {
              settle(() => reject(errorFrom(response.statusCode ?? 502, body)));
            }
          })
          .catch(() => settle(() => reject(unavailable())))
          .finally(() => {
            // media-svc has answered: whatever the client still sends is not forwarded.
            req.unpipe(upstream);
            if (!upstream.writableFinished) upstream.destroy();
          });
      });
      upstream.on('error', () => settle(() => reject(unavailable())));
      req.on('close', () => {
        if (!req.complete) upstream.destroy();
      });
      req.pipe(upstream);
    });
  }

  /**
   * Proxies GET/HEAD /media/<purpose>/<uuid>.<ext> to media-svc, streaming, with the conditional
   * and Range headers. The upstream path is rebuilt from the key's checked parts, so no escape or
   * dot segment in the address can reach another of media-svc's routes.
   */
  serve(req: Request, res: Response) {
    const path = req.originalUrl.split('?')[0];
    const key = path.startsWith(MEDIA_URL_PREFIX) ? parseMediaKey(path.slice(MEDIA_URL_PREFIX.length)) : null;
    if (!key) {
      res.status(404).json({ error: 'Not Found', code: ErrorCode.NotFound, message: UploadMessages.notFound });
      return;
    }
    const headers: Record<string, string> = {};
    for (const name of CONDITIONAL_HEADERS) {
      const value = req.header(name);
      if (value) headers[name] = value;
    }
    const requestId = currentRequestId() ?? req.header(REQUEST_ID_HEADER);
    if (requestId) headers[REQUEST_ID_HEADER] = requestId;
    this.streamFrom(new URL(`${MEDIA_URL_PREFIX}${mediaKeyOf(key)}`, this.base), req.method === 'HEAD' ? 'HEAD' : 'GET', headers, SERVED_HEADERS, res);
  }

  /**
   * Streams a data export's zip from media-svc, which checks that the link was signed for this
   * person (the session's, named in a header it trusts only from here).
   */
  downloadExport(userId: number, token: string, res: Response) {
    const headers: Record<string, string> = { [DataExportHeaders.UserId]: String(userId) };
    const requestId = currentRequestId();
    if (requestId) headers[REQUEST_ID_HEADER] = requestId;
    const url = new URL('/exports/download', this.base);
    url.searchParams.set('token', token);
    this.streamFrom(url, 'GET', headers, EXPORT_HEADERS, res);
  }

  /** A read of media-svc streamed to the browser with its status and the named headers; 503 when it cannot be reached. */
  private streamFrom(url: URL, method: 'GET' | 'HEAD', headers: Record<string, string>, passed: readonly string[], res: Response) {
    const upstream = request(url, { method, agent: this.readAgent, headers });
    upstream.on('response', (response) => {
      res.status(response.statusCode ?? 502);
      for (const name of passed) {
        const value = response.headers[name];
        if (value !== undefined) res.setHeader(name, value);
      }
      pipeline(response, res).catch(() => undefined);
    });
    upstream.on('error', () => {
      if (res.headersSent) return res.destroy();
      const error = unavailable();
      res.status(error.getStatus()).json(error.getResponse());
    });
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.end();
  }
}

/** Headers of a data export's answer that reach the browser. */
const EXPORT_HEADERS = ['content-type', 'content-length', 'content-disposition', 'cache-control', 'x-content-type-options'];

/**
 * Calls `onTooSlow` when fewer than `minBytesPerSecond` arrive over a window of `windowMs`
 * (a silent window included), until the body ends. A client trickling a byte now and then
 * would otherwise hold its connection, and one to media-svc, for as long as it liked.
 */
function watchBodyRate(req: Request, minBytesPerSecond: number, windowMs: number, onTooSlow: () => void): () => void {
  const minBytes = (minBytesPerSecond * windowMs) / 1000;
  let bytes = 0;
  const count = (chunk: Buffer) => {
    bytes += chunk.length;
  };
  const timer = setInterval(() => {
    if (bytes < minBytes) onTooSlow();
    bytes = 0;
  }, windowMs);
  const stop = () => {
    clearInterval(timer);
    req.off('data', count);
  };
  req.on('data', count);
  req.once('end', stop);
  req.once('close', stop);
  return stop;
}

function readJson(response: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_ANSWER_BYTES) return response.destroy(new Error('media-svc answer too large'));
      chunks.push(chunk);
    });
    response.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch (error) {
        reject(error);
      }
    });
    response.on('error', reject);
  });
}

/** media-svc's own error body passes through to the client as it is. */
function errorFrom(status: number, body: unknown): HttpException {
  const candidate = body as HttpErrorBody;
  if (status >= 400 && typeof candidate?.code === 'string' && typeof candidate?.message === 'string') {
    return new HttpException(candidate, status);
  }
  return unavailable();
}

function tooSlow(): HttpException {
  const { message, code } = fieldMessage('upload_too_slow');
  return new HttpException({ error: 'Request Timeout', code: MediaErrorCode.UploadTooSlow, message, messageCode: { code } }, 408);
}

function unavailable(): HttpException {
  return refusal(503, ErrorCode.ServiceUnavailable, fieldMessage('service_unavailable'));
}
