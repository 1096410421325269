import { Controller, HttpException, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ErrorCode,
  fieldErrors,
  fieldMessage,
  PREMIUM_ROLES,
  SELLER_UPLOAD_MAX_FILES,
  SellerUploadQueryDto,
  SINGLE_UPLOAD_MAX_FILES,
  UPLOAD_POLICIES,
  UploadQueryDto,
  uploadMaxBytes,
  type ChatUploadResponseDto,
  type MultiUploadResponseDto,
  type UploadPurpose,
  type UploadResponseDto,
  type UserDto,
} from '@app/contracts';
import type { Request, Response } from 'express';
import { AuthGuard, clientIp, CurrentUser, Roles } from '../common/auth.guards';
import { finishEarly } from '@app/server';
import { MediaUpstream, type UploadTarget } from './media-upstream';
import { UploadSlots } from './upload-slots';

/** Room for multipart boundaries and part headers around each file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const fileBody = (field: string, many = false) => ({
  schema: {
    type: 'object',
    properties: {
      [field]: many ? { type: 'array', items: { type: 'string', format: 'binary' } } : { type: 'string', format: 'binary' },
    },
  },
});

/**
 * Uploads. Bodies stream through to media-svc, which checks every file's size and real type,
 * re-encodes images and stores them. Guests are read-only, so every upload needs a member's
 * session; seller media is open to every member because the seller application (before the
 * account is a seller) and the media test page upload it too.
 */
@ApiTags('media')
@Controller()
@UseGuards(AuthGuard)
export class MediaUploadController {
  constructor(
    private readonly upstream: MediaUpstream,
    private readonly slots: UploadSlots,
  ) {}

  @Post('upload')
  @Roles('user', 'vip', 'seller', 'moderator')
  @ApiOperation({ summary: 'Upload one image or video (field "file"); ?purpose=avatar|gallery|intro sets its limit' })
  @ApiConsumes('multipart/form-data')
  @ApiBody(fileBody('file'))
  async upload(
    @Query() query: UploadQueryDto,
    @CurrentUser() user: UserDto,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const [file] = await this.forward(req, res, {
      userId: user.id,
      purpose: query.purpose,
      field: 'file',
      maxFiles: SINGLE_UPLOAD_MAX_FILES,
    });
    const answer: UploadResponseDto = { url: file.url, file };
    res.status(201).json(answer);
  }

  @Post('sellers/upload')
  @Roles('user', 'vip', 'seller', 'moderator')
  @ApiOperation({ summary: 'Upload seller media: repeated "files" fields, up to ?max (10 by default), 50 MB each' })
  @ApiConsumes('multipart/form-data')
  @ApiBody(fileBody('files', true))
  async uploadSellerMedia(
    @Query() query: SellerUploadQueryDto,
    @CurrentUser() user: UserDto,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const files = await this.forward(req, res, {
      userId: user.id,
      purpose: 'seller',
      field: 'files',
      maxFiles: query.max ?? SELLER_UPLOAD_MAX_FILES,
    });
    const answer: MultiUploadResponseDto = { files };
    res.status(201).json(answer);
  }

  @Post('chat/upload')
  // The same rule chat-svc applies to image messages.
  @Roles(...PREMIUM_ROLES)
  @ApiOperation({ summary: 'Upload one image or gif for a chat message (field "file", 10 MB)' })
  @ApiConsumes('multipart/form-data')
  @ApiBody(fileBody('file'))
  async uploadChatImage(@CurrentUser() user: UserDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    const files = await this.forward(req, res, { userId: user.id, purpose: 'chat', field: 'file', maxFiles: 1 });
    const answer: ChatUploadResponseDto = { url: files[0].url, file: files[0], files };
    res.status(201).json(answer);
  }

  @Post('chat/voice')
  // The same rule chat-svc applies to voice messages.
  @Roles(...PREMIUM_ROLES)
  @ApiOperation({ summary: 'Upload one voice note for a chat message (field "file"): WebM or Ogg Opus audio, at most 2 minutes, 5 MB' })
  @ApiConsumes('multipart/form-data')
  @ApiBody(fileBody('file'))
  async uploadVoiceNote(@CurrentUser() user: UserDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    const files = await this.forward(req, res, { userId: user.id, purpose: 'voice', field: 'file', maxFiles: 1 });
    const answer: ChatUploadResponseDto = { url: files[0].url, file: files[0], files };
    res.status(201).json(answer);
  }

  /**
   * Refuses a body declared too large, or one more upload than the user or the address may have in
   * progress, before reading it; else streams it to media-svc.
   */
  private async forward(req: Request, res: Response, target: UploadTarget) {
    const purpose: UploadPurpose = target.purpose ?? 'general';
    const declared = Number(req.header('content-length'));
    const allowed = target.maxFiles * (uploadMaxBytes(purpose) + MULTIPART_OVERHEAD_BYTES) + MULTIPART_OVERHEAD_BYTES;
    finishEarly(req, res);
    if (declared > allowed) {
      const problem = fieldMessage('upload_too_large', { max: UPLOAD_POLICIES[purpose].maxMegabytes });
      throw new HttpException({ error: 'Payload Too Large', code: ErrorCode.PayloadTooLarge, message: problem.message, ...fieldErrors({ file: [problem] }) }, 413);
    }
    let release: (() => void) | undefined;
    try {
      release = this.slots.take(target.userId, clientIp(req));
      return await this.upstream.upload(req, target);
    } catch (error) {
      // Refusals that say when to come back (busy, too many, over a quota) say it in Retry-After too.
      const retryAfter = error instanceof HttpException ? (error.getResponse() as { retryAfterSeconds?: unknown }).retryAfterSeconds : undefined;
      if (typeof retryAfter === 'number') res.setHeader('Retry-After', String(retryAfter));
      throw error;
    } finally {
      release?.();
    }
  }
}
