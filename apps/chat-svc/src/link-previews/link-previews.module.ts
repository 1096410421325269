import { Module } from '@nestjs/common';
import { LinkPreviewCache } from './link-preview-cache';
import { LinkPreviewsController } from './link-previews.controller';
import { LinkPreviewsRepository } from './link-previews.repository';
import { LinkPreviewsService } from './link-previews.service';

@Module({
  controllers: [LinkPreviewsController],
  providers: [LinkPreviewsRepository, LinkPreviewCache, LinkPreviewsService],
  exports: [LinkPreviewsService],
})
export class LinkPreviewsModule {}
