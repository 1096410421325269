import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DataExport } from './data-export.entity';

/** The zip a finished job made: where it is kept and until when. */
export type MadeZip = Pick<DataExport, 'key' | 'size' | 'readyAt' | 'expiresAt'>;

/** The asks for "Download my data" as stored, and the zips they made. */
@Injectable()
export class DataExportsRepository {
  constructor(private readonly em: EntityManager) {}

  /** The person's last ask. */
  async latestOf(userId: number): Promise<DataExport | null> {
    return this.em.fork().findOne(DataExport, { userId }, { orderBy: { askedAt: 'desc' } });
  }

  async findById(id: string): Promise<DataExport | null> {
    return this.em.fork().findOne(DataExport, { id });
  }

  /** The ask only when it is this person's. */
  async findOf(userId: number, id: string): Promise<DataExport | null> {
    return this.em.fork().findOne(DataExport, { id, userId });
  }

  async add(job: DataExport): Promise<void> {
    await this.em.fork().persistAndFlush(job);
  }

  async markReady(id: string, zip: MadeZip): Promise<void> {
    await this.em.fork().nativeUpdate(DataExport, { id }, { state: 'ready', ...zip });
  }

  async markFailed(id: string): Promise<void> {
    await this.em.fork().nativeUpdate(DataExport, { id }, { state: 'failed' });
  }

  /** Up to `limit` jobs whose zip is still kept though its time ended by `now`. */
  async expiredZips(now: Date, limit: number): Promise<DataExport[]> {
    return this.em.fork().find(DataExport, { key: { $ne: null }, expiresAt: { $lte: now } }, { limit });
  }

  /** Notes that these jobs' zips are deleted. */
  async forgetZips(ids: string[]): Promise<void> {
    if (ids.length > 0) await this.em.fork().nativeUpdate(DataExport, { id: { $in: ids } }, { key: null });
  }
}
