import { Global, Module } from '@nestjs/common';
import { EXTRA_HEALTH_CHECKS, type HealthChecks } from '@app/server';
import { MediaEnv, mediaEnv } from '../config/media-env';
import { ObjectStorage } from './object-storage.repository';

/** The bucket, and its place in the service's health report. */
@Global()
@Module({
  providers: [
    { provide: MediaEnv, useFactory: mediaEnv },
    ObjectStorage,
    {
      provide: EXTRA_HEALTH_CHECKS,
      inject: [ObjectStorage],
      useFactory: (storage: ObjectStorage): HealthChecks => ({ storage: () => storage.check() }),
    },
  ],
  exports: [MediaEnv, ObjectStorage, EXTRA_HEALTH_CHECKS],
})
export class StorageModule {}
