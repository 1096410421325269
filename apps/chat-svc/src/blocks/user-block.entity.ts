import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** One person blocking another. Private to the blocker: nothing tells the blocked person. */
@Entity({ tableName: 'user_blocks' })
export class UserBlock {
  @PrimaryKey({ type: 'integer', autoincrement: false })
  blockerId!: number;

  @PrimaryKey({ type: 'integer', autoincrement: false })
  blockedId!: number;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
