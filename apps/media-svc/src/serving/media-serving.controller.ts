import { Controller, Get, Logger, Req, Res } from '@nestjs/common';
import { ErrorCode, MEDIA_URL_PREFIX, UploadMessages } from '@app/contracts';
import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { MediaObjectsRepository } from '../objects/media-objects.repository';
import { keyFromUrl } from '../objects/media-objects.service';
import { ObjectStorage } from '../storage/object-storage.repository';
import { parseByteRange } from './byte-range';

/** Objects never change once stored (a new upload gets a new key), so caches may keep them. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Internal: the gateway proxies /media/... here. Range requests let videos seek. */
@Controller()
export class MediaServingController {
  private readonly logger = new Logger(MediaServingController.name);

  constructor(
    private readonly objects: MediaObjectsRepository,
    private readonly storage: ObjectStorage,
  ) {}

  @Get('media/*key')
  async serve(@Req() req: Request, @Res() res: Response): Promise<void> {
    const key = keyFromUrl(req.path);
    const object = key ? await this.objects.findByKey(key) : null;
    if (!object) {
      res.status(404).json({ error: 'Not Found', code: ErrorCode.NotFound, message: UploadMessages.notFound });
      return;
    }
    const etag = `"${object.id}"`;
    res.setHeader('Content-Type', object.contentType);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', CACHE_CONTROL);
    res.setHeader('ETag', etag);
    res.setHeader('Last-Modified', object.createdAt.toUTCString());
    res.setHeader('Accept-Ranges', 'bytes');
    res.setHeader('Content-Disposition', 'inline');
    if (req.header('if-none-match') === etag) {
      res.status(304).end();
      return;
    }
    const range = parseByteRange(req.header('range'), object.size);
    if (range === 'unsatisfiable') {
      res.setHeader('Content-Range', `bytes */${object.size}`);
      res.status(416).end();
      return;
    }
    const start = range?.start ?? 0;
    const end = range?.end ?? object.size - 1;
    const length = object.size === 0 ? 0 : end - start + 1;
    if (range) res.setHeader('Content-Range', `bytes ${start}-${end}/${object.size}`);
    res.setHeader('Content-Length', String(length));
    res.status(range ? 206 : 200);
    if (req.method === 'HEAD' || length === 0) {
      res.end();
      return;
    }
    try {
      const body = range ? await this.storage.getRange(object.key, start, end) : await this.storage.getWhole(object.key);
      await pipeline(body, res);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') return; // the client left
      this.logger.error(`Cannot read ${MEDIA_URL_PREFIX}${object.key}: ${(error as Error).message}`);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      for (const header of ['Content-Range', 'Content-Length', 'Cache-Control', 'ETag', 'Last-Modified']) res.removeHeader(header);
      res.status(502).json({ error: 'Bad Gateway', code: ErrorCode.ServiceUnavailable, message: 'File is not available right now' });
    }
  }
}
