import { BigIntType, Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

export type DataExportJobState = 'asked' | 'ready' | 'failed';

/** One ask for "Download my data" and the zip it made. */
@Entity({ tableName: 'data_exports' })
@Index({ properties: ['userId', 'askedAt'] })
export class DataExport {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @Property({ type: 'integer' })
  userId!: number;

  @Property({ type: 'string', length: 8 })
  state: DataExportJobState = 'asked';

  @Property({ type: 'datetime' })
  askedAt: Date = new Date();

  @Property({ type: 'datetime', nullable: true })
  readyAt: Date | null = null;

  /** When the zip is deleted and its link stops working. */
  @Property({ type: 'datetime', nullable: true })
  expiresAt: Date | null = null;

  /** The zip's object key under exports/; null once deleted (or never made). */
  @Property({ type: 'string', length: 200, nullable: true })
  key: string | null = null;

  @Property({ type: new BigIntType('number'), nullable: true })
  size: number | null = null;
}
