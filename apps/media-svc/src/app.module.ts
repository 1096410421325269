import { Module } from '@nestjs/common';
import { ServiceName } from '@app/contracts';
import { ServiceCoreModule } from '@app/server';
import { mediaEnv } from './config/media-env';
import { DataExport } from './exports/data-export.entity';
import { MediaErasureModule } from './deletion/media-erasure.controller';
import { DataExportsModule } from './exports/data-exports.module';
import { migrations } from './migrations';
import { MediaObject } from './objects/media-object.entity';
import { MediaObjectsModule } from './objects/media-objects.module';
import { PreviewsModule } from './previews/previews.module';
import { ServingModule } from './serving/serving.module';
import { StorageModule } from './storage/storage.module';
import { UploadsModule } from './uploads/uploads.module';

@Module({
  imports: [
    ServiceCoreModule.forRoot({
      service: ServiceName.Media,
      env: mediaEnv,
      databaseUrl: (env) => env.MEDIA_DATABASE_URL,
      entities: [MediaObject, DataExport],
      migrations,
    }),
    StorageModule,
    MediaObjectsModule,
    UploadsModule,
    PreviewsModule,
    ServingModule,
    DataExportsModule,
    MediaErasureModule,
  ],
})
export class AppModule {}
