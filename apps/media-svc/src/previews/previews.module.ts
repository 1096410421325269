import { Module } from '@nestjs/common';
import { MediaObjectsModule } from '../objects/media-objects.module';
import { PreviewImagesController } from './preview-images.controller';
import { PreviewImagesService } from './preview-images.service';

@Module({
  imports: [MediaObjectsModule],
  controllers: [PreviewImagesController],
  providers: [PreviewImagesService],
})
export class PreviewsModule {}
