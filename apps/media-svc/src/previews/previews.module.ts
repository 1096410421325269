import { Module } from '@nestjs/common';
import { MediaObjectsModule } from '../objects/media-objects.module';
import { PreviewImagesController } from './preview-images.controller';
import { PreviewImageSweeper } from './preview-image-sweeper.service';
import { PreviewImagesRepository } from './preview-images.repository';
import { PreviewImagesService } from './preview-images.service';

@Module({
  imports: [MediaObjectsModule],
  controllers: [PreviewImagesController],
  providers: [PreviewImagesService, PreviewImagesRepository, PreviewImageSweeper],
})
export class PreviewsModule {}
