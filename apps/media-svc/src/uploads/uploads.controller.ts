import { Controller, Logger, Post, Req, Res } from '@nestjs/common';
import {
  ErrorCode,
  MediaUploadHeaders,
  UPLOAD_PURPOSES,
  type UploadedFileDto,
  type UploadPurpose,
} from '@app/contracts';
import type { Request, Response } from 'express';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MediaEnv } from '../config/media-env';
import { finishEarly } from '@app/server';
import { UploadError } from './upload-error';
import { UploadsService, type UploadRequest } from './uploads.service';

/** Internal: the gateway streams each upload here after checking the session and the role. */
@Controller()
export class UploadsController {
  private readonly logger = new Logger(UploadsController.name);

  constructor(
    private readonly uploads: UploadsService,
    private readonly env: MediaEnv,
  ) {}

  @Post('uploads')
  async upload(@Req() req: Request, @Res() res: Response): Promise<void> {
    let dir: string | undefined;
    let files: UploadedFileDto[] | undefined;
    let failure: unknown;
    try {
      const request = uploadRequestFrom(req);
      dir = await mkdtemp(join(this.env.MEDIA_TMP_DIR ?? tmpdir(), 'upload-'));
      files = await this.uploads.upload(req, { ...request, dir });
    } catch (error) {
      failure = error;
    }
    // Spooled files go before the answer, so a process stopped right after it leaves none.
    if (dir) await rm(dir, { recursive: true, force: true });
    if (files) {
      res.status(201).json({ files });
      return;
    }
    finishEarly(req, res);
    if (failure instanceof UploadError) {
      if (failure.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(failure.retryAfterSeconds));
      res.status(failure.status).json(failure.body);
      return;
    }
    this.logger.error(failure instanceof Error ? (failure.stack ?? failure.message) : String(failure));
    res.status(500).json({ error: 'Internal Server Error', code: ErrorCode.Internal, message: 'Upload failed' });
  }
}

function uploadRequestFrom(req: Request): Omit<UploadRequest, 'dir'> {
  const ownerId = Number(req.header(MediaUploadHeaders.UserId));
  const purposeHeader = req.header(MediaUploadHeaders.Purpose);
  const maxFiles = Number(req.header(MediaUploadHeaders.MaxFiles) ?? 1);
  const field = req.header(MediaUploadHeaders.Field) ?? 'file';
  if (!Number.isInteger(ownerId) || ownerId <= 0) throw UploadError.badRequest('Uploads need a signed-in user', 'user');
  if (purposeHeader !== undefined && !(UPLOAD_PURPOSES as string[]).includes(purposeHeader)) {
    throw UploadError.badRequest('Unknown upload purpose', 'purpose');
  }
  if (!Number.isInteger(maxFiles) || maxFiles < 1 || maxFiles > 20) throw UploadError.badRequest('Bad file count', 'max');
  if (field !== 'file' && field !== 'files') throw UploadError.badRequest('Bad field name', 'field');
  return {
    ownerId,
    purpose: (purposeHeader ?? 'general') as UploadPurpose,
    // Without a purpose chosen by the route, a form field may name one.
    purposeFromField: purposeHeader === undefined,
    maxFiles,
    field,
  };
}
