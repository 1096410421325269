import { Module, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Express } from 'express';
import { GatewayEnv } from '../config/gateway-env';
import { DataExportController } from './data-export.controller';
import { MediaUploadController } from './media-upload.controller';
import { MediaUpstream } from './media-upstream';
import { UploadSlots } from './upload-slots';

/** Uploads and data exports under /api, and /media/... (outside /api) proxied from media-svc. */
@Module({
  controllers: [MediaUploadController, DataExportController],
  providers: [
    {
      provide: UploadSlots,
      inject: [GatewayEnv],
      useFactory: (env: GatewayEnv) =>
        new UploadSlots({ perUser: env.MEDIA_UPLOADS_PER_USER, perAddress: env.MEDIA_UPLOADS_PER_ADDRESS, total: env.MEDIA_UPLOAD_SOCKETS }),
    },
    MediaUpstream,
  ],
})
export class MediaModule implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly upstream: MediaUpstream,
  ) {}

  onModuleInit() {
    // Registered on the server itself: Nest's routes all live under the /api prefix.
    const server = this.adapterHost.httpAdapter.getInstance<Express>();
    server.get(/^\/media\/./, (req, res) => this.upstream.serve(req, res));
  }
}
