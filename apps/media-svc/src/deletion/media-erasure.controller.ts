import { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AccountDeletionPatterns, UserIdDto, type ErasedPartDto } from '@app/contracts';
import { DataExport } from '../exports/data-export.entity';
import { MediaObject } from '../objects/media-object.entity';
import { ObjectStorage } from '../storage/object-storage.repository';

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
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
  ) {}

  @MessagePattern(AccountDeletionPatterns.EraseMedia)
  async erase(@Payload() { userId }: UserIdDto): Promise<ErasedPartDto> {
    const em = this.em.fork();
    let uploads = 0;
    for (;;) {
      const objects = await em.find(MediaObject, { ownerId: userId }, { limit: BATCH, orderBy: { id: 'asc' } });
      for (const object of objects) await this.storage.remove(object.key);
      if (objects.length > 0) await em.nativeDelete(MediaObject, { id: { $in: objects.map((object) => object.id) } });
      uploads += objects.length;
      if (objects.length < BATCH) break;
    }
    const exports = await em.find(DataExport, { userId });
    for (const job of exports) if (job.key) await this.storage.remove(job.key);
    await em.nativeDelete(DataExport, { userId });
    return { erased: { uploads, exports: exports.length } };
  }
}

@Module({ controllers: [MediaErasureController] })
export class MediaErasureModule {}
