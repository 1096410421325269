import { Controller, Get, Logger, Query, Req, Res } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { codeOf, DataExportHeaders, DataExportPatterns, ErrorCode, UserIdDto, errorCodeForStatus, type DataExportStatusDto } from '@app/contracts';
import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { DataExportsService } from './data-exports.service';

/** The ask and the state of "Download my data", over NATS. */
@Controller()
export class DataExportsController {
  constructor(private readonly exports: DataExportsService) {}

  @MessagePattern(DataExportPatterns.Ask)
  ask(@Payload() { userId }: UserIdDto): Promise<DataExportStatusDto> {
    return this.exports.ask(userId);
  }

  @MessagePattern(DataExportPatterns.Status)
  status(@Payload() { userId }: UserIdDto): Promise<DataExportStatusDto> {
    return this.exports.status(userId);
  }
}

/**
 * Internal: the gateway streams a zip from here after checking the session; it names the
 * session's person in a header, and the link's signature must be theirs.
 */
@Controller()
export class DataExportDownloadController {
  private readonly logger = new Logger(DataExportDownloadController.name);

  constructor(private readonly exports: DataExportsService) {}

  @Get('exports/download')
  async download(@Query('token') token: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    const userId = Number(req.header(DataExportHeaders.UserId));
    if (!Number.isSafeInteger(userId) || userId <= 0 || typeof token !== 'string') {
      res.status(403).json({ error: 'Forbidden', code: ErrorCode.Forbidden, message: 'Not allowed' });
      return;
    }
    const outcome = await this.exports.download(userId, token);
    if (!outcome.ok) {
      const { refusal } = outcome;
      res.status(outcome.status).json({ error: outcome.status === 403 ? 'Forbidden' : 'Not Found', code: errorCodeForStatus(outcome.status), message: refusal.message, messageCode: codeOf(refusal) });
      return;
    }
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Length', String(outcome.size));
    res.setHeader('Content-Disposition', `attachment; filename="my-data-${outcome.askedAt.toISOString().slice(0, 10)}.zip"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    try {
      await pipeline(outcome.body, res);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') this.logger.error(`Cannot read a data export: ${(error as Error).message}`);
      res.destroy();
    }
  }
}
