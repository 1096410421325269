import { Module } from '@nestjs/common';
import { MediaObjectsController } from './media-objects.controller';
import { MediaObjectsRepository } from './media-objects.repository';
import { MediaObjectsService } from './media-objects.service';

@Module({
  controllers: [MediaObjectsController],
  providers: [MediaObjectsService, MediaObjectsRepository],
  exports: [MediaObjectsRepository],
})
export class MediaObjectsModule {}
