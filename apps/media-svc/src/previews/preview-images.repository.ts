import { Injectable } from '@nestjs/common';
import { EntityManager, type Knex } from '@mikro-orm/postgresql';

export interface StoredPreviewImage {
  id: string;
  key: string;
}

/** The records of link preview pictures, as the sweep for those no message shows reads them. */
@Injectable()
export class PreviewImagesRepository {
  constructor(private readonly em: EntityManager) {}

  /** Pictures stored before `storedBefore`, those checked longest ago (or never) first. */
  async dueForCheck(storedBefore: Date, limit: number): Promise<StoredPreviewImage[]> {
    const { rows } = await this.knex().raw(
      `select id, key from media_objects where purpose = 'preview' and created_at < ? order by checked_at asc nulls first, created_at limit ?`,
      [storedBefore, limit],
    );
    return rows;
  }

  async markChecked(ids: string[], at: Date): Promise<void> {
    if (ids.length > 0) await this.knex().raw(`update media_objects set checked_at = ? where id = any(?::uuid[])`, [at, ids]);
  }

  async forget(ids: string[]): Promise<void> {
    if (ids.length > 0) await this.knex().raw(`delete from media_objects where id = any(?::uuid[]) and purpose = 'preview'`, [ids]);
  }

  private knex(): Knex {
    return this.em.getConnection().getKnex();
  }
}
