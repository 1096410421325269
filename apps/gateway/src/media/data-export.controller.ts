import { Controller, Get, HttpCode, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { DataExportDownloadQueryDto, DataExportPatterns, type DataExportStatusDto, type UserDto } from '@app/contracts';
import { RpcClient } from '@app/server';
import type { Response } from 'express';
import { AuthGuard, CurrentUser, Roles } from '../common/auth.guards';
import { MediaUpstream } from './media-upstream';

/**
 * "Download my data" (Settings → Your data). The zip streams through here rather than by a
 * redirect to a presigned S3 address: the bucket is not on the public network, and a presigned
 * address would open for anyone holding it, where this one opens only in the owner's session.
 */
@ApiTags('users')
@ApiCookieAuth('sid')
@UseGuards(AuthGuard)
@Roles('user', 'vip', 'seller', 'moderator')
@Controller('users/me/export')
export class DataExportController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly upstream: MediaUpstream,
  ) {}

  @ApiOperation({
    summary: 'The latest export of my data: asked, ready (with its download link and expiry), failed, expired or none, and when another may be asked',
  })
  @Get()
  status(@CurrentUser() user: UserDto): Promise<DataExportStatusDto> {
    return this.rpc.request(DataExportPatterns.Status, { userId: user.id });
  }

  @ApiOperation({
    summary: 'Asks for a zip of all my data; it is made in the background and a mail brings its link (kept 7 days)',
    description: 'Answers 202 with the state. One a day: 429 with retryAfterSeconds and nextAskAt within 24 hours of the last (a failed one does not count).',
  })
  @Post()
  @HttpCode(202)
  ask(@CurrentUser() user: UserDto): Promise<DataExportStatusDto> {
    return this.rpc.request(DataExportPatterns.Ask, { userId: user.id });
  }

  @ApiOperation({
    summary: 'Downloads the zip, with the token of its link, in the owner\'s own session',
    description: '400 for a token that is no export link; 403 for a link not signed for this account (another person\'s, or changed); 404 when it is not ready or has expired.',
  })
  @ApiQuery({ name: 'token', type: String, required: true, description: 'From the link in the mail or in Settings' })
  @Get('download')
  download(@Query() query: DataExportDownloadQueryDto, @CurrentUser() user: UserDto, @Res() res: Response): void {
    this.upstream.downloadExport(user.id, query.token, res);
  }
}
