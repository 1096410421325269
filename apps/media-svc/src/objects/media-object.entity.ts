import { BigIntType, Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import type { MediaKind, UploadPurpose } from '@app/contracts';

/** One stored object: where it is, what it is, who uploaded it and for what. */
@Entity({ tableName: 'media_objects' })
export class MediaObject {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  /** The S3 object key, also the path under /media/. */
  @Property({ type: 'string', length: 200, unique: true })
  key!: string;

  @Index()
  @Property({ type: 'integer' })
  ownerId!: number;

  @Property({ type: 'string', length: 16 })
  purpose!: UploadPurpose;

  @Property({ type: 'string', length: 8 })
  kind!: MediaKind;

  @Property({ type: 'string', length: 8 })
  format!: string;

  @Property({ type: 'string', length: 64 })
  contentType!: string;

  @Property({ type: new BigIntType('number') })
  size!: number;

  @Property({ type: 'integer', nullable: true })
  width: number | null = null;

  @Property({ type: 'integer', nullable: true })
  height: number | null = null;

  @Property({ type: 'boolean' })
  animated = false;

  /** Voice notes: the length read from the audio. */
  @Property({ type: 'integer', nullable: true })
  durationMs: number | null = null;

  @Property({ type: 'string', length: 255 })
  originalName!: string;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  /** Link preview pictures: when it was last found still shown by a message. */
  @Property({ type: 'datetime', nullable: true })
  checkedAt: Date | null = null;
}
