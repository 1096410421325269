import { Controller, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AccountDeletionPatterns, UserIdDto, type ErasedPartDto } from '@app/contracts';
import { ObjectStorage } from '../storage/object-storage.repository';
import { MediaErasureRepository } from './media-erasure.repository';

const BATCH = 200;

/**
 * media-svc's part of deleting an account: every file the person uploaded (avatar, pictures and
 * voice notes in messages, seller media) and every zip of their data, from the bucket and the
 * records. Each object leaves the bucket before its record, so an answer cut short is finished
 * by the next ask.
 */
@Controller()
export class MediaErasureController {
  constructor(
    private readonly records: MediaErasureRepository,
    private readonly storage: ObjectStorage,
  ) {}

  @MessagePattern(AccountDeletionPatterns.EraseMedia)
  async erase(@Payload() { userId }: UserIdDto): Promise<ErasedPartDto> {
    let uploads = 0;
    for (;;) {
      const objects = await this.records.uploadsOf(userId, BATCH);
      for (const object of objects) await this.storage.remove(object.key);
      await this.records.forgetUploads(objects.map((object) => object.id));
      uploads += objects.length;
      if (objects.length < BATCH) break;
    }
    const exports = await this.records.exportsOf(userId);
    for (const job of exports) if (job.key) await this.storage.remove(job.key);
    await this.records.forgetExports(userId);
    return { erased: { uploads, exports: exports.length } };
  }
}

@Module({ controllers: [MediaErasureController], providers: [MediaErasureRepository] })
export class MediaErasureModule {}
