import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { MediaObject } from './media-object.entity';

/** An upload and its place in its owner's uploads, counted from 1. */
export interface NumberedUpload {
  seq: number;
  object: MediaObject;
}

/** The records of stored objects. */
@Injectable()
export class MediaObjectsRepository {
  constructor(private readonly em: EntityManager) {}

  /** Records the objects together: all or none. */
  async record(objects: MediaObject[]): Promise<void> {
    await this.em.fork().persistAndFlush(objects);
  }

  async findByKey(key: string): Promise<MediaObject | null> {
    return this.em.fork().findOne(MediaObject, { key });
  }

  /**
   * A person's uploads in a fixed order (when stored, then id), the `limit` after the one numbered
   * `after`; link preview pictures are left out (the server fetched them, nobody uploaded them).
   */
  async uploadsAfter(ownerId: number, after: number, limit: number): Promise<NumberedUpload[]> {
    const em = this.em.fork();
    const rows = await em.execute<Array<{ id: string; seq: string }>>(
      `select "id", "seq" from (
        select "id", row_number() over (order by "created_at", "id") as "seq" from "media_objects" where "owner_id" = ? and "purpose" <> 'preview'
      ) numbered where "seq" > ? order by "seq" limit ?`,
      [ownerId, after, limit],
    );
    const objects = new Map((await em.find(MediaObject, { id: { $in: rows.map((row) => row.id) } })).map((o) => [o.id, o]));
    return rows.flatMap((row) => {
      const object = objects.get(row.id);
      return object ? [{ seq: Number(row.seq), object }] : [];
    });
  }
}
