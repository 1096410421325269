import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DataExport } from '../exports/data-export.entity';
import { MediaObject } from '../objects/media-object.entity';

/** The records of what one person stored (uploads, data exports), read and forgotten for their account's erasure. */
@Injectable()
export class MediaErasureRepository {
  constructor(private readonly em: EntityManager) {}

  /** Up to `limit` of the person's uploads, in id order. */
  async uploadsOf(ownerId: number, limit: number): Promise<MediaObject[]> {
    return this.em.fork().find(MediaObject, { ownerId }, { limit, orderBy: { id: 'asc' } });
  }

  async forgetUploads(ids: string[]): Promise<void> {
    if (ids.length > 0) await this.em.fork().nativeDelete(MediaObject, { id: { $in: ids } });
  }

  async exportsOf(userId: number): Promise<DataExport[]> {
    return this.em.fork().find(DataExport, { userId });
  }

  async forgetExports(userId: number): Promise<void> {
    await this.em.fork().nativeDelete(DataExport, { userId });
  }
}
