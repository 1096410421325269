import { Module } from '@nestjs/common';
import { MediaObjectsModule } from '../objects/media-objects.module';
import { UploadsController } from './uploads.controller';
import { UploadQuotas } from './upload-quotas';
import { UploadsService } from './uploads.service';

@Module({
  imports: [MediaObjectsModule],
  controllers: [UploadsController],
  providers: [UploadsService, UploadQuotas],
})
export class UploadsModule {}
