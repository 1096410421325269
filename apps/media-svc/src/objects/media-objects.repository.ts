import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { MediaObject } from './media-object.entity';

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
}
