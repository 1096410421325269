import { Module } from '@nestjs/common';
import { MediaObjectsModule } from '../objects/media-objects.module';
import { MediaServingController } from './media-serving.controller';

@Module({
  imports: [MediaObjectsModule],
  controllers: [MediaServingController],
})
export class ServingModule {}
