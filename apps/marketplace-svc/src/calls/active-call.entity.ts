import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A person in an open call (ringing, accepted or connected), on either side. The primary key
 * is what holds "one call at a time" for buyers and sellers alike, across replicas and races:
 * a second row for the same user cannot be written.
 */
@Entity({ tableName: 'active_calls' })
export class ActiveCall {
  @PrimaryKey({ type: 'integer', autoincrement: false })
  userId!: number;

  @Index()
  @Property({ type: 'integer' })
  sessionId!: number;
}
