import { Module } from '@nestjs/common';
import { MediaObjectsController } from './media-objects.controller';
import { MediaObjectsService } from './media-objects.service';

@Module({
  controllers: [MediaObjectsController],
  providers: [MediaObjectsService],
  exports: [MediaObjectsService],
})
export class MediaObjectsModule {}
